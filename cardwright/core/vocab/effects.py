"""Effects: combinators (sequence, may, for each, each player, if), verbs, and the core verbs.

A *verb* is an action with arguments: ``draw(2)``, ``discard(choose(cards("hand")))``,
``kill(choose(creatures(cost_le=3)))``. The core defines the verbs every game shares (draw,
discard from hand, gain and lose a resource, require); a game adds its own as
:class:`VerbSpec` entries in its vocabulary (destroy a minion, pay resources). A verb whose
argument is a :class:`~.exprs.Choose` asks the acting seat to choose when it runs: the option
ids are ``<verb>:<card id>`` and the labels come from the verb (or the game's card names).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import EngineError
from ..state import Bindings, CardRef, Decision, Option
from .base import AnyCtx, Ctx, Effect, Expr, cards_of, seats_of
from .compiled import compiled
from .exprs import Choose, Const, seats_from

if TYPE_CHECKING:
    from .step import EffectStep


def _pop(ctx: Ctx, step: EffectStep) -> None:
    ctx.game.pop(ctx.state, step)


# ------------------------------------------------------------------------------ combinators
@dataclass(frozen=True)
class Seq(Effect):
    """Each effect in turn (the next begins once the one before has finished)."""

    items: tuple[Effect, ...]
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "immediate", all(e.immediate for e in self.items))

    def parts(self) -> Sequence[Effect]:
        return self.items

    def possible(self, ctx: Ctx) -> bool:
        return all(e.possible(ctx.child(i)) for i, e in enumerate(self.items))

    def do(self, ctx: Ctx) -> None:
        for i, e in enumerate(self.items):
            e.do(ctx.child(i))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        i = step.idx
        if i >= len(self.items):
            _pop(ctx, step)
            return
        step.idx = i + 1
        self.items[i].start(ctx.child(i))


@dataclass(frozen=True)
class May(Effect):
    """Ask the acting seat whether to do ``effect`` (a yes/no question; the options' ids and
    labels may be the game's own, and the prompt may name bound values). ``declined``: what
    the log says when the seat says no (``{you}``: the seat's name, ``{source}``: the card's
    name; nothing when empty), as a ``power_unused`` event."""

    effect: Effect
    prompt: str = "Use this ability?"
    kind: str = "use_power"
    yes: str = "Yes"
    no: str = "No"
    yes_id: str = "yes"
    no_id: str = "no"
    declined: str = ""
    immediate: bool = field(init=False, default=False)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def ask(self, step: EffectStep, ctx: Ctx) -> Decision | None:
        options = [Option(self.yes_id, fill(ctx, self.yes)), Option(self.no_id, self.no)]
        return Decision(ctx.you, self.kind, fill(ctx, self.prompt), options, ctx.rule)

    def answer(self, step: EffectStep, ctx: Ctx, option: Option) -> None:
        _pop(ctx, step)
        if option.id == self.yes_id:
            self.effect.start(ctx.child(0))
        elif self.declined and ctx.state.logging:
            game, state = ctx.game, ctx.state
            source = "" if ctx.source is None else game.card_name(state, ctx.source)
            text = self.declined.format(you=game.seat_name(state, ctx.you), source=source)
            game.log(state, "power_unused", ctx.rule, text)


@dataclass(frozen=True)
class ForEach(Effect):
    """``effect`` once for each card of ``what`` (as found when it starts), bound as ``name``;
    with ``seats``, once for each seat ``what`` gives, the seat bound as ``name`` (the card's
    player still acting: a game's "for each other player" word)."""

    what: Expr
    effect: Effect
    name: str = "it"
    seats: bool = False
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "immediate", self.effect.immediate)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def _vars(self, ctx: Ctx, item: int) -> Bindings:
        if not self.seats:
            return ctx.vars.with_cards(self.name, [CardRef(item)])
        from .binding import bind  # (binding.py imports this module)

        return bind(ctx.vars, self.name, item)

    def do(self, ctx: Ctx) -> None:
        value = self.what.eval(ctx)
        for item in seats_of(value) if self.seats else cards_of(value):
            self.effect.do(ctx.child(0, vars=self._vars(ctx, item)))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if step.idx == 0:  # what it goes through, kept on the step
            if self.seats:
                step.seats = seats_of(self.what.eval(ctx))
            else:
                step.picked = cards_of(self.what.eval(ctx))
        found: Sequence[int] = step.seats if self.seats else step.picked
        if step.idx >= len(found):
            _pop(ctx, step)
            return
        item = found[step.idx]
        step.idx += 1
        self.effect.start(ctx.child(0, vars=self._vars(ctx, item)))


@dataclass(frozen=True)
class EachPlayer(Effect):
    """``effect`` once for each seat ``whose`` names (a seat word, default every seat in turn
    order from the active one, or an expression giving seats), with that seat as "you"."""

    effect: Effect
    whose: str | Expr = "each"
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "immediate", self.effect.immediate)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def _seats(self, ctx: Ctx) -> list[int]:
        if isinstance(self.whose, Expr):
            return seats_of(self.whose.eval(ctx))
        return seats_from(ctx, self.whose)

    def do(self, ctx: Ctx) -> None:
        for seat in self._seats(ctx):
            self.effect.do(ctx.child(0, you=seat))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if step.idx == 0:
            step.seats = self._seats(ctx)
        if step.idx >= len(step.seats):
            _pop(ctx, step)
            return
        seat = step.seats[step.idx]
        step.idx += 1
        self.effect.start(ctx.child(0, you=seat))


