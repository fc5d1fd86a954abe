"""Smash Up's abilities in the shared vocabulary: the words (:func:`vocabulary`), the hook kinds
of its own (Talents, Specials, scoring bonuses, copying, ignoring a base, "instead of the
discard pile"), and the registry of every card's and base's ability in every card set
(:func:`build_registry`), or of some parts' (:func:`registry_of`: a faction, a set's bases, the
Madness card; each part parsed and checked when a game first needs it).

A card's ``ability`` in ``data/factions/*.toml`` (a base's in ``data/bases.toml``) is one
expression, or a list of items: an effect (what it does when played), listeners (``when`` /
``whenever``), ``modify(...)`` (ongoing power, breakpoint, a player's total power), ``forbid``
/ ``permit``, ``instead``, and Smash Up's ``talent``, ``special``, ``scoring``, ``copies``,
``ignores_base``, ``instead_of_discard``. See ``docs/cards.md`` (Smash Up) for the words.

The engine reads a definition's hooks through :func:`hooks_of` (the compiled per-definition
:class:`~.specs.AbilitySpec` the rules consult: values, "cannot"s, events, replacements).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Bindings, CardRef
from cardwright.core.vocab import (
    Ctx,
    Effect,
    Expr,
    Hooked,
    Vocabulary,
    cards_of,
    core_words,
    hear,
    hooks_from,
)
from cardwright.core.vocab.compiled import compiled
from cardwright.core.vocab.events import binds, card_permissions, try_replacement
from cardwright.core.vocab.exprs import AllOf, Attr, SelfCard, Var, selection

from .carddata import (
    CARD_SETS,
    DEFAULT_CARD_SET,
    base_sets,
    card_set_parts,
    faction_ids,
    load_bases,
    load_faction,
    load_madness,
)
from .cardmodels import BaseDef, CardDef, called_words
from .reach import heard_about, rule_reach
from .selectors import _e, _opt
from .state import SUCtx
from .words import words

if TYPE_CHECKING:
    from .affects import CopyRecord
    from .game import SmashUp
    from .specs import AbilitySpec
    from .state import SUState

#: Smash Up's own hook kinds (the core's are in ``cardwright.core.abilities.CORE_HOOKS``)
SU_HOOKS = {
    "talent": "a Talent: an effect its controller may use once per turn in their Play Cards phase",
    "special": "a Special: when and from where the card may be used out of turn",
    "scoring": "extra VP when the base scores",
    "copy": "a copying card: which minions may get an effect an action just had",
    "ignore_base": "the base's own ability is ignored (by everyone, or by one player)",
    "instead_of_discard": "where a card leaving play goes instead of its owner's discard pile",
    "talent_twice": "the minions whose Talent may be used a second time this turn (one of them)",
}

#: Smash Up words written in Python for a single card: an ability using one counts as Python
#: (``docs/cards.md`` lists them, with why; ``tests/smash_up/test_ability_data.py`` checks)
CARD_WORDS = {
    "next_bases": "School of Wizardry: the scored base's replacement and the order of the "
    "others under it, chosen among bases only its winner sees",
    "disguise": "Disguise: whether it asks, and how its decline reads, may depend only on the "
    "minions in play, never on the hand (reading NJ2)",
    "reveal_until_four": "Who Loves Ya, Baby? (errata): reveals from the deck until a minion "
    "of printed power 4, shuffles the others back, then draws or plays it",
}


# ------------------------------------------------------------------------------ hook items
@dataclass(frozen=True)
class Talent:
    """``talent(effect, condition=None)``: the Talent; offered only while ``condition``
    holds (a Talent that would do nothing is not offered: reading R11)."""

    effect: Effect
    condition: Expr | None = None


@dataclass(frozen=True)
class SpecialHook:
    """``special(windows, zone="hand", usable=None, could_use=None, effect=None, only=False)``:
    see :class:`~.specs.Special`. From ``play`` or ``discard`` the card's ``effect`` happens;
    from ``hand`` the card is played (its on-play effect, with ``via == "special"``), unless
    it has an ``effect`` (Fledgling Vampire: it is buried, not played). ``zone`` may name
    several zones (``["hand", "discard"]``)."""

    windows: tuple[str, ...]
    zone: tuple[str, ...] = ("hand",)
    usable: Expr | None = None
    could_use: Expr | None = None
    effect: Effect | None = None
    only: bool = False


@dataclass(frozen=True)
class Scoring:
    """``scoring(vp, who=everyone)``: when the base scores, each seat of ``who`` gains ``vp``
    (an expression evaluated with that seat as ``you``)."""

    vp: Expr
    who: Expr | None = None


@dataclass(frozen=True)
class Copies:
    """``copies(onto, when=None, once="turn", who=None)``: a copying card (reading D2-D3).
    After a standard action directly affects a minion, the record is bound (``target``,
    ``base``: the minion and where it was; ``controller``, ``seat``: its controller and the
    action's player; ``action``); when ``when`` holds, ``who`` (default the card's controller)
    may give the same effect to one of ``onto``. ``once``: ``turn`` or ``action``."""

    onto: Expr
    when: Expr | None = None
    once: str = "turn"
    who: Expr | None = None


@dataclass(frozen=True)
class InsteadOfDiscard:
    """``instead_of_discard(where, applies, offer=None)``: a card leaving play (``it``, from
    ``base``) that ``applies`` goes to its owner's ``hand`` or into their ``deck`` (shuffled)
    instead. With ``offer`` (an effect: "you may ... instead"), the card goes to the discard
    pile and ``offer`` then waits as a triggered ability of this card, with the card bound as
    ``card`` (``may(to_hand(var('card')))``: reading CA1)."""

    where: str
    applies: Expr
    effect: Effect | None = None


def _hook_words() -> dict[str, Any]:
    def special(
        windows: Any,
        zone: Any = "hand",
        usable: Any = None,
        could_use: Any = None,
        effect: Any = None,
        only: bool = False,
    ) -> Hooked:
        wins = (windows,) if isinstance(windows, str) else tuple(windows)
        zones = (zone,) if isinstance(zone, str) else tuple(zone)
        return Hooked(
            "special", SpecialHook(wins, zones, _opt(usable), _opt(could_use), effect, only)
        )

    return {
        "talent": lambda effect, condition=None: Hooked("talent", Talent(effect, _opt(condition))),
        "special": special,
        "scoring": lambda vp, who=None: Hooked("scoring", Scoring(_e(vp), _opt(who))),
        "copies": lambda onto, when=None, once="turn", who=None: Hooked(
            "copy", Copies(_e(onto), _opt(when), once, _opt(who))
        ),
        "ignores_base": lambda applies: Hooked("ignore_base", _e(applies)),
        "talent_twice": lambda applies: Hooked("talent_twice", _e(applies)),
        "instead_of_discard": lambda where, applies, offer=None: Hooked(
            "instead_of_discard", InsteadOfDiscard(where, _e(applies), offer)
        ),
    }


@cache
def vocabulary() -> Vocabulary:
    """The core's words and Smash Up's."""
    return core_words().extended({**words(), **_hook_words()})


# ------------------------------------------------------------------------------ the registry
def _flatten(parsed: Any) -> list[Any]:
    out: list[Any] = []
    for item in parsed if isinstance(parsed, list) else [parsed]:
        out.extend(_flatten(item) if isinstance(item, list) else [item])
    return out


#: the parts a card set's definitions are loaded in, each when a game first needs it: a
#: faction (by its id), the bases of a set (``bases/<set>``), the Madness card
MADNESS_PART = "madness"


def base_part(set_id: str) -> str:
    """The part holding the bases of set ``set_id``."""
    return f"bases/{set_id}"


@cache
def all_parts() -> tuple[str, ...]:
    """Every part, in the order a game loads them in (factions, bases by set, Madness)."""
    sets = dict.fromkeys(base_sets().values())
    return (*faction_ids(), *(base_part(s) for s in sets), MADNESS_PART)


def part_of(defn: str) -> str:
    """The part a definition (a card's, a face's own card's, a base's) is loaded with."""
    base_set = base_sets().get(defn)
    return base_part(base_set) if base_set is not None else defn.split("/", 1)[0]


def _part_definitions(card_set: str, part: str) -> Iterable[tuple[str, str, CardDef | BaseDef]]:
    """(file, id, definition) of every card or base of one part in a card set."""
    if part == MADNESS_PART:
        madness = load_madness()
        yield "madness.toml", madness.id, madness
    elif part.startswith("bases/"):
        for b in load_bases((part.removeprefix("bases/"),)).values():
            yield "bases.toml", b.id, b
    else:
        for c in load_faction(part, card_set).cards:
            yield f"factions/{part}.toml", c.id, c
            face = c.action_face()  # a fusion card's action side
            if face is not None:
                yield f"factions/{part}.toml", face.id, face


def _definitions(card_set: str) -> Iterable[tuple[str, str, CardDef | BaseDef]]:
    """(file, id, definition) of every card and base of a card set."""
    for fid in faction_ids():
        yield from _part_definitions(card_set, fid)
    for b in load_bases().values():
        yield "bases.toml", b.id, b
    yield from _part_definitions(card_set, MADNESS_PART)


@cache
def _part_parsed(part: str) -> tuple[dict[tuple[str, str], str], dict[str, Ability]]:
    """(card set, definition) -> ability id, and the abilities by id, of one part's cards or
    bases in every card set, parsed once (when a game first needs the part)."""
    words = vocabulary()
    ids: dict[tuple[str, str], str] = {}
    by_text: dict[tuple[str, str], str] = {}  # (definition, text) -> ability id
    named: set[str] = set()  # the definitions with an ability so far
    abilities: dict[str, Ability] = {}
    for card_set in CARD_SETS:
        for file, defn, d in _part_definitions(card_set, part):
            text = d.ability
            if text is None:
                continue
            known = by_text.get((defn, text))
            if known is not None:
                ids[(card_set, defn)] = known
                continue
            ability_id = defn if defn not in named else f"{defn}@{card_set}"
            named.add(defn)
            where = f"{file}: {d.name!r} ({card_set})"
            items = _flatten(words.parse(text, where))
            try:
                hooks = hooks_from(items, "on_play")
            except DataError as exc:
                raise DataError(f"{where}: {exc}") from None
            rule = d.rule
            if rule is None:
                raise DataError(f"{where}: an ability needs the rule it cites ('rule')")
            name = rule.removeprefix("su.card.").replace("_", " ")
            abilities[ability_id] = Ability(ability_id, rule, hooks, name=name)
            by_text[(defn, text)] = ability_id
            ids[(card_set, defn)] = ability_id
    return ids, abilities


@cache
def _parsed() -> tuple[dict[tuple[str, str], str], list[Ability]]:
    """(card set, definition) -> ability id, and every ability (every part's, in the order
    of the card sets and their definitions)."""
    ids: dict[tuple[str, str], str] = {}
    abilities: dict[str, Ability] = {}
    for card_set in CARD_SETS:
        for _, defn, d in _definitions(card_set):
            if d.ability is None:
                continue
            part_ids, part_abilities = _part_parsed(part_of(defn))
            ability_id = ids[(card_set, defn)] = part_ids[(card_set, defn)]
            abilities.setdefault(ability_id, part_abilities[ability_id])
    found = list(abilities.values())
    Registry("smash-up", found, SU_HOOKS, rules_index())  # checked here, once
    return ids, found


def _ids(card_set: str, parts: frozenset[str] | None = None) -> dict[str, str]:
    """Definition -> ability id for a card set, or for a combination of sets (each part
    changes other cards: the default's abilities, then each part's changes); with
    ``parts``, for those parts' definitions only."""
    if parts is None:
        ids = _parsed()[0]
    else:
        ids = {}
        for part in all_parts():
            if part in parts:
                ids.update(_part_parsed(part)[0])
    found = {defn: a for (cs, defn), a in ids.items() if cs == DEFAULT_CARD_SET}
    for set_part in card_set_parts(card_set):
        for (cs, defn), a in ids.items():
            if cs == set_part:
                found[defn] = a
    return found


