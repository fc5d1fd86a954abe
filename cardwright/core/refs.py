"""Card references found by declared type.

Every field of the state that holds a card id is declared as :data:`~.state.CardRef` (or a
list, dict, tuple or optional of it, or inside another Struct). :func:`map_refs` rewrites every
such reference in a state with one function, guided only by those declared types:

* views replace hidden cards by placeholders (``-1, -2, ...``) everywhere at once: zones, flow
  steps, triggers, lasting effects, decisions, log events;
* determinization replaces the placeholders by the cards it deals;
* the conformance suite swaps two hidden cards and checks the view does not change.

A field declared ``Any`` (the config, log data) is opaque here: the
conformance suite lists such fields so that none holds a card.

>>> from cardwright.core.state import Card
>>> c = Card(id=CardRef(3), defn="x", owner=0, controller=0)
>>> map_refs(c, lambda r: CardRef(r + 10)).id
13
"""

from __future__ import annotations

import re
import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

import msgspec

from .errors import EngineError
from .state import CardRef

RefFn = Callable[[CardRef], CardRef]
#: rewrites a value of one declared type: (value, fn) -> the new value (containers in place)
Mapper = Callable[[Any, RefFn], Any]

_struct_mappers: dict[type, Mapper | None] = {}
_OPAQUE: dict[type, list[str]] = {}


def _ref(value: Any, fn: RefFn) -> Any:
    return fn(value)


def _mapper(tp: Any, owner: str) -> Mapper | None:
    """A mapper for values of declared type ``tp``, or None when it holds no card reference."""
    if tp is CardRef:
        return _ref
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _struct_mapper(tp)
    origin = get_origin(tp)
    args = get_args(tp)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        structs = [a for a in inner if isinstance(a, type) and issubclass(a, msgspec.Struct)]
        if len(inner) == 1:
            only = _mapper(inner[0], owner)
            if only is None:
                return None
            return lambda v, fn: v if v is None else only(v, fn)
        if structs and len(structs) == len(inner):  # a tagged union of Structs
            return _union_mapper(tuple(structs))
        if any(_mapper(a, owner) is not None for a in inner):
            raise EngineError(f"{owner}: a union mixing card references with other values")
        return None
    if origin is list:
        item = _mapper(args[0], owner)
        if item is None:
            return None
        if item is _ref:

            def refs_list(v: list[Any], fn: RefFn) -> list[Any]:
                v[:] = [fn(x) for x in v]
                return v

            return refs_list

        def any_list(v: list[Any], fn: RefFn) -> list[Any]:
            v[:] = [item(x, fn) for x in v]
            return v

        return any_list
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            m = _mapper(args[0], owner)
            return None if m is None else (lambda v, fn: tuple(m(x, fn) for x in v))
        ms = [_mapper(a, owner) for a in args]
        if all(m is None for m in ms):
            return None
        return lambda v, fn: tuple(x if m is None else m(x, fn) for m, x in zip(ms, v, strict=True))
    if origin is dict:
        km, vm = _mapper(args[0], owner), _mapper(args[1], owner)
        if km is None and vm is None:
            return None

        def mapped_dict(v: dict[Any, Any], fn: RefFn) -> dict[Any, Any]:
            items = [
                (k if km is None else km(k, fn), x if vm is None else vm(x, fn))
                for k, x in v.items()
            ]
            v.clear()
            v.update(items)
            return v

        return mapped_dict
    return None


def _union_mapper(structs: tuple[type, ...]) -> Mapper | None:
    plans = {cls: _struct_mapper(cls) for cls in structs}
    if all(p is None for p in plans.values()):
        return None

    def dispatch(v: Any, fn: RefFn) -> Any:
        plan = plans.get(type(v))
        if plan is None:
            plan = _struct_mapper(type(v))
        return v if plan is None else plan(v, fn)

    return dispatch


