"""Smash Up abilities of the Tricksters, original 2012 deck (registered into
``abilities.ABILITIES``). ``ongoing_allowance`` is shared with the Wizards' Archmage."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, register
from ..state import Allowance, SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


# ----------------------------------------------------------------------------- Leprechaun


# ----------------------------------------------------------------------------- Gremlin


# ----------------------------------------------------------------------------- Brownie


# ----------------------------------------------------------------------------- Block the Path


# ----------------------------------------------------------------------------- Disenchant


# ----------------------------------------------------------------------------- ongoing extra plays


def ongoing_allowance(game: SmashUp, s: SUState, source: int, kind: str, rule: str) -> None:
    """ "While this is in play, you may play an extra ... on each of your turns": a play that
    lasts while ``source`` stays in play (Enshrouding Mist: at its base only)."""
    seat = s.cards[source].controller
    base = game.base_of(s, source) if not game.is_minion(s, source) else -1
    ref = None if base < 0 else CardRef(base)
    s.allowances.append(Allowance(kind, base=ref, source=CardRef(source), ongoing=True))
    where = f" at {game.card_name(s, base)}" if base >= 0 else ""
    game.log(s, "extra", rule, f"{s.names[seat]} may play an extra {kind}{where}", seat)


def ongoing_extra(kind: str, ability: str) -> tuple[Any, Any]:
    """The on-play handler (the turn it arrives, if in its controller's Play Cards phase) and
    the start-of-turn hook of an "extra play on each of your turns" ability."""
    rule = f"su.card.{ability}"

    def on_play(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        _done(game, s, frame)
        src = frame.data["card"]
        if s.phase == "play" and frame.seat == s.active and game.base_of(s, src) >= 0:
            ongoing_allowance(game, s, src, kind, rule)

    def hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
        if event["seat"] == s.cards[source].controller:
            ongoing_allowance(game, s, source, kind, rule)

    return on_play, hook


_mist_play, _mist_hook = ongoing_extra("minion", "extra_minion_here_each_turn")


# ----------------------------------------------------------------------------- Flame Trap


# ----------------------------------------------------------------------------- Mark of Sleep


def _mark_of_sleep(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.player_plays_no_actions_next_turn"
    seat = frame.seat
    if choice is None:
        options = [Option(f"seat:{p}", s.names[p]) for p in game.seat_order(s, seat)]
        game.ask(s, seat, "choose_player", "Mark of Sleep: choose a player", options, rule)
        return
    _done(game, s, frame)
    target = int(choice.split(":")[1])
    if target not in s.sleepers:
        s.sleepers.append(target)
    game.log(s, "mark", rule, f"{s.names[target]} cannot play actions on their next turn", seat)


# ----------------------------------------------------------------------------- Pay the Piper


# ----------------------------------------------------------------------------- Hideout


register(
    AbilitySpec("player_plays_no_actions_next_turn", on_play=_mark_of_sleep),
)
