"""Munchkin's additions to the core state: levels, the dead, what is equipped, the combat."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import msgspec

from cardwright.core.state import CardRef, State
from cardwright.core.steps import Step
from cardwright.core.vocab.base import Ctx

if TYPE_CHECKING:
    from .game import Munchkin


class Offer(msgspec.Struct, omit_defaults=True):
    """A bribe the fighter offers the seat ``to`` for its help: Items the fighter carries
    (handed over when the offer is accepted) and a share of the Treasure (``share``: a
    scheme of :data:`~cardwright.games.munchkin.help.SHARES`, the picks the helper makes
    when the Treasure is divided). ``demand``: the share the asked seat wants instead, when
    it bargains; ``stage``: ``compose`` (the fighter adds to it), ``reply`` (the asked seat
    answers), ``counter`` (the fighter answers a demand)."""

    to: int
    items: list[CardRef] = msgspec.field(default_factory=list)
    share: str = "none"
    demand: str = ""
    stage: str = "compose"


class Combat(msgspec.Struct, omit_defaults=True):
    """The combat under way (001 Combat). ``monsters``: the monsters in it, in the order they
    came (all in zone ``combat``); ``mates``: a Mate card -> the monster it copies;
    ``attached``: a card played on one monster (an enhancer, a one-shot for the monster, a
    Mate) -> that monster; ``party``: one-shots played for the fighter's side; ``asked``: the
    seats asked for help; ``share``: the agreed Treasure share of the helper; ``spoils``:
    Treasure owed by monsters removed from the fight with their Treasure (a Magic Lamp);
    ``killed``: monsters counted as killed (their Treasure and levels); ``defeated``: whether
    the fight was won by removing every monster (no level); ``runners``: who still runs."""

    fighter: int
    helper: int = -1
    monsters: list[CardRef] = msgspec.field(default_factory=list)
    mates: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    attached: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    party: list[CardRef] = msgspec.field(default_factory=list)
    asked: list[int] = msgspec.field(default_factory=list)
    offer: Offer | None = None
    share: str = "none"
    spoils: int = 0
    removed: list[CardRef] = msgspec.field(default_factory=list)
    forced_help: bool = False


class MKState(State, kw_only=True):
    """Per seat: ``level`` (1 to 10), ``sex``, ``dead`` (died and has not come back: receives
    no card, cannot level up), ``reborn`` (draws 4 + 4 at the start of its next turn).
    ``equipped``: the Items in play that give their bonus (the others are carried);
    ``attached``: a card attached to another (Cheat! or Dolly on an Item, Super Munchkin or
    Half-Breed on a class or race); ``known``: hand cards that seats other than their holder
    have seen (charity, a bribe); ``fresh``: cards a seat received outside its own turn, which
    it may play to the table at once (001 When You May Take Actions), until the window that
    opens for it once it is out of the fight closes (ruling R24); ``combat``: the fight
    under way."""

    level: list[int] = msgspec.field(default_factory=list)
    sex: list[str] = msgspec.field(default_factory=list)
    dead: list[bool] = msgspec.field(default_factory=list)
    reborn: list[bool] = msgspec.field(default_factory=list)
    equipped: list[CardRef] = msgspec.field(default_factory=list)
    attached: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    known: dict[CardRef, list[int]] = msgspec.field(default_factory=dict)
    fresh: list[CardRef] = msgspec.field(default_factory=list)
    combat: Combat | None = None
    #: trade proposals made this turn (offered Item, wanted Item): each is made once
    proposals: list[tuple[CardRef, CardRef]] = msgspec.field(default_factory=list)
    #: gifts offered this turn (Item, to seat): each is offered once
    gifts: list[tuple[CardRef, int]] = msgspec.field(default_factory=list)
    #: seats that changed their equipment, proposed a trade or gave an Item in the current
    #: window (once per window: ruling R4)
    rearranged: list[int] = msgspec.field(default_factory=list)
    kills: list[int] = msgspec.field(default_factory=list)


#: a Munchkin step: its game and its states, declared once for all the game's steps
MKStep: TypeAlias = Step["Munchkin", MKState]
#: the context a Munchkin word runs in (its game and its states)
MKCtx: TypeAlias = Ctx["Munchkin", MKState]
