"""Smash Up's words about bases, scoring and turns added with Science Fiction Double Feature and
Monster Smash: the strongest total at a base, a base that cannot score, the base that replaces
a scored one, a base put back on the base deck, and an extra turn.
"""

from __future__ import annotations

from typing import Any

from cardwright.core.state import CardRef, Lasting
from cardwright.core.vocab import VerbSpec, cards_of, seats_of
from cardwright.core.vocab.exprs import Call

from .catalog import BASE_DECK, BASE_DISCARD
from .scoring import REPLACE_MARK
from .selectors import _e, _first, scoring_step, verb
from .state import SUCtx

#: the lasting effect on a seat that gives it an extra turn (``extra_turn``)
EXTRA_TURN = "extra_turn"


def _best_power_at(ctx: SUCtx, where: Any, but: Any = None) -> int:
    """The highest total power a player has at a base (0 when nobody has any), leaving out
    the seats of ``but``."""
    skip = set() if but is None else set(seats_of(but))
    powers = ctx.game.powers_at(ctx.state, _first(where))
    return max((v for p, v in powers.items() if p not in skip), default=0)


def _replace_with(ctx: SUCtx, what: Any) -> bool:
    """The base scoring now is replaced by this base from the base discard pile instead of
    the top of the base deck (the last such choice counts)."""
    g, s = ctx.game, ctx.state
    step = scoring_step(ctx)
    bid = _first(what)
    if step is None or bid < 0 or bid not in s.zones[BASE_DISCARD]:
        return False
    step.marks = [m for m in step.marks if not m.startswith(REPLACE_MARK)]
    step.marks.append(f"{REPLACE_MARK}{bid}")
    text = f"{g.card_name(s, bid)} will replace {g.card_name(s, step.base)}"
    g.log(s, "replacement", ctx.rule, text, ctx.you, base=s.cards[bid].defn)
    return True


def _base_to_deck_top(ctx: SUCtx, what: Any) -> bool:
    """Bases from the base discard pile go on top of the base deck (the last one on top)."""
    g, s = ctx.game, ctx.state
    done = False
    for bid in cards_of(what):
        if bid not in s.zones[BASE_DISCARD]:
            continue
        s.zones[BASE_DISCARD].remove(bid)
        s.zones[BASE_DECK].append(bid)
        s.cards[bid].face_up = False
        s.public_cards.append(CardRef(bid))  # everyone saw it go on top
        text = f"{g.card_name(s, bid)} goes from the base discard pile on top of the base deck"
        g.log(s, "base_to_deck", ctx.rule, text, ctx.you, base=s.cards[bid].defn)
        done = True
    return done


def _extra_turn(ctx: SUCtx, who: Any = None) -> bool:
    """Each seat of ``who`` (default you) takes an extra turn after the current one ends."""
    g, s = ctx.game, ctx.state
    for seat in seats_of(ctx.you if who is None else who):
        s.lasting.append(Lasting(EXTRA_TURN, None, seat, 1, ctx.source, until="taken"))
        text = f"{s.names[seat]} will take an extra turn after this one"
        g.log(s, "extra_turn", ctx.rule, text, seat)
    return True


def _discarded_bases(ctx: SUCtx) -> list[CardRef]:
    """The bases in the base discard pile (the last discarded last)."""
    return [CardRef(b) for b in ctx.state.zones[BASE_DISCARD]]


def score_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "discarded_bases": Call("discarded_bases", _discarded_bases),
        "best_power_at": lambda where, but=None: Call(
            "best_power_at", _best_power_at, (_e(where), _e(but))
        ),
        "replace_with": verb(VerbSpec("replace_with", _replace_with)),
        "base_to_deck_top": verb(VerbSpec("base_to_deck_top", _base_to_deck_top)),
        "extra_turn": verb(VerbSpec("extra_turn", _extra_turn)),
    }
