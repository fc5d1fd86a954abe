"""Core additions made for Varia, on a toy game: dice rolls through the RNG (advantage,
fixed faces, forced results), the stack words (``stacks``, ``gain_stacks``, ``lose_stacks``),
"treated as" rules seen by one seat only (``treat``, ``Game.card_attr_as``), "becomes"
(``become``, ``lasting.became``), the own modifiers of combined cards (``Game.value(...,
parts=)``) and the conservation hook (``Game.conserved_cards``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from cardwright.core import Game, State
from cardwright.core.dice import roll_dice
from cardwright.core.errors import EngineError
from cardwright.core.lasting import became, expire
from cardwright.core.rng import seed_rng
from cardwright.core.state import CardRef
from cardwright.core.vocab import core_words, start_ability

from .toys import ToyGame, run_subject, toy_state

#: definition -> (types, value, ability expressions)
CARDS: dict[str, tuple[frozenset[str], int, list[str]]] = {
    "imp": (frozenset({"Demonic"}), 1, []),
    "angel": (frozenset({"Angelic"}), 2, []),
    "spear": (frozenset({"Air"}), 3, ["modify('power', 2)"]),
    "shaft": (frozenset(), 1, ["modify('power', 5)"]),
    "eyes": (frozenset(), 0, ["treat('types', 'Demonic', applies=it.zone == 'discard')"]),
    "mask": (
        frozenset(),
        0,
        ["treat('types', 'Mask', applies=it.zone == 'discard', instead=True)"],
    ),
}


class Toy(ToyGame):
    id = "toy-dice"

    def __init__(self, effects: dict[str, str] | None = None) -> None:
        cards = {defn: texts for defn, (_, _, texts) in CARDS.items()}
        super().__init__(core_words(), effects or {}, cards)

    def setup(self, state: State) -> None:
        state.names = ["A", "B"]
        state.config["stacks"] = [{}, {}]
        for seat in (0, 1):
            for zone in ("play", "discard"):
                state.zones[f"{zone}:{seat}"] = []

    def card_attr(self, state: State, card: int, name: str) -> Any:
        if name == "types":
            return CARDS[state.cards[card].defn][0]
        if name == "zone":
            return next(z.split(":")[0] for z, ids in state.zones.items() if card in ids)
        return super().card_attr(state, card, name)

    def stack_count(self, state: State, seat: int, name: str) -> int:
        return int(state.config["stacks"][seat].get(name, 0))

    def change_stacks(
        self, state: State, seat: int, name: str, delta: int, rule: str, source: int | None
    ) -> None:
        piles = state.config["stacks"][seat]
        piles[name] = max(0, piles.get(name, 0) + delta)


def _run(effect: str, cards: dict[str, list[str]] | None = None) -> tuple[Toy, State]:
    game = Toy({"subject": effect})
    return game, run_subject(game, toy_state(game, cards or {"play:0": ["imp"]}), source=1)


# ------------------------------------------------------------------------------ dice
def test_a_roll_gathers_its_dice_and_an_advantage_rolls_again_keeping_one_total() -> None:
    s = State(game="d")
    seed_rng(s, 3)
    s.forced = [0, 1, 3, 3]  # faces 1+2, then 4+4
    higher = roll_dice(s, 2, 4, advantage=1)
    assert (higher.tries, higher.faces, higher.total) == (((1, 2), (4, 4)), (4, 4), 8)
    s.forced = [0, 1, 3, 3]
    lower = roll_dice(s, 2, 4, advantage=-1)
    assert (lower.faces, lower.total) == ((1, 2), 3)
    assert lower.describe() == "2d4: 1+2 / 4+4"
    assert roll_dice(s, 0, 6).total == 0


def test_fixed_faces_roll_nothing_unless_rolled_first() -> None:
    s = State(game="d")
    seed_rng(s, 3)
    before = s.rng
    fixed = roll_dice(s, 3, 6, fixed=3)
    assert fixed.total == 9 and s.rng == before
    s.forced = [5, 5]
    after = roll_dice(s, 2, 6, fixed=2, roll_first=True)
    assert after.tries == ((6, 6),) and after.total == 4 and not s.forced


# ------------------------------------------------------------------------------ stacks
def test_stack_words_read_and_change_a_seats_stacks() -> None:
    _game, s = _run(
        "seq(gain_stacks('Rage', 3), lose_stacks('Rage', 1), gain_stacks('Woe', 2, who=opponent))"
    )
    assert s.config["stacks"] == [{"Rage": 2}, {"Woe": 2}]
    _game, s = _run("lose_stacks('Rage', 'all')")
    assert s.config["stacks"][0] == {"Rage": 0}
    _game, s = _run(
        "seq(gain_stacks('Rage', 2), only_if(stacks('Rage') == 2, gain_stacks('Calm', 1)))"
    )
    assert s.config["stacks"][0] == {"Rage": 2, "Calm": 1}


def test_a_game_without_stacks_says_so() -> None:
    class Plain(Toy):
        id = "toy-plain"
        stack_count = Game.stack_count  # type: ignore[assignment]

    game = Plain()
    state = toy_state(game, {})
    with pytest.raises(EngineError, match="no stacks"):
        game.stack_count(state, 0, "Rage")


# ------------------------------------------------------------------------------ treated as
def test_treated_as_is_seen_by_the_rules_controller_only() -> None:
    game = Toy()
    s = toy_state(game, {"play:0": ["eyes"], "discard:1": ["angel"], "play:1": ["angel"]})
    angel_discarded = s.zones["discard:1"][0]
    angel_in_play = s.zones["play:1"][0]
    assert game.card_attr_as(s, angel_discarded, "types", 0) == {"Angelic", "Demonic"}
    assert game.card_attr_as(s, angel_discarded, "types", 1) == {"Angelic"}
    assert game.card_attr_as(s, angel_in_play, "types", 0) == {"Angelic"}
    assert game.card_attr(s, angel_discarded, "types") == {"Angelic"}  # the card is unchanged


def test_treated_as_instead_replaces_and_expressions_read_with_the_acting_seat() -> None:
    game = Toy(
        {
            "count_demons": "gain_stacks('Seen', "
            "count(cards('discard', whose='any', types_has='Demonic')))"
        }
    )
    s = toy_state(game, {"play:0": ["eyes"], "discard:1": ["angel", "imp"]})
    assert game.registry is not None
    ability = game.registry.ability("count_demons")
    start_ability(game, s, ability, "effect", None, 0)
    start_ability(game, s, ability, "effect", None, 1)
    assert s.config["stacks"] == [{"Seen": 2}, {"Seen": 1}]
    masked = toy_state(game, {"play:0": ["mask"], "discard:1": ["angel"]})
    assert game.card_attr_as(masked, masked.zones["discard:1"][0], "types", 0) == "Mask"


# ------------------------------------------------------------------------------ becomes
def test_become_makes_a_card_a_copy_until_its_occasion() -> None:
    _game, s = _run(
        "become(cards('play', whose='any'), 'spear', until='end_of_moment')",
        {"play:0": ["imp", "angel"]},
    )
    imp, angel = s.zones["play:0"]
    assert became(s, imp) == became(s, angel) == "spear"
    assert became(s, imp, "subtypes") is None
    expire(s, "end_of_moment")
    assert became(s, imp) is None


def test_become_a_copy_of_a_card_takes_its_definition() -> None:
    # the ability runs with card 1 (the spear) as its source: "self" is the spear
    _game, s = _run(
        "become(cards('play', whose='any', other=True), self)", {"play:0": ["spear", "imp"]}
    )
    spear, imp = s.zones["play:0"]
    assert s.cards[spear].defn == "spear" and spear == 1
    assert became(s, imp) == "spear" and became(s, spear) is None
    assert s.cards[imp].defn == "imp"  # the card itself is unchanged: a lasting effect says it


# ------------------------------------------------------------------------------ combined values
def test_a_combined_cards_own_modifiers_count_through_parts() -> None:
    game = Toy()
    s = toy_state(game, {"play:0": ["spear", "shaft"]})
    spear, shaft = s.zones["play:0"]
    assert game.value(s, "power", spear, 3) == 5
    assert game.value(s, "power", spear, 3, parts=[shaft]) == 10
    assert game.conserved_cards(s) == 2 == len(s.cards)
    assert CardRef(spear) in s.zones["play:0"]


def test_modifier_sources_narrow_which_live_cards_are_asked() -> None:
    class Narrow(Toy):
        id = "toy-narrow"

        def modifier_sources(self, state: State, key: str) -> Iterable[int]:
            return []  # as if no live card could change anything

    aura = {"aura": (frozenset(), 0, ["modify('power', 4, applies=it.zone == 'play')"])}
    CARDS.update(aura)
    try:
        wide, narrow = Toy(), Narrow()
        for game, expected in ((wide, 7), (narrow, 3)):
            s = toy_state(game, {"play:0": ["aura", "imp"]})
            imp = s.zones["play:0"][1]
            assert game.value(s, "power", imp, 3) == expected
    finally:
        del CARDS["aura"]
