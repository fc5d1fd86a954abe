"""Munchkin for the reinforcement-learning interfaces (:mod:`cardwright.rl`, docs/rl.md).

The card list is every card of the classic set, then the Steampunk cards not in it. A set
holds at most three cards of a name, so one place of a decision names at most three copies.
What may stand at each place of a form with a card is read from the cards' data and
abilities: an enhancer, a Mate, a card that brings a monster and a one-shot with a bonus are
played on (or with) one of a fight's monsters, which are monster cards and Mates (a Mate
joins as a copy of its monster, with its abilities); a power, an alternative use or a way to
pay a monster off is a card's numbered ability item (``powers``, ``alternatives``,
``chase_offs``), and N runs over the most items one card has.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from cardwright.core.state import HIDDEN

from .abilities import card_abilities, card_keywords
from .cards import CardDef, load_set
from .help import SHARE_IDS

if TYPE_CHECKING:
    from .game import Munchkin
    from .state import MKState

#: what the RL encoder hands a feature: :class:`cardwright.rl.observe.Sight` (above the
#: games, so a game cannot import it: Any here; its ``state`` is a MKState)
Sight = Any


PHASES = ("setup", "arrange", "kick", "trouble", "loot", "charity", "end")


@cache
def _defs() -> tuple[CardDef, ...]:
    found: dict[str, CardDef] = {}
    for card_set in ("classic", "steampunk"):
        for cid, d in load_set(card_set).cards.items():
            found.setdefault(cid, d)
    return tuple(found.values())


def cards(game: Munchkin, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs()]


_SETS = ("classic", "steampunk")


def _kinds(*kinds: str) -> Any:
    def defs(game: Munchkin, config: dict[str, Any]) -> list[str]:
        return [d.id for d in _defs() if d.kind in kinds]

    return defs


def _keyword(word: str) -> Any:
    def defs(game: Munchkin, config: dict[str, Any]) -> list[str]:
        return [d.id for d in _defs() if any(word in card_keywords(cs, d.id) for cs in _SETS)]

    return defs


def _items(d: CardDef, hook: str) -> int:
    """How many ``hook`` items (powers, alternatives, chase-offs) the card's ability has."""
    return max(
        (len(a.hooks.get(hook, ())) for cs in _SETS for a in card_abilities(cs, d.id)), default=0
    )


def _with(hook: str) -> Any:
    def defs(game: Munchkin, config: dict[str, Any]) -> list[str]:
        return [d.id for d in _defs() if _items(d, hook)]

    return defs


@cache
def _most(hook: str) -> int:
    """The highest item number of ``hook`` on any card (N of its forms)."""
    return max(_items(d, hook) for d in _defs()) - 1


def _fought(game: Munchkin, config: dict[str, Any]) -> list[str]:
    """What a fight's monsters may be: monster cards and Mates."""
    mates = set(_keyword("mate")(game, config))
    return [d.id for d in _defs() if d.kind == "monster" or d.id in mates]


def _oneshot_bonus(game: Munchkin, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs() if d.kind == "oneshot" and d.bonus]


def zone_sight(zone: str, seat: int) -> bool | None:
    """Munchkin's visibility by zone where it does not depend on the card
    (``Munchkin.card_visible``): another seat's hand shows its face-up and known cards."""
    if zone.startswith("hand."):
        return True if int(zone.rsplit(":", 1)[1]) == seat else None
    return zone not in ("door_deck", "treasure_deck")


def _seats(sight: Sight) -> list[float]:
    """Per seat (the observer first): its combat strength, male, dead, back from the dead."""
    s: MKState = sight.state
    game = sight.game
    out: list[float] = []
    for seat in sight.order():
        out += [
            float(game.player_strength(s, seat)),
            float(s.sex[seat] == "male"),
            float(s.dead[seat]),
            float(s.reborn[seat]),
        ]
    return out


