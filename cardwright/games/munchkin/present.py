"""Munchkin in the browser: each card's face, and what the framework's generic board shows
beside the zones, worked out from a seat's view only (``docs/server.md``, "Writing a
board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cardwright.core.game import Game
from cardwright.core.state import State
from cardwright.games.screen import CardFace

from .render import card_stats
from .state import MKState


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card's face (the one source of its text, :class:`~cardwright.games.screen.CardFace`):
    its kind and numbers in the game's words (``monster``; ``Level 14, 4 Treasures``) and
    its text."""
    c = game.sets[config["card_set"]].cards[defn]  # type: ignore[attr-defined]
    kind, _, numbers = card_stats(c).partition(", ")
    face = CardFace(c.name, kind, c.text, {"": numbers} if numbers else {})
    return face.as_dict()


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """Level per seat."""
    v = cast(MKState, view)
    stats = [[["level", v.level[p]]] for p in range(len(v.names))]
    return {"stats": stats, "notes": [], "card_stats": {}}
