"""Who a log line is about: a line that more than one seat reads names the player, never
"you" (checked by :meth:`~.game.Game.log` while the tests run: ``game.CHECK_PERSON``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .state import State

if TYPE_CHECKING:
    from .game import Game

_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|yourself|yourselves)\b", re.IGNORECASE)


def second_person(game: Game[Any], state: State, text: str) -> str | None:
    """The word of ``text`` that addresses its reader ("you", "your" ...), once the names it
    quotes are taken out (cards such as "Lose Your Headgear", seats); None if there is none.
    A log line that more than one seat reads must name the player it is about: every seat
    reads it, and "you" would be the wrong player for all but one (``explain --seat``)."""
    if not text or _SECOND_PERSON.search(text) is None:
        return None
    names = {game.card_name(state, c) for c in state.cards} | set(state.names)
    for name in sorted(names, key=len, reverse=True):
        if name and name in text:
            text = text.replace(name, "\x00")
    found = _SECOND_PERSON.search(text)
    return None if found is None else found.group(0)
