"""Charity (001 Turn Phases (3)): a player ending the turn with more cards in hand than
allowed (five; six for a Dwarf) gives the excess to the lowest-Level other player; tied
lowest players share it as evenly as possible, the giver choosing who gets the bigger share;
a giver who is the lowest (or tied) discards it instead. The dead receive nothing (001
Death), so the lowest living players receive (ruling R8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import CardRef, Decision, Option

from . import board
from .state import MKState, MKStep

if TYPE_CHECKING:
    from .game import Munchkin


def hand_limit(g: Munchkin, s: MKState, seat: int) -> int:
    extra = sum(g.value(s, "hand_limit", c, 0) for c in board.active_cards(g, s, seat))
    return board.HAND_SIZE + extra


def recipients(s: MKState, seat: int) -> list[int]:
    """The lowest-Level living other players, or nobody when the giver is at or below them."""
    others = [x for x in board.living(s) if x != seat]
    if not others:
        return []
    low = min(s.level[x] for x in others)
    if s.level[seat] <= low:
        return []
    n = len(s.names)
    return [
        (seat + i) % n
        for i in range(1, n)
        if (seat + i) % n in others and s.level[(seat + i) % n] == low
    ]


class Charity(MKStep, tag="mk.charity"):
    """``seat`` gives or discards its excess cards, one at a time. ``excess``: how many in
    all; ``given``: how many each recipient has had (by position in ``to``); ``card``: the
    card picked, waiting for a recipient."""

    excess: int = -1
    to: list[int] = msgspec.field(default_factory=list)
    given: list[int] = msgspec.field(default_factory=list)
    card: CardRef | None = None
    discarded: int = 0

    def _setup(self, g: Munchkin, s: MKState) -> None:
        hand = board.hand(s, self.seat)
        self.excess = max(0, len(hand) - hand_limit(g, s, self.seat))
        self.to = recipients(s, self.seat)
        self.given = [0] * len(self.to)

    def _open(self) -> list[int]:
        """Positions in ``to`` that may take the next card (an even split, the giver choosing
        who gets the leftovers)."""
        r = len(self.to)
        base, extra = divmod(self.excess, r)
        over = sum(1 for k in self.given if k > base)
        return [i for i, k in enumerate(self.given) if k < base or (k == base and over < extra)]

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        seat = self.seat
        if self.excess < 0 or self._finished():
            return None
        if self.card is not None:
            open_ = self._open()
            if len(open_) <= 1:
                return None
            options = [
                Option(f"to:{self.to[i]}", f"Give it to {s.names[self.to[i]]}", n=i) for i in open_
            ]
            return g.question(
                seat,
                "charity_to",
                # the card is still in the giver's hidden hand: the question, which every
                # seat sees, must not name it (the giver's pick was its own option's label)
                "Charity: who gets the card you picked?",
                options,
                "mk.turn.charity",
            )
        verb = "Give away" if self.to else "Discard"
        options = [
            Option(f"charity:{c}", f"{verb} {g.card_name(s, c)}", card=c)
            for c in board.hand(s, seat)
        ]
        left = self.excess - (sum(self.given) if self.to else self.discarded)
        return g.question(
            seat,
            "charity",
            f"Charity: {verb.lower()} {left} more card(s)",
            options,
            "mk.turn.charity",
        )

    def _finished(self) -> bool:
        done = sum(self.given) if self.to else self.discarded
        return done >= self.excess

    def run(self, g: Munchkin, s: MKState) -> None:
        if self.excess < 0:
            self._setup(g, s)
            if self.excess:
                who = ", ".join(s.names[x] for x in self.to) or "the discard pile"
                g.log(
                    s,
                    "charity",
                    "mk.turn.charity",
                    f"{s.names[self.seat]} has {self.excess} card(s) too many: Charity to {who}",
                    self.seat,
                )
            return
        if self.card is not None:  # one recipient can take it
            self._give(g, s, self._open()[0])
            return
        g.pop(s, self)

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        if option.id.startswith("to:"):
            assert option.n is not None
            self._give(g, s, option.n)
            return
        assert option.card is not None
        if not self.to:
            self.discarded += 1
            g.discard_card(s, self.seat, option.card, "mk.turn.charity")
            return
        self.card = option.card

    def _give(self, g: Munchkin, s: MKState, i: int) -> None:
        card = self.card
        assert card is not None
        self.card = None
        self.given[i] += 1
        g.take_card(s, card, self.to[i], "mk.turn.charity")
