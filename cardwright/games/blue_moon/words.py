"""Blue Moon's words in the shared effect vocabulary (``docs/cards.md``, Blue Moon section).

Selectors and values: ``active_cards(whose, <filters>)`` (uncovered combat cards, then support
cards), ``characters(whose, <filters>)`` (the active characters), ``played(after=None,
<filters>)`` (the cards played this turn), ``picked`` (the card a "one of my ..." power was
applied to), ``power(whose)`` (total power in the contested element), ``dragons_of(whose)``,
``element``, ``fight_started``, ``taken_from_deck(whose)``, ``used(card)`` (what a power card
marked this turn), ``drawable(n)``, ``may_take()``, ``any_number``; in value changes ``value``
(the value so far), ``fire`` and ``earth`` (the card's values after ignoring). Card attributes
(``it.type`` ...) are listed at :meth:`BlueMoon.card_attr`.

Hook items (see ``abilities.py``): ``ignore``, ``double``, ``at_least``, ``becomes``, ``floor``,
``grant``, ``free``, ``play_condition``, ``take_limit``, ``must``, ``dragons``, ``target``,
``turn_action``, and the turn's listeners ``at_start``, ``after_support``,
``after_opponent_support``, ``at_end``, ``before_end``, ``after_end``.

Verbs: ``draw_up_to``, ``attract_dragon``, ``switch_element``, ``force_retreat``,
``discard_from_play``, ``return_to_hand``, ``take_to_hand``, ``show_hand``,
``discard_at_random``, ``discard_by_value``, ``put_under_deck``, ``shuffle_discard_into_deck``,
``search_deck``,
``take_from_shuffled_discard``, ``no_character_needed``, ``discard_top_of_deck``, ``mark_used``;
the combinator ``may_use`` (``may`` with "Use it" / "Do not use it", its refusal logged);
shorthands for core choices: ``discard_any()``, ``put_any_under_deck()``,
``opponent_discards(n=, keep=)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Listener, ModifierSpec
from cardwright.core.game import AFTER
from cardwright.core.state import CardRef
from cardwright.core.vocab import (
    DISCARD,
    Cards,
    Choose,
    Const,
    Count,
    EachPlayer,
    Effect,
    Expr,
    May,
    Var,
    Verb,
    VerbSpec,
    Vocabulary,
    cards_of,
    core_words,
    discard,
    filters_from,
    seat_word,
)
from cardwright.core.vocab.exprs import Arith, Call, Filter, Seats, passing, seats_from
from cardwright.core.zones import move

from .abilities import (
    AFTER_SUPPORT,
    ANY_NUMBER,
    CHARACTER_OPTIONAL,
    END_EVENTS,
    IGNORED,
    LAYER_DOUBLE,
    LAYER_INCREASE,
    TURN_START,
    DragonItem,
    FloorItem,
    FreeItem,
    GrantItem,
    IgnoreItem,
    PlayCondition,
    RequirementItem,
    TakeLimitItem,
    TargetItem,
    TurnActionItem,
)
from .cards import is_bluff
from .power_steps import (
    DrawUpTo,
    SearchDeck,
    TakeFromShuffledDiscard,
    push_value_discard,
    random_cards,
    take_to_hand,
)
from .state import BMCtx

if TYPE_CHECKING:
    from .inforce import InForce


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def _opt(value: Any) -> Expr | None:
    return None if value is None else _e(value)


# ==================================================================================== selectors
@dataclass(frozen=True, slots=True)
class ActiveCards(Expr):
    """The active cards of the seats ``whose`` names (uncovered combat cards, then support
    cards) that pass every filter."""

    whose: str = "you"
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: BMCtx) -> list[CardRef]:
        g, s = ctx.game, ctx.state
        out: list[CardRef] = []
        for seat in seats_from(ctx, self.whose):
            out.extend(g.active_cards(s, seat))
        return passing(ctx, self.filters, out)


_CHARACTER = Filter("type", "eq", Const("character"))
YOU = Seats("you")


@dataclass(frozen=True, slots=True)
class Played(Expr):
    """The cards played this turn (in order), those after ``after`` only if given (none when
    that card was not played), that pass every filter."""

    after: Expr | None = None
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: BMCtx) -> list[CardRef]:
        played: list[CardRef] = list(ctx.state.turn_info.played)
        if self.after is not None:
            found = cards_of(self.after.eval(ctx))
            if not found or found[0] not in played:
                return []
            played = played[played.index(found[0]) + 1 :]
        return passing(ctx, self.filters, played)


@dataclass(frozen=True, slots=True)
class Picked(Expr):
    """The card the power's "one of my ..." pick (``target``) applies to, while it is
    active."""

    def eval(self, ctx: BMCtx) -> list[CardRef]:
        g, s = ctx.game, ctx.state
        if ctx.source is None:
            return []
        target = s.targets.get(ctx.source)
        if target is None or target not in g.active_cards(s, s.cards[target].owner):
            return []
        return [target]


def _seat(ctx: BMCtx, whose: list[int]) -> int:
    return whose[0]


def _eff(ctx: BMCtx) -> InForce:
    """The powers in force: the context's when it was made with them, else built now."""
    eff: InForce | None = getattr(ctx, "eff", None)
    if eff is None:
        g, s = ctx.game, ctx.state
        eff = g.effects(s)
    return eff


