"""Smash Up: one card played, through the Card Resolution Order (000: place it and resolve it,
let nested plays finish, resolve what it triggered, the Me First! window, discard it unless it
stays in play; reading R6).

Step: :class:`Play`; :func:`start_play` is a method of :class:`~.game.SmashUp`. The Play Cards
phase's options are in :mod:`.playcards`, extra plays in :mod:`.extraplay`, the allowances in
:mod:`.allowances`, where a card may go in :mod:`.destinations`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import CardRef, Decision, Option

from . import history, values
from .allowances import EXTRA_PLAYED, consume, counts_extras, standard
from .catalog import BASES, RESOLVING, base_zone
from .destinations import play_destinations
from .faces import turn
from .history import destroy_windows
from .state import REVEALED, Lasting, SUState, SUStep

if TYPE_CHECKING:
    from .game import SmashUp


def maybe_ref(cid: int) -> CardRef | None:
    """A step's reference to card ``cid``, or None for -1 (no card)."""
    return None if cid < 0 else CardRef(cid)


def start_play(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    src: str | None = None,
    cond: str = "",
    noted: int = -1,
    face: str = "",
    onto: int = -1,
) -> None:
    """Show the card (it leaves the hand, or ``src``) and start its resolution: as ``face``
    when given (a fusion card played as an action), on the minion ``onto`` when given
    (``noted``: the card that remembers it was played through its extra play)."""
    src = src or f"hand:{seat}"
    g.to_zone(s, cid, src, RESOLVING)
    if face:
        turn(g, s, cid, face)
    step = Play(
        seat=seat,
        card=CardRef(cid),
        via=via,
        base=maybe_ref(base),
        src=src,
        cond=cond,
        onto=maybe_ref(onto),
    )
    if noted >= 0:
        step.noted = CardRef(noted)
    g.push_step(s, step)


# stages of a Play
WHERE, PLACE, NESTED, WINDOW, FINISH = range(5)


class Play(SUStep, tag="su.play"):
    """One card through the Card Resolution Order (000): choose where it goes and place it
    (it resolves: its ability's steps), let the cards still resolving finish (nested plays end
    first), resolve what it triggered, let players answer with Specials, discard it unless it
    stays in play. ``via``: ``normal`` (a play allowance), ``extra`` or ``special``; ``base``
    limits where it may go; ``src`` is the zone it came from; ``bare``: the minions in play
    with no +1 power counters when a standard action was played (Roller)."""

    card: CardRef
    via: str
    base: CardRef | None = None
    dest: CardRef | None = None
    src: str = ""
    cond: str = ""
    stage: int = WHERE
    bare: list[CardRef] = msgspec.field(default_factory=list)
    #: the card whose extra play this is, when it remembers the card played (``extras_of``)
    noted: CardRef | None = None
    told: bool = False  # the cards listening were told it resolved (``action_resolved``)
    #: the one minion it may be played on (an extra action "on this minion")
    onto: CardRef | None = None

    def _dests(self, g: SmashUp, s: SUState) -> list[int]:
        base = -1 if self.base is None else self.base
        found = play_destinations(
            g, s, self.seat, self.card, self.via, base, src=self.src, cond=self.cond
        )
        return found if self.onto is None else [d for d in found if d == self.onto]

    def ask(self, g: SmashUp, s: SUState) -> Decision | None:
        if self.stage != WHERE:
            return None
        return self._where(g, s, self._dests(g, s))

    def go(self, g: SmashUp, s: SUState) -> Decision | None:
        """As ``ask`` then ``run``, where the card may go worked out once."""
        if self.stage != WHERE:
            return super().go(g, s)
        dests = self._dests(g, s)
        decision = self._where(g, s, dests)
        if decision is None:
            self._placed(g, s, dests)
        return decision

    def _where(self, g: SmashUp, s: SUState, dests: list[int]) -> Decision | None:
        """The question where the card goes (none for one place or none)."""
        if len(dests) <= 1:
            return None
        return g.question(
            self.seat,
            "destination",
            f"Where do you play {g.label(s, self.card)}?",
            _dest_options(g, s, dests),
            "su.play.where",
        )

    def answer(self, game: SmashUp, state: SUState, option: Option) -> None:
        assert option.card is not None
        self.dest = option.card
        self.stage = PLACE

    def run(self, g: SmashUp, s: SUState) -> None:
        cid = self.card
        if self.stage == WHERE:
            self._placed(g, s, self._dests(g, s))
            return
        if self.stage == PLACE:
            _place(g, s, self)
            self.stage = NESTED
            return
        if self.stage == NESTED:
            outermost = len([f for f in s.stack if isinstance(f, Play)]) == 1
            if not outermost:
                self.stage = FINISH
                return
            g.checkpoint(s)  # (what must be checked once the card has resolved)
            self.stage = WINDOW
            if s.triggers:
                g.resolve_triggers(s)
            return
        if self.stage == WINDOW:
            if destroy_windows(g, s):  # "after you destroy a minion" Specials, first
                return
            self.stage = FINISH
            if "card_played" in g.special_windows:
                g.open_window(s, "card_played", s.active, rule="su.play.me_first", card=cid)
            return
        if s.affects:
            s.affects = [a for a in s.affects if a.source != cid]
        if (
            not self.told
            and cid in s.zones[RESOLVING]
            and g.cat(s).hook_specs.get("action_resolved")
        ):
            standard = int(s.cards[cid].defn in g.cat(s).standard)
            g.fire(s, "action_resolved", action_card=cid, seat=self.seat, standard=standard)
            if s.triggers:  # (Woodland Helpers: it may go under the deck instead)
                self.told = True
                g.resolve_triggers(s)
                return
        if cid in s.zones[RESOLVING]:
            self._discard(g, s, "discard_played", "su.play.action", "is discarded after resolving")
            g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=s.cards[cid].owner)
        g.pop(s, self)

    def _placed(self, g: SmashUp, s: SUState, dests: list[int]) -> None:
        """With no question where it goes: the one place it may go, or nowhere (it is
        discarded unplayed)."""
        if not dests:
            self._discard(
                g, s, "not_played", "su.play.where", "has nowhere it may be played and is discarded"
            )
            g.pop(s, self)
            return
        self.dest = maybe_ref(dests[0])
        self.stage = PLACE

    def _discard(self, g: SmashUp, s: SUState, kind: str, rule: str, what: str) -> None:
        """The card leaves the resolving area for its owner's discard pile (logged as
        ``kind``, citing ``rule``: "<card> <what>")."""
        cid, card = self.card, s.cards[self.card]
        card.controller = card.owner
        g.to_zone(s, cid, RESOLVING, f"discard:{card.owner}")
        if s.logging:  # (the text names the card: not made when nothing is logged)
            g.log(s, kind, rule, f"{g.card_name(s, cid)} {what}", self.seat, card=cid)


