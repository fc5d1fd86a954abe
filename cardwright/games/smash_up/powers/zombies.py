"""Smash Up abilities of the Zombies (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, Special, option_card, register
from ..state import Lasting, SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _pick_options(game: SmashUp, s: SUState, cids: list[int], verb: str, what: str) -> list[Option]:
    return [
        Option(o.id.replace("play:", f"{verb}:"), o.label.replace("Play", what))
        for o in game.dedupe(s, cids, "play")
    ]


# ----------------------------------------------------------------------------- Zombie Lord


def _zombie_lord(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """For each base where the player had no minion when the Lord was played, they may play a
    minion of power 2 or less from their discard pile there, at once, as an extra minion."""
    rule = "su.card.fill_empty_bases_from_discard"
    seat, data = frame.seat, frame.data
    discard = f"discard:{seat}"
    if frame.step == 0:
        data["empty_cards"] = [
            b
            for b in s.zones["bases"]
            if not any(s.cards[m].controller == seat for m in game.minions_at(s, b))
        ]
        data["idx"] = 0
        frame.step = 1
        return
    empty: list[int] = data["empty_cards"]
    if choice is not None:
        bid = empty[data["idx"]]
        data["idx"] += 1
        if choice != "skip":
            game.play_extra(s, seat, option_card(choice), discard, bid)
        return
    while data["idx"] < len(empty):
        bid = empty[data["idx"]]
        small = [
            c
            for c in s.zones[discard]
            if game.is_minion(s, c)
            and game.cat(s).printed[s.cards[c].defn] <= 2
            and game.base_in_play(s, bid)
            and game.play_destinations(s, seat, c, "extra", bid)
        ]
        if small:
            options = _pick_options(game, s, small, "play", "Play")
            options.append(Option("skip", "Play nothing there"))
            game.ask(
                s,
                seat,
                "play_from_discard",
                f"Zombie Lord: play a minion of power 2 or less from your discard pile at "
                f"{game.card_name(s, bid)}?",
                options,
                rule,
            )
            return
        data["idx"] += 1
    _done(game, s, frame)


# ----------------------------------------------------------------------------- discard to hand


def _grave_digger(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.may_minion_from_discard_to_hand"
    seat = frame.seat
    discard = f"discard:{seat}"
    minions = [c for c in s.zones[discard] if game.is_minion(s, c)]
    if choice is None and minions:
        options = _pick_options(game, s, minions, "take", "Take")
        options.append(Option("none", "Take nothing"))
        game.ask(
            s, seat, "take", "Grave Digger: take a minion from your discard pile?", options, rule
        )
        return
    _done(game, s, frame)
    if choice is not None and choice != "none":
        game.to_hand(s, option_card(choice), discard, rule)


def _grave_robbing(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.card_from_discard_to_hand"
    seat = frame.seat
    discard = f"discard:{seat}"
    cards = list(s.zones[discard])
    options = _pick_options(game, s, cards, "take", "Take")
    if choice is None and len(options) > 1:
        game.ask(
            s, seat, "take", "Grave Robbing: take a card from your discard pile", options, rule
        )
        return
    _done(game, s, frame)
    if choice is not None:
        game.to_hand(s, option_card(choice), discard, rule)
    elif cards:
        game.to_hand(s, cards[0], discard, rule)
    else:
        game.log(s, "no_target", rule, f"{s.names[seat]}'s discard pile is empty", seat)


def _not_enough_bullets(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Name one minion in the discard pile, then take how many of its copies there."""
    rule = "su.card.same_name_minions_from_discard_to_hand"
    seat, data = frame.seat, frame.data
    discard = f"discard:{seat}"
    if frame.step == 0:
        minions = [c for c in s.zones[discard] if game.is_minion(s, c)]
        if choice is None and minions:
            options = _pick_options(game, s, minions, "name", "Take copies of")
            options.append(Option("none", "Take nothing"))
            game.ask(s, seat, "take", "Not Enough Bullets: which minion's copies?", options, rule)
            return
        if choice is None or choice == "none":
            _done(game, s, frame)
            return
        data["named"] = s.cards[option_card(choice)].defn
        frame.step = 1
        return
    copies = [c for c in s.zones[discard] if s.cards[c].defn == data["named"]]
    if choice is None and len(copies) > 1:
        options = [Option(f"count:{k}", f"Take {k}") for k in range(1, len(copies) + 1)]
        game.ask(s, seat, "count", "Not Enough Bullets: how many copies?", options, rule)
        return
    _done(game, s, frame)
    count = int(choice.split(":")[1]) if choice is not None else len(copies)
    for c in copies[:count]:
        game.to_hand(s, c, discard, rule)


