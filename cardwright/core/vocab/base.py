"""The vocabulary's foundations: the context an ability runs in, expressions, effects, and the
table that lets a flow step refer to an effect node by a stable key.

Effect trees are static (built when a game loads, shared, never copied into a state). A step on
the flow stack refers to the node it is running by its *key*: the game, the ability, the hook
and the path of child indexes (``"bizarre-world/explosive/listeners/0"``,
``".../effect/1.0"``), so a state stays plain data and can be copied or saved mid-effect.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic

import msgspec
from typing_extensions import TypeVar

from ..errors import DataError, EngineError
from ..state import Bindings, CardRef, Decision, Option, State, refs

if TYPE_CHECKING:
    from ..abilities import Ability
    from ..game import Game
    from .step import EffectStep


@functools.cache
def _effect_step() -> type[EffectStep]:
    """The step class (its module imports this one): an import inside a function runs the
    import machinery at every call, and :meth:`Effect.start` is called often."""
    from .step import EffectStep

    return EffectStep


#: the bindings of a context that has bound nothing (shared, never changed: binding makes a
#: new :class:`Bindings`, and a step stores a fresh one)
NOTHING_BOUND = Bindings()


#: the game a context runs in and its state class (covariant: a context is never changed once
#: made, so Blue Moon's context is a context of some game, and the core's words take it)
G_co = TypeVar("G_co", bound="Game[Any]", default="Game[Any]", covariant=True)
S_co = TypeVar("S_co", bound=State, default=State, covariant=True)


class Ctx(msgspec.Struct, Generic[G_co, S_co]):
    """Where an ability is running: the game, the state, the ability, the card it comes from
    (``source``), the seat it acts for (``you``), what it has bound so far (``vars``: chosen
    cards as ``chosen``, the current card of a loop as ``it``, an event's cards by name) and
    the key of the effect node running.

    Typed by the game and its state class, as a step is (``Ctx["BlueMoon", BMState]``, or a
    game's alias of it): a game's word takes its game's context, so ``ctx.state`` is the
    game's state; a bare ``Ctx`` is any game's (``Game[Any]`` and ``State``), and a game's
    context is one (the core's words take it). The parameters are for the type checker
    alone. Nothing changes a context once it is made (a new one is made instead).

    A struct (made in C: contexts are made several times per decision), never encoded nor
    kept in a state."""

    game: G_co
    state: S_co
    ability: Ability
    source: CardRef | None
    you: int
    vars: Bindings = msgspec.field(default_factory=lambda: NOTHING_BOUND)
    node: str = ""

    @property
    def rule(self) -> str:
        return self.ability.rule

    def child_as(self, you: int) -> Ctx[G_co, S_co]:
        """The same context with another seat acting."""
        return Ctx(self.game, self.state, self.ability, self.source, you, self.vars, self.node)

    def child(
        self, index: int, *, vars: Bindings | None = None, you: int | None = None
    ) -> Ctx[G_co, S_co]:
        """The context for child ``index`` of the running node (optionally with other
        bindings, or another seat acting)."""
        return Ctx(
            self.game,
            self.state,
            self.ability,
            self.source,
            self.you if you is None else you,
            self.vars if vars is None else vars,
            f"{self.node}.{index}",
        )


#: the context of a word of any game: what a node of an effect tree is given (a tree is
#: built from one game's data, so its nodes run in that game's context; a node declares the
#: context it takes, ``ctx: Ctx`` in the core's and ``ctx: BMCtx`` in Blue Moon's)
AnyCtx = Ctx[Any, Any]


class Expr:
    """A pure expression: evaluated against a context, it changes nothing. Selectors give a
    list of cards (or seats), numbers an int, conditions a bool. Its methods take any game's
    context (:data:`AnyCtx`); a subclass declares the one it runs in."""

    def eval(self, ctx: AnyCtx) -> Any:
        raise NotImplementedError

    def describe(self) -> str:
        return type(self).__name__.lower()


class Effect:
    """Something an ability does. An *immediate* effect does it at once (:meth:`do`); a
    *stepwise* one needs the flow stack (a question, or children that may ask): started, it
    pushes an :class:`~.step.EffectStep` whose ``ask`` / ``run`` / ``answer`` call the methods
    below with that step (where it keeps its progress) and a context (any game's,
    :data:`AnyCtx`, in this base class; a subclass declares the one it runs in)."""

    immediate: bool = True

    @property
    def always_possible(self) -> bool:
        """True when :meth:`possible` cannot be False (no condition, no choice, no limit):
        callers may skip asking."""
        return all(p.always_possible for p in self.parts())

    def parts(self) -> Sequence[Effect]:
        """Child effects (their keys are the parent's key plus ``.index``)."""
        return ()

    def possible(self, ctx: AnyCtx) -> bool:
        """Whether the effect can be done in full now (a cost must be)."""
        return True

    def do(self, ctx: AnyCtx) -> None:
        raise EngineError(f"{type(self).__name__} is not immediate")

    def start(self, ctx: AnyCtx) -> None:
        """Begin the effect in ``ctx`` (``ctx.node`` is this effect's key)."""
        if self.immediate:
            self.do(ctx)
        else:
            bound = Bindings() if ctx.vars is NOTHING_BOUND else ctx.vars
            step = _effect_step()(
                node=ctx.node, seat=ctx.you, source=ctx.source, you=ctx.you, vars=bound
            )
            ctx.state.stack.append(step)

    # stepwise effects -------------------------------------------------------------------
    def ask(self, step: EffectStep, ctx: AnyCtx) -> Decision | None:
        return None

    def go(self, step: EffectStep, ctx: AnyCtx) -> Decision | None:
        """:meth:`ask`, and with no question, :meth:`run` (``Step.go``: a node may share
        the work of both, acting exactly as the two calls do)."""
        decision = self.ask(step, ctx)
        if decision is None:
            self.run(step, ctx)
        return decision

    def run(self, step: EffectStep, ctx: AnyCtx) -> None:
        raise EngineError(f"{type(self).__name__} has nothing to run")

    def answer(self, step: EffectStep, ctx: AnyCtx, option: Option) -> None:
        raise EngineError(f"{type(self).__name__} asks nothing")


#: effect nodes by key, with the ability each belongs to (one table per registry)
NodeTable = dict[str, tuple[Effect, "Ability"]]


def node_key(game: str, ability: str, hook: str) -> str:
    return f"{game}/{ability}/{hook}"


def index_effect(table: NodeTable, game: str, ability: Ability, hook: str, value: Any) -> None:
    """Record the key of every effect node in a hook's value: an effect, listeners and
    replacements, or a game's own hook item that carries an ``effect`` (keyed as the hook);
    in a list of a game's own items, each item's ``effect`` is keyed ``<hook>/<i>`` and its
    ``cost`` (an effect paid first) ``<hook>/<i>/cost``."""
    from ..abilities import Listener, Replacement

    root = node_key(game, ability.id, hook)
    if isinstance(value, Effect):
        _index(table, root, value, ability)
    elif isinstance(getattr(value, "effect", None), Effect):  # a game's own hook item
        _index(table, root, value.effect, ability)
    elif isinstance(value, (tuple, list)):
        for i, item in enumerate(value):
            if isinstance(item, Listener | Replacement):
                _index(table, f"{root}/{i}", item.effect, ability)
            elif isinstance(item, Effect):
                _index(table, f"{root}/{i}", item, ability)
            elif isinstance(getattr(item, "effect", None), Effect):  # a game's own items
                _index(table, f"{root}/{i}", item.effect, ability)
            if isinstance(getattr(item, "cost", None), Effect):  # ... with a cost to pay
                _index(table, f"{root}/{i}/cost", item.cost, ability)


def _index(table: NodeTable, key: str, effect: Effect, ability: Ability) -> None:
    if key in table and table[key][1] is not ability:
        raise DataError(f"effect key {key!r} belongs to two abilities")
    table[key] = (effect, ability)
    for i, part in enumerate(effect.parts()):
        _index(table, f"{key}.{i}", part, ability)


def node(game: Game[Any], key: str) -> tuple[Effect, Ability]:
    """The effect node ``key`` of ``game`` and its ability."""
    registry = game.registry
    found = None if registry is None else registry.nodes.get(key)
    if found is None:
        raise EngineError(f"{game.id}: no effect node {key!r}")
    return found


def cards_of(value: Any) -> list[CardRef]:
    """A card argument as a list of cards: a list stays, one card becomes a list of one."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return refs(value)
    return [CardRef(value)]


def seats_of(value: Any) -> list[int]:
    if isinstance(value, (list, tuple)):
        return [int(v) for v in value]
    return [int(value)]
