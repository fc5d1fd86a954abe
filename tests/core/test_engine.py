"""The core's machinery on a toy game, independent of any real game."""

from __future__ import annotations

from typing import Any

import pytest

from cardwright.core import (
    Card,
    Decision,
    Game,
    IllegalChoice,
    Modifier,
    Option,
    Permission,
    State,
    Trigger,
    allowed,
    clone,
    compute,
    state_hash,
)
from cardwright.core.errors import ConfigError
from cardwright.core.state import CardRef
from cardwright.core.steps import Respond, Step


class ToyTurn(Step, tag="toy.turn"):
    """The active player bumps (a response window opens) or stops (and wins)."""

    def ask(self, game: Game, state: State) -> Decision | None:
        return game.question(
            self.seat, "main", "go", [Option("bump", "Bump"), Option("stop", "Stop")]
        )

    def answer(self, game: Game, state: State, option: Option) -> None:
        if option.id == "stop":
            game.end_game(state, [self.seat], "stopped", "toy")
            return
        game.log(state, "bump", "toy", "bump", self.seat)
        game.open_window(state, "toy.window", (self.seat + 1) % 3)


class Toy(Game):
    """Three players; the active player 'bumps'; others may respond; responses trigger pings."""

    id = "toy"
    title = "Toy"
    min_players = 3
    max_players = 3
    step_prefix = "toy."

    def __init__(self) -> None:
        super().__init__()
        from cardwright.core.rules import Rule, RulesIndex

        self.rules = RulesIndex([Rule("toy", "toy rule", "test")])

    def setup(self, state: State) -> None:
        state.names = ["A", "B", "C"]
        self.push_step(state, ToyTurn(seat=0))

    def response_options(self, state: State, frame: Respond, seat: int) -> list[Option]:
        if seat == 2 and len([e for e in state.log if e.kind == "response"]) >= 1:
            return []  # C has nothing left after one response
        return [Option("resp", "Respond")]

    def respond(self, state: State, frame: Respond, seat: int, choice: Option) -> None:
        self.log(state, "response", "toy", f"{seat} responds", seat)
        for owner in (2, 0, 0):
            ping = f"ping{owner}{len(state.triggers)}"
            state.triggers.append(Trigger(ability=ping, source=CardRef(0), controller=owner))
        self.resolve_triggers(state)

    def run_trigger(self, state: State, trigger: Trigger) -> None:
        self.log(state, "ping", "toy", trigger.ability, trigger.controller)


def test_response_window_runs_in_seat_order_until_all_pass_in_a_row() -> None:
    g = Toy()
    s = g.new_state()
    g.apply(s, "bump", 0)
    assert s.decision is not None and s.decision.seat == 1 and s.decision.kind == "respond"
    g.apply(s, "pass", 1)
    assert s.decision.seat == 2
    g.apply(s, "resp", 2)
    # triggers: the active player (0) orders their two different triggers first
    assert s.decision.kind == "order_triggers" and s.decision.seat == 0
    g.apply(s, s.decision.options[-1].id, 0)
    pings = [e.text for e in s.log if e.kind == "ping"]
    assert len(pings) == 3 and pings[-1].startswith("ping2"), "active player's triggers first"
    # after a response the count restarts: 0 and 1 must pass, C auto-passes (no options)
    assert s.decision.seat == 0 and s.decision.kind == "respond"
    g.apply(s, "pass", 0)
    g.apply(s, "pass", 1)
    assert s.decision.kind == "main" and s.decision.seat == 0


def test_illegal_choice_and_wrong_seat_leave_the_state_unchanged() -> None:
    g = Toy()
    s = g.new_state()
    before = state_hash(s)
    with pytest.raises(IllegalChoice, match=r"legal: bump \(Bump\); stop \(Stop\)"):
        g.apply(s, "fly", 0)
    with pytest.raises(IllegalChoice, match="belongs to seat 0"):
        g.apply(s, "bump", 2)
    assert state_hash(s) == before


def test_game_over_refuses_choices_and_cancels_late_questions() -> None:
    g = Toy()
    s = g.new_state()
    g.apply(s, "stop", 0)
    assert s.over and s.decision is None and s.result is not None and s.result.winners == [0]
    with pytest.raises(IllegalChoice, match="over"):
        g.apply(s, "bump")
    g.advance(s)  # the turn step is still on the stack, but an ended game asks nothing more
    assert s.decision is None and g.reask(s) is None and s.stack


def test_next_state_leaves_the_original_alone() -> None:
    g = Toy()
    s = g.new_state()
    child = g.next_state(s, "bump")
    assert s.decision is not None and s.decision.kind == "main"
    assert child.decision is not None and child.decision.kind == "respond"
    assert clone(s) == s


def test_an_event_needs_a_known_timing() -> None:
    from cardwright.core import AFTER, BEFORE, EngineError

    g = Toy()
    s = g.new_state()
    g.emit(s, "scored", BEFORE, 0, card=7)  # a game without abilities: nobody listens
    g.emit(s, "scored", AFTER, 0, card=7)
    assert s.triggers == []
    with pytest.raises(EngineError, match="timing 'later'"):
        g.emit(s, "scored", "later", 0, card=7)


