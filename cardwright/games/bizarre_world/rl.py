"""Bizarre World for the reinforcement-learning interfaces (:mod:`cardwright.rl`, docs/rl.md).

The card list is every card of the starter decks, then the cards of the config's decks that
are not among them (a deck file or a random-mode deck brings its own generated cards). A seat
holds at most three cards of a name, so one place of a decision names at most six copies of a
definition (both seats' creatures when killing). An attack source takes at most the attack it
added, which is at most a few activations of a five-attack creature: 20. A state dealt by
``determinize`` for a seat that does not know the opponent's deck holds generated cards no
list names: up to 40 of them (a deck's worth) count as the catalogue's "other" card.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from .decks import resolve_deck, starter_names
from .game import BizarreWorld

if TYPE_CHECKING:
    from .state import BWState

#: what the RL encoder hands a feature: :class:`cardwright.rl.observe.Sight` (above the
#: games, so a game cannot import it: Any here; its ``state`` is a BWState)
Sight = Any


PHASES = ("draw", "sacrifice", "unexhaust", "main", "end")


def cards(game: BizarreWorld, config: dict[str, Any]) -> list[str]:
    # the starter decks as published (their card names do not change with the ruleset)
    starters = sorted({d for name in starter_names() for d in resolve_deck(name).cards})
    known = set(starters)
    extra = sorted({d for deck in config["decks"] for d in deck["cards"]} - known)
    return starters + extra


def copies(game: BizarreWorld, config: dict[str, Any]) -> int:
    counts = Counter(d for deck in config["decks"] for d in deck["cards"])
    return max(6, *counts.values())


def zone_sight(zone: str, seat: int) -> bool | None:
    """BizarreWorld's visibility is by zone alone (``BizarreWorld.card_visible``)."""
    return BizarreWorld.zone_visible(zone, seat)


def _pools(sight: Sight) -> list[float]:
    """Per seat (the observer first): unspent attack, gray resources gained this turn."""
    s: BWState = sight.state
    out: list[float] = []
    for seat in sight.order():
        out += [s.attack[seat], s.gray[seat]]
    return out


def _battle(sight: Sight) -> list[float]:
    """The attack under way: whether there is one, the attacker (the observer or not), its
    attack, the defense raised, the damage left to assign."""
    s: BWState = sight.state
    b = s.battle
    if b is None:
        return [0.0] * 5
    return [1.0, float(b.attacker == sight.seat), b.attack, b.defense, b.remaining]


def _sources(sight: Sight) -> dict[int, float]:
    """The attack each creature in play added this turn, by definition (attack sources)."""
    s: BWState = sight.state
    contrib = s.contrib
    return sight.sum_by_card(contrib.items(), "play") if contrib else {}


RL = {
    "cards": cards,
    "copies": copies,
    "others": 40,
    "numbers": {"assign:CARD:N": (1, 20), "trigger:N": 15},
    "words": {"activate:CARD:WORD": ("attack", "effect")},
    "phases": PHASES,
    "scores": ("life",),
    "zones": (
        ("hand", True, ("cards",)),
        ("deck", True, ()),
        ("resources", True, ("cards", "exhausted")),
        ("play", True, ("cards", "exhausted", "counter:dies_on")),
        ("discard", True, ("cards",)),
    ),
    "features": (
        ("attack and gray per seat", 4, _pools),
        ("battle", 5, _battle),
        ("attack added by card", "cards", _sources),
    ),
    "zone_sight": zone_sight,
    "turn_limit_rule": "bw.engine.turn_limit",
}
