"""Smash Up abilities of the Aliens (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import (
    AbilitySpec,
    Special,
    pick_into,
    register,
)
from ..state import SUState
from .bases import look_zone

if TYPE_CHECKING:
    from ..game import SmashUp


def _rule(ability: str) -> str:
    return f"su.card.{ability}"


def _all_minions(game: SmashUp, s: SUState, frame: Frame) -> list[int]:
    return [c for c, _ in game.minions_in_play(s)]


def _return(ability: str) -> Any:
    def act(game: SmashUp, s: SUState, frame: Frame, cid: int) -> None:
        game.return_to_hand(s, cid, frame.seat, _rule(ability))

    return act


# ----------------------------------------------------------------------------- Invader


# ----------------------------------------------------------------------------- Scout


def _scout_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    return game.base_of(s, card) == int(window.get("base_card", -1))


def _scout(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """After its base scores it goes to its owner's hand instead of the discard pile."""
    game.pop(s, frame)
    cid = frame.data["card"]
    bid = game.base_of(s, cid)
    if bid != frame.data["base_card"]:
        return
    owner = s.cards[cid].owner
    game.leave_play(s, cid, f"hand:{owner}")
    game.log(
        s,
        "to_hand",
        _rule("after_scoring_self_to_hand"),
        f"{game.card_name(s, cid)} goes from {game.card_name(s, bid)} to {s.names[owner]}'s hand",
        frame.seat,
        card=cid,
    )


# ----------------------------------------------------------------------------- Collector


# ----------------------------------------------------------------------------- Abduction


# ----------------------------------------------------------------------------- Crop Circles


# ----------------------------------------------------------------------------- Disintegrator


# ----------------------------------------------------------------------------- Probe


def _probe(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Look at another player's hand (its cards become known to you) and choose a minion card
    in it, if there is one; that player discards it."""
    rule = _rule("look_at_hand_discard_minion")
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        if choice is not None:
            data["player"] = int(choice.split(":")[1])
            frame.step = 1
            return
        others = [p for p in game.seat_order(s, seat) if p != seat]
        if len(others) > 1:
            options = [
                Option(f"player:{p}", f"{s.names[p]} ({len(s.zones[f'hand:{p}'])} cards)")
                for p in others
            ]
            game.ask(s, seat, "choose_player", "Probe: look at whose hand?", options, rule)
            return
        data["player"] = others[0]
        frame.step = 1
        return
    victim: int = data["player"]
    hand = s.zones[f"hand:{victim}"]
    if frame.step == 1:  # look (the work of this step; the question follows)
        for cid in hand:
            game.know(s, cid, [seat])
        names = ", ".join(game.card_name(s, c) for c in hand) or "no cards"
        game.log(
            s,
            "look",
            rule,
            f"{s.names[seat]} looks at {s.names[victim]}'s hand: {names}",
            seat,
            visible_to=[seat, victim],
            redacted=f"{s.names[seat]} looks at {s.names[victim]}'s hand",
        )
        frame.step = 2
        return
    if choice is not None:
        game.pop(s, frame)
        if choice == "none":
            return
        cid = int(choice.split(":")[1])
        game.discard_from_hand(s, victim, cid, rule, f" (Probe by {s.names[seat]})")
        return
    # asked even when there is no minion or only one kind, so that others learn nothing
    options = game.distinct_options(s, [c for c in hand if game.is_minion(s, c)], "discard")
    if not options:
        options = [Option("none", f"{s.names[victim]} has no minion card")]
    game.ask(
        s,
        seat,
        "choose_card",
        f"Probe: choose a minion card in {s.names[victim]}'s hand to be discarded",
        options,
        rule,
    )


# ----------------------------------------------------------------------------- Jammed Signal


def _jammed(game: SmashUp, s: SUState, source: int, base: int, seat: int) -> bool:
    return s.attached.get(CardRef(source)) == base


# ----------------------------------------------------------------------------- Terraforming


def _terraforming(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Search the base deck (moved into the player's private look zone, so only they see it)
    for a base, swap it with a base in play, shuffle the base deck, then the player may play
    an extra minion on the new base (ruling AL6)."""
    rule = _rule("swap_base_from_base_deck_then_extra_minion")
    seat, data = frame.seat, frame.data
    look = look_zone(seat)
    if frame.step == 0:  # the search: the player sees the whole base deck
        deck = s.zones["base_deck"]
        if not deck:
            game.log(s, "no_target", rule, "The base deck is empty: there is nothing to find")
            game.pop(s, frame)
            return
        s.zones[look] = list(reversed(deck))
        deck.clear()
        names = ", ".join(sorted(game.card_name(s, b) for b in s.zones[look]))
        game.log(
            s,
            "search",
            rule,
            f"{s.names[seat]} searches the base deck: {names}",
            seat,
            visible_to=[seat],
            redacted=f"{s.names[seat]} searches the base deck",
        )
        frame.step = 1
        return
    if frame.step == 1:
        prompt = "Terraforming: which base do you take from the base deck?"
        pick_into(game, s, frame, choice, s.zones[look], prompt, rule, "new_card", kind="search")
        return
    if frame.step == 2:
        prompt = "Terraforming: which base in play is swapped for the one you found?"
        bases = list(s.zones["bases"])
        pick_into(game, s, frame, choice, bases, prompt, rule, "old_card", ask="choose_base")
        return
    game.pop(s, frame)
    new = data["new_card"]
    game.swap_base(s, data["old_card"], new, look, seat, rule)
    s.zones["base_deck"].extend(s.zones.pop(look))
    game.shuffle_bases(s, rule)
    game.grant_extra(s, seat, "minion", rule, base=new, source=frame.data["card"])


register(
    AbilitySpec("swap_base_from_base_deck_then_extra_minion", on_play=_terraforming),
    AbilitySpec(
        "after_scoring_self_to_hand",
        special=Special(windows=("after_scoring",), zone="play", usable=_scout_usable, run=_scout),
    ),
    AbilitySpec("all_ignore_base_ability", ignore_base=_jammed),
    AbilitySpec("look_at_hand_discard_minion", on_play=_probe),
)
