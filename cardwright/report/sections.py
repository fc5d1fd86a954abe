"""The sections of one store's report: summary, runs, matchups, turn order, lengths, cards,
the cards never played, and the games to look at. Every table and chart carries its CSV."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from urllib.parse import quote

from . import charts, summary
from .data import SMALL, CardImpact, GameRow, Rate, ReportData, seat_name
from .layout import Csv, Page, ci, num, pct

#: CSV columns of an interval, and of a rate: the rate, its interval, its games.
CI_HEAD = ["ci95_low", "ci95_high"]
RATE_HEAD = ["win_rate", *CI_HEAD, "games"]
DIFFERENCE_HEAD = ["difference", *(f"difference_{h}" for h in CI_HEAD)]

#: where ``cardwright serve`` listens by default: the games' "watch" links open its replay
#: viewer (the store mounted with ``--store``)
SERVER = "http://127.0.0.1:8000"


def prefixed(prefix: str, head: list[str]) -> list[str]:
    """CSV columns with a prefix: ``played_win_rate`` ..."""
    return [f"{prefix}_{h}" for h in head]


def rate_cells(rate: Rate) -> list[float | str | int]:
    lo, hi = rate.ci
    return [num(rate.value), num(lo), num(hi), rate.n]


def rate_html(rate: Rate) -> str:
    """``57.1% (32.6–78.4%, n=14)``: the interval and the games in grey."""
    return f"{pct(rate.value)} <span class='small'>({ci(rate)}, n={rate.n:,})</span>"


# ---------------------------------------------------------------------------- summary
def summary_items(data: ReportData, show_empty: int = 3) -> list[str]:
    """The summary's lines (HTML) about one store."""
    items = []
    pairs = summary.lopsided(data)
    if pairs:
        shown = "; ".join(
            f"<b>{escape(p.row)}</b> against {escape(p.col)}"
            f"{'' if len(data.player_counts) == 1 else f' ({p.players} players)'}: "
            f"{pct(p.rate.value)} ({ci(p.rate)}, n={p.rate.n:,})"
            f"{'' if p.clear else ' <span class=small>(within luck)</span>'}"
            for p in pairs
        )
        clear = sum(1 for p in pairs if p.clear)
        items.append(
            f"<b>Most lopsided pairings</b> (of {SMALL} games or more; {clear} of these "
            f'leave the fair share outside their interval): {shown}. <a href="#matchups">'
            "Matchups</a>."
        )
    else:
        items.append(
            f"<b>Most lopsided pairings</b>: no matchup has {SMALL} games yet; see the cells "
            "that need more games."
        )
    for t in summary.thin(data):
        where = f"{t.players} players, by {escape(t.noun)}"
        if not t.small and not t.empty:
            items.append(
                f"<b>Enough games</b> ({where}): all {t.cells:,} matchups have {SMALL} or more."
            )
            continue
        said = []
        if t.empty:
            shown = "; ".join(t.empty[:show_empty]) + ("; …" if len(t.empty) > show_empty else "")
            said.append(f"{len(t.empty):,} have no game yet ({escape(shown)})")
        if t.small:
            said.append(
                f"{t.small:,} have fewer than {SMALL} (faded in the matrices), the fewest "
                f"{t.smallest:,} ({escape('; '.join(t.names))})"
            )
        more = (
            f" About {t.more:,} more games dealt as these {t.games:,} were would give each "
            f"matchup with games {SMALL}."
            if t.more
            else ""
        )
        items.append(
            f"<b>Needs more games</b> ({where}): of {t.pairings:,} matchups"
            f"{' between those that played' if t.empty else ''}, {' and '.join(said)}.{more}"
        )
    for f in summary.first_player(data):
        verdict = "more than luck" if f.clear else "within luck"
        items.append(
            f"<b>Going first</b> ({f.players} players): the first to play wins "
            f"{pct(f.rate.value)} ({ci(f.rate)}, n={f.rate.n:,}), {f.edge:+.1%} against a "
            f'fair {f.fair:.0%}: {verdict}. <a href="#turn-order">Turn order</a>.'
        )
    for players, (top, best), (bottom, worst) in summary.extremes(data):
        items.append(
            f"<b>Strongest and weakest {escape(data.hooks.noun)}</b> ({players} players, "
            f"{SMALL}+ games): {escape(top)} {pct(best.value)} ({ci(best)}); {escape(bottom)} "
            f"{pct(worst.value)} ({ci(worst)})."
        )
    if data.never_played:
        names = ", ".join(escape(n.card) for n in data.never_played[:6])
        more = "…" if len(data.never_played) > 6 else ""
        items.append(
            f"<b>Cards never played</b>: {len(data.never_played):,} ({names}{more}). "
            '<a href="#never-played">The list</a>.'
        )
    elif data.holdings:
        items.append("<b>Cards never played</b>: none; every card of every deck was played.")
    return items


