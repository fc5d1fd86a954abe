"""Smash Up's words added for Pretty Pretty Smash Up: a player's extra plays this turn (what
Eliza limits). The other mechanisms of the set extend existing words: control taken until
the end of the turn (``take_control(..., until=)``), actions transferred between minions
(``transfer``), a destruction no replacement is asked for again (``destroy(...,
replace=False)``), an action sent on after it resolved (the ``action_resolved`` event,
``take_back``, ``to_deck_bottom``), extra minions only where you have one
(``extra(..., cond='own_minion')``) and a base's Talent (Cool Cats' Alley)."""

from __future__ import annotations

from typing import Any

from cardwright.core.vocab.exprs import Call

from .allowances import extras_played
from .selectors import _e
from .state import SUCtx


def _extras_played(ctx: SUCtx, seat: Any) -> int:
    """How many extra cards the seat has played this turn (counted while a card in play
    limits extra plays: ``forbid('play_extra', ...)``)."""
    return extras_played(ctx.state, int(seat))


def pretty_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "extras_played": lambda seat: Call("extras_played", _extras_played, (_e(seat),)),
    }
