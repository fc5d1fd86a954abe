from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwright.core.errors import EngineError
from cardwright.core.rng import LocalRng, randbelow, roll, seed_rng, shuffle
from cardwright.core.state import State


@given(seed=st.integers(), n=st.integers(min_value=1, max_value=10**12))
def test_randbelow_stays_in_range(seed: int, n: int) -> None:
    rng = LocalRng(seed)
    assert all(0 <= rng.randbelow(n) < n for _ in range(20))


@given(seed=st.integers(), items=st.lists(st.integers(), max_size=60))
def test_shuffle_is_a_permutation_and_repeatable(seed: int, items: list[int]) -> None:
    a, b = list(items), list(items)
    LocalRng(seed).shuffle(a)
    LocalRng(seed).shuffle(b)
    assert a == b and sorted(a) == sorted(items)


def test_forced_values_come_first_and_are_checked() -> None:
    s = State(game="t")
    seed_rng(s, 3)
    s.forced = [4, 0]
    assert roll(s, 6) == 5 and randbelow(s, 2) == 0
    s.forced = [9]
    with pytest.raises(EngineError):
        randbelow(s, 6)


def test_rng_state_is_one_integer_and_copies_with_the_state() -> None:
    s = State(game="t")
    seed_rng(s, 42)
    saved = s.rng
    first = [randbelow(s, 100) for _ in range(5)]
    s.rng = saved
    assert [randbelow(s, 100) for _ in range(5)] == first


def test_uniformity_is_plausible() -> None:
    rng = LocalRng(7)
    counts = [0] * 6
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_400 < c < 10_600 for c in counts)
    items = list(range(5))
    shuffle(State(game="t"), items)
