"""A rule-based Blue Moon player: retrieves what a new character would cover anyway, plays its
leadership cards, continues a fight only when its hand can match the opponent (with the cheapest
character that does, counting a booster or support to follow, the rest of a GANG in hand, and a
gang kept active without covering), retreats otherwise, and opens fights in the element its
cards favour.

Buka: it plays ships, loads a character onto a ship when the booster/support play would
otherwise go unused, lands a ship whose cargo holds a character that can continue the fight,
bluffs only with cards whose bluff icon matches the contested element (any bluff card when the
opponent may not call), and calls a bluff when the unseen bluff cards make a good bluff unlikely.

It reads only what its seat may know: its own hand and the public areas.
"""

from __future__ import annotations

from cardwright.core.rng import LocalRng
from cardwright.core.state import Option, clone

from . import buka_rules as buka
from .carddata import load_people
from .cards import CardDef
from .game import ELEMENTS, BlueMoon, other
from .inforce import InForce
from .state import BMState


def _card(option: Option) -> int:
    assert option.card is not None
    return option.card


def _best(d: CardDef) -> int:
    return max(d.fire, d.earth)


class BlueMoonHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0, lookahead: bool = True) -> None:
        self.rng = LocalRng(seed)
        self.lookahead = lookahead  # try a first character on a copy before playing it
        self._trying = False  # playing a turn out on a copy: no trials within it

    @classmethod
    def rollout_policy(cls, seed: int) -> BlueMoonHeuristic:
        """The player the search's rollouts use: this one without its trials (a rollout that
        backtracks in friendly play only chooses again, and the trials would cost the search
        half its iterations)."""
        return cls(seed, lookahead=False)

    def choose(self, g: BlueMoon, s: BMState, seat: int) -> str:
        decision = s.decision
        assert decision is not None
        options = decision.options
        kind = decision.kind
        if kind == "turn":
            return self._turn(g, s, seat, options)
        if kind == "element":
            return self._element(g, s, seat, options)
        if kind == "decline_discard":
            return self._decline(g, s, options)
        if kind == "draw_up_to":
            return options[0].id  # the most cards
        if kind == "bluff_call":
            return self._call(g, s, seat)
        return options[0].id

    # ------------------------------------------------------------------ the turn decision
    def _turn(self, g: BlueMoon, s: BMState, seat: int, options: list[Option]) -> str:
        by_kind: dict[str, list[Option]] = {}
        for o in options:
            by_kind.setdefault(o.arg, []).append(o)
        ti = s.turn_info
        if ti.chars == 0:
            for o in by_kind.get("retrieve", []):
                # a combat card is covered by the new character anyway: take it back
                if g.defn(s, _card(o)).type != "support":
                    return o.id
            land = self._land(g, s, seat, by_kind.get("land", []))
            if land:
                return land
            if "lead" in by_kind:  # leadership cards are free card flow (refilled to six)
                return by_kind["lead"][0].id
            plays = by_kind.get("play", [])
            keeps = by_kind.get("gang", [])  # a gang character added without covering
            if not plays and not keeps:
                return "retreat" if "retreat" in by_kind else "decline"
            if not s.fight_started:
                return max(plays or keeps, key=lambda o: _best(g.defn(s, _card(o)))).id
            return self._first_character(g, s, seat, plays, keeps, by_kind)
        return self._more(g, s, seat, by_kind)

    def _first_character(
        self,
        g: BlueMoon,
        s: BMState,
        seat: int,
        plays: list[Option],
        keeps: list[Option],
        by_kind: dict[str, list[Option]],
    ) -> str:
        element = s.element
        eff = InForce(g, s)
        need = g.total_power(s, other(seat), eff=eff)
        supports = sum(eff.value(c, element) for c in s.zones[f"support:{seat}"])
        # a gang character added without covering keeps the combat area's power
        kept = g.total_power(s, seat, eff=eff) - supports
        shield = f"{element}_shield"
        hand = [(c, g.defn(s, c)) for c in s.zones[f"hand:{seat}"]]
        extras = [d for _, d in hand if d.type in ("booster", "support") or "free" in d.icons]
        bonus = max((d.value(element) for d in extras), default=0)
        can_shield = any(shield in d.icons for d in extras)

        def gang_mates(cid: int) -> int:
            """What the rest of the card's gang in hand adds as GANG extras."""
            d = g.defn(s, cid)
            if d.gang is None or "stop" in d.icons:
                return 0
            return sum(
                x.value(element)
                for c, x in hand
                if c != cid and x.type == "character" and x.gang == d.gang
            )

        def reach(o: Option, with_bonus: bool) -> bool:
            cid = _card(o)
            d = g.defn(s, cid)
            if shield in d.icons:
                return True
            base = supports + d.value(element) + (kept if o.arg == "gang" else 0)
            if not with_bonus:
                return base >= need
            extra = bonus + gang_mates(cid) if "stop" not in d.icons else 0
            shielded = can_shield and "stop" not in d.icons
            return base + extra >= need or shielded

        candidates = keeps + plays

        def value(o: Option) -> int:
            return g.defn(s, _card(o)).value(element)

        alone = sorted((o for o in candidates if reach(o, False)), key=value)
        helped = sorted((o for o in candidates if reach(o, True) and o not in alone), key=value)
        rest = sorted((o for o in candidates if o not in alone and o not in helped), key=value)
        # the cheapest that reaches alone, the strongest that reaches with help, then the others
        # (card texts may reach what the counting above cannot see); each tried on a copy of
        # the position first, so that a turn that would have to be taken back is not begun
        order = [*alone, *reversed(helped), *reversed(rest)]
        if "retreat" not in by_kind:
            return order[0].id
        for o in order[: len(alone) + len(helped) + self.LOOK_BEYOND]:
            if not self._dead_end(g, s, seat, o):
                return o.id
        return "retreat"

    #: how many characters beyond those the counting expects to reach are tried on a copy
    LOOK_BEYOND = 2
    #: decisions of one turn played out on a copy before the trial gives up (a turn is short)
    TRIAL_STEPS = 40

    def _dead_end(self, g: BlueMoon, s: BMState, seat: int, first: Option) -> bool:
        """Whether opening the turn with ``first`` ends in the turn being taken back (or, where
        it cannot be, in a retreat): the rest of the turn is played out as this player would,
        on a copy. The copy is followed only until a card is drawn or revealed (what makes a
        turn irreversible, ruling R4): until then what happens depends only on this seat's hand
        and the table, so the trial reads nothing the seat may not know; after that it cannot
        tell, and the card is not called a dead end."""
        if self._trying or not self.lookahead:
            return False
        trial = clone(s)
        tried, fights, turn = len(trial.turn_info.tried), trial.fights, trial.turn
        was_irreversible = trial.turn_info.irreversible

        def decks() -> tuple[int, int]:
            return len(trial.zones["deck:0"]), len(trial.zones["deck:1"])

        before = decks()
        self._trying = True
        try:
            g.apply(trial, first.id, seat)
            for _ in range(self.TRIAL_STEPS):
                shown = trial.turn_info.irreversible and not was_irreversible
                if trial.turn == turn and (shown or decks() != before):
                    return False  # something was drawn or shown: beyond what the seat knows
                if len(trial.turn_info.tried) > tried or trial.fights != fights:
                    return True  # backtracked, or retreated with the cards on the table
                decision = trial.decision
                if decision is None or decision.seat != seat or trial.turn != turn:
                    return False  # the turn went through (or the opponent answers: unforeseen)
                g.apply(trial, self.choose(g, trial, seat), seat)
        finally:
            self._trying = False
        return False

    def _more(self, g: BlueMoon, s: BMState, seat: int, by_kind: dict[str, list[Option]]) -> str:
        plays = by_kind.get("play", [])
        if not s.fight_started:
            return "announce"
        element = s.element
        eff = InForce(g, s)
        mine = g.total_power(s, seat, eff=eff)
        need = g.total_power(s, other(seat), eff=eff)
        if mine >= need or g.has_shield(s, seat, element, eff):
            loads = by_kind.get("load", [])
            if loads:  # the booster/support play is unused: put a character on a ship
                chars = [o for o in loads if g.defn(s, _card(o)).type == "character"]
                if chars:
                    return max(chars, key=lambda o: _best(g.defn(s, _card(o)))).id
            return "announce"
        bluffs = [o for o in by_kind.get("bluff", []) if self._safe_bluff(g, s, seat, o, eff)]
        if bluffs and need - mine <= 2:
            return bluffs[0].id
        if not plays:
            return bluffs[0].id if bluffs else "announce"
        shield = f"{element}_shield"
        for o in plays:
            if shield in g.defn(s, _card(o)).icons:
                return o.id
        gap = need - mine
        enough = [o for o in plays if g.defn(s, _card(o)).value(element) >= gap]
        if enough:
            return min(enough, key=lambda o: g.defn(s, _card(o)).value(element)).id
        best = max(plays, key=lambda o: g.defn(s, _card(o)).value(element))
        if g.defn(s, _card(best)).value(element) > 0:
            return best.id
        return "announce"

    # ------------------------------------------------------------------ other decisions
    def _element(self, g: BlueMoon, s: BMState, seat: int, options: list[Option]) -> str:
        eff = InForce(g, s)
        hand = [g.defn(s, c) for c in s.zones[f"hand:{seat}"]]

        def score(e: str) -> tuple[int, int]:
            return (g.total_power(s, seat, e, eff), sum(d.value(e) for d in hand))

        best = max(ELEMENTS, key=score)
        return next(o.id for o in options if o.id == best)

    def _decline(self, g: BlueMoon, s: BMState, options: list[Option]) -> str:
        cards = [o for o in options if o.id != "done"]
        worst = min(cards, key=lambda o: _best(g.defn(s, _card(o))))
        if any(o.id == "done" for o in options) and _best(g.defn(s, _card(worst))) > 2:
            return "done"
        return worst.id

    # ------------------------------------------------------------------ Buka
    def _land(self, g: BlueMoon, s: BMState, seat: int, lands: list[Option]) -> str:
        if not lands:
            return ""
        eff = InForce(g, s)
        need = g.total_power(s, other(seat), eff=eff) if s.fight_started else 0
        supports = sum(eff.value(c, s.element) for c in s.zones[f"support:{seat}"])
        for o in lands:
            for cid in buka.cargo(s, _card(o)):
                d = g.defn(s, cid)
                if d.type != "character":
                    continue
                if not s.fight_started or supports + d.value(s.element) >= need:
                    return o.id
        return ""

    def _safe_bluff(self, g: BlueMoon, s: BMState, seat: int, o: Option, eff: InForce) -> bool:
        if eff.prohibitors and eff.prohibited(other(seat), buka.NO_CALL, -1):
            return True
        return g.printed(s, _card(o)).bluff_kind == s.element

    def _call(self, g: BlueMoon, s: BMState, seat: int) -> str:
        """Call when the bluffs are unlikely all to show the contested element's icon, judging
        from the opponent's bluff cards this seat has not seen."""
        opp = other(seat)
        seen = {
            s.cards[c].defn
            for zone, ids in s.zones.items()
            if zone.endswith(f":{opp}") and not zone.startswith(("deck", "hand", "ship"))
            for c in ids
            if s.cards[c].face_up
        }
        unseen = [
            c
            for c in load_people(s.peoples[opp]).cards
            if "bluff" in c.icons and c.number not in seen
        ]
        good = sum(1 for c in unseen if c.bluff_kind == s.element)
        n = len(buka.bluffs_of(s, opp))
        chance = (good / len(unseen)) ** n if unseen else 0.0
        return "call" if chance < 0.5 else "pass"