def test_continuous_values_and_cannot_beats_can() -> None:
    mods = [Modifier("power", 2, 1, lambda v: v * 2), Modifier("power", 1, 2, lambda v: v - 5)]
    assert compute(3, mods, floor=0) == 0
    assert compute(7, mods) == 4
    assert allowed([]) is True
    assert allowed([], default=False) is False
    assert allowed([Permission("play", 1, True)], default=False) is True
    assert allowed([Permission("play", 1, True), Permission("play", 2, False)]) is False


class BluffsTurn(Step, tag="bluffs.turn"):
    def ask(self, game: Game, state: State) -> Decision | None:
        return game.question(0, "main", "go", [Option("go", "Go")])

    def answer(self, game: Game, state: State, option: Option) -> None:
        game.end_game(state, [0], "done", "toy")


class Bluffs(Game):
    """Two players; seat 1 holds three hidden cards and two face down (which must be bluffs)."""

    id = "bluffs"
    title = "Bluffs"
    min_players = 2
    max_players = 2
    step_prefix = "bluffs."
    constrained = True

    def setup(self, state: State) -> None:
        from cardwright.core.zones import create_card

        state.names = ["A", "B"]
        state.zones = {"hand:1": [], "down:1": []}
        for defn in ("plain1", "plain2", "bluff3"):
            create_card(state, defn, 1, "hand:1")
        for defn in ("bluff1", "bluff2"):
            create_card(state, defn, 1, "down:1", face_up=False)
        self.push_step(state, BluffsTurn(seat=0))

    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        return card.owner == seat

    def pool_key(self, state: State, zone: str, seat: int) -> str:
        return "hidden:1"

    def pool_known(self, state: State, pool: str, seat: int) -> bool:
        return True

    def complete_determinized(self, view: State, state: State, seed: int) -> None:
        if not self.constrained:
            return
        # exchange definitions, not cards: each place keeps its public status (face down)
        cards = state.cards
        hand = [cards[c] for c in state.zones["hand:1"]]
        for card in (cards[c] for c in state.zones["down:1"]):
            if not card.defn.startswith("bluff"):
                other = next(h for h in hand if h.defn.startswith("bluff"))
                card.defn, other.defn = other.defn, card.defn


def test_complete_determinized_lets_a_game_respect_its_hidden_constraints() -> None:
    g = Bluffs()
    s = g.new_state()
    view = g.view(s, 0)
    cards = ["bluff1", "bluff2", "bluff3", "plain1", "plain2"]
    assert sorted(view.pools["hidden:1"] or []) == cards
    for seed in range(40):
        full = g.determinize(view, seed)
        down = sorted(full.cards[c].defn for c in full.zones["down:1"])
        everything = sorted(full.cards[c].defn for z in full.zones.values() for c in z)
        assert all(d.startswith("bluff") for d in down), seed
        assert everything == cards
        assert state_hash(g.view(full, 0)) == state_hash(view)
    g.constrained = False  # without the hook some deals put a plain card face down
    deals = [g.determinize(view, seed) for seed in range(40)]
    assert any(any(d.cards[c].defn.startswith("plain") for c in d.zones["down:1"]) for d in deals)


def test_a_game_that_never_ends_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardwright.core.errors import EngineError
    from cardwright.sim import runner

    monkeypatch.setattr(runner, "MAX_DECISIONS", 5)
    with pytest.raises(EngineError, match=r"seed 7\b.* passed 5 decisions without ending"):
        runner.play_game("bizarre-world", None, 7, ["random", "random"])


def test_play_game_takes_agent_objects_beside_specs() -> None:
    """An agent object plays as it is (its own choices, named by its ``name`` in the record);
    the game is the same as with the spec that makes the same agent."""
    from cardwright.agents import make_agent
    from cardwright.sim import runner

    seen: list[int] = []

    class Watching:
        name = "watching"

        def __init__(self) -> None:
            self.inner = make_agent("random", "bizarre-world", 7 * 31)

        def choose(self, game: Any, state: Any, seat: int) -> str:
            seen.append(seat)
            return self.inner.choose(game, state, seat)

    out, rec = runner.play_game("bizarre-world", None, 7, [Watching(), "random"], record=True)
    base, base_rec = runner.play_game("bizarre-world", None, 7, ["random", "random"], record=True)
    assert rec is not None and base_rec is not None
    assert rec.agents == ["watching", "random"]
    assert rec.choices == base_rec.choices and out.winners == base.winners
    assert seen and set(seen) == {0} and len(seen) == sum(1 for s, _ in rec.choices if s == 0)


@pytest.mark.parametrize("call", ["play_game", "simulate"])
def test_an_agent_that_is_neither_spec_nor_agent_is_one_config_error(call: str) -> None:
    from cardwright.sim import runner

    with pytest.raises(ConfigError, match=r"^agent 42: .*spec"):
        if call == "play_game":
            runner.play_game("bizarre-world", None, 7, [42, "random"])  # type: ignore[list-item]
        else:
            runner.simulate("bizarre-world", 2, [42, "random"])  # type: ignore[list-item]
