"""The report's numbers: SQL over the game store, gathered into plain values.

Every rate is a seat's *score rate* as ``simulate`` counts it: a game won alone counts 1, a
draw (no winner) 1/2, anything else 0; every interval is the 95% Wilson interval of
:func:`cardwright.analysis.stats.wilson_interval`, and a difference of two rates gets
Newcombe's interval built from the two Wilson intervals.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import duckdb

from cardwright.analysis.stats import summarize, wilson_interval
from cardwright.core.errors import DataError
from cardwright.games.reporting import ReportHooks
from cardwright.sim.runner import Batch, GameOutcome

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
    if not a.n or not b.n:
        return (math.nan, math.nan, math.nan)
    (l1, u1), (l2, u2) = a.ci, b.ci
    p1, p2 = a.value, b.value
    d = p1 - p2
    return (d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


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


def _select(con: duckdb.DuckDBPyConnection, game: str, runs: list[int] | None) -> None:
    """Temporary tables of the games (and their seats) the report covers."""
    where = "game = $game" + (" AND list_contains($runs, run)" if runs else "")
    params: dict[str, Any] = {"game": game}
    if runs:
        params["runs"] = runs
    con.execute(f"CREATE OR REPLACE TEMP TABLE sel AS SELECT * FROM games WHERE {where}", params)
    con.execute(
        "CREATE OR REPLACE TEMP TABLE sel_seats AS "
        "SELECT s.* FROM seats s SEMI JOIN sel g ON s.game_no = g.game_no"
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
        pairs = [(deck, part) for deck in decks for part in hooks.parts(deck)]
        con.execute(
            "CREATE OR REPLACE TEMP TABLE part_seats AS SELECT s.* REPLACE (p.part AS deck) "
            "FROM sel_seats s JOIN (SELECT unnest($decks) AS deck, unnest($parts) AS part) p "
            "ON s.deck = p.deck",
            {"decks": [d for d, _ in pairs], "parts": [p for _, p in pairs]},
        )
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
    data.cards = _cards(con)
    data.lopsided = _games(con, "margin IS NOT NULL ORDER BY margin DESC, turns, game_no")
    data.longest = _games(con, "TRUE ORDER BY turns DESC, decisions DESC, game_no")
    return data


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
        half = 1.959964 * sd / math.sqrt(n)
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


def _cards(con: duckdb.DuckDBPyConnection) -> list[CardImpact]:
    """Per card: the score rate of the seat-games that played it against those of the same
    decks that did not (a card counts as in a deck once a seat of that deck has played it)."""
    rows = con.execute(
        """
        WITH played AS (
            SELECT DISTINCT p.game_no, p.seat, p.card FROM plays p
            SEMI JOIN sel g ON p.game_no = g.game_no),
        card_decks AS (
            SELECT DISTINCT p.card, s.deck FROM played p
            JOIN sel_seats s ON s.game_no = p.game_no AND s.seat = p.seat),
        eligible AS (
            SELECT c.card, s.game_no, s.seat, s.won::INT + 0.5 * s.drawn::INT AS score
            FROM card_decks c JOIN sel_seats s ON s.deck = c.deck)
        SELECT e.card,
            count(p.card), coalesce(sum(e.score) FILTER (p.card IS NOT NULL), 0),
            count(*) - count(p.card), coalesce(sum(e.score) FILTER (p.card IS NULL), 0),
            (SELECT list(DISTINCT c.deck ORDER BY c.deck) FROM card_decks c
             WHERE c.card = e.card)
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
