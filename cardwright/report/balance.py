"""``cardwright balance``: play the matchups a designer asks for (or a seeded sample of every
matchup) into the game store, then each deck part's figures from the stored games.

A *matchup* is one choice per seat, different seats never sharing a part: in Smash Up each
seat's choice is a pair of factions (``aliens+dinosaurs:ninjas+pirates``), in a game whose
seats play single decks or peoples, one name per seat (``hoax:mukulu``). The pool (what a
seat may choose from) is the game's report pool (:attr:`ReportHooks.pool`), read from the
game's card data, so every faction added later is in it without a change here.

Every matchup is played in each rotation of its seats (with two decks: A in seat 0 then B
in seat 0), ``games`` split evenly between the rotations, so that each deck takes the first
turn as often as the others when the game gives it to seat 0; each rotation is one run of
the store, its seed derived from the batch seed and the matchup (the same matchup with the
same seed plays the same games whatever else is asked, and whatever ``--jobs``).

The figures are the report's (:mod:`cardwright.report.data`): a seat's score counts a game
won alone 1, a draw 1/2; rates have 95% Wilson intervals, and the first-turn advantage of a
part (its rate when its seat took the first turn minus its rate otherwise) has Newcombe's
interval.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from cardwright.core.errors import ConfigError, DataError
from cardwright.games import GAMES, get_game
from cardwright.games.reporting import ReportHooks
from cardwright.sim.store import open_store, simulate_into
from cardwright.sim.trace import report_hooks

from .data import Rate, difference, split_parts

#: Written between two seats' choices, and between the two factions of a pair.
SEATS = ":"
PAIR = "+"


@dataclass(frozen=True)
class Matchup:
    """One choice per seat, each a tuple of parts (two factions, or one deck), in name order
    within a choice and choices in name order (the matchup's one way of being written)."""

    decks: tuple[tuple[str, ...], ...]

    @property
    def label(self) -> str:
        return SEATS.join(PAIR.join(deck) for deck in self.decks)


def matchup(decks: Sequence[Sequence[str]]) -> Matchup:
    return Matchup(tuple(sorted(tuple(sorted(deck)) for deck in decks)))


@dataclass(frozen=True)
class Plan:
    """What to play: the matchups, the base config (rule options, player count), the agent
    of every seat and the games per matchup."""

    game: str
    matchups: list[Matchup]
    agent: str
    players: int
    games: int
    config: dict[str, Any]
    pool: list[str]
    sampled_from: int  # how many matchups the pool makes (0 when the matchups were named)


def _setup(game: str, config: dict[str, Any]) -> tuple[list[str], bool, str]:
    """The game's pool, whether a seat's choice is a pair, and its seat config key."""
    entry = GAMES.get(game)
    g = get_game(game)  # an unknown or unplayable game is a one-line error
    hooks = report_hooks(game)
    if entry is None or hooks.pool is None:
        raise ConfigError(f"balance: {game} has no decks or factions to choose between")
    pool = hooks.pool({**g.default_config(), **config})
    return list(pool), entry.seat_pairs, entry.seat_key


def _example(game: str, pairs: bool, pool: list[str]) -> str:
    size = 2 if pairs else 1
    first, second = pool[:size], pool[size : 2 * size]
    return SEATS.join(PAIR.join(d) for d in (first, second))


def parse_matchups(game: str, texts: Sequence[str], pool: list[str], pairs: bool) -> list[Matchup]:
    """``--pairings`` items, one matchup each, checked: every name in the pool, two
    factions a seat in a game of pairs (``a+b``; ``a,b`` is read the same), no part at two
    seats, the same number of seats in every matchup, no matchup twice."""
    known = set(pool)
    size = 2 if pairs else 1
    noun = "factions" if pairs else "decks"
    out: list[Matchup] = []
    for text in texts:
        where = f"--pairings {text!r}"
        seats = [s.strip() for s in text.split(SEATS)]
        if len(seats) < 2 or not all(seats):
            raise ConfigError(
                f"{where}: name each seat's choice, seats separated by '{SEATS}', e.g. "
                f"{_example(game, pairs, pool)}"
            )
        decks = []
        for seat in seats:
            parts = [p.strip() for p in seat.replace(",", PAIR).split(PAIR)]
            if len(parts) != size or not all(parts):
                what = "two factions joined by '+'" if pairs else "one deck"
                raise ConfigError(f"{where}: {seat!r} is not {what}")
            for part in parts:
                if part not in known:
                    raise ConfigError(
                        f"{where}: unknown {noun[:-1]} {part!r}; {game}'s {noun}: {', '.join(pool)}"
                    )
            decks.append(parts)
        flat = [p for d in decks for p in d]
        twice = sorted({p for p in flat if flat.count(p) > 1})
        if twice:
            raise ConfigError(f"{where}: {', '.join(twice)} at two seats; each seat its own")
        m = matchup(decks)
        if out and len(m.decks) != len(out[0].decks):
            raise ConfigError(
                f"{where}: {len(m.decks)} seats, but {out[0].label} has {len(out[0].decks)}; "
                "every matchup of one run has the same number of players"
            )
        if m in out:
            raise ConfigError(f"{where}: the same matchup as an earlier one ({m.label})")
        out.append(m)
    return out


def count_matchups(pool_size: int, players: int, pairs: bool) -> int:
    """How many different matchups ``players`` seats can make from a pool of that size."""
    if not pairs:
        return math.comb(pool_size, players)
    chosen = 2 * players
    matchings = math.factorial(chosen) // (2**players * math.factorial(players))
    return int(math.comb(pool_size, chosen) * matchings)


def all_matchups(pool: list[str], players: int, pairs: bool) -> list[Matchup]:
    """Every matchup the pool makes, in a fixed order."""
    if not pairs:
        return [matchup([[d] for d in c]) for c in itertools.combinations(sorted(pool), players)]
    out: list[Matchup] = []
    for chosen in itertools.combinations(sorted(pool), 2 * players):
        out.extend(matchup(m) for m in _matchings(list(chosen)))
    return out


def _matchings(items: list[str]) -> list[list[list[str]]]:
    """Every way of splitting ``items`` (an even number) into pairs."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out: list[list[list[str]]] = []
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1 :]):
            out.append([[first, other], *tail])
    return out


#: Above this many matchups a sample is drawn one at a time rather than from the full list.
ENUMERATE = 20_000


def sample_matchups(pool: list[str], players: int, pairs: bool, n: int, seed: int) -> list[Matchup]:
    """``n`` different matchups drawn uniformly from every matchup of the pool (all of them,
    in a fixed order, when ``n`` is at least their number); the same seed, the same sample."""
    total = count_matchups(len(pool), players, pairs)
    rng = random.Random(f"balance-sample:{seed}")
    if total <= ENUMERATE:
        every = all_matchups(pool, players, pairs)
        return every if n >= total else rng.sample(every, n)
    size = 2 if pairs else 1
    ordered = sorted(pool)
    seen: dict[Matchup, None] = {}
    while len(seen) < n:
        # a uniform set of parts, shuffled and cut into seats: each matchup equally likely
        chosen = rng.sample(ordered, size * players)
        seen.setdefault(matchup([chosen[i : i + size] for i in range(0, len(chosen), size)]))
    return list(seen)


def plan(
    game: str,
    *,
    pairings: Sequence[str] = (),
    sample: int | None = None,
    among: Sequence[str] = (),
    players: int | None = None,
    agent: str = "heuristic",
    games: int = 10,
    seed: int = 0,
    config: dict[str, Any] | None = None,
) -> Plan:
    """The matchups to play, checked before any game is: the named ``pairings``, else
    ``sample`` of every matchup of the pool (or of the ``among`` parts), else every matchup
    of the ``among`` parts."""
    from cardwright.agents import make_agent

    config = dict(config or {})
    pool, pairs, key = _setup(game, config)
    if key in config:
        raise ConfigError(f"balance: the matchups choose the {key}; do not set -o {key}")
    if games < 1:
        raise ConfigError(f"--games-per-pairing {games}: play at least 1 game a matchup")
    make_agent(agent, game, 0)  # an unknown agent or parameter is a one-line error
    noun = "factions" if pairs else "decks"
    if among:
        unknown = [a for a in among if a not in pool]
        if unknown:
            raise ConfigError(
                f"--among: unknown {noun[:-1]} {unknown[0]!r}; {game}'s {noun}: {', '.join(pool)}"
            )
        if len(set(among)) != len(among):
            raise ConfigError(f"--among names a {noun[:-1]} twice")
        pool = sorted(among)
    g = get_game(game)
    if pairings:
        if sample is not None or among:
            raise ConfigError("--pairings names the matchups; --sample and --among choose them")
        matchups = parse_matchups(game, pairings, pool, pairs)
        seats = len(matchups[0].decks)
        if players is not None and players != seats:
            raise ConfigError(f"--players {players}, but the pairings name {seats} seats")
        players, total = seats, 0
    else:
        if sample is None and not among:
            raise ConfigError(
                "name the matchups: --pairings "
                f"{_example(game, pairs, pool)!r} (repeatable), --sample N (of every "
                f"matchup of the {len(pool)} {noun}) or --among A,B,C,D (every matchup "
                "of those)"
            )
        players = players or 2
        total = count_matchups(len(pool), players, pairs)
        if total == 0:
            need = players * (2 if pairs else 1)
            raise ConfigError(f"{players} players need {need} different {noun}; {len(pool)} given")
        if sample is not None and sample < 1:
            raise ConfigError(f"--sample {sample}: draw at least 1 matchup")
        matchups = (
            sample_matchups(pool, players, pairs, sample, seed)
            if sample is not None
            else all_matchups(pool, players, pairs)
        )
    g.check_players(players, f"{players} seats")
    base = {**config, "players": players} if "players" in g.default_config() else config
    g.validate_config({**base, key: [list(d) for d in matchups[0].decks]})
    return Plan(game, matchups, agent, players, games, base, pool, total)


def rotation_seed(seed: int, m: Matchup, rotation: int) -> int:
    """The batch seed of one rotation of a matchup (from the matchup's label, so it does not
    depend on the other matchups)."""
    text = f"balance:{seed}:{m.label}:{rotation}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def rotations(p: Plan) -> list[tuple[Matchup, int, int]]:
    """(matchup, rotation, games) for each run to play; the games of a matchup are split
    evenly between its rotations (the first ones get one more when they do not divide)."""
    out = []
    for m in p.matchups:
        seats = len(m.decks)
        for r in range(seats):
            k = p.games // seats + (1 if r < p.games % seats else 0)
            if k:
                out.append((m, r, k))
    return out


def play(
    p: Plan,
    store: Path,
    *,
    seed: int = 0,
    jobs: int = 1,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
) -> list[int]:
    """Play every matchup of the plan into ``store`` (one run per rotation of each
    matchup); returns the run numbers written."""
    key = GAMES[p.game].seat_key
    before = _last_run(store)
    for m, r, k in rotations(p):
        decks = [list(d) for d in m.decks[r:] + m.decks[:r]]
        simulate_into(
            store,
            p.game,
            k,
            [p.agent] * p.players,
            seed=rotation_seed(seed, m, r),
            jobs=jobs,
            config={**p.config, key: decks},
            backend=backend,
            progress=progress,
        )
    return list(range(before + 1, _last_run(store) + 1))


def _last_run(store: Path) -> int:
    if not store.exists():
        return 0
    with open_store(store) as con:
        row = con.execute("SELECT coalesce(max(run), 0) FROM runs").fetchone()
    return int(row[0]) if row else 0


# ---------------------------------------------------------------------------- the figures
@dataclass(frozen=True)
class PartFigures:
    """One faction's (or deck's) figures over the games it played."""

    part: str
    rate: Rate  # its seats' score rate
    first: Rate  # ... in the games its seat took the first turn
    later: Rate  # ... in the others
    wins: int
    draws: int

    @property
    def advantage(self) -> tuple[float, float, float]:
        """First-turn advantage: ``first - later`` with its 95% interval."""
        return difference(self.first, self.later)

    def as_json(self) -> dict[str, Any]:
        d, lo, hi = self.advantage
        return {
            "part": self.part,
            "games": self.rate.n,
            "wins": self.wins,
            "draws": self.draws,
            **{k: v for k, v in self.rate.as_json().items() if k != "n"},
            "first": self.first.as_json(),
            "later": self.later.as_json(),
            "first_advantage": None if math.isnan(d) else round(d, 4),
            "first_advantage_ci95": None if math.isnan(d) else [round(lo, 4), round(hi, 4)],
        }


@dataclass(frozen=True)
class Figures:
    game: str
    part_noun: str
    games: int
    players: list[int]
    runs: list[int]
    draws: int
    mean_turns: float
    first_seat: Rate  # the score rate of the seat that took the first turn
    parts: list[PartFigures]  # best rate first
    decks: list[tuple[str, Rate]]  # each deck (faction pair) the same way

    def as_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "part_noun": self.part_noun,
            "games": self.games,
            "players": self.players,
            "runs": [min(self.runs), max(self.runs)] if self.runs else [],
            "draws": self.draws,
            "mean_turns": round(self.mean_turns, 3),
            "first_seat": self.first_seat.as_json(),
            "parts": [p.as_json() for p in self.parts],
            "decks": [{"deck": d, **r.as_json()} for d, r in self.decks],
        }


def figures(store: Path, game: str, runs: Sequence[int] | None = None) -> Figures:
    """Per part (faction) and per deck (faction pair): score rate, first-turn advantage and
    games, over the stored games of ``game`` (of ``runs`` only, when given)."""
    hooks = report_hooks(game)
    with open_store(store) as con:
        return _figures(con, game, hooks, list(runs) if runs else None)


def _figures(
    con: duckdb.DuckDBPyConnection, game: str, hooks: ReportHooks, runs: list[int] | None
) -> Figures:
    where = "game = $game" + (" AND list_contains($runs, run)" if runs else "")
    params: dict[str, Any] = {"game": game, **({"runs": runs} if runs else {})}
    con.execute(f"CREATE OR REPLACE TEMP TABLE bal AS SELECT * FROM games WHERE {where}", params)
    row = con.execute(
        "SELECT count(*), coalesce(sum(draw::INT), 0), coalesce(avg(turns), 0), "
        "list(DISTINCT run ORDER BY run), list(DISTINCT players ORDER BY players) FROM bal"
    ).fetchone()
    assert row is not None
    games, draws, mean_turns, run_list, counts = row
    if not games:
        which = f" in run(s) {', '.join(map(str, runs))}" if runs else ""
        raise DataError(f"the store holds no {game} games{which}")
    con.execute(
        "CREATE OR REPLACE TEMP TABLE bal_seats AS "
        "SELECT s.* FROM seats s SEMI JOIN bal g ON s.game_no = g.game_no"
    )
    score = "sum(won::INT) + 0.5 * sum(drawn::INT)"
    first_row = con.execute(
        f"SELECT count(*), coalesce({score}, 0) FROM bal_seats WHERE turn_order = 0"
    ).fetchone()
    assert first_row is not None
    decks = [
        (deck, Rate(float(s), int(n)))
        for deck, n, s in con.execute(
            f"SELECT deck, count(*), {score} FROM bal_seats GROUP BY deck"
        ).fetchall()
    ]
    table = "bal_seats"
    if hooks.parts is not None:
        split_parts(con, "bal_seats", "bal_parts", [d for d, _ in decks], hooks.parts)
        table = "bal_parts"
    parts = []
    for part, n, s, wins, drawn, fn, fs, ln, ls in con.execute(
        f"SELECT deck, count(*), {score}, sum(won::INT), sum(drawn::INT), "
        "count(*) FILTER (turn_order = 0), "
        "coalesce(sum(won::INT + 0.5 * drawn::INT) FILTER (turn_order = 0), 0), "
        "count(*) FILTER (turn_order > 0), "
        "coalesce(sum(won::INT + 0.5 * drawn::INT) FILTER (turn_order > 0), 0) "
        f"FROM {table} GROUP BY deck"
    ).fetchall():
        parts.append(
            PartFigures(
                part,
                Rate(float(s), int(n)),
                Rate(float(fs), int(fn)),
                Rate(float(ls), int(ln)),
                int(wins),
                int(drawn),
            )
        )
    parts.sort(key=lambda p: (-p.rate.value, -p.rate.n, p.part))
    decks.sort(key=lambda d: (-d[1].value, -d[1].n, d[0]))
    return Figures(
        game=game,
        part_noun=hooks.part_noun or hooks.noun,
        games=int(games),
        players=list(counts),
        runs=list(run_list),
        draws=int(draws),
        mean_turns=float(mean_turns),
        first_seat=Rate(float(first_row[1]), int(first_row[0])),
        parts=parts,
        decks=decks,
    )
