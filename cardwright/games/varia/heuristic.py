"""A rule-based Varia player.

It keeps its plan within the action points it has (so nothing it plans is queued), moves to
where its attacks land, plans its most efficient attacks as the active player, and as the
reactive player answers each planned attack with the block or counter-attack that saves or
wins the most for its cost, and attacks moments the opponent left empty. In the fast steps it
fills an unanswered attack with a fast block and strengthens its own attacks with combos when
it can pay for them. Every number it weighs is an expectation (a d6 is worth 3.5, a d4 2.5).

It reads only what its seat may know: its own hand and items, and the public timeline.
"""

from __future__ import annotations

from cardwright.core.rng import LocalRng
from cardwright.core.state import CardRef, Option

from . import actions
from .actions import Face
from .game import Varia
from .state import VariaState

_ENGAGERS = ("when('start_of_moment', engage())",)
#: what a card's own rules are worth beyond its power and focus, in health points (estimates)
_BONUS = {
    "Prayer": 1.5,
    "Blood Boil": 2.0,
    "Harmonious Defense": 1.5,
    "Snake Bite": 2.5,
    "Venom Coat": 2.0,
    "Disarming Strike": 1.5,
    "Skull Crack": 1.0,
    "Molten Ravager": 1.0,
    "Feint": 1.5,
    "Decapitate": -2.0,
    "Reckless Swing": -1.0,
}
#: cards that heal their player (expected health), worth only as much as is missing
_HEAL = {"Lay on Hands": 4.5, "Healing Hammers": 2.5, "Prayer Beads": 1.0}
#: cards that cancel the action they face (it becomes a harmless copy, or is disrupted)
_NEGATE = {"Thy Will Be Done", "Kick Sand"}
#: cards that give back the damage they deal
_DRINK = {"Transfusion Dregga", "Blood Sip"}


def expected(face: Face) -> tuple[float, float]:
    """Expected total power and focus."""
    return face.power + 3.5 * face.power_dice, face.focus + 2.5 * face.focus_dice


class VariaHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    # ------------------------------------------------------------------ helpers
    def _reaches(self, g: Varia, s: VariaState, face: Face, cards: list[CardRef]) -> bool:
        """Whether an attack can land: engaged, ranged, or it engages by itself."""
        if s.engaged or "ranged" in face.keywords:
            return True
        return any(g.defn(s, c).rules in _ENGAGERS for c in cards)

    def _budget(self, g: Varia, s: VariaState, seat: int) -> int:
        """Action points left once the seat's actions already on the timeline are paid."""
        left = s.ap[seat]
        for moment in s.timeline[max(s.moment, 0) :]:
            slot = moment.slots[seat]
            if slot is not None and not slot.performed:
                left -= actions.costs(g, s, slot)[0]
        return left

    def _face_after(
        self, g: Varia, s: VariaState, seat: int, option: Option
    ) -> tuple[Face, list[CardRef], int]:
        """The face of the action the option would leave in its moment, its cards, and what
        the option adds to the plan's cost."""
        assert option.card is not None and option.n is not None
        cards = [option.card]
        if option.target is not None:
            cards.append(option.target)
        new = actions.combine([g.defn(s, c) for c in cards])
        slot = s.timeline[option.n].slots[seat] if option.n < len(s.timeline) else None
        if option.arg == "combo" and slot is not None:
            return (
                actions.combine([g.defn(s, c) for c in [*cards, *slot.cards]]),
                [*cards, *slot.cards],
                new.cost,
            )
        if option.arg == "replace" and slot is not None:
            return new, cards, new.cost - actions.printed(s, slot).cost
        return new, cards, new.cost

    def _value(
        self, g: Varia, s: VariaState, seat: int, face: Face, cards: list[CardRef], m: int
    ) -> float:
        """What having ``face`` in moment ``m`` is worth against what the opponent has there."""
        them = s.timeline[m].slots[1 - seat] if m < len(s.timeline) else None
        power, focus = expected(face)
        reaches = face.is_attack and self._reaches(g, s, face, cards)
        names = {g.defn(s, c).name for c in cards}
        bonus = sum(_BONUS.get(n, 0.0) for n in names)
        missing = s.config["health"] - s.health[seat]
        bonus += min(float(missing), sum(_HEAL.get(n, 0.0) for n in names))
        if names & {"Second Wind", "Ashen Flask"}:
            bonus += 2.0 * min(1, g.stack_count(s, seat, "Fatigue")) - 0.5
        drink = 0.5 if names & _DRINK and missing > 2 else 0.0
        if them is None:
            return bonus + (power * (1 + drink) if reaches else 0.0)
        theirs = actions.printed(s, them)
        tp, tf = expected(theirs)
        their_reach = theirs.is_attack and (s.engaged or "ranged" in theirs.keywords)
        value = bonus
        if theirs.is_attack:
            incoming = tp if their_reach else 0.0
            if names & _NEGATE:
                value += incoming
            elif face.is_block:
                value += min(power, incoming) + (0.4 * incoming if focus > tf else 0.0)
            elif face.is_attack:
                dealt = max(0.0, power - tp) if reaches else 0.0
                value += min(power, incoming) + dealt * (1 + drink)
        elif theirs.is_block and reaches:
            dealt = max(0.0, power - tp) * (0.6 if focus >= tf else 0.1)
            value += dealt * (1 + drink)
        elif reaches and not theirs.is_block:
            value += power * (1 + drink)
        return value

    # ------------------------------------------------------------------ decisions
    def choose(self, g: Varia, s: VariaState, seat: int) -> str:
        decision = s.decision
        assert decision is not None
        options = decision.options
        kind = decision.kind
        if kind == "move":
            return self._move(g, s, seat, options)
        if kind == "plan":
            return self._plan(g, s, seat, options)
        if kind == "respond":
            return self._fast(g, s, seat, options)
        if kind == "token":
            return options[0].id
        if kind == "use_power":
            return options[0].id  # yes: every optional rule of these decks helps its player
        declines = {"decline", "no", "done", "pass"}
        useful = [o for o in options if o.id not in declines]
        return (useful or options)[0].id

    def _move(self, g: Varia, s: VariaState, seat: int, options: list[Option]) -> str:
        ids = {o.id for o in options}
        melee = ranged = 0.0
        for c in [*s.zones[f"hand:{seat}"], *s.zones[f"item:{seat}"]]:
            d = g.defn(s, c)
            if not d.usable or "Attack" not in d.supertypes or s.cards[c].exhausted:
                continue
            power = expected(actions.combine([d]))[0]
            if "ranged" in d.keywords:
                ranged = max(ranged, power)
            else:
                melee = max(melee, power)
        if "engage" in ids and melee > ranged:
            return "engage"
        if "disengage" in ids and ranged > melee + 2:
            return "disengage"
        return "stay"

    def _best(
        self, g: Varia, s: VariaState, seat: int, options: list[Option], budget: int, floor: float
    ) -> Option | None:
        best: tuple[float, Option] | None = None
        for o in options:
            if o.card is None or o.n is None:
                continue
            face, cards, extra = self._face_after(g, s, seat, o)
            if extra > budget:
                continue
            if o.arg == "combo" and not face.is_attack and not face.is_block:
                continue
            value = self._value(g, s, seat, face, cards, o.n)
            if o.arg in ("combo", "replace"):
                slot = s.timeline[o.n].slots[seat]
                assert slot is not None
                value -= self._value(g, s, seat, actions.printed(s, slot), list(slot.cards), o.n)
            score = value - 0.35 * max(extra, 0)
            if score > floor and (best is None or score > best[0]):
                best = (score, o)
        return None if best is None else best[1]

    def _plan(self, g: Varia, s: VariaState, seat: int, options: list[Option]) -> str:
        budget = self._budget(g, s, seat)
        if seat == s.active:
            # the active player: its most efficient attacks that it can pay for
            best: tuple[float, Option] | None = None
            for o in options:
                if o.arg != "plan" or o.card is None or o.n is None:
                    continue
                face, cards, extra = self._face_after(g, s, seat, o)
                if extra > budget:
                    continue
                worth = self._value(g, s, seat, face, cards, o.n)
                if worth <= 1.0:
                    continue
                focus = expected(face)[1]
                score = (worth + 0.25 * focus) / max(1, extra) + 0.1 * worth
                if best is None or score > best[0]:
                    best = (score, o)
            return "done" if best is None else best[1].id
        found = self._best(g, s, seat, [o for o in options if o.arg != "done"], budget, 0.8)
        return "done" if found is None else found.id

    def _fast(self, g: Varia, s: VariaState, seat: int, options: list[Option]) -> str:
        budget = self._budget(g, s, seat)
        found = self._best(g, s, seat, [o for o in options if o.id != "pass"], budget, 1.5)
        return "pass" if found is None else found.id
