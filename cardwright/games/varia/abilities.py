"""Varia's abilities: its words in the shared vocabulary, and the registry of every card's rules.

Each card's rules are one vocabulary expression in its data file (``rules``: what its action
does; ``item_rules``: an item's own textbox; a stack's ``rules``); printed keywords (fast,
impaired, improved, ranged, spellfuse) join them as keywords. :func:`build_registry` parses
them all when the game loads, so a typo fails then, naming the file and the card.

Varia's events, heard by the card's own ``when`` listeners: ``planned`` (the card was planned:
not when it comes back from the queue or is created as a token), ``drawn`` (not for the six
cards that open the game), ``start_of_moment`` / ``end_of_moment`` (its action's moment, while
the action is performed and not disrupted), ``on_hit`` (its action hit, after damage was dealt
and prevented). Live cards (items, stacks, actions on the timeline) hear ``start_of_moment``,
``end_of_moment`` and ``end_of_turn`` through ``whenever``.

Varia's own words, on top of the core's:

``opposing``, ``this_action``
    the action (its lead card) that opposes the action this card is part of in its moment (none
    when unopposed); the action this card is part of.
``damage``, ``engaged``, ``performing(who)``, ``balanced(who=you)``
    the damage this card's action dealt in its clash; whether the players are engaged; whether
    a seat performs an action (not disrupted) in the moment resolving; whether a seat's discard
    pile holds as many Angelic as Demonic actions, at least one of each, as that seat sees them.
``items(whose="you", <filters>)``
    a seat's items wherever they are (item zone, timeline, queue); filter ``ruined``.
``engage()``, ``disengage()``, ``disrupt(cards)``, ``ruin(cards)``, ``repair(cards)``,
``return_to_hand(cards)``, ``create_token(name)``, ``regain_roll(n, sides, plus=0)``
    verbs (a chosen argument asks the acting seat: ``ruin(choose(items(whose=opponent)))``).
``fix_dice(power=None, focus=None, roll_first=False, condition=None)``
    the action's dice count as fixed faces (rolled first and changed after when
    ``roll_first``): a hook of Varia's own kind ``dice``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.rules import Rule, RulesIndex
from cardwright.core.vocab import (
    Const,
    Expr,
    Hooked,
    Keyword,
    Verb,
    VerbSpec,
    Vocabulary,
    cards_of,
    core_words,
    filters_from,
    hooks_from,
)
from cardwright.core.vocab.exprs import Call, Filter, Seats, passing, seats_from

from .cards import STACK, CardDef, catalogue
from .state import VACtx

HOOK_KINDS = {"dice": "the action's dice count as fixed faces (Center the Soul, Twin Pillars)"}


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


# ------------------------------------------------------------------------------ values
def _opposing(ctx: VACtx) -> list[int]:
    if ctx.source is None:
        return []
    found = ctx.game.opposing_action(ctx.state, ctx.source)
    return [] if found is None else [found]


def _this_action(ctx: VACtx) -> list[int]:
    if ctx.source is None:
        return []
    found = ctx.game.slot_of(ctx.state, ctx.source)
    return [] if found is None else [found[2].lead]


def _damage(ctx: VACtx) -> int:
    if ctx.source is None:
        return 0
    found = ctx.game.slot_of(ctx.state, ctx.source)
    return 0 if found is None else found[2].damage


def _performing(ctx: VACtx, who: Any) -> bool:
    s = ctx.state
    seats = who if isinstance(who, list) else [who]
    return any(ctx.game.performs(s, int(seat)) for seat in seats)


def _balanced(ctx: VACtx, who: Any) -> bool:
    seats = who if isinstance(who, list) else [who]
    return bool(seats) and ctx.game.balanced(ctx.state, int(seats[0]))


@dataclass(frozen=True, slots=True)
class Items(Expr):
    """A seat's items wherever they are (item zone, timeline, queue), passing the filters."""

    whose: str
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: VACtx) -> list[Any]:
        s = ctx.state
        out = []
        for seat in seats_from(ctx, self.whose):
            for zone in ("item", "timeline", "queue"):
                for cid in s.zones[f"{zone}:{seat}"]:
                    if ctx.game.defn(s, cid).kind == "item":
                        out.append(cid)
        return passing(ctx, self.filters, out)


