"""The checks of a log line while the tests run (:meth:`~.game.Game.log`): a line that more
than one seat reads names the player, never "you" (``game.CHECK_PERSON``), and its data names
no cards (``game.CHECK_LOG_DATA``: views pass data on as it is, so a card id there would
escape their masking; the card goes in the event's typed ``card``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .errors import EngineError
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


def refuse_second_person(
    game: Game[Any],
    state: State,
    rule: str,
    text: str,
    visible_to: list[int] | None,
    redacted: str,
) -> None:
    """Refuse a line other seats read (its text shared with several, or its redacted form)
    that says "you"."""
    for shared in (text if visible_to is None or len(visible_to) > 1 else "", redacted):
        word = second_person(game, state, shared)
        if word is not None:
            raise EngineError(
                f"{game.id}: a log line other seats read says {word!r}: {shared!r} "
                f"({rule}); name the player instead"
            )


def refuse_card_data(game_id: str, kind: str, rule: str, data: Mapping[str, Any]) -> None:
    """Refuse log data named for cards (``card``, ``cards``, ``..._card``, ``..._cards``)."""
    named = [k for k in data if k in ("card", "cards") or k.endswith(("_card", "_cards"))]
    if named:
        raise EngineError(
            f"{game_id}: log event {kind!r} ({rule}) has data named for cards: "
            f"{', '.join(named)}; log data holds plain values, never card ids"
        )
