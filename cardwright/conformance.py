"""The conformance checks every game must pass (used by ``tests/test_conformance.py``).

Each check raises ``AssertionError`` with a message naming the game, seed and step. They are
plain functions so a game developed outside this repository can run them in its own tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec

from cardwright.agents import Agent, RandomAgent
from cardwright.core.errors import IllegalChoice
from cardwright.core.game import Game
from cardwright.core.refs import map_refs
from cardwright.core.rng import LocalRng
from cardwright.core.state import (
    HIDDEN,
    SPECTATOR,
    Card,
    CardRef,
    State,
    clone,
    from_json,
    state_hash,
    to_json,
)
from cardwright.core.zones import total_cards
from cardwright.games import GAMES, option_forms

MAX_DECISIONS = 20_000


@dataclass
class Playthrough:
    game: str
    config: dict[str, Any]
    seed: int
    choices: list[tuple[int, str]] = field(default_factory=list)
    final_hash: str = ""
    checked_states: int = 0


def _status(card: Card) -> tuple[bool, bool, dict[str, int], int, int]:
    """What a seat may see of a card it cannot identify: the fields its placeholder keeps."""
    return (card.exhausted, card.face_up, card.counters, card.owner, card.controller)


def check_hidden_status(game: Game, state: State, view: State, seat: int, where: str) -> None:
    """What ``view`` (``state`` as ``seat`` sees it) shows of the cards the seat may not
    identify is true: each placeholder holds the real card's public fields (exhausted, face up,
    counters, owner, controller) and the definition ``HIDDEN``, and in the view the seat still
    would not identify it. The hidden cards of one place share one owner and controller (the
    place shows them; otherwise they would tell hidden cards apart). The view's card table
    holds the cards of its zones, nothing else."""
    for zone, ids in state.zones.items():
        owners = set()
        for real, shown in zip(ids, view.zones[zone], strict=True):
            if shown >= 0:
                continue
            card, placeholder = state.cards[real], view.cards.get(shown)
            assert placeholder is not None, f"{where}: placeholder {shown} has no card"
            assert placeholder.id == shown and placeholder.defn == HIDDEN, (
                f"{where}: placeholder {shown} of {zone} is card {placeholder.id} "
                f"{placeholder.defn!r}, not {shown} {HIDDEN!r}"
            )
            assert _status(placeholder) == _status(card), (
                f"{where}: seat {seat} sees hidden card {real} in {zone} as (exhausted, face "
                f"up, counters, owner, controller) {_status(placeholder)}; it is {_status(card)}"
            )
            assert not game.card_visible(view, zone, placeholder, seat), (
                f"{where}: in its view, seat {seat} would identify placeholder {shown} in {zone}"
            )
            owners.add((card.owner, card.controller))
        assert len(owners) <= 1, (
            f"{where}: the cards of {zone} hidden from seat {seat} have several (owner, "
            f"controller): {sorted(owners)}, which their placeholders would show"
        )
    in_zones = [c for ids in view.zones.values() for c in ids]
    assert sorted(view.cards) == sorted(in_zones), (
        f"{where}: the card table of seat {seat}'s view is not the cards of its zones"
    )


def check_view(game: Game, state: State, seat: int, where: str) -> State:
    """The view hides what it must, shows what is public of hidden cards, and determinizing
    it gives states with the same view, each dealt card keeping its placeholder's fields."""
    view = game.view(state, seat)
    check_hidden_status(game, state, view, seat, where)
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
        for zone, ids in view.zones.items():
            for shown, dealt in zip(ids, full.zones[zone], strict=True):
                assert shown >= 0 or _status(full.cards[dealt]) == _status(view.cards[shown]), (
                    f"{where}: determinization {n} for seat {seat} deals card {dealt} into "
                    f"{zone} as {_status(full.cards[dealt])}; the view shows "
                    f"{_status(view.cards[shown])}"
                )
        again = game.view(full, seat)
        assert to_json(again) == to_json(view), (
            f"{where}: determinization {n} for seat {seat} does not agree with the view"
        )
        problems = game.invariants(full)
        assert not problems, f"{where}: determinized state breaks invariants: {problems}"
    return view