# ------------------------------------------------------------------------------ verbs
def _engage(ctx: VACtx) -> None:
    ctx.game.set_distance(ctx.state, True, ctx.you, ctx.rule, ctx.source)


def _disengage(ctx: VACtx) -> None:
    ctx.game.set_distance(ctx.state, False, ctx.you, ctx.rule, ctx.source)


def _each_card(method: str) -> Callable[[VACtx, Any], None]:
    """A verb that applies the game's ``method`` (disrupt, ruin ...) to each card."""

    def verb(ctx: VACtx, cards: Any) -> None:
        act = getattr(ctx.game, method)
        for cid in cards_of(cards):
            act(ctx.state, cid, ctx.rule)

    return verb


def _create_token(ctx: VACtx, name: str) -> None:
    assert ctx.source is not None
    ctx.game.create_token(ctx.state, str(name), ctx.you, ctx.source, ctx.rule)


def _regain_roll(ctx: VACtx, n: int, sides: int, plus: int = 0) -> None:
    ctx.game.regain_roll(ctx.state, ctx.you, ctx.source, int(n), int(sides), int(plus), ctx.rule)


def _name_label(verb: str) -> Any:
    def label(ctx: VACtx, cid: int) -> str:
        s = ctx.state
        return f"{verb} {ctx.game.card_name(s, cid)} ({s.names[s.cards[cid].owner]})"

    return label


ENGAGE = VerbSpec("engage", _engage)
DISENGAGE = VerbSpec("disengage", _disengage)
DISRUPT = VerbSpec(
    "disrupt", _each_card("disrupt"), kind="disrupt_target", prompt="Choose an action to disrupt"
)
RUIN = VerbSpec(
    "ruin",
    _each_card("ruin"),
    kind="ruin_target",
    prompt="Choose an item to ruin",
    label=_name_label("Ruin"),
    none="there is no item to ruin",
)
REPAIR = VerbSpec(
    "repair",
    _each_card("repair"),
    kind="repair_target",
    prompt="Choose a ruined item to repair",
    label=_name_label("Repair"),
    none="there is no ruined item to repair",
)
RETURN = VerbSpec(
    "return",
    _each_card("return_to_hand"),
    kind="return_to_hand",
    prompt="Choose a card to take back into your hand",
    label=_name_label("Take back"),
    none="there is no such card to take back",
)
CREATE_TOKEN = VerbSpec("create_token", _create_token)
REGAIN_ROLL = VerbSpec("regain_roll", _regain_roll)


@dataclass(frozen=True)
class DiceFix:
    """``fix_dice(...)``: see the module docstring."""

    power: int | None
    focus: int | None
    roll_first: bool
    condition: Expr | None


def _fix_dice(
    power: int | None = None,
    focus: int | None = None,
    roll_first: bool = False,
    condition: Any = None,
) -> Hooked:
    return Hooked(
        "dice",
        DiceFix(power, focus, bool(roll_first), None if condition is None else _e(condition)),
    )


def _token_word(name: Any) -> Verb:
    cards = catalogue().cards
    if not isinstance(name, str) or cards.get(name) is None or cards[name].kind != "action":
        raise DataError(f"create_token: {name!r} is not an action card to copy")
    return Verb(CREATE_TOKEN, (Const(name),))


def vocabulary() -> Vocabulary:
    """The core's words and Varia's."""
    return core_words().extended(
        {
            "opposing": Call("opposing", _opposing),
            "this_action": Call("this_action", _this_action),
            "damage": Call("damage", _damage),
            "engaged": Call("engaged", lambda ctx: ctx.state.engaged),
            "performing": lambda who: Call("performing", _performing, (_e(who),)),
            "balanced": lambda who=None: Call(
                "balanced", _balanced, (_e(who) if who is not None else Seats("you"),)
            ),
            "items": lambda whose="you", **filters: Items(
                whose if isinstance(whose, str) else whose.whose, filters_from(filters)
            ),
            "engage": lambda: Verb(ENGAGE),
            "disengage": lambda: Verb(DISENGAGE),
            "disrupt": lambda what: Verb(DISRUPT, (_e(what),)),
            "ruin": lambda what: Verb(RUIN, (_e(what),)),
            "repair": lambda what: Verb(REPAIR, (_e(what),)),
            "return_to_hand": lambda what: Verb(RETURN, (_e(what),)),
            "create_token": _token_word,
            "regain_roll": lambda n, sides, plus=0: Verb(REGAIN_ROLL, (_e(n), _e(sides), _e(plus))),
            "fix_dice": _fix_dice,
        }
    )


