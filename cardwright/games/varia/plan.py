"""Planning on the timeline: the action and reaction steps, the fast steps' answers, combos and
replacements, spellfuse, tokens in the next available moment, and the queue.

003 Step Three/Four/Five/Six, Planning, Targeting & Performing, Combos & Replacements, Creating A
Token, The Queue. Readings (docs/rulings/varia.md): in a two-player game every action targets
the opponent, so no target is asked (R5); the active player's plans go one after another, a new
moment for each; the reactive player fills moments the active player made; in the fast steps a
fast action may also go into a moment where its player has no action (R9); a token created
while the active player plans in the action step makes its moment a real one, as planning there
would (R6); elsewhere a token beyond the last moment waits in a virtual moment and is queued
after the last moment resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.zones import create_card, move

from . import actions
from .cards import TOKEN
from .state import FORGOTTEN, HAND, ITEM, QUEUE, TIMELINE, Moment, Slot, VariaState, VAStep

if TYPE_CHECKING:
    from .game import Varia


def other(seat: int) -> int:
    return 1 - seat


#: planning options made so far, by what they are made of (their form, card, moment, card
#: definition, and the name of the action a combo or replacement is about): an option is
#: immutable and its id and words depend on nothing else, so a decision offering it again
#: reuses it (most planning decisions offer what the last one did). Emptied past
#: :data:`_KEPT` options.
_MADE: dict[tuple[Any, ...], Option] = {}
_KEPT = 50_000


def _keep(key: tuple[Any, ...], option: Option) -> Option:
    if len(_MADE) >= _KEPT:
        _MADE.clear()
    _MADE[key] = option
    return option


# ------------------------------------------------------------------------------ the timeline
def ensure_moment(s: VariaState, m: int) -> None:
    """The timeline reaches moment ``m`` (moments made here are virtual until counted)."""
    while len(s.timeline) <= m:
        s.timeline.append(Moment([None, None]))


def next_moment(s: VariaState, seat: int) -> int:
    """Where the active player's next planned action goes: after their last one."""
    last = -1
    for m, moment in enumerate(s.timeline):
        if moment.slots[seat] is not None:
            last = m
    return last + 1


def put(s: VariaState, seat: int, m: int, slot: Slot, real: bool) -> None:
    """Put an action into moment ``m`` (counting the moment as real if ``real``)."""
    ensure_moment(s, m)
    s.timeline[m].slots[seat] = slot
    if real and s.moments <= m:
        s.moments = m + 1


def is_fast(g: Varia, s: VariaState, card: int, granted: bool | None = None) -> bool:
    """Fast printed, or granted by a rule in force (``kw:fast``; ``granted``: whether any
    rule in force could grant it, when the caller knows)."""
    if "fast" in g.defn(s, card).keywords:
        return True
    if granted is None:
        granted = may_grant_fast(g, s)
    return granted and g.value(s, "kw:fast", card, 0) > 0


def may_grant_fast(g: Varia, s: VariaState) -> bool:
    return bool(s.lasting) or bool(g.registry.modifying("kw:fast"))  # type: ignore[union-attr]


def usable_items(g: Varia, s: VariaState, seat: int) -> list[int]:
    """Items in the item zone that can perform an action now (not ruined)."""
    defs, cards = g.defs, s.cards
    return [
        c
        for c in s.zones[ITEM[seat]]
        if not cards[c].exhausted and defs[cards[c].defn].use == "usable"
    ]


def _name(g: Varia, s: VariaState, card: int) -> str:
    return g.card_name(s, card)


def _slot_name(g: Varia, s: VariaState, slot: Slot) -> str:
    return actions.printed(s, slot).name


# ------------------------------------------------------------------------------ options
@dataclass(slots=True)
class Place:
    """A moment as a place to plan a fast action: the seat's action there (None: free), its
    face and name, and whether a combo with it and a replacement of it are allowed (a
    "cannot" beats the fast keyword's "can": 003 Additional Rules)."""

    m: int
    slot: Slot | None
    face: actions.Face | None = None
    name: str = ""
    combo: bool = False
    replace: bool = False


def places(g: Varia, s: VariaState, seat: int, moments: range) -> list[Place]:
    out = []
    check_combo = check_replace = None
    timeline = s.timeline
    for m in moments:
        slot = timeline[m].slots[seat]
        if slot is None:
            out.append(Place(m, None))
            continue
        if check_combo is None:
            ruled = g.ruled_actions(s)
            check_combo = ruled is None or "combo" in ruled
            check_replace = ruled is None or "replace" in ruled
        face = actions.printed(s, slot)
        combo = not check_combo or g.action_allowed(s, "combo", slot, seat)
        replace = not check_replace or g.action_allowed(s, "replace", slot, seat)
        out.append(Place(m, slot, face, face.name, combo, replace))
    return out