# ----------------------------------------------------------------------------- deck work


def _lend_a_hand(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Any number of cards from the discard pile go into the deck (picked one at a time, or
    all), then the deck is shuffled."""
    rule = "su.card.shuffle_discards_into_deck"
    seat, data = frame.seat, frame.data
    discard = f"discard:{seat}"
    data.setdefault("moved", 0)
    cards = list(s.zones[discard])
    if choice is not None and choice != "done":
        for c in cards if choice == "all" else [option_card(choice)]:
            game.to_deck_top(s, c, discard)
        data["moved"] += len(cards) if choice == "all" else 1
        game.log(s, "to_deck", rule, f"{s.names[seat]} puts card(s) into their deck", seat)
        return
    if choice is None and cards:
        options = _pick_options(game, s, cards, "shuffle", "Shuffle in")
        if len(cards) > 1:
            options.append(Option("all", f"Shuffle in all {len(cards)} cards"))
        options.append(Option("done", "Shuffle in no more"))
        game.ask(
            s, seat, "recycle", "Lend a Hand: shuffle cards from your discard pile", options, rule
        )
        return
    _done(game, s, frame)
    if data["moved"]:
        game.shuffle_deck(s, seat, rule)


def _mall_crawl(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Name a card (one that is in the deck), move any number of its copies from the deck to
    the discard pile, shuffle the deck. Both questions are always asked, so that being asked
    shows nothing of the deck."""
    rule = "su.card.mill_named_card_copies"
    seat, data = frame.seat, frame.data
    deck = f"deck:{seat}"
    if frame.step == 0:
        if game.deck_top(s, seat) < 0:
            game.log(s, "no_target", rule, f"{s.names[seat]} has no deck to search", seat)
            _done(game, s, frame)
            return
        if choice is None:
            cat = game.cat(s)
            defs = sorted({s.cards[c].defn for c in s.zones[deck]})
            options = [Option(f"name:{d}", f"Name {cat.label[d]}") for d in defs]
            game.ask(s, seat, "name_card", "Mall Crawl: name a card", options, rule)
            return
        data["named"] = choice.split(":", 1)[1]
        game.log(s, "named", rule, f"{s.names[seat]} names {game.cat(s).name(data['named'])}")
        frame.step = 1
        return
    copies = [c for c in s.zones[deck] if s.cards[c].defn == data["named"]]
    if choice is None:
        options = [Option(f"count:{k}", f"Discard {k}") for k in range(len(copies) + 1)]
        game.ask(
            s, seat, "count", "Mall Crawl: how many copies go to your discard pile?", options, rule
        )
        return
    _done(game, s, frame)
    for c in copies[: int(choice.split(":")[1])]:
        game.to_zone(s, c, deck, f"discard:{seat}")
        game.log(s, "discard", rule, f"{game.card_name(s, c)} goes to the discard pile", seat)
        game.fire(s, "card_to_discard", card=c, base_card=-1, owner=seat)
    game.shuffle_deck(s, seat, rule)


# ----------------------------------------------------------------------------- Walker


def _walker(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.peek_top_discard_or_keep"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        top = game.look_top(s, seat, rule)
        if top < 0:
            _done(game, s, frame)
            return
        data["top_card"] = top
        frame.step = 1
        return
    deck = s.zones[f"deck:{seat}"]
    top = deck[-1] if deck else -1
    if choice is None and top >= 0:
        name = game.label(s, top)
        options = [Option("discard", f"Discard {name}"), Option("keep", f"Leave {name} on top")]
        game.ask(s, seat, "walker", "Walker: discard your top card or leave it?", options, rule)
        return
    _done(game, s, frame)
    if choice == "discard":
        game.to_zone(s, top, f"deck:{seat}", f"discard:{seat}")
        game.log(s, "discard", rule, f"{s.names[seat]} discards {game.card_name(s, top)}", seat)
        game.fire(s, "card_to_discard", card=top, base_card=-1, owner=seat)
    else:
        game.log(s, "keep", rule, f"{s.names[seat]} leaves the card on top", seat)


# ----------------------------------------------------------------------------- extra plays


def _outbreak(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.grant_extra(
        s,
        frame.seat,
        "minion",
        "su.card.extra_minion_to_base_without_own_minion",
        source=frame.data["card"],
        cond="no_own_minion",
    )


def _they_keep_coming(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.grant_extra(
        s,
        frame.seat,
        "minion",
        "su.card.extra_minion_from_discard",
        source=frame.data["card"],
        zone="discard",
    )


def _tctgy(game: SmashUp, s: SUState, source: int, seat: int, card: int, dest: int) -> bool:
    return (
        seat == s.cards[source].controller
        and seat == s.active
        and s.phase == "play"
        and dest == game.base_of(s, source)
        and game.is_minion(s, card)
    )


TENACIOUS = "play_self_from_discard_once_per_turn"
_USED = f"used:{TENACIOUS}"  # a once-per-turn marker (a lasting effect on nothing)


def _tenacious_usable(
    game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]
) -> bool:
    if seat != s.active or s.phase != "play":
        return False
    if any(e.key == _USED and e.seat == seat for e in s.lasting):
        return False
    return bool(game.play_destinations(s, seat, card, "extra", -1))


def _tenacious_z(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    seat, cid = frame.seat, frame.data["card"]
    _done(game, s, frame)
    s.lasting.append(Lasting(_USED, None, seat, source=CardRef(cid)))
    game.play_extra(s, seat, cid, f"discard:{seat}")


# ----------------------------------------------------------------------------- Overrun


def _overrun_protect(
    game: SmashUp, s: SUState, source: int, target: int, action: str, actor: int
) -> bool:
    return (
        action == "play_minion"
        and target == game.base_of(s, source)
        and actor != s.cards[source].controller
    )


def _overrun_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if event["seat"] == s.cards[source].controller:
        game.queue(s, "rivals_cannot_play_minions_here_until_your_turn", source, event["seat"])


def _overrun(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.destroy_action(
        s, frame.data["card"], frame.seat, "su.card.rivals_cannot_play_minions_here_until_your_turn"
    )


register(
    AbilitySpec("fill_empty_bases_from_discard", on_play=_zombie_lord),
    AbilitySpec("may_minion_from_discard_to_hand", on_play=_grave_digger),
    AbilitySpec(
        TENACIOUS,
        special=Special(
            windows=("your_turn",), zone="discard", usable=_tenacious_usable, run=_tenacious_z
        ),
    ),
    AbilitySpec("peek_top_discard_or_keep", on_play=_walker),
    AbilitySpec("card_from_discard_to_hand", on_play=_grave_robbing),
    AbilitySpec("shuffle_discards_into_deck", on_play=_lend_a_hand),
    AbilitySpec("mill_named_card_copies", on_play=_mall_crawl),
    AbilitySpec("same_name_minions_from_discard_to_hand", on_play=_not_enough_bullets),
    AbilitySpec("extra_minion_to_base_without_own_minion", on_play=_outbreak),
    AbilitySpec(
        "rivals_cannot_play_minions_here_until_your_turn",
        protect=_overrun_protect,
        hooks={"start_of_turn": _overrun_hook},
        trigger=_overrun,
    ),
    AbilitySpec("extra_minion_from_discard", on_play=_they_keep_coming),
    AbilitySpec("play_minions_here_from_discard", play_from=_tctgy),
)
