"""Smash Up abilities of the Wizards (registered into ``abilities.ABILITIES``).

Enchantress (``draw_1``), Mystic Studies (``draw_2``) and Summon (``extra_minion``) are in
``abilities.py``; Scry and Time Loop are written with the Disco Dancers and Vigilantes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import Frame, Option

from ..legacy import AbilitySpec, option_card, register
from ..state import REVEALED, SUState
from .tricksters import ongoing_extra

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _back_on_top(game: SmashUp, s: SUState, cid: int, rule: str) -> None:
    game.to_deck_top(s, cid)
    owner = s.cards[cid].owner
    game.log(
        s,
        "to_deck",
        rule,
        f"{game.card_name(s, cid)} goes back on top of {s.names[owner]}'s deck",
        owner,
    )


def _can_play_action(game: SmashUp, s: SUState, seat: int, cid: int) -> bool:
    return (
        not game.is_minion(s, cid)
        and game.can_play_actions(s, seat)
        and bool(game.play_destinations(s, seat, cid, "extra", -1))
    )


_archmage_play, _archmage_hook = ongoing_extra("action", "extra_action_each_turn")


# ----------------------------------------------------------------------------- Neophyte


def _neophyte(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Reveal the top card; an action may go into the hand or be played at once as an extra
    action; otherwise (or if the player wants neither) it goes back on top."""
    rule = "su.card.reveal_top_action_take_or_play"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        shown = game.reveal_top(s, seat, 1, rule)
        if not shown:
            _done(game, s, frame)
            return
        data["revealed_card"] = shown[0]
        frame.step = 1
        return
    cid: int = data["revealed_card"]
    if choice is None and not game.is_minion(s, cid):
        options = [Option("hand", f"Put {game.label(s, cid)} into your hand")]
        if _can_play_action(game, s, seat, cid):
            options.append(Option("play", f"Play {game.label(s, cid)} as an extra action"))
        options.append(Option("keep", "Put it back on top of your deck"))
        game.ask(s, seat, "neophyte", "Neophyte: the revealed card is an action", options, rule)
        return
    _done(game, s, frame)
    if choice == "hand":
        game.to_hand(s, cid, REVEALED, rule)
    elif choice == "play":
        game.play_extra(s, seat, cid, REVEALED)
    else:
        _back_on_top(game, s, cid, rule)


# ----------------------------------------------------------------------------- Mass Enchantment


def _mass_enchantment(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Each other player reveals their top card; the player may play one revealed action as an
    extra action under their control; the rest go back on top of their owners' decks."""
    rule = "su.card.play_action_from_rivals_deck_tops"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        shown: list[int] = []
        for other in game.seat_order(s, seat)[1:]:
            shown += game.reveal_top(s, other, 1, rule)
        data["revealed_cards"] = shown
        frame.step = 1
        return
    shown = data["revealed_cards"]
    playable = [c for c in shown if _can_play_action(game, s, seat, c)]
    if choice is None and playable:
        options = [
            Option(
                f"play:{c}",
                f"Play {game.label(s, c)} (from {s.names[s.cards[c].owner]}'s deck)",
            )
            for c in playable
        ]
        options.append(Option("none", "Play none of them"))
        game.ask(
            s, seat, "play_revealed", "Mass Enchantment: play a revealed action?", options, rule
        )
        return
    _done(game, s, frame)
    played = option_card(choice) if choice is not None and choice != "none" else -1
    for c in shown:
        if c != played:
            _back_on_top(game, s, c, rule)
    if played >= 0:
        game.play_extra(s, seat, played, REVEALED)


# ----------------------------------------------------------------------------- Portal


def _portal(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Reveal the top five cards; take any of the minions into hand (one pick at a time, or
    all); then put the rest back on top in the order the player chooses (one pick at a time:
    each card chosen goes on top of those already put back)."""
    rule = "su.card.reveal_five_take_minions"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        data["revealed_cards"] = game.reveal_top(s, seat, 5, rule)
        frame.step = 1
        return
    left = [c for c in data["revealed_cards"] if c in s.zones[REVEALED]]
    if frame.step == 1:
        minions = [c for c in left if game.is_minion(s, c)]
        if choice is not None and choice != "done":
            for c in minions if choice == "all" else [option_card(choice)]:
                game.to_hand(s, c, REVEALED, rule)
            return
        if choice is None and minions:
            options = [
                Option(o.id.replace("play:", "take:"), o.label.replace("Play", "Take"))
                for o in game.dedupe(s, minions, "play")
            ]
            if len(minions) > 1:
                options.append(Option("all", f"Take all {len(minions)} minions"))
            options.append(Option("done", "Take no more"))
            game.ask(s, seat, "take", "Portal: take revealed minions into your hand", options, rule)
            return
        frame.step = 2
        return
    if choice is not None:
        _back_on_top(game, s, option_card(choice), rule)
        return
    if len({s.cards[c].defn for c in left}) > 1:
        options = [
            Option(o.id.replace("play:", "top:"), o.label.replace("Play", "Put back"))
            for o in game.dedupe(s, left, "play")
        ]
        game.ask(
            s,
            seat,
            "order",
            "Portal: put a card back on your deck (the last one put back is the top card)",
            options,
            rule,
        )
        return
    _done(game, s, frame)
    for c in left:
        _back_on_top(game, s, c, rule)


# ----------------------------------------------------------------------------- Sacrifice


def _sacrifice(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.draw_by_own_minion_power_then_destroy_it"
    seat = frame.seat
    mine = [m for m, _ in game.minions_in_play(s) if s.cards[m].controller == seat]
    if choice is None and len(mine) > 1:
        options = [Option(f"target:{m}", game.minion_label(s, m)) for m in mine]
        game.ask(s, seat, "target", "Sacrifice: choose one of your minions", options, rule)
        return
    _done(game, s, frame)
    if choice is None and not mine:
        game.log(s, "no_target", rule, f"{s.names[seat]} has no minion in play", seat)
        return
    cid = option_card(choice) if choice is not None else mine[0]
    power = game.power(s, cid)
    if power:
        game.draw(s, seat, power, rule)
    game.destroy(s, cid, seat, rule)


# ----------------------------------------------------------------------------- Winds of Change


def _winds_of_change(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.reshuffle_hand_draw_five_extra_action"
    seat = frame.seat
    _done(game, s, frame)
    for cid in list(s.zones[f"hand:{seat}"]):
        game.to_deck_top(s, cid, f"hand:{seat}")
    game.shuffle_deck(s, seat, rule, " with their hand in it")
    game.draw(s, seat, 5, rule)
    game.grant_extra(s, seat, "action", rule, source=frame.data["card"])


register(
    AbilitySpec("reveal_top_action_take_or_play", on_play=_neophyte),
    AbilitySpec("play_action_from_rivals_deck_tops", on_play=_mass_enchantment),
    AbilitySpec("reveal_five_take_minions", on_play=_portal),
    AbilitySpec("draw_by_own_minion_power_then_destroy_it", on_play=_sacrifice),
    AbilitySpec("reshuffle_hand_draw_five_extra_action", on_play=_winds_of_change),
)
