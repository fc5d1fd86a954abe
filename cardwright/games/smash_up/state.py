"""Smash Up's additions to the core state.

Zones (see ``catalog.py``): ``deck:s``, ``hand:s``, ``discard:s`` per seat; ``bases`` (the bases
in play, in table order), ``base_deck`` (top = end of list), ``base_discard``; ``base:<id>`` for
each base in play, holding every minion at it and every action attached to it or to one of its
minions; ``resolving`` for a card that has been played and not yet placed or discarded.

Every field that holds a card id is declared :data:`~cardwright.core.state.CardRef` (views find
card references by their declared type); "no card" is ``None``, never ``-1`` (negative ids are a
view's placeholders).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

import msgspec

from cardwright.core.state import CardRef, Lasting, State
from cardwright.core.steps import Step
from cardwright.core.vocab.base import Ctx

if TYPE_CHECKING:
    from .game import SmashUp

#: Smash Up's lasting effects (the core's :class:`~cardwright.core.state.Lasting`, in
#: ``state.lasting``): ``key`` is ``power`` (of a minion), ``breakpoint`` (of a base),
#: ``to_hand_instead_of_discard`` (a minion goes to its owner's hand instead of the discard
#: pile), ``cancel`` (the target's ability is cancelled) or ``spared`` (the card ``about``
#: cannot affect the minion ``target``); ``until`` is ``end_of_turn``,
#: ``end_of_turn:<seat>`` or ``start_of_turn:<seat>``. It also ends when its target leaves play.
__all__ = ["Affect", "AffectEffect", "Allowance", "Lasting", "Once", "SUCtx", "SUState", "SUStep"]

#: The public zone where revealed cards wait until an ability puts them somewhere.
REVEALED = "revealed"


class Allowance(msgspec.Struct, omit_defaults=True):
    """One card play the active player may still make this Play Cards phase.

    The rules give one ``minion`` and one ``action``; extra plays add more, some restricted to a
    printed power (``max_power``, -1: any) or to one base (``base``). ``source`` is the granting
    card (None: the free play of the rules). ``zone``: where the card must come from (``hand``,
    or ``discard`` for "play an extra minion from your discard pile"). ``cond``: a condition on
    the destination (``no_own_minion``: a base where the player has no minion; ``own_minion``:
    one where they have one). ``ongoing``: the play is given by an ongoing ability and is lost
    when ``source`` leaves play. ``names``: the card played must be one of these definitions
    ("with the same name as ..."; empty: any). ``remember``: the card played with it is
    remembered for ``source`` this turn (``extras_of``: "the extra minion's base").
    """

    kind: str
    max_power: int = -1
    base: CardRef | None = None
    source: CardRef | None = None
    zone: str = "hand"
    cond: str = ""
    ongoing: bool = False
    names: list[str] = msgspec.field(default_factory=list)
    remember: bool = False


class AffectEffect(msgspec.Struct, omit_defaults=True):
    """What an ability did to a minion, as a copying card would repeat it: ``verb`` (destroy,
    move, return, to_deck, counters, lasting), with ``key`` / ``amount`` / ``until`` of a
    lasting effect or a number of counters, ``base`` (where a move went) and ``how`` (how a card
    went into a deck)."""

    verb: str
    key: str = ""
    amount: int = 0
    until: str = ""
    base: CardRef | None = None
    how: str = ""


class Affect(msgspec.Struct, omit_defaults=True):
    """One record of a card or Talent affecting a minion (000 Terms: Affect, Directly).

    ``source`` is the card whose ability did it (a base for base abilities), ``seat`` the player
    whose card or Talent it is (-1 for a base), ``chooser`` the player who chose it (Last Dance
    credits that player); ``base`` is where the minion was when affected (before a move).
    ``direct``: the minion is a target the ability itself names; a copy (Diva and the like) is
    not direct. ``standard``: the source is a standard action being played. ``effect`` is what a
    copy repeats (None: it cannot be repeated); ``verb`` names the kind of affect (destroy,
    move, return, shuffle, place, power, counters, attach, control, lasting). ``offered`` is set
    once copying cards have been offered this record. ``controller``: the minion's controller
    then; ``mode``: how the source acted (play, talent, trigger, special, copy).
    """

    source: CardRef
    seat: int
    chooser: int
    target: CardRef
    base: CardRef
    verb: str
    direct: bool = True
    standard: bool = False
    copied: bool = False
    offered: bool = False
    controller: int = -1
    mode: str = "play"
    effect: AffectEffect | None = None


class Once(msgspec.Struct, omit_defaults=True):
    """A once-per-turn memory: card ``card`` used its ability ``tag`` this turn (``about``: the
    other card it is about, when the limit is per card: "once per action")."""

    card: CardRef
    tag: str
    about: CardRef | None = None


class Acting(msgspec.Struct):
    """The card (or base) whose ability is now doing things, for the affect records
    (``SUState.acting``: set while a verb of an ability runs, None while the rules act).

    ``seat``: the player whose card or Talent it is (-1 for a base); ``chooser``: the player
    making the choices; ``standard``: a standard action being played; ``copy``: a copying card
    is repeating that action's effect (the effect still comes from the action, not direct);
    ``mode``: how the card acts (``play``, ``talent``, ``trigger``, ``special``, ``copy``).
    """

    source: CardRef
    seat: int
    chooser: int
    standard: bool = False
    copy: bool = False
    mode: str = "play"


class SUState(State, kw_only=True, dict=True):
    """Per seat: victory points and turns taken. Per turn: the play allowances left, the cards
    whose Talent was used, and how many minions and actions were played.

    ``attached`` maps each action in play to the card it is attached to (a base or a minion).
    ``lasting`` holds the lasting effects now running. ``affects`` records what the cards now
    resolving did to minions (see :class:`Affect`; kept only while they resolve). ``used`` is
    the once-per-turn memory of abilities (:class:`Once`, cleared as a turn starts and for a
    card that leaves play). ``public_cards``: cards in a hand or deck whose identity every
    player knows (they were seen on the way there); a shuffle or leaving the hand forgets them
    (not to be confused with the ``revealed`` zone, :data:`REVEALED`).
    ``known`` maps a card in a hidden zone (a deck or a hand) to the seats (not all) that know
    what it is, such as a card looked at (Walker); a shuffle ends it; views show the card to
    those seats only. Cards every player knows are in ``public_cards``.
    ``named`` holds what a card in play named when it was played (Block the Path: a faction).
    ``sleepers``: players whose next turn has no action plays (Mark of Sleep); ``asleep``: the
    player who cannot play actions this turn (-1: none). ``acting``: see :class:`Acting`.

    Undeclared attributes are allowed (``dict=True``) for derived answers kept between
    queries (:mod:`.inplay`); copies, JSON, equality and hashes see only the fields.
    """

    vp: list[int] = msgspec.field(default_factory=list)
    turns_taken: list[int] = msgspec.field(default_factory=list)
    attached: dict[CardRef, CardRef] = msgspec.field(default_factory=dict)
    allowances: list[Allowance] = msgspec.field(default_factory=list)
    talents_used: list[CardRef] = msgspec.field(default_factory=list)
    affects: list[Affect] = msgspec.field(default_factory=list)
    used: list[Once] = msgspec.field(default_factory=list)
    public_cards: list[CardRef] = msgspec.field(default_factory=list)
    minions_played: int = 0
    actions_played: int = 0
    known: dict[CardRef, list[int]] = msgspec.field(default_factory=dict)
    named: dict[CardRef, str] = msgspec.field(default_factory=dict)
    sleepers: list[int] = msgspec.field(default_factory=list)
    asleep: int = -1
    acting: Acting | None = None


#: a Smash Up step: its game and its states, declared once for all the game's steps
SUStep: TypeAlias = Step["SmashUp", SUState]
#: the context a Smash Up word runs in (its game and its states)
SUCtx: TypeAlias = Ctx["SmashUp", SUState]


def defns_of(s: SUState, ids: Iterable[int]) -> list[str]:
    """The definitions of cards, as a log event's data names them (its data holds plain
    values, never card ids: ``Game.log``)."""
    cards = s.cards
    return [cards[c].defn for c in ids]
