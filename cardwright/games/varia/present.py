"""Varia in the browser: each card's face, and the board (the turn and its step, the distance
between the players, the timeline of moments with both seats' actions, the queues, each
player's health, action points, items, stacks and piles) worked out from a seat's view only
(``docs/server.md``, "Writing a board").

The dice of each clash are not here: they are in the log, which the server sends a
connection only once; the board reads them from the data of the events it holds (a roll's:
``roll_data`` in game.py; a moment's number, a performed action's name, its totals), never
from their words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import known_card

from . import actions
from .catalogue import _row
from .state import Slot, VariaState

if TYPE_CHECKING:
    from .game import Varia

#: the step of the turn (``VariaState.step``) in a player's words
STEPS = {
    "start": "start of the turn",
    "opening": "start of the turn",
    "movement": "movement",
    "action": "action step",
    "reaction": "reaction step",
    "fast": "fast action and fast reaction",
    "resolution": "resolution",
    "end": "end of the turn",
}


def card_face(game: Varia, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards varia --class C`` prints it: AP cost, power and focus
    shapes, types, requirements, rules."""
    d = game._defs[defn]
    _, name, cost, stats, types, requires, text = _row(d, "")
    numbers: dict[str, Any] = {"AP": cost, "power | focus": stats}
    if requires != "-":
        numbers["requires"] = requires
    if d.kind == "item":
        numbers["gold"] = d.value
    return {"name": name, "kind": types or d.kind, "text": text, "numbers": numbers}


def _shape(base: int, dice: int, sides: int) -> str:
    """Power or focus as printed: ``2+1d6``, ``-`` for an action with no such shape."""
    return actions.notation(base, dice, sides) if dice or base else "-"


def _action(g: Varia, v: VariaState, slot: Slot, resolved: bool) -> dict[str, Any]:
    """One action on the timeline or in a queue: its cards (the lead first), its name (a
    combo's joined), the seat it targets, what it costs and rolls now (with the modifiers in
    force), its types and keywords; once its moment has resolved, whether it was performed,
    hit, its totals and the damage it dealt."""
    face = actions.printed(v, slot)
    keys = actions.changing(g, v, slot)
    if keys is None:  # lasting effects in force: the values they change count too
        keys = g.changes_for(v, slot.cards) | {e.key for e in v.lasting}
    ap = actions.value(g, v, slot, "cost", face.cost, keys)
    hp = actions.value(g, v, slot, "health_cost", face.health_cost, keys)
    pb, pd, fb, fd = actions.dice(g, v, slot, face, keys)
    adv = actions.advantage(g, v, slot, face, keys)
    keywords = sorted(
        w for w in ("fast", "ranged", "spellfuse") if actions.keyword(g, v, slot, w, face, keys)
    )
    out: dict[str, Any] = {
        "cards": list(slot.cards),
        "name": face.name,
        "target": slot.target_seat,
        "cost": ap,
        "health_cost": hp,
        "power": _shape(pb, pd, 6),
        "focus": _shape(fb, fd, 4),
        "types": face.type_line,
        "keywords": keywords,
        "advantage": {1: "improved", -1: "impaired"}.get(adv, ""),
        "disrupted": slot.disrupted,
        "performed": slot.performed,
    }
    if resolved:
        out["result"] = {
            "hit": slot.hit,
            "power": slot.power,
            "focus": slot.focus,
            "damage": slot.damage,
        }
    return out


def _timeline(g: Varia, v: VariaState) -> list[dict[str, Any]]:
    """Each moment, numbered from 1: real or beyond the last (a token waiting there), its
    state (``planned``, ``resolving``, ``resolved``) and each seat's action (None: none)."""
    out = []
    for m, moment in enumerate(v.timeline):
        if v.moment < 0 or m > v.moment:
            status = "planned"
        elif m == v.moment:
            status = "resolving"
        else:
            status = "resolved"
        out.append(
            {
                "number": m + 1,
                "real": m < v.moments,
                "status": status,
                "slots": [
                    None if slot is None else _action(g, v, slot, status == "resolved")
                    for slot in moment.slots
                ],
            }
        )
    return out