def _power(ctx: BMCtx, whose: list[int]) -> int:
    g, s = ctx.game, ctx.state
    eff = _eff(ctx)
    return sum(g.total_power(s, seat, eff=eff) for seat in whose)


def _dragons_of(ctx: BMCtx, whose: list[int]) -> int:
    return sum(ctx.state.dragons[seat] for seat in whose)


def _taken_from_deck(ctx: BMCtx, whose: list[int]) -> int:
    uses = ctx.state.turn_info.uses
    return sum(uses.get(f"deck:{seat}", 0) for seat in whose)


def _used(ctx: BMCtx, card: Any) -> int:
    found = cards_of(card)
    return ctx.state.turn_info.card_uses.get(found[0], 0) if found else 0


def used(card: Expr) -> Call:
    """What the power card ``card`` marked this turn (0: nothing)."""
    return Call("used", _used, (card,))


def _drawable(ctx: BMCtx, n: int) -> int:
    g, s = ctx.game, ctx.state
    return g.drawable(s, ctx.you, int(n), _eff(ctx))


def _may_take(ctx: BMCtx) -> bool:
    eff = _eff(ctx)
    return not (eff.prohibitors and eff.prohibited(ctx.you, "take"))


# ==================================================================================== hook items
def _ignore(
    what: str,
    applies: Any,
    priority: int = 99,
    keep: list[str] | tuple[str, ...] = (),
    pierces: bool = False,
) -> IgnoreItem:
    if what not in IGNORED:
        raise ValueError(f"ignore: {what!r} is not one of {', '.join(IGNORED)}")
    return IgnoreItem(IGNORED[what], _e(applies), priority, frozenset(keep), pierces)


VALUE = Var("value")


def _double(key: str = "values", applies: Any = None) -> ModifierSpec:
    """The value counts twice (the doubling layer)."""
    return ModifierSpec(key, VALUE, LAYER_DOUBLE, _applies(applies))


def _at_least(n: Any, key: str = "values", applies: Any = None) -> ModifierSpec:
    """A value under ``n`` counts as ``n`` (an increase)."""
    amount = Call("at_least", lambda ctx, n, v: max(int(n), v) - v, (_e(n), VALUE))
    return ModifierSpec(key, amount, LAYER_INCREASE, _applies(applies))


def _becomes(new: Any, key: str = "values", applies: Any = None) -> ModifierSpec:
    """The value becomes ``new`` (an increase: ``fire + earth``, ``max(fire, earth)``)."""
    return ModifierSpec(key, Arith("-", _e(new), VALUE), LAYER_INCREASE, _applies(applies))


def _applies(applies: Any) -> Expr:
    if applies is None:
        raise ValueError("a value change needs applies= (the cards it changes)")
    return _e(applies)


def _dragons(
    more: int = 0,
    fewer: int = 0,
    at_most: int = -1,
    if_retreats: Any = "you",
    condition: Any = None,
) -> DragonItem:
    if (more > 0) + (fewer > 0) + (at_most >= 0) != 1:
        raise ValueError("dragons: give one of more=, fewer=, at_most=")
    return DragonItem(_seat_word(if_retreats), more, fewer, at_most, _opt(condition))


def _seat_word(value: Any) -> str:
    """A seat word written bare (``opponent``) or quoted (``"opponent"``)."""
    return seat_word(value)


def _turn_listener(event: str, by: str) -> Any:
    def make(effect: Any, single: bool = False, condition: Any = None) -> Listener:
        if not isinstance(effect, Effect):
            raise ValueError(f"{effect!r} is not an effect")
        return Listener(event, effect, "any", AFTER, by, _opt(condition), single=single)

    return make


