"""The report as one self-contained HTML page: Plotly's JavaScript inlined once, every chart
and table in the page, no request to any other file or host (it opens offline).

The numbers behind the page are also embedded as JSON (``<script type="application/json"
id="report-data">``) for programs and tests.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

import plotly.graph_objects as go
from plotly.offline import get_plotlyjs

from . import charts
from .data import CardImpact, GameRow, Rate, ReportData

#: where ``cardwright serve`` listens by default: the games' "watch" links open its replay
#: viewer (the store mounted with ``--store``)
SERVER = "http://127.0.0.1:8000"

CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0;
  color: #1d2330; background: #f5f6f8; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 60px; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 34px 0 6px; padding-top: 10px; border-top: 1px solid #dde1e7; }
p.lead { color: #4a5263; margin: 0 0 14px; }
p.how { color: #4a5263; margin: 4px 0 10px; max-width: 900px; }
.chart { background: #fff; border: 1px solid #e1e4ea; border-radius: 6px; margin: 10px 0;
  padding: 6px; }
table { border-collapse: collapse; background: #fff; font-size: 13px; margin: 8px 0; }
th, td { padding: 4px 9px; border-bottom: 1px solid #e6e8ee; text-align: left; white-space: nowrap;
  vertical-align: top; }
th { background: #eef0f4; font-weight: 600; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.scroll { max-height: 560px; overflow: auto; border: 1px solid #e1e4ea; border-radius: 6px; }
.small { color: #8a93a5; }
.flag { font-size: 11px; color: #9a5b00; background: #fff3d6; border-radius: 3px;
  padding: 0 4px; white-space: nowrap; }
code { font-size: 12px; background: #eef0f4; padding: 1px 4px; border-radius: 3px;
  white-space: nowrap; }
nav a { margin-right: 14px; color: #3366cc; text-decoration: none; }
b.win { color: #1e7d52; }
"""


def _pct(x: float) -> str:
    return charts.pct(x)


def _ci(rate: Rate) -> str:
    lo, hi = rate.ci
    return f"{_pct(lo)}–{_pct(hi)}"