@dataclass(frozen=True)
class If(Effect):
    """``then`` if ``condition`` holds, else ``otherwise`` (if any)."""

    condition: Expr
    then: Effect
    otherwise: Effect | None = None
    immediate: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        imm = self.then.immediate and (self.otherwise is None or self.otherwise.immediate)
        object.__setattr__(self, "immediate", imm)

    def parts(self) -> Sequence[Effect]:
        return (self.then,) if self.otherwise is None else (self.then, self.otherwise)

    def do(self, ctx: Ctx) -> None:
        if compiled(self.condition)(ctx):
            self.then.do(ctx.child(0))
        elif self.otherwise is not None:
            self.otherwise.do(ctx.child(1))

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        _pop(ctx, step)
        if compiled(self.condition)(ctx):
            self.then.start(ctx.child(0))
        elif self.otherwise is not None:
            self.otherwise.start(ctx.child(1))


@dataclass(frozen=True)
class Require(Effect):
    """A condition a cost must meet (it does nothing itself): "only if it is your only
    creature", "only with an empty hand"."""

    condition: Expr

    @property
    def always_possible(self) -> bool:
        return False

    def possible(self, ctx: Ctx) -> bool:
        return bool(compiled(self.condition)(ctx))

    def do(self, ctx: Ctx) -> None:
        return None


# ------------------------------------------------------------------------------ verbs
VerbFn = Callable[..., Any]


@dataclass(frozen=True)
class VerbSpec:
    """A verb of a game's vocabulary.

    ``fn(ctx, *args, **kwargs)`` carries it out with its arguments evaluated (card arguments
    as lists of cards). ``pushes``: it may push steps (paying, a replacement), so what follows
    it waits for them. ``possible(ctx, *args, **kwargs)``: whether it can be done in full (for
    costs). When a card argument is chosen: ``kind`` and ``prompt`` (``{n}``: how many are left
    to choose) of the question, ``label(ctx, card)`` of each option (default: the card's
    name), ``none``: what the log says when there is nothing to choose, and ``each``: the verb
    is carried out on each card as it is picked (default), not once at the end.
    """

    name: str
    fn: VerbFn
    pushes: bool = False
    possible: Callable[..., bool] | None = None
    kind: str = "target"
    prompt: str = "Choose a card"
    label: Callable[[AnyCtx, int], str] | None = None
    none: str = ""


