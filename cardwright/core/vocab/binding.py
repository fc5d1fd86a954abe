"""Combinators that bind values for what follows, or that repeat or depend on what was done.

* ``let(what, effect, name="chosen")``: ``effect`` with ``name`` bound to ``what``: cards (a
  selector, or ``choose(...)``: the acting seat chooses first; several picks are bound at once
  when the choosing ends), a number or a word; when a choice picked nothing, ``otherwise``
  instead;
* ``if_done(verb, then, otherwise=None)``: ``then`` when the verb (carried out at once) says it
  did something (its function returned a true value), else ``otherwise``;
* ``repeat(n, effect, name="")``: ``effect`` ``n`` times (``n`` counted when it starts;
  ``name``, when given, is bound to how many times are left, this one included);
* ``each_chosen(choose(...), effect)``: each card chosen, one at a time, then ``effect`` for it
  before the next is chosen;
* ``loop(effect, times=99)``: ``effect`` again and again, until ``stop_loop()`` (a verb done
  inside it) ends the loop, or ``times`` times ("any number of times", each a choice);
* ``delay(effect)``: ``effect`` waits as a triggered ability of the card;
* ``such_that(cards, condition)``: the cards for which ``condition`` holds, each bound as
  ``it`` while it is tested;
* ``roll(effect, sides=6, name="roll")``: the acting seat rolls a die (the game's
  :meth:`~cardwright.core.game.Game.roll_die`: seeded, logged, forced in scenarios), then
  ``effect`` with the result bound as ``name``: ``roll(if_else(var("roll") <= 2, die(),
  lose("level", var("roll"))))``.

>>> from cardwright.core.vocab import core_words
>>> core_words().parse("let(choose(cards('hand')), discard(chosen))", "doc")  # doctest: +ELLIPSIS
Let(...)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..state import Bindings, CardRef, Option, Trigger
from .base import Ctx, Effect, Expr, cards_of
from .compiled import compiled
from .effects import Verb, VerbSpec

if TYPE_CHECKING:
    from .step import EffectStep


def _nothing(ctx: Ctx, *args: Any) -> None:
    return None


#: the verb behind ``let``: what it binds is chosen like a verb's card argument
LET = VerbSpec("pick", _nothing, kind="choose", prompt="Choose a card")


def bind(vars: Bindings, name: str, value: Any) -> Bindings:
    """``vars`` with ``name`` bound to ``value`` (cards, a number or a word)."""
    if isinstance(value, (bool, int)):
        return Bindings(dict(vars.cards), {**vars.nums, name: int(value)}, dict(vars.words))
    if isinstance(value, str):
        return Bindings(dict(vars.cards), dict(vars.nums), {**vars.words, name: value})
    return vars.with_cards(name, cards_of(value))


@dataclass(frozen=True)
class Let(Verb):
    """See the module docstring. The first argument is ``what``."""

    then: Effect | None = None
    name: str = "chosen"
    otherwise: Effect | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        assert self.then is not None
        done = self.then.immediate and (self.otherwise is None or self.otherwise.immediate)
        object.__setattr__(self, "immediate", self.choice is None and done)
        object.__setattr__(self, "constant", None)

    def parts(self) -> Sequence[Effect]:
        assert self.then is not None
        return (self.then,) if self.otherwise is None else (self.then, self.otherwise)

    @property
    def always_possible(self) -> bool:
        return False

    def _bind(self, ctx: Ctx, value: Any) -> None:
        assert self.then is not None
        if isinstance(value, list) and not value:
            if self.otherwise is not None:
                self.otherwise.start(ctx.child(1))
            return
        self.then.start(ctx.child(0, vars=bind(ctx.vars, self.name, value)))

    def apply(self, ctx: Ctx, chosen: list[CardRef] | None = None) -> Any:
        assert self.then is not None
        if self.choice is not None:
            self._bind(ctx, list(chosen or []))
        else:  # a value is bound as it is, even no card at all
            value = self.args[0].eval(ctx)
            value = value if isinstance(value, (bool, int, str)) else cards_of(value)
            self.then.start(ctx.child(0, vars=bind(ctx.vars, self.name, value)))
        return None

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if self.choice is None:
            ctx.game.pop(ctx.state, step)
            self.apply(ctx)
            return
        super().run(step, ctx)

    def _no_more(self, step: EffectStep, ctx: Ctx) -> None:
        super()._no_more(step, ctx)
        self._bind(ctx, list(step.picked))

    def answer(self, step: EffectStep, ctx: Ctx, option: Option) -> None:
        if option.card is None:  # declined, done, or all of them
            ctx.game.pop(ctx.state, step)
            self._bind(ctx, [*step.picked, *self.rest(step, ctx, option)])
            return
        super().answer(step, ctx, option)

    def _pick(self, step: EffectStep, ctx: Ctx, card: CardRef, last: bool) -> None:
        step.picked.append(card)
        if last:
            ctx.game.pop(ctx.state, step)
            self._bind(ctx, list(step.picked))


@dataclass(frozen=True)
class EachChosen(Let):
    """``each_chosen(choose(...), effect, name="chosen")``: the acting seat chooses the cards
    one at a time (``n``, ``up_to``, ``may`` as in ``choose``); after each pick ``effect``
    happens with that card bound, and only then is the next one chosen (a card already picked
    is not offered again): "move up to two of your minions, each to a base of your
    choice"."""

    def _pick(self, step: EffectStep, ctx: Ctx, card: CardRef, last: bool) -> None:
        assert self.then is not None
        step.picked.append(card)
        if last:
            ctx.game.pop(ctx.state, step)
        self.then.start(ctx.child(0, vars=bind(ctx.vars, self.name, [card])))

    def answer(self, step: EffectStep, ctx: Ctx, option: Option) -> None:
        if option.card is None:  # declined, or done
            ctx.game.pop(ctx.state, step)
            return
        Verb.answer(self, step, ctx, option)

    def _no_more(self, step: EffectStep, ctx: Ctx) -> None:
        Verb._no_more(self, step, ctx)  # nothing is bound: each pick had its effect


