"""Smash Up's static data: the zones' names, the default factions, and the card and base
definitions of a card set with the ability of each (:class:`Catalog`: a card set's, holding
the parts, factions and bases, that the games played so far needed; ``SmashUp.catalog``
makes a larger one when a game needs another part, and every game shares it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from cardwright.core.state import Card
from cardwright.core.vocab import Expr
from cardwright.core.vocab.exprs import Call, Cards, selection

from .carddata import base_sets, faction_ids, load_bases, load_faction, load_madness
from .cardmodels import FACE, BaseDef, CardDef, called_words

if TYPE_CHECKING:
    from cardwright.core.abilities import Ability

    from .specs import AbilitySpec

HAND_SIZE = 5
HAND_LIMIT = 10
DRAW_PER_TURN = 2

BASES = "bases"
BASE_DECK = "base_deck"
BASE_DISCARD = "base_discard"
RESOLVING = "resolving"

#: Default faction pairs, seat by seat (the first n are used for n players).
DEFAULT_FACTIONS: list[list[str]] = [
    ["dinosaurs", "wizards"],
    ["ninjas", "kung_fu_fighters"],
    ["pirates", "robots"],
    ["aliens", "zombies"],
]

_BASE_ZONES = tuple(f"base:{i}" for i in range(1024))  # the zone names, made once


def base_zone(bid: int) -> str:
    """The zone holding the cards at base ``bid``."""
    return _BASE_ZONES[bid] if 0 <= bid < 1024 else f"base:{bid}"


#: the words whose value is read from a hand
_HAND_WORDS = frozenset({"hand_size", "hand_of", "hands_of"})


def _reads_hand(node: Any) -> bool:
    """Whether an expression (a dataclass tree) reads the cards of a hand."""
    if isinstance(node, Cards):
        return node.zone == "hand"
    if isinstance(node, Call) and node.name in _HAND_WORDS:
        return True
    if isinstance(node, (list, tuple)):
        return any(_reads_hand(v) for v in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return False
    return any(_reads_hand(getattr(node, f.name)) for f in dataclasses.fields(node))


def histories(cards: Iterable[CardDef], bases: Iterable[BaseDef]) -> dict[str, frozenset[str]]:
    """The facts of the turn's history (``history.py``) that cards read -> the cards and
    bases that read them (a game with one of them records the fact)."""
    from .history import WORDS

    found: dict[str, set[str]] = {}
    defs: list[CardDef | BaseDef] = [*cards, *bases]
    for d in defs:
        if not d.ability or FACE in d.id:
            continue
        names = called_words(d.ability)
        for word, kind in WORDS.items():
            if word in names:
                found.setdefault(kind, set()).add(d.id)
        if "'after_destroy'" in d.ability:  # a Special answering a player's destruction
            found.setdefault("destroyed", set()).add(d.id)
    return {kind: frozenset(f) for kind, f in found.items()}


@cache
def _parts(defn: str) -> frozenset[str]:
    """The definitions a card of definition ``defn`` needs in a game: itself, or for a face
    (``faces.py``) the card's own and the one whose ability it copies (worked out once per
    definition: each game's catalog asks it of every definition)."""
    if FACE not in defn:
        return frozenset((defn,))
    head, _, tail = defn.partition(FACE)
    return frozenset((head,) if tail == "action" else (head, tail))


def factions_parts(card_set: str, factions: Iterable[str]) -> frozenset[str]:
    """The parts (``abilities.all_parts``) a game dealing ``factions`` needs: theirs, and
    the bases of the core set and of their sets (its base deck)."""
    from .abilities import base_part

    chosen = list(factions)
    sets = {"core"} | {load_faction(f, card_set).set for f in chosen}
    return frozenset(chosen) | {base_part(s) for s in sets if s in set(base_sets().values())}


def defns_parts(defns: Iterable[str]) -> frozenset[str]:
    """The parts (``abilities.all_parts``) holding the cards and bases of these definitions
    (of a face: of its own card's and of the one it copies)."""
    from .abilities import all_parts, part_of

    known = set(all_parts())
    found = {part_of(d) for defn in defns for d in _parts(defn)}
    return frozenset(found & known)