def _player(g: Varia, v: VariaState, p: int) -> dict[str, Any]:
    z = v.zones
    cards = v.cards
    return {
        "health": v.health[p],
        "max_health": v.config["health"],
        "ap": v.ap[p],
        "max_ap": v.config["action_points"],
        "items": [{"id": c, "ruined": cards[c].exhausted} for c in z[f"item:{p}"]],
        "stacks": [
            {"id": c, "name": g.card_name(v, c), "count": cards[c].counters.get("n", 0)}
            for c in z[f"stacks:{p}"]
        ],
        "queue": [_action(g, v, slot, False) for slot in v.queue[p]],
        "hand": list(z[f"hand:{p}"]),
        "deck": len(z[f"deck:{p}"]),
        "discard": list(z[f"discard:{p}"]),
        "forgotten": list(z[f"forgotten:{p}"]),
        "on_timeline": len(z[f"timeline:{p}"]),
    }


def _card_stats(g: Varia, v: VariaState, board: dict[str, Any]) -> dict[str, list[list[Any]]]:
    """What a card has now: a ruined item, an action on the timeline
    or in a queue whose cost or dice differ from its printed ones (as a combo's lead: the
    whole combo's), a disrupted action."""
    out: dict[str, list[list[Any]]] = {}
    for player in board["players"]:
        for item in player["items"]:
            if item["ruined"]:
                out[str(item["id"])] = [["ruined", "cannot be used"]]
    placed = [s for m in board["timeline"] for s in m["slots"] if s is not None]
    placed += [s for player in board["players"] for s in player["queue"]]
    for action in placed:
        lead = action["cards"][0]
        card = known_card(v, lead)
        if card is None:
            continue
        stats: list[list[Any]] = []
        printed = actions.combine([g.defs[v.cards[c].defn] for c in action["cards"]])
        power = _shape(printed.power, printed.power_dice, 6)
        focus = _shape(printed.focus, printed.focus_dice, 4)
        if len(action["cards"]) > 1:
            stats.append(["combo", action["name"]])
        if (action["cost"], action["power"], action["focus"]) != (printed.cost, power, focus):
            stats.append(["now", f"{action['cost']} AP, {action['power']} | {action['focus']}"])
        if action["advantage"]:
            stats.append([action["advantage"], "rolls twice"])
        if action["disrupted"]:
            stats.append(["disrupted", "no effect"])
        if stats:
            out[str(lead)] = stats
    return out


def present(g: Varia, v: VariaState, seat: int) -> dict[str, Any]:
    """The turn (number, active player, step, the moment resolving, engaged or not), the
    timeline (each moment with both seats' actions and targets, disrupted marks, their
    results once resolved), each player (health, AP, items with ruined marks, stacks, queue,
    hand, deck, discard and forgotten piles); the seats bar's numbers; each card's numbers
    now."""
    decision = v.decision
    step = v.step
    words = STEPS.get(step, step)
    if step == "fast" and decision is not None:
        words = "fast action" if decision.seat == v.active else "fast reaction"
    board: dict[str, Any] = {
        "turn": {
            "number": v.turn,
            "active": v.active,
            "step": step,
            "words": words,
            "engaged": v.engaged,
            "moment": v.moment + 1 if v.moment >= 0 else None,
            "moments": v.moments,
        },
        "timeline": _timeline(g, v),
        "players": [_player(g, v, p) for p in (0, 1)],
    }
    board["stats"] = [[["health", v.health[p]], ["AP", v.ap[p]]] for p in (0, 1)]
    board["card_stats"] = _card_stats(g, v, board)
    board["counter_labels"] = {"n": "stacks"}
    return board
