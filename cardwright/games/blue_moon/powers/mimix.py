"""Blue Moon special powers of the Mimix cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import msgspec

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.zones import move

from ..abilities import (
    AbilitySpec,
    PickOne,
    TakeFromShuffledDiscard,
    mutant,
    register,
)
from ..state import BMState
from .hoax import opponent_may_not_play
from .vulca import eff_take_blocked, push_pick_in_play

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


def _g(game: Game) -> BlueMoon:
    return cast("BlueMoon", game)


def _opponent_3_active(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Neth-sur-Pot: only while the opponent has three or more active cards (ignored ones count:
    # an ignored card stays active, 004 Special Power Texts: Ignored)
    return len(g.active_cards(s, 1 - seat)) >= 3


register(mutant("flip_element_if_opponent_3_active_cards", _opponent_3_active))


# Hypnotic Rattle: my opponent may not play booster cards
register(
    AbilitySpec(
        id="opponent_no_boosters",
        timing=("cont",),
        rule="bm.ability.opponent_no_boosters",
        prohibits=opponent_may_not_play("booster"),
    )
)


def _return_my_combat_card(g: BlueMoon, s: BMState, src: int) -> None:
    # Call Spirit of the Battlefield: I may take any card of my combat area (covered or not)
    # back into my hand
    push_pick_in_play(g, s, src, "my_combat", "hand")


register(
    AbilitySpec(
        id="return_my_combat_card_to_hand",
        timing=("now",),
        rule="bm.ability.return_my_combat_card_to_hand",
        on_play=_return_my_combat_card,
    )
)


def _take_to_hand(g: BlueMoon, s: BMState, seat: int, cid: int, zone: str, rule: str) -> None:
    move(s, cid, f"hand:{seat}", from_zone=f"{zone}:{seat}")
    s.cards[cid].face_up = True
    s.known[1 - seat].append(CardRef(cid))  # shown: the opponent knows it is in this hand now
    g.hand_changed(s, seat)
    if s.logging:
        where = "draw deck" if zone == "deck" else "discard pile"
        g.log(
            s,
            "take",
            rule,
            f"{s.names[seat]} shows {g.card_name(s, cid)} from the {where} and takes it",
            seat,
            card=cid,
        )


class SearchDiscard(PickOne, Step, tag="bm.ab.search_discard"):
    """Call Spirit of the Underworld: I may take one card of my discard pile into my hand."""

    rule: str

    def candidates(self, g: BlueMoon, s: BMState) -> list[int]:
        pile = s.zones[f"discard:{self.seat}"]
        return sorted(set(pile), key=pile.index)

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        return "Take a card from your discard pile"

    def picked(self, g: BlueMoon, s: BMState, card: CardRef) -> None:
        _take_to_hand(g, s, self.seat, card, "discard", self.rule)


def _search_discard(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if s.zones[f"discard:{seat}"] and not eff_take_blocked(g, s, seat):
        g.push_step(s, SearchDiscard(seat=seat, rule="bm.ability.search_discard_take_1"))


register(
    AbilitySpec(
        id="search_discard_take_1",
        timing=("now",),
        rule="bm.ability.search_discard_take_1",
        on_play=_search_discard,
    )
)


class SearchDeck(Step, tag="bm.ab.search_deck"):
    """I look through my draw deck, may show one card and take it, then shuffle. The options
    name card numbers (``arg``), not instances: the deck's order is hidden even from its
    owner."""

    rule: str

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        numbers = sorted({s.cards[c].defn for c in s.zones[f"deck:{seat}"]})
        options = [Option(f"take:{n}", g.defs[n].name, arg=n) for n in numbers]
        options.append(Option("none", "Take nothing"))
        return game.question(
            seat, "search_deck", "Take a card from your draw deck", options, self.rule
        )

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat, rule = _g(game), cast(BMState, state), self.seat, self.rule
        deck = s.zones[f"deck:{seat}"]
        g.pop(s, self)
        if option.arg:
            cid = next(c for c in deck if s.cards[c].defn == option.arg)
            _take_to_hand(g, s, seat, cid, "deck", rule)
        chance.shuffle(s, deck)
        if s.logging:
            g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles the draw deck", seat, chance=True)


def _search_deck(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Here and Now: after my booster/support phase I look through my draw deck,
    # may show one card and take it, then shuffle (nothing when I may not take from the deck)
    seat = s.cards[src].controller
    if g.drawable(s, seat, 1):
        g.push_step(s, SearchDeck(seat=seat, rule="bm.ability.search_deck_take_1_after_support"))


register(
    AbilitySpec(
        id="search_deck_take_1_after_support",
        timing=("after_support",),
        rule="bm.ability.search_deck_take_1_after_support",
        on_after_support=_search_deck,
    )
)


def _afterlife(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Afterlife: right after my booster/support phase my discard pile is mixed
    # face down and I may take up to two of its cards, unseen (ruling R-A7)
    rule = "bm.ability.draw_2_from_shuffled_discard"
    g.push_step(s, TakeFromShuffledDiscard(seat=s.cards[src].controller, most=2, rule=rule))


register(
    AbilitySpec(
        id="draw_2_from_shuffled_discard",
        timing=("after_support",),
        rule="bm.ability.draw_2_from_shuffled_discard",
        on_after_support=_afterlife,
    )
)


class RevealTop(Step, tag="bm.ab.reveal_top"):
    """Shaman of the Holy Sacrifice: at the end of my turn I may reveal up to three top cards
    (taking them into hand), then discard one of them and keep the rest."""

    rule: str
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        if not self.cards:
            most = g.drawable(s, seat, 3)
            options = [
                Option(f"reveal:{n}", f"Reveal {n} card(s)", n=n) for n in range(most, 0, -1)
            ]
            options.append(Option("none", "Reveal nothing"))
            prompt = "Reveal up to three top cards"
            return game.question(seat, "reveal_top", prompt, options, self.rule)
        options = [
            Option(f"discard:{c}", f"Discard {g.card_name(s, c)}", card=c) for c in self.cards
        ]
        prompt = "Discard one of the revealed cards"
        return game.question(seat, "reveal_discard", prompt, options, self.rule)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat, rule = _g(game), cast(BMState, state), self.seat, self.rule
        if not self.cards:
            if option.n is None:
                g.pop(s, self)
                return
            deck = s.zones[f"deck:{seat}"]
            for _ in range(option.n):
                cid = deck[-1]
                _take_to_hand(g, s, seat, cid, "deck", rule)
                self.cards.append(CardRef(cid))
            return  # next: which of them to discard
        g.pop(s, self)
        assert option.card is not None
        g.discard_from_hand(s, seat, option.card, rule)


def _holy_sacrifice(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Holy Sacrifice: revealing is part of taking them, so a power that forbids
    # taking cards stops it all (004 Special Power Texts: Other)
    seat = s.cards[src].controller
    if g.drawable(s, seat, 1):
        g.push_step(s, RevealTop(seat=seat, rule="bm.ability.reveal_3_discard_1_keep_rest"))


register(
    AbilitySpec(
        id="reveal_3_discard_1_keep_rest",
        timing=("end",),
        rule="bm.ability.reveal_3_discard_1_keep_rest",
        on_end_turn=_holy_sacrifice,
    )
)


class Deeds(Step, tag="bm.ab.draw_then_shuffle_back"):
    """Shaman of the Deeds to Come: at the end of my turn I may draw up to three cards; having
    drawn (even none) I shuffle two hand cards back into the deck, compulsory after one or
    more, optional after none; declining the power shuffles nothing (004 Other). ``stage``: 0
    how many to draw, 1 whether to shuffle back after drawing none, 2 which cards."""

    rule: str
    stage: int = 0
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat, rule = _g(game), cast(BMState, state), self.seat, self.rule
        if self.stage == 0:
            most = g.drawable(s, seat, 3)
            options = [Option(f"draw:{n}", f"Draw {n} card(s)", n=n) for n in range(most, -1, -1)]
            options.append(Option("decline", "Do not use the power"))
            return game.question(seat, "draw_up_to", "Draw up to three cards", options, rule)
        if self.stage == 1:
            options = [Option("yes", "Shuffle two cards back"), Option("no", "Keep them")]
            prompt = "Shuffle two hand cards into your deck?"
            return game.question(seat, "use_power", prompt, options, rule)
        hand = s.zones[f"hand:{seat}"]
        if len(self.cards) < 2 and len(self.cards) < len(hand):
            options = [
                Option(f"back:{c}", f"Shuffle back {g.card_name(s, c)}", card=CardRef(c))
                for c in hand
                if c not in self.cards
            ]
            prompt = "Pick a card to shuffle into your deck"
            return game.question(seat, "shuffle_back", prompt, options, rule)
        return None

    def run(self, game: Game, state: State) -> None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
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

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
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


def _deeds(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    g.push_step(s, Deeds(seat=seat, rule="bm.ability.draw_up_to_3_then_shuffle_2_back"))


register(
    AbilitySpec(
        id="draw_up_to_3_then_shuffle_2_back",
        timing=("end",),
        rule="bm.ability.draw_up_to_3_then_shuffle_2_back",
        on_end_turn=_deeds,
    )
)
