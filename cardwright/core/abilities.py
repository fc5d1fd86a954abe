"""The ability registry: every ability of a game, its hooks, and the indexes derived from them.

An :class:`Ability` is what one card (or one layer of a generated card, or one rule) does, made
of hooks: an effect to run on an occasion (``on_play``, ``cost``, ``effect``), listeners to
events (:class:`Listener`), continuous modifiers (:class:`ModifierSpec`), keywords, or any hook
kind the game declares. A :class:`Registry` holds a game's abilities; the indexes the engine
consults (which abilities listen to an event, change a value, give a keyword) are derived from
the hooks, so no hook can be half-wired. The game says which abilities a card has
(:meth:`Game.abilities_of`).

Everything here is static data built when the game loads: an unknown hook kind, a duplicate
ability id, a rule the rules index lacks or an effect whose words the vocabulary does not know
fails then, naming the file and card (see :mod:`cardwright.core.vocab`).

>>> from cardwright.core.vocab import draw
>>> a = Ability("insured", "bw.card.insured", {"listeners": (Listener("dies", draw(1)),)})
>>> sorted(Registry("demo", [a]).listening("dies"))
['insured']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DataError
from .timing import AFTER, TIMINGS

if TYPE_CHECKING:
    from .vocab import Effect, Expr
    from .vocab.base import NodeTable

_NONE: frozenset[str] = frozenset()  # what an index gives for a key it does not have

#: The hook kinds every game understands; a game adds its own in :class:`Registry`.
CORE_HOOKS: dict[str, str] = {
    "on_play": "an effect run when the card is played",
    "cost": "an effect paid before an activated ability takes effect",
    "effect": "an activated ability's effect",
    "listeners": "listeners: effects run when an event happens",
    "modifiers": "continuous changes to values, computed when a value is asked",
    "keywords": "keywords the card has (a word the rules look for)",
    "forbids": 'prohibitions: a "cannot" for an action (it beats every "can")',
    "permits": 'permissions: a "can" for an action a rule would forbid',
    "replacements": "replacement effects: what happens instead of an event",
    "treats": 'rules for how the card\'s controller treats cards ("treated as")',
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
    effects with no choice that the rules apply on the spot). ``who``: the seats the effect
    acts for, one trigger each in that order (an expression giving seats; default the card's
    controller): "each player with a minion here may draw". ``once``: set off at most once
    per turn (an expression naming what the limit is per, such as the card that caused the
    event, or ``True``): :meth:`Game.listener_used`. ``single``: several live cards with
    the same text (abilities citing the same rule) hearing one event trigger it once ("one in
    total, however many Storms").
    """

    event: str
    effect: Effect
    subject: str = "self"
    timing: str = AFTER
    by: str = ""
    condition: Expr | None = None
    now: bool = False
    who: Expr | None = None
    once: Expr | None = None
    single: bool = False


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


@dataclass(frozen=True, slots=True)
class Rule:
    """A "cannot" (``forbid``) or a "can" (``permit``) for ``action`` while the card is live.

    ``applies``: which card it is about (an expression over ``it``, the card the action would
    touch; None: the card itself). ``by``: whose action (``you``/``opponent`` relative to the
    card's controller; empty: anyone's). ``condition``: when it holds. ``supersedes``: a "can"
    that overrides a hard rule (Munchkin's "unless a card says so")."""

    action: str
    allow: bool
    applies: Expr | None = None
    by: str = ""
    condition: Expr | None = None
    supersedes: bool = False


@dataclass(frozen=True, slots=True)
class Replacement:
    """What happens instead of ``event`` (``"destroy"``, ``"discard"``, ``"roll"``): when the
    event is about to happen to a card it ``applies`` to (``it``; None: the card itself), the
    effect happens instead and the event does not."""

    event: str
    effect: Effect
    applies: Expr | None = None
    condition: Expr | None = None