def unimplemented_abilities(card_set: str = "70s-2018") -> list[str]:
    """The ability texts of ``card_set``'s cards and bases that are not in the registry (a
    bare id naming no ability): none, since every ability is an expression."""
    known = _ids(card_set)
    return sorted(
        str(d.ability)
        for _, defn, d in _definitions(card_set)
        if d.ability is not None and defn not in known
    )


@cache
def build_registry() -> Registry:
    """Every ability of every card set, parsed and checked (one :class:`DataError` line
    naming the file, the card and the problem)."""
    return Registry("smash-up", _parsed()[1], SU_HOOKS, rules_index())


def registry_of(parts: frozenset[str]) -> Registry:
    """The abilities of some parts' cards and bases (every card set's), parsed and checked:
    what a game object holds while the games it has played needed only those parts."""
    abilities = [
        ability
        for part in all_parts()
        if part in parts
        for ability in _part_parsed(part)[1].values()
    ]
    return Registry("smash-up", abilities, SU_HOOKS, rules_index())


def card_abilities(card_set: str, parts: frozenset[str] | None = None) -> dict[str, Ability]:
    """Definition -> its ability in the vocabulary, for one card set; with ``parts``, for
    those parts' definitions only (their abilities parsed when first asked for)."""
    if parts is None:
        return dict(_card_abilities(card_set))
    by_id: dict[str, Ability] = {}
    for part in parts:
        by_id.update(_part_parsed(part)[1])
    return {defn: by_id[a] for defn, a in _ids(card_set, parts).items()}


