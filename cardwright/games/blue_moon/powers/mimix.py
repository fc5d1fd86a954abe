"""Blue Moon special powers of the Mimix cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core import rng as chance
from cardwright.core.state import Frame, Option, State
from cardwright.core.zones import move

from ..abilities import (
    FROM_SHUFFLED_DISCARD,
    NOTHING,
    AbilitySpec,
    mutant,
    pick_one,
    push_take_from_shuffled_discard,
    register,
    take_from_shuffled_discard_frame,
)
from .hoax import opponent_may_not_play
from .vulca import PICK_IN_PLAY, eff_take_blocked, pick_in_play_frame, push_pick_in_play

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


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
        frames={PICK_IN_PLAY: pick_in_play_frame},
    )
)


def _take_to_hand(g: BlueMoon, s: BMState, seat: int, cid: int, zone: str, rule: str) -> None:
    move(s, cid, f"hand:{seat}", from_zone=f"{zone}:{seat}")
    s.cards[cid].face_up = True
    s.known[1 - seat].append(cid)  # shown: the opponent knows it is in this hand from now on
    g._hand_changed(s, seat)
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


_SEARCH_DISCARD = "bm.ab.search_discard"


def _search_discard(g: BlueMoon, s: BMState, src: int) -> None:
    # Call Spirit of the Underworld: I may take one card of my discard pile into my hand
    seat = s.cards[src].controller
    if s.zones[f"discard:{seat}"] and not eff_take_blocked(g, s, seat):
        g.push(s, _SEARCH_DISCARD, seat, rule="bm.ability.search_discard_take_1")


def _search_discard_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat = frame.seat
    pile = s.zones[f"discard:{seat}"]
    cards = sorted(set(pile), key=pile.index)
    picked = pick_one(g, s, frame, choice, cards, "Take a card from your discard pile")
    if picked is not None and picked != NOTHING:
        _take_to_hand(g, s, seat, picked, "discard", frame.data["rule"])


register(
    AbilitySpec(
        id="search_discard_take_1",
        timing=("now",),
        rule="bm.ability.search_discard_take_1",
        on_play=_search_discard,
        frames={_SEARCH_DISCARD: _search_discard_frame},
    )
)


_SEARCH_DECK = "bm.ab.search_deck"


def _search_deck(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Here and Now: after my booster/support phase I look through my draw deck,
    # may show one card and take it, then shuffle (nothing when I may not take from the deck)
    seat = s.cards[src].controller
    if g.drawable(s, seat, 1):
        g.push(s, _SEARCH_DECK, seat, rule="bm.ability.search_deck_take_1_after_support")


def _search_deck_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    # options name card numbers, not instances: the deck's order is hidden even from its owner
    s = cast("BMState", state)
    seat, rule = frame.seat, frame.data["rule"]
    deck = s.zones[f"deck:{seat}"]
    if choice is None:
        numbers = sorted({s.cards[c].defn for c in deck})
        options = [Option(f"take:{n}", g.defs[n].name) for n in numbers]
        options.append(Option("none", "Take nothing"))
        g.ask(s, seat, "search_deck", "Take a card from your draw deck", options, rule)
        return
    g.pop(s, frame)
    if choice != "none":
        number = choice.split(":", 1)[1]
        cid = next(c for c in deck if s.cards[c].defn == number)
        _take_to_hand(g, s, seat, cid, "deck", rule)
    chance.shuffle(s, deck)
    if s.logging:
        g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles the draw deck", seat, chance=True)


register(
    AbilitySpec(
        id="search_deck_take_1_after_support",
        timing=("after_support",),
        rule="bm.ability.search_deck_take_1_after_support",
        on_after_support=_search_deck,
        frames={_SEARCH_DECK: _search_deck_frame},
    )
)


def _afterlife(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Afterlife: right after my booster/support phase my discard pile is mixed
    # face down and I may take up to two of its cards, unseen (ruling R-A7)
    rule = "bm.ability.draw_2_from_shuffled_discard"
    push_take_from_shuffled_discard(g, s, s.cards[src].controller, 2, rule)


register(
    AbilitySpec(
        id="draw_2_from_shuffled_discard",
        timing=("after_support",),
        rule="bm.ability.draw_2_from_shuffled_discard",
        on_after_support=_afterlife,
        frames={FROM_SHUFFLED_DISCARD: take_from_shuffled_discard_frame},
    )
)


_REVEAL = "bm.ab.reveal_top"


def _holy_sacrifice(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Holy Sacrifice: at the end of my turn I may reveal up to three top cards,
    # discard one of them and keep the rest (revealing is part of taking them, so a power that
    # forbids taking cards stops it all: 004 Special Power Texts: Other)
    seat = s.cards[src].controller
    if g.drawable(s, seat, 1):
        g.push(s, _REVEAL, seat, cards=[], rule="bm.ability.reveal_3_discard_1_keep_rest")


def _reveal_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, rule = frame.seat, frame.data["rule"]
    shown: list[int] = frame.data["cards"]
    if not shown:
        most = g.drawable(s, seat, 3)
        if choice is None:
            options = [Option(f"reveal:{n}", f"Reveal {n} card(s)") for n in range(most, 0, -1)]
            options.append(Option("none", "Reveal nothing"))
            g.ask(s, seat, "reveal_top", "Reveal up to three top cards", options, rule)
            return
        if choice == "none":
            g.pop(s, frame)
            return
        deck = s.zones[f"deck:{seat}"]
        for _ in range(int(choice.split(":", 1)[1])):
            cid = deck[-1]
            _take_to_hand(g, s, seat, cid, "deck", rule)
            shown.append(cid)
        return  # next: which of them to discard
    if choice is None:
        options = [Option(f"discard:{c}", f"Discard {g.card_name(s, c)}") for c in shown]
        g.ask(s, seat, "reveal_discard", "Discard one of the revealed cards", options, rule)
        return
    g.pop(s, frame)
    g.discard_from_hand(s, seat, int(choice.split(":", 1)[1]), rule)


register(
    AbilitySpec(
        id="reveal_3_discard_1_keep_rest",
        timing=("end",),
        rule="bm.ability.reveal_3_discard_1_keep_rest",
        on_end_turn=_holy_sacrifice,
        frames={_REVEAL: _reveal_frame},
    )
)


_DEEDS = "bm.ab.draw_then_shuffle_back"


def _deeds(g: BlueMoon, s: BMState, src: int) -> None:
    # Shaman of the Deeds to Come: at the end of my turn I may draw up to three cards; having
    # drawn (even none) I shuffle two hand cards back into the deck, compulsory after one or
    # more, optional after none; declining the power shuffles nothing (004 Other)
    seat = s.cards[src].controller
    g.push(s, _DEEDS, seat, stage=0, cards=[], rule="bm.ability.draw_up_to_3_then_shuffle_2_back")


def _deeds_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, data = frame.seat, frame.data
    rule = data["rule"]
    hand = s.zones[f"hand:{seat}"]
    if data["stage"] == 0:  # how many to draw
        if choice is None:
            most = g.drawable(s, seat, 3)
            options = [Option(f"draw:{n}", f"Draw {n} card(s)") for n in range(most, -1, -1)]
            options.append(Option("decline", "Do not use the power"))
            g.ask(s, seat, "draw_up_to", "Draw up to three cards", options, rule)
            return
        if choice == "decline":
            g.pop(s, frame)
            return
        n = int(choice.split(":", 1)[1])
        if n:
            g.draw(s, seat, n, rule)
        data["stage"] = 2 if n else 1
        return
    if data["stage"] == 1:  # drew none: shuffling back is optional
        use = choice == "yes"
        if choice is None:
            options = [Option("yes", "Shuffle two cards back"), Option("no", "Keep them")]
            g.ask(s, seat, "use_power", "Shuffle two hand cards into your deck?", options, rule)
            return
        if not use:
            g.pop(s, frame)
            return
        data["stage"] = 2
        return
    picked: list[int] = data["cards"]
    if choice is not None:
        picked.append(int(choice.split(":", 1)[1]))
    if len(picked) < 2 and len(picked) < len(hand):
        options = [
            Option(f"back:{c}", f"Shuffle back {g.card_name(s, c)}")
            for c in hand
            if c not in picked
        ]
        g.ask(s, seat, "shuffle_back", "Pick a card to shuffle into your deck", options, rule)
        return
    g.pop(s, frame)
    deck = s.zones[f"deck:{seat}"]
    for c in picked:
        move(s, c, f"deck:{seat}", from_zone=f"hand:{seat}")
        s.cards[c].face_up = False
    g._hand_changed(s, seat)
    chance.shuffle(s, deck)
    if s.logging:
        g.log(
            s,
            "shuffle_back",
            rule,
            f"{s.names[seat]} shuffles {len(picked)} hand card(s) into the draw deck",
            seat,
            chance=True,
        )


register(
    AbilitySpec(
        id="draw_up_to_3_then_shuffle_2_back",
        timing=("end",),
        rule="bm.ability.draw_up_to_3_then_shuffle_2_back",
        on_end_turn=_deeds,
        frames={_DEEDS: _deeds_frame},
    )
)
