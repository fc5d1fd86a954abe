"""Blue Moon's special powers on the core registry: the game's hook kinds, the items that fill
them, and the abilities built from the card data.

Every card with a special power has one ability, named by its card number (``"Hoax 12"``),
citing its rule (``rule`` in the card data: cards printing the same text cite the same rule and
must carry the same ``power``) and written as one vocabulary expression (``power``), parsed and
checked when the game loads (``words.py`` holds Blue Moon's words; the few powers that need
Python are words of ``powers/<people>.py``). The items of an expression go to these hooks:

=============== =================================================================================
hook            what it holds (the word that makes it)
=============== =================================================================================
on_play         the effect of a "now" power (a bare effect in ``power``)
listeners       start / after booster-support / end of turn powers (``at_start`` ...: core
                listeners to the events the turn announces)
ignores         what of other cards the power ignores, by priority (``ignore``)
modifiers       changes to single card values (``double``, ``at_least``, ``becomes``: core
                modifiers, folded by the game's own rule, ``inforce.py``)
floors          "my total power counts as at least N" (``floor``)
forbids         "my opponent may not ..." (core ``forbid``: a card's "cannot" beats every "can")
grants          extra plays on its player's turns, which text allows even after STOP (``grant``)
free            cards that count as FREE (``free``)
play_condition  "I may only play this if" (``play_condition``)
take_limits     how many more cards a player may take into hand (``take_limit``)
requirements    what the opponent must have done by the end of their booster/support phase, or
                retreat (``must``)
dragons         changes to the dragons won when a player retreats, by priority (``dragons``)
targets         "I pick one of my ...": the cards the power may apply to (``target``)
turn_actions    answers the power adds to the turn decision (``turn_action``)
keywords        words the rules look for (``keyword("land_from_hand")``: Sea Falcon)
=============== =================================================================================

The registry derives from the hooks which abilities the rules must consult for each question
(``Registry.having``), so a hook cannot be half-wired.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.rules import RulesIndex
from cardwright.core.state import CardRef, Option
from cardwright.core.vocab import Effect, Expr, Verb, flat_items, hooks_from

# ignore masks
IG_TEXT = 1
IG_FIRE = 2
IG_EARTH = 4
IG_VALUES = IG_FIRE | IG_EARTH
IG_ICONS = 8
IG_CARD = IG_TEXT | IG_VALUES | IG_ICONS
IGNORED = {
    "text": IG_TEXT,
    "fire": IG_FIRE,
    "earth": IG_EARTH,
    "values": IG_VALUES,
    "icons": IG_ICONS,
    "card": IG_CARD,
}

# value layers (ignoring is layer 0, floors on total power come last)
LAYER_INCREASE = 1
LAYER_DOUBLE = 2

# dragon-count priorities: additional, fewer, at most, none
DRAGON_ADDITIONAL = 1
DRAGON_FEWER = 2
DRAGON_AT_MOST = 3
DRAGON_NONE = 4

ANY_NUMBER = 99

# TurnInfo.uses key: this turn needs no character (Bounce Back)
CHARACTER_OPTIONAL = "character_optional"

#: the events the turn announces, which start, after booster/support and end powers hear
TURN_START = "turn_start"
AFTER_SUPPORT = "after_support"
END_EVENTS = ("turn_end", "turn_ending", "turn_over")

#: verbs whose effect backtracking can undo (or that mark the turn themselves); playing a card
#: with any other "now" effect after the retreat point makes the turn irreversible
REVERSIBLE_VERBS = frozenset({"switch_element", "discard_at_random", "no_character_needed"})

HOOK_KINDS: dict[str, str] = {
    "ignores": "what of other cards the power ignores (text, values, icons), by priority",
    "floors": "my total power counts as at least N",
    "grants": "extra plays on its player's turns",
    "free": "cards that count as FREE",
    "play_condition": "the card may be played from hand only if this holds",
    "take_limits": "how many more cards a player may take into hand",
    "requirements": "what the opponent must do by the end of their booster/support phase",
    "dragons": "changes to the dragons won when a player retreats",
    "targets": "I pick one of my ...: the cards the power may apply to",
    "turn_actions": "answers the power adds to the turn decision",
}

#: hook item classes of Python powers, by hook kind (``powers/``: a Caterpillar's demand)
EXTRA_ITEMS: dict[type, str] = {}


# ==================================================================================== items
@dataclass(frozen=True, slots=True)
class IgnoreItem:
    """What a power ignores of the cards ``applies`` holds for (``it``): a mask of ``IG_*``
    bits; with ``IG_ICONS`` the icons in ``keep`` survive (STOP). Sources act in ``priority``
    order (lowest first); ``pierces``: it names icons, so it reaches PROTECTED cards too."""

    mask: int
    applies: Expr
    priority: int = 99
    keep: frozenset[str] = frozenset()
    pierces: bool = False


@dataclass(frozen=True, slots=True)
class FloorItem:
    """My total power counts as at least ``amount`` (in ``element`` only, if given)."""

    amount: Expr
    element: str = ""


@dataclass(frozen=True, slots=True)
class GrantItem:
    """On my turns I may play ``n`` more cards of ``kind`` (``character``, ``booster``,
    ``support``, ``either``; 99: any number)."""

    kind: str
    n: int


@dataclass(frozen=True, slots=True)
class FreeItem:
    """A card counts as FREE while ``condition`` holds: the card itself in hand (``own``), or
    (``own=False``) any card its player plays (Yang: "the next card I play")."""

    condition: Expr
    own: bool = True


@dataclass(frozen=True, slots=True)
class TakeLimitItem:
    """The seats ``whose`` names may take at most ``amount`` more cards into hand now (only
    from the draw deck with ``from_deck``), while ``condition`` holds."""

    amount: Expr
    whose: str = "opponent"
    from_deck: bool = False
    condition: Expr | None = None


@dataclass(frozen=True, slots=True)
class RequirementItem:
    """By the end of their booster/support phase the seats ``whose`` names must have made
    ``met`` true, or retreat."""

    met: Expr
    whose: str = "opponent"


@dataclass(frozen=True, slots=True)
class DragonItem:
    """When a seat ``retreats`` names retreats (and ``condition`` holds), the dragons won
    change: ``more``/``fewer`` (``priority`` 1/2), ``at_most`` (3, or 4 for none)."""

    retreats: str
    more: int = 0
    fewer: int = 0
    at_most: int = -1
    condition: Expr | None = None

    @property
    def priority(self) -> int:
        if self.more:
            return DRAGON_ADDITIONAL
        if self.fewer:
            return DRAGON_FEWER
        return DRAGON_AT_MOST if self.at_most > 0 else DRAGON_NONE

    def change(self, n: int) -> int:
        if self.more or self.fewer:
            return n + self.more - self.fewer
        return min(n, self.at_most)


@dataclass(frozen=True, slots=True)
class TargetItem:
    """ "I pick one of my ...": the power applies to one of ``candidates``, its player's pick
    (``BMState.targets``; asked again whenever the pick is no longer a candidate)."""

    candidates: Expr


@dataclass(frozen=True, slots=True)
class TurnActionItem:
    """An answer the power adds to the turn decision of the seat ``whose`` names, once in each
    of its turns, while ``condition`` holds (for the acting seat): ``effect`` (a verb whose
    chosen argument, if any, gives one answer per candidate: ``ab:<power card>:<card>``, or
    ``ab:<power card>:<word>`` without one), labelled ``label`` (``{source}``: the power
    card's name, ``{card}``: the candidate's). The acting seat is "you" in the effect.

    Python powers supply their own object with the same ``options``/``act``/``undoable``."""

    effect: Effect
    label: str
    whose: str = "you"
    word: str = "use"
    condition: Expr | None = None

    @property
    def undoable(self) -> bool:
        return reversible(self.effect)

    def _ctx(self, eff: Any, src: int, ability: Ability, seat: int) -> Any:
        return eff.ctx(src, ability, seat)

    def options(self, eff: Any, src: int, ability: Ability, seat: int) -> list[Option]:
        s, g = eff.s, eff.g
        if (self.whose == "you") != (seat == s.cards[src].controller):
            return []
        if s.turn_info.card_uses.get(src):
            return []
        ctx = self._ctx(eff, src, ability, seat)
        if self.condition is not None and not self.condition.eval(ctx):
            return []
        name = g.card_name(s, src)
        choice = self.effect.choice if isinstance(self.effect, Verb) else None
        if choice is None:
            return [
                Option(
                    f"ab:{src}:{self.word}",
                    self.label.format(source=name),
                    card=CardRef(src),
                    arg="ab",
                )
            ]
        return [
            Option(
                f"ab:{src}:{c}",
                self.label.format(source=name, card=g.card_name(s, c)),
                card=CardRef(src),
                arg="ab",
                target=c,
            )
            for c in choice.eval(ctx)
        ]

    def act(self, eff: Any, src: int, ability: Ability, seat: int, option: Option) -> None:
        eff.s.turn_info.card_uses[src] = 1
        ctx = self._ctx(eff, src, ability, seat)
        effect = self.effect
        if isinstance(effect, Verb) and effect.choice is not None:
            assert option.target is not None
            effect.apply(ctx, [option.target])
        else:
            effect.do(ctx)


BM_ITEMS: dict[type, str] = {
    IgnoreItem: "ignores",
    FloorItem: "floors",
    GrantItem: "grants",
    FreeItem: "free",
    TakeLimitItem: "take_limits",
    RequirementItem: "requirements",
    DragonItem: "dragons",
    TargetItem: "targets",
    TurnActionItem: "turn_actions",
}


@dataclass(frozen=True, slots=True)
class PlayCondition:
    """The card may be played from hand only while ``condition`` holds."""

    condition: Expr


def bm_hooks(items: Iterable[Any]) -> dict[str, Any]:
    """Sort a power's parsed items into hooks: Blue Moon's items to its hook kinds, the rest
    (listeners, modifiers, keywords, prohibitions, the "now" effect) as the core sorts them."""
    hooks: dict[str, Any] = {}
    core: list[Any] = []
    for item in flat_items(items):
        kind = BM_ITEMS.get(type(item)) or EXTRA_ITEMS.get(type(item))
        if kind is not None:
            hooks[kind] = (*hooks.get(kind, ()), item)
        elif isinstance(item, PlayCondition):
            if "play_condition" in hooks:
                raise DataError("two play conditions")
            hooks["play_condition"] = item.condition
        else:
            core.append(item)
    for kind, value in hooks_from(core, "on_play").items():
        hooks[kind] = value
    return hooks


def reversible(effect: Effect | None) -> bool:
    """Whether backtracking can undo ``effect`` (every verb in it is reversible)."""
    if effect is None:
        return True
    if isinstance(effect, Verb):
        return effect.spec.name in REVERSIBLE_VERBS
    parts = effect.parts()
    return bool(parts) and all(reversible(p) for p in parts)


# ==================================================================================== the registry
@dataclass(frozen=True)
class Powers:
    """The registry and, per card number, the card's ability and what the rules need to know
    of it without looking: which Blue Moon hooks it has, and whether its "now" effect can be
    undone by backtracking."""

    registry: Registry
    by_card: Mapping[str, Ability]
    slots: Mapping[str, tuple[str, ...]]
    undoable: Mapping[str, bool]
    #: card numbers whose power has a play condition, makes its own card FREE, listens, or
    #: picks "one of my ..." cards
    conditional: frozenset[str] = field(init=False)
    own_free: frozenset[str] = field(init=False)
    listening: frozenset[str] = field(init=False)
    targeting: frozenset[str] = field(init=False)
    #: card numbers whose power may forbid or limit taking cards (``BlueMoon.drawable``)
    draw_limiting: frozenset[str] = field(init=False)
    #: per ability with ignores: the priority its ignoring acts at (its items' lowest)
    ignore_priority: Mapping[str, int] = field(init=False)
    #: per ``applies`` expression of an ignore, a value change or a prohibition (by ``id``:
    #: the expressions live as long as this object): its table of the cards it holds for when
    #: it reads only their definitions (``inforce.card_table``), and the selection it names
    tables: Mapping[int, frozenset[tuple[str, bool, bool]] | None] = field(init=False)
    splits: Mapping[int, Expr | None] = field(init=False)
    #: per ability: the lists of the powers in force its hooks put it in (``InForce``)
    buckets: Mapping[str, tuple[str, ...]] = field(init=False)

    def __post_init__(self) -> None:
        def having(test: Any) -> frozenset[str]:
            return frozenset(n for n, a in self.by_card.items() if test(a))

        object.__setattr__(self, "conditional", having(lambda a: "play_condition" in a.hooks))
        own = having(lambda a: any(i.own for i in a.hooks.get("free", ())))
        object.__setattr__(self, "own_free", own)
        object.__setattr__(self, "listening", having(lambda a: "listeners" in a.hooks))
        object.__setattr__(self, "targeting", having(lambda a: "targets" in a.hooks))
        priority = {
            a.id: min(i.priority for i in a.hooks["ignores"])
            for a in self.by_card.values()
            if "ignores" in a.hooks
        }
        object.__setattr__(self, "ignore_priority", priority)
        from cardwright.core.vocab.exprs import selection

        from .inforce import BUCKETS, card_table

        buckets = {
            a.id: tuple(BUCKETS[slot] for slot in self.slots[a.id] if slot in BUCKETS)
            for a in self.by_card.values()
        }
        object.__setattr__(self, "buckets", buckets)
        # the lists drawable reads (prohibitors, take limits), from the same table
        limits = having(lambda a: {"prohibitors", "take_srcs"} & set(buckets[a.id]))
        object.__setattr__(self, "draw_limiting", limits)

        applies = {
            id(item.applies): item.applies
            for a in self.by_card.values()
            for kind in ("ignores", "modifiers", "forbids", "permits")
            for item in a.hooks.get(kind, ())
            if item.applies is not None
        }
        tables = {key: card_table(expr) for key, expr in applies.items()}
        object.__setattr__(self, "tables", tables)
        splits = {key: selection(expr) for key, expr in applies.items()}
        object.__setattr__(self, "splits", splits)


def ability_name(rule: str) -> str:
    """How a power is named in questions (the order of triggers): its rule's short name."""
    return rule.removeprefix("bm.ability.").replace("_", " ")


