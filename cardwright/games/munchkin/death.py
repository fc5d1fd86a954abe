"""Death and looting the body (001 Death, Looting The Body).

The dead player keeps their class and race cards (with Super Munchkin and Half-Breed), their
level and the curses in front of them; everything else (hand and Items) is laid out face up.
The other living players, from the highest Level (ties broken by a die roll, highest first;
equal rolls by seat order from the dead player's left: ruling R7), each take one card into
their hand; the rest is discarded. The dead receive no card and gain no level until the next
player's turn begins; on their own next turn they draw four cards of each deck first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import CardRef, Decision, Option

from . import board
from .state import MKState, MKStep

if TYPE_CHECKING:
    from .game import Munchkin

KEPT = ("class", "race", "super_munchkin", "half_breed", "curse")


class Death(MKStep, tag="mk.death"):
    """``seat`` dies: its stuff is laid out, then looted in ``order``."""

    rule: str = "mk.death"
    stage: int = 0
    order: list[int] = msgspec.field(default_factory=list)

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        if self.stage != 1 or not self.order or len(s.zones["corpse"]) <= 1:
            return None
        looter = self.order[0]
        options = [
            Option(f"loot:{c}", f"Take {g.card_name(s, c)}", card=CardRef(c))
            for c in s.zones["corpse"]
        ]
        prompt = f"Loot {s.names[self.seat]}'s body: take one card"
        return g.question(looter, "loot_body", prompt, options, "mk.death.loot")

    def run(self, g: Munchkin, s: MKState) -> None:
        seat = self.seat
        if self.stage == 0:
            self.stage = 1
            self._die(g, s)
            return
        if self.stage == 1 and self.order and s.zones["corpse"]:
            self._loot(g, s, CardRef(s.zones["corpse"][0]))
            return
        for card in list(s.zones["corpse"]):
            board.to_discard(g, s, card)
        g.pop(s, self)
        g.log(
            s,
            "dead",
            "mk.death.no_cards",
            f"{s.names[seat]}'s new character appears when the next turn begins",
            seat,
        )

    def answer(self, game: Munchkin, state: MKState, option: Option) -> None:
        assert option.card is not None
        self._loot(game, state, option.card)

    def _loot(self, g: Munchkin, s: MKState, card: CardRef) -> None:
        looter = self.order.pop(0)
        board.to_hand(g, s, card, looter, public=True)
        if looter != s.active:
            s.fresh.append(card)
        g.log(
            s,
            "loot",
            "mk.death.loot",
            f"{s.names[looter]} loots {g.card_name(s, card)}",
            looter,
            card=card,
        )

    def _die(self, g: Munchkin, s: MKState) -> None:
        seat = self.seat
        g.log(s, "death", self.rule, f"{s.names[seat]} dies!", seat)
        s.dead[seat] = True
        s.reborn[seat] = True
        for card in board.hand(s, seat):
            board.place(g, s, card, "corpse")
        going = [c for c in board.in_play(s, seat) if g.defn(s, c).kind not in KEPT]
        for card in going:  # a Cheat! and its Item, a Dolly and its load: looted apart
            if s.attached.get(card) in going or (card in s.attached and g.defn(s, card).is_item):
                del s.attached[card]
        for card in going:
            board.place(g, s, card, "corpse")
        combat = s.combat
        if combat is not None and combat.helper == seat:
            pass  # a dead helper runs no more; their strength no longer counts
        self.order = looting_order(g, s, seat)


def looting_order(g: Munchkin, s: MKState, dead: int) -> list[int]:
    """The living other players from the highest Level down; a die breaks ties in level
    (highest roll first), seat order from the dead player's left breaks equal rolls."""
    n = len(s.names)
    others = [(dead + i) % n for i in range(1, n) if not s.dead[(dead + i) % n]]
    rolls: dict[int, int] = {}
    for x in others:
        if sum(1 for y in others if s.level[y] == s.level[x]) > 1:
            rolls[x] = g.roll_die(s, x, 6, "mk.death.loot", "for the looting order")
    return sorted(others, key=lambda x: (-s.level[x], -rolls.get(x, 0), others.index(x)))