# ---------------------------------------------------------------------------- runs
def runs(page: Page, data: ReportData) -> None:
    page.add('<h2 id="runs">Runs: the numbers of <code>simulate</code></h2>')
    page.add(
        '<p class="how">Each run is one <code>cardwright simulate --out</code>; its table is '
        "what <code>simulate --json</code> prints for the same seed (win rate per player with "
        "95% Wilson intervals; a draw counts half).</p>"
    )
    if data.derived_runs:
        page.add(
            '<p class="how">The store did not record the cards of run(s) '
            f"{', '.join(map(str, data.derived_runs))} (it was written by an older Cardwright): "
            "their decks' cards come from this Cardwright's card data.</p>"
        )
    csv_rows = []
    for run in data.runs:
        s = run["summary"]
        players = len(s["seats"])
        config = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(s["config"].items()))
        page.add(
            f"<p><b>Run {run['run']}</b>: {s['games']:,} games, agents "
            f"{escape(' vs '.join(s['agents']))}, seed {s['seed']}"
            f"{escape('; ' + config) if config else ''}; draws {s['draws']:,}; mean length "
            f"{s['mean_turns']} turns, {s['mean_decisions']} decisions "
            f'<span class="small">(Cardwright {escape(run["cardwright"])})</span></p>'
        )
        rows = []
        for seat in s["seats"]:
            name = seat_name(data, players, seat["seat"])
            rows.append(
                [
                    escape(name),
                    escape(seat["agent"]),
                    f"{seat['wins']:,}",
                    f"{seat['win_rate']:.1%}",
                    f"{seat['score_rate']:.1%}",
                    f"{seat['ci95'][0]:.1%}–{seat['ci95'][1]:.1%}",
                ]
            )
            csv_rows.append(
                [
                    run["run"],
                    name,
                    seat["agent"],
                    seat["wins"],
                    s["games"],
                    seat["win_rate"],
                    seat["score_rate"],
                    *seat["ci95"],
                ]
            )
        head = ["player", "agent", "wins", "win rate", "score rate", "95% interval"]
        page.table(
            head,
            rows,
            Csv(
                f"run-{run['run']}",
                ["run", "player", "agent", "wins", "games", "win_rate", "score_rate", *CI_HEAD],
                csv_rows[-players:],
            ),
        )


# ---------------------------------------------------------------------------- matchups
def _matrix_csv(name: str, noun: str, cells: dict[tuple[str, str], Rate]) -> Csv:
    return Csv(
        name,
        [noun, "against", *RATE_HEAD],
        [[row, col, *rate_cells(r)] for (row, col), r in sorted(cells.items())],
    )


def _groups_csv(name: str, noun: str, rates: dict[str, Rate]) -> Csv:
    return Csv(name, [noun, *RATE_HEAD], [[d, *rate_cells(r)] for d, r in sorted(rates.items())])


def decks(page: Page, data: ReportData) -> None:
    noun = data.hooks.noun
    page.add(f'<h2 id="matchups">Which {escape(noun)} is too strong</h2>')
    page.add(
        f'<p class="how">A cell is the row {escape(noun)}\'s win rate in games where the column '
        f"{escape(noun)} sat at the table, with its number of games n (hover for the 95% "
        f"interval); blue is above the fair share, red below; a cell of fewer than {SMALL} "
        "games is faded, however high or low its rate. Rows are ranked by overall win rate. "
        f"Agents: {escape('; '.join(data.agents))}.</p>"
    )
    _matchup_charts(page, "", noun, data.groups, data.matrix)
    part = data.hooks.part_noun
    if data.part_groups:
        page.add(
            f"<h3>By {escape(part)}</h3>"
            f'<p class="how">The same with each {escape(noun)} counted once for each of its '
            f"{escape(part)}s: a {escape(part)}'s win rate over every {escape(noun)} that holds "
            f"it, and against every {escape(part)} across the table. Far fewer games fill "
            "these cells.</p>"
        )
        _matchup_charts(page, "part-", part, data.part_groups, data.part_matrix)