def game_defns(cards: Iterable[Card]) -> frozenset[str]:
    """The definitions of a game's cards (:meth:`Catalog.for_game`): their own, and for a
    card that is a face now, the one it copies too."""
    found = {c.defn for c in cards}
    faces = [d for d in found if FACE in d]
    for d in faces:
        found.discard(d)
        found.update(_parts(d))
    return frozenset(found)


#: ability id -> (the ability, its spec): each ability's spec is made once, whichever
#: catalogs (of which card sets and parts) hold it
_SPECS: dict[str, tuple[Ability, AbilitySpec]] = {}


def _spec(ability: Ability) -> AbilitySpec:
    """The spec of an ability (:func:`.abilities.spec_from_ability`), made once."""
    from .abilities import spec_from_ability

    kept = _SPECS.get(ability.id)
    if kept is None or kept[0] is not ability:
        kept = _SPECS[ability.id] = (ability, spec_from_ability(ability))
    return kept[1]


class Catalog:
    """Card and base definitions of one card set, with the ability spec of each definition."""

    #: slots: read on every hot path, and faster to read than a ``__dict__`` of 30 keys
    __slots__ = (
        "abilities",
        "bases",
        "breakpoint_specs",
        "by_name",
        "card_set",
        "cards",
        "copy_specs",
        "extra_bar_specs",
        "factions",
        "fusions",
        "games",
        "hand_power",
        "hook_specs",
        "ignore_specs",
        "instead_specs",
        "is_minion",
        "kind_sets",
        "kinds_of",
        "known",
        "label",
        "needs",
        "offer_specs",
        "parts",
        "play_action_from_specs",
        "play_ban_specs",
        "play_from_specs",
        "player_power_specs",
        "power_among",
        "power_specs",
        "printed",
        "protect_specs",
        "replace_specs",
        "score_bans",
        "self_from_discard",
        "self_power",
        "spec",
        "special_only",
        "special_specs",
        "specials_by",
        "standard",
        "talent_specs",
        "talent_twice_specs",
    )

    def __init__(self, card_set: str, parts: frozenset[str] | None = None) -> None:
        from .abilities import MADNESS_PART, all_parts, card_abilities
        from .faces import copy_faces, fusions, own

        self.card_set = card_set
        #: the parts (``abilities.all_parts``: factions, bases by set, the Madness card)
        #: whose cards and bases this catalog holds (None: all of them)
        self.parts = frozenset(all_parts()) if parts is None else parts | {MADNESS_PART}
        self.factions = {
            fid: load_faction(fid, card_set) for fid in faction_ids() if fid in self.parts
        }
        self.cards: dict[str, CardDef] = {
            card.id: card for faction in self.factions.values() for card in faction.cards
        }
        madness = load_madness()  # (no faction's: the shared Madness deck's)
        self.cards[madness.id] = madness
        #: a fusion card's definition -> its action side's (``faces.py``)
        self.fusions = {own(f): f for f in fusions(list(self.cards.values()))}
        self.cards.update(fusions(list(self.cards.values())))
        sets = {p.removeprefix("bases/") for p in self.parts if p.startswith("bases/")}
        self.bases: dict[str, BaseDef] = load_bases(None if parts is None else sets)
        self.spec: dict[str, AbilitySpec] = {}
        #: the abilities written in the vocabulary, by definition (``Game.abilities_of``)
        self.abilities: dict[str, Ability] = card_abilities(
            card_set, None if parts is None else self.parts
        )
        for face, (card, other) in copy_faces(self.cards, self.abilities).items():
            self.cards[face] = card  # a card that copies another's ability (``faces.py``)
            self.abilities[face] = self.abilities[other]
        defs: list[CardDef | BaseDef] = [*self.cards.values(), *self.bases.values()]
        for d in defs:
            if d.id in self.abilities:
                self.spec[d.id] = _spec(self.abilities[d.id])
        #: every definition of a card or base here
        self.known = frozenset(self.cards) | frozenset(self.bases)
        #: what a game does only when one of its cards needs it -> those cards (their own
        #: definitions): the turn's facts (``history.py``), and below the checks at the safe
        #: points (``history.tracks``: a game without such cards pays nothing for them)
        self.needs = histories(self.cards.values(), self.bases.values())

        def having(hook: str) -> frozenset[str]:
            """The definitions whose ability has ``hook``."""
            return frozenset(k for k, v in self.spec.items() if getattr(v, hook) is not None)

        def by_event(field: str) -> dict[str, frozenset[str]]:
            """event -> the definitions whose ability lists it in ``field``."""
            index: dict[str, set[str]] = {}
            for k, v in self.spec.items():
                for event in getattr(v, field):
                    index.setdefault(event, set()).add(k)
            return {event: frozenset(defns) for event, defns in index.items()}

        self.power_specs = having("power")
        #: power modifiers that change only their own card (written with no ``applies``):
        #: a minion's power asks them only of the minion itself
        self.self_power = {
            k
            for k in self.power_specs
            if self.spec[k].ability is not None
            and all(m.applies is None for m in self.spec[k].ability.modifiers if m.key == "power")
        }
        #: the others whose every power modifier names the cards it can change at most
        #: (``host() == it``: the minion it is attached to): asked only of those
        self.power_among: dict[str, tuple[Expr, ...]] = {}
        for k in self.power_specs - self.self_power:
            ability = self.spec[k].ability
            if ability is None:
                continue
            among = [selection(m.applies) for m in ability.modifiers if m.key == "power"]
            if all(e is not None for e in among):
                self.power_among[k] = tuple(e for e in among if e is not None)
        #: the modifiers of a minion's or a player's power, or of a breakpoint, that read a
        #: hand ("while you hold two cards or fewer"): while one is in play, the kept powers
        #: hold only as long as every hand holds the same cards (``values.kept``)
        self.hand_power = frozenset(
            k
            for k, v in self.spec.items()
            if v.ability is not None
            and any(
                m.key in ("power", "player_power", "breakpoint") and _reads_hand(m)
                for m in v.ability.modifiers
            )
        )
        self.breakpoint_specs = having("breakpoint")
        self.player_power_specs = having("player_power")
        self.protect_specs = having("protect")
        #: those that may forbid extra plays (Eliza): while none is in play, none is counted
        self.extra_bar_specs = frozenset(
            k for k in self.protect_specs if "play_extra" in self.spec[k].protects
        )
        #: those that may forbid a base to score (Stasis Field)
        self.score_bans = frozenset(
            k for k in self.protect_specs if "score" in self.spec[k].protects
        )
        self.instead_specs = having("instead_of_discard")
        self.offer_specs = having("offer_instead")
        self.talent_specs = having("talent")
        self.talent_twice_specs = having("talent_twice")
        self.replace_specs = by_event("replace")
        self.ignore_specs = having("ignore_base")
        self.special_specs = having("special")
        #: (zone, window) -> the definitions with a Special used from that zone in that window
        specials_by: dict[tuple[str, str], set[str]] = {}
        for defn, sp in self.spec.items():
            if sp.special is not None:
                for window in sp.special.windows:
                    for zone in sp.special.zone:
                        specials_by.setdefault((zone, window), set()).add(defn)
        self.specials_by = {key: frozenset(defns) for key, defns in specials_by.items()}
        self.special_only = {
            k for k, v in self.spec.items() if v.special is not None and v.special.only
        }
        self.play_ban_specs = having("play_ban")
        self.play_from_specs = having("play_from")
        #: the minions among them, which may let themselves be played from a discard pile
        self.self_from_discard = frozenset(k for k in self.play_from_specs if k in self.cards)
        #: those that may let an action be played from the discard pile (Cyberback)
        self.play_action_from_specs = frozenset(
            defn for defn in self.play_from_specs if self.spec[defn].play_from_actions
        )
        self.copy_specs = having("copy")
        # event -> the definitions with a hook for it (``SmashUp.fire`` looks only at these)
        self.hook_specs = by_event("hooks")
        listeners = self.hook_specs.get("checkpoint")
        if listeners:  # a game checks at the safe points only when a card that listens is in it
            self.needs["checkpoint"] = frozenset(p for d in listeners for p in _parts(d))
        self.standard = {
            k
            for k, d in self.cards.items()
            if d.type == "action" and not {"play_on_base", "play_on_minion"} & set(d.subtypes)
        }
        #: definition -> the sets above (of definitions with a kind of hook) it is in: what
        #: is in play is sorted into all of them in one pass (:meth:`.inplay.InPlay.having`)
        self.kinds_of: dict[str, tuple[frozenset[str], ...]] = {}
        kind_sets = {
            self.hand_power,
            self.power_specs,
            self.breakpoint_specs,
            self.player_power_specs,
            self.protect_specs,
            self.extra_bar_specs,
            self.score_bans,
            self.instead_specs,
            self.offer_specs,
            self.talent_specs,
            self.talent_twice_specs,
            self.ignore_specs,
            self.special_specs,
            self.play_ban_specs,
            self.play_from_specs,
            self.play_action_from_specs,
            self.copy_specs,
            *self.replace_specs.values(),
            *self.hook_specs.values(),
            *(defns for (zone, _), defns in self.specials_by.items() if zone == "play"),
        }
        for kinds in kind_sets:
            for defn in kinds:
                self.kinds_of[defn] = (*self.kinds_of.get(defn, ()), kinds)
        self.kind_sets = frozenset(kind_sets)
        self.is_minion = {k: d.type == "minion" for k, d in self.cards.items()}
        self.printed = {k: d.power or 0 for k, d in self.cards.items()}
        self.label = {
            k: f"{d.name} ({d.power})" if d.type == "minion" else f"{d.name} (action)"
            for k, d in self.cards.items()
        }
        self.by_name: dict[str, str] = {}
        for d in defs:
            if FACE in d.id:
                continue  # a face is named as its card
            self.by_name[d.id.lower()] = d.id
            self.by_name[d.name.lower()] = d.id

        #: the catalog as games with given cards see it (:meth:`for_game`), by their cards
        self.games: dict[frozenset[str], Catalog] = {}

    #: the sets of definitions :meth:`for_game` keeps to a game's cards
    _CUT = (
        "hand_power",
        "self_from_discard",
        "power_specs",
        "breakpoint_specs",
        "player_power_specs",
        "protect_specs",
        "extra_bar_specs",
        "score_bans",
        "instead_specs",
        "offer_specs",
        "talent_specs",
        "talent_twice_specs",
        "ignore_specs",
        "special_specs",
        "play_ban_specs",
        "play_from_specs",
        "play_action_from_specs",
        "copy_specs",
    )

    def for_game(self, present: frozenset[str]) -> Catalog:
        """This catalog as a game whose cards have the definitions ``present`` sees it: the
        same definitions and specs, but each set of definitions with a kind of hook, each
        event's listeners and what only some cards need hold only the game's definitions
        (and the faces its cards can take: a copy of one of its cards' ability, a fusion
        card's action side). So a game pays for the hooks of its own cards only, however
        many factions the card set has. Kept per set of definitions (the last 256)."""
        got = self.games.get(present)
        if got is not None:
            return got
        game = Catalog.__new__(Catalog)
        for slot in Catalog.__slots__:
            setattr(game, slot, getattr(self, slot))
        game.games = {}
        keep = {d for d in self.spec if _parts(d) <= present}
        cuts: dict[frozenset[str], frozenset[str]] = {}
        same: dict[frozenset[str], frozenset[str]] = {}  # (sets cut to equal ones: one set)

        def cut(defns: frozenset[str]) -> frozenset[str]:
            got = cuts.get(defns)
            if got is None:
                got = frozenset(d for d in defns if d in keep)
                got = cuts[defns] = same.setdefault(got, got)
            return got

        for name in self._CUT:
            setattr(game, name, cut(getattr(self, name)))
        for name in ("replace_specs", "hook_specs", "specials_by"):
            index = getattr(self, name)
            setattr(game, name, {k: cut(v) for k, v in index.items() if cut(v)})
        game.kinds_of = {  # (each set once: what is in play is sorted into each)
            d: tuple(dict.fromkeys(cut(k) for k in kinds))
            for d, kinds in self.kinds_of.items()
            if d in keep
        }
        game.kind_sets = frozenset(cut(k) for k in self.kind_sets)
        game.needs = {k: v for k, v in self.needs.items() if v & present}
        listeners = game.hook_specs.get("checkpoint")  # (of the game's cards and faces only)
        game.needs.pop("checkpoint", None)
        if listeners:
            game.needs["checkpoint"] = frozenset(p for d in listeners for p in _parts(d))
        game.fusions = {d: f for d, f in self.fusions.items() if d in present}
        if len(self.games) >= 256:
            del self.games[next(iter(self.games))]
        self.games[present] = game
        return game

    def name(self, defn: str) -> str:
        d = self.cards.get(defn)
        if d is not None:
            return d.name
        b = self.bases.get(defn)
        return b.name if b is not None else defn
