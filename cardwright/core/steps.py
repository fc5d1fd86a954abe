"""Typed flow steps: what sits on ``state.stack``.

A step is a small msgspec Struct, one class per kind, tagged with its kind (``"bw.turn"``,
``"core.respond"``). The engine runs the top step of the stack until a question is pending:

* :meth:`Step.ask` (pure): the question the step needs answered now, or None. It must not
  change the state; the conformance suite re-asks every pending question and checks the state
  hash, and determinization re-asks another seat's question after dealing hidden cards.
* :meth:`Step.run`: the work of a step that has nothing to ask (it must change something:
  advance its stage, push a step, pop itself, or end the game).
* :meth:`Step.answer`: carry out the chosen :class:`~.state.Option` (typed values in
  ``option.card`` / ``option.n`` / ``option.arg``; nothing parses option ids).

Static data (card definitions, effect trees) is never in a step: a step refers to it by id.
A game's state class is built with every step class of the core and of the game defined by then
(:func:`state_class`, found by their tags), so states copy and decode with their concrete steps.

>>> class Wait(CoreStep, tag="demo.wait"):
...     def run(self, game, state): state.stack.pop()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, Union

import msgspec
from typing_extensions import TypeVar

from .errors import EngineError
from .state import CardRef, Decision, Option, State, Trigger, known_card

if TYPE_CHECKING:
    from .game import Game


#: the game a step belongs to, and the class of that game's states (a step that does not
#: say is typed for any game: ``Game`` and ``State``)
G = TypeVar("G", bound="Game[Any]", default="Game")
S = TypeVar("S", bound=State, default=State)


class Step(msgspec.Struct, Generic[G, S], tag_field="type", kw_only=True, omit_defaults=True):
    """One entry of the flow stack. ``seat``: whose step it is (-1: nobody's).

    A step declares its game and the game's state class once, as type parameters
    (``class Turn(Step["Varia", VariaState], tag="va.turn")``, or a game's alias of
    them), and its methods take those types: the engine only ever hands a step the game it
    belongs to and that game's state. The parameters are for the type checker alone: they
    add no field, and a step encodes, hashes and decodes as before."""

    seat: int = -1

    @property
    def kind(self) -> str:
        """The step's kind (its tag)."""
        return str(self.__struct_config__.tag)

    def ask(self, game: G, state: S) -> Decision | None:
        """The question to answer now, or None to :meth:`run`. Must not change anything."""
        return None

    def run(self, game: G, state: S) -> None:
        """Do the work that needs no answer."""
        raise EngineError(f"step {self.kind!r} has nothing to run")

    def answer(self, game: G, state: S, option: Option) -> None:
        """Carry out the answer to the question :meth:`ask` asked."""
        raise EngineError(f"step {self.kind!r} asks nothing")

    def go(self, game: G, state: S) -> Decision | None:
        """What the flow does with the top step: :meth:`ask`, and with no question,
        :meth:`run`; the question, if one was asked. A step may override it to share the
        work of both (it must act exactly as the two calls do: :meth:`ask` alone stays what
        re-asking a question calls)."""
        decision = self.ask(game, state)
        if decision is None:
            self.run(game, state)
        return decision


#: a step of any game (what the core's flow holds)
AnyStep = Step[Any, Any]
#: the core's own steps, which run for every game
CoreStep = Step["Game", State]


def step_types() -> dict[str, type[AnyStep]]:
    """Every step class defined so far, by tag. Two classes with one tag are an error."""
    found: dict[str, type[AnyStep]] = {}
    todo: list[type[AnyStep]] = list(Step.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        tag = cls.__struct_config__.tag
        if not isinstance(tag, str) or "." not in tag:
            raise EngineError(f"step {cls.__qualname__}: give it a tag such as 'game.kind'")
        if tag in found and found[tag] is not cls:
            raise EngineError(f"step tag {tag!r} is used by {cls.__qualname__} and another")
        found[tag] = cls
    return found


def steps_for(prefix: str) -> list[type[AnyStep]]:
    """The steps of the core and of the game whose tags start with ``prefix``."""
    return [
        cls
        for tag, cls in sorted(step_types().items())
        if tag.startswith("core.") or (prefix and tag.startswith(prefix))
    ]


#: the classes made so far (each is a subclass of its key's base: typed Any, a cache of every
#: game's classes)
_state_classes: dict[tuple[type[State], tuple[type[AnyStep], ...]], Any] = {}


def state_class(base: type[S], steps: list[type[AnyStep]]) -> type[S]:
    """``base`` with a stack typed as the union of ``steps`` (made once per base and set of
    steps, so states of one game always have one class)."""
    key = (base, tuple(steps))
    found: type[S] | None = _state_classes.get(key)
    if found is not None:
        return found
    union: Any = Union[tuple(steps)]  # noqa: UP007 (a union built at run time)
    made: Any = msgspec.defstruct(
        base.__name__,
        [("stack", list[union], msgspec.field(default_factory=list))],
        bases=(base,),
        kw_only=True,
        module=base.__module__,
    )
    made.__reduce__ = lambda self: (_restore, (base, tuple(steps), _to_json(self)))
    _state_classes[key] = made
    cls: type[S] = made
    return cls


def _to_json(state: State) -> bytes:
    from .state import to_json

    return to_json(state)


def _restore(base: type[State], steps: tuple[type[AnyStep], ...], data: bytes) -> State:
    """Unpickle a state of a made class (states travel between processes as JSON)."""
    from .state import from_json

    return from_json(state_class(base, list(steps)), data)


# ------------------------------------------------------------------------ core steps
class Respond(CoreStep, tag="core.respond"):
    """A response window: each seat of ``order``, starting at ``order[idx]``, may respond or
    pass; it closes when every seat in it has passed in a row, and a response restarts the
    count. A seat with nothing to play passes without being asked, unless the game says it
    expects a response from it anyway (:meth:`Game.response_expected`: a seat whose hidden hand
    might hold one is asked whenever it might, so that being asked tells the others nothing).
    ``window`` names the occasion for the game's hooks; ``card`` is the card the window is
    about, if any (a base being scored, a card just played).
    """

    window: str
    order: list[int]
    idx: int = 0
    passes: int = 0
    rule: str = "core.respond"
    card: CardRef | None = None

    def _next_asker(
        self, game: Game, state: State, options_needed: bool = True
    ) -> tuple[int, list[Option]] | None:
        """The seat to ask and its responses, skipping seats with none (pure). Without
        ``options_needed`` (carrying out an answer), a seat the game expects to answer is
        found without working out its options (they are then not returned)."""
        idx, passes = self.idx, self.passes
        while passes < len(self.order):
            seat = self.order[idx]
            if not options_needed and game.response_expected(state, self, seat):
                return idx, []
            options = game.response_options(state, self, seat)
            if options or game.response_expected(state, self, seat):
                return idx, options
            passes += 1
            idx = (idx + 1) % len(self.order)
        return None

    def ask(self, game: G, state: S) -> Decision | None:
        found = self._next_asker(game, state)
        if found is None:
            return None
        idx, options = found
        seat = self.order[idx]
        return Decision(
            seat=seat,
            kind="respond",
            prompt=game.response_prompt(state, self, seat),
            options=[*options, Option("pass", "Pass")],
            rule=self.rule,
        )

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)  # everyone passed (asked or not)

    def answer(self, game: Game, state: State, option: Option) -> None:
        found = self._next_asker(game, state, options_needed=False)
        assert found is not None
        idx = found[0]
        # the seats skipped before the asked one passed
        self.passes += (idx - self.idx) % len(self.order)
        seat = self.order[idx]
        self.idx = (idx + 1) % len(self.order)
        if option.id == "pass":
            self.passes += 1
        else:
            self.passes = 0
            game.respond(state, self, seat, option)


class ResolveTriggers(CoreStep, tag="core.triggers"):
    """Resolve every pending trigger: the seats in the game's trigger order
    (:meth:`Game.trigger_order`) each resolve theirs, choosing the order when they have
    several different ones (copies of one ability of one card are interchangeable)."""

    def _pending(self, game: Game, state: State) -> tuple[int, list[int]] | None:
        triggers = state.triggers
        if not triggers:
            return None
        for seat in game.trigger_order(state):
            mine = [i for i, t in enumerate(triggers) if t.controller == seat]
            if mine:
                return seat, mine
        raise EngineError(f"{game.id}: pending triggers belong to no seat in the order")

    def _question(self, game: Game, state: State, seat: int, mine: list[int]) -> Decision | None:
        """The seat's choice of which of its pending triggers ``mine`` resolves next (None:
        one, or copies of one ability of one card: the first resolves)."""
        if len(mine) == 1:
            return None
        triggers = state.triggers
        kinds = {(triggers[i].ability, _source_defn(state, triggers[i])) for i in mine}
        if len(kinds) == 1:
            return None
        options = [
            Option(f"trigger:{i}", game.trigger_label(state, triggers[i]), n=i) for i in mine
        ]
        return Decision(
            seat=seat,
            kind="order_triggers",
            prompt="Choose which of your triggered abilities resolves next",
            options=options,
            rule="core.triggers.order",
        )

    def ask(self, game: G, state: S) -> Decision | None:
        found = self._pending(game, state)
        return None if found is None else self._question(game, state, *found)

    def run(self, game: Game, state: State) -> None:
        found = self._pending(game, state)
        if found is None:
            game.pop(state, self)
            return
        game.run_trigger(state, state.triggers.pop(found[1][0]))

    def go(self, game: G, state: S) -> Decision | None:
        """:meth:`ask`, and with no question :meth:`run`, finding the pending triggers once:
        asking changes nothing, so :meth:`run` would find the same."""
        found = self._pending(game, state)
        if found is None:
            game.pop(state, self)
            return None
        decision = self._question(game, state, *found)
        if decision is None:
            game.run_trigger(state, state.triggers.pop(found[1][0]))
        return decision

    def answer(self, game: Game, state: State, option: Option) -> None:
        assert option.n is not None
        game.run_trigger(state, state.triggers.pop(option.n))


def _source_defn(state: State, trigger: Trigger) -> str:
    card = known_card(state, trigger.source)
    return card.defn if card is not None else str(trigger.source)
