"""Smash Up in the browser: each card's and base's face, and the board (the bases with their
totals, breakpoints, VP awards and the minions and actions at each, grouped by player; each
player's factions, VP and piles; the plays left this turn; the shared piles) worked out from a
seat's view only (``docs/server.md``, "Writing a board").

Zones are placed by the shape of their key, not by a list of names, so zones that later
factions add show up without changes here: ``base:<base>`` holds the cards at a base;
``<kind>:<base>[:<seat>]`` (another zone of a base in play, such as cards buried there) is
drawn with that base; ``<kind>:<seat>`` is a player's (hand, deck, discard pile, or another
of theirs); any other zone is shared (the base deck and discard pile, the cards being
resolved or revealed, a Madness deck, the box...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, known_card

from .cardmodels import kind_words
from .catalog import BASE_DECK, BASE_DISCARD, BASES, RESOLVING, base_zone, defns_parts
from .state import REVEALED, Allowance, SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the phases of a turn, as the rulebook names them
PHASES = {
    "setup": "Setup",
    "start": "Start of turn",
    "play": "Play cards",
    "score": "Score bases",
    "draw": "Draw 2 cards",
    "end": "End of turn",
}

#: a player's zones with a place of their own on the board (others are listed after them)
SEAT_ZONES = ("hand", "deck", "discard")

#: shared zones shown as a row of cards while they hold any (the cards in motion)
IN_MOTION = (RESOLVING, REVEALED)

#: the words of the zones the rules name (any other zone's are its key's: ``set_aside`` ->
#: "set aside")
ZONE_WORDS = {
    BASE_DECK: "Base deck",
    BASE_DISCARD: "Base discard pile",
    RESOLVING: "Being played",
    REVEALED: "Revealed",
    "look": "Looking at",
}

#: how a card's counters are named (keys not listed show as they are)
COUNTERS = {"p1": "+1 power counters"}


def card_face(game: SmashUp, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card or base as ``cardwright cards smash-up`` prints it (its faction's name
    beside its type)."""
    cat = game.catalog(config["card_set"], defns_parts((defn,)))  # (its part, loaded)
    base = cat.bases.get(defn)
    if base is not None:
        numbers = {"breakpoint": base.breakpoint, "VP": "/".join(map(str, base.vp))}
        return {"name": base.name, "kind": "base", "text": base.text, "numbers": numbers}
    c = cat.cards[defn]
    kind = kind_words(c.type, c.subtypes)  # the game's words, never the data's tags
    faction = cat.factions.get(c.faction)
    if faction is not None:
        kind += f", {faction.name}"
    numbers = {} if c.power is None else {"power": c.power}
    return {"name": c.name, "kind": kind, "text": c.text, "numbers": numbers}


def _seat_of(view: SUState, part: str) -> int | None:
    """The seat a zone key's part names, or None."""
    if part.isdigit() and int(part) < len(view.names):
        return int(part)
    return None


def _place(view: SUState, key: str, bases: Mapping[int, Any]) -> tuple[str, int | None, int | None]:
    """Where zone ``key`` goes on the board: ``("table", None, None)`` for the bases in
    play and the cards at each (drawn as the table), ``("base", base, seat or None)`` for
    another zone of a base in play (``<kind>:<base>[:<seat>]``), ``("seat", None, seat)``
    for a player's (``<kind>:<seat>``), ``("shared", None, None)`` for any other."""
    kind, *parts = key.split(":")
    at = int(parts[0]) if parts and parts[0].isdigit() else None
    if key == BASES or (kind == "base" and len(parts) == 1 and at in bases):
        return "table", None, None
    if len(parts) == 1:
        seat = _seat_of(view, parts[0])
        if seat is not None:
            return "seat", None, seat
    if at is not None and at in bases:
        return "base", at, _seat_of(view, parts[1]) if len(parts) == 2 else None
    return "shared", None, None


def _words(key: str) -> str:
    """A key's words: ``set_aside`` -> "set aside"."""
    return key.replace("_", " ")


def _zone_words(kind: str) -> str:
    """A kind of zone's words, as a title: "Base deck", "Set aside"."""
    words = ZONE_WORDS.get(kind) or _words(kind)
    return words[:1].upper() + words[1:]


def _allowance(g: Any, v: SUState, a: Allowance) -> str:
    """A play allowance in words: "minion", "extra action", "extra minion of power 2 or
    less from the discard pile at Tortuga"."""
    text = a.kind if a.source is None else f"extra {a.kind}"
    if a.max_power >= 0:
        text += f" of power {a.max_power} or less"
    if a.zone != "hand":
        text += f" from the {_words(a.zone)} pile"
    names = getattr(a, "names", None)
    if names:
        text += " named " + " or ".join(g.cat(v).name(n) for n in names)
    if a.base is not None and known_card(v, a.base) is not None:
        text += f" at {g.card_name(v, a.base)}"
    if a.cond == "no_own_minion":
        text += " at a base where you have no minion"
    elif a.cond == "own_minion":
        text += " at a base where you have a minion"
    elif a.cond:
        text += f" ({_words(a.cond)})"
    return text


def plays_left(g: Any, v: SUState) -> list[str]:
    """The active player's plays left this Play Cards phase, alike ones counted once."""
    counts: dict[str, int] = {}
    for a in v.allowances:
        text = _allowance(g, v, a)
        counts[text] = counts.get(text, 0) + 1
    return [text if n == 1 else f"{text} ×{n}" for text, n in counts.items()]


