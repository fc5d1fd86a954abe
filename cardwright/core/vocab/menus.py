"""Choices that are not cards: a menu of effects, a number, a player.

* ``choose_one(option(...), option_each(...), ..., prompt=, kind=)``: the acting seat picks
  one option and its effect happens. ``option(id, label, effect=None, when=None)`` is one
  fixed option (shown while ``when`` holds); ``option_each(cards, prefix, label, effect=None,
  name="chosen", style="name", distinct=False)`` is one option per card, with ids
  ``<prefix>:<card>`` and the card bound as ``name`` for its label and effect;
  ``note=expr`` binds ``note`` for each card's label ("Tech Center: draw {note}");
  ``by_card=True`` lists the options of consecutive ``option_each`` entries card by card
  ("move to A", "take and move to A", "move to B", ...) instead of entry by entry;
* ``choose_number(lo, hi, effect, name="number", ...)``: a number from ``lo`` to ``hi``
  (options ``<option>:<k>``), bound as ``name``;
* ``choose_player(effect, among=opponent, name="player_chosen", ...)``: a seat (options
  ``<option>:<seat>``), bound as ``name`` (``{<name>_name}`` in labels and prompts is its
  name).

Labels are templates filled with what is bound (:func:`~.effects.fill`): ``{chosen}`` (a card
by name), ``{number}``, ``{player_chosen_name}``; an option of ``option_each`` may also name
``{label}``, the card as the game labels it in choices (``style``: see
:meth:`Game.choice_label`); a player's option may name ``{note}``, the value of ``note`` (an
expression evaluated with the seat bound: "3 cards").

A question is asked only when there are two options or more, or ``always_ask`` (when whether
it is asked would tell the others something hidden); a single option is taken without asking;
with none, nothing happens (``none``: what the log says then).

>>> from cardwright.core.vocab import core_words
>>> core_words().parse(
...     "choose_one(option('draw', 'Draw a card', draw(1)), option('no', 'Do nothing'))", "doc"
... )  # doctest: +ELLIPSIS
ChooseOne(...)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import DataError
from ..state import Bindings, Decision, Option
from .base import Ctx, Effect, Expr, cards_of, seats_of
from .binding import bind
from .compiled import compiled
from .effects import Seq, distinct_cards, fill

if TYPE_CHECKING:
    from .step import EffectStep

#: an option with no effect (choosing it does nothing)
NOTHING = Seq(())


@dataclass(frozen=True)
class Entry:
    """``option(id, label, effect=None, when=None)``: see the module docstring."""

    id: str
    label: str
    effect: Effect = NOTHING
    when: Expr | None = None


@dataclass(frozen=True)
class EntryEach:
    """``option_each(cards, prefix, label, effect=None, ...)``: see the module docstring."""

    what: Expr
    prefix: str
    label: str
    effect: Effect = NOTHING
    name: str = "chosen"
    style: str = "name"
    distinct: bool = False
    note: Expr | None = None


Found = list[tuple[Option, int, Bindings]]


@dataclass(frozen=True)
class Menu(Effect):
    """What the three choices share: the options (each with the part whose effect follows
    and what it binds), the question, and taking a single option without asking."""

    prompt: str = "Choose one"
    kind: str = "choose"
    always_ask: bool = False
    none: str = ""
    immediate: bool = field(init=False, default=False)

    def options(self, ctx: Ctx) -> Found:
        raise NotImplementedError

    def ask(self, step: EffectStep, ctx: Ctx) -> Decision | None:
        found = self.options(ctx)
        if not found or (len(found) == 1 and not self.always_ask):
            return None
        return Decision(
            ctx.you, self.kind, fill(ctx, self.prompt), [o for o, _, _ in found], ctx.rule
        )

    def run(self, step: EffectStep, ctx: Ctx) -> None:
        found = self.options(ctx)
        ctx.game.pop(ctx.state, step)
        if not found:
            if self.none:
                ctx.game.log(ctx.state, "no_target", ctx.rule, fill(ctx, self.none), ctx.you)
            return
        self._chosen(ctx, found[0])

    def answer(self, step: EffectStep, ctx: Ctx, option: Option) -> None:
        found = self.options(ctx)
        ctx.game.pop(ctx.state, step)
        self._chosen(ctx, next(f for f in found if f[0].id == option.id))

    def _chosen(self, ctx: Ctx, found: tuple[Option, int, Bindings]) -> None:
        _, part, vars = found
        self.parts()[part].start(ctx.child(part, vars=vars))


@dataclass(frozen=True)
class ChooseOne(Menu):
    """See the module docstring."""

    entries: tuple[Entry | EntryEach, ...] = ()
    by_card: bool = False

    def parts(self) -> Sequence[Effect]:
        return tuple(e.effect for e in self.entries)

    def options(self, ctx: Ctx) -> Found:
        out: Found = []
        run: Found = []  # the options of consecutive option_each entries, when by_card
        for i, entry in enumerate(self.entries):
            if isinstance(entry, Entry):
                out.extend(self._by_card(run))
                run = []
                if entry.when is None or compiled(entry.when)(ctx):
                    out.append((Option(entry.id, fill(ctx, entry.label)), i, ctx.vars))
                continue
            (run if self.by_card else out).extend(self._each(ctx, i, entry))
        out.extend(self._by_card(run))
        return out

    @staticmethod
    def _by_card(found: Found) -> Found:
        """Options of several option_each entries listed card by card (for each card, in
        the order the cards first come, one option per entry)."""
        rank: dict[Any, int] = {}
        for option, _, _ in found:
            rank.setdefault(option.card, len(rank))
        return sorted(found, key=lambda f: rank[f[0].card])

    def _each(self, ctx: Ctx, i: int, entry: EntryEach) -> Found:
        out: Found = []
        cards = cards_of(entry.what.eval(ctx))
        if entry.distinct:
            cards = distinct_cards(ctx, cards)
        for card in cards:
            vars = ctx.vars.with_cards(entry.name, [card])
            inner = ctx.child(i, vars=vars)
            if entry.note is not None:
                vars = bind(vars, "note", entry.note.eval(inner))
                inner = ctx.child(i, vars=vars)
            label = entry.label
            if "{label}" in label:
                label = label.replace("{label}", ctx.game.choice_label(ctx, card, entry.style))
            out.append((Option(f"{entry.prefix}:{card}", fill(inner, label), card=card), i, vars))
        return out


@dataclass(frozen=True)
class ChooseNumber(Menu):
    """See the module docstring."""

    lo: Expr | None = None
    hi: Expr | None = None
    effect: Effect = NOTHING
    name: str = "number"
    option: str = "count"
    label: str = "{number}"
    descending: bool = False

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def options(self, ctx: Ctx) -> Found:
        assert self.lo is not None and self.hi is not None
        lo, hi = int(self.lo.eval(ctx)), int(self.hi.eval(ctx))
        numbers = range(hi, lo - 1, -1) if self.descending else range(lo, hi + 1)
        out: Found = []
        for k in numbers:
            vars = bind(ctx.vars, self.name, k)
            label = fill(ctx.child(0, vars=vars), self.label)
            out.append((Option(f"{self.option}:{k}", label, n=k), 0, vars))
        return out


@dataclass(frozen=True)
class ChoosePlayer(Menu):
    """See the module docstring."""

    effect: Effect = NOTHING
    among: Expr | None = None
    name: str = "player_chosen"
    option: str = "player"
    label: str = "{player_chosen_name}"
    note: Expr | None = None

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def options(self, ctx: Ctx) -> Found:
        assert self.among is not None
        out: Found = []
        for seat in seats_of(self.among.eval(ctx)):
            vars = bind(ctx.vars, self.name, seat)
            inner = ctx.child(0, vars=vars)
            if self.note is not None:
                vars = bind(vars, "note", self.note.eval(inner))
                inner = ctx.child(0, vars=vars)
            out.append((Option(f"{self.option}:{seat}", fill(inner, self.label), n=seat), 0, vars))
        return out


def menu_words(e: Any, effect: Any) -> dict[str, Any]:
    """The words of this module (``e`` makes an expression of a value, ``effect`` checks an
    effect argument)."""
    from .exprs import Seats

    def one(*entries: Any, **how: Any) -> ChooseOne:
        for entry in entries:
            if not isinstance(entry, Entry | EntryEach):
                raise DataError("choose_one takes option(...) and option_each(...) entries")
        return ChooseOne(entries=tuple(entries), **how)

    def entry(id: str, label: str, effect_: Any = None, when: Any = None) -> Entry:
        eff = NOTHING if effect_ is None else effect(effect_, "option")
        return Entry(id, label, eff, None if when is None else e(when))

    def each(
        what: Any, prefix: str, label: str, effect_: Any = None, note: Any = None, **how: Any
    ) -> EntryEach:
        eff = NOTHING if effect_ is None else effect(effect_, "option_each")
        return EntryEach(e(what), prefix, label, eff, note=None if note is None else e(note), **how)

    def number(lo: Any, hi: Any, effect_: Any = None, **how: Any) -> ChooseNumber:
        eff = NOTHING if effect_ is None else effect(effect_, "choose_number")
        return ChooseNumber(lo=e(lo), hi=e(hi), effect=eff, **how)

    def player(effect_: Any, among: Any = None, note: Any = None, **how: Any) -> ChoosePlayer:
        who = Seats("opponent") if among is None else e(among)
        return ChoosePlayer(
            effect=effect(effect_, "choose_player"),
            among=who,
            note=None if note is None else e(note),
            **how,
        )

    return {
        "choose_one": one,
        "option": entry,
        "option_each": each,
        "choose_number": number,
        "choose_player": player,
    }
