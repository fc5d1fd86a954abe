"""Smash Up card and base abilities: the registry the rules engine plugs them into.

Every card and base names its ability by a snake_case id (``CardDef.ability`` /
``BaseDef.ability`` in ``carddata.py``). :data:`ABILITIES` maps an id to an
:class:`AbilitySpec`, whose callbacks the engine (``rules.py``) calls at the right time:

``on_play``
    A frame handler ``(game, state, frame, choice)`` run when the card is played (minions and
    actions alike, also when played as a Special or an extra play). It follows the core's
    contract: run with ``choice=None`` it works or asks (asking has no side effects); answered,
    it carries out the answer. It pops its own frame when done. ``frame.seat`` is the player who
    played the card; ``frame.data["card"]`` is the card; ``frame.data["base_card"]`` the base it
    was played at (or -1).
``power`` / ``breakpoint`` / ``player_power``
    Ongoing modifiers, computed when a value is asked for (never stored):
    ``power(game, state, source, minion, base) -> int`` is added to each minion in play,
    ``breakpoint(game, state, source, base) -> int`` to each base's breakpoint and
    ``player_power(game, state, source, base, seat) -> int`` to a player's total at a base.
    ``source`` is the card (or base) carrying the ability; it only counts while in play.
``protect``
    ``protect(game, state, source, target, action, actor) -> bool``: True when the source
    forbids ``action`` on ``target`` by ``actor`` (-1: a base or the rules). Actions checked by
    the engine: ``destroy``, ``move``, ``return``, ``place`` (and ``affect``, asked alongside
    each of them), ``play_minion`` / ``play_action`` (target: a base), ``attach`` (target: a
    minion). Any such "cannot" beats every "can" (core ``allowed``).
``play_ban``
    ``play_ban(game, state, source, seat, card, dest) -> bool``: True when the source forbids
    ``seat`` to play that particular ``card`` to ``dest`` (Block the Path bans a faction).
``play_from``
    ``play_from(game, state, source, seat, card, dest) -> bool``: True when the source lets
    ``seat`` use a hand play for ``card`` from their discard pile when it goes to ``dest``
    (They're Coming To Get You).
``talent`` / ``talent_ok``
    A frame handler for the Talent (once per turn, in the Play Cards phase of its controller's
    turn) and an optional test of whether using it now would do anything.
``special``
    A :class:`Special`: the windows in which the card can be used from its zone (from hand it is
    *played*, its ``on_play`` doing the work; from play or discard ``run`` does it), and a test.
``hooks`` / ``trigger``
    ``hooks[event](game, state, source, event_data)`` is called for each card and base in play
    with the ability when ``event`` happens; it may queue a trigger with ``game.queue(...)``.
    Events: ``start_of_turn``, ``end_of_turn``, ``minion_played``, ``action_played``,
    ``minion_destroyed`` (also told to the destroyed minion itself, now in the discard pile:
    check ``event["minion_card"] == source``), ``minion_moved``, ``action_transferred``,
    ``card_returned``, ``card_to_deck``, ``card_to_discard``, ``minion_affected`` (see below),
    ``before_scoring``, ``when_scoring`` (VP just awarded) and ``after_scoring``.
    ``base_replaced`` is sent to the scored base alone, once it has left play and its
    replacement is out (``new_base_card``, with the scoring's ``places``/``winners``).
    Queued triggers resolve at the next safe point (the current player orders them) by running
    ``trigger`` as a frame handler with the trigger's data in ``frame.data``. A hook whose
    effect involves no choice and must happen at once (Tar Pits) may act directly.
``instead_of_discard``
    ``instead_of_discard(game, state, source, card, base) -> "hand" | "deck" | None``: where a
    card leaving play from ``base`` goes instead of its owner's discard pile (``deck``: shuffled
    in). Lasting effects with key ``to_hand_instead_of_discard`` do the same for one card.
``scoring``
    ``scoring(game, state, base, places) -> {seat: extra VP}``: "when this base scores"
    changes to the VP awarded (``places`` maps seats to 1st/2nd/3rd).
``copy``
    ``copy(game, state, copier, action, record) -> (seat, [minions])``: a copying card (Diva,
    Dancing King, We Are Family, Funky Town). After a step of the standard action ``action``
    directly affects a minion, the engine offers each copier in play the record
    (``{"target_card", "base_card", "effect"}``); the function names who decides and the minions
    that may get the same effect (none: it cannot copy this one). The engine repeats the effect
    as coming from the action (not direct), then notes ``use_once(copier, "copy")`` and
    ``use_once(copier, "copy:<action>")`` for once-per-turn / once-per-action limits.

Affecting (000 Terms: Affect, Directly). While an ability runs, the engine knows the acting card;
the verbs ``destroy``, ``move_minion``, ``return_to_hand``, ``to_deck``, ``add_counters``,
``move_counters``, ``add_lasting`` (on a minion) and attaching an action to a minion record an
``Affect`` in ``state.affects`` (kept while the card resolves) and fire ``minion_affected`` with
``minion_card``, ``base_card`` (where it was), ``source_card``, ``seat`` (whose card, -1 for a
base), ``controller`` (of the minion), ``verb``, ``direct`` and ``standard``. Everything an
ability does to a minion it names (chosen or described, "each of your minions") is direct; a
copy is not. ``game.affected_by(state, card, verb)`` lists the minions a card affected so far.
A new verb that affects minions calls ``game.affected(state, minion, verb, effect)`` first and
leaves the minion alone when it returns False (a replacement on ``affect`` took the effect, or
the minion was spared from that card: see ``replace``).
Each verb also checks ``blocked(verb, minion, actor)``, which asks the ``protect`` hooks for the
verb and for ``affect``.

Lasting effects (``add_lasting``) end at ``until``: ``end_of_turn`` (this turn's end),
``end_of_turn:<seat>`` (the end of that player's turn: this one if it is theirs) or
``start_of_turn:<seat>``.

Other engine helpers: ``once_used`` / ``use_once`` (once-per-turn memory),
``arrived_this_turn`` (minions played or moved to a base this turn), ``base_actions``
(actions on a base itself: actions on its minions are not actions on the base),
``minion_actions``, ``to_deck`` (shuffle or place a card in play into its owner's deck),
``reveal`` (a card in a hand or deck becomes known to every player; cards that go from a public
zone into a hand or onto a deck are remembered the same way until a shuffle).

``replace``
    Replacement effects ("instead"): ``replace[event](game, state, source, data) -> bool`` is
    asked, for each card and base in play with it, before ``event`` happens; returning True
    means the source did something else instead (it may push frames) and the event does not
    happen. Events: ``destroy`` (data: ``minion_card``, ``base_card``, ``by``; asked after
    "cannot be destroyed", so a minion that cannot be destroyed is simply not destroyed);
    ``affect`` (data: ``minion_card``, ``base_card``, ``source_card`` (the acting card),
    ``seat`` (its player, -1 for a base), ``controller`` (of the minion), ``verb``; asked by
    ``SmashUp.affected`` where the effect is applied, never by a query, so it may act: Tooth
    and Claw, Hideout). The effect is cancelled for that one minion; the acting card goes on
    with the rest. ``game.spare(state, minion, source_card, by)`` keeps that card off the minion
    for the rest of the turn (a ``spared`` lasting effect).
``ignore_base``
    ``ignore_base(game, state, source, base, seat) -> bool``: the source (in play) makes
    ``base``'s own ability be ignored by ``seat`` (asked with ``seat=-1``: by everyone). A base
    ignored by everyone has no power, breakpoint, protection, hook, replacement or scoring
    effect (it counts as cancelled, ``SmashUp.cancelled``); one ignored by a seat does not
    forbid that seat anything (``SmashUp.base_ignored``).

``grant_extra(mandatory=True)``: an extra play that cannot be declined. The pickers below
(:func:`pick`, :func:`minion_choices`, :func:`base_choices`, :func:`minion_target`) ask "choose
one of these" questions, taking forced answers and offering ``decline`` where the card says
"may".

Engine verbs for abilities (``rules.py``), besides destroying, moving and returning:
``grant_extra`` (restricted by power, base, ``zone="discard"``, ``cond="no_own_minion"``,
``ongoing``), ``play_extra`` (play one given card at once as an extra play, from any zone),
``reveal_top`` (to the public ``revealed`` zone), ``look_top`` (only the player learns it),
``to_deck_top``, ``to_hand``, ``know`` (record who knows a hidden card; views follow it),
``shuffle_deck`` (forgets that knowledge), ``discard_from_hand``, ``discard_random``,
``destroy_action``, ``can_play_actions``, ``swap_base`` (a base from another zone takes the
place of one in play outside scoring; Terraforming), ``shuffle_bases``, ``spare``.

An ability id with no entry here does nothing (``unimplemented_abilities`` lists them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core.state import Frame, Option

from .carddata import load_bases, load_factions
from .state import SUState

if TYPE_CHECKING:
    from .affects import CopyRecord
    from .game import SmashUp

AbilityHandler = Callable[["SmashUp", SUState, Frame, "str | None"], None]
PowerFn = Callable[["SmashUp", SUState, int, int, int], int]
BreakpointFn = Callable[["SmashUp", SUState, int, int], int]
PlayerPowerFn = Callable[["SmashUp", SUState, int, int, int], int]
ProtectFn = Callable[["SmashUp", SUState, int, int, str, int], bool]
CardTest = Callable[["SmashUp", SUState, int], bool]
HookFn = Callable[["SmashUp", SUState, int, dict[str, Any]], None]
ScoringFn = Callable[["SmashUp", SUState, int, dict[int, int]], dict[int, int]]
SpecialTest = Callable[["SmashUp", SUState, int, int, dict[str, Any]], bool]
ReplaceFn = Callable[["SmashUp", SUState, int, dict[str, Any]], bool]
IgnoreFn = Callable[["SmashUp", SUState, int, int, int], bool]
PlayTest = Callable[["SmashUp", SUState, int, int, int, int], bool]
InsteadFn = Callable[["SmashUp", SUState, int, int, int], "str | None"]
CopyFn = Callable[["SmashUp", SUState, int, int, "CopyRecord"], tuple[int, list[int]]]

#: Windows a Special can be used in.
WINDOWS = ("before_scoring", "after_scoring", "card_played", "your_turn")


@dataclass(frozen=True)
class Special:
    """When and from where a Special ability can be used.

    ``windows``: Me First! windows (``before_scoring``, ``after_scoring``, ``card_played``) or
    ``your_turn`` (an option of the Play Cards phase). ``zone``: ``hand`` (the card is played,
    not using a free play), ``play`` or ``discard`` (``run`` is pushed as a frame).
    ``usable(game, state, seat, card, window_data)``: whether it can be used now.
    ``could_use``: for a card from hand, whether the other players must think it could be
    usable now, from what they can see (default: ``usable``, when that reads only public
    information): a player is asked in a Me First! window whenever a copy of such a card may
    be in their hand (reading R8).
    ``only``: a card from hand that can be played only through its Special (not as the
    free or an extra play of the Play Cards phase).
    """

    windows: tuple[str, ...]
    zone: str = "hand"
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
    play_ban: PlayTest | None = None
    play_from: PlayTest | None = None
    talent: AbilityHandler | None = None
    talent_ok: CardTest | None = None
    special: Special | None = None
    hooks: Mapping[str, HookFn] = field(default_factory=dict)
    trigger: AbilityHandler | None = None
    scoring: ScoringFn | None = None
    replace: Mapping[str, ReplaceFn] = field(default_factory=dict)
    ignore_base: IgnoreFn | None = None
    instead_of_discard: InsteadFn | None = None
    copy: CopyFn | None = None
    #: the ability written in the vocabulary this spec was compiled from (None: Python)
    ability: Any = None

    @property
    def rule(self) -> str:
        """The rules-index id cited when this ability does something."""
        if self.ability is not None:
            return str(self.ability.rule)
        return f"su.card.{self.id}"


# =============================================================================== helpers


def option_card(option: str) -> int:
    """The card id at the end of an option id such as ``target:12``."""
    return int(option.rsplit(":", 1)[1])


def pick_card(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    cards: list[int],
    prompt: str,
    rule: str,
    *,
    may: bool = False,
    kind: str = "target",
    ask: str = "",
) -> int | None:
    """One pick among ``cards`` (minions, actions or bases) by ``frame.seat``, as a step of a
    frame handler: None while the question is asked, -1 when there is nothing to pick or the
    player declined (``may`` adds a ``decline`` option), else the card picked. With a single
    candidate and no way out it is taken without asking. Option ids are ``<kind>:<card>``;
    the decision's kind is ``ask`` (default ``kind``)."""
    if choice is None and not may and len(cards) == 1:
        return cards[0]  # forced: no labels needed
    labelled = [] if choice is not None else [(c, card_label(game, s, c)) for c in cards]
    got = pick(
        game,
        s,
        frame.seat,
        choice,
        labelled,
        kind=ask or kind,
        prompt=prompt,
        rule=rule,
        optional=may,
        decline="Do nothing",
        prefix=kind,
    )
    return None if got == ASKED else got


