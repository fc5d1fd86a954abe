"""Varia's additions to the core state: health and action points, distance, the timeline of
moments and the queues.

The timeline is a structured area (strain S8): ``timeline`` is a list of moments, each with one
slot per seat; a slot holds one action, which is one card or several combined (a combo: the
first card leads and names the action), with the seat it targets and what happened to it in
its moment.
The cards themselves lie in the zone ``timeline:<seat>`` (or ``queue:<seat>``), so every card
has exactly one location. Moments from ``moments`` on are *virtual*: tokens created beyond the
last moment wait there and go to the queue once the last moment has resolved (003 Creating A
Token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import msgspec

from cardwright.core.state import CardRef, State
from cardwright.core.steps import Step
from cardwright.core.vocab.base import Ctx

if TYPE_CHECKING:
    from .game import Varia


def _keys(zone: str) -> tuple[str, str]:
    return f"{zone}:0", f"{zone}:1"


#: each seat's key of a zone (``HAND[seat] == f"hand:{seat}"``), for the paths taken at every
#: decision to read rather than format (a format costs some 70 ns, a look-up some 15)
HAND, ITEM, TIMELINE, QUEUE, DISCARD, FORGOTTEN, STACKS = map(
    _keys, ("hand", "item", "timeline", "queue", "discard", "forgotten", "stacks")
)


class Slot(msgspec.Struct, omit_defaults=True):
    """One action on the timeline or in a queue: its cards (the lead first), the seat it
    targets, and, during its moment, whether it was performed, disrupted, hit, and the totals
    and damage of its clash."""

    cards: list[CardRef]
    target_seat: int
    performed: bool = False
    disrupted: bool = False
    hit: bool = False
    power: int = 0
    focus: int = 0
    damage: int = 0

    @property
    def lead(self) -> CardRef:
        return self.cards[0]


class Moment(msgspec.Struct):
    """A moment of the timeline: the action each seat has in it (None: none)."""

    slots: list[Slot | None]


class VariaState(State, kw_only=True):
    """Per seat: health, action points, the queue (actions in order); the distance between
    the players; the timeline and how many of its moments are real; the moment resolving
    (-1 outside resolution) and the step of the turn planning is in (``action``,
    ``reaction``, ``fast``)."""

    health: list[int] = msgspec.field(default_factory=list)
    ap: list[int] = msgspec.field(default_factory=list)
    engaged: bool = False
    timeline: list[Moment] = msgspec.field(default_factory=list)
    moments: int = 0
    queue: list[list[Slot]] = msgspec.field(default_factory=list)
    moment: int = -1
    step: str = ""


#: a Varia step: its game and its states, declared once for all the game's steps
VAStep: TypeAlias = Step["Varia", VariaState]
#: the context a Varia word runs in (its game and its states)
VACtx: TypeAlias = Ctx["Varia", VariaState]
