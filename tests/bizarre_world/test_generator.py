from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwright.core.errors import DataError
from cardwright.core.rng import LocalRng
from cardwright.games.bizarre_world import generator as gen


def test_the_promo_example_scores_zero() -> None:
    # Flaming Rock of Minimum Wage at cost 1: 1 + 1 - 2 + 0 = 0 (research §2.2, the promo)
    assert gen.card_def("Flaming Rock of Minimum Wage (1)").points == 0


def test_cost_zero_counts_as_minus_one() -> None:
    assert gen.cost_points(0) == -1
    assert gen.card_def("Flaming Box-Man of Sacrifice (0)").points == 1


def test_table_facts_of_the_default_ruleset() -> None:
    combos = gen.all_combinations()
    assert len(combos) == 1000
    assert sum(1 for c in combos if gen.cheapest_legal_cost(*c) == 0) == 38
    assert max(gen.cheapest_legal_cost(*c) for c in combos) == 10
    a, n, o = gen.split_name("Heavily Insured Lollipop of Capitalism")
    assert gen.cheapest_legal_cost(a, n, o) == 10


def test_rulesets_change_the_right_layers() -> None:
    old, new, latest = (gen.tables(r) for r in ("2021-12-30", "2022-01-01", "2023-01-18"))
    assert old.find("noun", "Eraser").attack == 0 and new.find("noun", "Eraser").attack == 2
    assert old.find("noun", "Tree").value == -3 and new.find("noun", "Tree").value == -2
    assert old.find("of", "Loneliness").cost == "require(count(creatures(whose='you')) == 1)"
    assert gen.tables("2021-12-31").find("of", "Loneliness").value == 2
    assert latest.find("noun", "Lollipop").alt_attack == 2
    assert new.find("noun", "Lollipop").alt_attack == 0
    with pytest.raises(DataError, match="unknown Bizarre World ruleset"):
        gen.tables("1999-01-01")


@given(seed=st.integers(), ruleset=st.sampled_from(gen.rulesets()))
def test_random_cards_have_zero_or_one_point(seed: int, ruleset: str) -> None:
    card = gen.random_card(LocalRng(seed), ruleset)
    assert card.points in (0, 1)
    assert card.cost >= 0


def test_names_are_read_whatever_the_spacing_and_case() -> None:
    assert gen.card_def("boring  rock of minimum wage (2)").id == "Boring Rock of Minimum Wage (2)"
    with pytest.raises(DataError, match="unknown card 'Boring Rok of Minimum Wage'"):
        gen.card_def("Boring Rok of Minimum Wage (2)")
    with pytest.raises(DataError, match="has no cost"):
        gen.card_def("Boring Rock of Minimum Wage")


def test_definitions_are_shared_not_copied() -> None:
    assert gen.card_def("Boring Rock of Minimum Wage (2)") is gen.card_def(
        "Boring Rock of Minimum Wage (2)"
    )
