"""Smash Up: extra plays (000 Additional Rules; reading R5). Granting one: in its player's own
Play Cards phase it is kept for later in the phase (an :class:`~.state.Allowance`); otherwise,
or when it must be made now, it is played at once or lost (:class:`ExtraPlay`). A given card
played at once as an extra play (a revealed top card, a card from a discard pile).

Step: :class:`ExtraPlay`. Its functions are methods of :class:`~.game.SmashUp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import CardRef, Decision, Option

from . import values
from .allowances import can_play_actions, may_play_from_discard
from .destinations import can_play, onto_fits, play_destinations, side
from .play import maybe_ref, start_play
from .playcards import dedupe, distinct_options, self_from_discard
from .state import Allowance, SUState, SUStep

if TYPE_CHECKING:
    from .game import SmashUp


def grant_extra(
    g: SmashUp,
    s: SUState,
    seat: int,
    kind: str,
    rule: str,
    *,
    max_power: int = -1,
    base: int = -1,
    source: int = -1,
    immediate: bool = False,
    mandatory: bool = False,
    zone: str = "hand",
    cond: str = "",
    ongoing: bool = False,
    subtype: str = "",
    names: list[str] | None = None,
    remember: bool = False,
    onto: int = -1,
) -> None:
    """Give ``seat`` an extra minion or action play. In its own Play Cards phase it is kept
    for later in the phase; otherwise (or when ``immediate``) it is played at once or lost
    (000 Additional Rules). ``max_power``, ``base``, ``zone`` and ``cond`` restrict it (see
    :class:`~.state.Allowance`); ``ongoing``: it is lost if ``source`` leaves play first.
    ``subtype`` limits it to cards with that subtype (e.g. ``play_on_base``); such extras,
    and extra actions from the discard pile, are always played at once (see
    :func:`play_extra` for a given card).
    ``mandatory`` (implies ``immediate``): it must be played now if a card fits ("both or
    neither" abilities), with no option to decline. ``names``: the card must be one of these
    definitions; ``remember``: the card played is remembered for ``source`` this turn
    (``extras_of``). ``onto``: the one minion an action must be played on (always at
    once)."""
    names = sorted(set(names or ()))
    what = kind if max_power < 0 else f"{kind} of power {max_power} or less"
    if names:
        what += " named " + " or ".join(g.cat(s).name(d) for d in names)
    if onto >= 0:
        immediate = True
        what += f" on {g.card_name(s, onto)}"
    if subtype or (zone != "hand" and kind != "minion"):
        immediate = True
        what += f" ({subtype.replace('_', ' ') or 'any'}, from {zone})"
    elif zone != "hand":
        what += f" from their {zone} pile"
    if base >= 0:
        what += f" at {g.card_name(s, base)}"
    if cond == "no_own_minion":
        what += " at a base where they have no minion"
    elif cond == "own_minion":
        what += " at a base where they have a minion"
    if not (immediate or mandatory) and s.phase == "play" and seat == s.active:
        s.allowances.append(
            Allowance(
                kind,
                max_power,
                maybe_ref(base),
                maybe_ref(source),
                zone,
                cond,
                ongoing,
                names,
                remember,
            )
        )
        g.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what}", seat)
        return
    g.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what} at once", seat)
    g.push_step(
        s,
        ExtraPlay(
            seat=seat,
            play_kind=kind,
            max_power=max_power,
            base=maybe_ref(base),
            mandatory=mandatory,
            zone=zone,
            cond=cond,
            subtype=subtype,
            names=names,
            source=maybe_ref(source) if remember else None,
            onto=maybe_ref(onto),
        ),
    )


def play_extra(
    g: SmashUp, s: SUState, seat: int, cid: int, src: str, base: int = -1, noted: int = -1
) -> None:
    """Play a given card from zone ``src`` at once as an extra play (e.g. a revealed top
    card of a deck, a card from a discard pile); ``base`` limits where it may go (-1:
    anywhere it fits); ``noted``: the card that remembers it (``extras_of``). A player who
    cannot play extra cards now (Bear Necessities) leaves the card where it is."""
    if s.lasting and values.extras_barred(g, s, seat):
        text = f"{s.names[seat]} cannot play extra cards now: {g.card_name(s, cid)} stays"
        g.log(s, "no_extra", "su.card.talent_rivals_here_no_extra_plays_then_self_destruct", text)
        return
    start_play(g, s, seat, cid, "extra", base, src, noted=noted)


def _fits(g: SmashUp, s: SUState, cid: int, kind: str, max_power: int) -> bool:
    cat = g.cat(s)
    defn = s.cards[cid].defn
    if kind == "action" and defn in cat.fusions:  # played as its action side
        return max_power < 0
    if cat.is_minion[defn] != (kind == "minion") or defn in cat.special_only:
        return False
    return max_power < 0 or cat.printed[defn] <= max_power


class ExtraPlay(SUStep, tag="su.extra_play"):
    """An extra play that must be made at once or not at all (``mandatory``: not declined
    when a card fits)."""

    play_kind: str
    max_power: int = -1
    base: CardRef | None = None
    mandatory: bool = False
    zone: str = "hand"
    cond: str = ""
    subtype: str = ""
    names: list[str] = msgspec.field(default_factory=list)
    #: the granting card, when the card played is remembered for it (``extras_of``)
    source: CardRef | None = None
    #: the one card the action must be played on (Baboom: "on this minion")
    onto: CardRef | None = None

    def _options(self, g: SmashUp, s: SUState) -> list[Option] | None:
        """The cards that may be played, or None when the player is not asked: an extra
        from the hand is asked even when nothing in the hand fits (skipping it would tell
        the others so), unless the hand is empty or actions are barred (reading R5)."""
        seat = self.seat
        base = -1 if self.base is None else self.base
        pool = s.zones[f"{self.zone}:{seat}"]
        subtypes = g.cat(s).cards
        kind = self.play_kind
        options = dedupe(
            g,
            s,
            [
                c
                for c in pool
                if _fits(g, s, c, kind, self.max_power)
                and (
                    not self.subtype
                    or self.subtype in subtypes[side(g, s, c, kind) or s.cards[c].defn].subtypes
                )
                and (not self.names or s.cards[c].defn in self.names)
                and can_play(g, s, seat, c, "extra", base, cond=self.cond, face=side(g, s, c, kind))
                and (self.onto is None or self.onto in onto_fits(g, s, seat, c, kind))
            ],
            "play",
        )
        # a minion that may be played from the discard pile in place of one from the hand
        # (Spectre: a generic extra minion, reading A5)
        instead = [
            c
            for c in (self_from_discard(g, s, seat) if self.zone == "hand" else ())
            if _fits(g, s, c, self.play_kind, self.max_power)
            and (not self.names or s.cards[c].defn in self.names)
            and any(
                may_play_from_discard(g, s, seat, c, b)
                for b in play_destinations(g, s, seat, c, "extra", base, cond=self.cond)
            )
        ]
        options += [
            Option(o.id, f"Play {o.label} from your discard pile", card=o.card)
            for o in distinct_options(g, s, instead, "play")
        ]
        if self.play_kind == "action" and not can_play_actions(g, s, seat):
            return None
        if not options and (self.zone != "hand" or not pool):
            return None
        return options

    def ask(self, g: SmashUp, s: SUState) -> Decision | None:
        options = self._options(g, s)
        if options is None:
            return None
        if not self.mandatory or not options:
            options.append(Option("decline", "Do not play it"))
        prompt = f"Play an extra {self.play_kind} now?"
        return g.question(self.seat, "extra_play", prompt, options, "su.play.extra_now")

    def run(self, game: SmashUp, state: SUState) -> None:
        game.pop(state, self)  # nothing fits: the play is lost

    def answer(self, g: SmashUp, s: SUState, option: Option) -> None:
        g.pop(s, self)
        if option.card is not None:
            base = -1 if self.base is None else self.base
            src = f"{self.zone}:{self.seat}"
            if option.card not in s.zones[src]:  # played from the discard pile instead
                src = f"discard:{self.seat}"
            noted = -1 if self.source is None else self.source
            face = side(g, s, option.card, self.play_kind)
            onto = -1 if self.onto is None else self.onto
            start_play(
                g, s, self.seat, option.card, "extra", base, src, self.cond, noted, face, onto
            )