@cache
def _card_abilities(card_set: str) -> dict[str, Ability]:
    registry = build_registry()
    return {defn: registry.ability(a) for defn, a in _ids(card_set).items()}


#: a Special's windows, its first argument in an ability's text: a word or a list of words
_SPECIAL = re.compile(r"\bspecial\(\s*(\[[^\]]*\]|'[^']*')")


@cache
def special_windows() -> frozenset[str]:
    """The windows a Special of any card or base of any card set answers, read from the data
    files' texts without reading their cards (:attr:`.SmashUp.special_windows`: a game opens
    a Me First! window that some Special answers, whichever parts are loaded)."""
    from .carddata import BASES_FILE, FACTIONS_DIR, MADNESS_FILE

    windows: set[str] = set()
    for path in [*sorted(FACTIONS_DIR.glob("*.toml")), BASES_FILE, MADNESS_FILE]:
        for found in _SPECIAL.findall(path.read_text(encoding="utf-8")):
            value = ast.literal_eval(found)
            windows.update((value,) if isinstance(value, str) else value)
    return frozenset(windows)


def ability_kinds() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """Every ability of both card sets, as (written as data, Python): ability id -> the
    cards and bases that have it. An ability is Python when its expression uses one of
    :data:`CARD_WORDS` (words written in Python for one card)."""
    data: dict[str, list[str]] = {}
    python: dict[str, list[str]] = {}
    seen: set[tuple[str, str]] = set()
    registry = build_registry()
    ids = _parsed()[0]
    for card_set in CARD_SETS:
        for _, defn, d in _definitions(card_set):
            text = d.ability
            if text is None or (defn, text) in seen:
                continue
            seen.add((defn, text))
            ability = ids[(card_set, defn)]
            kind = python if called_words(text) & set(CARD_WORDS) else data
            kind.setdefault(registry.ability(ability).id, []).append(d.name)
    return data, python