@functools.cache
def powers() -> Powers:
    """Every card's power parsed from the card data and checked: an unknown word, a malformed
    expression, an unknown rule, or cards citing one rule with different powers fail here with
    one line naming the file and the card."""
    from .carddata import load_all
    from .words import vocabulary

    words = vocabulary()
    rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
    abilities: list[Ability] = []
    by_card: dict[str, Ability] = {}
    text_of_rule: dict[str, tuple[str, str]] = {}
    for deck in load_all().values():
        fname = f"{deck.people.lower()}.toml"
        for card in deck.all_cards:
            if card.power is None or card.rule is None:
                continue
            where = f"{fname}: card {card.label}"
            first = text_of_rule.setdefault(card.rule, (card.power, card.label))
            if " ".join(first[0].split()) != " ".join(card.power.split()):
                raise DataError(
                    f"{where}: field 'power' differs from {first[1]}, which cites the same "
                    f"rule {card.rule!r}"
                )
            parsed = words.parse(card.power, where)
            try:
                hooks = bm_hooks(parsed if isinstance(parsed, list) else [parsed])
            except DataError as exc:
                raise DataError(f"{where}: {exc}") from None
            ability = Ability(card.number, card.rule, hooks, name=ability_name(card.rule))
            abilities.append(ability)
            by_card[card.number] = ability
    registry = Registry("blue-moon", abilities, hook_kinds=HOOK_KINDS, rules=rules)
    slots = {
        a.id: tuple(k for k in (*HOOK_KINDS, "forbids", "modifiers") if k in a.hooks)
        for a in abilities
    }
    undoable = {a.id: reversible(a.effect("on_play")) for a in abilities}
    return Powers(registry, by_card, slots, undoable)


def unimplemented_abilities() -> list[str]:
    """The powers (by rule, or card number without one) printed on cards that have no
    expression yet (their cards play without effect): none."""
    from .carddata import load_all

    return sorted(
        {
            c.rule or c.number
            for d in load_all().values()
            for c in d.all_cards
            if c.text and (c.power is None or c.number not in powers().by_card)
        }
    )
