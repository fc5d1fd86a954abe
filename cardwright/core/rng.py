"""A seeded, serialisable random number generator that lives inside the game state.

The generator is SplitMix64: its whole state is one 64-bit integer (``state.rng``), so a state
copies, saves and hashes its randomness like any other field. Python's ``random.Random`` keeps
625 words of state, which would dominate the cost of a clone. Tests and scenarios can force
outcomes by putting values in ``state.forced``: the next draws return them (checked against their
range) before the generator is used again.

>>> from cardwright.core.state import State
>>> s = State(game="demo", seed=7)
>>> seed_rng(s, 7); roll(s, 6) in range(1, 7)
True
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .errors import EngineError

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class HasRng(Protocol):
    rng: int
    forced: list[int]


def seed_rng(state: HasRng, seed: int) -> None:
    """Start the generator from a user seed (any integer)."""
    state.rng = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: HasRng) -> int:
    """The next raw 64-bit output."""
    s = (state.rng + _GOLDEN) & _MASK
    state.rng = s
    z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def randbelow(state: HasRng, n: int) -> int:
    """A uniform integer in ``[0, n)``; a forced value is used first if one is queued."""
    if n <= 0:
        raise EngineError(f"randbelow needs a positive bound, got {n}")
    if state.forced:
        value = state.forced.pop(0)
        if not 0 <= value < n:
            raise EngineError(f"forced random value {value} is outside [0, {n})")
        return value
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = next_u64(state)
        if x < limit:
            return x % n


def roll(state: HasRng, sides: int) -> int:
    """A die roll from 1 to ``sides``. A forced value for a roll is the face minus one."""
    return randbelow(state, sides) + 1


def shuffle(state: HasRng, items: list[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates, drawing from the state's generator)."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: HasRng, items: list[T]) -> T:
    """One element of a non-empty list, uniformly."""
    return items[randbelow(state, len(items))]


class LocalRng:
    """A stand-alone generator with the same algorithm, for agents and tools outside a state."""

    def __init__(self, seed: int) -> None:
        self.rng = 0
        self.forced: list[int] = []
        seed_rng(self, seed)

    def randbelow(self, n: int) -> int:
        return randbelow(self, n)

    def choice(self, items: list[T]) -> T:
        return choice(self, items)

    def shuffle(self, items: list[T]) -> None:
        shuffle(self, items)
