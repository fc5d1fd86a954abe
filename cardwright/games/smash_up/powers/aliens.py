"""Smash Up abilities of the Aliens (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import (
    ASKED,
    NONE,
    AbilitySpec,
    Special,
    base_choices,
    minion_target,
    pick,
    pick_into,
    register,
)
from ..state import SUState
from .bases import look_zone
from .ninjas import move_one

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


def _collector_cands(game: SmashUp, s: SUState, frame: Frame) -> list[int]:
    bid = frame.data["base_card"]
    if not game.base_in_play(s, bid):
        return []
    return [c for c in game.minions_at(s, bid) if game.power(s, c, bid) <= 3]


# ----------------------------------------------------------------------------- Abduction


def _abduction(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = _rule("return_minion_then_extra_minion")
    cands = [] if choice is not None else _all_minions(game, s, frame)
    got = pick(
        game,
        s,
        frame.seat,
        choice,
        [(c, game.minion_label(s, c)) for c in cands],
        kind="target",
        prompt="Abduction: send a minion back to its owner's hand",
        rule=rule,
    )
    if got == ASKED:
        return
    game.pop(s, frame)
    if got != NONE:
        game.return_to_hand(s, got, frame.seat, rule)
    game.grant_extra(s, frame.seat, "minion", rule, source=frame.data["card"])


# ----------------------------------------------------------------------------- Crop Circles


def _crop_circles(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = _rule("return_all_minions_at_base")
    bases = [] if choice is not None else [b for b in s.zones["bases"] if game.minions_at(s, b)]
    got = pick(
        game,
        s,
        frame.seat,
        choice,
        base_choices(game, s, bases),
        kind="choose_base",
        prompt="Crop Circles: every minion at which base goes back to its owner's hand?",
        rule=rule,
    )
    if got == ASKED:
        return
    game.pop(s, frame)
    if got == NONE:
        game.log(s, "no_target", rule, "There is no minion in play", frame.seat)
        return
    for cid in game.minions_at(s, got):
        game.return_to_hand(s, cid, frame.seat, rule)


# ----------------------------------------------------------------------------- Disintegrator


def _low3(game: SmashUp, s: SUState, frame: Frame) -> list[int]:
    return [c for c, b in game.minions_in_play(s) if game.power(s, c, b) <= 3]


def _disintegrate(game: SmashUp, s: SUState, frame: Frame, cid: int) -> None:
    game.to_deck(s, cid, frame.seat, _rule("minion_power_3_or_less_to_deck_bottom"), "bottom")


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
        "may_return_any_minion_to_hand",
        on_play=minion_target(
            "may_return_any_minion_to_hand",
            "Supreme Overlord: you may send a minion back to its owner's hand",
            _all_minions,
            _return("may_return_any_minion_to_hand"),
            optional=True,
        ),
    ),
    AbilitySpec(
        "after_scoring_self_to_hand",
        special=Special(windows=("after_scoring",), zone="play", usable=_scout_usable, run=_scout),
    ),
    AbilitySpec(
        "may_return_minion_here_power_3_or_less",
        on_play=minion_target(
            "may_return_minion_here_power_3_or_less",
            "Collector: you may send a minion here with power 3 or less back to its owner's hand",
            _collector_cands,
            _return("may_return_minion_here_power_3_or_less"),
            optional=True,
        ),
    ),
    AbilitySpec("return_minion_then_extra_minion", on_play=_abduction),
    AbilitySpec(
        "return_minion_to_hand",
        on_play=minion_target(
            "return_minion_to_hand",
            "Beam Up: send a minion back to its owner's hand",
            _all_minions,
            _return("return_minion_to_hand"),
        ),
    ),
    AbilitySpec("return_all_minions_at_base", on_play=_crop_circles),
    AbilitySpec(
        "minion_power_3_or_less_to_deck_bottom",
        on_play=minion_target(
            "minion_power_3_or_less_to_deck_bottom",
            "Disintegrator: put a minion with power 3 or less on the bottom of its owner's deck",
            _low3,
            _disintegrate,
        ),
    ),
    AbilitySpec(
        "move_any_minion",
        on_play=move_one("move_any_minion", "Invasion: move a minion", _all_minions),
    ),
    AbilitySpec("all_ignore_base_ability", ignore_base=_jammed),
    AbilitySpec("look_at_hand_discard_minion", on_play=_probe),
)
