"""The report's numbers: SQL over the game store, gathered into plain values.

Every rate is a seat's *score rate* as ``simulate`` counts it: a game won alone counts 1, a
draw (no winner) 1/2, anything else 0; every interval is the 95% Wilson interval of
:func:`cardwright.analysis.stats.wilson_interval`, and a difference of two rates gets
Newcombe's interval built from the two Wilson intervals
(:func:`cardwright.analysis.stats.newcombe_interval`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import duckdb

from cardwright.analysis.stats import Z95, newcombe_interval, summarize, wilson_interval
from cardwright.core.errors import DataError
from cardwright.games.reporting import ReportHooks
from cardwright.sim.runner import Batch, GameOutcome
from cardwright.sim.store import CARDS_SINCE, version_of

#: Below this many games a rate is flagged as a small sample.
SMALL = 30


@dataclass(frozen=True)
class Rate:
    """A score rate over ``n`` seat-games with its 95% interval."""

    score: float
    n: int

    @property
    def value(self) -> float:
        return self.score / self.n if self.n else math.nan

    @property
    def ci(self) -> tuple[float, float]:
        return wilson_interval(self.score, self.n)

    @property
    def small(self) -> bool:
        return self.n < SMALL

    def as_json(self) -> dict[str, Any]:
        lo, hi = self.ci
        return {"rate": round(self.value, 4), "n": self.n, "ci95": [round(lo, 4), round(hi, 4)]}


def difference(a: Rate, b: Rate) -> tuple[float, float, float]:
    """``a - b`` with Newcombe's 95% interval (method 10, from the two Wilson intervals)."""
    return newcombe_interval(a.score, a.n, b.score, b.n)


@dataclass
class CardImpact:
    card: str
    decks: list[str]
    played: Rate  # score rate of the seat-games in which the card was played
    not_played: Rate  # ... of the seat-games of the same decks in which it was not

    @property
    def play_rate(self) -> float:
        total = self.played.n + self.not_played.n
        return self.played.n / total if total else math.nan

    @property
    def impact(self) -> tuple[float, float, float]:
        return difference(self.played, self.not_played)

    @property
    def small(self) -> bool:
        return self.played.small or self.not_played.small


@dataclass(frozen=True)
class Version:
    """A card as one deck held it: its name in the log, copies, and facts (JSON)."""

    card: str
    copies: int
    facts: str


@dataclass
class NeverPlayed:
    """A card that no seat of some decks holding it ever played."""

    card: str
    decks: list[str]
    seat_games: int  # the seat-games of those decks


@dataclass
class GameRow:
    """A game picked out for a closer look."""

    game_no: int
    decks: list[str]
    agents: list[str]
    winners: list[int]
    turns: int
    decisions: int
    margin: float | None
    reason: str


@dataclass
class ReportData:
    game: str
    title: str
    hooks: ReportHooks
    games: int
    runs: list[dict[str, Any]]  # each run's metadata and its simulate --json summary
    player_counts: list[int]
    groups: dict[int, dict[str, Rate]] = field(default_factory=dict)  # players -> deck -> rate
    matrix: dict[int, dict[tuple[str, str], Rate]] = field(default_factory=dict)
    # the same by part of a deck (hooks.parts: Smash Up's factions), else empty
    part_groups: dict[int, dict[str, Rate]] = field(default_factory=dict)
    part_matrix: dict[int, dict[tuple[str, str], Rate]] = field(default_factory=dict)
    first_seat: dict[int, list[Rate]] = field(default_factory=dict)  # players -> turn order
    lengths: dict[int, dict[int, int]] = field(default_factory=dict)  # players -> turns -> games
    decided: dict[int, dict[int, int]] = field(default_factory=dict)  # ... lead kept from turn
    score_key: str = ""
    # players -> winner? -> [(turn, mean, low, high, n)]
    score_curves: dict[int, dict[bool, list[tuple[int, float, float, float, int]]]] = field(
        default_factory=dict
    )
    cards: list[CardImpact] = field(default_factory=list)
    lopsided: list[GameRow] = field(default_factory=list)
    longest: list[GameRow] = field(default_factory=list)
    # players -> each seat's name (the games' own names for seats: "Player 1" ...)
    seat_names: dict[int, list[str]] = field(default_factory=dict)
    # what each deck held: (deck, card name across versions) -> versions (several when the
    # selected runs held different versions); runs whose cards the store did not record
    # (older stores) get them from this Cardwright's card data, listed in ``derived_runs``
    holdings: dict[tuple[str, str], set[Version]] = field(default_factory=dict)
    derived_runs: list[int] = field(default_factory=list)
    never_played: list[NeverPlayed] = field(default_factory=list)
    # the card impact again with each card's versions together (by name across versions)
    cards_by_name: list[CardImpact] = field(default_factory=list)
    # the settings that are the same in every game but may differ from another store: rule
    # options of the games' configs (key -> values), agents (one "a vs b" per run)
    options: dict[str, list[Any]] = field(default_factory=dict)
    agents: list[str] = field(default_factory=list)
    store: str = ""  # how the page names the store
    selection: list[int] | None = None  # the runs asked for (None: all)

    def mean_length(self, players: int | None = None) -> tuple[float, float, int]:
        """Mean and sample variance of the game length in turns, and the number of games
        (at one player count, or all)."""
        counts: dict[int, int] = {}
        for p, lengths in self.lengths.items():
            if players is None or p == players:
                for turns, n in lengths.items():
                    counts[turns] = counts.get(turns, 0) + n
        n = sum(counts.values())
        if not n:
            return (math.nan, math.nan, 0)
        mean = sum(t * k for t, k in counts.items()) / n
        var = sum(k * (t - mean) ** 2 for t, k in counts.items()) / (n - 1) if n > 1 else 0.0
        return (mean, var, n)


