"""Smash Up in the browser: each card's and base's face, and what the framework's generic
board shows beside the zones, worked out from a seat's view only (``docs/server.md``,
"Writing a board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cardwright.core.game import Game
from cardwright.core.state import State, known_card

from .state import SUState


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card or base as ``cardwright cards smash-up`` prints it."""
    cat = game.catalogs[config["card_set"]]  # type: ignore[attr-defined]
    base = cat.bases.get(defn)
    if base is not None:
        numbers = {"breakpoint": base.breakpoint, "VP": "/".join(map(str, base.vp))}
        return {"name": base.name, "kind": "base", "text": base.text, "numbers": numbers}
    c = cat.cards[defn]
    kind = c.type + (f" ({', '.join(c.subtypes)})" if c.subtypes else "")
    numbers = {} if c.power is None else {"power": c.power}
    return {"name": c.name, "kind": kind, "text": c.text, "numbers": numbers}


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """VP per seat; each base's total power and breakpoint; each minion's power now."""
    v = cast(SUState, view)
    g: Any = game
    stats = [[["VP", v.vp[p]]] for p in range(len(v.names))]
    card_stats: dict[str, list[list[Any]]] = {}
    notes = []
    for bid in v.zones.get("bases", []):
        if known_card(v, bid) is None:
            continue
        card_stats[str(bid)] = [
            ["power", g.total_power(v, bid)],
            ["breakpoint", g.breakpoint(v, bid)],
        ]
        notes.append(
            f"{g.card_name(v, bid)}: {g.total_power(v, bid)} of {g.breakpoint(v, bid)} power"
        )
    for zone, ids in v.zones.items():
        if not zone.startswith("base:"):
            continue
        for cid in ids:
            if known_card(v, cid) is not None and g.is_minion(v, cid):
                card_stats[str(cid)] = [["power", g.power(v, cid)]]
    return {"stats": stats, "notes": notes, "card_stats": card_stats}
