"""The ability registry: every ability of a game, its hooks, and the indexes derived from them.

An :class:`Ability` is what one card (or one layer of a generated card, or one rule) does, made
of hooks: an effect to run on an occasion (``on_play``, ``cost``, ``effect``), listeners to
events (:class:`Listener`), continuous modifiers (:class:`ModifierSpec`), keywords, or any hook
kind the game declares. A :class:`Registry` holds a game's abilities and which card definitions
carry them; the indexes the engine consults (which definitions listen to an event, which change
a value, which carry a keyword) are derived from the hooks, so no hook can be half-wired.

Everything here is static data built when the game loads: an unknown hook kind, a duplicate
ability id, a rule the rules index lacks or an effect whose words the vocabulary does not know
fails then, naming the file and card (see :mod:`cardwright.core.vocab`).

>>> from cardwright.core.vocab import Draw, Const
>>> a = Ability("insured", "bw.card.insured", {"listeners": (Listener("dies", Draw(Const(1))),)})
>>> r = Registry("demo", [a], {"Insured Rock (2)": ("insured",)})
>>> sorted(r.listening("dies"))
['Insured Rock (2)']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DataError
from .game import AFTER, TIMINGS

if TYPE_CHECKING:
    from .vocab import Effect, Expr

#: The hook kinds every game understands; a game adds its own in :class:`Registry`.
CORE_HOOKS: dict[str, str] = {
    "on_play": "an effect run when the card is played",
    "cost": "an effect paid before an activated ability takes effect",
    "effect": "an activated ability's effect",
    "listeners": "listeners: effects run when an event happens",
    "modifiers": "continuous changes to values, computed when a value is asked",
    "keywords": "keywords the card has (a word the rules look for)",
}


@dataclass(frozen=True, slots=True)
class Listener:
    """An effect set off by an event.

    ``event`` and ``timing`` name the event (``before`` / ``when`` / ``after``). ``subject``:
    ``self`` listens to events about the card itself (wherever it is: a creature that dies
    hears its own death from the discard pile); ``any`` listens to events about any card while
    the card is in one of the game's live zones. ``by``: ``you`` only when the event's seat is
    the card's controller, ``opponent`` only when it is another seat. ``condition``: an
    expression that must be true. ``now``: run at once instead of queueing a trigger (for
    effects with no choice that the rules apply on the spot).
    """

    event: str
    effect: Effect
    subject: str = "self"
    timing: str = AFTER
    by: str = ""
    condition: Expr | None = None
    now: bool = False


@dataclass(frozen=True, slots=True)
class ModifierSpec:
    """A continuous change to a value while the card is live: ``key`` names the value (cost,
    power ...), ``amount`` is added (an expression, evaluated for the card whose value is asked,
    bound as ``it``), in ``layer`` order; ``applies`` (an expression over ``it``) limits which
    cards it changes (default: the card itself)."""

    key: str
    amount: Expr
    layer: int = 1
    applies: Expr | None = None


@dataclass(frozen=True)
class Ability:
    """One ability: its id (unique in the game), the rule it cites, its hooks, and how people
    call it (``name``: used in labels such as the order of triggers)."""

    id: str
    rule: str
    hooks: Mapping[str, Any]
    name: str = ""

    @property
    def label(self) -> str:
        return self.name or self.id.replace("_", " ")

    def effect(self, hook: str) -> Effect | None:
        found: Effect | None = self.hooks.get(hook)
        return found

    @property
    def listeners(self) -> tuple[Listener, ...]:
        found: tuple[Listener, ...] = tuple(self.hooks.get("listeners", ()))
        return found

    @property
    def modifiers(self) -> tuple[ModifierSpec, ...]:
        found: tuple[ModifierSpec, ...] = tuple(self.hooks.get("modifiers", ()))
        return found

    @property
    def keywords(self) -> frozenset[str]:
        return frozenset(self.hooks.get("keywords", ()))


@dataclass
class Registry:
    """A game's abilities by id, the abilities of each card definition, and the indexes.

    ``carriers`` maps a definition id to the ids of its abilities (a definition may have
    several: Bizarre World's three layers). ``hook_kinds`` adds the game's own hook kinds to
    :data:`CORE_HOOKS`. ``rules`` (optional) is checked to contain every cited rule.
    """

    game: str
    abilities_list: list[Ability]
    carriers: Mapping[str, Iterable[str]]
    hook_kinds: Mapping[str, str] = field(default_factory=dict)
    rules: Any = None

    def __post_init__(self) -> None:
        from .vocab import index_effect

        kinds = {**CORE_HOOKS, **self.hook_kinds}
        self.abilities: dict[str, Ability] = {}
        for ab in self.abilities_list:
            if ab.id in self.abilities:
                raise DataError(f"{self.game}: ability {ab.id!r} is defined twice")
            unknown = sorted(set(ab.hooks) - set(kinds))
            if unknown:
                raise DataError(
                    f"{self.game}: ability {ab.id!r} has unknown hook(s) {unknown}; "
                    f"hooks: {', '.join(sorted(kinds))}"
                )
            if self.rules is not None and ab.rule not in self.rules:
                raise DataError(f"{self.game}: ability {ab.id!r} cites unknown rule {ab.rule!r}")
            for lis in ab.listeners:
                if lis.timing not in TIMINGS or lis.subject not in ("self", "any"):
                    raise DataError(f"{self.game}: ability {ab.id!r}: a malformed listener")
            self.abilities[ab.id] = ab
            for hook, value in ab.hooks.items():
                index_effect(self.game, ab, hook, value)
        self.of: dict[str, tuple[Ability, ...]] = {}
        for defn, ids in self.carriers.items():
            missing = [a for a in ids if a not in self.abilities]
            if missing:
                raise DataError(f"{self.game}: card {defn!r} names unknown abilit(ies) {missing}")
            self.of[defn] = tuple(self.abilities[a] for a in ids)
        self._listening: dict[tuple[str, str, str], frozenset[str]] = {}
        for defn, abilities in self.of.items():
            for ab in abilities:
                for lis in ab.listeners:
                    key = (lis.event, lis.timing, lis.subject)
                    self._listening[key] = self._listening.get(key, frozenset()) | {defn}
        self._having: dict[str, frozenset[str]] = {}
        self._modifying: dict[str, frozenset[str]] = {}
        self._keyword: dict[str, frozenset[str]] = {}
        for defn, abilities in self.of.items():
            for ab in abilities:
                for hook in ab.hooks:
                    self._having[hook] = self._having.get(hook, frozenset()) | {defn}
                for mod in ab.modifiers:
                    self._modifying[mod.key] = self._modifying.get(mod.key, frozenset()) | {defn}
                for word in ab.keywords:
                    self._keyword[word] = self._keyword.get(word, frozenset()) | {defn}

    # ----------------------------------------------------------------- derived indexes
    def listening(self, event: str, timing: str = AFTER, subject: str = "self") -> frozenset[str]:
        """The definitions with a listener to ``event`` at ``timing`` about ``subject``."""
        return self._listening.get((event, timing, subject), frozenset())

    def having(self, hook: str) -> frozenset[str]:
        """The definitions with an ability that has ``hook``."""
        return self._having.get(hook, frozenset())

    def modifying(self, key: str) -> frozenset[str]:
        """The definitions with a modifier of value ``key``."""
        return self._modifying.get(key, frozenset())

    def with_keyword(self, word: str) -> frozenset[str]:
        return self._keyword.get(word, frozenset())

    def abilities_of(self, defn: str) -> tuple[Ability, ...]:
        return self.of.get(defn, ())

    def ability(self, ability_id: str) -> Ability:
        return self.abilities[ability_id]