# ------------------------------------------------------------------------------ evaluating
def _ctx(g: SmashUp, s: SUState, ability: Ability, src: int, vars: Bindings) -> Ctx:
    controller = s.cards[src].controller
    return Ctx(g, s, ability, CardRef(src), controller, vars)


def _limited_to(applies: Expr | None, attr: str) -> bool:
    """Whether a rule's ``applies`` holds only for cards whose ``attr`` is true: it is
    ``it.<attr>``, or an ``and`` with that among its parts."""
    parts = applies.parts if isinstance(applies, AllOf) else (applies,)
    return any(
        isinstance(p, Attr) and p.name == attr and isinstance(p.what, Var) and p.what.name == "it"
        for p in parts
    )


def _cards(**named: int) -> Bindings:
    return Bindings(cards={k: [CardRef(v)] for k, v in named.items() if v >= 0})


def _acting_vars(s: SUState, target: int, actor: int, card: int = -1) -> Bindings:
    """What a "cannot" about ``target`` (bound as ``it``) sees: the actor and the acting
    card, ``card`` if given (a card in play whose ongoing effect is asked about, acting for
    ``actor``), else the card whose ability runs. Made in one go: asked for every card in
    play that protects, at every look at a destination."""
    cards: dict[str, list[CardRef]] = {"it": [CardRef(target)]} if target >= 0 else {}
    if card >= 0:
        cards["acting"] = [CardRef(card)]
        return Bindings(cards, {"actor": actor, "acting_seat": actor})
    acting = s.acting
    if acting is not None and acting.source >= 0:
        cards["acting"] = [CardRef(acting.source)]
        return Bindings(cards, {"actor": actor, "acting_seat": acting.seat})
    return Bindings(cards, {"actor": actor})


