"""Typed steps, card references by type, and the conformance checks that rely on them."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from cardwright.conformance import check_hidden_swaps, check_reask, check_view
from cardwright.core import Card, Game, State
from cardwright.core.refs import map_refs, opaque_fields
from cardwright.core.rng import LocalRng
from cardwright.core.rules import Rule, RulesIndex
from cardwright.core.state import CardRef, Decision, Option, clone, state_hash, to_json
from cardwright.core.steps import Step
from cardwright.core.zones import create_card


class Peek(Step, tag="peek.pick"):
    """Seat 0 points at one of seat 1's hidden hand cards (remembered by reference), then
    names a number; ``leak`` puts the hidden card's definition in the prompt."""

    chosen: CardRef | None = None
    others: list[CardRef] = msgspec.field(default_factory=list)
    leak: bool = False

    def ask(self, game: Game, state: State) -> Decision | None:
        if self.chosen is None:
            count = len(state.zones["hand:1"])
            options = [Option(f"point:{i}", f"Card {i + 1}", n=i) for i in range(count)]
            return game.question(0, "point", "Point at a card", options, "peek")
        prompt = "Name a number"
        if self.leak:
            prompt += f" ({state.cards[self.chosen].defn})"
        return game.question(0, "name", prompt, [Option("one", "One"), Option("two", "Two")])

    def answer(self, game: Game, state: State, option: Option) -> None:
        if self.chosen is None:
            assert option.n is not None
            self.chosen = CardRef(state.zones["hand:1"][option.n])
            self.others = [CardRef(c) for c in state.zones["hand:1"] if c != self.chosen]
            return
        game.end_game(state, [0], option.id, "peek")


class PeekGame(Game):
    id = "peek"
    title = "Peek"
    step_prefix = "peek."

    def __init__(self, leak: bool = False) -> None:
        super().__init__()
        self.leak = leak
        self.rules = RulesIndex([Rule("peek", "peek", "test")])

    def setup(self, state: State) -> None:
        state.names = ["A", "B"]
        for seat in (0, 1):
            state.zones[f"hand:{seat}"] = []
            for defn in ("apple", "pear", "plum"):
                create_card(state, defn, seat, f"hand:{seat}")
        self.push_step(state, Peek(seat=0, leak=self.leak))

    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        return zone == f"hand:{seat}"

    def pool_known(self, state: State, pool: str, seat: int) -> bool:
        return True


def test_a_typed_reference_to_a_hidden_card_becomes_the_same_placeholder_as_its_place() -> None:
    game = PeekGame()
    state = game.new_state()
    game.apply(state, "point:1", 0)
    step = state.stack[-1]
    assert isinstance(step, Peek) and step.chosen == state.zones["hand:1"][1]
    view = game.view(state, 0)
    vstep = view.stack[-1]
    assert isinstance(vstep, Peek)
    assert vstep.chosen == view.zones["hand:1"][1] < 0, "the step names the placeholder"
    assert set(vstep.others) == {view.zones["hand:1"][0], view.zones["hand:1"][2]}
    full = game.determinize(view, 5)
    fstep = full.stack[-1]
    assert isinstance(fstep, Peek)
    assert fstep.chosen == full.zones["hand:1"][1] > 0, "and the dealt card is put back there"
    check_view(game, state, 0, "peek")


def test_the_hidden_swap_check_passes_a_sound_view_and_catches_a_name_leak() -> None:
    for leak in (False, True):
        game = PeekGame(leak=leak)
        state = game.new_state()
        game.apply(state, "point:0", 0)
        if not leak:
            check_hidden_swaps(game, state, 1, "peek", LocalRng(1), tries=20)
            check_hidden_swaps(game, state, 0, "peek", LocalRng(1), tries=20)
        else:
            with pytest.raises(AssertionError, match="tells hidden cards"):
                check_hidden_swaps(game, state, 0, "peek", LocalRng(1), tries=20)


class Greedy(Step, tag="peek.greedy"):
    """An impure ask: it counts how often it was asked."""

    asked: int = 0

    def ask(self, game: Game, state: State) -> Decision | None:
        self.asked += 1
        return game.question(0, "x", "x", [Option("a", "A")])


