"""Munchkin's words in the shared vocabulary: its selectors, values and verbs.

Each word is a small function of the context (:class:`~cardwright.core.vocab.Ctx`: the
state, the card the ability is on, the seat acting as ``you``); the verbs carry out their
work through the game's basic actions (``board.py``) and the rule areas' steps. The list,
with what each means, is in ``docs/cards.md`` (Munchkin section).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Ctx, Effect, Expr, cards_of, seats_of
from cardwright.core.vocab.binding import bind
from cardwright.core.vocab.exprs import COMPARE, Filter, passing, seats_from

from . import board
from .state import MKCtx

if TYPE_CHECKING:
    from cardwright.core.vocab.step import EffectStep


# ------------------------------------------------------------------------------ seats
def seat_list(ctx: MKCtx, whose: Any) -> list[int]:
    """Seats from a seat word (``you``, ``opponent`` ...) or an expression giving seats."""
    if isinstance(whose, Expr):
        value = whose.eval(ctx)
        return [] if value is None or value == [] else seats_of(value)
    if isinstance(whose, str):
        return seats_from(ctx, whose)
    return seats_of(whose)


def fighters(ctx: MKCtx) -> list[int]:
    combat = ctx.state.combat
    if combat is None:
        return []
    return [combat.fighter] + ([combat.helper] if combat.helper >= 0 else [])


def fighter(ctx: MKCtx) -> list[int]:
    combat = ctx.state.combat
    return [] if combat is None else [combat.fighter]


def helper(ctx: MKCtx) -> list[int]:
    combat = ctx.state.combat
    return [] if combat is None or combat.helper < 0 else [combat.helper]


def fighters_other(ctx: MKCtx) -> list[int]:
    return [f for f in fighters(ctx) if f != ctx.you]


def with_trait(ctx: MKCtx, seats: list[int], traits: dict[str, Any]) -> list[int]:
    g, s = ctx.game, ctx.state
    out = []
    for seat in seats:
        if all(board.has_trait(g, s, seat, f"{k}:{v}") for k, v in traits.items()):
            out.append(seat)
    return out


def facing(ctx: MKCtx, trait: str) -> bool:
    """Whether a monster's bonus against ``trait`` counts in the fight (a fighter has it,
    and it is not a class drawback a single-class Super Munchkin shrugs off)."""
    g, s = ctx.game, ctx.state
    return any(board.counts_against(g, s, seat, trait) for seat in fighters(ctx))


def takers(ctx: MKCtx, whose: str) -> list[int]:
    """Who takes from the victim (``you``): ``opponent`` (every other player, from the
    victim's left), ``neighbours`` (left, then right), ``highest`` (the other players of the
    highest Level). The dead receive nothing."""
    s = ctx.state
    n = len(s.names)
    me = ctx.you
    if whose == "neighbours":
        seats = [(me + 1) % n, (me - 1) % n]
        seats = list(dict.fromkeys(seats))
    elif whose == "highest":
        others = [i for i in range(n) if i != me]
        top = max(s.level[i] for i in others) if others else 0
        seats = [(me + k) % n for k in range(1, n) if s.level[(me + k) % n] == top]
    else:
        seats = [(me + k) % n for k in range(1, n)]
    return [x for x in seats if x != me and not s.dead[x]]


# ------------------------------------------------------------------------------ selectors
#: where a selector looks: the cards of a seat in some place
Finder = Callable[[MKCtx, int], list[CardRef]]


def _hand(ctx: MKCtx, seat: int) -> list[CardRef]:
    return board.hand(ctx.state, seat)


def _in_play(ctx: MKCtx, seat: int) -> list[CardRef]:
    return board.in_play(ctx.state, seat)


def _carried(ctx: MKCtx, seat: int) -> list[CardRef]:
    g, s = ctx.game, ctx.state
    return [c for c in board.in_play(s, seat) if g.defn(s, c).is_item]


def _equipped(ctx: MKCtx, seat: int) -> list[CardRef]:
    s = ctx.state
    return [c for c in _carried(ctx, seat) if c in s.equipped]


def _my_items(ctx: MKCtx, seat: int) -> list[CardRef]:
    """Items in play and Item cards in hand."""
    g, s = ctx.game, ctx.state
    return [*_carried(ctx, seat), *(c for c in board.hand(s, seat) if g.defn(s, c).is_item)]


def _belongings(ctx: MKCtx, seat: int) -> list[CardRef]:
    """Cards in hand and Items in play."""
    return [*board.hand(ctx.state, seat), *_carried(ctx, seat)]


def _spendable(ctx: MKCtx, seat: int) -> list[CardRef]:
    """What may be discarded to power an ability: any card in hand or in play, except
    Curses kept as a reminder (001 Curses) and the card whose power is being used."""
    g, s = ctx.game, ctx.state
    out = [c for c in board.hand(s, seat)]
    out += [c for c in board.in_play(s, seat) if g.defn(s, c).kind != "curse"]
    return [c for c in out if c != ctx.source]


@dataclass(frozen=True, slots=True)
class Where(Expr):
    """The cards some seats have in some place (``finder``) that pass the filters."""

    finder: Finder
    whose: Any = "you"
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: MKCtx) -> list[CardRef]:
        out: list[CardRef] = []
        for seat in seat_list(ctx, self.whose):
            if seat >= 0:
                out.extend(self.finder(ctx, seat))
        return passing(ctx, self.filters, out)


@dataclass(frozen=True, slots=True)
class Found(Expr):
    """Cards found by a function of the context alone, filtered."""

    fn: Callable[[Ctx], list[CardRef]]
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: MKCtx) -> list[CardRef]:
        return passing(ctx, self.filters, self.fn(ctx))


def monsters(ctx: MKCtx) -> list[CardRef]:
    combat = ctx.state.combat
    return [] if combat is None else list(combat.monsters)


def discards(ctx: MKCtx) -> list[CardRef]:
    s = ctx.state
    return [CardRef(c) for c in (*s.zones["door_discard"], *s.zones["treasure_discard"])]


def _everyones(ctx: MKCtx, kind: str) -> list[CardRef]:
    """Every card of ``kind`` any player has in play."""
    g, s = ctx.game, ctx.state
    return [
        c
        for seat in range(len(s.names))
        for c in board.in_play(s, seat)
        if g.defn(s, c).kind == kind
    ]


def kept_curses(ctx: MKCtx) -> list[CardRef]:
    return _everyones(ctx, "curse")


def hirelings(ctx: MKCtx) -> list[CardRef]:
    return _everyones(ctx, "ally")


def best_items(ctx: MKCtx) -> list[CardRef]:
    """Your equipped Items giving the biggest bonus (none when no Item gives one)."""
    g, s = ctx.game, ctx.state
    mine = [(board.item_bonus(g, s, c), c) for c in _equipped(ctx, ctx.you)]
    top = max((b for b, _ in mine), default=0)
    return [c for b, c in mine if b == top and top > 0]


def others_items(ctx: MKCtx) -> list[CardRef]:
    s = ctx.state
    return [c for seat in range(len(s.names)) if seat != ctx.you for c in _carried(ctx, seat)]


# ------------------------------------------------------------------------------ values
def level_of(ctx: MKCtx, who: Any) -> int:
    seats = seat_list(ctx, who)
    return ctx.state.level[seats[0]] if seats else 0


def item_gold(ctx: MKCtx) -> int:
    """The value of the Items you have in play (what you can pay with)."""
    g, s = ctx.game, ctx.state
    return sum(g.defn(s, c).gold for c in _carried(ctx, ctx.you))


def total_gold(ctx: MKCtx, cards: Any) -> int:
    g, s = ctx.game, ctx.state
    return sum(g.defn(s, c).gold for c in cards_of(cards))


def monster_level(ctx: MKCtx) -> int:
    """The level of the monster a runner is running from (bound as ``monster``)."""
    found = ctx.vars.cards.get("monster")
    if not found:
        return 0
    return ctx.game.monster_strength(ctx.state, found[0])


def used_fire(ctx: MKCtx) -> bool:
    """Whether fire or flame is used on the fighters' side: an equipped fire Item, or a
    fire one-shot played for them."""
    g, s = ctx.game, ctx.state
    combat = s.combat
    if combat is None:
        return False
    for seat in fighters(ctx):
        if any(g.defn(s, c).fire for c in _equipped(ctx, seat)):
            return True
    return any(g.defn(s, c).fire for c in combat.party)


# ------------------------------------------------------------------------------ verbs
def v_die(ctx: MKCtx) -> None:
    ctx.game.kill_player(ctx.state, ctx.you, ctx.rule, ctx.source)


def v_take(ctx: MKCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for c in cards_of(cards):
        g.take_card(s, c, ctx.you, ctx.rule)


def v_take_random(ctx: MKCtx, cards: Any, n: int = 1) -> None:
    pool = list(cards_of(cards))
    g, s = ctx.game, ctx.state
    for _ in range(min(int(n), len(pool))):
        c = pool.pop(chance.randbelow(s, len(pool)))
        g.take_card(s, c, ctx.you, ctx.rule, blind=True)


def v_dismiss(ctx: MKCtx, cards: Any, treasure: Any = False) -> None:
    g, s = ctx.game, ctx.state
    for c in cards_of(cards):
        g.remove_monster(s, c, ctx.rule, treasure=bool(treasure), killed=False)


def v_slay(ctx: MKCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for c in cards_of(cards):
        g.remove_monster(s, c, ctx.rule, treasure=True, killed=True)


def v_join(ctx: MKCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for c in cards_of(cards):
        g.join_monster(s, c, ctx.you, ctx.rule)


def v_attach(ctx: MKCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    found = cards_of(cards)
    if ctx.source is not None and found:
        g.attach_card(s, ctx.source, found[0], ctx.you, ctx.rule)


def v_borrow(ctx: MKCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for c in cards_of(cards)[:1]:
        g.borrow_item(s, c, ctx.you, ctx.rule)


def v_keep(ctx: MKCtx) -> None:
    g, s = ctx.game, ctx.state
    if ctx.source is not None:
        g.keep_curse(s, ctx.source, ctx.you, ctx.rule)


def v_change_sex(ctx: MKCtx) -> None:
    ctx.game.change_sex(ctx.state, ctx.you, ctx.rule)


def v_boost(ctx: MKCtx, n: int, who: Any = None) -> None:
    g, s = ctx.game, ctx.state
    for seat in seats_of(ctx.you if who is None or who == [] else who):
        g.boost(s, seat, int(n), ctx.rule, ctx.source)


def v_weaken(ctx: MKCtx, cards: Any, n: int) -> None:
    """Monsters get -``n`` (``+`` for a negative ``n``) until the end of the fight."""
    g, s = ctx.game, ctx.state
    for c in cards_of(cards):
        g.weaken(s, c, int(n), ctx.rule, ctx.source)


def v_mark(ctx: MKCtx, name: str) -> None:
    g, s = ctx.game, ctx.state
    g.mark_next_combat(s, ctx.you, str(name), ctx.rule, ctx.source)


def v_adopt(ctx: MKCtx, kind: str) -> None:
    ctx.game.adopt_from_discards(ctx.state, ctx.you, str(kind), ctx.rule)


def v_pay_gold(ctx: MKCtx, n: int) -> None:
    from .play import PayGold

    ctx.state.stack.append(PayGold(seat=ctx.you, amount=int(n), rule=ctx.rule))


def can_pay_gold(ctx: MKCtx, n: int) -> bool:
    return item_gold(ctx) >= int(n)


def v_transfer(ctx: MKCtx) -> None:
    from .combat import Transfer

    ctx.state.stack.append(Transfer(seat=ctx.you, rule=ctx.rule))


# ------------------------------------------------------------------------------ combinators
@dataclass(frozen=True)
class EachTaker(Effect):
    """``each_taker(effect, whose="opponent")``: ``effect`` once for each player who takes
    from the victim (``you`` when it starts: bound as ``victim``), acting as ``you``: every
    other player from the victim's left, the two ``neighbours``, or the ``highest``-Level
    other players."""

    effect: Effect
    whose: str = "opponent"
    immediate: bool = field(init=False, default=False)

    def parts(self) -> Sequence[Effect]:
        return (self.effect,)

    def run(self, step: EffectStep, ctx: MKCtx) -> None:
        if step.idx == 0 and not step.seats:
            step.seats = takers(ctx, self.whose)
            step.n = ctx.you  # the victim
        if step.idx >= len(step.seats):
            ctx.game.pop(ctx.state, step)
            return
        seat = step.seats[step.idx]
        step.idx += 1
        vars = bind(ctx.vars, "victim", step.n)
        self.effect.start(ctx.child(0, you=seat, vars=vars))


# ------------------------------------------------------------------------------ hook items
@dataclass(frozen=True)
class Power:
    """``power(label, effect, cost=None, when="combat", limit=0, condition=None,
    target=None, per_target=0)``: an ability its holder may use (a class's, a race's, an
    Item's): an answer in the decisions of the moments ``when`` names, paid by ``cost``.
    ``effect`` is an effect, or the name of a rules action (``reroll``, ``flight``,
    ``escape``, ``steal``). ``limit``: uses per fight (per turn out of one); ``target``:
    seats it is used on (one answer each, bound as ``target``); ``per_target``: uses per
    target per fight."""

    label: str
    effect: Effect | None
    action: str = ""
    cost: Effect | None = None
    when: str = "combat"
    limit: int = 0
    condition: Expr | None = None
    target: Expr | None = None
    per_target: int = 0


WHENS = ("combat", "any_combat", "no_combat", "failed_escape", "running")


@dataclass(frozen=True)
class ChaseOff:
    """``chase_off(label, condition, cost=None, treasure=False)``: a monster a fighter may
    make leave the fight (no level; its Treasure only if ``treasure``), if ``condition``
    holds for them (``you``), by paying ``cost``."""

    label: str
    condition: Expr
    cost: Effect | None = None
    treasure: bool = False
    effect: Effect | None = None


@dataclass(frozen=True)
class Alternative:
    """``alternative(label, condition, effect)``: another way to play a one-shot (the
    Potion of Halitosis kills the Floating Nose)."""

    label: str
    condition: Expr
    effect: Effect


def _noop(ctx: MKCtx) -> None:
    return None


def make_power(
    label: str,
    effect: Any,
    cost: Any = None,
    when: str = "combat",
    limit: int = 0,
    condition: Any = None,
    target: Any = None,
    per_target: int = 0,
) -> Power:
    from cardwright.core.errors import DataError

    if when not in WHENS:
        raise DataError(f"power {label!r}: when={when!r} is not one of {', '.join(WHENS)}")
    action = effect if isinstance(effect, str) else ""
    if action and action not in ("reroll", "flight", "escape", "steal"):
        raise DataError(f"power {label!r}: unknown rules action {action!r}")
    if not action and not isinstance(effect, Effect):
        raise DataError(f"power {label!r}: {effect!r} is not an effect")
    if cost is not None and not isinstance(cost, Effect):
        raise DataError(f"power {label!r}: its cost {cost!r} is not an effect")
    return Power(
        label,
        None if action else effect,
        action,
        cost,
        when,
        int(limit),
        condition if condition is None or isinstance(condition, Expr) else _const(condition),
        target,
        int(per_target),
    )


def _const(value: Any) -> Expr:
    from cardwright.core.vocab import Const

    return Const(value)


def compare_ok(op: str) -> bool:
    return op in COMPARE


def seat_question(
    ctx: MKCtx, seats: list[int], kind: str, prompt: str, prefix: str = "seat"
) -> Decision:
    """A question naming seats (a player to curse, to pass the fight to)."""
    s = ctx.state
    options = [Option(f"{prefix}:{x}", s.names[x], n=x) for x in seats]
    return Decision(ctx.you, kind, prompt, options, ctx.rule)


__all__ = [
    "Alternative",
    "ChaseOff",
    "EachTaker",
    "Found",
    "Power",
    "Where",
    "make_power",
    "seat_question",
]
