"""Blue Moon's Aqua power that needs Python: Drown Resistance."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Verb, VerbSpec

from ..state import BMCtx, BMState, BMStep

if TYPE_CHECKING:
    from ..game import BlueMoon
    from ..inforce import InForce


def _drown_targets(g: BlueMoon, s: BMState, eff: InForce, opp: int) -> tuple[list[int], list[int]]:
    """The opponent's active combat cards that may be cleared, and its active characters (one of
    which is spared)."""
    active = [c for c in s.zones[f"combat:{opp}"] if c not in s.covered]
    chars = [c for c in active if g.defn(s, c).type == "character"]
    return [c for c in active if not eff.protected(c)], chars


class Drown(BMStep, tag="bm.ab.drown"):
    """Drown Resistance: I may clear my opponent's active combat cards, sparing one active
    character of my choice and PROTECTED cards; nothing is asked when nothing would go."""

    rule: str

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        me = self.seat
        clearable, chars = _drown_targets(g, s, g.effects(s), 1 - me)
        if chars:
            useful = any(x != c for c in chars for x in clearable)
        else:
            useful = bool(clearable)
        if not useful:
            return None
        if chars:
            options = [
                Option(f"keep:{c}", f"Clear all but {g.card_name(s, c)}", card=CardRef(c))
                for c in chars
            ]
        else:
            options = [Option("clear", "Clear the opponent's active combat cards", arg="clear")]
        options.append(Option("pass", "Do not use it"))
        prompt = "Clear your opponent's combat area (one character stays)"
        return g.question(me, "drown", prompt, options, self.rule)

    def run(self, game: BlueMoon, state: BMState) -> None:
        game.pop(state, self)  # nothing would go

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        me = self.seat
        clearable, _ = _drown_targets(g, s, g.effects(s), 1 - me)
        g.pop(s, self)
        if option.id == "pass":
            if s.logging:
                g.log(
                    s, "power_unused", self.rule, f"{s.names[me]} leaves the combat area alone", me
                )
            return
        for cid in clearable:
            if cid != option.card:
                g.discard_from_play(s, cid, self.rule)


def _drown(ctx: BMCtx) -> None:
    ctx.state.stack.append(Drown(seat=ctx.you, rule=ctx.rule))


WORDS: dict[str, Any] = {"drown": lambda: Verb(VerbSpec("drown", _drown, pushes=True))}
