"""Varia in the browser: each card's face, and what the framework's generic board shows
beside the zones, worked out from a seat's view only (``docs/server.md``, "Writing a
board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cardwright.core.game import Game
from cardwright.core.state import State

from .catalogue import _row
from .state import VariaState


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards varia --class C`` prints it: AP cost, power and focus
    shapes, types, requirements, rules."""
    d = game._defs[defn]  # type: ignore[attr-defined]
    _, name, cost, stats, types, requires, text = _row(d, "")
    numbers: dict[str, Any] = {"AP": cost, "power | focus": stats}
    if requires != "-":
        numbers["requires"] = requires
    if d.kind == "item":
        numbers["gold"] = d.value
    return {"name": name, "kind": types or d.kind, "text": text, "numbers": numbers}


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """Health and action points per seat."""
    v = cast(VariaState, view)
    stats = [[["health", v.health[p]], ["AP", v.ap[p]]] for p in range(len(v.names))]
    return {"stats": stats, "notes": [], "card_stats": {}}
