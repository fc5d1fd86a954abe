"""The shared effect vocabulary: what card abilities are written in, for every game.

In the spirit of Fireplace's actions, selectors and listeners, an ability is a small tree of
nodes, usually written as one expression in the card data and parsed when the game loads
(:class:`Vocabulary`, :func:`core_words`):

* **selectors and values** (:mod:`.exprs`): ``cards("hand")``, ``cards("play", whose="any",
  cost_le=3)``, ``self``, ``it``, ``count(...)``, ``self.cost``, seats (``you``,
  ``opponent``, ``each``, ``active``); a game adds its own (``minions(here)``);
* **verbs** (:mod:`.effects`): ``draw(n)``, ``discard(n)``, ``gain("attack", n)``,
  ``lose("life", n, who=opponent)``, and the game's (``kill``, ``destroy``, ``pay``); an
  argument written ``choose(...)`` is chosen by the acting seat when the verb runs;
* **combinators**: ``seq(a, b)``, ``may(e)``, ``for_each(cards, e)``, ``each_player(e)``,
  ``only_if(condition, e)``, ``if_else(condition, a, b)``, ``require(condition)``;
* **listeners** (``when(event, e)`` about the card itself, ``whenever(event, e)`` about any
  card while it is live), **modifiers** (``modify("cost", amount)``: continuous, computed on
  query), **keywords** (``keyword("lazy")``), **prohibitions and permissions**
  (``forbid("destroy", by="opponent")``: "cannot" beats "can"), **replacements**
  (``instead("destroy", e)``) and **lasting effects** (``lasting("power", chosen, 2)``: until
  an occasion the game announces; ``lasting_on(key, cards)`` tests for one).

A running effect lives on the flow stack as one :class:`~.step.EffectStep`, so any state can be
copied, saved or searched in the middle of an ability.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..abilities import Listener, ModifierSpec, Replacement, Rule, Treatment
from ..errors import DataError
from ..state import Lasting
from .base import (
    AnyCtx,
    Ctx,
    Effect,
    Expr,
    NodeTable,
    cards_of,
    index_effect,
    node,
    node_key,
    seats_of,
)
from .binding import LET, STOP_LOOP, Delay, EachChosen, IfDone, Let, Loop, Repeat, Roll, SuchThat
from .effects import (
    ADD_COUNTER,
    DISCARD,
    DRAW,
    SET_COUNTER,
    EachPlayer,
    ForEach,
    If,
    May,
    Require,
    Seq,
    Verb,
    VerbSpec,
    discard,
    draw,
    gain,
    lose,
)
from .events import (
    dispatch,
    hear,
    lasting_permissions,
    modified,
    permissions,
    replace_event,
    run_listener,
    treated,
)
from .exprs import (
    COMPARE,
    SEAT_WORDS,
    Attr,
    Call,
    Cards,
    Choose,
    Compare,
    Const,
    Count,
    CounterOf,
    Extreme,
    Filter,
    First,
    Neg,
    OwnerOf,
    Seats,
    SelfCard,
    Var,
    Where,
)
from .menus import ChooseNumber, ChooseOne, ChoosePlayer, Entry, EntryEach, menu_words
from .parse import Vocabulary
from .step import EffectStep, ability_ctx, ability_possible, start_ability

__all__ = [
    "DISCARD",
    "DRAW",
    "AnyCtx",
    "Attr",
    "Cards",
    "Choose",
    "ChooseNumber",
    "ChooseOne",
    "ChoosePlayer",
    "Compare",
    "Const",
    "Count",
    "Ctx",
    "EachPlayer",
    "Effect",
    "EffectStep",
    "Entry",
    "EntryEach",
    "Expr",
    "Filter",
    "ForEach",
    "Hooked",
    "If",
    "IfDone",
    "Keyword",
    "Let",
    "Loop",
    "May",
    "NodeTable",
    "OwnerOf",
    "Repeat",
    "Require",
    "Roll",
    "Seats",
    "SelfCard",
    "Seq",
    "SuchThat",
    "Var",
    "Verb",
    "VerbSpec",
    "Vocabulary",
    "Where",
    "ability_ctx",
    "ability_possible",
    "cards_of",
    "core_words",
    "discard",
    "dispatch",
    "draw",
    "filters_from",
    "flat_items",
    "gain",
    "hear",
    "hooks_from",
    "index_effect",
    "lasting_permissions",
    "lose",
    "modified",
    "node",
    "node_key",
    "permissions",
    "replace_event",
    "run_listener",
    "seat_word",
    "seats_of",
    "start_ability",
    "treated",
]


class Keyword(str):
    """A keyword an ability gives its card (``keyword("lazy")``)."""


@dataclass(frozen=True, slots=True)
class Hooked:
    """An item of an ability that fills one of the game's own hook kinds (a Talent, a
    Special, a copying rule): a game's words make them, :func:`hooks_from` files them."""

    hook: str
    value: Any


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def filters_from(kwargs: Mapping[str, Any]) -> tuple[Filter, ...]:
    """Keyword filters: ``cost_le=3`` (attribute, then lt/le/eq/ne/ge/gt, ``in`` a list of
    values, ``has`` a value among the attribute's), or ``purple=True`` (equality)."""
    out = []
    for key, value in kwargs.items():
        attr, _, op = key.rpartition("_")
        if attr and op in COMPARE:
            out.append(Filter(attr, op, _e(value)))
        else:
            out.append(Filter(key, "eq", _e(value)))
    return tuple(out)