def _select(con: duckdb.DuckDBPyConnection, game: str, runs: list[int] | None) -> None:
    """Temporary tables of the games (and their seats) the report covers."""
    where = "game = $game" + (" AND list_contains($runs, run)" if runs else "")
    params: dict[str, Any] = {"game": game}
    if runs:
        params["runs"] = runs
    con.execute(f"CREATE OR REPLACE TEMP TABLE sel AS SELECT * FROM games WHERE {where}", params)
    con.execute(
        "CREATE OR REPLACE TEMP TABLE sel_seats AS "
        "SELECT s.*, g.run FROM seats s JOIN sel g ON s.game_no = g.game_no"
    )


def _runs(con: duckdb.DuckDBPyConnection, game: str) -> list[dict[str, Any]]:
    """Each run's metadata and its summary, computed by ``simulate``'s own function from the
    stored outcomes (so the two agree by construction, and a test checks the round trip)."""
    runs = con.execute(
        "SELECT run, seed, agents, players, config, games, cardwright, created FROM runs "
        "WHERE run IN (SELECT DISTINCT run FROM sel) ORDER BY run"
    ).fetchall()
    rows = con.execute(
        "SELECT run, idx, seed, winners, turns, decisions, seconds FROM sel ORDER BY run, idx"
    ).fetchall()
    by_run: dict[int, list[GameOutcome]] = {}
    for run, idx, seed, winners, turns, decisions, seconds in rows:
        by_run.setdefault(run, []).append(
            GameOutcome(idx, seed, tuple(winners), turns, decisions, seconds)
        )
    out = []
    for run, seed, agents, players, config, games, version, created in runs:
        batch = Batch(game, list(agents), json.loads(config), seed, players, by_run[run])
        out.append(
            {
                "run": run,
                "games": games,
                "cardwright": version,
                "created": str(created),
                "summary": summarize(batch),
            }
        )
    return out


def _rates(rows: list[tuple[Any, ...]]) -> list[tuple[tuple[Any, ...], Rate]]:
    """``(key..., n, score)`` rows as ``(key, Rate)``."""
    return [(tuple(r[:-2]), Rate(float(r[-1]), int(r[-2]))) for r in rows]