#: event data keys that name cards -> the name they are bound as
CARD_KEYS = {
    "minion_card": "minion",
    "base_card": "base",
    "source_card": "source",
    "action_card": "action",
    "target_card": "target",
    "to_card": "to",
    "from_card": "from",
    "card": "card",
    "new_base_card": "new_base",
    "was_on_card": "was_on",
}
_CARD_KEYS = tuple(CARD_KEYS.items())
NUM_KEYS = ("seat", "owner", "controller", "by", "direct", "standard", "counters")
WORD_KEYS = ("verb", "mode")
#: each event's main card (what ``when`` listeners about the card itself hear)
MAIN_CARD = {
    "minion_played": "minion_card",
    "action_played": "action_card",
    "minion_destroyed": "minion_card",
    "minion_moved": "minion_card",
    "minion_affected": "minion_card",
    "card_returned": "card",
    "card_to_deck": "card",
    "card_to_discard": "card",
    "action_transferred": "action_card",
    "before_scoring": "base_card",
    "when_scoring": "base_card",
    "after_scoring": "base_card",
    "base_replaced": "base_card",
    "left_play": "card",
}


def event_vars(data: dict[str, Any]) -> Bindings:
    """What an event's data binds for listeners: cards by name, numbers, words."""
    cards: dict[str, list[CardRef]] = {}
    nums: dict[str, int] = {}
    words_: dict[str, str] = {}
    # (plain loops in the keys' order, no comprehensions: half the time, at every event)
    for key, name in _CARD_KEYS:
        if key in data:
            value = data[key]
            if isinstance(value, int) and value >= 0:
                cards[name] = [CardRef(value)]
    for key in NUM_KEYS:
        if key in data:
            nums[key] = int(data[key])
    for key in WORD_KEYS:
        if key in data:
            words_[key] = str(data[key])
    return Bindings(cards, nums, words_)


#: the names an event binds to cards -> their keys in its data, for :func:`.reach.heard_about`
#: (``card`` left out: the hook binds it to the event's main card, whatever the data says)
_ABOUT = {name: key for key, name in CARD_KEYS.items() if name != "card"}


def _listener_hook(event: str) -> Callable[..., None]:
    def hook(
        g: SmashUp, s: SUState, src: int, data: dict[str, Any], vars: Bindings | None = None
    ) -> None:
        main = data.get(MAIN_CARD.get(event, ""), -1)
        card = main if isinstance(main, int) and main >= 0 else None
        seat = int(data.get("seat", -1))
        if vars is None:  # (``fire`` works them out once for every card that hears the event)
            vars = event_vars(data)
        if card == src:
            hear(g, s, src, "self", event, "after", seat, card, vars)
        if g.base_of(s, src) >= 0 or src in s.zones["bases"]:
            hear(g, s, src, "any", event, "after", seat, card, vars)

    return hook


