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
    """A lasting effect on a value (strain S7): ``key`` is ``power`` (of a minion) or
    ``breakpoint`` (of a base); ``until`` is ``end_of_turn`` or ``start_of_turn:<seat>``.
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
    (-1: the free play of the rules). ``zone``: where the card must come from (``hand``, or
    ``discard`` for "play an extra minion from your discard pile"). ``cond``: a condition on the
    destination (``no_own_minion``: a base where the player has no minion). ``ongoing``: the
    play is given by an ongoing ability and is lost when ``source`` leaves play.
    """

    kind: str
    max_power: int = -1
    base: int = -1
    source: int = -1
    zone: str = "hand"
    cond: str = ""
    ongoing: bool = False


class SUState(State, kw_only=True):
    """Per seat: victory points and turns taken. Per turn: the play allowances left, the cards
    whose Talent was used, and how many minions and actions were played.

    ``attached`` maps each action in play to the card it is attached to (a base or a minion).
    ``lasting`` holds the lasting effects now running.

    ``known`` maps a card in a hidden zone (a deck or a hand) to the seats that know what it is
    (strain S3): cards revealed or looked at and put back, cards taken openly into a hand. A
    shuffle of the deck ends it; views show a known card to the seats that know it.
    ``named`` holds what a card in play named when it was played (Block the Path: a faction).
    ``sleepers``: players whose next turn has no action plays (Mark of Sleep); ``asleep``: the
    player who cannot play actions this turn (-1: none).
    """

    vp: list[int] = msgspec.field(default_factory=list)
    turns_taken: list[int] = msgspec.field(default_factory=list)
    attached: dict[int, int] = msgspec.field(default_factory=dict)
    lasting: list[Lasting] = msgspec.field(default_factory=list)
    allowances: list[Allowance] = msgspec.field(default_factory=list)
    talents_used: list[int] = msgspec.field(default_factory=list)
    minions_played: int = 0
    actions_played: int = 0
    known: dict[int, list[int]] = msgspec.field(default_factory=dict)
    named: dict[int, str] = msgspec.field(default_factory=dict)
    sleepers: list[int] = msgspec.field(default_factory=list)
    asleep: int = -1