def gather(
    con: duckdb.DuckDBPyConnection, game: str, hooks: ReportHooks, runs: list[int] | None = None
) -> ReportData:
    """All the report's numbers for ``game`` (optionally only some runs) from a store."""
    from cardwright.games import GAMES

    _select(con, game, runs)
    total = _one(con, "SELECT count(*) FROM sel")
    if not total:
        held = con.execute("SELECT DISTINCT game FROM games ORDER BY game").fetchall()
        have = ", ".join(g for (g,) in held) or "no games"
        which = f" of run(s) {', '.join(map(str, runs))}" if runs else ""
        raise DataError(f"the store holds no {game} games{which} (it holds: {have})")
    counts = [p for (p,) in con.execute("SELECT DISTINCT players FROM sel ORDER BY 1").fetchall()]
    data = ReportData(
        game=game,
        title=GAMES[game].title if game in GAMES else game,
        hooks=hooks,
        games=total,
        runs=_runs(con, game),
        player_counts=counts,
    )
    _matchups(con, "sel_seats", data.groups, data.matrix)
    if hooks.parts is not None:
        decks = [d for (d,) in con.execute("SELECT DISTINCT deck FROM sel_seats").fetchall()]
        split_parts(con, "sel_seats", "part_seats", decks, hooks.parts)
        _matchups(con, "part_seats", data.part_groups, data.part_matrix)
    score = "sum(won::INT) + 0.5 * sum(drawn::INT)"
    for (players, order), rate in _rates(
        con.execute(
            f"SELECT players, turn_order, count(*), {score} FROM sel_seats "
            "WHERE turn_order IS NOT NULL GROUP BY ALL ORDER BY ALL"
        ).fetchall()
    ):
        data.first_seat.setdefault(players, [Rate(0, 0)] * players)[order] = rate
    for players, turns, n in con.execute(
        "SELECT players, turns, count(*) FROM sel GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        data.lengths.setdefault(players, {})[turns] = n
    _score_detail(con, data)
    data.seat_names = _seat_names(con)
    data.derived_runs = _deck_cards(con, hooks)
    data.holdings = _holdings(con)
    data.cards = _cards(con, by_name=False)
    renamed = _one(con, "SELECT count(*) FROM sel_cards WHERE name <> card")
    data.cards_by_name = _cards(con, by_name=True) if renamed else data.cards
    data.never_played = _never_played(con)
    data.lopsided = _games(con, "margin IS NOT NULL ORDER BY margin DESC, turns, game_no")
    data.longest = _games(con, "TRUE ORDER BY turns DESC, decisions DESC, game_no")
    data.options, data.agents = _settings(con)
    data.selection = runs
    return data


def _seat_names(con: duckdb.DuckDBPyConnection) -> dict[int, list[str]]:
    """Each seat's name at each player count, as the games call them (``Player 1`` ...;
    seats named otherwise in some games keep the number: ``Player 2``)."""
    out: dict[int, list[str]] = {}
    for players, names in con.execute(
        "SELECT players, list(DISTINCT config->>'names' ORDER BY config->>'names') "
        "FROM sel GROUP BY players"
    ).fetchall():
        found = [json.loads(n) for n in names if n is not None]
        same = found[0] if len(found) == 1 and isinstance(found[0], list) else None
        out[players] = [
            str(same[i]) if same and i < len(same) else f"Player {i + 1}" for i in range(players)
        ]
    return out


def seat_name(data: ReportData, players: int, seat: int) -> str:
    """What the report calls seat ``seat`` (numbered from 0) of a ``players``-seat game."""
    names = data.seat_names.get(players, [])
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _deck_cards(con: duckdb.DuckDBPyConnection, hooks: ReportHooks) -> list[int]:
    """``sel_cards``: the cards each deck of the selected runs held (the store's ``cards``
    rows); for runs the store did not record them for (before version 3), from the games'
    configs and this Cardwright's card data. Returns those runs."""
    recorded = version_of(con) >= CARDS_SINCE
    con.execute(
        "CREATE OR REPLACE TEMP TABLE sel_cards (run INTEGER, deck VARCHAR, card VARCHAR, "
        "name VARCHAR, copies INTEGER, facts VARCHAR)"
    )
    if recorded:
        con.execute(
            "INSERT INTO sel_cards SELECT run, deck, card, name, copies, facts::VARCHAR "
            "FROM cards SEMI JOIN sel ON cards.run = sel.run"
        )
    missing = [
        r
        for (r,) in con.execute(
            "SELECT DISTINCT run FROM sel ANTI JOIN sel_cards USING (run) ORDER BY run"
        ).fetchall()
    ]
    if not missing or hooks.deck_cards is None:
        return []
    rows: set[tuple[int, str, str, str, int, str]] = set()
    for run, config in con.execute(
        "SELECT DISTINCT run, config::VARCHAR FROM sel WHERE list_contains($runs, run)",
        {"runs": missing},
    ).fetchall():
        config = json.loads(config)
        for deck, cards in zip(hooks.groups(config), hooks.deck_cards(config), strict=False):
            rows.update((run, deck, c.card, c.name, c.copies, c.facts) for c in cards)
    if rows:
        con.executemany("INSERT INTO sel_cards VALUES (?, ?, ?, ?, ?, ?)", sorted(rows))
    return missing


def _holdings(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, str], set[Version]]:
    out: dict[tuple[str, str], set[Version]] = {}
    for deck, name, card, copies, facts in con.execute(
        "SELECT DISTINCT deck, name, card, copies, facts FROM sel_cards"
    ).fetchall():
        out.setdefault((deck, name), set()).add(Version(card, copies, facts))
    return out