def _equipped(sight: Sight) -> dict[int, float]:
    """The equipped Items in play, by definition."""
    s: MKState = sight.state
    out: dict[int, float] = {}
    for cid in s.equipped:
        d = sight.defn(cid)
        if d != HIDDEN:
            i = sight.index[d]
            out[i] = out.get(i, 0.0) + 1.0
    return out


def _combat(sight: Sight) -> dict[int, float]:
    """The combat: whether there is one, the fighter and the helper (one-hot, the observer
    first; the helper's last place is "none"), the fighters' and the monsters' strength,
    the helper's share of the Treasure (one-hot), the seats asked for help, the spoils."""
    s: MKState = sight.state
    combat = s.combat
    out: dict[int, float] = {}
    if combat is None:
        return out
    n = sight.players
    game = sight.game
    out[0] = 1.0
    out[1 + sight.rel(combat.fighter)] = 1.0
    at = 1 + n
    out[at + (sight.rel(combat.helper) if combat.helper >= 0 else n)] = 1.0
    at += n + 1
    out[at] = float(game.party_strength(s))
    out[at + 1] = float(sum(game.monster_strength(s, m) for m in combat.monsters))
    at += 2
    out[at + SHARE_IDS.index(combat.share)] = 1.0
    at += len(SHARE_IDS)
    for seat in combat.asked:
        out[at + sight.rel(seat)] = 1.0
    at += n
    out[at] = float(combat.spoils)
    return {i: v for i, v in out.items() if v}


def _features(game: Munchkin, config: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    n = int(config["players"])
    return (
        ("per seat: strength, male, dead, reborn", 4 * n, _seats),
        ("equipped by card", "cards", _equipped),
        ("combat", 1 + n + n + 1 + 2 + len(SHARE_IDS) + n + 1, _combat),
    )


RL = {
    "cards": cards,
    "copies": 3,
    "numbers": {
        "power:CARD:N": _most("powers"),
        "power:CARD:N:SEAT": _most("powers"),
        "chase:CARD:N": _most("chase_offs"),
        "alt:CARD:N": _most("alternatives"),
        "trigger:N": 15,
    },
    "words": {"offer:WORD": tuple(SHARE_IDS), "demand:WORD": tuple(SHARE_IDS)},
    "domains": {
        ("enhance:CARD:TARGET", "CARD"): _kinds("enhancer"),
        ("enhance:CARD:TARGET", "TARGET"): _fought,
        ("mate:CARD:TARGET", "CARD"): _keyword("mate"),
        ("mate:CARD:TARGET", "TARGET"): _kinds("monster"),
        ("play:CARD:TARGET", "CARD"): _keyword("with_monster"),
        ("play:CARD:TARGET", "TARGET"): _kinds("monster"),
        ("use:CARD:TARGET", "CARD"): _oneshot_bonus,
        ("use:CARD:TARGET", "TARGET"): _fought,
        ("curse:CARD:SEAT", "CARD"): _kinds("curse"),
        ("level:CARD:SEAT", "CARD"): _kinds("level"),
        ("steal:CARD:SEAT", "CARD"): _keyword("takes_level"),
        ("power:CARD:N", "CARD"): _with("powers"),
        ("power:CARD:N:SEAT", "CARD"): _with("powers"),
        ("alt:CARD:N", "CARD"): _with("alternatives"),
        ("chase:CARD:N", "CARD"): _fought,
        ("join:CARD", "CARD"): _kinds("monster"),
    },
    "phases": PHASES,
    "scores": ("level",),
    "zones": (
        ("hand.door", True, ("cards",)),
        ("hand.treasure", True, ("cards",)),
        ("play", True, ("cards",)),
        ("door_deck", False, ()),
        ("treasure_deck", False, ()),
        ("door_discard", False, ("cards",)),
        ("treasure_discard", False, ("cards",)),
        ("combat", False, ("cards",)),
        ("table", False, ("cards",)),
        ("loot", False, ("cards",)),
        ("corpse", False, ("cards",)),
    ),
    "features": _features,
    "zone_sight": zone_sight,
    "turn_limit_rule": "mk.engine.turn_limit",
}