def card_label(game: SmashUp, s: SUState, cid: int) -> str:
    """How a pick names a card: a base by name, a minion with its power, controller and base,
    an action with the base it is at."""
    if cid in s.zones["bases"] or s.cards[cid].defn in game.cat(s).bases:
        return game.card_name(s, cid)
    if game.is_minion(s, cid):
        return game.minion_label(s, cid)
    return f"{game.card_name(s, cid)} at {game.card_name(s, game.base_of(s, cid))}"


def pick_into(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    cards: list[int],
    prompt: str,
    rule: str,
    key: str,
    **kw: Any,
) -> None:
    """A whole frame step made of one :func:`pick_card`: the pick is stored in
    ``frame.data[key]`` and the frame goes on to its next step; with nothing picked (none to
    pick, or declined) the frame is popped. The caller returns after it."""
    pick = pick_card(game, s, frame, choice, cards, prompt, rule, **kw)
    if pick is None:
        return
    if pick < 0:
        game.pop(s, frame)
        return
    frame.data[key] = pick
    frame.step += 1


def _done(game: SmashUp, state: SUState, frame: Frame) -> None:
    game.pop(state, frame)


#: What :func:`pick` returns when it asked a question (the handler must return at once).
ASKED = -2
#: What :func:`pick` returns when there was nothing to pick or the player declined.
NONE = -1