class Page:
    """Sections of HTML, and the charts drawn in them (their ids, for the browser test)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.chart_ids: list[str] = []

    def add(self, html: str) -> None:
        self.parts.append(html)

    def chart(self, chart_id: str, fig: go.Figure) -> None:
        self.chart_ids.append(chart_id)
        body = fig.to_html(
            full_html=False,
            include_plotlyjs=False,
            div_id=f"chart-{chart_id}",  # never the id of a section
            config={"displaylogo": False, "responsive": True},
        )
        self.add(f'<div class="chart" data-chart="{chart_id}">{body}</div>')

    def table(self, head: list[str], rows: list[list[str]], *, scroll: bool = False) -> None:
        """A table; cells are HTML (escape text before)."""
        th = "".join(f"<th>{h}</th>" for h in head)
        body = "".join("<tr>" + "".join(rows_cell(c) for c in row) + "</tr>" for row in rows)
        table = f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
        self.add(f'<div class="scroll">{table}</div>' if scroll else table)


def rows_cell(cell: str) -> str:
    """A numeric-looking cell is right-aligned."""
    plain = cell.replace(",", "").replace("%", "").replace("+", "").replace("−", "-")
    numeric = plain.replace(".", "", 1).lstrip("-").isdigit()
    return f'<td class="num">{cell}</td>' if numeric else f"<td>{cell}</td>"


def _runs(page: Page, data: ReportData) -> None:
    page.add('<h2 id="runs">Runs: the numbers of <code>simulate</code></h2>')
    page.add(
        '<p class="how">Each run is one <code>cardwright simulate --out</code>; its table is '
        "what <code>simulate --json</code> prints for the same seed (win rate per seat with "
        "95% Wilson intervals; a draw counts half).</p>"
    )
    for run in data.runs:
        s = run["summary"]
        config = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(s["config"].items()))
        page.add(
            f"<p><b>Run {run['run']}</b>: {s['games']:,} games, agents "
            f"{escape(' vs '.join(s['agents']))}, seed {s['seed']}"
            f"{escape('; ' + config) if config else ''}; draws {s['draws']:,}; mean length "
            f"{s['mean_turns']} turns, {s['mean_decisions']} decisions "
            f'<span class="small">(Cardwright {escape(run["cardwright"])})</span></p>'
        )
        rows = [
            [
                str(seat["seat"]),
                escape(seat["agent"]),
                f"{seat['wins']:,}",
                f"{seat['win_rate']:.1%}",
                f"{seat['score_rate']:.1%}",
                f"{seat['ci95'][0]:.1%}–{seat['ci95'][1]:.1%}",
            ]
            for seat in s["seats"]
        ]
        page.table(["seat", "agent", "wins", "win rate", "score rate", "95% interval"], rows)


def _decks(page: Page, data: ReportData) -> None:
    noun = data.hooks.noun
    page.add(f'<h2 id="matchups">Which {escape(noun)} is too strong</h2>')
    agents = sorted({" vs ".join(r["summary"]["agents"]) for r in data.runs})
    page.add(
        f'<p class="how">A cell is the row {escape(noun)}\'s win rate in games where the column '
        f"{escape(noun)} sat at the table (hover for the 95% interval and the number of games); "
        "blue is above the fair share, red below. Rows are ranked by overall win rate. "
        f"Agents: {escape('; '.join(agents))}.</p>"
    )
    for players in data.player_counts:
        rates = data.groups[players]
        page.chart(f"matrix-{players}", charts.matrix(rates, data.matrix[players], players, noun))
        page.chart(f"groups-{players}", charts.groups(rates, players, noun))
    part = data.hooks.part_noun
    if data.part_groups:
        page.add(
            f"<h3>By {escape(part)}</h3>"
            f'<p class="how">The same with each {escape(noun)} counted once for each of its '
            f"{escape(part)}s: a {escape(part)}'s win rate over every {escape(noun)} that holds "
            f"it, and against every {escape(part)} across the table. Far fewer games fill "
            "these cells.</p>"
        )
    for players in sorted(data.part_groups):
        rates = data.part_groups[players]
        cells = data.part_matrix[players]
        page.chart(f"part-matrix-{players}", charts.matrix(rates, cells, players, part))
        page.chart(f"part-groups-{players}", charts.groups(rates, players, part))


def _first(page: Page, data: ReportData) -> None:
    page.add('<h2 id="turn-order">How much going first is worth</h2>')
    lines = []
    for players in sorted(data.first_seat):
        first = data.first_seat[players][0]
        if first.n:
            edge = first.value - 1 / players
            lines.append(
                f"{players} players: the first to play wins {_pct(first.value)} "
                f"({_ci(first)}, {first.n:,} games), {edge:+.1%} against a fair "
                f"{1 / players:.0%}"
            )
    page.add(f'<p class="how">{escape("; ".join(lines))}.</p>')
    page.chart("first-seat", charts.first_seat(data))


def _lengths(page: Page, data: ReportData) -> None:
    page.add('<h2 id="length">How long games run and when they are decided</h2>')
    page.add(
        '<p class="how">Bars: the share of games that lasted that many turns; the lighter bars: '
        f"the turn from which the eventual winner stayed strictly ahead in "
        f"{escape(data.score_key or 'score')} to the end (the last turn if never).</p>"
    )
    page.chart("lengths", charts.lengths(data))
    if data.score_curves:
        page.chart("scores", charts.scores(data))


def _cards(page: Page, data: ReportData) -> None:
    page.add('<h2 id="card-impact">Which cards win games</h2>')
    page.add(
        '<p class="how">For each card: among the games of the decks that hold it, the win rate '
        "of the seats that played it at least once against those that did not, with Newcombe's "
        "95% interval for the difference. A card played mostly in long games, or only when "
        "already winning, shows a difference that it did not cause: read it as a pointer to "
        'games worth watching. <span class="flag">small</span> marks fewer than 30 games on '
        "either side.</p>"
    )
    page.chart("cards", charts.cards(data))
    ranked = sorted(data.cards, key=_card_order)
    rows = [_card_row(c) for c in ranked]
    page.table(
        [
            "card",
            data.hooks.noun,
            "play rate",
            "won when played",
            "95%",
            "games",
            "won when not",
            "95%",
            "games",
            "difference",
            "95%",
        ],
        rows,
        scroll=True,
    )


def _card_order(c: CardImpact) -> tuple[bool, float, str]:
    d = c.impact[0]
    return (d != d, -d if d == d else 0.0, c.card)


def _card_row(c: CardImpact) -> list[str]:
    d, lo, hi = c.impact
    flag = ' <span class="flag">small</span>' if c.small else ""
    decks = ", ".join(c.decks[:3]) + ("…" if len(c.decks) > 3 else "")
    return [
        escape(c.card) + flag,
        escape(decks),
        _pct(c.play_rate),
        _pct(c.played.value),
        _ci(c.played),
        f"{c.played.n:,}",
        _pct(c.not_played.value),
        _ci(c.not_played),
        f"{c.not_played.n:,}",
        "–" if d != d else f"{d:+.1%}",
        "–" if d != d else f"{lo:+.1%} to {hi:+.1%}",
    ]


def _games(page: Page, data: ReportData, store: str) -> None:
    page.add('<h2 id="games">Games to look at</h2>')
    page.add(
        '<p class="how">Replay and read any of them with the command beside it (the log cites '
        "the rule behind every event), or watch it step by step in the browser: with "
        f"<code>cardwright serve --store {escape(store)}</code> running, its <i>watch</i> link "
        "opens the replay viewer.</p>"
    )
    for title, games in (
        (f"Most lopsided (winner's {data.score_key} lead at the end)", data.lopsided),
        ("Longest", data.longest),
    ):
        page.add(f"<h3>{escape(title)}</h3>")
        page.table(
            ["game", data.hooks.noun + " per seat", "turns", "margin", "result", "replay"],
            [_game_row(g, store) for g in games],
        )


def _game_row(g: GameRow, store: str) -> list[str]:
    decks = " vs ".join(
        f'<b class="win">{escape(d)}</b>' if i in g.winners else escape(d)
        for i, d in enumerate(g.decks)
    )
    margin = "" if g.margin is None else f"{g.margin:g}"
    command = f"cardwright explain --from {store} --game {g.game_no}"
    name = quote(Path(store).name.removesuffix(".duckdb"), safe="")
    watch = f"{SERVER}/replay/store/{name}/{g.game_no}"
    return [
        str(g.game_no),
        decks,
        str(g.turns),
        margin,
        escape(g.reason),
        f'<code>{escape(command)}</code> <a href="{escape(watch)}">watch</a>',
    ]


def _numbers(data: ReportData) -> dict[str, Any]:
    """The page's numbers as JSON (rates as ``{rate, n, ci95}``)."""
    return {
        "game": data.game,
        "games": data.games,
        "runs": data.runs,
        "groups": {
            str(p): {deck: r.as_json() for deck, r in decks.items()}
            for p, decks in data.groups.items()
        },
        "part_groups": {
            str(p): {part: r.as_json() for part, r in parts.items()}
            for p, parts in data.part_groups.items()
        },
        "first_seat": {
            str(p): [r.as_json() for r in rates] for p, rates in data.first_seat.items()
        },
        "cards": [
            {
                "card": c.card,
                "decks": c.decks,
                "played": c.played.as_json(),
                "not_played": c.not_played.as_json(),
            }
            for c in data.cards
        ],
        "lopsided": [g.game_no for g in data.lopsided],
        "longest": [g.game_no for g in data.longest],
    }