@dataclass(frozen=True)
class Verb(Effect):
    """A verb applied to arguments; a :class:`Choose` argument is chosen when it runs."""

    spec: VerbSpec
    args: tuple[Expr, ...] = ()
    kwargs: tuple[tuple[str, Expr], ...] = ()
    immediate: bool = field(init=False, default=True)
    choice: Choose | None = field(init=False, default=None)
    #: the arguments, when every one is a constant (evaluated once, when the card loads)
    constant: tuple[list[Any], dict[str, Any]] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        chooses = [a for a in self.args if isinstance(a, Choose)]
        chooses += [v for _, v in self.kwargs if isinstance(v, Choose)]
        if len(chooses) > 1:
            raise EngineError(f"verb {self.spec.name}: one chosen argument at most (use let)")
        object.__setattr__(self, "choice", chooses[0] if chooses else None)
        object.__setattr__(self, "immediate", not chooses and not self.spec.pushes)
        if all(isinstance(a, Const) for a in self.args) and all(
            isinstance(v, Const) for _, v in self.kwargs
        ):
            args = [a.value for a in self.args if isinstance(a, Const)]
            kwargs = {k: v.value for k, v in self.kwargs if isinstance(v, Const)}
            object.__setattr__(self, "constant", (args, kwargs))

    @property
    def always_possible(self) -> bool:
        return self.choice is None and self.spec.possible is None

    # evaluating arguments ------------------------------------------------------------
    def _values(self, ctx: Ctx, chosen: list[CardRef] | None) -> tuple[list[Any], dict[str, Any]]:
        if self.constant is not None:
            return self.constant

        def value(e: Expr) -> Any:
            if isinstance(e, Choose):
                return list(chosen or [])
            return e.eval(ctx)

        return [value(a) for a in self.args], {k: value(v) for k, v in self.kwargs}

    def start(self, ctx: Ctx) -> None:
        super().start(ctx)
        choice = self.choice
        if choice is not None and isinstance(choice.n, Expr):  # how many: worked out now
            from .step import EffectStep

            step = ctx.state.stack[-1]
            assert isinstance(step, EffectStep)
            step.n = max(0, int(choice.n.eval(ctx)))

    def possible(self, ctx: Ctx) -> bool:
        if self.choice is not None:
            need = 0 if (self.choice.may or self.choice.up_to) else self.choice.n
            if isinstance(need, Expr):
                need = max(0, int(need.eval(ctx)))
            if len(self.choice.eval(ctx)) < need:
                return False
        if self.spec.possible is None:
            return True
        args, kwargs = self._values(ctx, self.choice.eval(ctx) if self.choice else None)
        return self.spec.possible(ctx, *args, **kwargs)

    def apply(self, ctx: Ctx, chosen: list[CardRef] | None = None) -> Any:
        """Carry the verb out; returns what its function returns (a verb may say whether it
        did anything: :func:`~.binding.if_done`)."""
        args, kwargs = self._values(ctx, chosen)
        return self.spec.fn(ctx, *args, **kwargs)

    def do(self, ctx: Ctx) -> None:
        self.apply(ctx)

    # choosing, one card at a time ------------------------------------------------------
    def _candidates(self, step: EffectStep, ctx: Ctx) -> tuple[list[CardRef], int]:
        choice = self.choice
        assert choice is not None
        picked = set(step.picked)
        found = [c for c in choice.eval(with_picked(ctx, step)) if c not in picked]
        if choice.distinct:
            found = distinct_cards(ctx, found)
        return found, self._left(step)

    def _left(self, step: EffectStep) -> int:
        """How many cards are still to be chosen."""
        choice = self.choice
        assert choice is not None
        n = choice.n if isinstance(choice.n, int) else step.n  # (an expression: see start)
        return n - len(step.picked)

    def _forced(self, found: list[CardRef], left: int, ctx: Ctx | None = None) -> bool:
        choice = self.choice
        assert choice is not None
        if choice.may or choice.up_to or choice.always_ask:
            return False
        if choice.count_copies and ctx is not None:  # copies count: asked by their number
            return len(choice.eval(ctx)) <= left
        return len(found) <= left

    def ask(self, step: EffectStep, ctx: Ctx) -> Decision | None:
        if self.choice is None:
            return None
        found, left = self._candidates(step, ctx)
        return self._question(step, ctx, found, left)

    def _question(
        self, step: EffectStep, ctx: Ctx, found: list[CardRef], left: int
    ) -> Decision | None:
        choice = self.choice
        assert choice is not None
        if not found and choice.always_ask and choice.may and left > 0 and not step.picked:
            # nothing fits, but whether anything does may be hidden: asked all the same,
            # its decline the only answer
            return choice_question(choice, self.spec, step, ctx, found, left)
        if left <= 0 or not found or self._forced(found, left, ctx):
            return None
        return choice_question(choice, self.spec, step, ctx, found, left)

    def go(self, step: EffectStep, ctx: Ctx) -> Decision | None:
        """As :meth:`ask` then :meth:`run`, the candidates found once."""
        if self.choice is None:
            self.run(step, ctx)
            return None
        found, left = self._candidates(step, ctx)
        decision = self._question(step, ctx, found, left)
        if decision is None:
            self._run_found(step, ctx, found, left)
        return decision

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        if self.choice is None:  # a verb that pushes steps: it goes where this step was
            _pop(ctx, step)
            self.apply(ctx)
            return
        found, left = self._candidates(step, ctx)
        self._run_found(step, ctx, found, left)

    def _run_found(self, step: EffectStep, ctx: Ctx, found: list[CardRef], left: int) -> None:
        """:meth:`run` for a choice, its candidates found."""
        if left <= 0 or not found:
            self._no_more(step, ctx)
            return
        # forced: every candidate must be taken
        card = found[0]
        self._pick(step, ctx, card, last=len(found) == 1 or left == 1)

    def _no_more(self, step: EffectStep, ctx: Ctx) -> None:
        """Nothing more can be chosen: the step ends, saying so if nothing was."""
        assert self.choice is not None
        _pop(ctx, step)
        none = self.choice.none or self.spec.none
        if not step.picked and none:
            ctx.game.log(ctx.state, "no_target", ctx.rule, fill(ctx, none), ctx.you)

    def answer(self, step: EffectStep, ctx: Ctx, option: Option) -> None:
        if option.card is None:  # declined, done, or all of them
            _pop(ctx, step)
            rest = self.rest(step, ctx, option)
            if rest:
                step.picked.extend(rest)
                self.apply(ctx, rest)
            return
        self._pick(step, ctx, option.card, last=self._left(step) <= 1)

    def rest(self, step: EffectStep, ctx: Ctx, option: Option) -> list[CardRef]:
        """The cards an ``all`` option takes (none for another option)."""
        choice = self.choice
        if choice is None or not choice.all or option.id != choice.all_id:
            return []
        picked = set(step.picked)
        return [c for c in choice.eval(with_picked(ctx, step)) if c not in picked]

    def _pick(self, step: EffectStep, ctx: Ctx, card: CardRef, last: bool) -> None:
        step.picked.append(card)
        if last:
            _pop(ctx, step)
        self.apply(ctx, [card])


