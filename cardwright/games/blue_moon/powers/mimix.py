"""Blue Moon's Mimix powers that need Python: Shaman of the Holy Sacrifice and Shaman of the
Deeds to Come."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Verb, VerbSpec
from cardwright.core.zones import move

from ..power_steps import take_to_hand
from ..state import BMCtx, BMState, BMStep

if TYPE_CHECKING:
    from ..game import BlueMoon


class RevealTop(BMStep, tag="bm.ab.reveal_top"):
    """Shaman of the Holy Sacrifice: at the end of my turn I may reveal up to three top cards
    (taking them into hand), then discard one of them and keep the rest."""

    rule: str
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        if not self.cards:
            most = g.drawable(s, seat, 3)
            options = [
                Option(f"reveal:{n}", f"Reveal {n} card(s)", n=n) for n in range(most, 0, -1)
            ]
            options.append(Option("none", "Reveal nothing"))
            prompt = "Reveal up to three top cards"
            return g.question(seat, "reveal_top", prompt, options, self.rule)
        options = [
            Option(f"discard:{c}", f"Discard {g.card_name(s, c)}", card=c) for c in self.cards
        ]
        prompt = "Discard one of the revealed cards"
        return g.question(seat, "reveal_discard", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat, rule = self.seat, self.rule
        if not self.cards:
            if option.n is None:
                g.pop(s, self)
                return
            deck = s.zones[f"deck:{seat}"]
            for _ in range(option.n):
                cid = deck[-1]
                take_to_hand(g, s, seat, cid, "deck", rule)
                self.cards.append(CardRef(cid))
            return  # next: which of them to discard
        g.pop(s, self)
        assert option.card is not None
        g.discard_from_hand(s, seat, option.card, rule)


class Deeds(BMStep, tag="bm.ab.draw_then_shuffle_back"):
    """Shaman of the Deeds to Come: at the end of my turn I may draw up to three cards; having
    drawn (even none) I shuffle two hand cards back into the deck, compulsory after one or
    more, optional after none; declining the power shuffles nothing (004 Other). ``stage``: 0
    how many to draw, 1 whether to shuffle back after drawing none, 2 which cards."""

    rule: str
    stage: int = 0
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat, rule = self.seat, self.rule
        if self.stage == 0:
            most = g.drawable(s, seat, 3)
            options = [Option(f"draw:{n}", f"Draw {n} card(s)", n=n) for n in range(most, -1, -1)]
            options.append(Option("decline", "Do not use the power"))
            return g.question(seat, "draw_up_to", "Draw up to three cards", options, rule)
        if self.stage == 1:
            options = [Option("yes", "Shuffle two cards back"), Option("no", "Keep them")]
            prompt = "Shuffle two hand cards into your deck?"
            return g.question(seat, "use_power", prompt, options, rule)
        hand = s.zones[f"hand:{seat}"]
        if len(self.cards) < 2 and len(self.cards) < len(hand):
            options = [
                Option(f"back:{c}", f"Shuffle back {g.card_name(s, c)}", card=CardRef(c))
                for c in hand
                if c not in self.cards
            ]
            prompt = "Pick a card to shuffle into your deck"
            return g.question(seat, "shuffle_back", prompt, options, rule)
        return None

    def run(self, g: BlueMoon, s: BMState) -> None:
        seat = self.seat
        g.pop(s, self)
        deck = s.zones[f"deck:{seat}"]
        for c in self.cards:
            move(s, c, f"deck:{seat}", from_zone=f"hand:{seat}")
            s.cards[c].face_up = False
        g.hand_changed(s, seat)
        chance.shuffle(s, deck)
        if s.logging:
            g.log(
                s,
                "shuffle_back",
                self.rule,
                f"{s.names[seat]} shuffles {len(self.cards)} hand card(s) into the draw deck",
                seat,
                chance=True,
            )

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
        if self.stage == 0:
            if option.n is None:  # declined
                g.pop(s, self)
                return
            if option.n:
                g.draw(s, seat, option.n, self.rule)
            self.stage = 2 if option.n else 1
        elif self.stage == 1:
            if option.id == "yes":
                self.stage = 2
            else:
                g.pop(s, self)
        else:
            assert option.card is not None
            self.cards.append(option.card)


def _holy_sacrifice(ctx: BMCtx) -> None:
    # revealing is part of taking them, so a power that forbids taking cards stops it all (004
    # Special Power Texts: Other)
    g, s = ctx.game, ctx.state
    if g.drawable(s, ctx.you, 1):
        s.stack.append(RevealTop(seat=ctx.you, rule=ctx.rule))


def _deeds(ctx: BMCtx) -> None:
    ctx.state.stack.append(Deeds(seat=ctx.you, rule=ctx.rule))


WORDS: dict[str, Any] = {
    "holy_sacrifice": lambda: Verb(VerbSpec("holy_sacrifice", _holy_sacrifice, pushes=True)),
    "deeds_to_come": lambda: Verb(VerbSpec("deeds_to_come", _deeds, pushes=True)),
}
