"""The report's summary: what a designer reads first (the most lopsided pairings, the cells
that need more games, what going first is worth, and how strong each side is)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardwright.games import GAMES
from cardwright.sim.deal import ANY

from .data import SMALL, Rate, ReportData


@dataclass(frozen=True)
class Pairing:
    """A matchup cell: ``row``'s win rate in games against ``col`` at ``players`` players."""

    players: int
    row: str
    col: str
    rate: Rate
    noun: str  # what row and col are: "people", "faction" ...

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def gap(self) -> float:
        """How far the interval lies from the fair share (0 if it holds it)."""
        lo, hi = self.rate.ci
        return max(lo - self.fair, self.fair - hi, 0.0)

    @property
    def clear(self) -> bool:
        return self.gap > 0


def _cells(data: ReportData) -> list[tuple[str, dict[int, dict[tuple[str, str], Rate]]]]:
    out = [(data.hooks.noun, data.matrix)]
    if data.part_matrix:
        out.append((data.hooks.part_noun, data.part_matrix))
    return out


def lopsided(data: ReportData, limit: int = 5) -> list[Pairing]:
    """The matchups of 30 games or more furthest from the fair share: first those whose
    interval leaves it out, by how far; then by the rate itself. At two players a matchup and
    its mirror say the same thing: only the favourite's side is listed."""
    found = []
    for noun, matrices in _cells(data):
        for players, cells in matrices.items():
            for (row, col), rate in cells.items():
                if rate.small or (players == 2 and rate.value < 0.5):
                    continue
                if players == 2 and rate.value == 0.5 and row > col:
                    continue
                found.append(Pairing(players, row, col, rate, noun))
    found.sort(key=lambda p: (-p.gap, -abs(p.rate.value - p.fair), p.players, p.row, p.col))
    return found[:limit]


@dataclass(frozen=True)
class Thin:
    """The matchups of one matrix with fewer than 30 games, and those with none."""

    players: int
    noun: str
    cells: int  # matchups with games
    small: int  # of which fewer than 30
    smallest: int  # games in the smallest
    games: int  # games at this player count
    names: list[str]  # the smallest few, "A against B (n=4)"
    pairings: int  # the matchups with games, and those with none yet (when dealt at random)
    empty: list[str]  # the matchups the decks played could make with no game yet, "A against B"

    @property
    def more(self) -> int:
        """About how many more games, dealt as these were, bring the smallest to 30."""
        if not self.small or not self.smallest:
            return 0
        return math.ceil(self.games * SMALL / self.smallest) - self.games


def _can_meet(data: ReportData, by_part: bool) -> Callable[[str, str], bool]:
    """Whether two decks (or two parts, ``by_part``) can sit at one table: Smash Up's
    factions are each at most once at a table, so a faction never meets itself, nor a pair
    another pair with a faction of its own; any two decks or peoples can meet (a mirror
    too)."""
    parts = data.hooks.parts
    if by_part:
        return lambda a, b: a != b
    if parts is not None:
        return lambda a, b: not set(parts(a)) & set(parts(b))
    return lambda a, b: True


def dealt_at_random(data: ReportData, players: int) -> bool:
    """Whether every run at ``players`` players dealt every seat at random (``--deck any``):
    only then is a matchup without games one that more games would bring (runs that name
    their decks play only the matchups they name)."""
    key = GAMES[data.game].seat_key
    configs = [r["summary"]["config"] for r in data.runs if len(r["summary"]["seats"]) == players]
    return bool(configs) and all(set(c.get(key) or ()) == {ANY} for c in configs)


def thin(data: ReportData, show: int = 3) -> list[Thin]:
    """Per matrix: its matchups of fewer than 30 games, and when the runs dealt decks at
    random, the matchups the decks played could make that have no game yet."""
    out = []
    for level, (noun, matrices) in enumerate(_cells(data)):
        can_meet = _can_meet(data, by_part=level == 1)
        for players in sorted(matrices):
            cells = matrices[players]
            small = sorted(
                ((r.n, row, col) for (row, col), r in cells.items() if r.small),
                key=lambda t: (t[0], t[1], t[2]),
            )
            decks = sorted({d for pair in cells for d in pair})
            random = dealt_at_random(data, players)
            possible = [(a, b) for a in decks for b in decks if random and can_meet(a, b)]
            games = sum(data.lengths.get(players, {}).values())
            out.append(
                Thin(
                    players,
                    noun,
                    len(cells),
                    len(small),
                    small[0][0] if small else 0,
                    games,
                    [f"{row} against {col} (n={n})" for n, row, col in small[:show]],
                    len(set(possible) | set(cells)),
                    [f"{a} against {b}" for a, b in possible if (a, b) not in cells],
                )
            )
    return out


@dataclass(frozen=True)
class FirstPlayer:
    players: int
    rate: Rate

    @property
    def fair(self) -> float:
        return 1 / self.players

    @property
    def edge(self) -> float:
        return self.rate.value - self.fair

    @property
    def clear(self) -> bool:
        lo, hi = self.rate.ci
        return lo > self.fair or hi < self.fair


def first_player(data: ReportData) -> list[FirstPlayer]:
    return [
        FirstPlayer(players, rates[0])
        for players, rates in sorted(data.first_seat.items())
        if rates and rates[0].n
    ]


def extremes(data: ReportData) -> list[tuple[int, tuple[str, Rate], tuple[str, Rate]]]:
    """Per player count, the strongest and the weakest deck of 30 games or more."""
    out = []
    for players, rates in sorted(data.groups.items()):
        sure = sorted(
            ((d, r) for d, r in rates.items() if not r.small), key=lambda t: (-t[1].value, t[0])
        )
        if len(sure) >= 2:
            out.append((players, sure[0], sure[-1]))
    return out