def with_picked(ctx: Ctx, step: EffectStep) -> Ctx:
    """The context a choice's candidates are found in: the cards picked so far by a choice
    of several are bound as ``picked`` ("minions whose total power stays within ...")."""
    if not step.picked:
        return ctx
    vars = ctx.vars.with_cards("picked", list(step.picked))
    return Ctx(ctx.game, ctx.state, ctx.ability, ctx.source, ctx.you, vars, ctx.node)


def distinct_cards(ctx: Ctx, cards: list[CardRef]) -> list[CardRef]:
    """The first card of each definition (copies are interchangeable)."""
    seen: set[str] = set()
    out = []
    for c in cards:
        defn = ctx.state.cards[c].defn
        if defn not in seen:
            seen.add(defn)
            out.append(c)
    return out


class _PromptWords(dict[str, Any]):
    """What a prompt may name: ``{n}``, ``{source}`` (the card the ability is on) and the
    values bound in the context (a card by name; ``{<card>_label}``: the card as choices
    label it; ``{<seat>_name}``: a bound seat's name, ``{you_name}`` the acting seat's)."""

    def __init__(self, ctx: Ctx, left: int) -> None:
        super().__init__(n=left)
        self.ctx = ctx

    def __missing__(self, key: str) -> Any:
        ctx, v = self.ctx, self.ctx.vars
        if key == "self" and ctx.source is not None:
            return ctx.game.card_name(ctx.state, ctx.source)
        if key.endswith("_name"):  # a seat's name: {you_name}, {seat_name} (a bound seat)
            seat = ctx.you if key == "you_name" else v.nums.get(key[:-5], -1)
            names = ctx.state.names
            return names[seat] if 0 <= seat < len(names) else "no one"
        if key == "source" and "source" not in v.cards:  # the card the ability is on
            return "" if ctx.source is None else ctx.game.card_name(ctx.state, ctx.source)
        if key in v.cards:
            found = v.cards[key]
            return ctx.game.card_name(ctx.state, found[0]) if found else "nothing"
        if key in v.nums:
            return v.nums[key]
        if key in v.words:
            return v.words[key]
        if key.endswith("_label") and key[:-6] in v.cards:  # a card as choices label it
            found = v.cards[key[:-6]]
            return ctx.game.choice_label(ctx, found[0], "label") if found else "nothing"
        raise EngineError(f"a prompt names {key!r}, which nothing bound")


