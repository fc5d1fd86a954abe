"""One-line ability expressions in card data, parsed into vocabulary nodes.

An expression is written in Python's expression syntax and read with :mod:`ast` (never run):
calls of known words, literals, ``self`` and other bound names, ``self.cost`` (an attribute of
a card), comparisons (``in`` / ``not in`` too), ``+ - * %``, ``and / or / not``, and
conditional values (``5 if facing(race="elf") else 0``). Every word must
be in the vocabulary (the core's plus the game's), so a typo fails when the game loads, naming
the file, the card and the word::

    kill(choose(creatures(cost_lt=self.cost)))
    when("dies", draw(2))
    modify("cost", -count(cards("discard", whose="owner", purple=True)))
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any

from ..errors import DataError
from .base import Expr
from .exprs import AllOf, AnyOf, Arith, Attr, Compare, Const, IfValue, Neg, Not

_COMPARE = {
    ast.Lt: "lt",
    ast.LtE: "le",
    ast.Eq: "eq",
    ast.NotEq: "ne",
    ast.GtE: "ge",
    ast.Gt: "gt",
    ast.In: "in",
}
_ARITH = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//", ast.Mod: "%"}

Word = Callable[..., Any] | Expr


class Vocabulary:
    """The words an expression may use: ``words`` maps a name to a factory (called with the
    parsed arguments) or to a ready expression (``self``, ``it``)."""

    def __init__(self, words: Mapping[str, Word]) -> None:
        self.words = dict(words)

    def extended(self, words: Mapping[str, Word]) -> Vocabulary:
        """A vocabulary with more words (a game's on top of the core's)."""
        clash = sorted(set(words) & set(self.words))
        if clash:
            raise DataError(f"vocabulary words defined twice: {clash}")
        return Vocabulary({**self.words, **words})

    def parse(self, text: str, where: str) -> Any:
        """The node an expression stands for; a problem is one :class:`DataError` line that
        names ``where`` (file and card) and the expression."""
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError as exc:
            raise DataError(f"{where}: cannot read {text!r}: {exc.msg}") from None
        try:
            return self._node(tree.body)
        except DataError as exc:
            raise DataError(f"{where}: {exc} in {text!r}") from None
        except (TypeError, ValueError) as exc:
            raise DataError(f"{where}: {exc} in {text!r}") from None

    # ------------------------------------------------------------------------------
    def _node(self, n: ast.AST) -> Any:
        if isinstance(n, ast.Constant):
            return n.value
        if isinstance(n, ast.Name):
            word = self.words.get(n.id)
            if word is None:
                raise DataError(f"unknown word {n.id!r}")
            return word() if callable(word) and not isinstance(word, Expr) else word
        if isinstance(n, ast.Call):
            if not isinstance(n.func, ast.Name):
                raise DataError("only plain words can be called")
            word = self.words.get(n.func.id)
            if word is None:
                raise DataError(f"unknown word {n.func.id!r}")
            if isinstance(word, Expr) or not callable(word):
                raise DataError(f"{n.func.id!r} is not something that can be called")
            args = [self._node(a) for a in n.args]
            kwargs = {k.arg: self._node(k.value) for k in n.keywords if k.arg is not None}
            try:
                return word(*args, **kwargs)
            except TypeError as exc:
                raise DataError(f"{n.func.id}: {exc}") from None
        if isinstance(n, ast.Attribute):
            return Attr(n.attr, _expr(self._node(n.value)))
        if isinstance(n, ast.Compare):
            if len(n.ops) != 1 or type(n.ops[0]) not in (*_COMPARE, ast.NotIn):
                raise DataError("one comparison at a time (<, <=, ==, !=, >=, >, in, not in)")
            left, right = _expr(self._node(n.left)), _expr(self._node(n.comparators[0]))
            if isinstance(n.ops[0], ast.NotIn):
                return Not(Compare("in", left, right))
            return Compare(_COMPARE[type(n.ops[0])], left, right)
        if isinstance(n, ast.BinOp) and type(n.op) in _ARITH:
            left, right = _expr(self._node(n.left)), _expr(self._node(n.right))
            return Arith(_ARITH[type(n.op)], left, right)
        if isinstance(n, ast.UnaryOp):
            inner = self._node(n.operand)
            if isinstance(n.op, ast.USub):
                return -inner if isinstance(inner, int) else Neg(_expr(inner))
            if isinstance(n.op, ast.Not):
                return Not(_expr(inner))
        if isinstance(n, ast.BoolOp):
            parts = tuple(_expr(self._node(v)) for v in n.values)
            return AllOf(parts) if isinstance(n.op, ast.And) else AnyOf(parts)
        if isinstance(n, ast.IfExp):
            parts = (self._node(n.test), self._node(n.body), self._node(n.orelse))
            return IfValue(*(_expr(p) for p in parts))
        if isinstance(n, ast.List | ast.Tuple):
            return [self._node(e) for e in n.elts]
        raise DataError(f"{type(n).__name__} is not allowed in an ability expression")


def _expr(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)
