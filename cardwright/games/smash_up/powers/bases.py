"""Smash Up abilities of the bases (registered into ``abilities.ABILITIES``).

"You" on a base is the player the ability describes (the one who played, the winner, ...). A base
is no player's card: when a base destroys or moves a minion, the actor is -1, so protections
against "other players' cards" do not apply (docs/rulings/smash-up.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, option_card, pick_card, register
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


# ----------------------------------------------------------------------------- scoring VP


# ----------------------------------------------------------------------------- The Greasy Spoon


# ----------------------------------------------------------------------------- Tar Pits


# ----------------------------------------------------------------------------- a player may pick


# ----------------------------------------------------------------------------- The Mothership


# ----------------------------------------------------------------------------- Ninja Dojo


# ----------------------------------------------------------------------------- Temple of Goju


# ----------------------------------------------------------------------------- moving minions


# ----------------------------------------------------------------------------- Homeworld


# ----------------------------------------------------------------------------- Evans City Cemetery


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


register()