def _struct_mapper(cls: type) -> Mapper | None:
    if cls in _struct_mappers:
        return _struct_mappers[cls]
    _struct_mappers[cls] = None  # a recursive type sees "no refs" while its plan is made
    fields: list[tuple[str, Mapper]] = []
    opaque: list[str] = []
    for f in msgspec.structs.fields(cls):
        if f.type is Any or (get_origin(f.type) is dict and get_args(f.type)[1] is Any):
            opaque.append(f.name)
        m = _mapper(f.type, f"{cls.__name__}.{f.name}")
        if m is not None:
            fields.append((f.name, m))
    _OPAQUE[cls] = opaque
    if not fields:
        return None
    frozen = bool(getattr(cls, "__struct_config__").frozen)  # noqa: B009

    if frozen:

        def frozen_plan(obj: Any, fn: RefFn) -> Any:
            changes = {name: m(getattr(obj, name), fn) for name, m in fields}
            return msgspec.structs.replace(obj, **changes)

        plan: Mapper = frozen_plan
    else:

        def plan(obj: Any, fn: RefFn) -> Any:
            for name, m in fields:
                value = getattr(obj, name)
                new = m(value, fn)
                if new is not value:
                    setattr(obj, name, new)
            return obj

    _struct_mappers[cls] = plan
    return plan


def map_refs(obj: Any, fn: RefFn) -> Any:
    """Rewrite every card reference in ``obj`` (a Struct) with ``fn``, in place where the
    containers allow; returns the object (a new one if it is frozen)."""
    plan = _struct_mapper(type(obj))
    return obj if plan is None else plan(obj, fn)


def reachable_structs(cls: type) -> list[type]:
    """``cls`` and every Struct type its fields can hold, each once."""
    out: list[type] = []
    todo = [cls]
    while todo:
        c = todo.pop()
        if c in out:
            continue
        out.append(c)
        for f in msgspec.structs.fields(c):
            todo.extend(_structs_in(f.type))
    return out


def opaque_fields(cls: type) -> dict[str, list[str]]:
    """Fields declared ``Any`` (or ``dict[..., Any]``) in ``cls`` and every Struct it reaches:
    places where a card id would escape :func:`map_refs`."""
    seen: dict[str, list[str]] = {}
    for c in reachable_structs(cls):
        _struct_mapper(c)
        if _OPAQUE.get(c):
            seen[c.__name__] = list(_OPAQUE[c])
    return seen


def _structs_in(tp: Any) -> list[type]:
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return [tp]
    out: list[type] = []
    for a in get_args(tp):
        out.extend(_structs_in(a))
    return out


#: field names that say "a card" (a scalar) or "cards" (a container); counts such as
#: ``minions_played`` are scalars with a plural name, so they are not taken for cards
_ONE_CARD = re.compile(r"(^|_)(card|target|source|minion|base|ship|chosen)$")
_CARDS = re.compile(
    r"(^|_)(cards?|targets?|sources?|minions?|bases?|ships?|chosen|picked|attached|covered|"
    r"known|played|actions?)$"
)
#: the core's two containers that views handle themselves (zones and the card table)
_CORE_CONTAINERS = {("State", "zones"), ("State", "cards")}


def untyped_card_fields(cls: type) -> list[str]:
    """Fields of ``cls`` and every Struct it reaches whose name says they hold cards but whose
    declared type holds plain ``int`` where a card would be (a scalar, a list's items, a
    dict's keys): card references :func:`map_refs` cannot find."""
    out: list[str] = []
    for c in reachable_structs(cls):
        for f in msgspec.structs.fields(c):
            owner = next(
                (b.__name__ for b in c.__mro__ if f.name in getattr(b, "__annotations__", {})),
                c.__name__,
            )
            if (owner, f.name) in _CORE_CONTAINERS:
                continue
            scalar = f.type is int or (
                get_origin(f.type) in (Union, types.UnionType) and int in get_args(f.type)
            )
            pattern = _ONE_CARD if scalar else _CARDS
            if pattern.search(f.name) and _plain_int_slot(f.type):
                out.append(f"{c.__name__}.{f.name}: {f.type}")
    return sorted(out)


def _plain_int_slot(tp: Any) -> bool:
    if tp is int:
        return True
    origin, args = get_origin(tp), get_args(tp)
    if origin in (list, set, frozenset):
        return _plain_int_slot(args[0])
    if origin is tuple:
        return any(_plain_int_slot(a) for a in args if a is not Ellipsis)
    if origin is dict:
        return _plain_int_slot(args[0])  # a dict's values are often amounts (a card -> count)
    if origin in (Union, types.UnionType):
        return any(_plain_int_slot(a) for a in args)
    return False
