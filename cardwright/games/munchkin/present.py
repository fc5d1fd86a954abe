"""Munchkin in the browser: each card's face, and what the framework's generic board shows
beside the zones, worked out from a seat's view only (``docs/server.md``, "Writing a
board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cardwright.core.game import Game
from cardwright.core.state import State

from .catalogue import _numbers
from .state import MKState


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards munchkin`` prints it: its numbers and its text."""
    c = game.sets[config["card_set"]].cards[defn]  # type: ignore[attr-defined]
    numbers = {"": _numbers(c)} if _numbers(c) else {}
    return {"name": c.name, "kind": c.kind, "text": c.text, "numbers": numbers}


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """Level per seat."""
    v = cast(MKState, view)
    stats = [[["level", v.level[p]]] for p in range(len(v.names))]
    return {"stats": stats, "notes": [], "card_stats": {}}