def _combo_options(
    g: Varia, s: VariaState, card: int, where: list[Place], free: bool
) -> list[Option]:
    """A fast card as a combo with, or a replacement for, one of the seat's actions (and,
    with ``free``, into a moment where the seat has none)."""
    out: list[Option] = []
    defn = s.cards[card].defn
    name = g.defs[defn].name  # a card of the deciding seat's hand or items: it sees it
    face = actions.face_of_defns((defn,))
    made = _MADE.get
    for p in where:
        m = p.m
        if p.face is None:
            if free:
                key: tuple[Any, ...] = ("plan", card, m, defn)
                option = made(key)
                if option is None:
                    label = f"Plan {name} in moment {m + 1}"
                    option = _keep(key, Option(f"plan:{card}:{m}", label, CardRef(card), m, "plan"))
                out.append(option)
            continue
        if p.combo and actions.can_combine(face, p.face):
            key = ("combo", card, m, defn, p.name)
            option = made(key)
            if option is None:
                label = f"Combine {name} with {p.name} (moment {m + 1})"
                option = _keep(key, Option(f"combo:{card}:{m}", label, CardRef(card), m, "combo"))
            out.append(option)
        if p.replace:
            key = ("replace", card, m, defn, p.name)
            option = made(key)
            if option is None:
                label = f"Replace {p.name} with {name} (moment {m + 1})"
                option = _keep(
                    key, Option(f"replace:{card}:{m}", label, CardRef(card), m, "replace")
                )
            out.append(option)
    return out


def _fuse_options(g: Varia, s: VariaState, seat: int, card: int, m: int) -> list[Option]:
    """Spellfuse: plan the card together with another magical action from the hand."""
    d = g.defn(s, card)
    if "spellfuse" not in d.keywords:
        return []
    out = []
    seen: set[str] = set()
    face = actions.face_of_defns((d.id,))
    for partner in s.zones[f"hand:{seat}"]:
        pd = g.defn(s, partner)
        if partner == card or "Magical" not in pd.supertypes or pd.id in seen:
            continue
        if not actions.can_combine(face, actions.face_of_defns((pd.id,))):
            continue
        seen.add(pd.id)
        out.append(
            Option(
                f"fuse:{card}:{partner}:{m}",
                f"Plan {d.name} + {pd.name} (spellfuse) in moment {m + 1}",
                card=CardRef(card),
                target=CardRef(partner),
                n=m,
                arg="fuse",
            )
        )
    return out


_DONE = Option("done", "Done planning", arg="done")


def plan_options(g: Varia, s: VariaState, seat: int, phase: str) -> list[Option]:
    """What ``seat`` may plan in the action or reaction step."""
    out: list[Option] = []
    hand = s.zones[HAND[seat]]
    items = usable_items(g, s, seat)
    existing = range(s.moments)
    if phase == "action":
        m = next_moment(s, seat)
        targets = [m]
    else:
        targets = [k for k in existing if s.timeline[k].slots[seat] is None]
    seen: set[str] = set()
    where: list[Place] | None = None
    granted = may_grant_fast(g, s)
    defs, cards, append, made = g.defs, s.cards, out.append, _MADE.get
    for card in hand + items:
        defn = cards[card].defn
        d = defs[defn]
        item = d.kind == "item"
        if not item:
            if defn in seen:
                continue  # copies of a card in hand are interchangeable
            seen.add(defn)
        fuse = "spellfuse" in d.keywords
        for m in targets:
            key = (card, m, defn)
            option = made(key)
            if option is None:
                label = f"{'Use' if item else 'Plan'} {d.name} in moment {m + 1}"
                option = _keep(key, Option(f"plan:{card}:{m}", label, CardRef(card), m, "plan"))
            append(option)
            if fuse:
                out.extend(_fuse_options(g, s, seat, card, m))
        if "fast" in d.keywords or (granted and is_fast(g, s, card, granted)):
            if where is None:
                where = places(g, s, seat, existing)
            out.extend(_combo_options(g, s, card, where, free=False))
    out.append(_DONE)
    return out


def fast_options(g: Varia, s: VariaState, seat: int) -> list[Option]:
    """What ``seat`` may plan in a fast step: fast actions (and fast items) as a combo, a
    replacement, or into a moment where they have no action."""
    out: list[Option] = []
    seen: set[str] = set()
    where: list[Place] | None = None
    granted = may_grant_fast(g, s)
    defs, cards = g.defs, s.cards
    for card in [*s.zones[HAND[seat]], *usable_items(g, s, seat)]:
        d = defs[cards[card].defn]
        if "fast" not in d.keywords and not (granted and is_fast(g, s, card, granted)):
            continue
        if d.id in seen and d.kind != "item":
            continue
        seen.add(d.id)
        if where is None:
            where = places(g, s, seat, range(s.moments))
        out.extend(_combo_options(g, s, card, where, free=True))
        if "spellfuse" in d.keywords:
            for p in where:
                if p.slot is None:
                    out.extend(_fuse_options(g, s, seat, card, p.m))
    return out