# ------------------------------------------------------------------------------ the registry
@dataclass(frozen=True)
class CardAbilities:
    """A card's abilities, worked out once per definition: its action's (rules and printed
    keywords), its item textbox's, and its dice rules."""

    action: Ability | None
    item: Ability | None
    dice: tuple[DiceFix, ...]


def _parse(words: Vocabulary, text: str, where: str) -> list[Any]:
    if not text.strip():
        return []
    parsed = words.parse(text, where)
    return parsed if isinstance(parsed, list) else [parsed]


def _ability(
    words: Vocabulary,
    ab_id: str,
    rule: str,
    text: str,
    keywords: frozenset[str],
    where: str,
    name: str,
) -> Ability | None:
    items = _parse(words, text, where) + [Keyword(k) for k in sorted(keywords)]
    if not items:
        return None
    try:
        hooks = hooks_from(items)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    if "effect" in hooks:
        raise DataError(f"{where}: a rule must say when it happens (when(...), modify(...) ...)")
    return Ability(ab_id, rule, hooks, name=name)


def rules_index() -> RulesIndex:
    """Varia's rules: ``rules.toml`` and one rule per card text (its own words)."""
    from pathlib import Path

    base = RulesIndex.load(Path(__file__).parent / "rules.toml")
    extra = []
    for card in catalogue().cards.values():
        if card.kind not in ("action", "item"):
            continue
        if card.text:
            extra.append(
                Rule(card.rule, f"{card.name}: {card.text}", f"card data ({card.klass}, original)")
            )
        if card.item_text:
            extra.append(
                Rule(
                    card.rule + ".item",
                    f"{card.name} (item): {card.item_text}",
                    f"card data ({card.klass}, original)",
                )
            )
    return RulesIndex([*base, *extra])


@dataclass(frozen=True)
class Built:
    registry: Registry
    cards: dict[str, CardAbilities]
    stacks: dict[tuple[str, str], Ability]


@cache
def build() -> Built:
    """Parse every card's and stack's rules (one :class:`DataError` line for any problem)."""
    cat = catalogue()
    words = vocabulary()
    rules = rules_index()
    abilities: list[Ability] = []
    cards: dict[str, CardAbilities] = {}
    by_name: dict[str, CardAbilities] = {}
    for card in cat.cards.values():
        if card.kind in ("stack", "token"):
            continue
        rule = card.rule if card.text else "va.keywords"
        action = _ability(
            words, f"act:{card.name}", rule, card.rules, card.keywords, card.where, card.name
        )
        item = _ability(
            words,
            f"item:{card.name}",
            card.rule + ".item",
            card.item_rules,
            frozenset(),
            card.where,
            card.name,
        )
        dice = tuple(v for v in (action.hooks.get("dice") if action else None,) if v is not None)
        found = CardAbilities(action, item, dice)
        abilities.extend(a for a in (action, item) if a is not None)
        by_name[card.name] = found
    for card in cat.cards.values():
        if card.kind != "stack":
            cards[card.id] = by_name[card.name]
    stacks: dict[tuple[str, str], Ability] = {}
    for (name, variant), spec in cat.stacks.items():
        ab_id = f"stack:{name}" + (f"@{variant}" if variant else "")
        ability = _ability(words, ab_id, spec.rule, spec.rules, frozenset(), spec.where, name)
        assert ability is not None
        stacks[(name, variant)] = ability
        abilities.append(ability)
    registry = Registry("varia", abilities, HOOK_KINDS, rules)
    return Built(registry, cards, stacks)


def card_abilities(defn: str) -> CardAbilities:
    return build().cards[defn]


def stack_ability(name: str, variant: str) -> Ability:
    stacks = build().stacks
    found = stacks.get((name, variant)) or stacks.get((name, ""))
    if found is None:
        raise DataError(f"no rules for stack {name!r} ({variant or 'default'})")
    return found


def is_stack(card: CardDef) -> bool:
    return card.id.endswith(STACK)
