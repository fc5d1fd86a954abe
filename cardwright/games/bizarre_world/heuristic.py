"""A rule-based Bizarre World player: builds resources early, plays its best affordable card,
turns its creatures into attack, attacks, and blocks by answering attacks with attack.

It reads only what its seat may know: its own hand and resources and the public zones.
"""

from __future__ import annotations

from typing import cast

from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.state import Option, State

from .generator import CardDef
from .rules import BizarreWorld, other
from .state import BWState

_COST_PENALTY = {
    "sacrifice_self": 3.0,
    "sacrifice_others": 4.0,
    "discard_2": 2.0,
    "discard_1": 1.0,
    "sacrifice_other_purple": 2.5,
    "both_draw": 0.5,
}
_EFFECT_VALUE = {
    "draw_1": 2.0,
    "kill_cost_3": 3.0,
    "all_discard_1": 0.5,
    "gain_gray_3": 1.5,
    "opponent_draws_1": -0.5,
    "": 0.0,
}


def card_value(card: CardDef) -> float:
    """How much a card is worth on the table (attack it makes, extras, minus its drawbacks)."""
    noun = card.noun
    value = max(noun.attack, noun.alt_attack) + _EFFECT_VALUE.get(noun.effect, 0.0)
    value -= _COST_PENALTY.get(card.cost_kind, 0.0) * 0.5
    if card.passive in ("flaming",):
        value -= 1.0
    if card.passive in ("insured", "heavily_insured", "explosive", "biodegradable"):
        value += 0.5
    return value


class BizarreWorldHeuristic:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    def choose(self, game: Game, state: State, seat: int) -> str:
        g = cast(BizarreWorld, game)
        s = cast(BWState, state)
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
        parts = o.id.split(":")
        cdef = g.defn(s, int(parts[1]))
        mode = parts[2] if len(parts) > 2 else ""
        opp = other(seat)
        if mode == "attack":
            gain = float(cdef.noun.alt_attack)
        else:
            gain = float(cdef.noun.attack)
            effect = cdef.noun.effect
            if effect == "kill_cost_3":
                targets = [c for c in s.zones[f"play:{opp}"] if g.defn(s, c).cost <= 3]
                gain += 3.0 if targets else -5.0
            elif effect == "gain_gray_3":
                hand_costs = [g.play_cost(s, c) for c in s.zones[f"hand:{seat}"]]
                ready = g.ready_resources(s, seat)
                gain += 2.0 if any(ready < c <= ready + 3 for c in hand_costs) else -5.0
            elif effect:
                gain += _EFFECT_VALUE.get(effect, 0.0)
        penalty = _COST_PENALTY.get(cdef.cost_kind, 0.0)
        if cdef.cost_kind == "sacrifice_others":
            penalty = 2.0 * (len(s.zones[f"play:{seat}"]) - 1)
        if cdef.cost_kind.startswith("discard") and len(s.zones[f"hand:{seat}"]) >= 4:
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
            _, cid, n = o.id.split(":")
            kills = "kills it" in o.label
            return (card_value(g.defn(s, int(cid))) if kills else -10.0, int(n))

        return max(options, key=score).id

    def _pay(self, g: BizarreWorld, s: BWState, options: list[Option]) -> str:
        def order(o: Option) -> float:
            what = o.id.split(":")[1]
            if what == "gray":
                return -2.0
            if what == "neutral":
                return -1.0
            return card_value(g.defn(s, int(what)))

        return min(options, key=order).id

    def _hand_value(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> float:
        return card_value(g.defn(s, _card(o)))

    def _kill_value(self, g: BizarreWorld, s: BWState, seat: int, o: Option) -> float:
        cid = _card(o)
        mine = s.cards[cid].controller == seat
        value = card_value(g.defn(s, cid)) + g.defn(s, cid).cost
        return -value if mine else value


def _card(option: Option) -> int:
    return int(option.id.split(":")[1])
