"""Blue Moon's turn: the phases of research ``bluemoon.md`` §2.2 as one typed step.

A turn runs its stages in order: the beginning (start-of-turn powers), then one repeated
``turn`` decision whose options follow the playing phases (RETRIEVE, one leadership card,
retreat / decline or the first character, more characters, boosters and supports,
``announce``), then the after booster/support powers, the announcement (choosing the element on
a fight's opening turn), the refresh and the end. One decision for all the playing phases keeps
the questions the same whatever the hand holds, so asking reveals nothing. Before each turn
question the "one of my ..." targets that are missing are asked (:class:`Target`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.errors import EngineError
from cardwright.core.game import AFTER
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.zones import move

from . import buka_rules as buka
from . import fight
from .abilities import AFTER_SUPPORT, CHARACTER_OPTIONAL, END_EVENTS, TURN_START
from .inforce import InForce
from .play import bs_options, character_options, play_card, play_mode, retrievable
from .state import BMState, BMStep, TurnInfo

if TYPE_CHECKING:
    from .game import BlueMoon

ELEMENTS = ("fire", "earth")

# turn stages
S_START, S_MAIN, S_AFTER, S_ANNOUNCE, S_REFRESH, S_END, S_END2, S_END3, S_DONE = range(9)
#: the stages that never ask (the others may)
_QUIET = frozenset({S_AFTER, S_REFRESH, S_END, S_END2, S_END3, S_DONE})


def other(seat: int) -> int:
    return 1 - seat


# ======================================================================== the turn decision
def turn_options(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[Option]:
    """Everything the active player may do now, in phase order. The phases close as later
    ones are used: RETRIEVE only before any card is played, one leadership card before the
    first character, retreat (or decline) until the first character, more characters until
    the first booster or support, and ``announce`` once a character is down."""
    ti = s.turn_info
    options: list[Option] = []
    if ti.chars == 0:
        if not ti.played and not ti.tried:  # (after a backtrack the turn is past these)
            for c in retrievable(g, s, eff, seat):
                options.append(
                    Option(f"retrieve:{c}", f"Retrieve {g.card_name(s, c)}", card=c, arg="retrieve")
                )
            options.extend(buka.land_options(g, s, seat))
        if ti.leadership is None and not ti.tried:
            hand: list[CardRef] = s.zones[f"hand:{seat}"]  # type: ignore[assignment]
            for cid in hand:
                if g.defs[s.cards[cid].defn].type not in ("leadership", "ship"):
                    continue
                if play_mode(g, s, eff, seat, cid) is not None:
                    options.append(
                        Option(
                            f"lead:{cid}",
                            f"Play {g.card_name(s, cid)}",
                            card=cid,
                            arg="lead",
                        )
                    )
        options.extend(character_options(g, s, eff, seat))
        if eff.option_srcs:
            options.extend(eff.turn_options(seat))
        if ti.uses.get(CHARACTER_OPTIONAL):
            options.append(
                Option("announce", "Play no character: announce your power", arg="announce")
            )
        if s.fight_started:
            options.append(Option("retreat", "Retreat from the fight", arg="retreat"))
        else:
            options.append(Option("decline", "Decline to start a fight", arg="decline"))
        return options
    if not ti.bs_phase:
        options.extend(character_options(g, s, eff, seat))
    options.extend(bs_options(g, s, eff, seat))
    if eff.option_srcs:
        options.extend(eff.turn_options(seat))
    options.append(Option("announce", "Play no more cards: announce your power", arg="announce"))
    return options


def turn_prompt(g: BlueMoon, s: BMState, seat: int, eff: InForce) -> tuple[str, str]:
    """The prompt and rule of the turn decision: public information only, so that the
    question itself tells the opponent nothing about the hand. In a state that does not log,
    the prompt leaves out the powers (a short prompt: ``docs/architecture.md``)."""
    ti = s.turn_info
    if ti.chars == 0:
        if not s.fight_started:
            return (
                "Open a fight: play a character (after a leadership card if you like), or decline",
                "bm.decline",
            )
        has = ""
        if s.logging:  # (the opponent's power: worked out only for the long prompt)
            opp = other(seat)
            has = f"{s.names[opp]} has {g.total_power(s, opp, eff=eff)} {s.element}: "
        return (
            f"{has}play a character to continue (after a leadership card if you like), or retreat",
            "bm.turn.phases",
        )
    tail = ""
    if s.fight_started and s.logging:
        tail = f" (you have {g.total_power(s, seat, eff=eff)} {s.element})"
    return f"Play further cards, or announce your power{tail}", "bm.turn.phases"


def main_phase(s: BMState) -> str:
    """The phase name of the turn decision, as the turn record stands."""
    ti = s.turn_info
    if ti.chars == 0:
        return "beginning" if not (ti.played or ti.tried) else "retreat"
    return "booster/support" if ti.bs_phase else "character"


# ======================================================================== "one of my ..." targets
def target_work(g: BlueMoon, s: BMState, eff: InForce) -> tuple[CardRef, bool] | None:
    """The first power in force whose "one of my ..." target is missing or no longer a
    candidate (covered, discarded, taken back), or is influenced by an opposing card that did
    not influence it when it was picked while another candidate exists (Special Rule 2, in
    the FAQ's *Values* answer): ``(card, True)`` when its player must (or, influenced, may)
    apply it again (research §5.2 rule 2), ``(card, False)`` when it has no candidate left and
    its old pick is to be forgotten."""
    for src, ability in eff.target_srcs:
        choices = eff.target_choices(src, ability)
        ref = CardRef(src)
        pick = s.targets.get(ref)
        if pick in choices:
            if len(choices) > 1 and newly_influenced(s, eff, ref, pick):
                return ref, True
            continue
        if not choices:
            if ref in s.targets:
                return ref, False
            continue
        return ref, True
    return None


def newly_influenced(s: BMState, eff: InForce, src: CardRef, pick: int) -> bool:
    """Whether an opposing card influences ``pick`` that did not when ``src`` picked it."""
    before = s.influenced.get(src, ())
    return any(c not in before for c in eff.influencers(pick))


class Target(BMStep, tag="bm.target"):
    """A power "I pick one of my ..." applies to a card its player picks (no question with
    one candidate)."""

    source: CardRef
    rule: str

    def _choices(self, g: BlueMoon, s: BMState) -> list[int]:
        ability = g.powers.by_card[s.cards[self.source].defn]
        return InForce(g, s).target_choices(self.source, ability)

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        choices = self._choices(g, s)
        if len(choices) <= 1:
            return None
        options = [
            Option(f"target:{c}", f"{g.card_name(s, c)} ({d.fire}/{d.earth})", card=CardRef(c))
            for c in choices
            for d in (g.defn(s, c),)
        ]
        prompt = f"Choose the card {g.card_name(s, self.source)} applies to"
        return g.question(self.seat, "target", prompt, options, self.rule)

    def run(self, g: BlueMoon, s: BMState) -> None:
        choices = self._choices(g, s)
        g.pop(s, self)
        if choices:
            self._apply(g, s, CardRef(choices[0]), chosen=False)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        g.pop(s, self)
        assert option.card is not None
        self._apply(g, s, option.card, chosen=True)

    def _apply(self, g: BlueMoon, s: BMState, target: CardRef, chosen: bool) -> None:
        s.targets[self.source] = target
        s.influenced[self.source] = InForce(g, s).influencers(target)
        ti = s.turn_info
        # the opponent chose in the middle of this turn: strictly, the active player may not
        # backtrack after hearing the choice (FAQ on Crysalus Frendus, ruling B14)
        strict = s.config["backtracking"] == "strict"
        if strict and chosen and self.seat != s.active and ti.undo_from >= 0:
            ti.irreversible = True
        if s.logging:
            g.log(
                s,
                "target",
                self.rule,
                f"{g.card_name(s, self.source)} applies to {g.card_name(s, target)}",
                self.seat,
                card=target,
            )


# ======================================================================== the turn
class Turn(BMStep, tag="bm.turn"):
    """One player's turn (``seat``), stage by stage (see the module docstring)."""

    stage: int = S_START

    # ---------------------------------------------------------------- asking
    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        if self.stage == S_MAIN:
            # the work that comes first (naming the phase, a missing target, a forced answer)
            # is the step's run
            if s.phase != main_phase(s):
                return None
            eff = InForce(g, s)
            if eff.target_srcs and target_work(g, s, eff) is not None:
                return None
            options = turn_options(g, s, eff, seat)
            if len(options) == 1 and not s.zones[f"hand:{seat}"]:
                return None  # forced, and visibly so (an empty hand): no question
            prompt, rule = turn_prompt(g, s, seat, eff)
            return Decision(seat, "turn", prompt, options, rule)
        if self.stage == S_ANNOUNCE and not s.fight_started and s.phase == "announce":
            eff = InForce(g, s)
            options = [
                Option(e, f"Fight in {e} (your power {g.total_power(s, seat, e, eff)})", arg=e)
                for e in ELEMENTS
            ]
            return g.question(
                seat,
                "element",
                "Choose the contested element of this fight",
                options,
                "bm.fight.element",
            )
        return None

    # ---------------------------------------------------------------- working
    def run(self, g: BlueMoon, s: BMState) -> None:
        stack, seat = s.stack, self.seat
        # the stages that ask nothing follow one another here while nothing else comes first
        while True:
            stage = self.stage
            if stage == S_START:
                self._start(g, s)
            elif stage == S_MAIN:
                self._main_work(g, s)
            elif stage == S_AFTER:
                self.stage = S_ANNOUNCE
                buka.discard_landed(g, s, seat, "bm.ship.discard")
                g.announce(s, AFTER_SUPPORT, seat)
                if s.triggers:
                    ti = s.turn_info
                    if ti.undo_from >= 0 and any(t.controller == seat for t in s.triggers):
                        ti.irreversible = True  # such powers draw, search or shuffle: no undo
                    g.resolve_triggers(s)
            elif stage == S_ANNOUNCE:
                s.phase = "announce"
                if s.fight_started:  # (a fight's opening turn asks for the element first)
                    self._announce(g, s)
            elif stage == S_REFRESH:
                s.phase = "refresh"
                self.stage = S_END
                g.refill(s, seat, "bm.turn.refresh")
            elif stage == S_DONE:
                s.turn_info.leadership = None  # leadership cards are active for one turn only
                if s.logging:
                    g.log(s, "turn_end", "bm.turn.end", f"{s.names[seat]}'s turn ends", seat)
                g.pop(s, self)
                return
            else:  # "at the end of my turn", "when my turn is about to end", "once it is over"
                s.phase = "end"
                if not g.listening_in_play(s):  # nothing can hear the end of the turn
                    self.stage = S_DONE
                    continue
                self.stage = stage + 1
                g.emit(s, END_EVENTS[stage - S_END], AFTER, seat)
                if s.triggers:
                    g.resolve_triggers(s)
            if s.result is not None or stack[-1] is not self or self.stage not in _QUIET:
                return

    def _start(self, g: BlueMoon, s: BMState) -> None:
        seat = self.seat
        s.turn += 1
        s.active = seat
        s.turn_info = TurnInfo()
        s.phase = "beginning"
        if s.logging:
            what = "continues the fight" if s.fight_started else "opens the fight"
            g.log(s, "turn", "bm.turn.phases", f"Turn {s.turn}: {s.names[seat]} {what}", seat)
        self.stage = S_MAIN
        g.announce(s, TURN_START, seat)
        if s.triggers:
            g.resolve_triggers(s)

    def _main_work(self, g: BlueMoon, s: BMState) -> None:
        """What the playing phases do before their question, in order: ask a missing
        target, name the phase, or take the only answer."""
        seat = self.seat
        eff = InForce(g, s) if g.targets_in_play(s) else None
        if eff is not None and eff.target_srcs:
            while (work := target_work(g, s, eff)) is not None:
                src, ask = work
                if ask:
                    rule = g.powers.by_card[s.cards[src].defn].rule
                    g.push_step(s, Target(seat=s.cards[src].controller, source=src, rule=rule))
                    return
                del s.targets[src]  # no candidate left: the pick is forgotten
                s.influenced.pop(src, None)
        phase = main_phase(s)
        if s.phase != phase:
            s.phase = phase
        if s.zones[f"hand:{seat}"]:
            return  # the question is asked
        options = turn_options(g, s, eff or InForce(g, s), seat)
        if len(options) != 1:
            return
        only = options[0]
        if only.id == "retreat":
            fight.push_retreat(g, s, seat, "bm.retreat.forced", "no cards in hand")
            return
        self._answer_main(g, s, only)

    def _announce(self, g: BlueMoon, s: BMState) -> None:
        seat = self.seat
        eff = InForce(g, s)
        opp = other(seat)
        mine = g.total_power(s, seat, eff=eff)
        theirs = g.total_power(s, opp, eff=eff)
        shield = mine < theirs and g.has_shield(s, seat, s.element, eff)
        unmet = bool(eff.unmet_srcs) and eff.unmet(seat)
        if (mine >= theirs or shield) and not unmet:
            if s.logging:
                extra = f" (a {s.element} shield covers it)" if shield else ""
                g.log(
                    s,
                    "announce",
                    "bm.icon.shield" if shield else "bm.power.match",
                    f"{s.names[seat]} announces {mine} {s.element} against {theirs}{extra}",
                    seat,
                    power=mine,
                )
            self.stage = S_REFRESH
            buka.maybe_call(g, s, seat)
            return
        why = (
            "a card's requirement is not met"
            if unmet
            else f"{mine} {s.element} does not match {theirs}"
        )
        if fight.cannot_continue(g, s, seat, why):
            self.stage = S_MAIN  # friendly: back in the retreat phase, to choose again

    # ---------------------------------------------------------------- answering
    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
        if self.stage == S_ANNOUNCE:
            element = option.arg
            s.element = element
            s.fight_started = True
            s.fights += 1
            if s.logging:  # (the power, built from the powers in force, is for the log only)
                power = g.total_power(s, seat)
                g.log(
                    s,
                    "announce",
                    "bm.fight.element",
                    f"{s.names[seat]} opens fight {s.fights} in {element} with {power}",
                    seat,
                    power=power,
                )
            self.stage = S_REFRESH
            buka.maybe_call(g, s, seat)
            return
        if self.stage != S_MAIN:
            raise EngineError(f"blue-moon: answer {option.id!r} at turn stage {self.stage}")
        self._answer_main(g, s, option)

    def _answer_main(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
        kind, cid = option.arg, option.card
        ti = s.turn_info
        if kind == "retrieve":
            assert cid is not None
            src = "combat" if cid in s.zones[f"combat:{seat}"] else "support"
            move(s, cid, f"hand:{seat}", from_zone=f"{src}:{seat}")
            ti.retrieved += 1
            s.targets.pop(cid, None)
            g.hand_changed(s, seat)
            if s.logging:
                g.log(
                    s,
                    "retrieve",
                    "bm.icon.retrieve",
                    f"{s.names[seat]} retrieves {g.card_name(s, cid)} into hand",
                    seat,
                    card=cid,
                )
        elif kind == "lead":
            assert cid is not None
            eff = InForce(g, s)
            mode = play_mode(g, s, eff, seat, cid)
            if mode is None:
                raise EngineError(f"blue-moon: {option.id!r} was offered but cannot be played")
            play_card(g, s, seat, cid, mode, eff=eff)
        elif kind in ("play", "gang"):
            assert cid is not None
            eff = InForce(g, s)
            mode = play_mode(g, s, eff, seat, cid)
            if mode is None:
                raise EngineError(f"blue-moon: {option.id!r} was offered but cannot be played")
            if ti.chars == 0:  # the retreat point: this turn may be backtracked to here
                ti.retreat_point()
            if g.defn(s, cid).type != "character":
                ti.bs_phase = True
            src = buka.source_zone(s, seat, cid)
            play_card(g, s, seat, cid, mode, keep=kind == "gang", eff=eff, from_zone=src)
        elif kind == "land":
            assert cid is not None
            buka.land(g, s, seat, cid)
        elif kind == "bluff":
            assert cid is not None
            buka.play_bluff(g, s, InForce(g, s), seat, cid)
        elif kind == "load":
            assert cid is not None and option.target is not None
            buka.load_in_bs(g, s, InForce(g, s), seat, cid, option.target)
        elif kind == "retreat":
            fight.push_retreat(g, s, seat, "bm.retreat.voluntary", "announces a retreat")
        elif kind == "decline":
            buka.discard_landed(g, s, seat, "bm.ship.discard")
            g.push_step(s, fight.Decline(seat=seat))
        elif kind == "announce":
            self.stage = S_AFTER
        elif kind == "ab":  # a power's answer (``turn_actions``)
            assert cid is not None
            ability = g.powers.by_card[s.cards[cid].defn]
            (action,) = ability.hooks["turn_actions"]
            if ti.undo_from >= 0 and not action.undoable:
                ti.irreversible = True
            action.act(InForce(g, s), cid, ability, seat, option)
        else:
            raise EngineError(f"blue-moon: unknown turn answer {option.id!r}")
