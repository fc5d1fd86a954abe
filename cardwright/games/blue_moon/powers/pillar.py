"""Blue Moon's Pillar powers that need Python: Gloria Gracia, the four Caterpillars and Crysalus
Frendus."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardwright.core.abilities import Ability
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Expr, Verb, VerbSpec
from cardwright.core.vocab.exprs import Compare, Const, SelfCard

from ..abilities import EXTRA_ITEMS, RequirementItem
from ..power_steps import push_value_discard
from ..state import BMCtx, BMState, BMStep
from ..words import used

if TYPE_CHECKING:
    from ..game import BlueMoon
    from ..inforce import InForce


# ---------------------------------------------------------------- Gloria Gracia
class Gloria(BMStep, tag="bm.ab.gloria"):
    """Gloria Gracia: I may take another card of my combat area back into my hand (its own
    question: ``take:<card>`` or ``none``, "Take nothing back")."""

    source: CardRef
    rule: str

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        options = [
            Option(f"take:{c}", f"Take {g.card_name(s, c)} back into your hand", card=CardRef(c))
            for c in s.zones[f"combat:{seat}"]
            if c != self.source
        ]
        options.append(Option("none", "Take nothing back"))
        return g.question(seat, "gloria", "Take a combat card back?", options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        from cardwright.core.zones import move

        seat = self.seat
        g.pop(s, self)
        cid = option.card
        if cid is None:
            return
        move(s, cid, f"hand:{seat}", from_zone=f"combat:{seat}")
        if cid in s.covered:
            s.covered.remove(cid)
        s.targets.pop(cid, None)
        g.hand_changed(s, seat)
        if s.logging:
            g.log(
                s,
                "return",
                self.rule,
                f"{s.names[seat]} takes {g.card_name(s, cid)} back into hand",
                seat,
                card=cid,
            )


def _gloria(ctx: BMCtx) -> None:
    g, s, seat, src = ctx.game, ctx.state, ctx.you, ctx.source
    eff = g.effects(s)
    if eff.prohibitors and eff.prohibited(seat, "take"):
        return  # a power forbids taking cards into hand
    if src is not None and [c for c in s.zones[f"combat:{seat}"] if c != src]:
        s.stack.append(Gloria(seat=seat, source=src, rule=ctx.rule))


# ---------------------------------------------------------------- the Caterpillars
CRYSALUS = "bm.ability.double_one_caterpillar_effect"


@dataclass(frozen=True, slots=True)
class CaterpillarDemand:
    """A Caterpillar's demand on the opponent (a ``turn_actions`` item): at any point of their
    playing phases they may discard hand cards whose printed values meet ``need`` (one
    element's total is enough with ``any_of``; otherwise each on other cards), doubled while
    a Crysalus Frendus in force has picked this Caterpillar; offered whenever their hand holds
    a card, so it tells nothing (FAQ: Discard (Caterpillar Cards)). Opening the discard is not
    yet a discard, so it can be undone; the discard marks the demand met (``used``)."""

    need: tuple[tuple[str, int], ...]
    any_of: bool = False
    undoable: bool = True

    def need_now(self, eff: InForce, src: int) -> dict[str, int]:
        s = eff.s
        doubled = any(
            ab.rule == CRYSALUS and s.targets.get(CardRef(c)) == src for c, ab in eff.sources
        )
        return {e: n * 2 for e, n in self.need} if doubled else dict(self.need)

    def options(self, eff: InForce, src: int, ability: Ability, seat: int) -> list[Option]:
        s, g = eff.s, eff.g
        if seat == s.cards[src].controller or s.turn_info.card_uses.get(CardRef(src)):
            return []
        if not s.zones[f"hand:{seat}"]:
            return []
        need = self.need_now(eff, src)
        joint = " or " if self.any_of else " and "
        what = joint.join(f"{n} {e}" for e, n in need.items())
        label = f"Discard cards ({what}) for {g.card_name(s, src)}"
        return [Option(f"ab:{src}:pay", label, card=CardRef(src), arg="ab")]

    def act(self, eff: InForce, src: int, ability: Ability, seat: int, option: Option) -> None:
        need = self.need_now(eff, src)
        push_value_discard(eff.g, eff.s, seat, need, ability.rule, any_of=self.any_of, mark=src)


EXTRA_ITEMS[CaterpillarDemand] = "turn_actions"

#: the demand is made again in each of the opponent's turns (``used`` is per turn)
_MET = Compare("gt", used(SelfCard()), Const(0))


def _caterpillar(fire: int = 0, earth: int = 0, any_of: bool = False) -> list[Any]:
    need = tuple((e, int(n)) for e, n in (("fire", fire), ("earth", earth)) if n)
    return [CaterpillarDemand(need, any_of), RequirementItem(_MET, "opponent")]


@dataclass(frozen=True, slots=True)
class MyCaterpillars(Expr):
    """My active Caterpillars whose text is in force (what Crysalus Frendus may pick)."""

    def eval(self, ctx: BMCtx) -> list[CardRef]:
        g, s = ctx.game, ctx.state
        me = ctx.you
        return [
            c
            for c, ab in g.effects(s).sources
            if s.cards[c].controller == me
            and any(isinstance(i, CaterpillarDemand) for i in ab.hooks.get("turn_actions", ()))
        ]


WORDS: dict[str, Any] = {
    "gloria": lambda: Verb(VerbSpec("gloria", _gloria, pushes=True)),
    "caterpillar": _caterpillar,
    "my_caterpillars": MyCaterpillars,
}
