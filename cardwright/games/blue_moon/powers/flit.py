"""Blue Moon's Flit power that needs Python: Beguile Holy Dragon."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Verb, VerbSpec

from ..state import BMCtx, BMState, BMStep

if TYPE_CHECKING:
    from ..game import BlueMoon


class Beguile(BMStep, tag="bm.ab.discard_characters"):
    """Beguile Holy Dragon: I may discard three characters from hand to attract a dragon. The
    three are picked one at a time and discarded together, the question asked even with
    three or fewer characters (the hand is hidden), and "discard nothing" stays open."""

    rule: str
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        options = [
            Option(f"add:{c}", f"Discard {g.card_name(s, c)}", card=CardRef(c))
            for c in s.zones[f"hand:{seat}"]
            if c not in self.cards and g.defn(s, c).type == "character"
        ]
        options.append(Option("cancel", "Discard nothing"))
        prompt = "Pick three characters to discard for a dragon"
        return g.question(seat, "discard_characters", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
        if option.card is None:
            g.pop(s, self)
            return
        self.cards.append(option.card)
        if len(self.cards) == 3:
            g.pop(s, self)
            for c in self.cards:
                g.discard_from_hand(s, seat, c, self.rule)
            g.attract_dragon(s, seat, self.rule)


def _beguile(ctx: BMCtx) -> None:
    ctx.state.stack.append(Beguile(seat=ctx.you, rule=ctx.rule))


WORDS: dict[str, Any] = {"beguile": lambda: Verb(VerbSpec("beguile", _beguile, pushes=True))}
