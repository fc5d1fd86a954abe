"""What the rules consult for one card's or base's ability (:class:`AbilitySpec`), compiled
from its expressions by :func:`~.abilities.spec_from_ability`: ongoing values, "cannot"s and
"can"s, events heard, replacements, Talents, Specials, scoring bonuses, copying, ignoring a
base, "instead of the discard pile". Every hook is a function of the game, the state and the
card carrying the ability (``source``); it only counts while that card is in play.

``power(game, state, source, minion, base) -> int``, ``breakpoint(game, state, source, base)``
and ``player_power(game, state, source, base, seat)`` are added to values when asked;
``protect(game, state, source, target, action, actor, card=-1) -> bool`` forbids ``action``
on ``target`` by ``actor`` (-1: a base or the rules; "cannot" beats "can"), done by ``card``
(default: the card whose ability is running); ``play_ban`` /
``play_from`` forbid or allow playing a particular card there; ``hooks[event]`` hears an
event; ``replace[event]`` does something instead (True: the event does not happen);
``ignore_base``, ``instead_of_discard``, ``scoring`` and ``copy`` are Smash Up's own hooks
(see ``abilities.py``). ``on_play``, ``talent`` and a Special's ``run`` mark the effects
written in the vocabulary (started by ``events.start_effect``).

Lasting effects end at ``until``: ``end_of_turn`` (this turn's end), ``end_of_turn:<seat>``
(the end of that player's turn) or ``start_of_turn:<seat>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .state import SUState

if TYPE_CHECKING:
    from cardwright.core.state import Bindings

    from .affects import CopyRecord
    from .game import SmashUp

#: stands for an effect written in the vocabulary (the rules start it: ``events.start_effect``)
AbilityHandler = Callable[..., None]
PowerFn = Callable[["SmashUp", SUState, int, int, int], int]
BreakpointFn = Callable[["SmashUp", SUState, int, int], int]
PlayerPowerFn = Callable[["SmashUp", SUState, int, int, int], int]
ProtectFn = Callable[["SmashUp", SUState, int, int, str, int, int], bool]
CardTest = Callable[["SmashUp", SUState, int], bool]
#: a test about another card (the source's ability, asked of ``card``)
AboutTest = Callable[["SmashUp", SUState, int, int], bool]
#: hears an event: the event's data and what it binds for listeners (None: worked out from the data)
HookFn = Callable[["SmashUp", SUState, int, dict[str, Any], "Bindings | None"], None]
ScoringFn = Callable[["SmashUp", SUState, int, dict[int, int]], dict[int, int]]
SpecialTest = Callable[["SmashUp", SUState, int, int, dict[str, Any]], bool]
ReplaceFn = Callable[["SmashUp", SUState, int, dict[str, Any]], bool]
IgnoreFn = Callable[["SmashUp", SUState, int, int, int], bool]
PlayTest = Callable[["SmashUp", SUState, int, int, int, int], bool]
#: where each of a card's rules about a play can hold: (the cards, the places), None where the
#: rule does not limit them (:mod:`.reach`)
Reach = tuple[tuple[frozenset[int] | None, frozenset[int] | None], ...]
#: a card's reach for one question: ``(game, state, source, seat)``
ReachFn = Callable[["SmashUp", SUState, int, int], Reach]
InsteadFn = Callable[["SmashUp", SUState, int, int, int], "str | None"]
CopyFn = Callable[["SmashUp", SUState, int, int, "CopyRecord"], tuple[int, list[int]]]

#: Windows a Special can be used in.
WINDOWS = ("before_scoring", "after_scoring", "card_played", "after_destroy", "your_turn")


@dataclass(frozen=True)
class Special:
    """When and from where a Special ability can be used.

    ``windows``: Me First! windows (``before_scoring``, ``after_scoring``, ``card_played``,
    ``after_destroy``: its player just destroyed a minion) or ``your_turn`` (an option of the
    Play Cards phase). ``zone``: where it is used from, one or several of ``hand`` (the card is
    played, not using a free play, unless it has its own effect ``run``), ``play`` or
    ``discard`` (``run`` is pushed as a frame).
    ``usable(game, state, seat, card, window_data)``: whether it can be used now.
    ``could_use``: for a card from hand, whether the other players must think it could be
    usable now, from what they can see (default: ``usable``, when that reads only public
    information): a player is asked in a Me First! window whenever a copy of such a card may
    be in their hand (reading R8).
    ``only``: a card from hand that can be played only through its Special (not as the
    free or an extra play of the Play Cards phase).
    """

    windows: tuple[str, ...]
    zone: tuple[str, ...] = ("hand",)
    usable: SpecialTest | None = None
    run: AbilityHandler | None = None
    only: bool = False
    could_use: SpecialTest | None = None


@dataclass(frozen=True)
class AbilitySpec:
    """What the engine calls for one ability id (see the module docstring)."""

    id: str
    on_play: AbilityHandler | None = None
    power: PowerFn | None = None
    breakpoint: BreakpointFn | None = None
    player_power: PlayerPowerFn | None = None
    protect: ProtectFn | None = None
    #: the actions ``protect`` may forbid (asked first: it is False for any other)
    protects: frozenset[str] = frozenset()
    play_ban: PlayTest | None = None
    play_from: PlayTest | None = None
    #: where ``play_ban`` / ``play_from`` can hold at all (None: for any card anywhere)
    ban_reach: ReachFn | None = None
    from_reach: ReachFn | None = None
    #: whether ``play_from`` may allow an action (it is not limited to minions)
    play_from_actions: bool = False
    talent: AbilityHandler | None = None
    talent_ok: CardTest | None = None
    special: Special | None = None
    hooks: Mapping[str, HookFn] = field(default_factory=dict)
    #: event -> the key of its data that must name the card itself for its listeners about
    #: any card to hold (:func:`.reach.heard_about`; an event without one: heard always)
    heard_about: Mapping[str, str] = field(default_factory=dict)
    scoring: ScoringFn | None = None
    replace: Mapping[str, ReplaceFn] = field(default_factory=dict)
    ignore_base: IgnoreFn | None = None
    instead_of_discard: InsteadFn | None = None
    copy: CopyFn | None = None
    #: whether a card's Talent may be used a second time this turn (Standing Stones)
    talent_twice: AboutTest | None = None
    #: whether a card leaving play for its discard pile is offered a place elsewhere by this
    #: ability ("you may put it into your hand instead": ``instead_of_discard(offer=...)``)
    offer_instead: AboutTest | None = None
    #: the ability written in the vocabulary this spec was compiled from (None: Python)
    ability: Any = None

    @property
    def rule(self) -> str:
        """The rules-index id cited when this ability does something."""
        if self.ability is not None:
            return str(self.ability.rule)
        return f"su.card.{self.id}"