def test_the_reask_check_catches_an_ask_that_changes_the_state() -> None:
    game = PeekGame()
    state = game.new_state()
    state.decision = None
    state.stack[-1] = Greedy(seat=0)
    game.advance(state)
    with pytest.raises(AssertionError, match="changed the state"):
        check_reask(game, state, "greedy")


def test_reask_of_a_pure_step_is_the_same_question_and_changes_nothing() -> None:
    game = PeekGame()
    state = game.new_state()
    before = state_hash(state)
    assert game.reask(state) == state.decision
    assert state_hash(state) == before
    check_reask(game, state, "peek")


def test_states_of_a_game_have_one_class_that_copies_pickles_and_decodes_its_steps() -> None:
    import pickle

    game = PeekGame()
    state = game.new_state()
    assert type(state) is game.state_cls is PeekGame().state_cls
    copy = clone(state)
    assert isinstance(copy.stack[-1], Peek) and to_json(copy) == to_json(state)
    assert to_json(pickle.loads(pickle.dumps(state))) == to_json(state)


def test_map_refs_follows_declared_types_only() -> None:
    class Holder(msgspec.Struct):
        one: CardRef
        maybe: CardRef | None
        many: list[CardRef]
        keyed: dict[CardRef, int]
        plain: int
        loose: dict[str, Any]

    h = Holder(CardRef(1), None, [CardRef(2)], {CardRef(3): 3}, 4, {"card": 5})
    map_refs(h, lambda r: CardRef(r * 10))
    assert (h.one, h.maybe, h.many, h.keyed, h.plain, h.loose) == (
        10,
        None,
        [20],
        {30: 3},
        4,
        {"card": 5},
    )
    assert opaque_fields(Holder) == {"Holder": ["loose"]}


class Window(Step, tag="peek.window"):
    """Opens a response window for both seats, then ends the game."""

    opened: bool = False

    def run(self, game: Game, state: State) -> None:
        if not self.opened:
            self.opened = True
            game.open_window(state, "peek.window", 0)
            return
        game.end_game(state, [], "done", "peek")


class WindowGame(PeekGame):
    """Seat 0 may respond with an apple in hand; ``expect`` asks seat 1 whenever its hand
    might hold one (always, as the others see it)."""

    id = "peek-window"

    def __init__(self, expect: bool) -> None:
        super().__init__()
        self.expect = expect

    def setup(self, state: State) -> None:
        super().setup(state)
        state.stack[-1] = Window(seat=0)

    def response_options(self, state: State, frame: Any, seat: int) -> list[Option]:
        if seat == 0 and any(state.cards[c].defn == "apple" for c in state.zones["hand:0"]):
            return [Option("apple", "Respond with an apple")]
        return []

    def response_expected(self, state: State, frame: Any, seat: int) -> bool:
        return self.expect

    def respond(self, state: State, frame: Any, seat: int, choice: Any) -> None:
        state.zones["hand:0"].remove(
            next(c for c in state.zones["hand:0"] if state.cards[c].defn == "apple")
        )


def test_a_window_passes_a_seat_with_nothing_to_play_unless_a_response_is_expected() -> None:
    for expect, asked in ((False, [0]), (True, [0, 1, 0])):
        game = WindowGame(expect)
        state = game.new_state()
        seats = []
        while state.decision is not None:
            seats.append(state.decision.seat)
            options = state.decision.option_ids()
            if state.decision.seat == 1:
                assert options == ["pass"], "a seat with nothing to play may only pass"
            game.apply(state, options[0])
        assert seats == asked
        assert state.result is not None


def test_both_cards_an_option_is_about_are_typed_references() -> None:
    # an option about two cards (a card loaded onto a ship, a power used on a card) names the
    # second as ``target``: a view and determinization map it like the first
    option = Option("load:1:2", "Load", card=CardRef(1), arg="load", target=CardRef(2))
    decision = Decision(0, "turn", "?", [option])
    mapped = map_refs(decision, lambda r: CardRef(-r))
    assert (mapped.options[0].card, mapped.options[0].target) == (-1, -2)
    assert mapped.options[0].arg == "load"
