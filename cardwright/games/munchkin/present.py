"""Munchkin in the browser: each card's face, and the board worked out from a seat's view only
(``docs/server.md``, "Writing a board"): each player's Level, sex, race and class, equipment
by slot, carried Items and other cards in play, hand counts by back; the fight (both sides'
strengths and what they are made of, the monsters with the cards played on them, the helper
and the offer, the Treasure and levels at stake); the response window (whose answer it is,
who has passed); and the sale the seat is making, with its running total."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, known_card
from cardwright.core.steps import Respond

from . import board
from .cards import CardDef
from .help import SHARE_LABELS
from .market import GOLD_PER_LEVEL, sale_of
from .render import KIND_WORDS
from .state import Combat, MKState
from .strength import fight_keywords, fighters_win, treasures_of

if TYPE_CHECKING:
    from .game import Munchkin

#: the equipment slots a player's board shows, in order (``other``: equipped, no slot)
SLOTS = ("headgear", "armor", "footgear", "hands", "other")

#: what each response window is, in the game's words (windows.py)
WINDOWS = {
    "combat": "Interfering with the fight: from the fighter on, each player may play a card or"
    " pass; the fight is settled when everyone passes in a row",
    "anytime": "Any time: before the turn goes on, the other players may act or pass",
    "received": "Cards just received may be played now, or kept",
    "curse": "The curse's victim may cancel it, or pass",
    "escape": "A player got away: the others may stick them, or pass",
}

#: what a fight's monsters say about the whole fight (strength.fight_keywords)
FIGHT_WORDS = {
    "level_only": "the fighters fight with their Level only (no Item counts)",
    "items_only": "the fighters fight with their Items only (no Level counts)",
}


def _face_numbers(c: CardDef) -> dict[str, str | int]:
    """A card's printed numbers, labelled (the facts ``cardwright cards munchkin`` prints in
    its numbers column)."""
    flags = [word for word, on in (("Undead", c.undead), ("Big", c.big), ("Gears", c.gears)) if on]
    out: dict[str, str | int] = {}
    if c.kind == "monster":
        out["level"] = c.level
        out["Treasures"] = c.treasures
        if c.levels != 1:
            out["levels"] = c.levels
    elif c.kind == "enhancer":
        out["bonus"] = f"{c.bonus:+d}"
        out["Treasures"] = f"{c.treasures:+d}"
    elif c.is_item:
        if c.bonus:
            out["bonus"] = f"+{c.bonus}"
        if c.slot != "none":
            out["slot"] = c.slot if c.slot != "hands" else f"{c.hands} hand(s)"
        out["gold"] = f"{c.gold} GP"
    if flags:
        out[""] = ", ".join(flags)
    return out


def card_face(game: Munchkin, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards munchkin`` prints it: its kind, numbers and whole text
    (the one source of its text: the terminal prints it too, ``games/screen.py`` CardFace)."""
    c = game.sets[config["card_set"]].cards[defn]
    kind = KIND_WORDS.get(c.kind, c.kind)
    return {"name": c.name, "kind": kind, "text": c.text, "numbers": _face_numbers(c)}


# ------------------------------------------------------------------------------ the players
def _strength(g: Munchkin, s: MKState, seat: int) -> dict[str, Any]:
    """A player's combat strength now and what it is made of."""
    parts = g.strength_parts(s, seat)
    return {**parts._asdict(), "total": parts.total}


def _player(g: Munchkin, s: MKState, seat: int) -> dict[str, Any]:
    slots: dict[str, list[int]] = {slot: [] for slot in SLOTS}
    races: list[int] = []
    classes: list[int] = []
    carried: list[int] = []
    others: list[int] = []
    hands = 0
    equipped = s.equipped
    for c in s.zones[f"play:{seat}"]:
        if known_card(s, c) is None:  # never so (play areas are public), but a view decides
            others.append(c)
            continue
        d = g.defn(s, c)
        if d.kind in ("race", "half_breed"):
            races.append(c)
        elif d.kind in ("class", "super_munchkin"):
            classes.append(c)
        elif d.is_item and c in equipped:
            slot = d.slot if d.slot in slots else "other"
            slots[slot].append(c)
            if slot == "hands" and not board.freed(s, c):
                hands += d.hands
        elif d.is_item:
            carried.append(c)
        else:
            others.append(c)
    doors, treasures = board.hand_zones(seat)
    combat = s.combat
    role = None
    if combat is not None:
        role = "fighter" if combat.fighter == seat else "helper" if combat.helper == seat else None
    big = board.big_items(g, s, seat)
    return {
        "seat": seat,
        "level": s.level[seat],
        "sex": s.sex[seat],
        "dead": s.dead[seat],
        "reborn": s.reborn[seat],
        "role": role,
        "strength": _strength(g, s, seat),
        "races": races,
        "classes": classes,
        "slots": slots,
        "hands_used": hands,
        "big": big,
        "big_any": board.keyword_in_play(g, s, seat, "any_big"),
        "carried": carried,
        "others": others,
        "hand": {"door": len(s.zones[doors]), "treasure": len(s.zones[treasures])},
    }


def _attached(g: Munchkin, s: MKState) -> dict[str, dict[str, Any]]:
    """Cards in play attached to another, by id: ``host`` and the relation's words (a
    Cheat! on an Item, Super Munchkin on a class, an Item a Hireling carries)."""
    out: dict[str, dict[str, Any]] = {}
    for card, host in s.attached.items():
        if known_card(s, card) is None or known_card(s, host) is None:
            continue
        how = "carried by" if g.defn(s, card).is_item else "on"
        out[str(card)] = {"host": host, "how": how}
    return out


