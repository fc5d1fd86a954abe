"""Lasting effects: changes that hold until an occasion ("until the end of the turn", "during
your next combat", "until the end of the moment"), kept in ``state.lasting``.

The game announces occasions from its flow (:func:`expire`) and forgets the effects on a card
that leaves play (:func:`forget`). Values read them when asked (:func:`amount`, and
:meth:`Game.value` adds them to a card's value), and prohibitions read ``cannot:<action>``
effects (:meth:`Game.forbidden`). Nothing else is patched into the state.

>>> from cardwright.core.state import State, Lasting, CardRef
>>> s = State(game="demo")
>>> add(s, Lasting("power", CardRef(7), amount=2))
>>> amount(s, "power", 7), expire(s, "end_of_turn"), amount(s, "power", 7)
(2, 1, 0)
"""

from __future__ import annotations

from .state import CardRef, Lasting, State


def add(state: State, effect: Lasting) -> None:
    """Start a lasting effect."""
    state.lasting.append(effect)


def expire(state: State, occasion: str) -> int:
    """End every effect that lasts until ``occasion``; returns how many ended."""
    before = len(state.lasting)
    if before:
        state.lasting = [e for e in state.lasting if e.until != occasion]
    return before - len(state.lasting)


def forget(state: State, card: int) -> None:
    """A card left play: the lasting effects on it end."""
    if state.lasting:
        state.lasting = [e for e in state.lasting if e.target != card]


def amount(state: State, key: str, target: int | None = None, seat: int = -1) -> int:
    """The total change to value ``key`` of ``target`` (a card) or of ``seat``."""
    total = 0
    for e in state.lasting:
        if e.key == key and e.target == target and (target is not None or e.seat == seat):
            total += e.amount
    return total


def active(state: State, key: str, target: int | None = None) -> list[Lasting]:
    """The lasting effects with ``key`` on ``target`` (any target when None)."""
    return [e for e in state.lasting if e.key == key and (target is None or e.target == target)]


def card_ref(card: int | None) -> CardRef | None:
    return None if card is None else CardRef(card)


def became(state: State, card: int, part: str = "card") -> str | None:
    """What ``card`` (or one part of it: ``"subtypes"``) has become, if a "becomes" effect
    holds (the latest one wins): the word of a lasting effect keyed ``becomes:<part>`` on the
    card (a definition id when the whole card became a copy of another). While it holds, that
    part of the card is wholly replaced; when it ends (its occasion, :func:`expire`) the card
    is as it was (Varia 003 Becomes & Treated).

    >>> s = State(game="demo")
    >>> add(s, Lasting("becomes:card", CardRef(4), word="Thy Will Be Done", until="end_of_moment"))
    >>> became(s, 4), expire(s, "end_of_moment"), became(s, 4)
    ('Thy Will Be Done', 1, None)
    """
    key = f"becomes:{part}"
    found = None
    for e in state.lasting:
        if e.key == key and e.target == card:
            found = e.word
    return found