# ------------------------------------------------------------------------------ carrying out
def _take(g: Varia, s: VariaState, seat: int, card: int) -> None:
    """Move a card from the hand or the item zone onto the timeline."""
    src = ITEM[seat] if g.defs[s.cards[card].defn].kind == "item" else HAND[seat]
    move(s, card, TIMELINE[seat], from_zone=src)
    s.cards[card].face_up = True


def _leave(g: Varia, s: VariaState, seat: int, slot: Slot, rule: str) -> None:
    """A replaced action leaves the timeline: items back to the item zone, tokens out of the
    game, other actions to the forgotten pile face down (003 Combos & Replacements)."""
    for cid in slot.cards:
        kind = g.defn(s, cid).kind
        if kind == "token":
            g.remove_token(s, cid, rule)
        elif kind == "item":
            move(s, cid, ITEM[seat], from_zone=TIMELINE[seat])
        else:
            move(s, cid, FORGOTTEN[seat], from_zone=TIMELINE[seat])
            s.cards[cid].face_up = False


def carry_out(g: Varia, s: VariaState, seat: int, option: Option, rule: str) -> None:
    """Plan what ``option`` says; the planned cards then hear "planned"."""
    card = option.card
    assert card is not None and option.n is not None
    m, how = option.n, option.arg
    logging = s.logging  # the names below are words of the log only
    name = _name(g, s, card) if logging else ""
    who = s.names[seat]
    planned = [card]
    if how == "combo":
        slot = s.timeline[m].slots[seat]
        assert slot is not None
        before = _slot_name(g, s, slot) if logging else ""
        _take(g, s, seat, card)
        slot.cards.insert(0, card)
        if logging:
            after = _slot_name(g, s, slot)
            text = f"{who} combines {name} with {before} in moment {m + 1}: {after}"
            g.log(s, "combo", rule, text, seat, card=card)
    elif how == "replace":
        slot = s.timeline[m].slots[seat]
        assert slot is not None
        before = _slot_name(g, s, slot) if logging else ""
        _leave(g, s, seat, slot, rule)
        _take(g, s, seat, card)
        s.timeline[m].slots[seat] = Slot([card], other(seat))
        if s.logging:
            g.log(
                s,
                "replace",
                rule,
                f"{who} replaces {before} with {name} in moment {m + 1}",
                seat,
                card=card,
            )
    else:
        cards = [card]
        if how == "fuse":
            assert option.target is not None
            cards.append(option.target)
            planned.append(option.target)
        for cid in cards:
            _take(g, s, seat, cid)
        real = s.step == "action" and seat == s.active
        put(s, seat, m, Slot([CardRef(c) for c in cards], other(seat)), real)
        if logging:
            label = " + ".join(_name(g, s, c) for c in cards)
            g.log(s, "plan", rule, f"{who} plans {label} in moment {m + 1}", seat, card=card)
    for cid in planned:
        g.hear_own(s, cid, "planned", seat)
    g.resolve_triggers(s)


def move_queue(g: Varia, s: VariaState, seat: int, phase: str) -> None:
    """Queued actions go onto the timeline before any planning, in order (moving is not
    planning): all of the active player's, each making a moment; the reactive player's
    until the moments are full (003 The Queue)."""
    queue = s.queue[seat]
    if not queue:
        return
    rule = "va.queue.action" if phase == "action" else "va.queue.reaction"
    m = 0
    while queue:
        if phase == "action":
            m = next_moment(s, seat)
        else:
            while m < s.moments and s.timeline[m].slots[seat] is not None:
                m += 1
            if m >= s.moments:
                break
        slot = Slot(queue.pop(0).cards, other(seat))
        for cid in slot.cards:
            move(s, cid, TIMELINE[seat], from_zone=QUEUE[seat])
        put(s, seat, m, slot, phase == "action")
        if s.logging:
            name = _slot_name(g, s, slot)
            g.log(
                s,
                "from_queue",
                rule,
                f"{s.names[seat]}'s queued {name} goes to moment {m + 1}",
                seat,
            )


def queue_from(g: Varia, s: VariaState, seat: int, m: int, rule: str) -> None:
    """An action that cannot be paid goes to the queue, and every action of the seat planned
    after it follows, in order; their moments stay (003 Payment, The Queue)."""
    moved = []
    for k in range(m, len(s.timeline)):
        slot = s.timeline[k].slots[seat]
        if slot is None:
            continue
        s.timeline[k].slots[seat] = None
        for cid in slot.cards:
            move(s, cid, QUEUE[seat], from_zone=TIMELINE[seat])
        s.queue[seat].append(Slot(slot.cards, slot.target_seat))
        moved.append(_slot_name(g, s, s.queue[seat][-1]))
    if moved and s.logging:
        g.log(s, "queued", rule, f"{s.names[seat]}'s {', '.join(moved)} go(es) to the queue", seat)