def fill(ctx: Ctx, text: str, left: int = 0) -> str:
    """``text`` with ``{n}`` (``left``) and the names of bound values filled in."""
    return text.format_map(_PromptWords(ctx, left)) if "{" in text else text


def choice_question(
    choice: Choose, spec: VerbSpec, step: EffectStep, ctx: Ctx, found: list[CardRef], left: int
) -> Decision:
    """The question that picks one of ``found`` (``step.picked`` already picked)."""
    game = ctx.game
    prefix = choice.option or spec.name
    label = spec.label
    options = [
        Option(
            f"{prefix}:{c}",
            game.choice_label(ctx, c, choice.label)
            if choice.label
            else (label(ctx, c) if label else game.card_name(ctx.state, c)),
            card=c,
        )
        for c in found
    ]
    if choice.all:
        picked = set(step.picked)
        count = sum(1 for c in choice.eval(ctx) if c not in picked)
        if count > 1:
            options.append(
                Option(choice.all_id, fill(ctx, choice.all.replace("{count}", str(count))))
            )
    if choice.up_to and step.picked:
        options.append(Option(choice.done_id, choice.done))
    elif choice.may and not step.picked:
        decline = game.decline_option
        options.append(Option(choice.decline_id or decline.id, choice.decline or decline.label))
    text = choice.prompt_more if step.picked and choice.prompt_more else choice.prompt
    prompt = fill(ctx, text or spec.prompt, left)
    return Decision(ctx.you, choice.kind or spec.kind, prompt, options, ctx.rule)


# ------------------------------------------------------------------------------ core verbs
def _draw(ctx: Ctx, n: int = 1, who: Any = None, deck: str = "deck", face_up: bool = False) -> None:
    for seat in seats_of(ctx.you if who is None else who):
        if deck == "deck" and not face_up:
            ctx.game.draw(ctx.state, seat, int(n), ctx.rule)
        else:
            ctx.game.draw(ctx.state, seat, int(n), ctx.rule, deck=deck, public=face_up)


def _can_draw(
    ctx: Ctx, n: int = 1, who: Any = None, deck: str = "deck", face_up: bool = False
) -> bool:
    return all(
        ctx.game.can_draw(ctx.state, seat, int(n))
        for seat in seats_of(ctx.you if who is None else who)
    )


def _discard(ctx: Ctx, cards: Any) -> None:
    for card in cards_of(cards):
        ctx.game.discard_card(ctx.state, ctx.you, card, ctx.rule)


def _why(ctx: Ctx, why: str) -> str:
    """The reason a log line gives: ``{source}`` (the card the ability comes from) and any
    bound value named in braces."""
    if not why or ctx.source is None:
        return why
    return fill(ctx, why.replace("{source}", "{self}"))