def _matchup_charts(
    page: Page,
    prefix: str,
    noun: str,
    groups: dict[int, dict[str, Rate]],
    matrices: dict[int, dict[tuple[str, str], Rate]],
) -> None:
    """Per player count, the matrix and each one's win rate (by deck, or by part)."""
    by = f"by-{noun}-" if prefix else ""
    for players in sorted(groups):
        rates, cells = groups[players], matrices[players]
        page.chart(
            f"{prefix}matrix-{players}",
            charts.matrix(rates, cells, players, noun),
            _matrix_csv(f"matchups-{by}{players}p", noun, cells),
        )
        page.chart(
            f"{prefix}groups-{players}",
            charts.groups(rates, players, noun),
            _groups_csv(f"win-rates-{by}{players}p", noun, rates),
        )


# ---------------------------------------------------------------------------- turn order
def first(page: Page, data: ReportData) -> None:
    page.add('<h2 id="turn-order">How much going first is worth</h2>')
    lines = []
    for f in summary.first_player(data):
        lines.append(
            f"{f.players} players: the first to play wins {pct(f.rate.value)} "
            f"({ci(f.rate)}, {f.rate.n:,} games), {f.edge:+.1%} against a fair {f.fair:.0%}"
        )
    page.add(f'<p class="how">{escape("; ".join(lines))}.</p>')
    rows = [
        [players, order + 1, *rate_cells(rate)]
        for players, rates in sorted(data.first_seat.items())
        for order, rate in enumerate(rates)
    ]
    page.chart(
        "first-seat",
        charts.first_seat(data),
        Csv("turn-order", ["players", "position_in_turn_order", *RATE_HEAD], rows),
    )


def lengths(page: Page, data: ReportData) -> None:
    page.add('<h2 id="length">How long games run and when they are decided</h2>')
    page.add(
        '<p class="how">Bars: the share of games that lasted that many turns; the lighter bars: '
        f"the turn from which the eventual winner stayed strictly ahead in "
        f"{escape(data.score_key or 'score')} to the end (the last turn if never).</p>"
    )
    rows = []
    for players, ended in sorted(data.lengths.items()):
        decided = data.decided.get(players, {})
        for turn in sorted(ended.keys() | decided.keys()):
            rows.append([players, turn, ended.get(turn, 0), decided.get(turn, 0)])
    page.chart(
        "lengths",
        charts.lengths(data),
        Csv("lengths", ["players", "turn", "games_that_ended", "games_decided"], rows),
    )
    if data.score_curves:
        page.chart(
            "scores",
            charts.scores(data),
            Csv(
                "scores",
                ["players", "seats", "turn", f"mean_{data.score_key}", *CI_HEAD, "games"],
                [
                    [
                        players,
                        "eventual winner" if winner else "other seats",
                        t,
                        num(m),
                        num(lo),
                        num(hi),
                        n,
                    ]
                    for players, curves in sorted(data.score_curves.items())
                    for winner, curve in sorted(curves.items(), reverse=True)
                    for t, m, lo, hi, n in curve
                ],
            ),
        )


# ---------------------------------------------------------------------------- cards
def cards(page: Page, data: ReportData) -> None:
    page.add('<h2 id="card-impact">Which cards win games</h2>')
    page.add(
        '<p class="how">For each card: among the games of the decks that hold it, the win rate '
        "of the seats that played it at least once against those that did not, with Newcombe's "
        "95% interval for the difference. A card played mostly in long games, or only when "
        "already winning, shows a difference that it did not cause: read it as a pointer to "
        f'games worth watching. <span class="flag">small</span> marks fewer than {SMALL} games '
        "on either side.</p>"
    )
    page.chart("cards", charts.cards(data))
    ranked = sorted(data.cards, key=_card_order)
    page.table(
        [
            "card",
            "held by",
            "play rate",
            "won when played",
            "won when not",
            "difference",
        ],
        [_card_row(c, data) for c in ranked],
        Csv(
            "cards",
            [
                "card",
                "decks",
                "play_rate",
                *prefixed("played", RATE_HEAD),
                *prefixed("not_played", RATE_HEAD),
                *DIFFERENCE_HEAD,
            ],
            [
                [
                    c.card,
                    "; ".join(c.decks),
                    num(c.play_rate),
                    *rate_cells(c.played),
                    *rate_cells(c.not_played),
                    *map(num, c.impact),
                ]
                for c in ranked
            ],
        ),
        scroll=True,
    )
    never(page, data)


def _card_order(c: CardImpact) -> tuple[bool, float, str]:
    d = c.impact[0]
    return (d != d, -d if d == d else 0.0, c.card)


