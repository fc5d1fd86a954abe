"""Smash Up's words for +1 power counters taken off minions (Monster Smash: The Monster, Blitzed,
Drone): removing counters is affecting the minion (000 Terms: Affect; research §A1 +1 power
counters), so a protection stops it, and it is recorded, so a card can count the counters it
removed while it resolves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.vocab import VerbSpec, cards_of
from cardwright.core.vocab.exprs import Call

from . import history, values
from .selectors import _e, _first, verb
from .state import AffectEffect, SUCtx, SUState
from .words import _actor, acts

if TYPE_CHECKING:
    from .game import SmashUp

#: the affect verb of a removal (its record's effect holds how many were removed)
REMOVE = "remove_counters"


def remove_counters(g: SmashUp, s: SUState, cid: int, count: int, seat: int, rule: str) -> int:
    """Take up to ``count`` +1 power counters off a minion in play; how many were taken (0:
    it had none, or it was protected, or a replacement took the effect)."""
    have = s.cards[cid].counters.get("p1", 0)
    count = min(count, have)
    if count <= 0 or g.base_of(s, cid) < 0:
        return 0
    if g.blocked(s, "counters", cid, seat):
        g.log(
            s, "not_affected", "su.terms.cannot", f"{g.card_name(s, cid)} cannot be affected", seat
        )
        return 0
    if not g.affected(s, cid, REMOVE, AffectEffect(REMOVE, amount=count)):
        return 0
    history.fell(g, s, cid)
    if have == count:
        del s.cards[cid].counters["p1"]
    else:
        s.cards[cid].counters["p1"] = have - count
    values.changed(s)
    g.log(
        s,
        "counters",
        rule,
        f"{g.card_name(s, cid)} loses {count} +1 power counter(s) ({have - count} left)",
        seat,
        card=cid,
    )
    return count


@acts
def _remove(ctx: SUCtx, what: Any, n: int = 1, actor: Any = None) -> bool:
    """Take up to ``n`` +1 power counters off each card (True: some were taken)."""
    g = ctx.game
    done = False
    for cid in cards_of(what):
        done = remove_counters(g, ctx.state, cid, int(n), _actor(ctx, actor), ctx.rule) > 0 or done
    return done


def _removed_by(ctx: SUCtx, what: Any) -> int:
    """How many +1 power counters the card took off minions while it resolves."""
    card = _first(what)
    return sum(
        a.effect.amount
        for a in ctx.state.affects
        if a.source == card and a.verb == REMOVE and a.effect is not None
    )


def counter_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "remove_counters": verb(VerbSpec(REMOVE, _remove, kind="target", prompt="Choose a minion")),
        "removed_by": lambda what: Call("removed_by", _removed_by, (_e(what),)),
    }
