"""Core additions made for Munchkin (issue 11), on the toy game of ``test_vocab``:
conditional values, die rolls, drawing from a named pile face up or down, refilling a named
pile, and a game's own hook items with a cost."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.state import State
from cardwright.core.vocab import Effect, core_words, hooks_from
from cardwright.core.zones import create_card

from .test_vocab import Toy, play
from .toys import run_subject, toy_state


# ------------------------------------------------------------------------------ values
def test_a_conditional_value_reads_as_python() -> None:
    w = core_words()
    # "5 if <condition> else 0": the bonus of a monster against a class
    _, s = play("gain('life', 5 if count(cards('hand')) >= 2 else 1)", {"hand:0": ["pebble"]})
    assert s.config["life"][0] == 11
    _, s = play("gain('life', 5 if count(cards('hand')) >= 2 else 1)", {"hand:0": ["a", "b"]})
    assert s.config["life"][0] == 15
    with pytest.raises(DataError, match="unknown word"):
        w.parse("1 if nonsense else 2", "test")


# ------------------------------------------------------------------------------ rolls
def test_roll_binds_the_face_and_is_logged_as_chance() -> None:
    game = Toy({"subject": "roll(gain('life', var('roll')))"})
    state = toy_state(game, {})
    state.forced = [3]  # a roll of 4
    run_subject(game, state)
    assert state.config["life"][0] == 14
    rolls = [e for e in state.log if e.kind == "roll"]
    assert rolls and rolls[0].data["face"] == 4 and rolls[0].data["chance"] is True


def test_roll_then_a_condition_on_the_face() -> None:
    text = "roll(if_else(var('roll') <= 2, gain('life', -10), gain('life', var('roll'))))"
    for forced, life in ((0, 0), (5, 16)):
        game = Toy({"subject": text})
        state = toy_state(game, {})
        state.forced = [forced]
        run_subject(game, state)
        assert state.config["life"][0] == life


# ------------------------------------------------------------------------------ drawing
class Piles(Toy):
    """A toy game with one shared pile (its zone key has no seat) and hidden draws."""

    drawn_face_up = False

    def zone_key(self, zone: str, seat: int) -> str:
        return zone if zone in ("pile", "pile_discard") else f"{zone}:{seat}"

    def refill_pile(self, state: State, seat: int, rule: str, pile: str) -> bool:
        if pile != "pile" or not state.zones["pile_discard"]:
            return False
        state.zones["pile"], state.zones["pile_discard"] = state.zones["pile_discard"], []
        return True

    def hidden_draw_text(self, state: State, seat: int, pile: str) -> str:
        return f"a card from the {pile}"


def test_draw_from_a_named_pile_face_down_or_face_up_and_refill_it() -> None:
    game = Piles({"subject": "draw(1)"})
    state = game.state_cls(game=game.id)
    game.setup(state)
    state.zones["pile"], state.zones["pile_discard"], state.zones["table:1"] = [], [], []
    a = create_card(state, "pebble", -1, "pile").id
    b = create_card(state, "stone", -1, "pile_discard").id
    assert game.draw(state, 0, 1, "toy", deck="pile") == 1
    assert state.zones["hand:0"] == [a] and state.cards[a].face_up is False
    line = state.log[-1]
    assert line.visible_to == [0] and line.redacted == "A draws a card from the pile"
    # empty: the discard pile is shuffled in (the game's hook), then drawn face up, in public
    assert game.draw(state, 1, 2, "toy", deck="pile", hand="table", public=True) == 1
    assert state.zones["table:1"] == [b] and state.cards[b].face_up is True
    assert state.log[-2].visible_to is None and state.log[-2].text.endswith("face up")
    assert state.log[-1].kind == "draw_empty"


def test_the_draw_verb_names_its_pile() -> None:
    w = core_words()
    verb = w.parse("draw(3, deck='treasure_deck', face_up=True)", "test")
    assert verb.constant == ([3], {"deck": "treasure_deck", "face_up": True})


# ------------------------------------------------------------------------------ hook items
@dataclass(frozen=True)
class Power:
    label: str
    effect: Effect
    cost: Effect | None = None


def test_a_games_own_hook_items_index_their_effect_and_cost() -> None:
    w = core_words()
    power = Power("berserk", w.parse("gain('life', 1)", "t"), w.parse("discard(1)", "t"))
    hooks: dict[str, Any] = hooks_from([])
    hooks["powers"] = (power,)
    ab = Ability("warrior", "toy", hooks)
    registry = Registry("toy", [ab], {"powers": "abilities the holder may use"})
    assert registry.nodes["toy/warrior/powers/0"][0] is power.effect
    assert registry.nodes["toy/warrior/powers/0/cost"][0] is power.cost
