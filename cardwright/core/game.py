"""The game-agnostic engine: the flow loop, the decision protocol, triggers, response windows,
logging, views and determinization. A game subclasses :class:`Game`, pushes its typed steps
(:mod:`.steps`) in :meth:`Game.setup`, and implements the hooks its rules need.

The flow is data. ``state.stack`` holds typed steps; the loop asks the top step its question
(:meth:`~.steps.Step.ask`, pure) and runs it when it has none, until a question is pending or
the game ends. When a player answers, the answer goes to the step that asked
(:meth:`~.steps.Step.answer`). Nothing lives on Python's call stack between decisions, so any
state can be cloned, saved or searched.

Example (a game already registered)::

    state = game.new_state({"decks": ["gray-collar", "purple-haze"]}, seed=1)
    while not state.over:
        option = state.decision.options[0]
        game.apply(state, option.id)
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from .effects import Permission, allowed
from .errors import ConfigError, DataError, EngineError, IllegalChoice
from .hidden import HiddenInformation
from .lasting import expire as expire_lasting
from .options import any_bool, seat_names, shown
from .person import refuse_card_data, refuse_second_person
from .rng import randbelow, seed_rng
from .rules import RulesIndex
from .state import (
    Bindings,
    CardRef,
    Decision,
    Lasting,
    LogEvent,
    Option,
    Result,
    State,
    Trigger,
    clone,
    known_card,
)
from .steps import AnyStep, ResolveTriggers, Respond, S, state_class, steps_for
from .timing import AFTER as AFTER
from .timing import BEFORE as BEFORE
from .timing import TIMINGS as TIMINGS
from .timing import WHEN as WHEN
from .vocab import dispatch, modified, permissions, replace_event, run_listener, treated

if TYPE_CHECKING:
    from .abilities import Ability, Registry
    from .vocab.base import Ctx


#: While the tests run (``tests/conftest.py``), :meth:`Game.log` refuses a line that more than
#: one seat reads and that addresses a player as "you" (:func:`.person.second_person`).
CHECK_PERSON = False
#: While the tests run, :meth:`Game.log` also refuses data named for cards (``card``,
#: ``cards``, ``..._card``, ``..._cards``): data is plain values that views pass on as they
#: are, so a card id there would escape the views' masking (the card goes in ``card``, typed).
CHECK_LOG_DATA = False

_MAX_STEPS_WITHOUT_DECISION = 100_000


class Game(HiddenInformation[S], ABC):
    """A game: stateless rules over a :class:`State` subclass.

    A game declares its state class once, as its type parameter and :attr:`state_type`
    (``class BlueMoon(Game[BMState])``, ``state_type = BMState``), and its hooks take that
    class: the engine only ever hands a game its own states. A bare ``Game`` is
    ``Game[State]`` (what code outside a game holds); code that accepts any game says
    ``Game[Any]`` (a ``Game[BMState]`` is not a ``Game[State]``: its hooks take less).

    Subclasses set the class attributes, implement :meth:`setup` (which pushes the first
    steps) and the hooks their rules need; hooks with defaults cover views (those of
    :class:`~.hidden.HiddenInformation`, a base of this class), triggers and response windows.
    Outside code uses only the names of :data:`.protocol.PROTOCOL`; the rest (the
    hooks, the core's helpers such as :meth:`draw` and :meth:`refill_deck`, and each game's
    own helpers) serve the game's own steps and abilities.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: the class of the game's states (its type parameter, at run time); the default is for
    #: a game of plain :class:`State` (S's default, which mypy cannot see inside the generic
    #: class: hence the one ignore)
    state_type: type[S] = State  # type: ignore[assignment]
    #: the tag prefix of the game's typed steps (``"bw."``); "core." steps are always included
    step_prefix: ClassVar[str] = ""
    rules: RulesIndex
    #: the game's abilities (None while a game has not moved to the vocabulary); a game that
    #: loads its cards' abilities as its games need them (Smash Up) holds those loaded so far
    registry: Registry | None = None
    #: the option a "you may" choice adds to decline
    decline_option: ClassVar[Option] = Option("decline", "Do nothing")
    #: the rule an empty-deck draw cites in the log (None: the draw's own rule)
    empty_draw_rule: ClassVar[str | None] = None
    #: whether a card drawn face down is marked ``face_up`` in its new zone (a game whose
    #: hands hold cards everyone has seen, Munchkin's, marks hidden draws face down)
    drawn_face_up: ClassVar[bool] = True

    def __init__(self) -> None:
        self._state_cls: type[S] | None = None

    def every_ability(self) -> Registry | None:
        """Every ability the game's cards may have (the option ids they ask for are read
        from it): :attr:`registry`, unless the game loads abilities as games need them."""
        return self.registry

    @property
    def state_cls(self) -> type[S]:
        """The concrete class of this game's states: :attr:`state_type` with a stack typed as
        the core's and the game's steps (made on first use, after every step is defined)."""
        if self._state_cls is None:
            self._state_cls = state_class(self.state_type, steps_for(self.step_prefix))
        return self._state_cls

    # ----------------------------------------------------------------- configuration and setup
    def default_config(self) -> dict[str, Any]:
        """The rule options and their defaults; ``new_state`` refuses any other key."""
        return {}

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        """Allowed values for options that take one of a fixed set."""
        return {}

    def validate_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        """Merge ``config`` into the defaults, refusing unknown keys and values."""
        merged = self.default_config()
        for key, value in (config or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ConfigError(f"{self.id}: unknown rule option {key!r} (options: {known})")
            allowed = self.config_choices().get(key)
            if allowed is not None and (
                value not in allowed or isinstance(value, bool) is not any_bool(allowed, value)
            ):
                if key == "players" and isinstance(value, int):
                    self.check_players(value, f"option players={value}")
                choices = ", ".join(shown(c) for c in allowed if c is not None)
                raise ConfigError(
                    f"{self.id}: option {key}={shown(value)} is not one of: {choices}"
                )
            merged[key] = value
        return merged

    def seat_names(self, names: Any, count: int) -> list[str]:
        """``names`` as the seats' names (:func:`.options.seat_names`), or one ConfigError."""
        return seat_names(self.id, names, count)

    def players_text(self) -> str:
        """How many play: ``2 players``, ``3 to 6 players``."""
        if self.min_players == self.max_players:
            return f"{self.min_players} players"
        return f"{self.min_players} to {self.max_players} players"

    def check_players(self, count: int, where: str) -> None:
        """Refuse a number of players the game is not played with; ``where`` says where the
        number came from (``--players 3``, ``3 agents``)."""
        if not self.min_players <= count <= self.max_players:
            raise ConfigError(f"{where}: {self.id} is played by {self.players_text()}")

    def new_state(
        self, config: Mapping[str, Any] | None = None, seed: int = 0, *, log: bool = True
    ) -> S:
        """A new game, set up and advanced to its first decision."""
        cfg = self.validate_config(config)
        state = self.state_cls(game=self.id, config=cfg, seed=seed, logging=log)
        seed_rng(state, seed)
        self.setup(state)
        self.advance(state)
        return state

    @abstractmethod
    def setup(self, state: S) -> None:
        """Fill a blank state (names, zones, cards) and push the first steps."""

    # ----------------------------------------------------------------- the decision protocol
    @staticmethod
    def question(
        seat: int, kind: str, prompt: str, options: list[Option], rule: str = ""
    ) -> Decision:
        """A question for a step's :meth:`~.steps.Step.ask` to return. Option ids must be
        unique."""
        return Decision(seat=seat, kind=kind, prompt=prompt, options=options, rule=rule)

    def legal_options(self, state: S) -> list[Option]:
        """The options of the pending decision (empty when the game is over)."""
        return [] if state.decision is None else list(state.decision.options)

    def check_choice(self, state: S, choice: str, seat: int | None = None) -> Option:
        """The option ``choice`` names; raise :class:`IllegalChoice` unless ``choice`` by
        ``seat`` is legal now."""
        decision = state.decision
        if decision is None:
            raise IllegalChoice(f"{self.id}: the game is over; no choice can be made")
        if seat is not None and seat != decision.seat:
            raise IllegalChoice(
                f"{self.id}: seat {seat} ({self.seat_name(state, seat)}) cannot choose now: "
                f"the {decision.kind} decision belongs to seat {decision.seat} "
                f"({self.seat_name(state, decision.seat)})"
            )
        for option in decision.options:
            if option.id == choice:
                return option
        legal = "; ".join(f"{o.id} ({o.label})" for o in decision.options)
        raise IllegalChoice(f"{self.id}: {choice!r} is not a legal option; legal: {legal}")

    def apply(self, state: S, choice: str, seat: int | None = None) -> None:
        """Answer the pending decision with option id ``choice`` and run to the next decision.

        The state is checked before it is touched: an illegal choice or a wrong seat raises
        :class:`IllegalChoice` and leaves the state exactly as it was.
        """
        option = self.check_choice(state, choice, seat)
        state.decision = None
        state.decisions += 1
        state.stack[-1].answer(self, state, option)
        self.advance(state)

    def next_state(self, state: S, choice: str, seat: int | None = None) -> S:
        """Like :meth:`apply` but on a copy: the given state is not changed."""
        self.check_choice(state, choice, seat)
        child = clone(state)
        self.apply(child, choice, seat)
        return child

    def advance(self, state: S) -> None:
        """Run the top step until a decision is pending or the game is over."""
        stack = state.stack
        for _ in range(_MAX_STEPS_WITHOUT_DECISION):
            if state.decision is not None or state.result is not None:
                return
            if not stack:
                raise EngineError(f"{self.id}: the flow stack is empty but the game is not over")
            decision = stack[-1].go(self, state)  # ask; with no question, run
            if decision is None:
                continue
            if not decision.options:
                raise EngineError(f"decision {decision.kind!r} for seat {decision.seat} is empty")
            else:
                state.decision = decision
        raise EngineError(f"{self.id}: no decision after {_MAX_STEPS_WITHOUT_DECISION} steps")

    def reask(self, state: S) -> Decision | None:
        """The question the top of the stack asks now, computed afresh (the state is left as
        it was): what a determinized state's other-seat decision is, and what the conformance
        suite compares with the pending decision."""
        if not state.stack or state.result is not None:
            return None
        asked: Decision | None = state.stack[-1].ask(self, state)
        return asked

    # ----------------------------------------------------------------- flow helpers
    @staticmethod
    def push_step(state: State, step: AnyStep) -> AnyStep:
        """Push a typed step onto the flow stack; it runs next."""
        state.stack.append(step)
        return step

    @staticmethod
    def pop(state: State, frame: AnyStep) -> None:
        """Take ``frame`` (which must be the top of the stack) off the stack."""
        if not state.stack or state.stack[-1] is not frame:
            raise EngineError(f"popping step {frame.kind!r}, which is not on top of the stack")
        state.stack.pop()

    @staticmethod
    def replace_top(state: State, old: AnyStep, new: AnyStep) -> None:
        """Put ``new`` in place of ``old`` (the top of the stack): a step that hands on."""
        if not state.stack or state.stack[-1] is not old:
            raise EngineError(f"replacing step {old.kind!r}, which is not on top of the stack")
        state.stack[-1] = new

    def random_first(self, state: S, rule: str, text: str) -> int:
        """A seat drawn at random to start (the first player), logged as a chance event:
        its name, then ``text`` (``"is chosen at random to start"``)."""
        first = randbelow(state, len(state.names))
        self.log(
            state,
            "first_player",
            rule,
            f"{self.seat_name(state, first)} {text}",
            first,
            chance=True,
        )
        return first

    def turn_limit_reached(self, state: S, rule: str) -> bool:
        """End the game as a draw once ``config["max_turns"]`` turns have been played.

        An engine safeguard so that simulations always end; call it where a turn starts.
        """
        limit = state.config.get("max_turns")
        if limit is None or state.turn < limit:
            return False
        self.end_game(state, [], f"turn limit of {limit} reached: a draw", rule)
        return True

    def end_game(self, state: S, winners: Iterable[int], reason: str, rule: str) -> None:
        """Record the result; the loop stops at once."""
        state.result = Result(winners=sorted(winners), reason=reason, rule=rule)
        state.decision = None
        self.log(state, "game_over", rule, reason)

    # ----------------------------------------------------------------- the log
    def log(
        self,
        state: S,
        kind: str,
        rule: str,
        text: str,
        seat: int = -1,
        *,
        visible_to: list[int] | None = None,
        redacted: str = "",
        card: int | None = None,
        **data: Any,
    ) -> None:
        """Append a log event citing ``rule`` (a no-op when the state does not log). ``card``
        is the card the event is about (typed, so views mask it when it is hidden); ``data``
        holds other plain values (never card ids)."""
        if not state.logging:
            return
        if CHECK_LOG_DATA and data:
            refuse_card_data(self.id, kind, rule, data)
        if CHECK_PERSON:
            refuse_second_person(self, state, rule, text, visible_to, redacted)
        state.log.append(
            LogEvent(
                seq=len(state.log),
                turn=state.turn,
                kind=kind,
                rule=rule,
                text=text,
                seat=seat,
                data=data,
                visible_to=visible_to,
                redacted=redacted,
                card=None if card is None else CardRef(card),
            )
        )

    def seat_name(self, state: S, seat: int) -> str:
        return state.names[seat] if 0 <= seat < len(state.names) else f"seat {seat}"

    # ----------------------------------------------------------------- events and triggers
    def emit(
        self,
        state: S,
        kind: str,
        timing: str = WHEN,
        seat: int = -1,
        card: int | None = None,
        *,
        vars: Bindings | None = None,
    ) -> None:
        """Announce an event: the listeners of the game's abilities hear it (the card it is
        about first, then every live card: :func:`~cardwright.core.vocab.dispatch`).
        ``vars``: what else the event binds for its listeners' conditions and effects (other
        cards by name, numbers, words); the card is bound as ``card``.

        >>> game.emit(state, "dies", AFTER, seat=0, card=17)  # doctest: +SKIP
        """
        if timing not in TIMINGS:
            raise EngineError(f"event {kind!r}: timing {timing!r} is not one of {TIMINGS}")
        if self.registry is not None:
            dispatch(self, state, kind, timing, seat, card, vars)

    def resolve_triggers(self, state: S) -> None:
        """Push the step that resolves every pending trigger (call after an event batch)."""
        if not state.triggers or (state.stack and type(state.stack[-1]) is ResolveTriggers):
            return
        self.push_step(state, ResolveTriggers())

    def trigger_order(self, state: S) -> list[int]:
        """The order in which players' triggers resolve: active player first, then seat order.

        Games with another rule override this.
        """
        n = len(state.names)
        return [(state.active + i) % n for i in range(n)]

    def trigger_controller(self, state: S, source: int, actor: int) -> int:
        """Who orders a trigger of ``source`` that acts for ``actor`` among the pending ones
        (:class:`~.steps.ResolveTriggers` groups them by it). Default: ``actor`` (each player
        orders their own); a game where the current player orders every trigger returns the
        active seat."""
        return actor

    def listener_used(self, state: S, card: int, key: str, about: int | None) -> bool:
        """Whether the listener ``key`` of ``card`` (limited to once per turn, per ``about``
        if given) has already been set off this turn. Default: a lasting mark until the end
        of the turn (the game announces ``end_of_turn``)."""
        mark = f"once:{key}"
        return any(e.key == mark and e.target == card and e.about == about for e in state.lasting)

    def use_listener(self, state: S, card: int, key: str, about: int | None) -> None:
        """Note that the listener ``key`` of ``card`` was set off (see :meth:`listener_used`)."""
        ref = None if about is None else CardRef(about)
        state.lasting.append(Lasting(f"once:{key}", CardRef(card), about=ref))

    def trigger_label(self, state: S, trigger: Trigger) -> str:
        """How a pending trigger is named when its controller orders them: the ability's
        name and the card it comes from."""
        if self.registry is not None and trigger.ability in self.registry.abilities:
            name = self.registry.ability(trigger.ability).label
            return f"{name} ({self.card_name(state, trigger.source)})"
        return trigger.ability

    def run_trigger(self, state: S, trigger: Trigger) -> None:
        """Resolve one trigger: a vocabulary listener's effect starts (pushing its steps)."""
        if trigger.effect:
            run_listener(self, state, trigger)
            return
        raise EngineError(f"{self.id}: trigger {trigger.ability!r} has no resolver")

    # ----------------------------------------------------------------- response windows
    def open_window(
        self,
        state: S,
        window: str,
        first: int,
        seats: list[int] | None = None,
        *,
        rule: str = "core.respond",
        card: CardRef | None = None,
    ) -> Respond:
        """Push a typed response window (:class:`~.steps.Respond`): each seat, in seat order
        from ``first`` (only ``seats`` if given), may respond or pass until all pass in a row."""
        n = len(state.names)
        order = [(first + i) % n for i in range(n)]
        if seats is not None:
            order = [s for s in order if s in seats]
        step = Respond(window=window, order=order, rule=rule, card=card)
        state.stack.append(step)
        return step

    def response_options(self, state: S, frame: Respond, seat: int) -> list[Option]:
        """The responses ``seat`` may make now in the window ``frame`` (``pass`` is added by
        the core). Must not change anything."""
        return []

    def response_expected(self, state: S, frame: Respond, seat: int) -> bool:
        """Whether ``seat`` is asked in the typed window ``frame`` even when it has nothing to
        play (it may only pass). A game whose responses may sit in a hidden hand asks a seat
        whenever, as far as the others can tell, it might hold one: skipping it exactly when
        it holds none would tell them so. Must not change anything. Default: False (a seat
        with nothing to play passes without being asked)."""
        return False

    def respond(self, state: S, frame: Respond, seat: int, choice: Option) -> None:
        """Carry out a response (push its steps): ``choice`` is the chosen :class:`Option`."""
        raise EngineError(f"{self.id}: response {choice!r} has no handler")

    def response_prompt(self, state: S, frame: Respond, seat: int) -> str:
        return "You may respond, or pass"

    # ----------------------------------------------------------------- the vocabulary's hooks
    def abilities_of(self, state: S, card: int) -> tuple[Ability, ...]:
        """The abilities ``card`` has (its definition's, in the state's card set or ruleset).
        Default: none."""
        return ()

    def after_effect_step(self, state: S, ctx: Ctx[Any, S]) -> None:
        """Called after each step of a vocabulary effect has run or been answered (``ctx``:
        the context it ran in): a game's bookkeeping between the steps of an ability (Smash
        Up offers copying cards the effects a step just had). Default: nothing."""

    def choice_label(self, ctx: Ctx[Any, S], card: int, style: str) -> str:
        """How an option of a vocabulary choice names ``card`` when the choice asks for the
        label style ``style`` (a word the game defines: ``choose(..., label="minion")``).
        Default: the card's name."""
        return self.card_name(ctx.state, card)

    def live_cards(self, state: S) -> Iterable[int]:
        """The cards whose abilities are in force now (in play), in the order their
        listeners hear events. Default: none."""
        return ()

    def modifier_sources(self, state: S, key: str) -> Iterable[int]:
        """The live cards whose modifiers may change value ``key`` of other cards (the
        vocabulary's :func:`~cardwright.core.vocab.modified` asks only these). Default: every
        live card; a game that knows which of its cards can change a value (from their static
        abilities) narrows it, for speed."""
        return self.live_cards(state)

    def card_attr(self, state: S, card: int, name: str) -> Any:
        """An attribute of a card that selectors and expressions may test (``cost``,
        ``power``, ``purple`` ...); an unknown name is a rules error."""
        raise EngineError(f"{self.id}: cards have no attribute {name!r}")

    def zone_key(self, zone: str, seat: int) -> str:
        """The key of a per-seat zone by its name (``zone_key("hand", 1) == "hand:1"``)."""
        return f"{zone}:{seat}"

    def value(self, state: S, key: str, card: int, base: int, parts: Iterable[int] = ()) -> int:
        """A card's value ``key`` from ``base``, with every modifier in force applied.
        ``parts``: other cards combined with ``card`` into one (a Varia combo), whose own
        modifiers count as the combined card's own."""
        if self.registry is None:
            return base
        return modified(self, state, key, card, base, parts)

    def card_attr_as(self, state: S, card: int, name: str, viewer: int) -> Any:
        """An attribute of a card as ``viewer`` sees it: :meth:`card_attr`, changed by the
        "treated as" rules in force for that seat (:func:`~cardwright.core.vocab.treated`:
        Varia's Eyes of the Goddess makes its holder, and only its holder, treat cards as
        Demonic). Expressions read attributes through it, with the acting seat as viewer."""
        value = self.card_attr(state, card, name)
        registry = self.registry
        if registry is None or not registry.treating(name):
            return value
        return treated(self, state, card, name, value, viewer)

    def allowed(
        self,
        state: S,
        action: str,
        target: int | None,
        actor: int,
        *,
        default: bool = True,
        extra: Iterable[Permission] = (),
    ) -> bool:
        """Whether ``actor`` may do ``action`` to ``target`` now: the "cannot"s and "can"s of
        live cards and lasting effects, plus the game's own (``extra``: a rule's default, a
        hard rule), weighed by :func:`~cardwright.core.effects.allowed`."""
        found = permissions(self, state, action, target, actor)
        return allowed([*found, *extra], default=default)

    def replace_event(
        self, state: S, event: str, card: int, seat: int, **cards: list[CardRef]
    ) -> bool:
        """Whether a replacement took ``event`` (about to happen to ``card``): its effect has
        started instead, and the caller must not carry out the event."""
        if self.registry is None:
            return False
        return replace_event(self, state, event, card, seat, Bindings(cards=dict(cards)))

    def add_lasting(self, state: S, effect: Lasting, rule: str) -> None:
        """Start a lasting effect (games that must check or record it override)."""
        state.lasting.append(effect)
        self.derived_changed(state)

    def expire(self, state: S, occasion: str) -> None:
        """Announce an occasion lasting effects may end at (``end_of_turn`` ...)."""
        expire_lasting(state, occasion)
        self.derived_changed(state)

    def derived_changed(self, state: S) -> None:
        """Say that a card's counters or a lasting effect changed. A game that keeps answers
        derived from the state beside it (Smash Up keeps powers, :mod:`.values` there)
        drops them here; the vocabulary's verbs that change counters or lasting effects
        call it. The default keeps nothing, so does nothing."""

    def has_keyword(self, state: S, card: int, word: str) -> bool:
        """Whether one of the card's abilities gives it the keyword ``word``."""
        return any(word in a.keywords for a in self.abilities_of(state, card))

    def gain(
        self,
        state: S,
        seat: int,
        key: str,
        amount: int,
        rule: str,
        source: int | None,
        why: str = "",
    ) -> None:
        """``seat`` gains (or, negative, loses) ``amount`` of resource ``key`` (``source``: the
        card it comes from; ``why``: the reason for the log). Games with resources override."""
        raise EngineError(f"{self.id}: there is no resource {key!r} to gain")

    def discard_card(self, state: S, seat: int, card: int, rule: str) -> None:
        """``seat`` discards ``card`` from their hand (games override)."""
        raise EngineError(f"{self.id}: discarding is not supported")

    def roll_die(self, state: S, seat: int, sides: int, rule: str, why: str = "") -> int:
        """``seat`` rolls a die of ``sides`` faces (the state's seeded generator: a scenario
        forces it), logged as a chance event; returns the face. Games whose cards change
        rolls (a penalty to every roll, a die set to any face) override it.

        >>> game.roll_die(state, 0, 6, "mk.run.roll", "to run away")  # doctest: +SKIP
        4
        """
        from .rng import roll

        face = roll(state, sides)
        if state.logging:
            reason = f" {why}" if why else ""
            text = f"{self.seat_name(state, seat)} rolls {face}{reason}"
            self.log(state, "roll", rule, text, seat, chance=True, face=face)
        return face

    # ----------------------------------------------------------------- drawing
    def draw_zones(self, deck: str, hand: str) -> tuple[str, str]:
        """The zone names (before :meth:`zone_key`) a :meth:`draw` from ``deck`` into ``hand``
        uses: as named by default; a game whose cards say "draw" of one of several piles maps
        the default names (Munchkin's "deck" is the Door deck, and "hand" the hand of the
        drawn card's back)."""
        return deck, hand

    def drawable(self, state: S, seat: int, n: int) -> int:
        """How many of ``n`` cards ``seat`` may draw now (limits and prohibitions go here).
        Default: all of them."""
        return n

    def can_draw(self, state: S, seat: int, n: int) -> bool:
        """Whether ``seat`` can draw at all now (a cost that draws needs a card)."""
        return bool(state.zones.get(self.zone_key("deck", seat)))

    def refill_deck(self, state: S, seat: int, rule: str) -> bool:
        """The deck is empty and a card must be drawn: refill it (shuffle the discard pile
        in, for instance) and return True, or return False (the draw stops). Default: False."""
        return False

    def refill_pile(self, state: S, seat: int, rule: str, pile: str) -> bool:
        """The pile ``pile`` (a zone key) is empty and a card must be drawn from it: refill it
        and return True, or return False. Default: :meth:`refill_deck` (a game with shared
        piles, such as Munchkin's Door and Treasure decks, overrides this one)."""
        return self.refill_deck(state, seat, rule)

    def draw_empty(self, state: S, seat: int, rule: str) -> None:
        """Log that ``seat`` had nothing left to draw."""
        self.log(
            state,
            "draw_empty",
            self.empty_draw_rule or rule,
            f"{self.seat_name(state, seat)} has no card left to draw",
            seat,
        )

    def after_draw(self, state: S, seat: int, drawn: int) -> None:
        """Called after every draw (a hand that changed, a count of cards drawn)."""

    def hidden_draw_text(self, state: S, seat: int, pile: str) -> str:
        """How the other seats' log names a card drawn face down from ``pile`` (a zone key):
        ``"a card"`` by default; a game whose piles have different backs names the back
        (``"a Treasure card"``)."""
        return "a card"

    def draw(
        self,
        state: S,
        seat: int,
        n: int,
        rule: str,
        *,
        deck: str = "deck",
        hand: str = "hand",
        public: bool = False,
    ) -> int:
        """``seat`` draws up to ``n`` cards from the top of their deck into their hand, each
        logged privately to them (the others see "draws a card"); returns how many. The one
        draw of every game: limits, refills and bookkeeping are the hooks above.

        ``deck`` and ``hand`` name the zones (through :meth:`zone_key`: a game with shared
        piles maps ``"door_deck"`` to one zone for every seat); ``public``: the cards are
        drawn face up, for everyone to see (the log line is public and the card is
        ``face_up``); otherwise the card is ``face_up`` as :attr:`drawn_face_up` says.

        >>> game.draw(state, 0, 1, "rule", deck="door_deck", hand="hand.door")  # doctest: +SKIP
        """
        deck, hand = self.draw_zones(deck, hand)
        k = self.drawable(state, seat, n)
        if k <= 0:
            return 0
        deck_key = self.zone_key(deck, seat)
        pile = state.zones[deck_key]
        into = state.zones[self.zone_key(hand, seat)]
        cards = state.cards
        name = self.seat_name(state, seat)
        drawn = 0
        for _ in range(k):
            if not pile:
                if not self.refill_pile(state, seat, rule, deck_key):
                    self.draw_empty(state, seat, rule)
                    break
                pile = state.zones[deck_key]  # the refill may have made a new list
            cid = pile.pop()
            into.append(cid)
            cards[cid].face_up = public or self.drawn_face_up
            drawn += 1
            if state.logging:
                text = f"{name} draws {self.card_name(state, cid)}"
                if public:
                    self.log(state, "draw", rule, text + " face up", seat, card=cid)
                    continue
                self.log(
                    state,
                    "draw",
                    rule,
                    text,
                    seat,
                    visible_to=[seat],
                    redacted=f"{name} draws {self.hidden_draw_text(state, seat, deck_key)}",
                    card=cid,
                )
        self.after_draw(state, seat, drawn)
        return drawn

    # ----------------------------------------------------------------- views
    # (card_visible, pool_key and the other hooks they ask: HiddenInformation, in .hidden)
    def view(self, state: S, seat: int) -> S:
        """What ``seat`` may know: hidden cards become placeholders with negative ids.

        The view has the same type as the state, so tools render it the same way, and the
        server only ever sends views. See :meth:`determinize` for the way back.
        """
        from .views import make_view

        return make_view(self, state, seat)

    def determinize(self, view: S, seed: int) -> S:
        """A full state consistent with ``view``: placeholders filled from the viewer's pools."""
        from .views import determinize

        return determinize(self, view, seed)

    # ----------------------------------------------------------------- scenarios
    def _scenario_module(self) -> Any:
        """The game package's ``scenario`` module (``build`` and ``facts``), or None."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.scenario")
        except ModuleNotFoundError as missing:
            if missing.name != f"{package}.scenario":
                raise
            return None

    def scenario_state(
        self, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int = 0
    ) -> tuple[S, dict[str, int]]:
        """Build a mid-game position from a scenario's ``setup``; returns it and card aliases.
        Default: ``build(game, config, setup, seed)`` of the game package's ``scenario``
        module. A position the rules cannot reach (a card in two zones, or one the game's
        :meth:`invariants` refuse) is a :class:`DataError`."""
        module = self._scenario_module()
        if module is None:
            raise ConfigError(f"{self.id}: scenarios are not supported yet")
        built: tuple[S, dict[str, int]] = module.build(self, config, setup, seed)
        problems = self.invariants(built[0])
        if problems:
            raise DataError(f"setup: the position is not legal: {problems[0]}")
        return built

    def scenario_facts(self, state: S) -> dict[str, Any]:
        """Named facts a scenario may ``expect`` (zones as lists of card ids, numbers ...).
        Default: ``facts(game, state)`` of the game package's ``scenario`` module."""
        module = self._scenario_module()
        found: dict[str, Any] = {} if module is None else module.facts(self, state)
        return found

    # ----------------------------------------------------------------- checks and presentation
    def conserved_cards(self, state: S) -> int:
        """How many cards the conformance suite's conservation check counts (it must never
        change): every card by default; a game whose tokens or markers come and go (Varia's
        token actions and stacks) counts only the others."""
        return len(state.cards)

    def stack_count(self, state: S, seat: int, name: str) -> int:
        """How many stacks named ``name`` ``seat`` has (Varia's Enraged, Fatigue ...; the
        vocabulary's ``stacks(name)``). Games with stacks override."""
        raise EngineError(f"{self.id}: there are no stacks")

    def change_stacks(
        self, state: S, seat: int, name: str, delta: int, rule: str, source: int | None
    ) -> None:
        """``seat`` gains (``delta`` > 0) or loses stacks named ``name`` (never below 0)
        (the vocabulary's ``gain_stacks`` / ``lose_stacks``). Games with stacks override."""
        raise EngineError(f"{self.id}: there are no stacks")

    def invariants(self, state: S) -> list[str]:
        """Game-specific invariants; each broken one is a message. Default: none."""
        return []

    def card_name(self, state: S, card_id: int) -> str:
        card = known_card(state, card_id)
        return card.defn if card is not None else "a hidden card"

    def render(self, view: S, seat: int) -> str:
        """A seat's view as text for the terminal (rich markup allowed)."""
        counts = ", ".join(f"{zone}: {len(ids)}" for zone, ids in view.zones.items())
        return f"Turn {view.turn}, {view.names[view.active]} to act. {counts}"

    def scores(self, state: S) -> dict[str, Any]:
        """Per-seat numbers for reports (life, points ...)."""
        return {}