def pick(
    game: SmashUp,
    s: SUState,
    seat: int,
    choice: str | None,
    choices: list[tuple[int, str]],
    *,
    kind: str,
    prompt: str,
    rule: str,
    optional: bool = False,
    decline: str = "Choose none",
    prefix: str = "pick",
) -> int:
    """One "choose one of these" step of an ability: ``choices`` are (card id, label) pairs.

    Answered (``choice`` given), returns the chosen id (or :data:`NONE` for ``decline``).
    Otherwise returns :data:`NONE` when there is nothing to choose, the only id when there is
    one and the step is not optional (a forced choice is not asked), else asks (options
    ``<prefix>:<id>`` plus ``decline`` when optional) and returns :data:`ASKED`.
    """
    if choice is not None:
        return NONE if choice == "decline" else option_card(choice)
    if not choices:
        return NONE
    if len(choices) == 1 and not optional:
        return choices[0][0]
    options = [Option(f"{prefix}:{cid}", label) for cid, label in choices]
    if optional:
        options.append(Option("decline", decline))
    game.ask(s, seat, kind, prompt, options, rule)
    return ASKED


def minion_choices(game: SmashUp, s: SUState, cids: list[int]) -> list[tuple[int, str]]:
    """(id, label) pairs for minions in play, for :func:`pick`."""
    return [(cid, game.minion_label(s, cid)) for cid in cids]