def _gain(ctx: Ctx, key: str, n: int = 1, who: Any = None, why: str = "") -> None:
    for seat in seats_of(ctx.you if who is None else who):
        ctx.game.gain(ctx.state, seat, key, int(n), ctx.rule, ctx.source, _why(ctx, why))


def _lose(ctx: Ctx, key: str, n: int = 1, who: Any = None, why: str = "") -> None:
    for seat in seats_of(ctx.you if who is None else who):
        ctx.game.gain(ctx.state, seat, key, -int(n), ctx.rule, ctx.source, _why(ctx, why))


def _set_counter(ctx: Ctx, cards: Any, name: str, value: int) -> None:
    for card in cards_of(cards):
        ctx.state.cards[card].counters[name] = int(value)
    ctx.game.derived_changed(ctx.state)


def _add_counter(ctx: Ctx, cards: Any, name: str, n: int = 1) -> None:
    for card in cards_of(cards):
        counters = ctx.state.cards[card].counters
        counters[name] = counters.get(name, 0) + int(n)
        if counters[name] == 0:
            del counters[name]
    ctx.game.derived_changed(ctx.state)


DRAW = VerbSpec("draw", _draw, possible=_can_draw)
DISCARD = VerbSpec(
    "discard",
    _discard,
    kind="discard",
    prompt="Discard {n} card(s)",
    label=lambda ctx, c: f"Discard {ctx.game.card_name(ctx.state, c)}",
)
GAIN = VerbSpec("gain", _gain)
LOSE = VerbSpec("lose", _lose)
SET_COUNTER = VerbSpec("set_counter", _set_counter)
ADD_COUNTER = VerbSpec("add_counter", _add_counter)


def draw(
    n: Expr | int = 1, who: Expr | None = None, deck: str = "deck", face_up: bool = False
) -> Verb:
    """``draw(n)``: you (or ``who``) draw ``n`` cards (the game's draw: an empty deck is
    refilled or not as its rules say). ``deck``: the pile drawn from, for games with several
    (``draw(3, deck="treasure_deck")``); ``face_up``: drawn for everyone to see."""
    kwargs: tuple[tuple[str, Expr], ...] = () if who is None else (("who", who),)
    if deck != "deck":
        kwargs += (("deck", Const(deck)),)
    if face_up:
        kwargs += (("face_up", Const(True)),)
    return Verb(DRAW, (_expr(n),), kwargs)


def discard(what: Expr | int = 1) -> Verb:
    """``discard(n)``: discard ``n`` cards of your choice from your hand (all of them, with
    no question, when the hand holds ``n`` or fewer); ``discard(cards)`` discards those."""
    from .exprs import Cards

    if isinstance(what, int):
        return Verb(DISCARD, (Choose(Cards("hand"), n=what),))
    return Verb(DISCARD, (what,))


def _who_why(who: Expr | None, why: str) -> tuple[tuple[str, Expr], ...]:
    out: tuple[tuple[str, Expr], ...] = () if who is None else (("who", who),)
    return out + ((("why", Const(why)),) if why else ())


def gain(key: str, n: Expr | int = 1, who: Expr | None = None, why: str = "") -> Verb:
    """``gain("attack", 2)``: you (or ``who``) gain an amount of a resource the game keeps
    per seat (life, attack, victory points, level ...). ``why``: the reason the log gives
    (``{source}`` is the name of the card it comes from)."""
    return Verb(GAIN, (Const(key), _expr(n)), _who_why(who, why))


def lose(key: str, n: Expr | int = 1, who: Expr | None = None, why: str = "") -> Verb:
    """``lose("life", 1, who=opponent)``: the opposite of :func:`gain`."""
    return Verb(LOSE, (Const(key), _expr(n)), _who_why(who, why))


def _expr(value: Expr | Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def bindings_for(**cards: list[CardRef]) -> Bindings:
    return Bindings(cards={k: list(v) for k, v in cards.items()})
