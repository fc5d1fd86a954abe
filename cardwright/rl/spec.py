"""What the RL interfaces need to know of one game, read from the game's own ``rl`` tool.

A game names its RL description in the registry (``GameEntry.rl``, a ``"module:attribute"``
path to a plain dict, as its search hooks are), so that the game's package imports neither
numpy nor this package: the dict holds plain data and plain functions. :func:`game_spec`
checks it and makes a :class:`GameSpec`. The keys:

``cards(game, config) -> list[str]``
    every card definition a game with this (validated) config may hold, in a fixed order: the
    cards of the action catalogue and of the observation's count vectors.
``copies(game, config) -> int | {definition: int}`` (or a number)
    the most cards of one definition that one place of the options of one decision may name
    (two copies in hand are two ``play:CARD`` options): the ordinals the catalogue gives them,
    one number for every card or one per definition (a definition the mapping leaves out has
    one: a game whose decks hold some cards in thirty copies and most in one or two).
``others`` (default 0)
    how many cards whose definition is outside the card list one place of a decision may
    name (the catalogue's :data:`~cardwright.rl.catalogue.OTHER`): for a game whose
    determinization deals cards no list can name (Bizarre World's generated cards).
``form_copies``
    ``{form: copies}`` for forms the game offers once per definition (copies are
    interchangeable there), which need no ordinal.
``numbers``
    ``{form: largest}`` or ``{form: (lowest, largest)}`` for every form with an ``N``.
``words``
    ``{form: (word, ...)}`` for every form with a ``WORD``.
``names``
    ``{form: names(game, config)}`` for forms with a ``NAME`` that is not a card definition.
``domains``
    ``{(form, "CARD" | "TARGET"): defs(game, config)}``: the definitions a card of that place of a
    form can have, where fewer than all (a two-card form would otherwise be all x all).
``phases``
    every value ``state.phase`` takes, in a fixed order.
``scores``
    the keys of ``game.scores(state)``, in a fixed order.
``zones``
    the observation's zone planes: ``(family, per_seat, planes)`` with planes among
    ``"cards"`` (visible cards by definition), ``"exhausted"`` (visible exhausted cards by
    definition) and ``"counter:KEY"`` (the sum of counter KEY by definition).
``features``
    ``((name, size, fill), ...)`` (or ``features(game, config)`` giving them, when their
    sizes depend on the config): the game's own numbers; ``size`` is a number,
    ``"cards"`` (one value per card of the card list and one for any other card), or a list
    of ``(part name, size)`` naming the parts of a long feature in order; ``fill(sight)``
    returns the values as a list, or as ``{place: value}`` for the non-zero ones, and reads
    only what the seat sees (:class:`~cardwright.rl.observe.Sight`).
``zone_sight(zone, seat) -> bool | None`` (optional)
    True when every card of the zone is visible to the seat whatever the state, False when
    none is, None to ask ``game.card_visible`` card by card: a shortcut (kept per zone and
    seat), checked against real views by the tests.
``zone_defs(state, zone, seat) -> list[str] | None`` (optional)
    for a zone ``zone_sight`` leaves open: the definitions of its cards in order as the seat
    sees them (:data:`~cardwright.core.state.HIDDEN` for the others), read a zone at a time
    rather than card by card through ``game.card_visible``; None to ask that card by card.
    Checked against real views by the tests, as ``zone_sight`` is.
``turn_limit_rule``
    the rule id a game ended by ``max_turns`` cites: such an end is a truncation, not a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game
from cardwright.games import GAMES, get_game

#: the planes a zone family may ask for
ZONE_PLANES = ("cards", "exhausted")


@dataclass(frozen=True)
class ZonePlane:
    """A zone family of the observation: ``family`` names zones ``family:SEAT`` when
    ``per_seat`` (one block per seat, the observing seat's first), else the zone itself."""

    family: str
    per_seat: bool
    planes: tuple[str, ...]

    def zone(self, seat: int) -> str:
        return f"{self.family}:{seat}" if self.per_seat else self.family

    @property
    def counters(self) -> tuple[str, ...]:
        return tuple(p.partition(":")[2] for p in self.planes if p.startswith("counter:"))


@dataclass(frozen=True)
class Feature:
    """A game's own numbers in the observation: ``size`` values (``"cards"``: one per card
    of the card list), written by ``fill``."""

    name: str
    size: int | str
    fill: Callable[[Any], Sequence[float] | Mapping[int, float]]
    parts: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class GameSpec:
    game: str
    cards: Callable[[Game, dict[str, Any]], list[str]]
    copies: Callable[[Game, dict[str, Any]], int | Mapping[str, int]]
    others: int
    form_copies: Mapping[str, int]
    numbers: Mapping[str, tuple[int, int]]
    words: Mapping[str, tuple[str, ...]]
    names: Mapping[str, Callable[[Game, dict[str, Any]], list[str]]]
    domains: Mapping[tuple[str, str], Callable[[Game, dict[str, Any]], list[str]]]
    phases: tuple[str, ...]
    scores: tuple[str, ...]
    zones: tuple[ZonePlane, ...]
    features: Callable[[Game, dict[str, Any]], tuple[Feature, ...]]
    turn_limit_rule: str
    zone_sight: Callable[[str, int], bool | None] | None = None
    zone_defs: Callable[[Any, str, int], list[str] | None] | None = None


_KEYS = {
    "cards",
    "copies",
    "others",
    "form_copies",
    "numbers",
    "words",
    "names",
    "domains",
    "phases",
    "scores",
    "zones",
    "features",
    "turn_limit_rule",
    "zone_sight",
    "zone_defs",
}


def _copies(
    value: int | Callable[[Game, dict[str, Any]], int | Mapping[str, int]],
) -> Callable[[Game, dict[str, Any]], int | Mapping[str, int]]:
    if callable(value):
        return value
    return lambda game, config: value


def _features(raw: Any) -> Callable[[Game, dict[str, Any]], tuple[Feature, ...]]:
    def feature(name: str, size: Any, fill: Any) -> Feature:
        if isinstance(size, list | tuple):
            parts = tuple((str(p), int(k)) for p, k in size)
            return Feature(name, sum(k for _, k in parts), fill, parts)
        return Feature(name, size if size == "cards" else int(size), fill)

    def make(items: Any) -> tuple[Feature, ...]:
        return tuple(feature(n, s, f) for n, s, f in items)

    if callable(raw):
        return lambda game, config: make(raw(game, config))
    made = make(raw)
    return lambda game, config: made


@cache
def game_spec(game_id: str) -> GameSpec:
    """The RL description of ``game_id`` (a one-line ``ConfigError`` for an unknown game or
    one that has none)."""
    get_game(game_id)  # an unknown or unplayable game is a one-line error
    raw = GAMES[game_id].tool("rl")
    if raw is None:
        raise ConfigError(f"{game_id} has no reinforcement-learning description yet")
    unknown = set(raw) - _KEYS
    if unknown:
        raise ConfigError(f"{game_id}: unknown keys in its rl description: {sorted(unknown)}")
    numbers = {
        form: (0, int(v)) if isinstance(v, int) else (int(v[0]), int(v[1]))
        for form, v in raw.get("numbers", {}).items()
    }
    zones = []
    for family, per_seat, planes in raw.get("zones", ()):
        for plane in planes:
            if plane not in ZONE_PLANES and not plane.startswith("counter:"):
                raise ConfigError(f"{game_id}: zone {family}: unknown plane {plane!r}")
        zones.append(ZonePlane(family, bool(per_seat), tuple(planes)))
    return GameSpec(
        game=game_id,
        cards=raw["cards"],
        copies=_copies(raw["copies"]),
        others=int(raw.get("others", 0)),
        form_copies=dict(raw.get("form_copies", {})),
        numbers=numbers,
        words={form: tuple(words) for form, words in raw.get("words", {}).items()},
        names=dict(raw.get("names", {})),
        domains=dict(raw.get("domains", {})),
        phases=tuple(raw.get("phases", ())),
        scores=tuple(raw.get("scores", ())),
        zones=tuple(zones),
        features=_features(raw.get("features", ())),
        turn_limit_rule=raw["turn_limit_rule"],
        zone_sight=raw.get("zone_sight"),
        zone_defs=raw.get("zone_defs"),
    )
