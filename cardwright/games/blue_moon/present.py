"""Blue Moon in the browser: each card's face, and the board (the fight: both sides' leaders,
combat areas with their covered cards, supports and face-down bluffs, ships, the contested
element and both totals, the dragons and the crystals) worked out from a seat's view only
(``docs/server.md``, "Writing a board")."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import known_card

from . import carddata
from .abilities import IG_EARTH, IG_FIRE, IG_ICONS, IG_TEXT
from .buka_rules import cargo_zone
from .carddata import icon_words
from .cards import BLUFF_DEF, is_bluff
from .fight import dragons_won
from .inforce import InForce
from .render import short_characters
from .state import BMState

if TYPE_CHECKING:
    from .game import BlueMoon

_VALUED = ("character", "booster", "support")
#: the phases in which the player whose turn it is still has to reach the opponent's power
_TO_MATCH = ("beginning", "retreat", "character", "booster/support", "announce")
#: the turn's phases (``BMState.phase``) in a player's words
PHASES = {
    "beginning": "beginning of the turn",
    "retreat": "retreat phase",
    "character": "character phase",
    "booster/support": "booster/support phase",
    "announce": "announcing",
    "refresh": "refreshing the hand",
    "end": "end of the turn",
}


@functools.cache
def _printed() -> dict[str, carddata.Card]:
    """Every card as printed (moons, values left blank), by number."""
    return {c.number: c for deck in carddata.load_all().values() for c in deck.all_cards}


def card_face(game: BlueMoon, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    """A card as ``cardwright cards blue-moon --people P`` prints it: its type, fire and
    earth ("-" where none is printed), icons, moons, number and its power's whole text (a
    ship's capacity and the kind of a BLUFF icon too)."""
    c = _printed()[defn]
    numbers: dict[str, Any] = {}
    if c.type in _VALUED:
        numbers["fire"] = "-" if c.fire is None else c.fire
        numbers["earth"] = "-" if c.earth is None else c.earth
    if c.icons:
        numbers["icons"] = icon_words(c.icons, c.gang)
    if c.bluff_kind:
        numbers["bluff icon"] = c.bluff_kind
    if c.capacity:
        numbers["capacity"] = c.capacity
    numbers["no."] = c.number
    if c.type != "leader":
        numbers["moons"] = c.moons
    kind = f"{c.type} (Mutant)" if c.mutant else c.type
    return {"name": c.name, "kind": kind, "text": c.text, "numbers": numbers}


_IGNORED = ((IG_TEXT, "text"), (IG_FIRE, "fire"), (IG_EARTH, "earth"), (IG_ICONS, "icons"))


def _ignored(mask: int) -> str:
    return ", ".join(word for bit, word in _IGNORED if mask & bit)


def _card_stats(g: BlueMoon, v: BMState, eff: InForce, seat: int) -> dict[str, list[list[Any]]]:
    """The numbers a card has now: what an active card counts in the contested element (or
    its values when a power changed them before an element is chosen), covered cards, what of
    a card is ignored, a face-down bluff as its owner sees it, and (for the viewer, on their
    turn) the characters in hand that cannot reach the opponent's power."""
    out: dict[str, list[list[Any]]] = {}
    element = v.element
    covered = set(v.covered)
    for p in (0, 1):
        for zone in (f"combat:{p}", f"support:{p}"):
            for cid in v.zones[zone]:
                stats: list[list[Any]] = []
                card = v.cards[cid]
                bluff = is_bluff(card)
                if not bluff and known_card(v, cid) is None:
                    continue  # (only a bluff lies face down in play)
                d = BLUFF_DEF if bluff else g.defn(v, cid)
                if cid in covered:
                    stats.append(["covered", "not counted"])
                elif element:
                    stats.append(["counts", f"{eff.value(cid, element)} {element}"])
                else:
                    fire, earth = eff.value(cid, "fire"), eff.value(cid, "earth")
                    if (fire, earth) != (d.fire, d.earth):
                        stats.append(["now", f"{fire} fire / {earth} earth"])
                mask = eff.flags(cid)[0]
                if mask:
                    stats.append(["ignored", _ignored(mask)])
                if bluff and known_card(v, cid) is not None:
                    stats.append(["bluff", "counts as a 2/2 support"])
                out[str(cid)] = stats
    if seat in (0, 1):
        for cid, most in short_characters(g, v, eff, seat).items():
            out[str(cid)] = [["short", f"at most {most} {element}"]]
    return out