def _dest_options(g: SmashUp, s: SUState, dests: list[int]) -> list[Option]:
    bases = s.zones[BASES]
    options = []
    for dest in dests:
        if dest in bases:
            options.append(Option(f"base:{dest}", g.base_label(s, dest), card=CardRef(dest)))
        else:
            options.append(Option(f"minion:{dest}", g.minion_label(s, dest), card=CardRef(dest)))
    return options


#: how a card is played, in the log's words (after its name and where it goes)
_HOW = {"normal": "", "extra": " as an extra play", "special": " (Special)"}


def _how(via: str, src: str) -> str:
    """How a card is played (``via``) from ``src``, in the log's words."""
    if src.startswith("discard:"):
        return " from the discard pile" + _HOW[via]
    if src.startswith("deck:") or src == REVEALED:
        return " from the top of a deck" + _HOW[via]
    return _HOW[via]


def _place(g: SmashUp, s: SUState, step: Play) -> None:
    seat, cid, via = step.seat, step.card, step.via
    dest = -1 if step.dest is None else step.dest
    d = g.defn(s, cid)
    card = s.cards[cid]
    card.controller = seat
    src = step.src
    how = _how(via, src) if s.logging else ""  # (log words: not made when nothing is logged)
    noted = step.noted
    extra = via != "normal"
    if not extra:
        used = consume(g, s, cid, dest, seat, src or f"hand:{seat}")
        extra = not standard(used)
        if used.remember and used.source is not None:
            noted = used.source
    if noted is not None:  # the granting card remembers what its extra play brought
        g.use_once(s, noted, "extra", cid)
    if (extra or seat != s.active or s.phase != "play") and counts_extras(g, s):
        s.lasting.append(Lasting(EXTRA_PLAYED, None, seat, 1, until="end_of_turn"))
    if d.type == "minion":
        g.to_zone(s, cid, RESOLVING, base_zone(dest))
        if seat == s.active:
            s.minions_played += 1
        history.note(g, s, "played", cid, seat)
        step.base = maybe_ref(dest)
        if s.logging:  # (as in Play._discard)
            g.log(
                s,
                "play_minion",
                "su.play.minion",
                f"{s.names[seat]} plays {d.name} ({d.power}) at {g.card_name(s, dest)}{how}",
                seat,
                card=cid,
                base=s.cards[dest].defn,
            )
        g.use_once(s, dest, "arrived", cid)
        g.fire(s, "minion_played", minion_card=cid, base_card=dest, seat=seat)
    else:
        if seat == s.active:
            s.actions_played += 1
        if card.defn in g.cat(s).standard:  # for "had no counters when played"
            step.bare = [
                CardRef(m) for m, _ in g.minions_in_play(s) if not s.cards[m].counters.get("p1")
            ]
        where = ""
        attaches = True
        if dest >= 0:
            bid = dest if dest in s.zones[BASES] else g.base_of(s, dest)
            if dest != bid:
                # An action attached to a minion affects it (000 Terms: Affect). The card is
                # not in play until it is attached, so its own ongoing abilities (Tooth and
                # Claw's) cannot answer its arrival: the cards already in play decide it.
                prev, s.acting = s.acting, g.acting_as(s, cid, seat)
                try:
                    attaches = g.affected(s, dest, "attach")
                finally:
                    s.acting = prev
            g.to_zone(s, cid, RESOLVING, base_zone(bid))
            s.attached[cid] = CardRef(dest)
            values.changed(s)
            step.base = maybe_ref(bid)
            where = f" on {g.card_name(s, dest)}" if s.logging else ""
        if s.logging:
            g.log(
                s,
                "play_action",
                "su.play.action",
                f"{s.names[seat]} plays {d.name}{where}{how}",
                seat,
                card=cid,
            )
        g.fire(s, "action_played", action_card=cid, target_card=dest, seat=seat)
        if not attaches:  # a replacement took its effect: it does nothing, and goes
            g.leave_play(s, cid, f"discard:{card.owner}")
            g.log(
                s,
                "not_attached",
                "su.terms.instead",
                f"{d.name} does not affect {g.card_name(s, dest)} and is discarded",
                seat,
                card=cid,
            )
            return
    spec = g.cat(s).spec.get(card.defn)
    if spec is not None and "on_play" in spec.ability.hooks:
        base = -1 if step.base is None else step.base
        g.start_effect(s, spec, "on_play", cid, seat, base, via)
