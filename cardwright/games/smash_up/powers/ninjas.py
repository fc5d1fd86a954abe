"""Smash Up abilities of the Ninjas (registered into ``abilities.ABILITIES``).

Also the shared "destroy a minion at this base" and "move one minion" shapes that the Pirates
and Dinosaurs reuse (:func:`destroy_here`, :func:`move_one`, :func:`ask_destination`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardwright.core.state import Frame, Option

from ..legacy import (
    ASKED,
    NONE,
    AbilityHandler,
    AbilitySpec,
    base_choices,
    minion_choices,
    minion_target,
    option_card,
    pick,
    register,
)
from ..scoring import ScoreBase
from ..state import SUState

if TYPE_CHECKING:
    from ..game import SmashUp


# ----------------------------------------------------------------------------- shared shapes


def destroy_here(ability: str, max_power: int, *, optional: bool) -> AbilityHandler:
    """On play: (you may) destroy a minion at this minion's base with power ``max_power`` or
    less (-1: any power); it may be this minion itself or one of your own."""

    def cands(game: SmashUp, s: SUState, frame: Frame) -> list[int]:
        bid = frame.data["base_card"]
        if not game.base_in_play(s, bid):
            return []
        return [
            c
            for c in game.minions_at(s, bid)
            if max_power < 0 or game.power(s, c, bid) <= max_power
        ]

    def act(game: SmashUp, s: SUState, frame: Frame, cid: int) -> None:
        game.destroy(s, cid, frame.seat, f"su.card.{ability}")

    what = "a minion here" if max_power < 0 else f"a minion here with power {max_power} or less"
    prompt = f"{'You may destroy' if optional else 'Destroy'} {what}"
    return minion_target(ability, prompt, cands, act, optional=optional)


def other_bases(game: SmashUp, s: SUState, cid: int) -> list[int]:
    """The bases in play a minion could be moved to (every one but its own)."""
    here = game.base_of(s, cid)
    return [b for b in s.zones["bases"] if b != here]


def ask_destination(
    game: SmashUp, s: SUState, frame: Frame, choice: str | None, cid: int, rule: str
) -> int:
    """Pick the base ``cid`` moves to (a forced pick is not asked); returns as :func:`pick`."""
    return pick(
        game,
        s,
        frame.seat,
        choice,
        base_choices(game, s, other_bases(game, s, cid)),
        kind="destination",
        prompt=f"Move {game.card_name(s, cid)} to which base?",
        rule=rule,
    )


def move_one(
    ability: str, prompt: str, cands: Callable[[SmashUp, SUState, Frame], list[int]]
) -> AbilityHandler:
    """On play: choose a minion among ``cands`` and move it to another base."""
    rule = f"su.card.{ability}"

    def handler(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        if frame.step == 0:
            options = [] if choice is not None else minion_choices(game, s, cands(game, s, frame))
            got = pick(
                game, s, frame.seat, choice, options, kind="target", prompt=prompt, rule=rule
            )
            if got == ASKED:
                return
            if got == NONE:
                game.log(s, "no_target", rule, "There is no minion it can move", frame.seat)
                game.pop(s, frame)
                return
            frame.data["target_card"] = got
            frame.step = 1
            return
        cid = frame.data["target_card"]
        dest = ask_destination(game, s, frame, choice, cid, rule)
        if dest == ASKED:
            return
        game.pop(s, frame)
        if dest != NONE:
            game.move_minion(s, cid, dest, frame.seat, rule)

    return handler


def mine(game: SmashUp, s: SUState, seat: int) -> list[int]:
    """The minions in play that ``seat`` controls."""
    return [c for c, _ in game.minions_in_play(s) if s.cards[c].controller == seat]


def scoring_step(s: SUState, bid: int) -> ScoreBase | None:
    """The step that is scoring base ``bid`` (None when it is not scoring)."""
    for step in reversed(s.stack):
        if isinstance(step, ScoreBase) and step.base == bid:
            return step
    return None


# ----------------------------------------------------------------------------- Shinobi


# ----------------------------------------------------------------------------- Ninja Acolyte


# ----------------------------------------------------------------------------- Assassination


# ----------------------------------------------------------------------------- Disguise


def _disguise(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Choose one or two of your minions at one base; play as many extra minions there from
    your hand, then take the chosen ones back into your hand (both halves or neither: no more
    are chosen than the hand has minion cards). Whether a question is asked depends only on
    the minions in play, never on the hand (reading NJ2)."""
    rule = "su.card.swap_own_minions_with_hand"
    seat, data = frame.seat, frame.data
    in_hand = sum(1 for c in s.zones[f"hand:{seat}"] if game.is_minion(s, c))
    if frame.step == 0:
        bases = (
            []
            if choice is not None
            else [
                b
                for b in s.zones["bases"]
                if any(s.cards[c].controller == seat for c in game.minions_at(s, b))
            ]
        )
        got = pick(
            game,
            s,
            seat,
            choice,
            base_choices(game, s, bases),
            kind="choose_base",
            prompt="Disguise: choose a base where you have minions",
            rule=rule,
        )
        if got == ASKED:
            return
        if got == NONE:
            game.log(s, "no_target", rule, "Disguise has nothing to swap", seat)
            game.pop(s, frame)
            return
        data["base_card"] = got
        data["chosen_cards"] = []
        frame.step = 1
        return
    bid = data["base_card"]
    chosen: list[int] = data["chosen_cards"]
    if frame.step == 1:
        if choice is not None:
            if choice == "decline":
                _disguise_swap(game, s, frame, rule)
            else:
                chosen.append(option_card(choice))
                if len(chosen) >= 2:
                    _disguise_swap(game, s, frame, rule)
            return
        cands = [
            c for c in game.minions_at(s, bid) if s.cards[c].controller == seat and c not in chosen
        ]
        if not cands or (not chosen and len(cands) == 1):  # nothing to ask
            if not chosen and cands and in_hand:
                chosen.append(cands[0])
            else:
                _disguise_swap(game, s, frame, rule)
            return
        options = (
            [Option(f"pick:{c}", game.minion_label(s, c)) for c in cands]
            if in_hand > len(chosen)
            else []
        )
        if chosen or not options:
            decline = "Swap only the one" if chosen else "Swap nothing (no minion card in hand)"
            options.append(Option("decline", decline))
        which = "a second" if chosen else "a"
        game.ask(
            s, seat, "target", f"Disguise: choose {which} minion of yours to swap", options, rule
        )
        return
    game.pop(s, frame)
    for cid in chosen:
        game.return_to_hand(s, cid, seat, rule)