def spec_from_ability(ability: Ability) -> AbilitySpec:
    """The hooks the rules consult for one ability written in the vocabulary (values,
    "cannot"s, events, replacements, Talents, Specials, scoring, copying ...), evaluated from
    its expressions."""
    from .specs import AbilitySpec, Special

    hooks = ability.hooks
    fields: dict[str, Any] = {"ability": ability}
    # each modifier's ``applies`` (None: its own card only) and amount, compiled
    mods: dict[str, list[tuple[Callable[[Ctx], Any] | None, Callable[[Ctx], Any]]]] = {}
    for mod in ability.modifiers:
        applies = None if mod.applies is None else compiled(mod.applies)
        mods.setdefault(mod.key, []).append((applies, compiled(mod.amount)))

    def summed(key: str, with_seat: bool) -> Callable[..., int]:
        """The hook for modifier ``key``: ``(game, state, source, it, extra)``, where
        ``extra`` is the seat whose power it is (``player_power``) or the base, unused
        (``power``); called directly, with no wrapper, for every minion at every base."""
        entries = mods[key]

        def amount(g: SmashUp, s: SUState, src: int, it: int, extra: int = -1) -> int:
            total = 0
            ctx: SUCtx | None = None
            for applies, value in entries:
                if applies is None and it != src:
                    continue  # a modifier with no ``applies`` changes its own card only
                if ctx is None:
                    bound = {"it": [CardRef(it)]} if it >= 0 else {}
                    seated = with_seat and extra >= 0
                    vars = Bindings(bound, {"seat": extra}) if seated else Bindings(bound)
                    ctx = Ctx(g, s, ability, CardRef(src), s.cards[src].controller, vars)
                if applies is not None and not applies(ctx):
                    continue
                total += int(value(ctx))
            return total

        return amount

    if "power" in mods:
        fields["power"] = summed("power", False)  # (game, state, source, minion, base)
    if "breakpoint" in mods:
        fields["breakpoint"] = summed("breakpoint", False)  # (game, state, source, base)
    if "player_power" in mods:
        fields["player_power"] = summed("player_power", True)  # (..., base, seat)
    actions = {r.action for r in ability.rules}
    if actions - {"play", "play_from_discard"}:
        # the actions all of whose rules are about the card itself (``it == self``, or no
        # ``applies``): asked about another card, they cannot hold (nothing evaluated)
        own_only = frozenset(
            a
            for a in actions
            if all(
                r.applies is None or isinstance(selection(r.applies, "it"), SelfCard)
                for r in ability.rules
                if r.action == a
            )
        )

        # the actions all of whose rules bind only other players' actions (``by='opponent'``)
        by_others = frozenset(
            a for a in actions if all(r.by == "opponent" for r in ability.rules if r.action == a)
        )

        def protect(
            g: SmashUp, s: SUState, src: int, target: int, action: str, actor: int, card: int = -1
        ) -> bool:
            if action not in actions:
                return False  # no rule of this ability is about ``action``
            if target != src and action in own_only:
                return False
            if action in by_others and not binds("opponent", actor, s.cards[src].controller):
                return False  # (as card_permissions would find, before anything is bound)
            vars = _acting_vars(s, target, actor, card)
            found = card_permissions(g, s, ability, src, action, target, actor, vars)
            return any(not p.allow for p in found)

        fields["protect"] = protect
        fields["protects"] = frozenset(actions)
    if "play" in actions:  # "cannot play" a particular card there (a ban)

        def play_ban(g: SmashUp, s: SUState, src: int, seat: int, card: int, dest: int) -> bool:
            vars = Bindings({"it": [CardRef(card)], "to": [CardRef(dest)]}, {"actor": seat})
            found = card_permissions(g, s, ability, src, "play", card, seat, vars)
            return any(not p.allow for p in found)

        fields["play_ban"] = play_ban
        fields["ban_reach"] = rule_reach(ability, "play")
    if "play_from_discard" in actions:  # "can play it from the discard pile"

        def play_from(g: SmashUp, s: SUState, src: int, seat: int, card: int, dest: int) -> bool:
            vars = Bindings({"it": [CardRef(card)], "to": [CardRef(dest)]}, {"actor": seat})
            found = card_permissions(g, s, ability, src, "play_from_discard", card, seat, vars)
            return any(p.allow for p in found)

        fields["play_from"] = play_from
        fields["from_reach"] = rule_reach(ability, "play_from_discard")
        fields["play_from_actions"] = any(
            r.allow and not _limited_to(r.applies, "minion")
            for r in ability.rules
            if r.action == "play_from_discard"
        )
    if ability.listeners:
        events = {lis.event for lis in ability.listeners}
        fields["hooks"] = {event: _listener_hook(event) for event in events}
        about = {event: heard_about(ability, event, _ABOUT) for event in events}
        fields["heard_about"] = {event: key for event, key in about.items() if key is not None}
    if ability.replacements:
        events = {rep.event for rep in ability.replacements}
        fields["replace"] = {event: _replacement(ability, event) for event in events}
    talent = hooks.get("talent")
    if isinstance(talent, Talent):
        fields["talent"] = _marker
        if talent.condition is not None:
            cond = compiled(talent.condition)

            def talent_ok(g: SmashUp, s: SUState, cid: int) -> bool:
                seat = s.cards[cid].controller  # (asked at every Play Cards question)
                if seat < 0:  # a base's Talent: the player whose turn it is
                    seat = s.active
                return bool(
                    cond(Ctx(g, s, ability, CardRef(cid), seat, Bindings(nums={"player": seat})))
                )

            fields["talent_ok"] = talent_ok
    special = hooks.get("special")
    if isinstance(special, SpecialHook):
        fields["special"] = Special(
            windows=special.windows,
            zone=special.zone,
            usable=_special_test(ability, special.usable),
            run=_marker if special.effect is not None else None,
            only=special.only,
            could_use=_special_test(ability, special.could_use),
        )
    scoring = hooks.get("scoring")
    if isinstance(scoring, Scoring):
        fields["scoring"] = _scoring(ability, scoring)
    ignore = hooks.get("ignore_base")
    if isinstance(ignore, Expr):

        def ignores(g: SmashUp, s: SUState, src: int, base: int, seat: int) -> bool:
            vars = Bindings({"it": [CardRef(base)]}, {"seat": seat})
            return bool(compiled(ignore)(_ctx(g, s, ability, src, vars)))

        fields["ignore_base"] = ignores
    instead = hooks.get("instead_of_discard")
    if isinstance(instead, InsteadOfDiscard):

        def where(g: SmashUp, s: SUState, src: int, card: int, base: int) -> str | None:
            ctx = _ctx(g, s, ability, src, _cards(it=card, base=base))
            return instead.where if compiled(instead.applies)(ctx) else None

        if instead.effect is None:
            fields["instead_of_discard"] = where
        else:

            def offers(g: SmashUp, s: SUState, src: int, card: int) -> bool:
                return bool(compiled(instead.applies)(_ctx(g, s, ability, src, _cards(it=card))))

            fields["offer_instead"] = offers
    copies = hooks.get("copy")
    if isinstance(copies, Copies):
        fields["copy"] = _copier(ability, copies)
    twice = hooks.get("talent_twice")
    if isinstance(twice, Expr):

        def again(g: SmashUp, s: SUState, src: int, card: int) -> bool:
            return bool(compiled(twice)(_ctx(g, s, ability, src, _cards(it=card))))

        fields["talent_twice"] = again
    if "on_play" in hooks:
        fields["on_play"] = _marker
    return AbilitySpec(ability.id, **fields)