@dataclass(frozen=True)
class Delay(Effect):
    """``delay(effect)``: ``effect`` does not happen now but waits, as a triggered ability of
    the card, for the next moment triggers resolve (for what must be chosen while another
    step is under way: a replacement that moves a minion instead of its destruction)."""

    effect: Effect

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def do(self, ctx: Ctx) -> None:
        assert ctx.source is not None
        game, state = ctx.game, ctx.state
        orderer = game.trigger_controller(state, ctx.source, ctx.you)
        trigger = Trigger(
            ctx.ability.id, ctx.source, orderer, vars=ctx.vars, effect=f"{ctx.node}.0"
        )
        if ctx.you != orderer:
            trigger.actor = ctx.you
        state.triggers.append(trigger)


@dataclass(frozen=True)
class IfDone(Effect):
    """See the module docstring."""

    verb: Verb
    then: Effect
    otherwise: Effect | None = None
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        imm = self.verb.immediate and self.then.immediate
        imm = imm and (self.otherwise is None or self.otherwise.immediate)
        object.__setattr__(self, "immediate", imm)

    def parts(self) -> Sequence[Effect]:
        rest = (self.then,) if self.otherwise is None else (self.then, self.otherwise)
        return (self.verb, *rest)

    def do(self, ctx: Ctx) -> None:
        if self.verb.apply(ctx.child(0)):
            self.then.do(ctx.child(1))
        elif self.otherwise is not None:
            self.otherwise.do(ctx.child(2))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        ctx.game.pop(ctx.state, step)
        if self.verb.apply(ctx.child(0)):
            self.then.start(ctx.child(1))
        elif self.otherwise is not None:
            self.otherwise.start(ctx.child(2))


@dataclass(frozen=True)
class Repeat(Effect):
    """See the module docstring."""

    times: Expr
    effect: Effect
    name: str = ""
    immediate: bool = field(init=False, default=False)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if step.idx == 0:
            step.n = int(self.times.eval(ctx))
        if step.idx >= step.n:
            ctx.game.pop(ctx.state, step)
            return
        left = step.n - step.idx
        step.idx += 1
        vars = bind(ctx.vars, self.name, left) if self.name else None
        self.effect.start(ctx.child(0, vars=vars))


@dataclass(frozen=True)
class Loop(Effect):
    """See the module docstring. ``step.n``: the times left to go (``stop_loop`` sets the
    step's count to what it has done, so it ends at its next turn)."""

    effect: Effect
    times: Expr
    immediate: bool = field(init=False, default=False)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if step.idx == 0 and step.n == 0:
            step.n = max(0, int(self.times.eval(ctx)))
        if step.idx >= step.n:
            ctx.game.pop(ctx.state, step)
            return
        step.idx += 1
        self.effect.start(ctx.child(0))


def stop_loop(ctx: Ctx) -> None:
    """End the innermost ``loop`` running now: it goes no further once the effect it
    started this time is done."""
    from .base import node
    from .step import EffectStep

    for step in reversed(ctx.state.stack):
        if isinstance(step, EffectStep) and isinstance(node(ctx.game, step.node)[0], Loop):
            step.n = step.idx
            return


STOP_LOOP = VerbSpec("stop_loop", stop_loop)


@dataclass(frozen=True, slots=True)
class SuchThat(Expr):
    """See the module docstring."""

    what: Expr
    condition: Expr

    def eval(self, ctx: Ctx) -> list[CardRef]:
        found = cards_of(self.what.eval(ctx))
        if not found:
            return []
        cards, inner, condition = self._inner(ctx)
        out = []
        for card in found:
            cards["it"] = [card]
            if condition(inner):
                out.append(card)
        return out

    def exists(self, ctx: Ctx) -> bool:
        """Whether :meth:`eval` finds a card (``count(such_that(...)) > 0``): the condition is
        asked of the cards until one holds, not of every card."""
        found = cards_of(self.what.eval(ctx))
        if not found:
            return False
        cards, inner, condition = self._inner(ctx)
        for card in found:
            cards["it"] = [card]
            if condition(inner):
                return True
        return False

    def _inner(self, ctx: Ctx) -> tuple[dict[str, list[CardRef]], Ctx, Callable[[Ctx], Any]]:
        """One context for every card: only ``it`` changes (what the condition reads; an
        expression keeps nothing of its context, so nothing sees the earlier cards), in the
        dict of cards returned."""
        outer = ctx.vars
        cards = dict(outer.cards)
        inner = Ctx(
            ctx.game,
            ctx.state,
            ctx.ability,
            ctx.source,
            ctx.you,
            Bindings(cards, outer.nums, outer.words),
            ctx.node,
        )
        return cards, inner, compiled(self.condition)


@dataclass(frozen=True)
class Roll(Effect):
    """See the module docstring."""

    effect: Effect
    sides: int = 6
    name: str = "roll"
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "immediate", self.effect.immediate)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def _rolled(self, ctx: Ctx) -> Ctx:
        result = ctx.game.roll_die(ctx.state, ctx.you, self.sides, ctx.rule)
        return ctx.child(0, vars=bind(ctx.vars, self.name, result))

    def do(self, ctx: Ctx) -> None:
        self.effect.do(self._rolled(ctx))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        ctx.game.pop(ctx.state, step)
        self.effect.start(self._rolled(ctx))