def _decks_text(decks: list[str], shown: int = 3) -> str:
    return ", ".join(decks[:shown]) + (
        f" and {len(decks) - shown} more" if len(decks) > shown else ""
    )


def holders(decks: list[str], data: ReportData) -> str:
    """The decks holding a card, shortened: for decks made of parts, the parts all of them
    share (a Smash Up card's faction rather than every pair that holds it)."""
    parts = data.hooks.parts
    if parts is not None and decks:
        common = set(parts(decks[0])).intersection(*(parts(d) for d in decks[1:]))
        if common:
            return ", ".join(sorted(common))
    return _decks_text(decks)


def _card_row(c: CardImpact, data: ReportData) -> list[str]:
    d, lo, hi = c.impact
    flag = ' <span class="flag">small</span>' if c.small else ""
    return [
        escape(c.card) + flag,
        escape(holders(c.decks, data)),
        pct(c.play_rate),
        rate_html(c.played),
        rate_html(c.not_played),
        "–" if d != d else f"{d:+.1%} <span class='small'>({lo:+.1%} to {hi:+.1%})</span>",
    ]


def never(page: Page, data: ReportData) -> None:
    page.add('<h3 id="never-played">Cards never played</h3>')
    if not data.holdings:
        page.add('<p class="how">This game does not list its decks\' cards to the report.</p>')
        return
    page.add(
        '<p class="how">Cards that a deck held but no seat playing that deck ever played, with '
        "the number of seat-games of those decks (a card unplayed in 3 games says less than "
        "one unplayed in 3,000). An agent that never plays a card may not know how to use it.</p>"
    )
    if not data.never_played:
        page.add('<p class="how">None: every card of every deck was played.</p>')
    page.table(
        ["card", "held by", "seat-games"],
        [
            [escape(n.card), escape(holders(n.decks, data)), f"{n.seat_games:,}"]
            for n in data.never_played
        ],
        Csv(
            "never-played",
            ["card", "decks", "seat_games"],
            [[n.card, "; ".join(n.decks), n.seat_games] for n in data.never_played],
        ),
        scroll=True,
    )


# ---------------------------------------------------------------------------- games
def games(page: Page, data: ReportData) -> None:
    page.add('<h2 id="games">Games to look at</h2>')
    page.add(
        '<p class="how">Replay and read any of them with the command beside it (the log cites '
        "the rule behind every event), or watch it step by step in the browser: with "
        f"<code>cardwright serve --store {escape(data.store)}</code> running, its <i>watch</i> "
        f"link opens the replay viewer. The winner's {escape(data.hooks.noun)} is in green.</p>"
    )
    for name, title, rows in (
        ("lopsided", f"Most lopsided (winner's {data.score_key} lead at the end)", data.lopsided),
        ("longest", "Longest", data.longest),
    ):
        page.add(f"<h3>{escape(title)}</h3>")
        page.table(
            ["game", _seats_head(data, rows), "turns", "margin", "result", "replay"],
            [_game_row(g, data.store) for g in rows],
            Csv(
                f"games-{name}",
                ["game", "decks", "winners", "turns", "margin", "result", "command"],
                [
                    [
                        g.game_no,
                        "; ".join(g.decks),
                        "; ".join(seat_name(data, len(g.decks), w) for w in g.winners),
                        g.turns,
                        "" if g.margin is None else g.margin,
                        g.reason,
                        _command(g, data.store),
                    ]
                    for g in rows
                ],
            ),
        )


def _seats_head(data: ReportData, rows: list[GameRow]) -> str:
    counts = sorted({len(g.decks) for g in rows})
    if len(counts) == 1:
        names = [seat_name(data, counts[0], s) for s in range(counts[0])]
        return f"{escape(data.hooks.noun)} of {escape(' vs '.join(names))}"
    return f"{escape(data.hooks.noun)} of each player in seat order"


def _command(g: GameRow, store: str) -> str:
    return f"cardwright explain --from {store} --game {g.game_no}"


def _game_row(g: GameRow, store: str) -> list[str]:
    decks = " vs ".join(
        f'<b class="win">{escape(d)}</b>' if i in g.winners else escape(d)
        for i, d in enumerate(g.decks)
    )
    margin = "" if g.margin is None else f"{g.margin:g}"
    name = quote(Path(store).name.removesuffix(".duckdb"), safe="")
    watch = f"{SERVER}/replay/store/{name}/{g.game_no}"
    return [
        str(g.game_no),
        decks,
        str(g.turns),
        margin,
        escape(g.reason),
        f'<code>{escape(_command(g, store))}</code> <a href="{escape(watch)}">watch</a>',
    ]