def check_spectator(game: Game, state: State, where: str) -> State:
    """A spectator's view (``game.view(state, SPECTATOR)``: what a server sends someone
    watching) identifies no card that some seat cannot, carries no options and no private
    log line, and shows of each hidden card only its public fields."""
    view = game.view(state, SPECTATOR)
    check_hidden_status(game, state, view, SPECTATOR, where)
    assert view.rng == 0 and not view.forced and view.seed == 0, f"{where}: view leaks the RNG"
    for zone, ids in state.zones.items():
        for real, shown in zip(ids, view.zones[zone], strict=True):
            if shown < 0:
                continue
            card = state.cards[real]
            blind = [
                s for s in range(state.num_players) if not game.card_visible(state, zone, card, s)
            ]
            assert not blind, (
                f"{where}: a spectator sees card {real} in {zone}, which seat {blind[0]} cannot"
            )
    if view.decision is not None:
        assert not view.decision.options, f"{where}: a spectator sees the options"
    for event in view.log:
        assert event.visible_to is None, f"{where}: a spectator sees a private log event"
    return view


def check_reask(game: Game, state: State, where: str) -> None:
    """Asking has no side effects: the pending question, asked again of the same state, is
    the same question, and asking changed nothing (determinization and search re-ask)."""
    decision = state.decision
    if decision is None:
        return
    before = _encode(state)
    again = state.stack[-1].ask(game, state)
    changed = _encode(state) != before
    then = [o.id for o in again.options] if again is not None else None
    assert again == decision, (
        f"{where}: asked again, {decision.kind!r} for seat {decision.seat} is another question: "
        f"{[o.id for o in decision.options]} then {then}"
    )
    assert not changed, f"{where}: asking {decision.kind!r} changed the state"


_encode = msgspec.msgpack.Encoder().encode


def _hidden_by_pool(game: Game, state: State, seat: int) -> dict[str, list[tuple[str, int]]]:
    pools: dict[str, list[tuple[str, int]]] = {}
    for zone, ids in state.zones.items():
        for i, cid in enumerate(ids):
            if not game.card_visible(state, zone, state.cards[cid], seat):
                pools.setdefault(game.pool_key(state, zone, seat), []).append((zone, i))
    return pools


def hidden_swaps(
    game: Game, state: State, seat: int, rng: LocalRng, tries: int = 3
) -> Iterator[tuple[str, State]]:
    """States ``seat`` must not tell from ``state``: two hidden cards of different
    definitions that the seat could not tell apart (same pool: within a hidden zone or
    between hidden zones of other seats) exchanged, each with the pending question asked
    afresh. Each place keeps its status (exhausted, facing, counters, owner: what the view
    shows of a hidden card, so a face-down bluff stays a bluff and a turned resource stays
    turned); what is exchanged is what the view must not show. Two exchanges per pair, each
    yielded with words saying what was exchanged:

    * the definitions change places and the ids stay (catches names, labels and texts that
      betray a hidden card);
    * the cards change places, ids included, and every typed reference follows its place (so a
      step that remembers "the card at that place" now names the other card: catches ids that
      betray a card, as when ids are dealt in the same order in every game)."""
    for pool, places in _hidden_by_pool(game, state, seat).items():
        for _ in range(tries):
            if len(places) < 2:
                break
            (za, ia), (zb, ib) = (places[rng.randbelow(len(places))] for _ in range(2))
            a, b = state.zones[za][ia], state.zones[zb][ib]
            if state.cards[a].defn == state.cards[b].defn:
                continue
            renamed = clone(state)
            ca, cb = renamed.cards[a], renamed.cards[b]
            ca.defn, cb.defn = cb.defn, ca.defn
            moved = clone(renamed)
            renamed.decision = game.reask(renamed)
            yield (
                f"hidden cards {a} and {b} of {pool} apart (their definitions were exchanged)",
                renamed,
            )
            _relabel(moved, a, b)
            moved.decision = game.reask(moved)
            yield (
                f"hidden cards {a} and {b} of {pool} (the cards, ids and all, were exchanged)",
                moved,
            )


