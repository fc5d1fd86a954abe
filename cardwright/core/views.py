"""Per-seat views of a state, and determinization back to full states.

A view replaces every card the seat may not identify by a placeholder id (-1, -2, ... in zone
order), so neither its definition nor its real id leaks. Its instance becomes a placeholder
card under that id, which keeps what the seat can see of it and nothing else:

* ``exhausted``, ``face_up`` and ``counters``: public facts about a card whose face is hidden
  (an opponent sees that a face-down resource is turned sideways, that a face-down card in a
  support area is a bluff);
* ``owner`` and ``controller``: the place shows them (a hand's, a deck's owner; a shared deck's
  nobody: the conformance suite checks that every hidden card of a place has the same ones);
* ``defn`` is :data:`~.state.HIDDEN` for every placeholder: never a definition, so nothing
  that reads a definition mistakes a placeholder for a known card (``known_card``).

Rules must therefore reset the status of a card that goes where that status is not public
(a card shuffled into a deck is ready and face down), or the view would show it.

The placeholder replaces the card everywhere it is referenced (flow steps, triggers, lasting
effects, log events): references are found by their declared type (:mod:`.refs`), so a step
that remembers a hidden card refers to the same placeholder as the zone, and determinization
puts the dealt card back in both places. Other hidden parts are scrubbed too: the RNG and the
seed, other seats' pending options and other seats' private log lines. Nothing is masked by the
name of a field: a card id in a field not declared as a card reference is an error the
conformance suite reports (``tests/test_conformance.py``, typed card fields).

For each placeholder the view records its pool in ``view.pools``: the sorted definitions of the
pool when the seat knows them (its own deck), or ``None`` when it does not (the opponent's
hidden cards in a game without open decklists). Determinization deals a definition onto each
placeholder card, which keeps its public status, so the view of a determinized state is the
view it came from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .refs import map_refs
from .rng import LocalRng
from .state import HIDDEN, CardRef, Decision, LogEvent, S, clone

if TYPE_CHECKING:
    from .game import Game


def make_view(game: Game[S], state: S, seat: int) -> S:
    view = clone(state)
    view.viewer = seat
    view.seed = 0
    view.rng = 0
    view.forced = []
    view.next_id = 0
    view.config = game.mask_config(view.config, seat)
    hidden: dict[int, int] = {}  # real id -> placeholder
    pools: dict[str, list[str] | None] = {}
    placeholder = 0
    cards = view.cards
    for zone, ids in view.zones.items():
        for i, cid in enumerate(ids):
            card = cards[cid]
            if game.card_visible(view, zone, card, seat):
                continue
            pool = game.pool_key(view, zone, seat)
            if pool not in pools:
                pools[pool] = [] if game.pool_known(view, pool, seat) else None
            known = pools[pool]
            if known is not None:
                known.append(card.defn)
            placeholder -= 1
            hidden[cid] = placeholder
            ids[i] = placeholder
    for cid, placeholder in hidden.items():
        card = cards.pop(cid)  # the view's own copy: it becomes the placeholder card
        card.id = placeholder
        card.defn = HIDDEN
        cards[placeholder] = card
    for defs in pools.values():
        if defs is not None:
            defs.sort()
    view.pools = pools
    if view.decision is not None and view.decision.seat != seat:
        view.decision = Decision(
            seat=view.decision.seat,
            kind=view.decision.kind,
            prompt=view.decision.prompt,
            options=[],
            rule=view.decision.rule,
        )
    view.log = [_visible_event(e, seat) for e in view.log if _sees(e, seat)]
    if hidden:
        get = hidden.get
        map_refs(view, lambda ref: CardRef(get(ref, ref)))
    return view


def _sees(event: LogEvent, seat: int) -> bool:
    return event.visible_to is None or seat in event.visible_to or bool(event.redacted)


def _visible_event(event: LogEvent, seat: int) -> LogEvent:
    if event.visible_to is None or seat in event.visible_to:
        return event
    return LogEvent(
        seq=event.seq,
        turn=event.turn,
        kind=event.kind,
        rule=event.rule,
        text=event.redacted,
        seat=event.seat,
        data={},
        visible_to=None,
    )


def determinize(game: Game[S], view: S, seed: int) -> S:
    """Fill a view's placeholders with cards drawn from the viewer's pools.

    Known pools are shuffled and dealt; unknown ones are sampled from the game's prior. Each
    placeholder card becomes the card dealt in its place, with a fresh id and the placeholder's
    public status (exhausted, face up, counters, owner, controller), so the result is a full
    state (``viewer == -1``) whose view for the same seat equals ``view``.
    """
    seat = view.viewer
    state = clone(view)
    state.viewer = -1
    state.pools = {}
    rng = LocalRng(seed)
    state.rng = rng.rng ^ 0x5DEECE66D
    # which placeholders belong to which pool, in zone order
    slots: dict[str, list[tuple[str, int]]] = {}
    for zone, ids in state.zones.items():
        for i, cid in enumerate(ids):
            if cid < 0:
                slots.setdefault(game.pool_key(state, zone, seat), []).append((zone, i))
    next_id = max([0, *state.cards, view.next_id - 1]) + 1
    dealt: dict[int, int] = {}  # placeholder -> the card dealt there
    cards = state.cards
    for pool, places in slots.items():
        known = view.pools.get(pool)
        if known is not None:
            defs = list(known)
            rng.shuffle(defs)
        else:
            defs = game.sample_unknown(state, pool, len(places), rng)
        for (zone, i), defn in zip(places, defs, strict=True):
            cid = CardRef(next_id)
            placeholder = state.zones[zone][i]
            card = cards.pop(placeholder)  # keeps what the view showed of the card
            card.id = cid
            card.defn = defn
            cards[cid] = card
            dealt[placeholder] = cid
            state.zones[zone][i] = cid
            next_id += 1
    if dealt:
        get = dealt.get
        map_refs(state, lambda ref: CardRef(get(ref, ref)))
    state.next_id = next_id
    game.complete_determinized(view, state, seed)
    if state.decision is not None and not state.decision.options:
        _reask(game, state)
    return state


def _reask(game: Game[S], state: S) -> None:
    """Recompute the options of another seat's decision, which the view did not carry."""
    state.decision = state.stack[-1].ask(game, state)
