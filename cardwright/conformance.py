"""The conformance checks every game must pass (used by ``tests/test_conformance.py``).

Each check raises ``AssertionError`` with a message naming the game, seed and step. They are
plain functions so a game developed outside this repository can run them in its own tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardwright.agents import RandomAgent
from cardwright.core.errors import IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import State, clone, from_json, state_hash, to_json
from cardwright.core.zones import total_cards

MAX_DECISIONS = 20_000


@dataclass
class Playthrough:
    game: str
    config: dict[str, Any]
    seed: int
    choices: list[tuple[int, str]] = field(default_factory=list)
    final_hash: str = ""
    checked_states: int = 0


def check_view(game: Game, state: State, seat: int, where: str) -> State:
    """The view hides what it must, and determinizing it gives states with the same view."""
    view = game.view(state, seat)
    assert view.rng == 0 and not view.forced and view.seed == 0, f"{where}: view leaks the RNG"
    for zone, ids in state.zones.items():
        vids = view.zones[zone]
        assert len(vids) == len(ids), f"{where}: view changes the size of {zone}"
        for real, shown in zip(ids, vids, strict=True):
            hidden = not game.card_visible(state, zone, state.cards[real], seat)
            if hidden:
                assert shown < 0, f"{where}: seat {seat} sees hidden card {real} in {zone}"
                assert real not in view.cards, f"{where}: hidden card {real} is in the view"
            else:
                assert shown == real, f"{where}: visible card {real} in {zone} was masked"
    decision = view.decision
    if decision is not None and decision.seat != seat:
        assert not decision.options, f"{where}: seat {seat} sees another seat's options"
    for event in view.log:
        if event.visible_to is not None:
            assert seat in event.visible_to, f"{where}: seat {seat} sees a private log event"
    for n in (1, 2):
        full = game.determinize(view, n)
        again = game.view(full, seat)
        assert to_json(again) == to_json(view), (
            f"{where}: determinization {n} for seat {seat} does not agree with the view"
        )
        problems = game.invariants(full)
        assert not problems, f"{where}: determinized state breaks invariants: {problems}"
    return view


def check_copy_and_json(game: Game, state: State, where: str) -> None:
    before = state_hash(state)
    round_trip = from_json(type(state), to_json(state))
    assert round_trip == state, f"{where}: JSON round trip is not exact"
    assert state_hash(round_trip) == before, f"{where}: JSON round trip changes the hash"
    copy = clone(state)
    assert copy == state and state_hash(copy) == before, f"{where}: clone differs"
    if copy.decision is not None:
        game.apply(copy, copy.decision.options[-1].id)
        assert state_hash(state) == before, f"{where}: playing on a clone changed the original"


def check_refusals(game: Game, state: State, where: str) -> None:
    if state.decision is None:
        return
    before = state_hash(state)
    for bad, seat in (
        ("no-such-option", None),
        (state.decision.options[0].id, (state.decision.seat + 1) % max(1, state.num_players)),
    ):
        if seat == state.decision.seat:
            continue
        try:
            game.apply(state, bad, seat)
        except IllegalChoice as exc:
            assert "\n" not in str(exc), f"{where}: the refusal is not one line"
        else:
            raise AssertionError(f"{where}: illegal choice {bad!r} by seat {seat} was accepted")
        assert state_hash(state) == before, f"{where}: a refused choice changed the state"


def play_checked(
    game: Game, config: dict[str, Any], seed: int, *, deep_every: int = 15, log: bool = False
) -> Playthrough:
    """Play one random game, checking invariants at every step and the deep properties
    (copies, JSON, views, determinization, refusals) every ``deep_every`` steps."""
    state = game.new_state(config, seed, log=log)
    agent = RandomAgent(seed)
    record = Playthrough(game.id, dict(config), seed)
    cards = len(state.cards)
    step = 0
    while state.decision is not None:
        where = f"{game.id} seed {seed} step {step}"
        assert step < MAX_DECISIONS, f"{where}: no end after {MAX_DECISIONS} decisions"
        problems = game.invariants(state)
        assert not problems, f"{where}: invariants broken: {problems}"
        assert len(state.cards) == cards and total_cards(state) == cards, (
            f"{where}: {total_cards(state)} cards in zones, {len(state.cards)} in the table, "
            f"{cards} at the start"
        )
        if step % deep_every == 0:
            check_copy_and_json(game, state, where)
            check_refusals(game, state, where)
            for seat in range(state.num_players):
                check_view(game, state, seat, where)
            record.checked_states += 1
        seat = state.decision.seat
        choice = agent.choose(game, state, seat)
        record.choices.append((seat, choice))
        game.apply(state, choice, seat)
        step += 1
    assert state.result is not None
    record.final_hash = state_hash(state)
    return record


def check_replay(game: Game, record: Playthrough) -> None:
    """The same (config, seed, choices) reach the same final hash, with and without a log."""
    for log in (False, True):
        state = game.new_state(record.config, record.seed, log=log)
        for seat, choice in record.choices:
            game.apply(state, choice, seat)
        assert state_hash(state) == record.final_hash, (
            f"{game.id} seed {record.seed}: replay (log={log}) reached another state"
        )


def check_log_citations(game: Game, state: State) -> None:
    """Every log event cites a rule that exists in the game's rules index."""
    for event in state.log:
        assert event.rule in game.rules, (
            f"{game.id}: log event {event.kind!r} cites unknown rule {event.rule!r}"
        )
