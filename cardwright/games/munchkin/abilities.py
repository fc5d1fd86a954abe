"""Munchkin's abilities: its words in the shared vocabulary, and one ability per card.

Every card of both card sets is parsed and checked when the game loads
(:func:`build_registry`): its ``ability`` (hook items and, for a card that resolves when
played, its effect), its ``bad_stuff`` and ``escaped`` effects. Munchkin's own hook kinds:

``bad_stuff`` / ``escaped``
    a monster's effect on a player it catches / who gets away (that player is ``you``);
``killed`` / ``helped_kill``
    what happens when the monster is killed (it is the monster's); what a card in play does
    for a helper whenever they help kill a monster (the Elf's level);
``no_pursuit``
    a condition on the runner (``you``): the monster does not chase them;
``playable``
    a condition that must hold for the card to be played;
``powers``, ``chase_offs``, ``alternatives``
    abilities a holder may use (``power(...)``), ways a fighter may make a monster leave
    (``chase_off(...)``), other ways to play a one-shot (``alternative(...)``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.rules import RulesIndex
from cardwright.core.vocab import (
    Const,
    Effect,
    Expr,
    Hooked,
    Verb,
    VerbSpec,
    Vocabulary,
    core_words,
    filters_from,
    flat_items,
    hooks_from,
)
from cardwright.core.vocab.exprs import Call, Var

from . import board
from . import words as w
from .cards import CARD_SETS, CardDef, load_set
from .state import MKCtx

HOOK_KINDS = {
    "bad_stuff": "a monster's effect on a player it catches",
    "escaped": "a monster's effect on a player who gets away from it",
    "killed": "what happens when the monster is killed",
    "helped_kill": "what a card in play does for a helper who helps kill a monster",
    "no_pursuit": "a condition on the runner: the monster does not chase them",
    "playable": "a condition that must hold for the card to be played",
    "powers": "abilities the card's holder may use",
    "chase_offs": "ways a fighter may make the monster leave the fight",
    "alternatives": "other ways to play a one-shot",
}


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def _effect(value: Any, word: str) -> Effect:
    if not isinstance(value, Effect):
        raise DataError(f"{word}: {value!r} is not an effect")
    return value


def _verb(name: str, fn: Any, **how: Any) -> VerbSpec:
    return VerbSpec(name, fn, **how)


DIE = _verb("die", w.v_die)
TAKE = _verb("take", w.v_take, kind="take", prompt="Take a card")
TAKE_RANDOM = _verb("take_random", w.v_take_random)
DISMISS = _verb("dismiss", w.v_dismiss, kind="monster", prompt="Choose a monster")
SLAY = _verb("slay", w.v_slay)
JOIN = _verb("join", w.v_join, kind="monster", prompt="Choose a monster")
ATTACH = _verb("attach", w.v_attach, kind="attach", prompt="Choose an Item")
BORROW = _verb("borrow", w.v_borrow, kind="borrow", prompt="Choose an Item")
KEEP = _verb("keep", w.v_keep)
CHANGE_SEX = _verb("change_sex", w.v_change_sex)
BOOST = _verb("boost", w.v_boost)
MARK = _verb("mark", w.v_mark)
WEAKEN = _verb("weaken", w.v_weaken, kind="monster", prompt="Choose a monster")
ADOPT = _verb("adopt", w.v_adopt)
PAY_GOLD = _verb("pay_gold", w.v_pay_gold, pushes=True, possible=w.can_pay_gold)
TRANSFER = _verb("transfer", w.v_transfer, pushes=True)


def _where(finder: w.Finder) -> Any:
    def make(whose: Any = "you", **filters: Any) -> w.Where:
        if isinstance(whose, str):
            from cardwright.core.vocab import seat_word

            whose = seat_word(whose)
        return w.Where(finder, whose, filters_from(filters))

    return make


def _found(fn: Any) -> Any:
    return lambda **filters: w.Found(fn, filters_from(filters))


def _call(name: str, fn: Any) -> Any:
    return lambda *args: Call(name, fn, tuple(_e(a) for a in args))


def _seats(name: str, fn: Any) -> Call:
    return Call(name, lambda ctx: fn(ctx))


def _trait_seats(seats: Any) -> Any:
    def make(**traits: Any) -> Call:
        key = {"cls": "class"}
        named = {key.get(k, k): v for k, v in traits.items()}
        return Call("fighters_who", lambda ctx: w.with_trait(ctx, seats(ctx), named))

    return make


def _has(trait: str) -> Any:
    def make(value: str, who: Any = None) -> Call:
        who_expr = None if who is None else _e(who)

        def test(ctx: MKCtx) -> bool:
            seats = [ctx.you] if who_expr is None else w.seat_list(ctx, who_expr)
            g, s = ctx.game, ctx.state
            return any(board.has_trait(g, s, x, f"{trait}:{value}") for x in seats)

        return Call(f"has_{trait}", test)

    return make


def _facing(trait: str) -> Any:
    return lambda value: Call(f"facing_{trait}", lambda ctx: w.facing(ctx, f"{trait}:{value}"))


def _with_class(tag: str) -> Call:
    def seats(ctx: MKCtx) -> list[int]:
        s = ctx.state
        return w.with_trait(ctx, list(range(len(s.names))), {"class": tag})

    return Call("with_class", seats)


def _level(who: Any = None) -> Call:
    who_expr = None if who is None else _e(who)
    return Call(
        "level",
        lambda ctx: w.level_of(ctx, [ctx.you] if who_expr is None else who_expr),
    )


def _extreme_level(pick: Any) -> Any:
    return lambda: Call("level", lambda ctx: pick(ctx.state.level))


def _power(label: str, effect: Any, **how: Any) -> Any:
    if "target" in how and how["target"] is not None:
        how["target"] = _e(how["target"])
    return w.make_power(label, effect, **how)


def vocabulary() -> Vocabulary:
    """The core's words and Munchkin's."""
    fighter = _seats("fighter", w.fighter)
    helper = _seats("helper", w.helper)
    fighters = _seats("fighters", w.fighters)
    return core_words().extended(
        {
            # seats
            "fighter": fighter,
            "helper": helper,
            "fighters": fighters,
            "fighters_other": _seats("fighters_other", w.fighters_other),
            "victim": Var("victim"),
            "target": Var("target"),
            "fighters_who": _trait_seats(w.fighters),
            "with_class": _with_class,
            # values and conditions
            "level": _level,
            "lowest_level": _extreme_level(min),
            "highest_level": _extreme_level(max),
            "has_class": _has("class"),
            "has_race": _has("race"),
            "is_sex": _has("sex"),
            "facing_class": _facing("class"),
            "facing_race": _facing("race"),
            "facing_sex": _facing("sex"),
            "item_gold": lambda: Call("item_gold", w.item_gold),
            "total_gold": _call("total_gold", w.total_gold),
            "monster_level": lambda: Call("monster_level", w.monster_level),
            "used_fire": lambda: Call("used_fire", w.used_fire),
            # cards
            "hand": _where(w._hand),
            "in_play": _where(w._in_play),
            "carried": _where(w._carried),
            "equipped": _where(w._equipped),
            "my_items": _where(w._my_items),
            "belongings": _where(w._belongings),
            "spendable": _where(w._spendable),
            "monsters": _found(w.monsters),
            "discards": _found(w.discards),
            "kept_curses": _found(w.kept_curses),
            "hirelings": _found(w.hirelings),
            "best_items": _found(w.best_items),
            "others_items": _found(w.others_items),
            # verbs
            "die": lambda: Verb(DIE),
            "take": lambda what: Verb(TAKE, (_e(what),)),
            "take_random": lambda what, n=1: Verb(TAKE_RANDOM, (_e(what), _e(n))),
            "dismiss": lambda what, treasure=False: Verb(DISMISS, (_e(what), _e(treasure))),
            "slay": lambda what: Verb(SLAY, (_e(what),)),
            "join": lambda what: Verb(JOIN, (_e(what),)),
            "attach": lambda what: Verb(ATTACH, (_e(what),)),
            "borrow": lambda what: Verb(BORROW, (_e(what),)),
            "keep": lambda: Verb(KEEP),
            "change_sex": lambda: Verb(CHANGE_SEX),
            "boost": lambda n, who=None: Verb(
                BOOST, (_e(n),), () if who is None else (("who", _e(who)),)
            ),
            "mark": lambda name: Verb(MARK, (_e(name),)),
            "weaken": lambda what, n: Verb(WEAKEN, (_e(what), _e(n))),
            "adopt": lambda kind: Verb(ADOPT, (_e(kind),)),
            "pay_gold": lambda n: Verb(PAY_GOLD, (_e(n),)),
            "transfer": lambda: Verb(TRANSFER),
            "each_taker": lambda effect, whose="opponent": w.EachTaker(
                _effect(effect, "each_taker"), whose
            ),
            # hooks
            "no_pursuit": lambda condition: Hooked("no_pursuit", _e(condition)),
            "playable": lambda condition: Hooked("playable", _e(condition)),
            "killed": lambda effect: Hooked("killed", _effect(effect, "killed")),
            "helped_kill": lambda effect: Hooked("helped_kill", _effect(effect, "helped_kill")),
            "power": _power,
            "chase_off": lambda label, condition, cost=None, treasure=False: w.ChaseOff(
                label, _e(condition), None if cost is None else _effect(cost, "chase_off"), treasure
            ),
            "alternative": lambda label, condition, effect: w.Alternative(
                label, _e(condition), _effect(effect, "alternative")
            ),
        }
    )


# ------------------------------------------------------------------------------ the registry
def ability_id(card_set: str, card: CardDef) -> str:
    return f"{card_set}/{card.id}"


def rule_of(card: CardDef) -> str:
    """The rule a card's ability cites: its kind's entry in the rules index."""
    return f"mk.card.{card.kind}"


def _ability(words: Vocabulary, card_set: str, card: CardDef, where: str) -> Ability | None:
    items: list[Any] = []
    if card.ability:
        parsed = words.parse(card.ability, where)
        items.extend(parsed if isinstance(parsed, list) else [parsed])
    own: dict[str, list[Any]] = {"powers": [], "chase_offs": [], "alternatives": []}
    rest = []
    for item in flat_items(items):
        if isinstance(item, w.Power):
            own["powers"].append(item)
        elif isinstance(item, w.ChaseOff):
            own["chase_offs"].append(item)
        elif isinstance(item, w.Alternative):
            own["alternatives"].append(item)
        else:
            rest.append(item)
    for hook, text in (("bad_stuff", card.bad_stuff), ("escaped", card.escaped)):
        if text:
            rest.append(Hooked(hook, _effect(words.parse(text, f"{where} {hook}"), hook)))
    try:
        hooks = hooks_from(rest, "on_play")
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    for hook, found in own.items():
        if found:
            hooks[hook] = tuple(found)
    if not hooks:
        return None
    return Ability(ability_id(card_set, card), rule_of(card), hooks, name=card.name)


@cache
def build_registry() -> Registry:
    """Every ability of both card sets, parsed and checked (one :class:`DataError` line
    naming the file, the card and the problem)."""
    words = vocabulary()
    rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
    abilities = []
    for card_set in CARD_SETS:
        for card in load_set(card_set).cards.values():
            found = _ability(words, card_set, card, f"{card_set}.toml: {card.name}")
            if found is not None:
                abilities.append(found)
    return Registry("munchkin", abilities, HOOK_KINDS, rules=rules)


_NONE: tuple[Ability, ...] = ()
_BY_CARD: dict[tuple[str, str], tuple[Ability, ...]] = {}


_KEYWORDS: dict[tuple[str, str], frozenset[str]] = {}


def card_keywords(card_set: str, defn: str) -> frozenset[str]:
    """The keywords of a card's abilities (cached: static data)."""
    key = (card_set, defn)
    found = _KEYWORDS.get(key)
    if found is None:
        found = frozenset(w for a in card_abilities(card_set, defn) for w in a.keywords)
        _KEYWORDS[key] = found
    return found


def card_abilities(card_set: str, defn: str) -> tuple[Ability, ...]:
    """The abilities of a card (cached: static data)."""
    key = (card_set, defn)
    found = _BY_CARD.get(key)
    if found is None:
        registry = build_registry()
        ab = registry.abilities.get(f"{card_set}/{defn}")
        found = _NONE if ab is None else (ab,)
        _BY_CARD[key] = found
    return found


__all__ = ["HOOK_KINDS", "build_registry", "card_abilities", "vocabulary"]