def minion_target(
    ability: str,
    prompt: str,
    candidates: Callable[[SmashUp, SUState, Frame], list[int]],
    act: Callable[[SmashUp, SUState, Frame, int], None],
    *,
    optional: bool = False,
) -> AbilityHandler:
    """An on-play handler "(you may) do ``act`` to one of ``candidates``": the frame is popped
    before ``act`` runs (so ``act`` may push frames); with no candidate it does nothing."""
    rule = f"su.card.{ability}"

    def handler(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        cands = [] if choice is not None else candidates(game, s, frame)
        got = pick(
            game,
            s,
            frame.seat,
            choice,
            minion_choices(game, s, cands),
            kind="target",
            prompt=prompt,
            rule=rule,
            optional=optional,
        )
        if got == ASKED:
            return
        _done(game, s, frame)
        if got == NONE:
            if choice is None:
                game.log(s, "no_target", rule, "There is no minion it can choose", frame.seat)
            return
        act(game, s, frame, got)

    return handler


def base_choices(game: SmashUp, s: SUState, bids: list[int]) -> list[tuple[int, str]]:
    """(id, label) pairs for bases in play (name, total power / breakpoint), for :func:`pick`."""
    return [
        (b, f"{game.card_name(s, b)} ({game.total_power(s, b)}/{game.breakpoint(s, b)})")
        for b in bids
    ]


#: Every implemented ability, by id (filled by :func:`register`).
ABILITIES: dict[str, AbilitySpec] = {}


def register(*specs: AbilitySpec) -> None:
    """Add abilities to :data:`ABILITIES` (one spec per id; a second one is an error)."""
    for spec in specs:
        if spec.id in ABILITIES:
            raise ValueError(f"Smash Up ability {spec.id!r} is registered twice")
        ABILITIES[spec.id] = spec


def all_abilities(card_set: str = "70s-2018") -> set[str]:
    """Every Python ability id named by a card or base of ``card_set`` (abilities written in
    the vocabulary are parsed and checked when the game loads)."""
    from .abilities import is_legacy

    ids = {
        card.ability
        for faction in load_factions(card_set).values()
        for card in faction.cards
        if card.ability is not None and is_legacy(card.ability)
    }
    ids |= {
        base.ability
        for base in load_bases().values()
        if base.ability is not None and is_legacy(base.ability)
    }
    return ids


def unimplemented_abilities(card_set: str = "70s-2018") -> list[str]:
    """Ability ids of ``card_set``'s cards and bases that have no entry in :data:`ABILITIES`
    (those cards are played for their power and type alone; their text does nothing)."""
    return sorted(all_abilities(card_set) - set(ABILITIES))


# The abilities of each faction and of the bases (after the names above exist: they import them).
from . import powers as _powers  # noqa: E402,F401
