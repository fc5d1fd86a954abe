"""Asking for help, as structured decisions (001 Asking For Help).

The fighter, losing, asks one other player (each at most once per fight: ruling R5). The
offer is built one answer at a time: Items the fighter has in play to hand over, then a
share of the monsters' Treasure (:data:`SHARES`: who picks which card when they are
divided, in the agreed order), which sends it. The asked player accepts, refuses, or
bargains once for a bigger share, which the fighter then accepts or not. Kneepads of Allure
compel the asked player to help for nothing, unless they are a Cleric or the fight is for
the winning level (no forced help then: sm B1, Steampunk rule updates).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core.game import AFTER
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from . import board
from .market import may_receive
from .play import ride_porter
from .state import MKState, Offer
from .strength import fighters_win

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import Munchkin

#: Treasure shares, from the least to the most generous: (id, label)
SHARES: tuple[tuple[str, str], ...] = (
    ("none", "no Treasure"),
    ("first", "the first pick of the Treasure"),
    ("first_last", "the first and the last pick"),
    ("half_fighter_first", "every other pick, the fighter first"),
    ("half_helper_first", "every other pick, the helper first"),
    ("all", "all the Treasure"),
)
SHARE_IDS = [sid for sid, _ in SHARES]
SHARE_LABELS = dict(SHARES)


def _g(game: Game) -> Munchkin:
    return cast("Munchkin", game)


def picks(share: str, total: int) -> list[str]:
    """Who picks each of ``total`` Treasures in turn: ``h`` the helper, ``f`` the fighter."""
    if share == "first":
        return ["h"] + ["f"] * (total - 1) if total else []
    if share == "first_last":
        if total <= 1:
            return ["h"] * total
        return ["h"] + ["f"] * (total - 2) + ["h"]
    if share == "half_helper_first":
        return ["h" if i % 2 == 0 else "f" for i in range(total)]
    if share == "half_fighter_first":
        return ["f" if i % 2 == 0 else "h" for i in range(total)]
    if share == "all":
        return ["h"] * total
    return ["f"] * total


def winning_fight(g: Munchkin, s: MKState) -> bool:
    """Whether winning this fight would take the fighter to Level 10."""
    combat = s.combat
    assert combat is not None
    levels = sum(g.monster_def(s, m).levels for m in combat.monsters)
    return s.level[combat.fighter] + levels >= board.MAX_LEVEL


def release_forced_helper(g: Munchkin, s: MKState) -> None:
    """A helper compelled to help leaves, without penalty, once the fight has become one
    for the winning level (sm B1, the rule updates after Steampunk)."""
    combat = s.combat
    if combat is None or not combat.forced_help or combat.helper < 0:
        return
    if winning_fight(g, s):
        helper = combat.helper
        combat.helper, combat.forced_help = -1, False
        board.end_fight(g, s, helper)
        text = f"{s.names[helper]} need not help in a fight for the winning level and leaves it"
        g.log(s, "help", "mk.help.forced", text, helper)


def help_options(g: Munchkin, s: MKState, fighter: int) -> list[Option]:
    """Whom the fighter may ask: not while winning alone, not when a monster forbids help,
    each player once per fight, not the dead."""
    combat = s.combat
    assert combat is not None
    if fighters_win(g, s):
        return []
    for m in combat.monsters:
        if not g.allowed(s, "help", m, fighter):
            return []
    out = []
    for x in board.living(s):
        if x == fighter or x in combat.asked:
            continue
        out.append(Option(f"help:{x}", f"Ask {s.names[x]} for help", n=x))
    return out


class Negotiate(Step, tag="mk.negotiate"):
    """The fighter (``seat``) asks ``to`` for help; the offer lives in ``combat.offer``."""

    to: int
    stage: int = 0

    def _offer(self, s: MKState) -> Offer:
        combat = s.combat
        assert combat is not None
        if combat.offer is None or combat.offer.to != self.to:
            combat.offer = Offer(to=self.to)
        return combat.offer

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(MKState, state)
        combat = s.combat
        if combat is None or combat.offer is None or self.stage == 0:
            return None
        offer = combat.offer
        names = s.names
        if offer.stage == "compose":
            options = []
            for item in board.in_play(s, self.seat):
                if (
                    g.defn(s, item).is_item
                    and item not in offer.items
                    and may_receive(g, s, self.to, [*offer.items, item])
                ):
                    label = f"Add {g.card_name(s, item)} to the offer"
                    options.append(Option(f"give:{item}", label, card=item))
            for sid, label in SHARES:
                options.append(Option(f"offer:{sid}", f"Offer {label}", arg=sid))
            prompt = f"Your offer to {names[self.to]}" + self._items_text(g, s, offer)
            return game.question(self.seat, "offer", prompt, options, "mk.help.bribe")
        if offer.stage == "reply":
            options = [Option("accept", "Help"), Option("refuse", "Refuse")]
            if not offer.demand:
                for sid, label in SHARES[SHARE_IDS.index(offer.share) + 1 :]:
                    options.append(Option(f"demand:{sid}", f"Help only for {label}", arg=sid))
            prompt = (
                f"{names[self.seat]} asks for your help, offering {SHARE_LABELS[offer.share]}"
                + self._items_text(g, s, offer)
            )
            return game.question(self.to, "help", prompt, options, "mk.help.ask")
        options = [Option("agree", "Agree"), Option("decline", "Decline")]
        prompt = f"{names[self.to]} will help for {SHARE_LABELS[offer.demand]}"
        return game.question(self.seat, "bargain", prompt, options, "mk.help.bribe")

    @staticmethod
    def _items_text(g: Munchkin, s: MKState, offer: Offer) -> str:
        if not offer.items:
            return ""
        return " and " + ", ".join(g.card_name(s, c) for c in offer.items)

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        combat = s.combat
        assert combat is not None
        self.stage = 1
        combat.asked.append(self.to)
        offer = self._offer(s)
        names = s.names
        g.log(
            s,
            "ask_help",
            "mk.help.ask",
            f"{names[self.seat]} asks {names[self.to]} for help",
            self.seat,
        )
        allure = board.keyword_in_play(g, s, self.seat, "allure")
        if allure and not board.has_trait(g, s, self.to, "class:cleric"):
            if winning_fight(g, s):
                g.log(
                    s,
                    "help",
                    "mk.help.forced",
                    f"{names[self.to]} cannot be forced to help in a fight for the winning level",
                    self.to,
                )
            else:
                g.log(
                    s,
                    "help",
                    "mk.card.item",
                    f"{names[self.to]} is compelled to help, for nothing",
                    self.to,
                )
                self._join(g, s, offer)
                combat.forced_help = True
                return

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(MKState, state)
        combat = s.combat
        assert combat is not None and combat.offer is not None
        offer = combat.offer
        names = s.names
        kind = option.id.split(":", 1)[0]
        if kind == "give":
            assert option.card is not None
            offer.items.append(option.card)
            return
        if kind == "offer":
            offer.share = option.arg
            offer.stage = "reply"
            text = f"{names[self.seat]} offers {names[self.to]} {SHARE_LABELS[offer.share]}"
            g.log(s, "offer", "mk.help.bribe", text + self._items_text(g, s, offer), self.seat)
            return
        if kind == "demand":
            offer.demand = option.arg
            offer.stage = "counter"
            g.log(
                s,
                "bargain",
                "mk.help.bribe",
                f"{names[self.to]} wants {SHARE_LABELS[offer.demand]}",
                self.to,
            )
            return
        if kind in ("accept", "agree"):
            if kind == "agree":
                offer.share = offer.demand
            self._join(g, s, offer)
            return
        who = names[self.to]
        g.log(s, "refuse", "mk.help.ask", f"{who} does not help", self.to)
        combat.offer = None
        g.pop(s, self)

    def _join(self, g: Munchkin, s: MKState, offer: Offer) -> None:
        combat = s.combat
        assert combat is not None
        for item in offer.items:
            if board.zone_of(s, item) == f"play:{self.seat}":
                board.to_play(g, s, item, self.to)
                g.log(
                    s,
                    "bribe",
                    "mk.help.bribe",
                    f"{s.names[self.seat]} gives {g.card_name(s, item)} to {s.names[self.to]}",
                    self.seat,
                    card=item,
                )
                ride_porter(g, s, self.to, item)
        combat.helper = self.to
        combat.share = offer.share
        combat.offer = None
        g.log(
            s,
            "helper",
            "mk.help.ask",
            f"{s.names[self.to]} helps {s.names[self.seat]}",
            self.to,
            share=offer.share,
        )
        g.pop(s, self)
        g.after_loss(s, self.seat)
        g.after_loss(s, self.to)
        for m in list(combat.monsters):
            g.emit(s, "helper_joined", AFTER, self.to, card=m)
        g.resolve_triggers(s)


__all__ = ["SHARES", "CardRef", "Negotiate", "help_options", "picks"]
