"""Expressions compiled to closures give exactly what their ``eval`` gives (the toy game of
``test_vocab``; the whole test suite also runs with ``compiled.CHECK`` on)."""

from __future__ import annotations

import pytest

from cardwright.core.errors import EngineError
from cardwright.core.state import Bindings, CardRef
from cardwright.core.vocab import Ctx, compiled
from cardwright.core.vocab.exprs import Attr, Compare, Const, Var
from cardwright.core.zones import create_card

from .test_vocab import Toy, words

EXPRESSIONS = [
    "count(things()) > 1",
    "count(things(printed_ge=2)) == 2 and it.printed >= 2",
    "it.printed + 1 if owner_of(it) == you else 0",
    "it.printed in [1, 5] or it.printed % 2 == 0",
    "not (owner_of(it) == opponent)",
    "self.printed - it.printed",
    "var('k') * 2 - 1",
    "var('missing').printed",
    "it == self",
    "max(1, count(things())) == 3",
    "count(such_that(things(), it.printed >= 2)) > 0",
    "count(such_that(things(), it.printed > 9)) > 0",
    "count(such_that(things(), owner_of(it) == you)) == 0",
    "count(such_that(things(), it.printed > 9)) < 1",
    "count(where(things(), printed_ge=2)) > 0",
    "count(where(things(), printed_ge=2, printed_le=1)) == 0",
]


def _ctx() -> tuple[Ctx, list[int]]:
    game = Toy({})
    state = game.state_cls(game=game.id)
    game.setup(state)
    made = (("pebble", 0), ("stone", 1), ("boulder", 1))
    cards = [create_card(state, defn, seat, f"play:{seat}").id for defn, seat in made]
    ability = game.registry.ability("cheap") if game.registry else None
    assert ability is not None
    ctx = Ctx(game, state, ability, CardRef(cards[0]), 0, Bindings(nums={"k": 4}))
    return ctx, cards


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_a_compiled_expression_gives_what_eval_gives_for_every_card(text: str) -> None:
    ctx, cards = _ctx()
    expr = words().parse(text, "test")
    fn = compiled.compiled(expr)
    assert compiled.compiled(expr) is fn  # made once
    for cid in [*cards, None]:
        bound = ctx.vars if cid is None else ctx.vars.with_cards("it", [CardRef(cid)])
        inner = Ctx(ctx.game, ctx.state, ctx.ability, ctx.source, ctx.you, bound)
        fast, slow = fn(inner), expr.eval(inner)
        assert fast == slow and type(fast) is type(slow), (text, cid)


def test_the_check_mode_catches_a_compiled_node_that_drifted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ctx, _ = _ctx()
    monkeypatch.setattr(compiled, "CHECK", True)
    monkeypatch.setitem(compiled._MAKERS, Const, lambda e: lambda ctx: 99)
    with pytest.raises(EngineError, match="compiled Const"):
        compiled.compiled(Compare("eq", Const(1), Const(1)))(ctx)
    fine = compiled.compiled(Compare("eq", Attr("printed", Var("it")), Var("k")))
    assert fine(ctx) is False  # (no card bound: printed 0, against k = 4)
