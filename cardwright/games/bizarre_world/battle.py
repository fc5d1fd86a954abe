"""Bizarre World attacks: declaring, the defender's response, and distributing damage.

002 Declaring an Attack, Responding to an Attack, Attacker Distributes, Defender Distributes,
Attack with no source; the defender's leftover attack is an option (ruling R4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Decision, Option

from .state import Battle as BattleRecord
from .state import BWState, BWStep

if TYPE_CHECKING:
    from .game import BizarreWorld

# stages
DECLARE, DEFENSE, ATTACKER_ASSIGNS, DEFENDER_TURN, DEFENDER_ASSIGNS, DONE = range(6)


def _room(s: BWState, seat: int, targets: dict[CardRef, int]) -> dict[CardRef, int]:
    """How much more each live enemy attack source can take (only creatures still in play
    can take damage: bw.attack.sources)."""
    b = s.battle
    assert b is not None
    room = {}
    for cid, cap in targets.items():
        card = s.cards[cid]
        if cid in s.zones[f"play:{card.controller}"] and card.controller != seat:
            left = cap - b.assigned.get(cid, 0)
            if left > 0:
                room[cid] = left
    return room


class Battle(BWStep, tag="bw.battle"):
    """One attack by ``seat``, from declaration to the end of both distributions. Pending
    triggers (deaths during the battle) resolve between the steps."""

    stage: int = DECLARE

    def _distributing(self, s: BWState) -> tuple[int, dict[CardRef, int], str] | None:
        b = s.battle
        if b is None or self.stage not in (ATTACKER_ASSIGNS, DEFENDER_ASSIGNS):
            return None
        if self.stage == ATTACKER_ASSIGNS:
            return b.attacker, b.def_sources, "bw.attack.distribute_attacker"
        return b.defender, b.sources, "bw.attack.distribute_defender"

    def ask(self, game: BizarreWorld, s: BWState) -> Decision | None:
        found = self._distributing(s)
        if found is None or s.triggers:
            return None
        seat, targets, rule = found
        b = s.battle
        assert b is not None
        room = _room(s, seat, targets)
        if not b.remaining or not room or sum(room.values()) <= b.remaining:
            return None
        options = []
        for cid, r in room.items():
            for n in range(1, min(r, b.remaining) + 1):
                kills = " (kills it)" if n == r else ""
                label = f"Assign {n} to {s.cards[cid].defn}{kills}"
                options.append(Option(f"assign:{cid}:{n}", label, card=cid, n=n))
        if len(options) <= 1:
            return None
        prompt = f"Distribute {b.remaining} attack among the attack sources"
        return game.question(seat, "distribute", prompt, options, rule)

    def answer(self, game: BizarreWorld, s: BWState, option: Option) -> None:
        found = self._distributing(s)
        assert found is not None and option.card is not None and option.n is not None
        self._assign(game, s, found[0], found[2], option.card, option.n)

    @staticmethod
    def _assign(g: BizarreWorld, s: BWState, seat: int, rule: str, cid: CardRef, n: int) -> None:
        b = s.battle
        assert b is not None
        b.assigned[cid] = b.assigned.get(cid, 0) + n
        b.remaining -= n
        g.log(
            s,
            "assign",
            rule,
            f"{s.names[seat]} assigns {n} to {s.cards[cid].defn}",
            seat,
            card=cid,
            amount=n,
        )

    def run(self, g: BizarreWorld, s: BWState) -> None:
        if self.stage == DECLARE:
            self._declare(g, s)
            return
        if s.triggers:
            g.resolve_triggers(s)
            return
        b = s.battle
        assert b is not None
        found = self._distributing(s)
        if found is not None:
            seat, targets, rule = found
            room = _room(s, seat, targets)
            if b.remaining and room:
                if sum(room.values()) <= b.remaining:  # everything fits: no choice to make
                    for cid, r in room.items():
                        b.assigned[cid] = b.assigned.get(cid, 0) + r
                        b.remaining -= r
                else:  # a single way to assign
                    cid = next(iter(room))
                    self._assign(g, s, seat, rule, cid, 1)
                return
            for cid, cap in targets.items():
                card = s.cards[cid]
                live = cid in s.zones[f"play:{card.controller}"] and card.controller != seat
                if live and b.assigned.get(cid, 0) >= cap:
                    g.kill(s, cid, rule, "is killed by the attack")
            if self.stage == ATTACKER_ASSIGNS:
                g.lose_life(
                    s,
                    b.defender,
                    b.remaining,
                    "bw.attack.distribute_attacker",
                    "attack not stopped by attack sources",
                )
                self.stage = DEFENDER_TURN
            else:
                self._defender_excess(g, s)
                self.stage = DONE
            return
        if self.stage == DEFENSE:
            self._defense(g, s, b.defender)
        elif self.stage == DEFENDER_TURN:
            b.remaining, b.assigned = b.defense, {}
            self.stage = DEFENDER_ASSIGNS
        else:
            s.battle = None
            g.pop(s, self)

    def _declare(self, g: BizarreWorld, s: BWState) -> None:
        attacker = self.seat
        defender = 1 - attacker
        sources = {cid: n for cid, n in s.contrib.items() if s.cards[cid].controller == attacker}
        s.battle = BattleRecord(
            attacker=attacker, defender=defender, attack=s.attack[attacker], sources=sources
        )
        names = ", ".join(f"{s.cards[c].defn} ({n})" for c, n in sources.items()) or "none"
        g.log(
            s,
            "attack",
            "bw.attack.declare",
            f"{s.names[attacker]} attacks with "
            f"{s.attack[attacker]} attack; attack sources: {names}",
            attacker,
            amount=s.attack[attacker],
        )
        s.attack[attacker] = 0
        for cid in sources:
            del s.contrib[cid]
        self.stage = DEFENSE
        g.open_window(s, "bw.defend", defender, seats=[defender], rule="bw.attack.respond")

    def _defense(self, g: BizarreWorld, s: BWState, defender: int) -> None:
        b = s.battle
        assert b is not None
        b.defense = s.attack[defender]
        b.def_sources = {
            cid: n for cid, n in s.contrib.items() if s.cards[cid].controller == defender
        }
        s.attack[defender] = 0
        for cid in b.def_sources:
            del s.contrib[cid]
        if b.defense:
            names = ", ".join(f"{s.cards[c].defn} ({n})" for c, n in b.def_sources.items())
            g.log(
                s,
                "defense",
                "bw.attack.respond",
                f"{s.names[defender]} responds "
                f"with {b.defense} attack; attack sources: {names or 'none'}",
                defender,
                amount=b.defense,
            )
        b.remaining, b.assigned = b.attack, {}
        self.stage = ATTACKER_ASSIGNS

    @staticmethod
    def _defender_excess(g: BizarreWorld, s: BWState) -> None:
        b = s.battle
        assert b is not None
        leftover = b.remaining
        if leftover and s.config["defender_excess"] == "life":
            g.lose_life(
                s,
                b.attacker,
                leftover,
                "bw.ruling.defender_excess",
                "defender's attack not stopped by attack sources",
            )
        elif leftover:
            g.log(
                s,
                "wasted",
                "bw.ruling.defender_excess",
                f"{leftover} of {s.names[b.defender]}'s attack is wasted",
                b.defender,
            )
