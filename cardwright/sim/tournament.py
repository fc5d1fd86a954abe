"""Round-robin tournaments between agents, with ratings.

Every combination of ``players`` entrants sits in every seat order (a *seating*), and each
seating plays ``n`` games: with entrants A, B, C in a two-player game that is AB, BA, AC, CA,
BC and CB. Game ``i`` uses seating ``i mod S`` (so a partial run stays balanced) and its seed is
derived from the tournament seed and ``i`` alone; each agent is seeded from the game's seed and
its seat, as in ``simulate``. Results are gathered in game order, so ``--jobs 1`` and ``--jobs
8`` (or the Ray backend) give the same summary byte for byte. Only the optional timing (CPU
seconds and decisions per CPU second per entrant) varies from run to run.

The summary holds each entrant's rating (:mod:`cardwright.analysis.ratings`: Bradley–Terry, or
its Luce generalisation for more than two players, with 95% intervals), its score (wins, a
shared win or draw split) with a Wilson interval overall and per seat, and a cross table: for
each pair, the row entrant's share of the wins the two took in the games they played together.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardwright.agents import make_agent
from cardwright.analysis.ratings import ratings
from cardwright.analysis.stats import wilson_interval
from cardwright.core.errors import ConfigError, EngineError
from cardwright.games import get_game

from .deal import deal
from .parallel import check_backend, run_tasks
from .runner import MAX_DECISIONS, game_seed, with_player_count
from .seats import player_count


def seatings(entrants: int, players: int, rotations: bool = False) -> list[tuple[int, ...]]:
    """Every combination of ``players`` entrants in every seat order (entrant per seat), or
    with ``rotations`` only its ``players`` rotations (each entrant once in each seat, the
    same neighbours: 6 seatings of six players rather than 720).

    >>> seatings(3, 2)
    [(0, 1), (1, 0), (0, 2), (2, 0), (1, 2), (2, 1)]
    >>> seatings(3, 3, rotations=True)
    [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    """
    if rotations:
        return [
            group[i:] + group[:i]
            for group in itertools.combinations(range(entrants), players)
            for i in range(players)
        ]
    return [
        order
        for group in itertools.combinations(range(entrants), players)
        for order in itertools.permutations(group)
    ]


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Names for the entrants: each spec, with ``#2``, ``#3`` ... on a repeated one."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


@dataclass(frozen=True)
class TournamentGame:
    """One finished game: its index, seating (entrant per seat), seed, winners (seats), and
    per seat the decisions made and the seconds spent choosing."""

    index: int
    seating: tuple[int, ...]
    seed: int
    winners: tuple[int, ...]
    turns: int
    decisions: tuple[int, ...]
    seconds: tuple[float, ...]

    def shares(self) -> list[float]:
        """Each seat's share of the win (a draw is shared by every seat)."""
        players = len(self.seating)
        if not self.winners:
            return [1.0 / players] * players
        return [1.0 / len(self.winners) if s in self.winners else 0.0 for s in range(players)]


def play_one(
    game_id: str, config: dict[str, Any], specs: Sequence[str], seed: int
) -> tuple[tuple[int, ...], int, tuple[int, ...], tuple[float, ...]]:
    """Play one game between agent specs (one per seat), timing each seat's choices:
    (winners, turns, decisions per seat, CPU seconds per seat)."""
    game = get_game(game_id)
    state = game.new_state(deal(game_id, config, seed), seed, log=False)
    agents = [make_agent(spec, game_id, seed * 31 + i) for i, spec in enumerate(specs)]
    decisions = [0] * len(specs)
    seconds = [0.0] * len(specs)
    clock = time.process_time  # CPU time: a busy machine does not slow the agents down
    for _ in range(MAX_DECISIONS):
        decision = state.decision
        if decision is None:
            break
        start = clock()
        choice = agents[decision.seat].choose(game, state, decision.seat)
        seconds[decision.seat] += clock() - start
        decisions[decision.seat] += 1
        game.apply(state, choice)
    else:
        raise EngineError(
            f"{game_id}: game with seed {seed} and agents {list(specs)} passed "
            f"{MAX_DECISIONS:,} decisions without ending (a rules loop)"
        )
    for agent in agents:
        close = getattr(agent, "close", None)
        if close is not None:
            close()
    winners = tuple(state.result.winners) if state.result is not None else ()
    return winners, state.turn, tuple(decisions), tuple(seconds)


#: one task: (game, config, entrant specs, seatings, tournament seed, first, stop)
Task = tuple[str, dict[str, Any], list[str], list[tuple[int, ...]], int, int, int]


def _play_range(task: Task) -> list[TournamentGame]:
    game_id, config, specs, plan, seed, start, stop = task
    out = []
    for index in range(start, stop):
        seating = plan[index % len(plan)]
        gseed = game_seed(seed, index)
        winners, turns, decisions, seconds = play_one(
            game_id, config, [specs[e] for e in seating], gseed
        )
        out.append(TournamentGame(index, seating, gseed, winners, turns, decisions, seconds))
    return out


@dataclass
class Tournament:
    game: str
    config: dict[str, Any]
    specs: list[str]
    players: int
    per_seating: int
    seed: int
    games: list[TournamentGame]
    rotations: bool = False

    @property
    def names(self) -> list[str]:
        return entrant_names(self.specs)


def plan_tournament(
    game_id: str,
    specs: Sequence[str],
    players: int | None,
    config: dict[str, Any] | None,
    n: int = 1,
    jobs: int = 1,
    backend: str = "local",
) -> tuple[dict[str, Any], int]:
    """Check the entrants, players, rule options, ``jobs`` and ``backend`` before anything
    runs (one-line errors); returns the config (with the player count for games that take
    one) and the player count."""
    game = get_game(game_id)
    if n < 1:
        raise ConfigError("-n must be at least 1")
    if len(specs) < 2:
        raise ConfigError("a tournament needs at least two agents")
    default = min(len(specs), game.max_players)
    players = player_count(game_id, config or {}, players=players, default=default)
    if players > len(specs):
        raise ConfigError(f"{players} players need at least {players} agents, got {len(specs)}")
    cfg = with_player_count(game_id, config, players)
    game.validate_config(deal(game_id, cfg, 0))
    for spec in specs:
        make_agent(spec, game_id, 0)
    if jobs < 1:
        raise ConfigError(f"--jobs {jobs}: give at least 1 worker process")
    check_backend(backend)
    return cfg, players


def run_tournament(
    game_id: str,
    specs: Sequence[str],
    n: int,
    *,
    players: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    rotations: bool = False,
) -> Tournament:
    """Play ``n`` games per seating (every seat order, or with ``rotations`` each group's
    rotations only); ``progress(k)`` is called as each ``k`` games finish."""
    cfg, players = plan_tournament(game_id, specs, players, config, n, jobs, backend)
    plan = seatings(len(specs), players, rotations)
    total = n * len(plan)
    size = max(1, min(10, math.ceil(total / (max(1, jobs) * 4))))
    tasks: list[Task] = [
        (game_id, cfg, list(specs), plan, seed, a, min(total, a + size))
        for a in range(0, total, size)
    ]
    results: list[TournamentGame] = []

    def take(chunk: list[TournamentGame]) -> None:
        results.extend(chunk)
        if progress:
            progress(len(chunk))

    run_tasks(_play_range, tasks, take, jobs=jobs, backend=backend)
    results.sort(key=lambda g: g.index)
    return Tournament(game_id, cfg, list(specs), players, n, seed, results, rotations)


def _rate(score: float, games: int) -> dict[str, Any]:
    lo, hi = wilson_interval(score, games)
    return {
        "games": games,
        "score": round(score, 4),
        "rate": round(score / games, 4) if games else 0.0,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def _head_to_head(mine: float, theirs: float, games: int) -> dict[str, Any]:
    """The row entrant's share of the wins two entrants took in their ``games`` together
    (with two players: its score against the other)."""
    together = mine + theirs
    lo, hi = wilson_interval(mine, max(1, round(together)))
    return {
        "games": games,
        "score": round(mine, 4),
        "rate": round(mine / together, 4) if together else 0.5,
        "ci95": [round(lo, 4), round(hi, 4)] if together else [0.0, 1.0],
    }


def summarize_tournament(t: Tournament, *, timing: bool = False) -> dict[str, Any]:
    """A JSON-ready summary; without ``timing`` it is byte-for-byte reproducible."""
    names = t.names
    k = len(names)
    score = [0.0] * k
    played = [0] * k
    seat_score = [[0.0] * t.players for _ in range(k)]
    seat_games = [[0] * t.players for _ in range(k)]
    pair_score = [[0.0] * k for _ in range(k)]
    pair_games = [[0] * k for _ in range(k)]
    rated: list[tuple[tuple[int, ...], list[float]]] = []
    decisions = [0] * k
    seconds = [0.0] * k
    draws = 0
    for g in t.games:
        shares = g.shares()
        rated.append((g.seating, shares))
        draws += not g.winners
        for seat, e in enumerate(g.seating):
            score[e] += shares[seat]
            played[e] += 1
            seat_score[e][seat] += shares[seat]
            seat_games[e][seat] += 1
            decisions[e] += g.decisions[seat]
            seconds[e] += g.seconds[seat]
            for o in g.seating:
                if o != e:
                    pair_score[e][o] += shares[seat]
                    pair_games[e][o] += 1
    fitted = ratings(k, rated)
    entrants = []
    for e, name in enumerate(names):
        row: dict[str, Any] = {
            "agent": name,
            "rating": round(fitted[e].elo, 1),
            "rating_ci95": [round(fitted[e].low, 1), round(fitted[e].high, 1)],
            **_rate(score[e], played[e]),
            "by_seat": [_rate(seat_score[e][s], seat_games[e][s]) for s in range(t.players)],
        }
        if timing:
            row["decisions"] = decisions[e]
            row["seconds"] = round(seconds[e], 3)
            row["decisions_per_second"] = round(decisions[e] / seconds[e], 1) if seconds[e] else 0
        entrants.append(row)
    cross: dict[str, dict[str, Any]] = {}
    for e, name in enumerate(names):
        cross[name] = {}
        for o, other in enumerate(names):
            if o != e and pair_games[e][o]:
                cross[name][other] = _head_to_head(
                    pair_score[e][o], pair_score[o][e], pair_games[e][o]
                )
    return {
        "game": t.game,
        "config": t.config,
        "players": t.players,
        "seed": t.seed,
        "agents": names,
        "seatings": len(seatings(k, t.players, t.rotations)),
        "seat_orders": "rotations" if t.rotations else "all",
        "games_per_seating": t.per_seating,
        "games": len(t.games),
        "draws": draws,
        "mean_turns": round(sum(g.turns for g in t.games) / len(t.games), 3) if t.games else 0,
        "ratings": sorted(entrants, key=lambda r: (-r["rating"], r["agent"])),
        "cross": cross,
    }