def seat_word(whose: Any) -> str:
    """A seat word written quoted (``"opponent"``) or bare (``opponent``), checked when the
    expression is read."""
    word = whose.whose if isinstance(whose, Seats) else whose
    if word not in (*SEAT_WORDS, "shared"):
        raise DataError(f"unknown seat word {word!r} ({', '.join(SEAT_WORDS)}, shared)")
    return str(word)


def _cards(zone: str, whose: Any = "you", other: bool = False, **filters: Any) -> Cards:
    return Cards(zone, seat_word(whose), filters_from(filters), other)


def _where(what: Any, **filters: Any) -> Where:
    return Where(_e(what), filters_from(filters))


def _choose(what: Any, **how: Any) -> Choose:
    """``choose(cards, n=1, up_to=False, may=False, kind="", prompt="", none="", ...)``: see
    :class:`~.exprs.Choose` for every keyword (how the question and its options read)."""
    return Choose(_e(what), **how)


def _let(what: Any, effect: Any, name: str = "chosen", otherwise: Any = None) -> Let:
    return Let(
        LET,
        (_e(what),),
        then=_effect(effect, "let"),
        name=name,
        otherwise=None if otherwise is None else _effect(otherwise, "let"),
    )


def _if_done(verb: Any, then: Any, otherwise: Any = None) -> IfDone:
    if not isinstance(verb, Verb) or not verb.immediate:
        raise DataError(f"if_done: {verb!r} is not a verb done at once (no choice in it)")
    other = None if otherwise is None else _effect(otherwise, "if_done")
    return IfDone(verb, _effect(then, "if_done"), other)


def _effect(value: Any, word: str) -> Effect:
    if not isinstance(value, Effect):
        raise DataError(f"{word}: {value!r} is not an effect")
    return value


def _listener(subject: str) -> Any:
    """``when`` (events about the card itself) or ``whenever`` (about any card, while live)."""

    def make(
        event: str,
        effect: Any,
        timing: str = "after",
        by: str = "",
        condition: Any = None,
        now: bool = False,
        who: Any = None,
        once: Any = None,
        single: bool = False,
    ) -> Listener:
        return Listener(
            event,
            _effect(effect, subject),
            subject,
            timing,
            by,
            _opt(condition),
            now,
            _opt(who),
            _opt(once),
            single,
        )

    return make


