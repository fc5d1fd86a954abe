"""Blue Moon for the reinforcement-learning interfaces (:mod:`cardwright.rl`, docs/rl.md).

The card list is every card of the nine peoples (leaders first in each people's list). Every
card exists once in a deck, but both seats may play the same people (or custom decks sharing
cards), so one place of a decision names at most two copies of a definition. Two-card forms
list what can stand at each place: a power card's answers (``ab:CARD:TARGET``) come from
cards whose power adds answers to the turn; what is loaded onto a ship is a character,
booster or support card, and ships are the Buka ship cards. The numbers a power offers (draw,
take, reveal up to N) are printed on cards, all below 10.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import HIDDEN

from . import carddata
from .buka_rules import LOADABLE

if TYPE_CHECKING:
    from .game import BlueMoon
    from .state import BMState

#: what the RL encoder hands a feature: :class:`cardwright.rl.observe.Sight` (above the
#: games, so a game cannot import it: Any here; its ``state`` is a BMState)
Sight = Any


PHASES = ("beginning", "retreat", "character", "booster/support", "announce", "refresh", "end")


def _all() -> list[carddata.Card]:
    return [c for deck in carddata.load_all().values() for c in deck.all_cards]


def cards(game: BlueMoon, config: dict[str, Any]) -> list[str]:
    return [c.number for c in _all()]


def _ships(game: BlueMoon, config: dict[str, Any]) -> list[str]:
    return [c.number for c in _all() if c.type == "ship"]


def _loadable(game: BlueMoon, config: dict[str, Any]) -> list[str]:
    return [c.number for c in _all() if c.type in LOADABLE]


def _turn_powers(game: BlueMoon, config: dict[str, Any]) -> list[str]:
    """The cards whose power adds answers to the turn decision (``ab:CARD:...``)."""
    by_card = game.powers.by_card
    return [
        c.number
        for c in _all()
        if c.number in by_card and by_card[c.number].hooks.get("turn_actions")
    ]


def zone_sight(zone: str, seat: int) -> bool | None:
    """Blue Moon's visibility by zone where it does not depend on the card
    (``BlueMoon.card_visible``): a deck is hidden, an own hand, ship or support is seen."""
    kind, _, owner = zone.partition(":")
    if kind == "deck":
        return False
    if kind == "hand" or kind == "support":
        return True if int(owner) == seat else None
    if kind.startswith("ship"):
        return int(owner) == seat
    return True


def zone_defs(state: BMState, zone: str, seat: int) -> list[str] | None:
    """The cards of the opponent's hand and support zone as ``seat`` sees them, a zone at a
    time (``BlueMoon.card_visible``: the hand cards it was shown; face-up support cards)."""
    kind, _, owner = zone.partition(":")
    ids, cards = state.zones.get(zone, ()), state.cards
    if kind == "hand" and int(owner) == seat:
        return [cards[c].defn for c in ids]
    if kind == "hand":
        shown = state.known[seat] if seat >= 0 else ()
        if not shown:
            return [HIDDEN] * len(ids)
        return [card.defn if card.id in shown else HIDDEN for card in map(cards.__getitem__, ids)]
    if kind == "support":
        return [
            card.defn if card.face_up or card.owner == seat else HIDDEN
            for card in map(cards.__getitem__, ids)
        ]
    return None


def _fight(sight: Sight) -> list[float]:
    """The fight: its element (fire, earth), whether it has started, whether the observer
    started it, the fights fought, and the turn so far (characters played, in the
    booster/support phase, cards played, cards taken back, bluffs)."""
    s: BMState = sight.state
    ti = s.turn_info
    return [
        float(s.element == "fire"),
        float(s.element == "earth"),
        float(s.fight_started),
        float(s.start_player == sight.seat),
        float(s.fights),
        float(ti.chars),
        float(ti.bs_phase),
        float(len(ti.played)),
        float(ti.retrieved),
        float(ti.bluffs),
    ]


def _ran_out(sight: Sight) -> list[float]:
    """Per seat (the observer first): 1 once it has run out of cards."""
    ran_out, me = sight.state.ran_out, sight.seat
    return [float(ran_out[me] >= 0), float(ran_out[1 - me] >= 0)]  # two players


def _covered(sight: Sight) -> dict[int, float]:
    """The covered (inactive) cards in combat, by definition."""
    s: BMState = sight.state
    covered = s.covered
    return sight.sum_by_card(((c, 1.0) for c in covered), "combat") if covered else {}


def _ship_zones(sight: Sight) -> list[str]:
    """The zones of the ships in play (``ship<card>:<seat>``), found once per observation."""
    found: list[str] | None = sight.memo.get("ships")
    if found is None:
        found = sight.memo["ships"] = [z for z in sight.state.zones if z.startswith("ship")]
    return found


def _cargo(sight: Sight) -> list[float]:
    """Per seat (the observer first): the cards loaded on its ships, and how many of them
    the observer cannot identify."""
    out = [0.0] * (2 * sight.players)
    for zone in _ship_zones(sight):
        r = sight.rel(int(zone.rpartition(":")[2]))
        defs = sight.defs(zone)
        out[2 * r] += len(defs)
        out[2 * r + 1] += defs.count(HIDDEN)
    return out


def _cargo_cards(sight: Sight) -> dict[int, float]:
    """The loaded cards the observer identifies, by definition."""
    out: dict[int, float] = {}
    for zone in _ship_zones(sight):
        for d in sight.defs(zone):
            if d != HIDDEN:
                i = sight.index[d]
                out[i] = out.get(i, 0.0) + 1.0
    return out


RL = {
    "cards": cards,
    "copies": 2,
    "numbers": {
        "draw:N": 10,
        "take:N": 10,
        "reveal:N": (1, 10),
        "trigger:N": 15,
    },
    "names": {"ship:NAME": _ships, "load:NAME:TARGET": _loadable},
    "domains": {
        ("ab:CARD:TARGET", "CARD"): _turn_powers,
        ("ab:CARD:pay", "CARD"): _turn_powers,
        ("load:CARD:TARGET", "CARD"): _loadable,
        ("load:CARD:TARGET", "TARGET"): _ships,
        ("load:NAME:TARGET", "TARGET"): _ships,
    },
    "phases": PHASES,
    "scores": ("dragons", "crystals"),
    "zones": (
        ("hand", True, ("cards",)),
        ("deck", True, ()),
        ("combat", True, ("cards",)),
        ("support", True, ("cards", "counter:bluff")),
        ("discard", True, ("cards",)),
        ("leadership", True, ("cards",)),
        ("leader", True, ("cards",)),
        ("influence", True, ("cards",)),
        ("landed", True, ("cards",)),
    ),
    "features": (
        ("fight and turn", 10, _fight),
        ("ran out per seat", 2, _ran_out),
        ("covered by card", "cards", _covered),
        ("cargo and hidden cargo per seat", 4, _cargo),
        ("cargo by card", "cards", _cargo_cards),
    ),
    "zone_sight": zone_sight,
    "zone_defs": zone_defs,
    "turn_limit_rule": "bm.engine.turn_limit",
}
