"""Affecting minions (000 Terms: Affect, Directly), once-per-turn memory, and copying cards
(000 Clarifications, Diva; readings D1-D4).

While an ability runs, the engine knows the acting card (:class:`Acting`). Every verb that
affects a minion (destroy, move, return, shuffle or place into a deck, power changes, +1 power
counters, attaching) records an :class:`~.state.Affect` in ``state.affects`` and fires the
``minion_affected`` event; the record lasts while the card resolves, so an ability can count
the minions it affected (copies included) and copying cards can repeat a direct effect: after
an ability step, the :class:`Copy` step offers each copying card in play the direct effects a
standard action just had.

The functions are methods of :class:`~.game.SmashUp` (``game.affected(state, minion, verb)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef, Decision, Lasting, Option

from . import values
from .catalog import BASES
from .state import Acting, Affect, AffectEffect, Once, SUState, SUStep

if TYPE_CHECKING:
    from .game import SmashUp


def affected(
    g: SmashUp,
    s: SUState,
    target: int,
    verb: str,
    effect: AffectEffect | None = None,
    *,
    chooser: int = -1,
) -> bool:
    """Record that the acting card affects minion ``target`` (called by the verbs, before
    the change) and fire ``minion_affected``. Outside an ability (the rules) nothing is
    recorded. ``effect`` is what a copying card would repeat (None: not repeatable).

    False: the effect does not happen to this minion (the verb must leave it alone),
    because a replacement took it instead (``replace["affect"]``: Tooth and Claw, Hideout)
    or an earlier one spared the minion from this card (:func:`spare`)."""
    acting = s.acting
    if acting is None:
        return True
    bid = g.base_of(s, target)
    if bid < 0 or not g.is_minion(s, target):
        return True
    if _absorbed(g, s, target, bid, verb, acting):
        return False
    if acting.copy or chooser < 0:
        chooser = acting.chooser
    s.affects.append(
        Affect(
            CardRef(acting.source),
            acting.seat,
            chooser,
            CardRef(target),
            CardRef(bid),
            verb,
            direct=not acting.copy,
            standard=acting.standard,
            copied=acting.copy,
            controller=s.cards[target].controller,
            mode=acting.mode,
            effect=effect,
        )
    )
    g.fire(
        s,
        "minion_affected",
        minion_card=target,
        base_card=bid,
        source_card=acting.source,
        seat=acting.seat,
        controller=s.cards[target].controller,
        verb=verb,
        direct=not acting.copy,
        standard=acting.standard,
        mode=acting.mode,
    )
    return True


def _absorbed(g: SmashUp, s: SUState, target: int, bid: int, verb: str, acting: Acting) -> bool:
    """Whether the acting card's effect on minion ``target`` is cancelled for it: it was
    spared from that card earlier, or a replacement on ``affect`` takes it now (000 Terms:
    Affect; the effect still happens to the other minions it names)."""
    source = acting.source
    if s.lasting and any(
        e.key == "spared" and e.target == target and e.about == source for e in s.lasting
    ):
        g.log(
            s,
            "not_affected",
            "su.terms.instead",
            f"{g.card_name(s, target)} is not affected by {g.card_name(s, source)}",
            acting.seat,
            card=target,
        )
        return True
    return g.replaced(
        s,
        "affect",
        minion_card=target,
        base_card=bid,
        source_card=source,
        seat=acting.seat,
        controller=s.cards[target].controller,
        verb=verb,
    )


def spare(g: SmashUp, s: SUState, minion: int, source: int, by: int) -> None:
    """Minion ``minion`` is not affected by card ``source`` for the rest of the turn (a
    ``spared`` lasting effect put there by card ``by``, e.g. Hideout)."""
    seat = s.cards[by].controller
    effect = Lasting("spared", CardRef(minion), seat, source=CardRef(by), about=CardRef(source))
    s.lasting.append(effect)
    values.changed(s)


def affected_by(g: SmashUp, state: SUState, source: int, verb: str | None = None) -> list[int]:
    """The distinct minions the card ``source`` affected while it resolves (copies of its
    effects included), optionally only by ``verb``."""
    out: list[int] = []
    for a in state.affects:
        if a.source == source and (verb is None or a.verb == verb) and a.target not in out:
            out.append(a.target)
    return out


def acting_as(g: SmashUp, state: SUState, source: int, seat: int, chooser: int = -1) -> Acting:
    """An :class:`Acting` for ``source`` used by ``seat`` (a base acts for no player)."""
    defn = state.cards[source].defn
    cat = g.cat(state)
    return Acting(
        CardRef(source),
        -1 if defn in cat.bases else seat,
        seat if chooser < 0 else chooser,
        standard=defn in cat.standard,
    )


def bare_when_played(g: SmashUp, state: SUState, action: int, minion: int) -> bool:
    """Whether ``minion`` was in play with no +1 power counters when the standard action
    ``action`` (still resolving) was played."""
    from .play import Play

    for step in state.stack:
        if isinstance(step, Play) and step.card == action:
            return minion in step.bare
    return False


def once_used(g: SmashUp, state: SUState, cid: int, tag: str, about: int | None = None) -> bool:
    """Whether the once-per-turn ability ``tag`` of card ``cid`` was used this turn (``about``:
    once per turn and per that card)."""
    return any(u.card == cid and u.tag == tag and u.about == about for u in state.used)


def use_once(g: SmashUp, state: SUState, cid: int, tag: str, about: int | None = None) -> None:
    """Note that ``cid`` used its once-per-turn ability ``tag`` (forgotten when the turn
    starts or the card leaves play)."""
    ref = None if about is None else CardRef(about)
    state.used.append(Once(CardRef(cid), tag, ref))


def arrived_this_turn(g: SmashUp, state: SUState, bid: int) -> list[int]:
    """The minions at a base that were played or moved there this turn (each arrival notes
    ``use_once(base, "arrived", minion)``)."""
    return [m for m in g.minions_at(state, bid) if once_used(g, state, bid, "arrived", m)]


# ------------------------------------------------------------------------------ copying
class CopyRecord(msgspec.Struct):
    """A direct effect of a standard action on a minion, offered to copying cards."""

    target: CardRef
    base: CardRef
    controller: int
    seat: int
    effect: AffectEffect


def offer_copies(g: SmashUp, s: SUState) -> None:
    """After an ability step: if a standard action directly affected minions and a copying
    card is in play, push :class:`Copy` to offer those effects (000 Clarifications, Diva)."""
    pending = [a for a in s.affects if not a.offered and a.direct and a.standard and a.effect]
    if not pending:
        return
    for a in pending:
        a.offered = True
    if not g.sources(s, g.cat(s).copy_specs):
        return
    first = pending[0]
    records = [
        CopyRecord(a.target, a.base, a.controller, a.seat, a.effect)
        for a in pending
        if a.source == first.source and a.effect is not None
    ]
    g.push_step(s, Copy(seat=first.seat, source=first.source, pending=records))


class Copy(SUStep, tag="su.copy"):
    """Offer each copying card in play, in table order, to repeat one effect of the action
    ``source`` on a minion it names (one option per effect and minion, or not copying)."""

    source: CardRef
    pending: list[CopyRecord]
    idx: int = 0
    copiers: list[CardRef] = msgspec.field(default_factory=list)
    stage: int = 0

    def _next(self, g: SmashUp, s: SUState) -> tuple[int, int, list[Option]] | None:
        """The index of the next copier with something to copy, its seat and its options."""
        for idx in range(self.idx, len(self.copiers)):
            seat, options = _copy_options(g, s, self, self.copiers[idx])
            if options:
                return idx, seat, options
        return None

    def ask(self, g: SmashUp, s: SUState) -> Decision | None:
        if self.stage == 0:
            return None
        found = self._next(g, s)
        if found is None:
            return None
        idx, seat, options = found
        copier = self.copiers[idx]
        spec = g.spec(s, copier)
        assert spec is not None
        options.append(Option("decline", "Do not copy"))
        return g.question(
            seat,
            "copy",
            f"{g.card_name(s, copier)}: copy an effect of {g.card_name(s, self.source)}?",
            options,
            spec.rule,
        )

    def run(self, g: SmashUp, s: SUState) -> None:
        if self.stage == 0:
            self.copiers = [CardRef(c) for c, _ in g.sources(s, g.cat(s).copy_specs)]
            self.stage = 1
            return
        g.pop(s, self)

    def answer(self, g: SmashUp, s: SUState, option: Option) -> None:
        found = self._next(g, s)
        assert found is not None
        idx, seat, _ = found
        self.idx = idx + 1
        copier = self.copiers[idx]
        if option.card is not None and option.n is not None:
            spec = g.spec(s, copier)
            assert spec is not None
            _apply_copy(g, s, self, copier, seat, option.n, option.card, spec.rule)
        else:  # declined: decided for this action (not asked again for its other minions)
            g.use_once(s, copier, "copy_declined", self.source)


def _copy_options(g: SmashUp, s: SUState, step: Copy, copier: int) -> tuple[int, list[Option]]:
    spec = g.spec(s, copier)
    if spec is None or spec.copy is None:
        return -1, []
    if copier not in s.zones[BASES] and g.base_of(s, copier) < 0:
        return -1, []
    if g.once_used(s, copier, "copy_declined", step.source):
        return -1, []  # once per action, not once per minion affected (reading D3)
    seat = -1
    options: list[Option] = []
    seen: set[tuple[object, int]] = set()
    for i, rec in enumerate(step.pending):
        who, targets = spec.copy(g, s, copier, step.source, rec)
        for target in targets:
            key = (msgspec.structs.astuple(rec.effect), target)
            if key in seen or g.base_of(s, target) < 0:
                continue
            seen.add(key)
            seat = who
            options.append(
                Option(
                    f"copy:{i}:{target}",
                    f"Give {g.minion_label(s, target)} the same "
                    f"{effect_label(g, s, rec.effect)} as "
                    f"{g.card_name(s, rec.target)}",
                    card=CardRef(target),
                    n=i,
                )
            )
    return seat, options


def effect_label(g: SmashUp, state: SUState, effect: AffectEffect) -> str:
    verb = effect.verb
    if verb == "lasting":
        if effect.key == "power":
            return f"{effect.amount:+d} power"
        return effect.key.replace("_", " ")
    if verb == "move":
        assert effect.base is not None
        return f"move to {g.card_name(state, effect.base)}"
    if verb == "counters":
        return f"{effect.amount} +1 power counter(s)"
    if verb == "remove_counters":
        return f"loss of {effect.amount} +1 power counter(s)"
    if verb == "to_deck":
        return {"shuffle": "shuffle into the deck"}.get(effect.how, "place on the deck")
    return verb


def _apply_copy(
    g: SmashUp, s: SUState, step: Copy, copier: int, seat: int, i: int, target: int, rule: str
) -> None:
    rec = step.pending[i]
    source = step.source
    g.use_once(s, copier, "copy")
    g.use_once(s, copier, "copy", source)
    g.log(
        s,
        "copy",
        rule,
        f"{g.card_name(s, copier)} copies the {effect_label(g, s, rec.effect)} of "
        f"{g.card_name(s, source)} onto {g.card_name(s, target)}",
        seat,
        card=target,
    )
    prev = s.acting
    s.acting = Acting(source, step.seat, seat, standard=True, copy=True, mode="copy")
    try:
        apply_effect(g, s, rec.effect, target, step.seat, rule)
    finally:
        s.acting = prev


def apply_effect(
    g: SmashUp, s: SUState, effect: AffectEffect, target: int, actor: int, rule: str
) -> None:
    """Give minion ``target`` an effect recorded by :func:`affected` (a copy)."""
    verb = effect.verb
    if verb == "destroy":
        acting = s.acting
        g.destroy(s, target, actor, rule, by=acting.chooser if acting else None)
    elif verb == "move":
        assert effect.base is not None
        g.move_minion(s, target, effect.base, actor, rule)
    elif verb == "return":
        g.return_to_hand(s, target, actor, rule)
    elif verb == "to_deck":
        g.to_deck(s, target, actor, rule, effect.how)
    elif verb == "counters":
        g.add_counters(s, target, effect.amount, actor, rule)
    elif verb == "remove_counters":
        from .counterwords import remove_counters

        remove_counters(g, s, target, effect.amount, actor, rule)
    elif verb == "lasting":
        acting = s.acting
        src = acting.source if acting is not None else -1
        if (
            g.start_lasting(s, effect.key, target, effect.amount, src, actor, effect.until)
            and effect.key == "power"
        ):
            g.log(
                s,
                "power",
                rule,
                f"{g.card_name(s, target)} gets {effect.amount:+d} power until the end of the turn",
                actor,
                card=target,
            )
    else:
        raise EngineError(f"smash-up: cannot repeat the effect {effect!r}")
