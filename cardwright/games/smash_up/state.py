"""Smash Up's additions to the core state.

Zones (see ``rules.py``): ``deck:s``, ``hand:s``, ``discard:s`` per seat; ``bases`` (the bases in
play, in table order), ``base_deck`` (top = end of list), ``base_discard``; ``base:<id>`` for each
base in play, holding every minion at it and every action attached to it or to one of its
minions; ``resolving`` for a card that has been played and not yet placed or discarded.
"""

from __future__ import annotations

import msgspec

from cardwright.core.state import State


class Lasting(msgspec.Struct):
    """A lasting effect on a value (strain S7): ``key`` is ``power`` (of a minion),
    ``breakpoint`` (of a base) or ``to_hand_instead_of_discard`` (a minion goes to its owner's
    hand instead of the discard pile); ``until`` is ``end_of_turn`` or ``start_of_turn:<seat>``.
    It also ends when its target leaves play."""

    key: str
    target: int
    amount: int
    source: int = -1
    seat: int = -1
    until: str = "end_of_turn"


class Allowance(msgspec.Struct):
    """One card play the active player may still make this Play Cards phase.

    The rules give one ``minion`` and one ``action``; extra plays add more, some restricted to a
    printed power (``max_power``) or to one base (``base``). ``source`` is the granting card
    (-1: the free play of the rules).
    """

    kind: str
    max_power: int = -1
    base: int = -1
    source: int = -1


class SUState(State, kw_only=True):
    """Per seat: victory points and turns taken. Per turn: the play allowances left, the cards
    whose Talent was used, and how many minions and actions were played.

    ``attached`` maps each action in play to the card it is attached to (a base or a minion).
    ``lasting`` holds the lasting effects now running.
    """

    vp: list[int] = msgspec.field(default_factory=list)
    turns_taken: list[int] = msgspec.field(default_factory=list)
    attached: dict[int, int] = msgspec.field(default_factory=dict)
    lasting: list[Lasting] = msgspec.field(default_factory=list)
    allowances: list[Allowance] = msgspec.field(default_factory=list)
    talents_used: list[int] = msgspec.field(default_factory=list)
    minions_played: int = 0
    actions_played: int = 0