def render(data: ReportData, store: str) -> tuple[str, list[str]]:
    """The whole page, and the ids of its charts."""
    page = Page()
    runs = len(data.runs)
    page.add(f"<h1>{escape(data.title)}: balance report</h1>")
    page.add(
        f'<p class="lead">{data.games:,} games from <code>{escape(store)}</code> '
        f"({runs} run{'s' if runs != 1 else ''}); grouped by {escape(data.hooks.noun)}.</p>"
    )
    page.add(
        '<nav><a href="#runs">runs</a><a href="#matchups">matchups</a>'
        '<a href="#turn-order">turn order</a><a href="#length">length</a>'
        '<a href="#card-impact">cards</a><a href="#games">games</a></nav>'
    )
    _runs(page, data)
    _decks(page, data)
    _first(page, data)
    _lengths(page, data)
    _cards(page, data)
    _games(page, data, store)
    numbers = json.dumps(_numbers(data), sort_keys=True).replace("</", "<\\/")
    html = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(data.title)} balance report</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{CSS}</style>"
        f'<script type="text/javascript">{get_plotlyjs()}</script></head>'
        f"<body><main>{''.join(page.parts)}</main>"
        f'<script type="application/json" id="report-data">{numbers}</script>'
        "</body></html>\n"
    )
    return html, page.chart_ids
