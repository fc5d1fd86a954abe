"""Bizarre World in the browser: each card's face, and the board (life, attack, resources,
the battle) worked out from a seat's view only (``docs/server.md``, "Writing a board")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import known_card

from .generator import card_def
from .state import BWState

if TYPE_CHECKING:
    from .game import BizarreWorld


def card_face(game: BizarreWorld, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards bizarre-world --deck ...`` prints it: its action (cost
    -> effect), its passive and its numbers."""
    d = card_def(defn, config["ruleset"])
    passive = d.adjective.text if d.adjective.passive != "none" else ""
    text = f"Action: {d.of.text} -> {d.noun.text}"
    if passive:
        text += f"\nPassive ({d.adjective.name}): {passive}"
    numbers: dict[str, Any] = {"cost": d.cost, "makes": f"{d.of.amount} {d.of.produces}"}
    if d.noun.attack or d.noun.alt_attack:
        numbers["attack"] = d.noun.attack or d.noun.alt_attack
    return {"name": d.name, "kind": "creature", "text": text, "numbers": numbers}


def _resources(view: BWState, seat: int) -> dict[str, int]:
    ids = view.zones[f"resources:{seat}"]
    ready = sum(1 for c in ids if not view.cards[c].exhausted)
    return {"total": len(ids), "ready": ready, "face_down": sum(1 for c in ids if c < 0)}


def present(game: BizarreWorld, v: BWState, seat: int) -> dict[str, Any]:
    """Per seat: life, unspent attack, gray resources gained this turn, neutral resources
    (ready of total), creatures in play and which of them are resources; the battle in
    progress (attacker, defender, attack and defence, each source's share, what is
    assigned so far)."""
    seats = []
    for p in range(len(v.names)):
        play = v.zones[f"play:{p}"]
        seats.append(
            {
                "life": v.life[p],
                "attack": v.attack[p],
                "gray": v.gray[p],
                "resources": _resources(v, p),
                "creatures": list(play),
                "contrib": {str(c): n for c, n in v.contrib.items() if c in play},
            }
        )
    battle = None
    b = v.battle
    if b is not None:
        battle = {
            "attacker": b.attacker,
            "defender": b.defender,
            "attack": b.attack,
            "defense": b.defense,
            "sources": {str(c): n for c, n in b.sources.items()},
            "def_sources": {str(c): n for c, n in b.def_sources.items()},
            "assigned": {str(c): n for c, n in b.assigned.items()},
            "remaining": b.remaining,
        }
    card_stats = {
        str(c): [["attack added", n]] for c, n in v.contrib.items() if known_card(v, c) is not None
    }
    stats = []
    for p in range(len(v.names)):
        res = _resources(v, p)
        stats.append(
            [
                ["life", v.life[p]],
                ["attack", v.attack[p]],
                ["resources ready", f"{res['ready']}/{res['total']}"],
            ]
        )
    return {
        "seats": seats,
        "battle": battle,
        "stats": stats,
        "card_stats": card_stats,
        "notes": [],
    }