def _base(g: Any, v: SUState, bid: int, extra: list[dict[str, Any]]) -> dict[str, Any]:
    """One base in play: its numbers, the actions on it, and each player's minions (each
    with the actions attached to it), power, place and VP if it scored now."""
    cards = v.zones.get(base_zone(bid), [])
    awards = list(g.base_def(v, bid).vp)
    places, powers = g.places(v, bid)
    minions = {c for c in cards if known_card(v, c) is not None and g.is_minion(v, c)}
    on: dict[int, list[int]] = {}  # host (this base or a minion here) -> its actions
    groups: dict[int, dict[str, Any]] = {}

    def group(seat: int) -> dict[str, Any]:
        found = groups.get(seat)
        if found is None:
            place = places.get(seat)
            found = groups[seat] = {
                "seat": seat,
                "power": powers.get(seat, 0),
                "place": place,
                "vp": awards[place - 1] if place is not None and place <= len(awards) else 0,
                "minions": [],
            }
        return found

    other: list[int] = []  # a card here that is neither: shown as it is
    for cid in cards:
        host = v.attached.get(CardRef(cid))
        if host is not None and (host == bid or host in minions):
            on.setdefault(host, []).append(cid)
        elif cid in minions:
            group(v.cards[cid].controller)["minions"].append({"id": cid, "actions": []})
        else:
            other.append(cid)
    for entries in groups.values():
        for entry in entries["minions"]:
            entry["actions"] = on.get(entry["id"], [])
    for seat in powers:  # power without a minion (a player's own power there)
        group(seat)
    kept = g.powers(v)
    total, bp = kept.total(bid), kept.breakpoint(bid)
    return {
        "id": bid,
        "total": total,
        "breakpoint": bp,
        "ready": total >= bp,
        "vp": awards,
        "actions": on.get(bid, []),
        "players": [groups[seat] for seat in sorted(groups)],
        "other": other,
        "zones": extra,
    }


def _card_stats(g: Any, v: SUState, bases: list[int]) -> dict[str, list[list[Any]]]:
    """The numbers cards in play have now: a base's total power and breakpoint; a minion's
    power; who played an action that is not its host's controller's; whose a minion is when
    another player controls it; a Talent used this turn, an ability cancelled, a word a card
    named."""
    names = v.names
    out: dict[str, list[list[Any]]] = {}
    off = g.cancelled(v)
    kept = g.powers(v)  # (worked out once for the view)
    used = set(v.talents_used)
    for bid in bases:
        if known_card(v, bid) is None:
            continue
        out[str(bid)] = [["power", kept.total(bid)], ["breakpoint", kept.breakpoint(bid)]]
        for cid in v.zones.get(base_zone(bid), []):
            card = known_card(v, cid)
            if card is None:
                continue
            stats: list[list[Any]] = []
            if g.is_minion(v, cid):
                stats.append(["power", kept.minion(cid, bid)])
                if card.owner != card.controller and 0 <= card.owner < len(names):
                    stats.append(["owner", names[card.owner]])
            else:
                host = v.attached.get(CardRef(cid))
                host_card = v.cards.get(host) if host is not None else None
                if host == bid or host_card is None or host_card.controller != card.controller:
                    stats.append(["played by", names[card.controller]])
            if cid in used:
                stats.append(["Talent", "used"])
            if cid in off:
                stats.append(["ability", "cancelled"])
            if stats:
                out[str(cid)] = stats
        if bid in off:
            out[str(bid)].append(["ability", "cancelled"])
    for cid, word in v.named.items():
        if known_card(v, cid) is not None:
            out.setdefault(str(cid), []).append(["named", _words(word)])
    return out


def present(g: SmashUp, v: SUState, seat: int) -> dict[str, Any]:
    """The board of one view: see the module's docstring."""
    n = len(v.names)
    bases = [b for b in v.zones.get(BASES, []) if known_card(v, b) is not None]
    base_extra: dict[int, list[dict[str, Any]]] = {b: [] for b in bases}
    seat_zones: list[dict[str, str]] = [{} for _ in range(n)]
    seat_other: list[list[dict[str, Any]]] = [[] for _ in range(n)]
    shared: list[dict[str, Any]] = []
    moving: list[dict[str, Any]] = []
    for key in v.zones:
        where, bid, owner = _place(v, key, base_extra)
        kind = key.split(":", 1)[0]
        if where == "base" and bid is not None:
            label = _zone_words(kind)
            if owner is not None:
                label = f"{v.names[owner]}: {label}"
            base_extra[bid].append({"key": key, "label": label, "seat": owner})
        elif where == "seat" and owner is not None:
            if kind in SEAT_ZONES:
                seat_zones[owner][kind] = key
            else:
                label = _zone_words(kind)
                seat_other[owner].append({"key": key, "label": label})
        elif where == "shared":
            entry = {"key": key, "label": _zone_words(key).replace(":", " ")}
            (moving if key in IN_MOTION else shared).append(entry)
    cat = g.cat(v)
    factions = v.config.get("factions") or []
    seats = []
    for p in range(n):
        pair = factions[p] if p < len(factions) else []
        seats.append(
            {
                "seat": p,
                "vp": v.vp[p],
                "factions": [cat.factions[f].name if f in cat.factions else f for f in pair],
                "zones": seat_zones[p],
                "other": seat_other[p],
            }
        )
    play = v.phase == "play" and v.decision is not None
    turn = {
        "active": v.active,
        "phase": PHASES.get(v.phase, _words(v.phase)),
        "plays": plays_left(g, v) if play else None,
        "no_actions": v.asleep == v.active,
    }
    return {
        "stats": [[["VP", v.vp[p]]] for p in range(n)],
        "card_stats": _card_stats(g, v, bases),
        "counter_labels": COUNTERS,
        "vp_to_win": v.config.get("vp_to_win"),
        "turn": turn,
        "bases": [_base(g, v, bid, base_extra[bid]) for bid in bases],
        "seats": seats,
        "shared": shared,
        "moving": moving,
    }