def _never_played(con: duckdb.DuckDBPyConnection) -> list[NeverPlayed]:
    """The cards some decks held in the selected games but none of their seats played, with
    the seat-games of those decks (a card unplayed in 3 games says less than in 3,000)."""
    rows = con.execute(
        """
        WITH held AS (SELECT DISTINCT run, deck, card FROM sel_cards),
        played AS (
            SELECT DISTINCT s.run, s.deck, p.card FROM plays p
            JOIN sel_seats s ON s.game_no = p.game_no AND s.seat = p.seat),
        never AS (SELECT * FROM held ANTI JOIN played USING (run, deck, card)),
        seat_games AS (SELECT run, deck, count(*) AS n FROM sel_seats GROUP BY ALL)
        SELECT card, list(DISTINCT deck ORDER BY deck), sum(n)::INTEGER
        FROM never JOIN seat_games USING (run, deck)
        WHERE NOT EXISTS (
            SELECT 1 FROM played pl WHERE pl.deck = never.deck AND pl.card = never.card)
        GROUP BY card ORDER BY 3 DESC, card
        """
    ).fetchall()
    return [NeverPlayed(card, list(decks), n) for card, decks, n in rows]


def _settings(con: duckdb.DuckDBPyConnection) -> tuple[dict[str, list[Any]], list[str]]:
    """The rule options of the selected games (each key's distinct values) and each run's
    agents. A list of one entry per seat is the seats' own choice (decks, peoples, factions,
    names), which the decks of the report show: left out."""
    options: dict[str, list[Any]] = {}
    for players, config in con.execute(
        "SELECT DISTINCT players, config::VARCHAR FROM sel ORDER BY ALL"
    ).fetchall():
        for key, value in json.loads(config).items():
            if isinstance(value, list) and len(value) == players:
                continue
            if value not in options.setdefault(key, []):
                options[key].append(value)
    agents = [
        " vs ".join(a)
        for (a,) in con.execute(
            "SELECT DISTINCT agents FROM runs SEMI JOIN sel ON runs.run = sel.run ORDER BY 1"
        ).fetchall()
    ]
    return dict(sorted(options.items())), agents


def split_parts(
    con: duckdb.DuckDBPyConnection,
    seats: str,
    out: str,
    decks: list[str],
    parts: Callable[[str], list[str]],
) -> None:
    """A temporary table ``out`` of the seats of table ``seats`` with a row per part of each
    seat's deck (a Smash Up seat: one per faction of its pair), the part as its ``deck``."""
    pairs = [(deck, part) for deck in decks for part in parts(deck)]
    con.execute(
        f"CREATE OR REPLACE TEMP TABLE {out} AS SELECT s.* REPLACE (p.part AS deck) "
        f"FROM {seats} s JOIN (SELECT unnest($decks) AS deck, unnest($parts) AS part) p "
        "ON s.deck = p.deck",
        {"decks": [d for d, _ in pairs], "parts": [p for _, p in pairs]},
    )


def _matchups(
    con: duckdb.DuckDBPyConnection,
    seats: str,
    groups: dict[int, dict[str, Rate]],
    matrix: dict[int, dict[tuple[str, str], Rate]],
) -> None:
    """Per player count: each deck's rate, and each deck's rate against each other deck (a
    seat against every other seat of its game), from a table of seats (``sel_seats``, or
    ``part_seats`` where a seat is a row per part of its deck)."""
    for (players, deck), rate in _rates(
        con.execute(
            "SELECT players, deck, count(*), sum(won::INT) + 0.5 * sum(drawn::INT) "
            f"FROM {seats} GROUP BY ALL ORDER BY ALL"
        ).fetchall()
    ):
        groups.setdefault(players, {})[deck] = rate
    for (players, row, col), rate in _rates(
        con.execute(
            "SELECT a.players, a.deck, b.deck, count(*), "
            "sum(a.won::INT) + 0.5 * sum(a.drawn::INT) "
            f"FROM {seats} a JOIN {seats} b ON a.game_no = b.game_no AND a.seat <> b.seat "
            "GROUP BY ALL ORDER BY ALL"
        ).fetchall()
    ):
        matrix.setdefault(players, {})[(row, col)] = rate


def _one(con: duckdb.DuckDBPyConnection, sql: str, params: Any = None) -> Any:
    row = con.execute(sql, params).fetchone()
    return row[0] if row else None