# ==================================================================================== verbs
def _push(step_of: Any) -> Any:
    """A verb that pushes a step made from the context and the verb's arguments."""

    def fn(ctx: BMCtx, *args: Any, **kwargs: Any) -> None:
        ctx.state.stack.append(step_of(ctx, *args, **kwargs))

    return fn


def _attract_dragon(ctx: BMCtx) -> None:
    g, s = ctx.game, ctx.state
    g.attract_dragon(s, ctx.you, ctx.rule)


def _switch_element(ctx: BMCtx, to: str = "") -> None:
    g, s = ctx.game, ctx.state
    g.switch_element(s, ctx.you, ctx.rule, to)


def _force_retreat(ctx: BMCtx, why: str) -> None:
    from .fight import push_retreat

    g, s = ctx.game, ctx.state
    push_retreat(g, s, 1 - ctx.you, ctx.rule, why)


def _discard_from_play(ctx: BMCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for cid in cards_of(cards):
        g.discard_from_play(s, cid, ctx.rule)


def _return_to_hand(ctx: BMCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for cid in cards_of(cards):
        # a face-down bluff taken back into hand is shown, and its owner's opponent goes on
        # knowing that card in that hand (FAQ Bluffing, Summon Sorcerer: faq.bluffing.4)
        shown = is_bluff(s.cards[cid])
        g.leave_play(s, cid, "hand", ctx.rule, ctx.you)
        if shown:
            s.known[1 - s.cards[cid].owner].append(cid)


def _take_to_hand(ctx: BMCtx, cards: Any) -> None:
    g, s = ctx.game, ctx.state
    for cid in cards_of(cards):
        take_to_hand(g, s, ctx.you, cid, "discard", ctx.rule)


def _show_hand(ctx: BMCtx) -> None:
    """The opponent shows me their hand; the cards stay known to me while they stay there."""
    g, s = ctx.game, ctx.state
    me = ctx.you
    opp = 1 - me
    hand = s.zones[f"hand:{opp}"]
    s.known[me] = sorted(set(s.known[me]) | {CardRef(c) for c in hand})
    if s.logging:
        names = ", ".join(g.card_name(s, c) for c in hand) or "nothing"
        g.log(
            s,
            "reveal_hand",
            ctx.rule,
            f"{s.names[opp]} shows {s.names[me]} their hand: {names}",
            me,
            visible_to=[me, opp],
            redacted=f"{s.names[opp]} shows {s.names[me]} their hand",
        )


def _discard_at_random(ctx: BMCtx, n: int) -> None:
    """I take ``n`` cards unseen from my opponent's hand and discard them (ruling B16)."""
    g, s = ctx.game, ctx.state
    seat, rule = ctx.you, ctx.rule
    opp = 1 - seat
    ti = s.turn_info
    if ti.undo_from >= 0 and seat == s.active:
        ti.irreversible = True  # a chance event that shows cards: no backtracking (R4)
    for cid in random_cards(s, f"hand:{opp}", int(n)):
        if s.logging:
            g.log(
                s,
                "take_random",
                rule,
                f"{s.names[seat]} takes {g.card_name(s, cid)} unseen from {s.names[opp]}'s hand",
                seat,
                chance=True,
                card=cid,
            )
        g.discard_from_hand(s, opp, cid, rule)


def _discard_by_value(
    ctx: BMCtx, fire: int = 0, earth: int = 0, any_of: bool = False, dragon: bool = False
) -> None:
    g, s = ctx.game, ctx.state
    need = {e: int(n) for e, n in (("fire", fire), ("earth", earth)) if n}
    push_value_discard(g, s, ctx.you, need, ctx.rule, any_of=any_of, dragon=dragon)


def _put_under_deck(ctx: BMCtx, cards: Any) -> None:
    g, s, seat = ctx.game, ctx.state, ctx.you
    for cid in cards_of(cards):
        move(s, cid, f"deck:{seat}", from_zone=f"hand:{seat}", bottom=True)
        s.cards[cid].face_up = False
        g.hand_changed(s, seat)
        if s.logging:
            g.log(
                s,
                "under_deck",
                ctx.rule,
                f"{s.names[seat]} puts {g.card_name(s, cid)} under the draw deck",
                seat,
                visible_to=[seat],
                redacted=f"{s.names[seat]} puts a card under the draw deck",
            )


def _any_of_hand(verb: VerbSpec, where: str) -> Any:
    """``discard_any()``, ``put_any_under_deck()``: shorthands for the core choice
    ``<verb>(choose(cards("hand"), n=count(cards("hand")), up_to=True, may=True, ...))``, any
    number of hand cards one at a time, "No more" (``done``) ending it."""

    def make() -> Verb:
        hand = Cards("hand")
        choice = Choose(
            hand,
            n=Count(hand),
            up_to=True,
            may=True,
            kind="hand_pick",
            prompt=f"Put any number of hand cards {where}",
            option="pick",
            decline="No more",
            decline_id="done",
            done="No more",
        )
        return Verb(verb, (choice,))

    return make


def _opponent_discards(n: int = 0, keep: int = -1) -> EachPlayer:
    """``opponent_discards(n)`` / ``opponent_discards(keep=5)``: a shorthand for
    ``each_player(discard(choose(cards("hand"), n=...)), whose="opponent")``: the opponent
    discards ``n`` cards (or down to ``keep``) of their choosing, without a question when every
    card must go (the hand size is public)."""
    hand = Cards("hand")
    count: int | Expr = int(n) if keep < 0 else Arith("-", Count(hand), Const(int(keep)))
    choice = Choose(
        hand, n=count, kind="forced_discard", prompt="Discard {n} card(s) of your choice"
    )
    return EachPlayer(discard(choice), "opponent")


def _shuffle_discard_into_deck(ctx: BMCtx) -> None:
    g, s = ctx.game, ctx.state
    me = ctx.you
    pile, deck = s.zones[f"discard:{me}"], s.zones[f"deck:{me}"]
    for cid in pile:
        s.cards[cid].face_up = False
    deck.extend(pile)
    n = len(pile)
    pile.clear()
    chance.shuffle(s, deck)
    if s.logging:
        g.log(
            s,
            "shuffle",
            ctx.rule,
            f"{s.names[me]} shuffles {n} discarded card(s) into the draw deck",
            me,
            chance=True,
        )


def _no_character_needed(ctx: BMCtx) -> None:
    ctx.state.turn_info.uses[CHARACTER_OPTIONAL] = 1


def _discard_top_of_deck(ctx: BMCtx) -> None:
    g, s = ctx.game, ctx.state
    opp = 1 - ctx.you
    cid = s.zones[f"deck:{opp}"][-1]
    dest = "leadership" if g.defn(s, cid).type == "leadership" else "discard"
    move(s, cid, f"{dest}:{opp}", from_zone=f"deck:{opp}")
    s.cards[cid].face_up = True
    if s.logging:
        source = "" if ctx.source is None else g.card_name(s, ctx.source)
        g.log(
            s,
            "discard",
            ctx.rule,
            f"{source} discards the top card of {s.names[opp]}'s deck: {g.card_name(s, cid)}",
            ctx.you,
            card=cid,
        )


def _mark_used(ctx: BMCtx, value: int = 1) -> None:
    if ctx.source is not None:
        ctx.state.turn_info.card_uses[ctx.source] = int(value)


VERBS: dict[str, VerbSpec] = {
    spec.name: spec
    for spec in (
        VerbSpec(
            "draw_up_to",
            _push(
                lambda ctx, n, all_or_none=False: DrawUpTo(
                    seat=ctx.you, most=int(n), rule=ctx.rule, all_or_none=all_or_none
                )
            ),
            pushes=True,
        ),
        VerbSpec("attract_dragon", _attract_dragon),
        VerbSpec("switch_element", _switch_element),
        VerbSpec("force_retreat", _force_retreat, pushes=True),
        VerbSpec("discard_from_play", _discard_from_play, kind="pick", prompt="Choose a card"),
        VerbSpec("return_to_hand", _return_to_hand, kind="pick", prompt="Choose a card"),
        VerbSpec("take_to_hand", _take_to_hand, kind="pick", prompt="Choose a card"),
        VerbSpec("show_hand", _show_hand),
        VerbSpec("discard_at_random", _discard_at_random),
        VerbSpec("discard_by_value", _discard_by_value, pushes=True),
        VerbSpec(
            "put_under_deck",
            _put_under_deck,
            kind="pick",
            prompt="Choose a card",
            label=lambda ctx, c: f"Put under the deck: {ctx.game.card_name(ctx.state, c)}",
        ),
        VerbSpec("shuffle_discard_into_deck", _shuffle_discard_into_deck),
        VerbSpec(
            "search_deck",
            _push(lambda ctx: SearchDeck(seat=ctx.you, rule=ctx.rule)),
            pushes=True,
        ),
        VerbSpec(
            "take_from_shuffled_discard",
            _push(lambda ctx, n: TakeFromShuffledDiscard(seat=ctx.you, most=int(n), rule=ctx.rule)),
            pushes=True,
        ),
        VerbSpec("no_character_needed", _no_character_needed),
        VerbSpec("discard_top_of_deck", _discard_top_of_deck),
        VerbSpec("mark_used", _mark_used),
    )
}


def _verb(name: str) -> Any:
    spec = VERBS[name]

    def make(*args: Any, **kwargs: Any) -> Verb:
        return Verb(spec, tuple(map(_e, args)), tuple((k, _e(v)) for k, v in kwargs.items()))

    return make


def _may_use(effect: Any, prompt: str) -> May:
    """``may`` as Blue Moon's powers ask it: "Use it" / "Do not use it", a refusal logged."""
    if not isinstance(effect, Effect):
        raise ValueError(f"{effect!r} is not an effect")
    return May(
        effect, prompt, yes="Use it", no="Do not use it", declined="{you} does not use {source}"
    )


def _call(name: str, fn: Any, *args: Any) -> Call:
    return Call(name, fn, tuple(map(_e, args)))


def vocabulary() -> Vocabulary:
    """The core's words, Blue Moon's, and the words of the powers written in Python."""
    from .powers import WORDS as POWER_WORDS

    words: dict[str, Any] = {
        # selectors and values
        "active_cards": lambda whose="you", **f: ActiveCards(_seat_word(whose), filters_from(f)),
        "characters": lambda whose="you", **f: ActiveCards(
            _seat_word(whose), (_CHARACTER, *filters_from(f))
        ),
        "played": lambda after=None, **f: Played(_opt(after), filters_from(f)),
        "picked": Picked(),
        "power": lambda whose=YOU: _call("power", _power, whose),
        "dragons_of": lambda whose: _call("dragons_of", _dragons_of, whose),
        "element": Call("element", lambda ctx: ctx.state.element),
        "fight_started": Call("fight_started", lambda ctx: ctx.state.fight_started),
        "taken_from_deck": lambda whose: _call("taken_from_deck", _taken_from_deck, whose),
        "used": lambda card: used(_e(card)),
        "drawable": lambda n=1: _call("drawable", _drawable, n),
        "may_take": lambda: Call("may_take", _may_take),
        "any_number": ANY_NUMBER,
        "value": VALUE,
        "discard_any": _any_of_hand(DISCARD, "onto your discard pile"),
        "put_any_under_deck": _any_of_hand(VERBS["put_under_deck"], "underneath your draw deck"),
        "opponent_discards": _opponent_discards,
        "fire": Var("fire"),
        "earth": Var("earth"),
        # hook items
        "ignore": _ignore,
        "double": _double,
        "at_least": _at_least,
        "becomes": _becomes,
        "floor": lambda n, element="": FloorItem(_e(n), element),
        "grant": lambda kind, n=1: GrantItem(kind, int(n)),
        "free": lambda condition, own=True: FreeItem(_e(condition), own),
        "play_condition": lambda condition: PlayCondition(_e(condition)),
        "take_limit": lambda n, whose="opponent", from_deck=False, condition=None: TakeLimitItem(
            _e(n), _seat_word(whose), from_deck, _opt(condition)
        ),
        "must": lambda met, whose="opponent": RequirementItem(_e(met), _seat_word(whose)),
        "dragons": _dragons,
        "target": lambda candidates: TargetItem(_e(candidates)),
        "turn_action": lambda effect, label, whose="you", word="use", condition=None: (
            TurnActionItem(effect, label, _seat_word(whose), word, _opt(condition))
        ),
        "at_start": _turn_listener(TURN_START, "you"),
        "after_support": _turn_listener(AFTER_SUPPORT, "you"),
        "after_opponent_support": _turn_listener(AFTER_SUPPORT, "opponent"),
        "at_end": _turn_listener(END_EVENTS[0], "you"),
        "before_end": _turn_listener(END_EVENTS[1], "you"),
        "after_end": _turn_listener(END_EVENTS[2], "you"),
        # verbs and combinators
        **{name: _verb(name) for name in VERBS},
        "may_use": _may_use,
    }
    return core_words().extended(words).extended(POWER_WORDS)