# ------------------------------------------------------------------------------ the fight
def _combat(g: Munchkin, s: MKState, combat: Combat) -> dict[str, Any]:
    monsters: list[dict[str, Any]] = []
    on_monsters: list[CardRef] = []
    for m in combat.monsters:
        printed = g.monster_def(s, m)
        on = [x for x, host in combat.attached.items() if host == m]
        on_monsters += on
        mate = combat.mates.get(m)
        monsters.append(
            {
                "card": m,
                "strength": g.monster_strength(s, m),
                "level": printed.level,
                "treasures": treasures_of(g, s, m),
                "levels": printed.levels,
                "undead": bool(g.card_attr(s, m, "undead")),
                "mate_of": mate,
                "cards": on,
            }
        )
    fighters = [combat.fighter] + ([combat.helper] if combat.helper >= 0 else [])
    offer = None
    if combat.offer is not None:
        o = combat.offer
        offer = {
            "to": o.to,
            "items": list(o.items),
            "share": SHARE_LABELS.get(o.share, o.share),
            "demand": SHARE_LABELS.get(o.demand, o.demand) if o.demand else None,
            "stage": o.stage,
        }
    words = fight_keywords(g, s)
    placed = {*combat.monsters, *combat.party, *on_monsters}
    # the rest of the fight's cards: one-shots played on a seat that last the fight (an
    # Instant Wall, a Yuppie Water), with the seat they are for
    for_seat: dict[int, int] = {
        e.source: e.seat
        for e in s.lasting
        if e.source is not None and e.target is None and e.seat >= 0
    }
    also = [{"card": c, "seat": for_seat.get(c)} for c in s.zones["combat"] if c not in placed]
    return {
        "fighter": combat.fighter,
        "helper": combat.helper if combat.helper >= 0 else None,
        "forced_help": combat.forced_help,
        "share": SHARE_LABELS.get(combat.share, combat.share),
        "asked": list(combat.asked),
        "offer": offer,
        "strengths": {str(x): _strength(g, s, x) for x in fighters},
        "party": [{"card": c, "bonus": g.defn(s, c).bonus} for c in combat.party],
        "also": also,
        "side": g.party_strength(s),
        "monsters": monsters,
        "foes": g.monsters_strength(s),
        "winning": fighters_win(g, s) if combat.monsters else True,
        "wins_ties": any(board.keyword_in_play(g, s, x, "wins_ties") for x in fighters),
        "removed": list(combat.removed),
        "spoils": combat.spoils,
        "treasures": sum(m["treasures"] for m in monsters) + combat.spoils,
        "levels": sum(m["levels"] for m in monsters),
        "words": [FIGHT_WORDS[w] for w in sorted(words) if w in FIGHT_WORDS],
    }


def _window(s: MKState) -> dict[str, Any] | None:
    """The innermost response window open: what it is, its seats in order, who has passed
    in a row since the last answer, and whose answer is awaited now."""
    frame = next((step for step in reversed(s.stack) if isinstance(step, Respond)), None)
    if frame is None:
        return None
    order = list(frame.order)
    n = len(order)
    passed = [order[(frame.idx - frame.passes + i) % n] for i in range(min(frame.passes, n))]
    decision = s.decision
    asking = decision.seat if decision is not None and decision.kind == "respond" else None
    return {
        "kind": frame.window,
        "text": WINDOWS.get(frame.window, frame.window),
        "rule": frame.rule,
        "order": order,
        "passed": passed,
        "asking": asking,
        "card": frame.card,
    }


def _sale(g: Munchkin, s: MKState, seat: int) -> dict[str, Any] | None:
    """The seat's own sale in progress, as the game counts it (``market.sale_of``)."""
    sale = sale_of(g, s, seat)
    if sale is None:
        return None
    return {
        "picked": [{"card": c, "gold": gold} for c, gold in sale.picked],
        "double": sale.double,
        "total": sale.total,
        "levels": sale.levels,
        "lost": sale.lost,
        "need": sale.need,
        "level": s.level[seat],
        "per_level": GOLD_PER_LEVEL,
    }


def _card_stats(g: Munchkin, s: MKState, combat: Combat | None) -> dict[str, list[list[Any]]]:
    """Numbers cards have now where they are not the printed ones: a monster's strength and
    Treasures in the fight, an equipped Item's bonus."""
    out: dict[str, list[list[Any]]] = {}
    if combat is not None:
        for m in combat.monsters:
            printed = g.monster_def(s, m)
            now = [
                ["strength", g.monster_strength(s, m), printed.level],
                ["Treasures", treasures_of(g, s, m), printed.treasures],
            ]
            changed = [[label, value] for label, value, was in now if value != was]
            if changed:
                out[str(m)] = changed
    for item in s.equipped:
        if known_card(s, item) is None:
            continue
        bonus = board.item_bonus(g, s, item)
        if bonus != g.defn(s, item).bonus:
            out[str(item)] = [["bonus", f"{bonus:+d}"]]
    return out


def present(g: Munchkin, s: MKState, seat: int) -> dict[str, Any]:
    """The board of ``seat`` (or a spectator), from its view only."""
    players = [_player(g, s, p) for p in range(len(s.names))]
    combat = s.combat
    return {
        "players": players,
        "attached": _attached(g, s),
        "combat": None if combat is None else _combat(g, s, combat),
        "window": _window(s),
        "sale": _sale(g, s, seat),
        "stats": [[["level", p["level"]], ["strength", p["strength"]["total"]]] for p in players],
        "card_stats": _card_stats(g, s, combat),
        "notes": [],
    }
