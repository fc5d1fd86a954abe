"""A rule-based Bizarre World player: builds resources early, plays its best affordable card,
turns its creatures into attack, attacks, and blocks by answering attacks with attack.

It reads only what its seat may know: its own hand and resources and the public zones.
"""

from __future__ import annotations

from cardwright.core.rng import LocalRng
from cardwright.core.state import Option

from .game import BizarreWorld, other
from .generator import CardDef
from .state import BWState

#: the drawback of an of-phrase's cost, by of-phrase (the others cost little)
_COST_PENALTY = {
    "Sacrifice": 3.0,
    "Loneliness": 4.0,
    "Industrial Waste": 2.0,
    "Waste Disposal": 1.0,
    "Soul Harvesting": 2.5,
    "Charity": 0.5,
}
#: what a noun's effect (beyond its attack) is worth, by noun
_EFFECT_VALUE = {
    "Penny Printer": 2.0,
    "Lollipop": 3.0,
    "Eraser": 0.5,
    "Tree": 1.5,
    "Gift": -0.5,
}


def _penalty(card: CardDef) -> float:
    """The drawback of the card's cost (a condition such as Loneliness's 2021 "only creature"
    costs nothing)."""
    of = card.of
    return 0.0 if of.cost.startswith("require(") else _COST_PENALTY.get(of.name, 0.0)


def _effect_value(card: CardDef) -> float:
    return _EFFECT_VALUE.get(card.noun.name, 0.0) if card.noun.effect else 0.0


def card_value(card: CardDef) -> float:
    """How much a card is worth on the table (attack it makes, extras, minus its drawbacks)."""
    noun = card.noun
    value = max(noun.attack, noun.alt_attack) + _effect_value(card)
    value -= _penalty(card) * 0.5
    if card.passive in ("flaming",):
        value -= 1.0
    if card.passive in ("insured", "heavily_insured", "explosive", "biodegradable"):
        value += 0.5
    return value


class BizarreWorldHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    def choose(self, g: BizarreWorld, s: BWState, seat: int) -> str:
        decision = s.decision
        assert decision is not None
        options = decision.options
        kind = decision.kind
        ids = {o.id for o in options}
        if kind == "sacrifice":
            return self._sacrifice(g, s, seat, options)
        if kind == "main":
            return self._main(g, s, seat, options, ids)
        if kind == "respond":
            # answering with attack both blocks (sources absorb damage) and hits back
            useful = [o for o in options if o.id != "pass" and self._activation_ok(g, s, seat, o)]
            return useful[0].id if useful else "pass"
        if kind == "distribute":
            return self._distribute(g, s, options)
        if kind == "pay":
            return self._pay(g, s, options)
        if kind == "discard":
            worst = min(options, key=lambda o: self._hand_value(g, s, seat, o))
            return worst.id
        if kind == "kill_target":
            return max(options, key=lambda o: self._kill_value(g, s, seat, o)).id
        if kind == "sacrifice_cost":
            return min(options, key=lambda o: card_value(g.defn(s, _card(o)))).id
        return options[0].id

    # ------------------------------------------------------------------ decisions
    def _sacrifice(self, g: BizarreWorld, s: BWState, seat: int, options: list[Option]) -> str:
        neutral = len(s.zones[f"resources:{seat}"])
        creatures = len(s.zones[f"play:{seat}"])
        cards = [o for o in options if o.id != "done"]
        target = 3 if s.turns_taken[seat] <= 2 else 5
        if not cards or neutral + creatures >= target + 1 or neutral >= target or len(cards) < 2:
            return "done"
        # place the card we are least likely to want on the table soon
        ready = g.ready_resources(s, seat) + 2
        return min(
            cards,
            key=lambda o: (
                card_value(g.defn(s, _card(o))) - (3.0 if g.defn(s, _card(o)).cost > ready else 0.0)
            ),
        ).id

    def _main(
        self, g: BizarreWorld, s: BWState, seat: int, options: list[Option], ids: set[str]
    ) -> str:
        opp = other(seat)
        plays = [o for o in options if o.id.startswith("play:")]
        acts = [
            o
            for o in options
            if o.id.startswith("activate:") and self._activation_ok(g, s, seat, o)
        ]
        # lethal: attack as soon as the unspent attack can win through blockers
        if "attack" in ids and s.attack[seat] >= s.life[opp] + self._opp_block(g, s, opp):
            return "attack"
        if plays:
            best = max(
                plays, key=lambda o: (card_value(g.defn(s, _card(o))), g.defn(s, _card(o)).cost)
            )
            if card_value(g.defn(s, _card(best))) > 0.5:
                return best.id
        if acts:
            return max(acts, key=lambda o: self._activation_value(g, s, seat, o)).id
        if "attack" in ids:
            return "attack"
        return "end"

    def _activation_ok(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> bool:
        return self._activation_value(g, s, seat, o) > 0

    def _activation_value(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> float:
        assert o.card is not None
        cdef = g.defn(s, o.card)
        opp = other(seat)
        if o.arg == "attack":
            gain = float(cdef.noun.alt_attack)
        else:
            gain = float(cdef.noun.attack)
            noun = cdef.noun.name
            if noun == "Lollipop":
                targets = [c for c in s.zones[f"play:{opp}"] if g.defn(s, c).cost <= 3]
                gain += 3.0 if targets else -5.0
            elif noun == "Tree":
                hand_costs = [g.play_cost(s, c) for c in s.zones[f"hand:{seat}"]]
                ready = g.ready_resources(s, seat)
                gain += 2.0 if any(ready < c <= ready + 3 for c in hand_costs) else -5.0
            else:
                gain += _effect_value(cdef)
        penalty = _penalty(cdef)
        of = cdef.of
        if of.name == "Loneliness" and penalty:  # sacrifices all your other creatures
            penalty = 2.0 * (len(s.zones[f"play:{seat}"]) - 1)
        if of.name in ("Waste Disposal", "Industrial Waste") and len(s.zones[f"hand:{seat}"]) >= 4:
            penalty = 0.2
        return gain - penalty

    def _opp_block(self, g: BizarreWorld, s: BWState, opp: int) -> int:
        """The most attack the opponent could put in the way by responding."""
        total = 0
        for cid in s.zones[f"play:{opp}"]:
            if not s.cards[cid].exhausted:
                total += max(g.defn(s, cid).noun.attack, g.defn(s, cid).noun.alt_attack)
        return total

    def _distribute(self, g: BizarreWorld, s: BWState, options: list[Option]) -> str:
        # kill the most valuable creature we can kill outright; otherwise the biggest chunk
        def score(o: Option) -> tuple[float, int]:
            kills = "kills it" in o.label
            return (card_value(g.defn(s, _card(o))) if kills else -10.0, o.n or 0)

        return max(options, key=score).id

    def _pay(self, g: BizarreWorld, s: BWState, options: list[Option]) -> str:
        def order(o: Option) -> float:
            if o.arg == "gray":
                return -2.0
            if o.arg == "neutral":
                return -1.0
            return card_value(g.defn(s, _card(o)))

        return min(options, key=order).id

    def _hand_value(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> float:
        return card_value(g.defn(s, _card(o)))

    def _kill_value(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> float:
        cid = _card(o)
        mine = s.cards[cid].controller == seat
        value = card_value(g.defn(s, cid)) + g.defn(s, cid).cost
        return -value if mine else value


def _card(option: Option) -> int:
    assert option.card is not None, f"option {option.id!r} names no card"
    return option.card
