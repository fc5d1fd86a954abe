"""Blue Moon's additions to the core state.

Zones (``<zone>:<seat>``): ``deck`` (face down, top = end of list), ``hand``, ``combat``
(characters and boosters in the order played; covered cards stay there, listed in
:attr:`BMState.covered`), ``support``, ``discard``, ``leadership`` (the pile of played and
discarded leadership cards on the leader) and ``leader`` (the leader card, face up, never played).
Buka: ``influence`` (ships played and not landed), ``landed`` (the ship landed this turn) and one
``ship<ID>`` zone per ship card ``ID`` holding its cargo (hidden from the opponent). A bluff is a
card face down in a ``support`` zone with ``counters["bluff"] == 1``.

Every field that holds a card is typed :data:`~cardwright.core.state.CardRef`, so views and
determinization find it by type.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any, TypeAlias

import msgspec

from cardwright.core.state import CardRef, State
from cardwright.core.steps import Step
from cardwright.core.vocab.base import Ctx

if TYPE_CHECKING:
    from .game import BlueMoon


class Budget(msgspec.Struct):
    """The part of the turn record (:class:`TurnInfo`) that plays use up or open: a backtrack
    to the retreat point (just before the turn's first character) restores it as it was
    there (``TurnInfo.at_retreat``, ruling R4)."""

    char_normal: bool = False
    bs_normal: int = 0
    grants_used: dict[str, int] = msgspec.field(default_factory=dict)
    pair_open: list[CardRef] = msgspec.field(default_factory=list)
    gang: str = ""
    stop: bool = False
    uses: dict[str, int] = msgspec.field(default_factory=dict)
    card_uses: dict[CardRef, int] = msgspec.field(default_factory=dict)


class TurnInfo(Budget):
    """What the active player has done this turn (reset at the start of every turn).

    ``played``/``modes`` list the cards played this turn in order and how each was allowed:
    ``normal`` (the turn's normal play), ``free`` (FREE icon), ``pair`` (the second card of a
    PAIR), ``gang`` (an extra GANG card), ``grant:<kind>`` (an extra play a card text allows) or
    ``leadership``. ``undo_from`` is the index in ``played`` at the retreat point (-1 before it),
    and ``irreversible`` becomes true once anything happens there that backtracking cannot undo
    (a draw, a chance event, a special power). ``switches`` lists the contested element as it
    was before each element switch made since the retreat point (a Mutant), so backtracking can
    restore it. ``uses`` counts per-turn events by name (cards taken from the deck by a seat,
    ``deck:<seat>``; a turn that needs no character); ``card_uses`` marks, per card with a
    power, what it did this turn (a use of a once-per-turn power, a demand met).
    ``at_retreat`` keeps what the retreat point looked like, and ``tried`` lists the
    characters a friendly backtrack took back as a first character: they may not open the
    turn again (ruling R4).
    """

    played: list[CardRef] = msgspec.field(default_factory=list)
    modes: list[str] = msgspec.field(default_factory=list)
    leadership: CardRef | None = None
    chars: int = 0
    bs_phase: bool = False
    covered: list[CardRef] = msgspec.field(default_factory=list)
    undo_from: int = -1
    irreversible: bool = False
    retrieved: int = 0
    landed: CardRef | None = None
    from_ship: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    bluffs: int = 0
    loads: list[CardRef] = msgspec.field(default_factory=list)
    switches: list[str] = msgspec.field(default_factory=list)
    at_retreat: Budget | None = None
    tried: list[CardRef] = msgspec.field(default_factory=list)

    @property
    def cards_played(self) -> int:
        """How many cards were played this turn: ``played`` plus the face-down bluffs (whose
        ids are never stored here, as they are hidden from the opponent). Loading a card onto
        a ship and landing a ship are not plays."""
        return len(self.played) + self.bluffs

    def retreat_point(self) -> None:
        """Mark the retreat point: backtracking may return the turn to here."""
        self.undo_from = len(self.played)
        # the budget's fields read in one call, its lists and dicts copied
        values: list[Any] = list(_BUDGET_VALUES(self))
        for i in _BUDGET_CONTAINERS:
            values[i] = values[i].copy()
        self.at_retreat = Budget(*values)

    def back_to_retreat_point(self) -> None:
        """The turn record as it was at the retreat point (the cards are moved back by the
        caller); ``tried`` and the turn's earlier plays stay."""
        at = self.at_retreat or Budget()
        for f in Budget.__struct_fields__:
            setattr(self, f, getattr(at, f))
        self.chars = 0
        self.bs_phase = False
        self.undo_from = -1
        self.at_retreat = None


#: the budget's fields of a turn record, read in one call; the places of its lists and dicts
_BUDGET_VALUES = operator.attrgetter(*Budget.__struct_fields__)
_BUDGET_CONTAINERS = tuple(
    i for i, f in enumerate(msgspec.structs.fields(Budget)) if f.default_factory in (list, dict)
)
if any(
    f.default_factory not in (list, dict, msgspec.NODEFAULT) for f in msgspec.structs.fields(Budget)
):  # a field of another mutable kind would need its own copy at the retreat point
    raise TypeError("Budget: a field made by a factory other than list or dict")


class BMState(State, kw_only=True):
    """Per game: the two peoples, the dragons on each side (the rest are in the neutral middle),
    the current fight (its contested element once the start player has announced, and who
    started it), the covered combat cards, this turn's record, and the end-of-game bookkeeping.

    ``fights`` counts the fights opened so far (a declined opening is not a fight).
    ``ran_out[seat]`` is the value of ``clock`` when the seat's hand last became empty, or -1
    while it holds cards (the end-of-game tie-break). ``targets`` maps a card whose power applies
    to "one of my ..." cards to the card it was applied to (kept for the abilities), and
    ``influenced`` maps it to the opposing cards that were influencing that card when it was
    picked (a new one lets its player pick again: Special Rule 2, ruling R-A2).
    ``known[seat]`` lists the opponent's hand cards that ``seat`` has been shown (Butterfly
    Scout); they stay visible to it while they remain in that hand.
    """

    peoples: list[str] = msgspec.field(default_factory=list)
    dragons: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    element: str = ""
    fight_started: bool = False
    start_player: int = 0
    fights: int = 0
    covered: list[CardRef] = msgspec.field(default_factory=list)
    turn_info: TurnInfo = msgspec.field(default_factory=TurnInfo)
    ran_out: list[int] = msgspec.field(default_factory=lambda: [-1, -1])
    clock: int = 0
    crystals: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    targets: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    influenced: dict[CardRef, list[CardRef]] = msgspec.field(default_factory=dict)
    known: list[list[CardRef]] = msgspec.field(default_factory=lambda: [[], []])


#: a Blue Moon step: its game and its states, declared once for all the game's steps
BMStep: TypeAlias = Step["BlueMoon", BMState]
#: the context a BlueMoon word runs in (its game and its states)
BMCtx: TypeAlias = Ctx["BlueMoon", BMState]
