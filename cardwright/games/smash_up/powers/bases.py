"""Smash Up abilities of the bases (registered into ``abilities.ABILITIES``).

"You" on a base is the player the ability describes (the one who played, the winner, ...). A base
is no player's card: when a base destroys or moves a minion, the actor is -1, so protections
against "other players' cards" do not apply (docs/rulings/smash-up.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, option_card, pick_card, pick_into, register
from ..state import SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _here(event: dict[str, Any], source: int) -> bool:
    return bool(event.get("base_card") == source)


def _winners(event: dict[str, Any]) -> list[int]:
    return list(event.get("winners") or [])


# ----------------------------------------------------------------------------- Ancient Dojo


def _dojo_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if _here(event, source):
        game.queue(
            s,
            "counters_to_own_weaker_minions_on_play_here",
            source,
            event["seat"],
            minion_card=event["minion_card"],
        )


def _dojo(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Each of your other minions here weaker than the one just played gets a counter."""
    rule = "su.card.counters_to_own_weaker_minions_on_play_here"
    bid, played, seat = frame.data["card"], frame.data["minion_card"], frame.seat
    _done(game, s, frame)
    if game.base_of(s, played) != bid:
        return
    top = game.power(s, played, bid)
    for cid in game.minions_at(s, bid):
        if cid != played and s.cards[cid].controller == seat and game.power(s, cid, bid) < top:
            game.add_counters(s, cid, 1, seat, rule)


# ----------------------------------------------------------------------------- scoring VP


def _tournament_site(
    game: SmashUp, s: SUState, base: int, places: dict[int, int]
) -> dict[int, int]:
    powers = game.powers_at(s, base)
    zero = sum(1 for seat in range(len(s.names)) if powers.get(seat, 0) <= 0)
    return {seat: zero for seat, place in places.items() if place == 1}