def core_words() -> Vocabulary:
    """The words every game's expressions may use (a game extends them)."""
    words: dict[str, Any] = {
        # values
        "self": SelfCard(),
        "it": Var("it"),
        "chosen": Var("chosen"),
        "var": Var,
        "you": Seats("you"),
        "opponent": Seats("opponent"),
        "each": Seats("each"),
        "everyone": Seats("any"),
        "active": Seats("active"),
        "owner_of": lambda what: OwnerOf(_e(what)),
        "controller_of": lambda what: OwnerOf(_e(what), controller=True),
        "cards": _cards,
        "where": _where,
        "count": lambda what: Count(_e(what)),
        "most": lambda what, attr: Extreme(_e(what), attr, max),
        "least": lambda what, attr: Extreme(_e(what), attr, min),
        "first": lambda what: First(_e(what)),
        "total": lambda what, attr: Call("total", _total, (_e(what), Const(attr))),
        "max": lambda *values: Call("max", lambda ctx, *v: max(v), tuple(map(_e, values))),
        "min": lambda *values: Call("min", lambda ctx, *v: min(v), tuple(map(_e, values))),
        "choose": _choose,
        # effects
        "seq": lambda *items: Seq(tuple(_effect(i, "seq") for i in items)),
        "may": lambda effect, prompt="Use this ability?", kind="use_power", **answers: May(
            _effect(effect, "may"), prompt, kind, **answers
        ),
        "let": _let,
        "each_chosen": lambda what, effect, name="chosen": EachChosen(
            LET, (_e(what),), then=_effect(effect, "each_chosen"), name=name
        ),
        "delay": lambda effect: Delay(_effect(effect, "delay")),
        "if_done": _if_done,
        "repeat": lambda n, effect, name="": Repeat(_e(n), _effect(effect, "repeat"), name),
        "loop": lambda effect, times=99: Loop(_effect(effect, "loop"), _e(times)),
        "stop_loop": lambda: Verb(STOP_LOOP),
        "such_that": lambda what, condition: SuchThat(_e(what), _e(condition)),
        "roll": lambda effect, sides=6, name="roll": Roll(_effect(effect, "roll"), sides, name),
        "for_each": lambda what, effect, name="it": ForEach(
            _e(what), _effect(effect, "for_each"), name
        ),
        "each_player": lambda effect, whose="each": EachPlayer(
            _effect(effect, "each_player"), whose
        ),
        "only_if": lambda cond, effect: If(_e(cond), _effect(effect, "only_if")),
        "if_else": lambda cond, a, b: If(_e(cond), _effect(a, "if_else"), _effect(b, "if_else")),
        "require": lambda cond: Require(_e(cond)),
        "draw": lambda n=1, who=None, deck="deck", face_up=False: draw(
            _e(n), None if who is None else _e(who), deck, face_up
        ),
        "discard": lambda what=1: discard(what if isinstance(what, int) else _e(what)),
        "gain": lambda key, n=1, who=None, why="": gain(
            key, _e(n), None if who is None else _e(who), why
        ),
        "lose": lambda key, n=1, who=None, why="": lose(
            key, _e(n), None if who is None else _e(who), why
        ),
        "counter": lambda what, name: CounterOf(_e(what), name),
        "set_counter": lambda what, name, value: Verb(SET_COUNTER, (_e(what), _e(name), _e(value))),
        "add_counter": lambda what, name, n=1: Verb(ADD_COUNTER, (_e(what), _e(name), _e(n))),
        # hooks
        "when": _listener("self"),
        "whenever": _listener("any"),
        "modify": lambda key, amount, layer=1, applies=None: ModifierSpec(
            key, _e(amount), layer, None if applies is None else _e(applies)
        ),
        "keyword": Keyword,
        "forbid": lambda action, applies=None, by="", condition=None: _rules(
            action, False, _opt(applies), by, _opt(condition)
        ),
        "permit": lambda action, applies=None, by="", condition=None, supersedes=False: _rules(
            action, True, _opt(applies), by, _opt(condition), supersedes
        ),
        "instead": lambda event, effect, applies=None, condition=None: Replacement(
            event, _effect(effect, "instead"), _opt(applies), _opt(condition)
        ),
        "lasting_on": lambda key, what=None: Call(
            "lasting_on", _lasting_on, (_e(key), _opt(what) or Const(None))
        ),
        "lasting": lambda key, what=None, amount=0, until="end_of_turn", word="": Verb(
            LASTING, (_e(key), _opt(what) or Const(None), _e(amount), _e(until), _e(word))
        ),
        "become": lambda what, into, part="card", until="end_of_turn": Verb(
            BECOME, (_e(what), _e(into), _e(part), _e(until))
        ),
        "treat": lambda attr, value, applies=None, instead=False: Treatment(
            attr, _e(value), _opt(applies), bool(instead)
        ),
        # stacks of a seat (Varia's Enraged, Fatigue ...): the game keeps them
        "stacks": lambda name, who=None: Call(
            "stacks", _stacks, (_e(name), _opt(who) or Seats("you"))
        ),
        "gain_stacks": lambda name, n=1, who=None: Verb(
            CHANGE_STACKS, (_e(name), _e(n), _opt(who) or Seats("you"))
        ),
        "lose_stacks": lambda name, n=1, who=None: Verb(
            CHANGE_STACKS,
            (_e(name), _e(-ALL_STACKS) if n == "all" else Neg(_e(n)), _opt(who) or Seats("you")),
        ),
        **menu_words(_e, _effect),
    }
    return Vocabulary(words)


def _stacks(ctx: Ctx, name: str, who: Any) -> int:
    """How many stacks named ``name`` the (first) seat of ``who`` has."""
    seats = seats_of(who)
    return ctx.game.stack_count(ctx.state, seats[0], name) if seats else 0


#: what ``lose_stacks(name, "all")`` loses (the game never goes below none)
ALL_STACKS = 10**6


