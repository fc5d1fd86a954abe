"""Blue Moon's Buka powers that need Python: Coxswain Mora Marn, Lookout Dolora Paal, Sea Devil
and Entreat Favor (the ship and bluff rules themselves are in ``..buka_rules``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Verb, VerbSpec

from .. import buka_rules as buka
from ..play import play_card
from ..state import BMCtx, BMState, BMStep

if TYPE_CHECKING:
    from ..game import BlueMoon


def _discard_all(g: BlueMoon, s: BMState, cards: list[int], rule: str) -> None:
    for cid in cards:
        g.discard_from_play(s, cid, rule)


# Coxswain Mora Marn


class Coxswain(BMStep, tag="bm.ab.coxswain"):
    """Coxswain Mora Marn, played from a landed ship: I may discard every card of my
    opponent's combat area (active PROTECTED ones stay)."""

    rule: str

    def ask(self, game: BlueMoon, state: BMState) -> Decision | None:
        options = [Option("discard", "Discard them"), Option("keep", "Leave them")]
        prompt = "Discard every card of the opponent's combat area (active PROTECTED ones stay)?"
        return game.question(self.seat, "coxswain", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        g.pop(s, self)
        if option.id != "discard":
            return
        eff = g.effects(s)
        opp = 1 - self.seat
        doomed = [c for c in s.zones[f"combat:{opp}"] if not eff.protected(c)]
        _discard_all(g, s, doomed, self.rule)


def _coxswain(ctx: BMCtx) -> None:
    g, s, seat, src = ctx.game, ctx.state, ctx.you, ctx.source
    assert src is not None
    if src not in s.turn_info.from_ship:
        if s.logging:
            g.log(
                s,
                "no_effect",
                ctx.rule,
                f"{g.card_name(s, src)} was not played from a landed ship: no effect",
                seat,
            )
        return
    g.push_step(s, Coxswain(seat=seat, rule=ctx.rule))


# Lookout Dolora Paal


def _dolora_targets(g: BlueMoon, s: BMState, seat: int, kind: str) -> list[int]:
    eff = g.effects(s)
    return [
        c for c in g.active_cards(s, 1 - seat) if g.defn(s, c).type == kind and not eff.protected(c)
    ]


class Dolora(BMStep, tag="bm.ab.dolora"):
    """Lookout Dolora Paal: I may discard every active booster of my opponent, or else every
    active support of theirs (PROTECTED ones stay)."""

    rule: str

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        options = []
        for kind in ("booster", "support"):
            n = len(_dolora_targets(g, s, self.seat, kind))
            options.append(Option(kind, f"Discard the {kind}s ({n})", arg=kind))
        options.append(Option("none", "Discard nothing"))
        prompt = "Discard all the opponent's active boosters, or all their active supports?"
        return g.question(self.seat, "dolora", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        g.pop(s, self)
        if option.arg:
            _discard_all(g, s, _dolora_targets(g, s, self.seat, option.arg), self.rule)


def _dolora(ctx: BMCtx) -> None:
    ctx.state.stack.append(Dolora(seat=ctx.you, rule=ctx.rule))


# Sea Devil: load up to three hand cards onto this ship


class SeaDevil(BMStep, tag="bm.ab.sea_devil"):
    """Sea Devil: on playing this ship I may load as many as three hand cards onto it, one at
    a time (``left``: how many more)."""

    ship: CardRef
    rule: str
    left: int = 3

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat, ship = self.seat, self.ship
        options = []
        if buka.room(g, s, ship) > 0:
            for cid in s.zones[f"hand:{seat}"]:
                if g.defn(s, cid).type in buka.LOADABLE:
                    options.append(
                        Option(f"load:{cid}", f"Load {g.card_name(s, cid)}", card=CardRef(cid))
                    )
        options.append(Option("done", "Load no more"))
        prompt = f"Load a card from your hand onto {g.card_name(s, ship)}?"
        return g.question(seat, "sea_devil", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat, ship = self.seat, self.ship
        g.pop(s, self)
        if option.card is None:
            return
        buka.load(g, s, seat, option.card, ship, self.rule)
        left = self.left - 1
        if left > 0 and s.zones[f"hand:{seat}"] and buka.room(g, s, ship) > 0:
            g.push_step(s, SeaDevil(seat=seat, ship=ship, rule=self.rule, left=left))


def _sea_devil(ctx: BMCtx) -> None:
    s, seat = ctx.state, ctx.you
    if ctx.source is None or not s.zones[f"hand:{seat}"]:
        return  # visibly nothing to load
    s.stack.append(SeaDevil(seat=seat, ship=ctx.source, rule=ctx.rule))


# Entreat Favor: search the deck for a ship to play, or a card to load; then shuffle


def _open_ships(g: BlueMoon, s: BMState, seat: int) -> list[int]:
    return [c for c in s.zones[f"influence:{seat}"] if buka.room(g, s, c) > 0]


class Entreat(BMStep, tag="bm.ab.entreat"):
    """Entreat Favor: I search my deck and may play a ship from it, or load a character,
    booster or support from it onto one of my ships; then I shuffle. The options name cards
    by number (``arg``), not id: the deck is hidden from its owner too."""

    rule: str

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        ships = _open_ships(g, s, seat)
        options = []
        for number in sorted({s.cards[c].defn for c in s.zones[f"deck:{seat}"]}):
            d = g.defs[number]
            if d.type == "ship":
                options.append(
                    Option(f"ship:{number}", f"Play {d.name} from your deck", arg=number)
                )
            elif d.type in buka.LOADABLE:
                for ship in ships:
                    options.append(
                        Option(
                            f"load:{number}:{ship}",
                            f"Load {d.name} onto {g.card_name(s, ship)}",
                            arg=number,
                            target=CardRef(ship),
                        )
                    )
        options.append(Option("none", "Take nothing"))
        prompt = "Search your deck: play a ship from it, or load a card from it onto a ship"
        return g.question(seat, "entreat", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
        g.pop(s, self)
        deck = s.zones[f"deck:{seat}"]
        if option.arg:
            cid = next(c for c in deck if s.cards[c].defn == option.arg)
            if option.target is None:  # a ship, played from the deck
                play_card(g, s, seat, cid, "influence", from_zone=f"deck:{seat}")
            else:
                buka.load(g, s, seat, cid, option.target, self.rule)
        chance.shuffle(s, deck)
        s.turn_info.irreversible = True
        if s.logging:
            g.log(
                s, "shuffle", self.rule, f"{s.names[seat]} shuffles their deck", seat, chance=True
            )


def _entreat(ctx: BMCtx) -> None:
    s, seat = ctx.state, ctx.you
    if not s.zones[f"deck:{seat}"]:
        return  # visibly nothing to search
    s.stack.append(Entreat(seat=seat, rule=ctx.rule))


WORDS: dict[str, Any] = {
    name: (lambda spec: lambda: Verb(spec))(VerbSpec(name, fn, pushes=True))
    for name, fn in (
        ("coxswain", _coxswain),
        ("dolora", _dolora),
        ("sea_devil", _sea_devil),
        ("entreat", _entreat),
    )
}
