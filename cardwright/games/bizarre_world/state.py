"""Bizarre World's additions to the core state."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import msgspec

from cardwright.core.state import CardRef, State
from cardwright.core.steps import Step
from cardwright.core.vocab.base import Ctx

if TYPE_CHECKING:
    from .game import BizarreWorld


class Battle(msgspec.Struct):
    """One declared attack, from declaration to the end of both distribution steps.

    ``sources`` / ``def_sources`` map creatures to the attack they contributed;
    ``assigned`` is the distribution in progress; ``remaining`` is what is left to assign.
    """

    attacker: int
    defender: int
    attack: int
    sources: dict[CardRef, int]
    defense: int = 0
    def_sources: dict[CardRef, int] = msgspec.field(default_factory=dict)
    remaining: int = 0
    assigned: dict[CardRef, int] = msgspec.field(default_factory=dict)


class BWState(State, kw_only=True):
    """Per seat: life, unspent attack gained this turn, and gray resources gained this turn.

    ``contrib`` maps each creature to the attack it added to its controller's unspent attack.
    ``turns_taken`` counts each seat's turns (Flaming and the first-turn rule use it).
    """

    life: list[int] = msgspec.field(default_factory=list)
    attack: list[int] = msgspec.field(default_factory=list)
    gray: list[int] = msgspec.field(default_factory=list)
    contrib: dict[CardRef, int] = msgspec.field(default_factory=dict)
    turns_taken: list[int] = msgspec.field(default_factory=list)
    battle: Battle | None = None


#: a Bizarre World step: its game and its states, declared once for all the game's steps
BWStep: TypeAlias = Step["BizarreWorld", BWState]
#: the context a BizarreWorld word runs in (its game and its states)
BWCtx: TypeAlias = Ctx["BizarreWorld", BWState]