def _change_stacks(ctx: Ctx, name: str, delta: int, who: Any) -> None:
    """Each seat of ``who`` gains ``delta`` stacks named ``name`` (loses them when
    negative)."""
    for seat in seats_of(who):
        ctx.game.change_stacks(ctx.state, seat, str(name), int(delta), ctx.rule, ctx.source)


def _become(ctx: Ctx, what: Any, into: Any, part: str, until: str) -> None:
    """Each card of ``what`` becomes ``into`` until ``until``: a copy of a card (its
    definition) when ``into`` is a card, or the word ``into`` for one part of it
    (``become(chosen, "Fire", part="subtypes")``). See :func:`~cardwright.core.lasting.became`."""
    if isinstance(into, (list, tuple)):
        found = cards_of(into)
        if not found:
            return
        word = ctx.state.cards[found[0]].defn
    else:
        word = str(into)
    for card in cards_of(what):
        effect = Lasting(f"becomes:{part}", card, -1, 0, ctx.source, until=until, word=word)
        ctx.game.add_lasting(ctx.state, effect, ctx.rule)


CHANGE_STACKS = VerbSpec("change_stacks", _change_stacks)
BECOME = VerbSpec("become", _become)


def _rules(action: str | list[str], *rest: Any) -> Rule | list[Rule]:
    """``forbid("play", ...)`` is one rule; ``forbid(["play", "bluff"], ...)`` one per action."""
    if isinstance(action, list):
        return [Rule(a, *rest) for a in action]
    return Rule(action, *rest)


def _opt(value: Any) -> Expr | None:
    return None if value is None else _e(value)


def _total(ctx: Ctx, what: Any, attr: str) -> int:
    """The sum of an attribute over the cards (0 for none)."""
    return sum(int(ctx.game.card_attr(ctx.state, c, attr)) for c in cards_of(what))


def _lasting(ctx: Ctx, key: str, what: Any, amount: int, until: str, word: str) -> None:
    """Start a lasting effect on each card of ``what`` (or on the acting seat)."""
    targets: list[Any] = list(cards_of(what)) if what is not None else [None]
    for card in targets:
        seat = -1 if card is not None else ctx.you
        effect = Lasting(key, card, seat, int(amount), ctx.source, until=until, word=word)
        ctx.game.add_lasting(ctx.state, effect, ctx.rule)


LASTING = VerbSpec("lasting", _lasting)


def _lasting_on(ctx: Ctx, key: str, what: Any) -> bool:
    """Whether a lasting effect ``key`` is running on a card of ``what`` (``None``: one on
    no card, for the acting seat)."""
    if what is None:
        return any(
            e.key == key and e.target is None and e.seat == ctx.you for e in ctx.state.lasting
        )
    cards = set(cards_of(what))
    return any(e.key == key and e.target in cards for e in ctx.state.lasting)


def hooks_from(items: Iterable[Any], effect_hook: str = "effect") -> dict[str, Any]:
    """Sort parsed items into an ability's hooks: listeners, modifiers and keywords go to
    their hooks, an effect to ``effect_hook``; a list of items counts as its items."""
    hooks: dict[str, Any] = {}
    for item in flat_items(items):
        if isinstance(item, Listener):
            hooks["listeners"] = (*hooks.get("listeners", ()), item)
        elif isinstance(item, ModifierSpec):
            hooks["modifiers"] = (*hooks.get("modifiers", ()), item)
        elif isinstance(item, Keyword):
            hooks["keywords"] = (*hooks.get("keywords", ()), str(item))
        elif isinstance(item, Rule):
            kind = "permits" if item.allow else "forbids"
            hooks[kind] = (*hooks.get(kind, ()), item)
        elif isinstance(item, Replacement):
            hooks["replacements"] = (*hooks.get("replacements", ()), item)
        elif isinstance(item, Treatment):
            hooks["treats"] = (*hooks.get("treats", ()), item)
        elif isinstance(item, Hooked):
            if item.hook in hooks:
                raise DataError(f"two items for hook {item.hook!r}")
            hooks[item.hook] = item.value
        elif isinstance(item, Effect):
            if effect_hook in hooks:
                raise DataError(f"two effects for hook {effect_hook!r}")
            hooks[effect_hook] = item
        else:
            raise DataError(f"{item!r} is not an effect, listener, modifier or keyword")
    return hooks


def flat_items(items: Iterable[Any]) -> list[Any]:
    """Parsed items with lists (``[a, b]``, a word giving several items) spread out."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, (list, tuple)):
            out.extend(flat_items(item))
        else:
            out.append(item)
    return out