def _disguise_swap(game: SmashUp, s: SUState, frame: Frame, rule: str) -> None:
    """The minions are chosen: play as many extra minions at the base (at once, with no
    declining), then the chosen ones return to the hand."""
    chosen: list[int] = frame.data["chosen_cards"]
    if not chosen:
        game.log(s, "no_target", rule, "Disguise has nothing to swap", frame.seat)
        game.pop(s, frame)
        return
    frame.step = 2
    for _ in chosen:
        game.grant_extra(
            s, frame.seat, "minion", rule, base=frame.data["base_card"], mandatory=True
        )


# ----------------------------------------------------------------------------- Hidden Ninja


# ----------------------------------------------------------------------------- Infiltrate


# ----------------------------------------------------------------------------- Poison


# ----------------------------------------------------------------------------- Smoke Bomb


def rival_action_blocked(
    game: SmashUp, s: SUState, shielded_seat: int, action: str, actor: int
) -> bool:
    """Whether ``action`` by ``actor`` is an action card of another player than
    ``shielded_seat`` doing something to a minion (playing an action on it counts)."""
    if actor < 0 or actor == shielded_seat or action in ("play_minion", "play_action"):
        return False
    if action == "attach":
        return True
    acting = s.acting
    if acting is None or acting.seat != actor:
        return False
    src = s.cards.get(acting.source)
    return src is not None and src.defn in game.cat(s).cards and not game.is_minion(s, src.id)


# ----------------------------------------------------------------------------- registry


register(
    AbilitySpec("swap_own_minions_with_hand", on_play=_disguise),
)

__all__ = [
    "ask_destination",
    "destroy_here",
    "mine",
    "move_one",
    "other_bases",
    "scoring_step",
]
