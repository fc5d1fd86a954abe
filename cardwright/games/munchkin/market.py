"""Items changing hands out of a fight: selling for levels (001 Selling Items for Levels),
trading (001 Trading), a Thief's theft, shedding extra Big Items (001 Big Items), and a
Cleric's Resurrection (taking discards instead of drawing face down).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import CardRef, Decision, Option

from . import board
from .play import equip_options, ride_porter
from .state import MKState, MKStep

if TYPE_CHECKING:
    from .game import Munchkin

GOLD_PER_LEVEL = 1000


# ------------------------------------------------------------------------------ selling
def sellable(g: Munchkin, s: MKState, seat: int) -> list[CardRef]:
    """Items in play or in hand (one-shots with a value too)."""
    return [c for c in [*board.in_play(s, seat), *board.hand(s, seat)] if g.defn(s, c).is_item]


def sale_value(g: Munchkin, s: MKState, seat: int, cards: list[CardRef], double: int = -1) -> int:
    return sum(g.defn(s, c).gold * (2 if c == double else 1) for c in cards)


def can_sell(g: Munchkin, s: MKState, seat: int) -> bool:
    """Whether selling could give ``seat`` a level now (never Level 10)."""
    if s.level[seat] >= board.MAX_LEVEL - 1:
        return False
    items = sellable(g, s, seat)
    best = max((g.defn(s, c).gold for c in items), default=0)
    bonus = (
        best
        if board.keyword_in_play(g, s, seat, "double_sale") and not _sold_double(s, seat)
        else 0
    )
    return sale_value(g, s, seat, items) + bonus >= GOLD_PER_LEVEL


def _sold_double(s: MKState, seat: int) -> bool:
    return board.marks(s, seat, "double_sale") > 0


@dataclass(frozen=True)
class Sale:
    """A sale being made, as its seller sees it: ``picked`` the Items picked so far with the
    Gold Pieces each counts for (twice its value for the one a Halfling sells at double:
    ``double``), their ``total``, the ``levels`` it buys now (a level per full 1,000, never
    to Level 10), the Gold Pieces ``lost`` beyond those levels (no change is given), and
    ``need``: how many more Gold Pieces would buy one level more (None when no level more
    may be bought: the next would be Level 10)."""

    seat: int
    picked: tuple[tuple[CardRef, int], ...]
    double: CardRef | None
    total: int
    levels: int
    lost: int
    need: int | None


class Sell(MKStep, tag="mk.sell"):
    """Pick Items to sell one at a time, then sell them: a level per full 1,000 Gold Pieces,
    no change, never Level 10 (the extra is lost). A Halfling names one Item sold at double
    value, once per turn."""

    picked: list[CardRef] = msgspec.field(default_factory=list)
    double: CardRef | None = None

    def sale(self, g: Munchkin, s: MKState) -> Sale:
        """The sale so far: what is picked, its total and what it buys."""
        double = -1 if self.double is None else self.double
        picked = tuple((c, g.defn(s, c).gold * (2 if c == double else 1)) for c in self.picked)
        total = sum(gold for _, gold in picked)
        most = board.MAX_LEVEL - 1 - s.level[self.seat]  # never to Level 10 by selling
        levels = min(total // GOLD_PER_LEVEL, most)
        need = (levels + 1) * GOLD_PER_LEVEL - total if levels < most else None
        lost = total - levels * GOLD_PER_LEVEL
        return Sale(self.seat, picked, self.double, total, levels, lost, need)

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        seat = self.seat
        options = []
        for c in sellable(g, s, seat):
            if c not in self.picked:
                gold = g.defn(s, c).gold
                options.append(Option(f"add:{c}", f"Sell {g.card_name(s, c)} ({gold})", card=c))
        halfling = board.keyword_in_play(g, s, seat, "double_sale") and not _sold_double(s, seat)
        if halfling and self.double is None:
            for c in self.picked:
                label = f"Sell {g.card_name(s, c)} at double value (Halfling)"
                options.append(Option(f"double:{c}", label, card=c, arg="double"))
        sale = self.sale(g, s)
        if sale.levels > 0:
            label = f"Sell them ({sale.total} Gold Pieces) for {sale.levels} level(s)"
            options.append(Option("sell", label, n=sale.levels))
        options.append(Option("cancel", "Sell nothing"))
        # the prompt is public: what is picked from a hidden hand stays hidden until sold
        return g.question(
            seat, "sell", "Pick Items to sell, then sell them", options, "mk.play.sell"
        )

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        kind = option.id.split(":", 1)[0]
        if kind == "add":
            assert option.card is not None
            self.picked.append(option.card)
            return
        if kind == "double":
            self.double = option.card
            return
        g.pop(s, self)
        if kind == "cancel":
            return
        seat = self.seat
        levels = self.sale(g, s).levels
        if self.double is not None:
            board.add_mark(s, seat, "double_sale", "end_of_turn")
        names = ", ".join(g.card_name(s, c) for c in self.picked)
        g.log(s, "sell", "mk.play.sell", f"{s.names[seat]} sells {names}", seat)
        for c in self.picked:
            board.to_discard(g, s, c)
        board.set_level(g, s, seat, levels, "mk.play.sell", None, "selling Items")
        g.after_loss(s, seat)


def sale_of(g: Munchkin, s: MKState, seat: int) -> Sale | None:
    """The sale ``seat`` is making, read from its view: None unless the pending decision is
    that seat's, picking Items to sell (what another seat picks from a hidden hand stays
    hidden until it is sold)."""
    decision = s.decision
    if decision is None or decision.kind != "sell" or decision.seat != seat or not s.stack:
        return None
    step = s.stack[-1]
    return step.sale(g, s) if isinstance(step, Sell) else None


# ------------------------------------------------------------------------------ trading
def may_receive(
    g: Munchkin, s: MKState, seat: int, gets: Sequence[int], gives: Sequence[int] = ()
) -> bool:
    """Whether ``seat`` may take ``gets`` into play from another player, giving up ``gives``
    in exchange (a trade, a gift, a bribe). An Item received stays in play (001 Trading) and
    nobody carries more Big Items than allowed (001 Big Items): one, besides those a porter
    carries, unless a card lets them carry any number; a Big Item received beyond it rides
    on a porter that carries nothing."""
    defs = g.card_defs[s.config["card_set"]]
    new = 0
    for c in gets:
        new += defs[s.cards[c].defn].big
    if not new:
        return True
    if any(
        g.has_keyword(s, c, "any_big") for c in board.active_cards(g, s, seat) if c not in gives
    ):
        return True
    kept = [c for c in board.in_play(s, seat) if c not in gives]
    # the Big Items that count after the exchange: those no porter kept in play carries
    bigs = sum(1 for c in kept if g.defn(s, c).big and s.attached.get(c) in (None, *gives))
    porters = [
        c
        for c in kept
        if g.has_keyword(s, c, "porter")
        and all(item in gives for item, host in s.attached.items() if host == c)
    ]
    return bigs + new - min(new, len(porters)) <= 1


def free_actions(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    """What a player out of a fight may do in a window besides playing cards: change their
    equipment, propose a trade, give an Item away (001 When You May Take Actions: any time
    out of combat), once per window (``s.rearranged``: ruling R4)."""
    if seat in s.rearranged:
        return []
    return equip_options(g, s, seat) + trade_options(g, s, seat)


def trade_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    """Propose a trade (one Item of yours in play for one of another player's) or give an
    Item away, when neither player is in a fight (001 Trading), each pair once per turn."""
    if s.dead[seat] or board.in_fight(s, seat):
        return []
    out = []
    if next(_pairs(g, s, seat), None) is not None:
        out.append(Option("trade", "Propose a trade of Items"))
    if next(_gift_pairs(g, s, seat), None) is not None:
        out.append(Option("gift", "Give an Item away"))
    return out


def partners(s: MKState, seat: int) -> list[int]:
    """The players ``seat`` may trade with or give to: the other living players out of the
    fight (001 Trading)."""
    combat = s.combat
    busy = () if combat is None else (combat.fighter, combat.helper)
    return [x for x in range(len(s.names)) if x != seat and not s.dead[x] and x not in busy]


def _gifts(g: Munchkin, s: MKState, seat: int) -> list[tuple[CardRef, int]]:
    return list(_gift_pairs(g, s, seat))


def _gift_pairs(g: Munchkin, s: MKState, seat: int) -> Iterator[tuple[CardRef, int]]:
    """(an Item of ``seat``'s in play, a living other player out of the fight who may keep
    it): not offered this turn."""
    defs = g.card_defs[s.config["card_set"]]
    mine = [(c, d.big) for c in s.zones[f"play:{seat}"] if (d := defs[s.cards[c].defn]).is_item]
    if not mine:
        return
    takers = partners(s, seat)
    for c, big in mine:
        for x in takers:
            if (c, x) not in s.gifts and (not big or may_receive(g, s, x, (c,))):
                yield (CardRef(c), x)


class Give(MKStep, tag="mk.give"):
    """``seat`` offers an Item in play to another player, who takes it or not (001 Trading:
    Items may be given away; the Item stays in play, carried)."""

    item: CardRef | None = None
    to: int = -1

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        gifts = _gifts(g, s, self.seat)
        if self.item is None:
            items = list(dict.fromkeys(c for c, _ in gifts))
            options = [Option(f"give:{c}", f"Give {g.card_name(s, c)}", card=c) for c in items]
            options.append(Option("cancel", "Give nothing"))
            return g.question(
                self.seat, "gift", "Which Item do you give away?", options, "mk.play.trade"
            )
        if self.to < 0:
            seats = [x for c, x in gifts if c == self.item]
            options = [Option(f"to:{x}", f"To {s.names[x]}", n=x) for x in seats]
            options.append(Option("cancel", "Give nothing"))
            return g.question(self.seat, "gift", "To whom?", options, "mk.play.trade")
        options = [Option("accept", "Take it"), Option("decline", "Decline")]
        prompt = f"{s.names[self.seat]} offers you {g.card_name(s, self.item)}"
        return g.question(self.to, "gift_reply", prompt, options, "mk.play.trade")

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        kind = option.id.split(":", 1)[0]
        if kind == "give":
            self.item = option.card
            return
        if kind == "to" and option.n is not None and self.item is not None:
            self.to = option.n
            s.gifts.append((self.item, self.to))
            return
        g.pop(s, self)
        if kind != "accept" or self.item is None:
            return
        board.to_play(g, s, self.item, self.to)
        text = f"{s.names[self.seat]} gives {g.card_name(s, self.item)} to {s.names[self.to]}"
        g.log(s, "gift", "mk.play.trade", text, self.seat, card=self.item)
        ride_porter(g, s, self.to, self.item)
        g.after_loss(s, self.seat)
        g.after_loss(s, self.to)


def _trade_pairs(g: Munchkin, s: MKState, seat: int) -> list[tuple[CardRef, CardRef]]:
    return list(_pairs(g, s, seat))


def _pairs(g: Munchkin, s: MKState, seat: int) -> Iterator[tuple[CardRef, CardRef]]:
    """(an Item of ``seat``'s in play, another living player's) not proposed this turn."""
    defs = g.card_defs[s.config["card_set"]]
    cards = s.cards
    mine = [c for c in s.zones[f"play:{seat}"] if defs[cards[c].defn].is_item]
    if not mine:
        return
    proposed = set(s.proposals)
    for x in partners(s, seat):
        for theirs in s.zones[f"play:{x}"]:
            d = defs[cards[theirs].defn]
            if not d.is_item:
                continue
            for c in mine:
                if (c, theirs) in proposed:
                    continue
                # a Big Item on either side: both must be able to keep what they get
                if (d.big or defs[cards[c].defn].big) and not (
                    may_receive(g, s, seat, (theirs,), (c,))
                    and may_receive(g, s, x, (c,), (theirs,))
                ):
                    continue
                yield (CardRef(c), CardRef(theirs))


class Trade(MKStep, tag="mk.trade"):
    """``seat`` proposes one Item for one; the other player accepts or declines."""

    give: CardRef | None = None
    want: CardRef | None = None

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        pairs = _trade_pairs(g, s, self.seat)
        if self.give is None:
            mine = list(dict.fromkeys(p[0] for p in pairs))
            options = [Option(f"give:{c}", f"Offer {g.card_name(s, c)}", card=c) for c in mine]
            options.append(Option("cancel", "Propose nothing"))
            return g.question(
                self.seat, "trade", "Which of your Items do you offer?", options, "mk.play.trade"
            )
        if self.want is None:
            theirs = [p[1] for p in pairs if p[0] == self.give]
            options = [
                Option(
                    f"want:{c}", f"For {s.names[board.holder(s, c)]}'s {g.card_name(s, c)}", card=c
                )
                for c in theirs
            ]
            options.append(Option("cancel", "Propose nothing"))
            return g.question(self.seat, "trade", "For which Item?", options, "mk.play.trade")
        other = board.holder(s, self.want)
        options = [Option("accept", "Accept the trade"), Option("decline", "Decline")]
        offered, wanted = g.card_name(s, self.give), g.card_name(s, self.want)
        prompt = f"{s.names[self.seat]} offers {offered} for your {wanted}"
        return g.question(other, "trade_reply", prompt, options, "mk.play.trade")

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        kind = option.id.split(":", 1)[0]
        if kind == "give":
            self.give = option.card
            return
        if kind == "want":
            self.want = option.card
            assert self.give is not None and self.want is not None
            s.proposals.append((self.give, self.want))
            return
        g.pop(s, self)
        if kind != "accept" or self.give is None or self.want is None:
            return
        other = board.holder(s, self.want)
        give, want = self.give, self.want
        board.to_play(g, s, give, other)
        board.to_play(g, s, want, self.seat)
        g.log(
            s,
            "trade",
            "mk.play.trade",
            f"{s.names[self.seat]} trades {g.card_name(s, give)} for "
            f"{s.names[other]}'s {g.card_name(s, want)}",
            self.seat,
        )
        ride_porter(g, s, other, give)
        ride_porter(g, s, self.seat, want)
        g.after_loss(s, self.seat)
        g.after_loss(s, other)


# ------------------------------------------------------------------------------ theft
class Theft(MKStep, tag="mk.theft"):
    """A Thief tries to steal a Small Item another player has in play: roll 4 or more and it
    is theirs; otherwise they are caught and lose a level."""

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        from .play import steal_targets

        targets = steal_targets(g, s, self.seat)
        if not targets:
            return None
        options = [
            Option(
                f"steal:{c}", f"Steal {s.names[board.holder(s, c)]}'s {g.card_name(s, c)}", card=c
            )
            for c in targets
        ]
        return g.question(self.seat, "steal", "Steal which Item?", options, "mk.card.class")

    def run(self, game: Munchkin, state: MKState) -> None:
        game.pop(state, self)

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        g.pop(s, self)
        assert option.card is not None
        victim = board.holder(s, option.card)
        face = g.roll_die(s, self.seat, 6, "mk.card.class", "to steal")
        if face >= 4:
            g.take_card(s, option.card, self.seat, "mk.card.class")
            g.after_loss(s, victim)
        else:
            g.log(
                s, "caught", "mk.card.class", f"{s.names[self.seat]} is caught stealing", self.seat
            )
            board.set_level(g, s, self.seat, -1, "mk.card.class", None, "caught stealing")


# ------------------------------------------------------------------------------ Big Items
def shed_big(g: Munchkin, s: MKState, seat: int) -> None:
    """A player with more Big Items than allowed keeps the one with the biggest bonus; the
    others go to the lowest-Level living players who can carry one, or are discarded
    (001 Big Items; the kept one is chosen for them: ruling R9)."""
    bigs = board.big_items(g, s, seat)
    if len(bigs) <= 1 or board.keyword_in_play(g, s, seat, "any_big"):
        return
    bigs.sort(key=lambda c: (-board.item_bonus(g, s, c), -g.defn(s, c).gold, c))
    for card in bigs[1:]:
        takers = [
            x
            for x in board.living(s)
            if x != seat and board.may_carry_big(g, s, x) and not board.in_fight(s, x)
        ]
        if takers:
            low = min(s.level[x] for x in takers)
            to = next(x for x in takers if s.level[x] == low)
            board.to_play(g, s, card, to)
            g.log(
                s,
                "big",
                "mk.play.big_excess",
                f"{s.names[seat]} cannot keep {g.card_name(s, card)}: it goes to {s.names[to]}",
                seat,
                card=card,
            )
        else:
            board.to_discard(g, s, card)
            g.log(
                s,
                "big",
                "mk.play.big_excess",
                f"{s.names[seat]} cannot keep {g.card_name(s, card)}: discarded",
                seat,
                card=card,
            )


# ------------------------------------------------------------------------------ Resurrection
class Resurrect(MKStep, tag="mk.resurrect"):
    """A Cleric drawing ``count`` cards face down from ``deck`` may take each from the top of
    its discard pile instead, discarding a card from hand for it (Resurrection)."""

    count: int
    deck: str = "treasure"

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        pile = s.zones[f"{self.deck}_discard"]
        if self.count <= 0 or not pile or not board.hand(s, self.seat):
            return None
        top = pile[-1]
        options = [
            Option("draw", f"Draw a {self.deck.title()} card face down"),
            Option(
                "raise",
                f"Take {g.card_name(s, top)} from the discards, discarding a card",
                card=CardRef(top),
            ),
        ]
        return g.question(
            self.seat,
            "resurrection",
            "Resurrection: draw or take the top discard?",
            options,
            "mk.card.class",
        )

    def run(self, g: Munchkin, s: MKState) -> None:
        if self.count > 0:
            g.draw(
                s,
                self.seat,
                self.count,
                "mk.combat.win",
                deck=f"{self.deck}_deck",
                hand=f"hand.{self.deck}",
            )
        g.pop(s, self)

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        self.count -= 1
        if option.id == "draw":
            g.draw(
                s, self.seat, 1, "mk.combat.win", deck=f"{self.deck}_deck", hand=f"hand.{self.deck}"
            )
            return
        assert option.card is not None
        from .abilities import vocabulary  # noqa: F401  (the word set is loaded)

        g.take_card(s, option.card, self.seat, "mk.card.class")
        g.push_step(s, DiscardOne(seat=self.seat, skip=option.card))


class DiscardOne(MKStep, tag="mk.discard_one"):
    """Discard one card from hand (asked even when forced: the hand is hidden)."""

    skip: CardRef | None = None

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        cards = [c for c in board.hand(s, self.seat) if c != self.skip]
        if not cards:
            return None
        options = [Option(f"discard:{c}", f"Discard {g.card_name(s, c)}", card=c) for c in cards]
        return g.question(
            self.seat, "discard", "Discard a card from your hand", options, "mk.card.class"
        )

    def run(self, game: Munchkin, state: MKState) -> None:
        game.pop(state, self)

    def answer(self, game: Munchkin, state: MKState, option: Option) -> None:
        assert option.card is not None
        game.pop(state, self)
        game.discard_card(state, self.seat, option.card, "mk.card.class")