@dataclass(frozen=True, slots=True)
class Treatment:
    """A "treated as" rule: while the card is live, its controller (and only its controller)
    treats the cards it ``applies`` to (``it``; None: every card) as having ``value`` in
    attribute ``attr``, in addition to what they have (``instead``: in place of it). The cards
    do not change; other players see them as they are (Varia 003 Becomes & Treated)."""

    attr: str
    value: Expr
    applies: Expr | None = None
    instead: bool = False


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: its id (unique in the game), the rule it cites, its hooks, and how people
    call it (``name``: used in labels such as the order of triggers). Its hooks are not
    changed once it is made: what is read from them is worked out once, when it is made (as
    plain slots, not cached properties: an instance with a ``__dict__`` is slower to read on
    every hot path that reads an ability's id or hooks)."""

    id: str
    rule: str
    hooks: Mapping[str, Any]
    name: str = ""
    listeners: tuple[Listener, ...] = field(init=False, repr=False, compare=False)
    modifiers: tuple[ModifierSpec, ...] = field(init=False, repr=False, compare=False)
    keywords: frozenset[str] = field(init=False, repr=False, compare=False)
    #: the ability's "cannot"s and "can"s
    rules: tuple[Rule, ...] = field(init=False, repr=False, compare=False)
    replacements: tuple[Replacement, ...] = field(init=False, repr=False, compare=False)
    treatments: tuple[Treatment, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        hooks, put = self.hooks, object.__setattr__
        put(self, "listeners", tuple(hooks.get("listeners", ())))
        put(self, "modifiers", tuple(hooks.get("modifiers", ())))
        put(self, "keywords", frozenset(hooks.get("keywords", ())))
        put(self, "rules", (*hooks.get("forbids", ()), *hooks.get("permits", ())))
        put(self, "replacements", tuple(hooks.get("replacements", ())))
        put(self, "treatments", tuple(hooks.get("treats", ())))

    @property
    def label(self) -> str:
        return self.name or self.id.replace("_", " ")

    def effect(self, hook: str) -> Effect | None:
        found: Effect | None = self.hooks.get(hook)
        return found


class Registry:
    """A game's abilities by id, and the indexes derived from their hooks.

    Which abilities a card has is the game's business (:meth:`Game.abilities_of`: Smash Up
    names one per card, Bizarre World's generated cards have one per layer, and a ruleset may
    change a layer), so the indexes are by ability id. ``hook_kinds`` adds the game's own hook
    kinds to :data:`CORE_HOOKS`; ``rules`` (a rules index) must contain every cited rule.
    """

    def __init__(
        self,
        game: str,
        abilities: Iterable[Ability],
        hook_kinds: Mapping[str, str] | None = None,
        rules: Any = None,
    ) -> None:
        from .vocab import index_effect

        self.game = game
        kinds = {**CORE_HOOKS, **(hook_kinds or {})}
        self.hook_kinds = kinds
        self.abilities: dict[str, Ability] = {}
        #: every effect node by key (what a flow step running an effect refers to)
        self.nodes: NodeTable = {}
        for ab in abilities:
            if ab.id in self.abilities:
                raise DataError(f"{game}: ability {ab.id!r} is defined twice")
            unknown = sorted(set(ab.hooks) - set(kinds))
            if unknown:
                raise DataError(
                    f"{game}: ability {ab.id!r} has unknown hook(s) {unknown}; "
                    f"hooks: {', '.join(sorted(kinds))}"
                )
            if rules is not None and ab.rule not in rules:
                raise DataError(f"{game}: ability {ab.id!r} cites unknown rule {ab.rule!r}")
            for lis in ab.listeners:
                if lis.timing not in TIMINGS or lis.subject not in ("self", "any"):
                    raise DataError(f"{game}: ability {ab.id!r}: a malformed listener")
                if lis.by not in ("", "you", "opponent"):
                    raise DataError(f"{game}: ability {ab.id!r}: by={lis.by!r} (you, opponent)")
            self.abilities[ab.id] = ab
            for hook, value in ab.hooks.items():
                index_effect(self.nodes, game, ab, hook, value)
        listening: dict[tuple[str, str, str], set[str]] = {}
        having: dict[str, set[str]] = {}
        modifying: dict[str, set[str]] = {}
        modifying_self: dict[str, set[str]] = {}
        keyword: dict[str, set[str]] = {}
        ruling: dict[str, set[str]] = {}
        replacing: dict[str, set[str]] = {}
        treating: dict[str, set[str]] = {}
        for ab in self.abilities.values():
            for t in ab.treatments:
                treating.setdefault(t.attr, set()).add(ab.id)
            for r in ab.rules:
                ruling.setdefault(r.action, set()).add(ab.id)
            for rep in ab.replacements:
                replacing.setdefault(rep.event, set()).add(ab.id)
            for lis in ab.listeners:
                listening.setdefault((lis.event, lis.timing, lis.subject), set()).add(ab.id)
            for hook in ab.hooks:
                having.setdefault(hook, set()).add(ab.id)
            for mod in ab.modifiers:
                mods = modifying_self if mod.applies is None else modifying
                mods.setdefault(mod.key, set()).add(ab.id)
            for word in ab.keywords:
                keyword.setdefault(word, set()).add(ab.id)
        self._listening = {k: frozenset(v) for k, v in listening.items()}
        self._having = {k: frozenset(v) for k, v in having.items()}
        self._modifying = {k: frozenset(v) for k, v in modifying.items()}
        self._modifying_self = {k: frozenset(v) for k, v in modifying_self.items()}
        self._keyword = {k: frozenset(v) for k, v in keyword.items()}
        self._ruling = {k: frozenset(v) for k, v in ruling.items()}
        self._replacing = {k: frozenset(v) for k, v in replacing.items()}
        self._treating = {k: frozenset(v) for k, v in treating.items()}

    # ----------------------------------------------------------------- derived indexes
    def listening(self, event: str, timing: str = AFTER, subject: str = "self") -> frozenset[str]:
        """The abilities with a listener to ``event`` at ``timing`` about ``subject``."""
        return self._listening.get((event, timing, subject), _NONE)

    def having(self, hook: str) -> frozenset[str]:
        """The abilities that have ``hook``."""
        return self._having.get(hook, _NONE)

    def modifying(self, key: str) -> frozenset[str]:
        """The abilities with a modifier of value ``key`` that applies to other cards."""
        return self._modifying.get(key, _NONE)

    def modifying_self(self, key: str) -> frozenset[str]:
        """The abilities with a modifier of their own card's value ``key``."""
        return self._modifying_self.get(key, _NONE)

    def with_keyword(self, word: str) -> frozenset[str]:
        return self._keyword.get(word, _NONE)

    def ruling(self, action: str) -> frozenset[str]:
        """The abilities with a "cannot" or a "can" for ``action``."""
        return self._ruling.get(action, _NONE)

    def replacing(self, event: str) -> frozenset[str]:
        """The abilities with a replacement for ``event``."""
        return self._replacing.get(event, _NONE)

    def treating(self, attr: str) -> frozenset[str]:
        """The abilities with a "treated as" rule for attribute ``attr``."""
        return self._treating.get(attr, _NONE)

    def ability(self, ability_id: str) -> Ability:
        return self.abilities[ability_id]

    def check_names(self, names: Iterable[str], where: str) -> None:
        """Raise one :class:`DataError` line if data names an ability that does not exist."""
        missing = sorted(set(names) - set(self.abilities))
        if missing:
            raise DataError(f"{where}: unknown abilit(ies) {missing}")