# ------------------------------------------------------------------------------ tokens
def place_token(g: Varia, s: VariaState, name: str, seat: int, source: int, rule: str) -> None:
    """Create a token copy of ``name`` in the next available moment after the source's: the
    first following moment where it could be planned (003 Creating A Token). A copy of an
    action planned as a fast action goes to the very next moment, and its owner chooses
    whether it combines with or replaces an action already there."""
    found = g.slot_of(s, source)
    after = found[0] if found is not None else -1
    fast = is_fast(g, s, source)  # a copy of a fast action could be planned as one
    m = after + 1
    if not fast:
        while m < len(s.timeline) and s.timeline[m].slots[seat] is not None:
            m += 1
    token = create_card(s, name + TOKEN, seat, f"timeline:{seat}").id
    existing = s.timeline[m].slots[seat] if m < len(s.timeline) else None
    real = s.step == "action" and seat == s.active
    if s.logging:
        where = f"moment {m + 1}" + ("" if real or m < s.moments else " (beyond the last moment)")
        g.log(
            s, "token", rule, f"{s.names[seat]} creates a {name} token in {where}", seat, card=token
        )
    if existing is None:
        put(s, seat, m, Slot([CardRef(token)], other(seat)), real)
        return
    g.push_step(s, PlaceToken(seat=seat, token=CardRef(token), moment=m))


class PlaceToken(VAStep, tag="va.token"):
    """A token created where its owner already has an action: they choose whether it
    combines with that action or replaces it (003 Creating A Token)."""

    token: CardRef
    moment: int

    def ask(self, g: Varia, s: VariaState) -> Decision | None:
        slot = s.timeline[self.moment].slots[self.seat]
        assert slot is not None
        name, there = _name(g, s, self.token), _slot_name(g, s, slot)
        options = [Option("replace", f"The {name} token replaces {there}", arg="replace")]
        if actions.can_combine(actions.combine([g.defn(s, self.token)]), actions.printed(s, slot)):
            options.insert(
                0, Option("combo", f"Combine the {name} token with {there}", arg="combo")
            )
        return g.question(
            self.seat, "token", f"Where does the {name} token go?", options, "va.token.place"
        )

    def answer(self, g: Varia, s: VariaState, option: Option) -> None:
        slot = s.timeline[self.moment].slots[self.seat]
        assert slot is not None
        g.pop(s, self)
        if option.arg == "combo":
            slot.cards.insert(0, self.token)
            if s.logging:
                g.log(
                    s,
                    "combo",
                    "va.token.place",
                    f"The token combines: {_slot_name(g, s, slot)}",
                    self.seat,
                )
            return
        before = _slot_name(g, s, slot)
        _leave(g, s, self.seat, slot, "va.token.place")
        s.timeline[self.moment].slots[self.seat] = Slot([self.token], other(self.seat))
        if s.logging:
            g.log(s, "replace", "va.token.place", f"The token replaces {before}", self.seat)


# ------------------------------------------------------------------------------ the steps
class Plan(VAStep, tag="va.plan"):
    """The action step (``phase="action"``, the active player) or the reaction step (the
    reactive player): queued actions go onto the timeline first, then the player plans
    actions one at a time until done."""

    phase: str
    stage: int = 0

    def ask(self, g: Varia, s: VariaState) -> Decision | None:
        if self.stage == 0 or s.triggers:
            return None
        if self.phase == "action":
            prompt = "Action step: plan your next action (each makes a moment), or stop"
        else:
            prompt = f"Reaction step: plan actions into the {s.moments} moment(s), or stop"
        options = plan_options(g, s, self.seat, self.phase)
        return g.question(self.seat, "plan", prompt, options, f"va.step.{self.phase}")

    def run(self, g: Varia, s: VariaState) -> None:
        if self.stage == 0:
            self.stage = 1
            move_queue(g, s, self.seat, self.phase)
            return
        g.resolve_triggers(s)  # "when planned" rules

    def answer(self, g: Varia, s: VariaState, option: Option) -> None:
        if option.arg == "done":
            if self.phase == "action" and s.moments == 0:
                ensure_moment(s, 0)
                s.moments = 1  # at least one moment (003 Step Three)
            who = s.names[self.seat]
            if s.logging:
                g.log(
                    s,
                    "planned",
                    f"va.step.{self.phase}",
                    f"{who} is done planning ({s.moments} moment(s))",
                    self.seat,
                )
            g.pop(s, self)
            return
        carry_out(g, s, self.seat, option, f"va.step.{self.phase}")
