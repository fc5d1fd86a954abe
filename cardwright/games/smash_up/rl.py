"""Smash Up for the reinforcement-learning interfaces (:mod:`cardwright.rl`, docs/rl.md).

The card list is every card of every faction (of every card set: errata change texts, not
ids), the Madness card, every other face a card can show in play (a fusion card's action
side, a copied ability), and then every base. No two players share a faction, so one place of a
decision names at most as many copies of a card as its faction's deck holds (ten of The
Locals' card, one of most), thirty of the Madness card and one of a base: the catalogue gives
each card that many ordinals (``copies``). Numbers chosen by cards (how many counters to move,
which copied effect) stay well below the bounds given here.

The bases in play are the observation's base slots (players + 1 of them: a base is only ever
replaced), in the order the bases lie: which base, its breakpoint and total power, and per
player (the observer first) the power it has there and its cards there by definition.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardwright.core.game import Game
from cardwright.core.state import HIDDEN

from . import carddata
from .catalog import BASE_DECK, BASES
from .game import SmashUp
from .state import SUState

PHASES = ("setup", "start", "play", "score", "draw", "end")


@cache
def _deck_cards() -> tuple[str, ...]:
    """Every faction card, then every other face a card can show in play (a fusion card's
    action side, a card having another's ability: ``faces.py``), which options name."""
    ids: dict[str, None] = {}
    for card_set in carddata.CARD_SETS:
        for faction in carddata.load_factions(card_set).values():
            for card in faction.cards:
                ids.setdefault(card.id)
    ids.setdefault(carddata.load_madness().id)  # the Madness card (The Obligatory Cthulhu Set)
    game = SmashUp()
    for card_set in carddata.CARD_SETS:
        for defn in game.whole_catalog(card_set).cards:
            if carddata.FACE in defn:
                ids.setdefault(defn)
    return tuple(ids)


@cache
def _bases() -> tuple[str, ...]:
    return tuple(carddata.load_bases())


@cache
def _base_index() -> dict[str, int]:
    return {b: i for i, b in enumerate(_bases())}


def cards(game: Game, config: dict[str, Any]) -> list[str]:
    return [*_deck_cards(), *_bases()]


def _factions(game: Game, config: dict[str, Any]) -> list[str]:
    names: dict[str, None] = {}
    for card_set in carddata.CARD_SETS:
        for name in carddata.load_factions(card_set):
            names.setdefault(name)
    return list(names)


def _base_list(game: Game, config: dict[str, Any]) -> list[str]:
    return list(_bases())


def zone_sight(zone: str, seat: int) -> bool | None:
    """Smash Up's visibility by zone where it does not depend on the card
    (``SmashUp.card_visible``): a hand or deck may hold cards others know, so those ask."""
    if zone.startswith("hand:"):
        return True if int(zone[5:]) == seat else None
    if zone.startswith("deck:"):
        return None
    if zone.startswith("look:"):
        return int(zone[5:]) == seat
    return zone != BASE_DECK


def _bases_in_play(sight: Any) -> dict[int, float]:
    """Per base slot: the base (one of the base list), its breakpoint, its total power, then
    per player (the observer first) its power there and its cards there by definition."""
    s: SUState = sight.state
    game = sight.game
    n = sight.players
    width = sight.width
    per = len(_bases()) + 2 + n * (1 + width)
    base_index = _base_index()
    out: dict[int, float] = {}
    bases = s.zones[BASES]
    if len(bases) > n + 1:
        raise ValueError(f"smash-up: {len(bases)} bases in play, more than players + 1")
    for slot, bid in enumerate(bases):
        at = slot * per
        out[at + base_index[s.cards[bid].defn]] = 1.0
        at += len(_bases())
        out[at] = float(game.breakpoint(s, bid))
        out[at + 1] = float(game.total_power(s, bid))
        at += 2
        powers = game.powers_at(s, bid)
        for seat, power in powers.items():
            if power:
                out[at + sight.rel(seat) * (1 + width)] = float(power)
        zone = f"base:{bid}"
        ids = s.zones.get(zone, ())
        for cid, d in zip(ids, sight.defs(zone), strict=True):
            if d == HIDDEN:
                continue
            owner = s.cards[cid].controller
            i = at + sight.rel(owner) * (1 + width) + 1 + sight.index[d]
            out[i] = out.get(i, 0.0) + 1.0
    return out


def _turn(sight: Any) -> list[float]:
    """This turn: minions and actions played, plays allowed still, Talents used; whether the
    observer may not play actions this turn."""
    s: SUState = sight.state
    return [
        float(s.minions_played),
        float(s.actions_played),
        float(len(s.allowances)),
        float(len(s.talents_used)),
        float(s.asleep == sight.seat),
    ]


def _features(game: Game, config: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    players = int(config["players"])
    width = len(_deck_cards()) + len(_bases()) + 1  # the card list, and one for any other
    parts: list[tuple[str, int]] = []
    for k in range(players + 1):
        parts += [(f"base {k}", len(_bases())), (f"base {k} breakpoint, total power", 2)]
        for r in range(players):
            parts += [(f"base {k}[{r}] power", 1), (f"base {k}[{r}] cards", width)]
    return (
        ("bases in play", parts, _bases_in_play),
        ("this turn", 5, _turn),
    )


@cache
def _copies() -> dict[str, int]:
    """Per card, the most copies of it one place of a decision may name: the copies its
    faction's deck holds (the most over the card sets: errata change texts, not decks), the
    same for each face a card can show (only that card's copies show it), the Madness deck's
    thirty (a hand or a discard pile may hold them all). No two players share a faction, so
    no game holds more; a base is one card, and a card left out has one."""
    out: dict[str, int] = {}
    for card_set in carddata.CARD_SETS:
        for faction in carddata.load_factions(card_set).values():
            for card in faction.cards:
                out[card.id] = max(out.get(card.id, 1), card.copies)
    madness = carddata.load_madness()
    out[madness.id] = madness.copies
    for defn in _deck_cards():
        if carddata.FACE in defn:
            out[defn] = out[defn.split(carddata.FACE, 1)[0]]
    return out


def copies(game: Game, config: dict[str, Any]) -> dict[str, int]:
    return _copies()


RL = {
    "cards": cards,
    "copies": copies,
    "numbers": {"count:N": 30, "copy:N:CARD": 9, "trigger:N": 15},
    "words": {"faction:WORD": tuple(_factions(None, {}))},  # type: ignore[arg-type]
    "domains": {
        ("base:CARD", "CARD"): _base_list,
        ("score:CARD", "CARD"): _base_list,
        ("search:CARD", "CARD"): _base_list,
        ("move:CARD", "CARD"): _base_list,
        ("both:CARD", "CARD"): _base_list,
    },
    "phases": PHASES,
    "scores": ("vp",),
    "zones": (
        ("hand", True, ("cards",)),
        ("deck", True, ("cards",)),
        ("discard", True, ("cards",)),
        ("look", True, ("cards",)),
        ("base_deck", False, ("cards",)),
        ("base_discard", False, ("cards",)),
        ("resolving", False, ("cards",)),
        ("revealed", False, ("cards",)),
    ),
    "features": _features,
    "zone_sight": zone_sight,
    "turn_limit_rule": "su.engine.turn_limit",
}