def _factory(game: SmashUp, s: SUState, base: int, places: dict[int, int]) -> dict[int, int]:
    powers = game.powers_at(s, base)
    return {seat: powers.get(seat, 0) // 5 for seat, place in places.items() if place == 1}


# ----------------------------------------------------------------------------- The Greasy Spoon


def _greasy_spoon(game: SmashUp, s: SUState, source: int, card: int, base: int) -> str | None:
    return "deck" if base == source and s.attached.get(CardRef(card)) == source else None


# ----------------------------------------------------------------------------- Tar Pits


def _tar_pits_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    """A minion destroyed here goes on from the discard pile to the bottom of its owner's deck
    (only if it did reach the discard pile)."""
    if not _here(event, source):
        return
    cid, owner = event["minion_card"], event["owner"]
    discard = f"discard:{owner}"
    if cid not in s.zones[discard]:
        return
    game.to_zone(s, cid, discard, f"deck:{owner}", bottom=True)
    game.log(
        s,
        "to_deck",
        "su.card.destroyed_minions_here_to_deck_bottom",
        f"{game.card_name(s, cid)} goes from {s.names[owner]}'s discard pile to the bottom of "
        "their deck",
        owner,
        card=cid,
    )


# ----------------------------------------------------------------------------- a player may pick


def _queue_winners(ability: str) -> Any:
    def hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
        if _here(event, source):
            for seat in _winners(event):
                game.queue(s, ability, source, seat, base_card=source)

    return hook


# ----------------------------------------------------------------------------- The Mothership


def _mothership(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.winner_returns_minion_power_3_or_less"
    bid, seat = frame.data["base_card"], frame.seat
    targets = []
    if game.base_in_play(s, bid):
        targets = [
            c
            for c in game.minions_at(s, bid)
            if s.cards[c].controller == seat and game.power(s, c, bid) <= 3
        ]
    prompt = "The Mothership: return a minion to your hand?"
    pick = pick_card(game, s, frame, choice, targets, prompt, rule, may=True)
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0:
        game.return_to_hand(s, pick, -1, rule)


# ----------------------------------------------------------------------------- Ninja Dojo


def _ninja_dojo(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.winner_may_destroy_any_minion"
    targets = [c for c, _ in game.minions_in_play(s)]
    prompt = "Ninja Dojo: destroy a minion?"
    pick = pick_card(game, s, frame, choice, targets, prompt, rule, may=True)
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0:
        game.destroy(s, pick, -1, rule)


# ----------------------------------------------------------------------------- Temple of Goju


def _goju_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if not _here(event, source):
        return
    present = {s.cards[c].controller for c in game.minions_at(s, source)}
    for seat in game.seat_order(s, s.active):
        if seat in present:
            game.queue(
                s, "strongest_minion_per_player_to_deck_bottom", source, seat, base_card=source
            )


def _goju(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.strongest_minion_per_player_to_deck_bottom"
    bid, seat = frame.data["base_card"], frame.seat
    top: list[int] = []
    if game.base_in_play(s, bid):
        mine = {c: game.power(s, c, bid) for c in game.minions_at(s, bid)}
        mine = {c: p for c, p in mine.items() if s.cards[c].controller == seat}
        if mine:
            best = max(mine.values())
            top = [c for c, p in mine.items() if p == best]
    pick = pick_card(
        game,
        s,
        frame,
        choice,
        top,
        "Temple of Goju: which of your strongest minions goes under your deck?",
        rule,
        may=False,
    )
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0:
        owner = s.cards[pick].owner
        game.leave_play(s, pick, f"deck:{owner}", bottom=True)
        game.log(
            s,
            "to_deck",
            rule,
            f"{game.card_name(s, pick)} goes to the bottom of {s.names[owner]}'s deck",
            seat,
            card=pick,
        )


# ----------------------------------------------------------------------------- moving minions


def _move_step(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    minions: list[int],
    bases: list[int],
    prompt: str,
    rule: str,
) -> None:
    """Two questions: which of ``minions`` (or none), then to which of ``bases``."""
    data = frame.data
    if frame.step == 0:
        pick_into(game, s, frame, choice, minions, prompt, rule, "minion_card", may=True)
        return
    cid = data["minion_card"]
    dests = [b for b in bases if b != game.base_of(s, cid)]
    prompt = f"Move {game.card_name(s, cid)} to"
    dest = pick_card(game, s, frame, choice, dests, prompt, rule, kind="base")
    if dest is None:
        return
    _done(game, s, frame)
    if dest >= 0:
        game.move_minion(s, cid, dest, -1, rule)


def _grey_opal_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if not _here(event, source):
        return
    winners = set(_winners(event))
    present = {s.cards[c].controller for c in game.minions_at(s, source)}
    for seat in game.seat_order(s, s.active):
        if seat in present and seat not in winners:
            game.queue(s, "non_winners_may_move_minion_away", source, seat, base_card=source)


def _grey_opal(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    bid = frame.data["base_card"]
    mine: list[int] = []
    if frame.step == 0 and game.base_in_play(s, bid):
        mine = [c for c in game.minions_at(s, bid) if s.cards[c].controller == frame.seat]
    others = [b for b in s.zones["bases"] if b != bid]
    if not others:
        mine = []
    _move_step(
        game,
        s,
        frame,
        choice,
        mine,
        others,
        "The Grey Opal: move one of your minions away?",
        "su.card.non_winners_may_move_minion_away",
    )


def _tortuga_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    new = event["new_base_card"]
    if new < 0:
        return
    places = event.get("places") or []
    for seat in game.seat_order(s, s.active):
        if seat < len(places) and places[seat] == 2:
            game.queue(s, "runner_up_moves_minion_to_replacement", source, seat, to_card=new)


def _tortuga(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    new = frame.data["to_card"]
    mine: list[int] = []
    if frame.step == 0 and game.base_in_play(s, new):
        mine = [
            c
            for c, b in game.minions_in_play(s)
            if b != new and s.cards[c].controller == frame.seat
        ]
    _move_step(
        game,
        s,
        frame,
        choice,
        mine,
        [new],
        "Tortuga: move one of your minions to the new base?",
        "su.card.runner_up_moves_minion_to_replacement",
    )


def _mushroom_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    seat = event["seat"]
    if any(b != source and s.cards[c].controller != seat for c, b in game.minions_in_play(s)):
        game.queue(
            s, "start_of_turn_pull_rival_minion_here", source, event["seat"], base_card=source
        )


def _mushroom(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    bid, seat = frame.data["base_card"], frame.seat
    rivals: list[int] = []
    if frame.step == 0 and game.base_in_play(s, bid):
        rivals = [
            c for c, b in game.minions_in_play(s) if b != bid and s.cards[c].controller != seat
        ]
    _move_step(
        game,
        s,
        frame,
        choice,
        rivals,
        [bid],
        "Mushroom Kingdom: move another player's minion here?",
        "su.card.start_of_turn_pull_rival_minion_here",
    )


# ----------------------------------------------------------------------------- Homeworld


def _homeworld_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if _here(event, source):
        game.queue(s, "extra_small_minion_after_minion_played_here", source, event["seat"])


def _homeworld(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.grant_extra(
        s,
        frame.seat,
        "minion",
        "su.card.extra_small_minion_after_minion_played_here",
        max_power=2,
        source=frame.data["card"],
    )


# ----------------------------------------------------------------------------- Evans City Cemetery


def _cemetery(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.winner_discards_hand_draws_five"
    seat = frame.seat
    _done(game, s, frame)
    hand = list(s.zones[f"hand:{seat}"])
    for cid in hand:
        game.to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
    game.log(
        s,
        "discard",
        rule,
        f"{s.names[seat]} discards their hand ({len(hand)} card(s))",
        seat,
        cards=hand,
    )
    for cid in hand:
        game.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)
    game.draw(s, seat, 5, rule)


# ----------------------------------------------------------------------------- School of Wizardry


def look_zone(seat: int) -> str:
    """The zone holding the cards ``seat`` is looking at (hidden from everyone else)."""
    return f"look:{seat}"


def _school_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    winners = _winners(event)
    if _here(event, source) and winners:  # one look is enough: the first winner in turn order
        game.queue(s, "winner_picks_replacement_from_top_three", source, winners[0])


def _school(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Look at the base deck's top three (moved into the player's private look zone), choose
    the one that replaces the scored base, then the order of the others under it."""
    rule = "su.card.winner_picks_replacement_from_top_three"
    seat, data = frame.seat, frame.data
    look = look_zone(seat)
    deck = s.zones["base_deck"]
    if frame.step == 0:
        frame.step = 1
        s.zones[look] = [deck.pop() for _ in range(min(3, len(deck)))]
        data["order_cards"] = []
        game.log(
            s,
            "look",
            rule,
            f"{s.names[seat]} looks at the top {len(s.zones[look])} base(s) of the base deck",
            seat,
        )
        return
    order: list[int] = data["order_cards"]
    if choice is not None:
        order.append(option_card(choice))
    left = [b for b in s.zones[look] if b not in order]
    if len(left) > 1:
        prompt = (
            "School of Wizardry: which base replaces the scored one?"
            if not order
            else "School of Wizardry: which base goes next under it?"
        )
        options = [Option(f"base:{b}", game.card_name(s, b)) for b in left]
        game.ask(s, seat, "replacement", prompt, options, rule)
        return
    order.extend(left)
    del s.zones[look]
    deck.extend(reversed(order))  # the first chosen ends on top
    game.log(s, "look_done", rule, f"{s.names[seat]} puts the bases back on top", seat)
    _done(game, s, frame)


# ----------------------------------------------------------------------------- Truck Stop


def _truck_stop_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    bases = s.zones["bases"]
    if len(bases) > 1 and any(game.base_actions(s, b) for b in bases):
        game.queue(s, "start_of_turn_transfer_base_action", source, event["seat"], base_card=source)


def _truck_stop(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.start_of_turn_transfer_base_action"
    bid, seat, data = frame.data["base_card"], frame.seat, frame.data
    if not game.base_in_play(s, bid):
        _done(game, s, frame)
        return
    if frame.step == 0:
        if choice is not None:
            if choice == "decline":
                _done(game, s, frame)
                return
            data["action_card"] = option_card(choice)
            frame.step = 1
            return
        here = game.base_actions(s, bid)
        away = [a for b in s.zones["bases"] if b != bid for a in game.base_actions(s, b)]
        if not here and not away:
            _done(game, s, frame)
            return
        options = [Option(f"action:{a}", f"{game.card_name(s, a)}: bring it here") for a in away]
        if len(s.zones["bases"]) > 1:
            options += [
                Option(f"action:{a}", f"{game.card_name(s, a)}: send it away") for a in here
            ]
        options.append(Option("decline", "Transfer nothing"))
        game.ask(s, seat, "transfer", "Truck Stop: transfer an action?", options, rule)
        return
    aid = data["action_card"]
    if s.attached.get(CardRef(aid)) != bid:
        _done(game, s, frame)
        game.transfer_action(s, aid, bid, -1, rule)
        return
    dests = [b for b in s.zones["bases"] if b != bid]
    prompt = f"Transfer {game.card_name(s, aid)} to"
    dest = pick_card(game, s, frame, choice, dests, prompt, rule, kind="base")
    if dest is None:
        return
    _done(game, s, frame)
    game.transfer_action(s, aid, dest, -1, rule)


register(
    AbilitySpec(
        "counters_to_own_weaker_minions_on_play_here",
        hooks={"minion_played": _dojo_hook},
        trigger=_dojo,
    ),
    AbilitySpec("winner_vp_per_player_without_power_here", scoring=_tournament_site),
    AbilitySpec("winner_vp_per_5_power_here", scoring=_factory),
    AbilitySpec(
        "base_actions_shuffle_into_deck_instead_of_discard", instead_of_discard=_greasy_spoon
    ),
    AbilitySpec(
        "destroyed_minions_here_to_deck_bottom", hooks={"minion_destroyed": _tar_pits_hook}
    ),
    AbilitySpec(
        "winner_returns_minion_power_3_or_less",
        hooks={"after_scoring": _queue_winners("winner_returns_minion_power_3_or_less")},
        trigger=_mothership,
    ),
    AbilitySpec(
        "winner_may_destroy_any_minion",
        hooks={"after_scoring": _queue_winners("winner_may_destroy_any_minion")},
        trigger=_ninja_dojo,
    ),
    AbilitySpec(
        "winner_discards_hand_draws_five",
        hooks={"after_scoring": _queue_winners("winner_discards_hand_draws_five")},
        trigger=_cemetery,
    ),
    AbilitySpec(
        "strongest_minion_per_player_to_deck_bottom",
        hooks={"after_scoring": _goju_hook},
        trigger=_goju,
    ),
    AbilitySpec(
        "non_winners_may_move_minion_away",
        hooks={"after_scoring": _grey_opal_hook},
        trigger=_grey_opal,
    ),
    AbilitySpec(
        "runner_up_moves_minion_to_replacement",
        hooks={"base_replaced": _tortuga_hook},
        trigger=_tortuga,
    ),
    AbilitySpec(
        "start_of_turn_pull_rival_minion_here",
        hooks={"start_of_turn": _mushroom_hook},
        trigger=_mushroom,
    ),
    AbilitySpec(
        "extra_small_minion_after_minion_played_here",
        hooks={"minion_played": _homeworld_hook},
        trigger=_homeworld,
    ),
    AbilitySpec(
        "winner_picks_replacement_from_top_three",
        hooks={"after_scoring": _school_hook},
        trigger=_school,
    ),
    AbilitySpec(
        "start_of_turn_transfer_base_action",
        hooks={"start_of_turn": _truck_stop_hook},
        trigger=_truck_stop,
    ),
)


# ----------------------------------------------------------------------------- Boogie Wonderland


def _boogie_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    """A standard action played by a player affects one of that player's minions here.

    The affect record is made before the change, so a minion moved away from here counts and
    one moved here from elsewhere does not (000 Clarifications, Boogie Wonderland). One draw per
    action however many of the player's minions it affects."""
    if not (_here(event, source) and event["standard"]):
        return
    if event["mode"] not in ("play", "special", "copy"):
        return
    seat = event["seat"]
    if seat < 0 or event["controller"] != seat:
        return
    if game.once_used(s, source, "boogie", event["source_card"]):
        return
    game.use_once(s, source, "boogie", event["source_card"])
    game.queue(
        s,
        "draw_after_own_standard_action_affects_own_minions_here",
        source,
        seat,
        action_card=event["source_card"],
    )


def _boogie(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.draw(s, frame.seat, 1, "su.card.draw_after_own_standard_action_affects_own_minions_here")


register(
    AbilitySpec(
        "draw_after_own_standard_action_affects_own_minions_here",
        hooks={"minion_affected": _boogie_hook},
        trigger=_boogie,
    )
)