def check_hidden_swaps(
    game: Game, state: State, seat: int, where: str, rng: LocalRng, tries: int = 3
) -> None:
    """What ``seat`` cannot see cannot change its view: in every state of
    :func:`hidden_swaps` the seat's view is the same."""
    view = to_json(game.view(state, seat))
    for what, swapped in hidden_swaps(game, state, seat, rng, tries):
        assert to_json(game.view(swapped, seat)) == view, f"{where}: seat {seat} tells {what}"


def _relabel(state: State, a: int, b: int) -> None:
    """Exchange the ids ``a`` and ``b`` everywhere: zones, the card table, typed references."""
    swap = {a: b, b: a}
    for ids in state.zones.values():
        if a in ids or b in ids:
            ids[:] = [swap.get(c, c) for c in ids]
    ca, cb = state.cards[a], state.cards[b]
    ca.id, cb.id = b, a
    state.cards[a], state.cards[b] = cb, ca
    map_refs(state, lambda r: CardRef(swap.get(r, r)))


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
    game: Game,
    config: dict[str, Any],
    seed: int,
    *,
    deep_every: int = 15,
    log: bool = False,
    agent: Agent | None = None,
) -> Playthrough:
    """Play one game (random choices unless ``agent`` is given, e.g. a heuristic, which takes
    other paths), checking invariants, re-asking the pending question and what the deciding
    seat's view shows of hidden cards at every step, and the deep properties (copies, JSON,
    every seat's view, determinization, refusals, hidden swaps) every ``deep_every`` steps."""
    state = game.new_state(config, seed, log=log)
    if agent is None:
        agent = RandomAgent(seed)
    swap_rng = LocalRng(seed)
    record = Playthrough(game.id, dict(config), seed)
    cards = game.conserved_cards(state)
    step = 0
    while state.decision is not None:
        where = f"{game.id} seed {seed} step {step}"
        assert step < MAX_DECISIONS, f"{where}: no end after {MAX_DECISIONS} decisions"
        problems = game.invariants(state)
        assert not problems, f"{where}: invariants broken: {problems}"
        counted = game.conserved_cards(state)
        assert counted == cards and total_cards(state) == len(state.cards), (
            f"{where}: {total_cards(state)} cards in zones, {len(state.cards)} in the table, "
            f"{counted} counted, {cards} at the start"
        )
        check_reask(game, state, where)
        check_option_ids(game, state, where)
        seat = state.decision.seat
        if step % deep_every == 0:
            check_copy_and_json(game, state, where)
            check_refusals(game, state, where)
            for viewer in range(state.num_players):
                check_view(game, state, viewer, where)
                check_hidden_swaps(game, state, viewer, where, swap_rng)
            check_spectator(game, state, where)
            check_hidden_swaps(game, state, SPECTATOR, where, swap_rng)
            record.checked_states += 1
        else:  # the view an agent that must not cheat decides from (a search's root)
            check_hidden_status(game, state, game.view(state, seat), seat, where)
        choice = agent.choose(game, state, seat)
        record.choices.append((seat, choice))
        game.apply(state, choice, seat)
        step += 1
    assert state.result is not None
    record.final_hash = state_hash(state)
    return record


def check_option_ids(game: Game, state: State, where: str) -> None:
    """Every option offered takes a form the game declares for its decision's kind (the
    tables of ``cardwright scenario options``, so they stay true)."""
    decision = state.decision
    if decision is None or game.id not in GAMES:  # a game outside the registry declares none
        return
    undeclared = option_forms(game.id).undeclared(decision.kind, (o.id for o in decision.options))
    assert not undeclared, (
        f"{where}: option ids {undeclared} take no form declared for the decision kind "
        f"{decision.kind!r} (the game's option_ids.py)"
    )


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