def _marker(*args: Any) -> None:
    """Stands for an effect written in the vocabulary (the rules start it as a vocabulary
    effect, see ``events.start_effect``)."""
    raise AssertionError("a vocabulary effect is started, not called")


def _special_test(ability: Ability, test: Expr | None) -> Callable[..., bool] | None:
    if test is None:
        return None

    check = compiled(test)  # (asked for every Special in hand at every question)

    def usable(g: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
        base = int(window.get("base_card", -1))
        minion = int(window.get("minion_card", -1))  # (after a destruction: the minion)
        vars = Bindings(_cards(base=base, minion=minion).cards, {"player": seat})
        return bool(check(Ctx(g, s, ability, CardRef(card), seat, vars)))

    return usable


def _scoring(ability: Ability, scoring: Scoring) -> Callable[..., dict[int, int]]:
    def extra(g: SmashUp, s: SUState, base: int, places: dict[int, int]) -> dict[int, int]:
        vars = _cards(base=base)
        ctx = _ctx(g, s, ability, base, vars)
        seats = list(range(len(s.names))) if scoring.who is None else scoring.who.eval(ctx)
        out: dict[int, int] = {}
        for seat in seats:
            vp = int(scoring.vp.eval(Ctx(g, s, ability, CardRef(base), seat, vars)))
            if vp:
                out[seat] = vp
        return out

    return extra


def _replacement(ability: Ability, event: str) -> Callable[..., bool]:
    def replace(g: SmashUp, s: SUState, src: int, data: dict[str, Any]) -> bool:
        minion = int(data.get("minion_card", -1))
        return try_replacement(g, s, ability, src, event, minion, event_vars(data))

    return replace


def _copier(ability: Ability, copies: Copies) -> Callable[..., tuple[int, list[int]]]:
    def copy(
        g: SmashUp, s: SUState, copier: int, action: int, rec: CopyRecord
    ) -> tuple[int, list[int]]:
        about = action if copies.once == "action" else None
        if g.once_used(s, copier, "copy", about):
            return -1, []
        vars = Bindings(
            _cards(target=rec.target, base=rec.base, action=action).cards,
            {"controller": rec.controller, "seat": rec.seat},
        )
        ctx = _ctx(g, s, ability, copier, vars)
        if copies.when is not None and not compiled(copies.when)(ctx):
            return -1, []
        seat = s.cards[copier].controller if copies.who is None else copies.who.eval(ctx)
        seat = seat if isinstance(seat, int) else next(iter(seat))
        return seat, [int(c) for c in cards_of(copies.onto.eval(ctx))]

    return copy


@cache
def rules_index() -> RulesIndex:
    """Smash Up's rules index (``rules.toml``), loaded once."""
    return RulesIndex.load(Path(__file__).parent / "rules.toml")