def _ships(v: BMState, zone: str, p: int) -> list[dict[str, Any]]:
    return [{"id": s, "cargo": list(v.zones.get(cargo_zone(s, p), []))} for s in v.zones[zone]]


def _side(g: BlueMoon, v: BMState, eff: InForce, p: int) -> dict[str, Any]:
    element = v.element
    totals = {e: g.total_power(v, p, e, eff) for e in ("fire", "earth")}
    covered = set(v.covered)
    combat = v.zones[f"combat:{p}"]
    support = v.zones[f"support:{p}"]
    leader = v.zones[f"leader:{p}"]
    ti = v.turn_info
    return {
        "people": v.peoples[p],
        "leader": leader[0] if leader else None,
        "totals": totals,
        "power": totals[element] if element else None,
        "shield": bool(element) and g.has_shield(v, p, element, eff),
        "combat": [{"id": c, "covered": c in covered} for c in combat],
        "support": [{"id": c, "bluff": is_bluff(v.cards[c])} for c in support],
        "in_areas": len(combat) + len(support),
        "wins": dragons_won(g, v, eff, p, 1 - p, log=False) if v.fight_started else None,
        "hand": list(v.zones[f"hand:{p}"]),
        "deck": len(v.zones[f"deck:{p}"]),
        "discard": list(v.zones[f"discard:{p}"]),
        "leadership": list(v.zones[f"leadership:{p}"]),
        "leadership_now": ti.leadership if v.active == p else None,
        "ships": _ships(v, f"influence:{p}", p),
        "landed": _ships(v, f"landed:{p}", p),
    }


def _or_dash(n: int | None) -> int | str:
    return "-" if n is None else n


def present(g: BlueMoon, v: BMState, seat: int) -> dict[str, Any]:
    """The fight (number, element, start player, whose turn and its phase, the power the
    player to play must reach, the cards played this turn), each side (people, leader, fire
    and earth totals, shield, combat and support areas, the dragons a retreat by the other
    would give it, hand, deck, discard and leadership piles, ships), the dragons where they
    stand and the crystals; the seats bar's numbers and each card's numbers now."""
    eff = InForce(g, v)
    element = v.element
    sides = [_side(g, v, eff, p) for p in (0, 1)]
    active = v.active
    ti = v.turn_info
    need = None
    if v.fight_started and v.result is None and v.phase in _TO_MATCH:
        need = sides[1 - active]["power"]
    fight = {
        "number": v.fights if v.fight_started else v.fights + 1,
        "started": v.fight_started,
        "element": element,
        "start_player": v.start_player,
        "active": active,
        "stage": v.phase,
        "phase": PHASES.get(v.phase, v.phase),
        "need": need,
        "played": list(ti.played),
        "cards_played": ti.cards_played,
    }
    stats = [
        [
            ["dragons", v.dragons[p]],
            [f"{element} power" if element else "power", _or_dash(sides[p]["power"])],
            ["crystals", v.crystals[p]],
        ]
        for p in (0, 1)
    ]
    return {
        "fight": fight,
        "sides": sides,
        "dragons": {"sides": list(v.dragons), "middle": 3 - sum(v.dragons)},
        "crystals": list(v.crystals),
        "stats": stats,
        "card_stats": _card_stats(g, v, eff, seat),
    }