def _score_detail(con: duckdb.DuckDBPyConnection, data: ReportData) -> None:
    """The followed score over turns (eventual winner against the others), and the turn from
    which each game's winner stayed strictly ahead."""
    key = data.hooks.score
    keys = [
        k
        for (k,) in con.execute(
            "SELECT DISTINCT key FROM scores sc SEMI JOIN sel g ON sc.game_no = g.game_no "
            "ORDER BY 1"
        ).fetchall()
    ]
    if key not in keys:
        key = keys[0] if keys else ""
    data.score_key = key
    if not key:
        return
    con.execute(
        "CREATE OR REPLACE TEMP TABLE sel_scores AS SELECT sc.game_no, sc.turn, sc.seat, "
        "sc.value, g.players, g.turns, g.winners[1] = sc.seat AS winner FROM scores sc "
        "JOIN sel g ON sc.game_no = g.game_no WHERE sc.key = $key AND len(g.winners) = 1",
        {"key": key},
    )
    least = max(10, data.games // 100)
    for players, turn, winner, mean, sd, n in con.execute(
        "SELECT players, turn, winner, avg(value), coalesce(stddev_samp(value), 0), count(*) "
        "FROM sel_scores GROUP BY ALL HAVING count(*) >= $least ORDER BY ALL",
        {"least": least},
    ).fetchall():
        half = Z95 * sd / math.sqrt(n)
        curve = data.score_curves.setdefault(players, {}).setdefault(bool(winner), [])
        curve.append((turn, mean, mean - half, mean + half, n))
    for players, decided, n in con.execute(
        "WITH t AS (SELECT game_no, players, turns, turn, max(value) FILTER (winner) AS w, "
        "max(value) FILTER (NOT winner) AS o FROM sel_scores GROUP BY ALL), "
        "d AS (SELECT game_no, players, "
        "least(coalesce(max(turn) FILTER (w <= o), min(turn) - 1) + 1, turns) AS decided "
        "FROM t GROUP BY game_no, players, turns) "
        "SELECT players, decided, count(*) FROM d GROUP BY ALL ORDER BY ALL"
    ).fetchall():
        data.decided.setdefault(players, {})[decided] = n


def _cards(con: duckdb.DuckDBPyConnection, *, by_name: bool) -> list[CardImpact]:
    """Per card: the score rate of the seat-games that played it against those of the decks
    holding it that did not (a deck holds a card if the run recorded it in the deck, or if a
    seat of that deck played it: a seat may play a card it took from another). ``by_name``:
    a card's versions together (Bizarre World's ``Rock (2)`` and ``Rock (3)``)."""
    card = "coalesce(n.name, p.card)" if by_name else "p.card"
    held = "name" if by_name else "card"
    rows = con.execute(
        f"""
        WITH names AS (SELECT card, any_value(name) AS name FROM sel_cards GROUP BY card),
        played AS (
            SELECT DISTINCT p.game_no, p.seat, {card} AS card FROM plays p
            LEFT JOIN names n ON n.card = p.card
            SEMI JOIN sel g ON p.game_no = g.game_no),
        holds AS (
            SELECT DISTINCT run, deck, {held} AS card FROM sel_cards
            UNION
            SELECT DISTINCT s.run, s.deck, p.card FROM played p
            JOIN sel_seats s ON s.game_no = p.game_no AND s.seat = p.seat),
        eligible AS (
            SELECT h.card, s.game_no, s.seat, s.deck,
                s.won::INT + 0.5 * s.drawn::INT AS score
            FROM holds h JOIN sel_seats s ON s.deck = h.deck AND s.run = h.run)
        SELECT e.card,
            count(p.card), coalesce(sum(e.score) FILTER (p.card IS NOT NULL), 0),
            count(*) - count(p.card), coalesce(sum(e.score) FILTER (p.card IS NULL), 0),
            list(DISTINCT e.deck ORDER BY e.deck)
        FROM eligible e LEFT JOIN played p
            ON p.game_no = e.game_no AND p.seat = e.seat AND p.card = e.card
        GROUP BY e.card ORDER BY e.card
        """
    ).fetchall()
    return [
        CardImpact(card, list(decks), Rate(float(s1), n1), Rate(float(s0), n0))
        for card, n1, s1, n0, s0, decks in rows
    ]


def _games(con: duckdb.DuckDBPyConnection, order: str, limit: int = 10) -> list[GameRow]:
    rows = con.execute(
        "SELECT game_no, decks, agents, winners, turns, decisions, margin, reason FROM sel "
        f"WHERE {order} LIMIT {int(limit)}"
    ).fetchall()
    return [
        GameRow(no, list(decks), list(agents), list(winners), turns, decisions, margin, reason)
        for no, decks, agents, winners, turns, decisions, margin, reason in rows
    ]
