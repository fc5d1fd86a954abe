"""Blue Moon in the browser: each card's face, and what the framework's generic board shows
beside the zones, worked out from a seat's view only (``docs/server.md``, "Writing a
board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cardwright.core.game import Game
from cardwright.core.state import State

from .state import BMState


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards blue-moon --people P`` prints it: type, fire and earth,
    icons, its power's text."""
    d = game.defs[defn]  # type: ignore[attr-defined]
    numbers: dict[str, Any] = {}
    if d.type in ("character", "booster", "support", "leadership") or d.fire or d.earth:
        numbers = {"fire": d.fire, "earth": d.earth}
    if d.icons:
        numbers["icons"] = ", ".join(sorted(d.icons))
    if d.capacity:
        numbers["capacity"] = d.capacity
    return {"name": d.name, "kind": d.type, "text": d.text, "numbers": numbers}


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """Dragons and crystals per seat, and the contested element."""
    v = cast(BMState, view)
    stats = [[["dragons", v.dragons[p]]] for p in range(len(v.names))]
    notes = [f"Contested element: {v.element}"] if v.element else []
    return {"stats": stats, "notes": notes, "card_stats": {}}
