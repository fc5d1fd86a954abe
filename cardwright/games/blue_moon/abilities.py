"""Blue Moon special powers: the registry, the hooks the rules consult, and the powers so far.

Every card with a special power names it by an ``ability`` id in the card data (``carddata.py``).
A power takes effect only if ``ABILITIES`` has an :class:`AbilitySpec` for its id; cards whose
power is not written yet are played as if they had no text (``unimplemented_abilities()`` lists
those ids). A spec declares the power's timing (it must equal the card data's) and provides any of
the hooks below. The rules call each hook only for cards whose text is in force: active cards
(uncovered combat cards and support cards) and the leadership card played this turn, whose text
is not ignored.

Hooks, and where the rules call them (``g`` is the game, ``s`` the state, ``src`` the card with
the power, ``eff`` the :class:`~cardwright.games.blue_moon.inforce.Effects` in force):

* ``ignores(g, s, src, target) -> Ignore | None`` — layer 0 of every value and icon query: what
  of ``target`` (a card anywhere, hand included) the power ignores. Sources act in
  ``ignore_priority`` order (lowest first); a source whose text an earlier one ignored does
  nothing, which breaks cycles. PROTECTED (an active card's own, not ignored, PROTECTED icon)
  shields a card from its opponent's ignores unless ``Ignore.pierces_protected`` (icon-ignoring
  powers that name the icon, which the FAQ applies first).
* ``value_mods(g, s, eff, src) -> [ValueMod]`` — changes to single card values: layer
  ``LAYER_INCREASE`` ("increase to N", "to the sum") in the order giving the highest value, then
  ``LAYER_DOUBLE``. Computed on every query, never stored.
* ``power_floor(g, s, src, seat, element) -> int`` — "total power counts as at least N" (last).
* ``prohibits(g, s, src, seat, action, card) -> bool`` — a "you may not" for ``action`` in
  ``play`` (``card`` from hand), ``retrieve``, ``take`` (into hand: draws, retrieves), ``draw``
  (from the draw deck only: draws and deck searches; ``BlueMoon.drawable`` checks both) by
  ``seat``.
  A prohibition beats every permission, grant and icon. Buka adds three actions: ``bluff``
  (``card``, a BLUFF character, played face down as a support: answer as for a support play,
  e.g. "no support cards", "no cards without text"; character-only limits do not apply),
  ``load`` (``card`` loaded from hand onto a ship in the booster/support phase; not a play, so
  only powers that bar support plays outright or cap the cards played say yes) and ``call``
  (``card`` = -1: calling the opponent's bluff).
* ``grants(g, s, src, seat) -> {kind: n}`` — extra plays on ``seat``'s turn beyond the normal
  ones (kinds ``character``, ``booster``, ``support``, ``either``; 99 = any number). Text beats
  the STOP rule, so grants still work after a STOP card.
* ``play_condition(g, s, eff, card, seat) -> bool`` — the card's own "I may only play this if".
* ``free_for(g, s, eff, src, card, seat) -> bool`` — ``card`` (in hand) counts as if it had the
  FREE icon: asked of the card itself (``src == card``, "free if ...") and of every power in
  force (Yang's "the next card I play"; such a power tracks its own use in ``TurnInfo.uses``).
  Like the icon, it does nothing after a STOP card.
* ``on_play(g, s, src)`` — a "now" power, right after the card lands (push frames for choices).
* ``on_start_turn`` / ``on_after_support`` / ``on_end_turn(g, s, src)`` — powers of the active
  player's cards at the beginning of the turn, right after the booster/support phase, and at the
  end of the turn (``end_stage`` 0 = "at the end of my turn", 1 = "when my turn is about to end",
  2 = "once my turn is over", after every other end power). They run as core triggers, so a
  player with several picks the order. With ``single`` several active cards sharing the power
  act once together (one trigger: "one in total, however many Storms").
* ``on_opponent_after_support(g, s, src)`` — a power of the opponent's card that acts right
  after the active player's booster/support phase (Irresistible Sirens' "or I attract a dragon").
* ``turn_options(g, s, eff, src, seat) -> [Option]`` — extra answers to the active ``seat``'s
  ``turn`` decision during the playing phases (beginning to booster/support), for powers used
  at a moment of the player's choosing: "once in each of my turns I may ..." (TopNotch) or a
  discard the opponent's card demands (Sirens). Option ids must be ``ab:<src>:<arg>``, with
  ``card=src``, ``arg="ab"`` and ``target`` the card it acts on, if any; the answer calls
  ``act(g, s, src, seat, option)``. The power tracks its own uses in ``TurnInfo.card_uses``.
* ``take_limit(g, s, src, seat, from_deck) -> int`` — how many more cards ``seat`` may take into
  hand now (``from_deck``: drawn from the draw deck; otherwise retrieved or taken from elsewhere);
  the lowest limit in force applies (Quivering Quicksand, Gluing Dust). Deck draws by the
  active player are counted in ``TurnInfo.uses["deck:<seat>"]``.
* ``requirement_unmet(g, s, eff, src, seat) -> bool`` — "by the end of your booster/support
  phase you must ... or retreat": true while ``seat`` has not met it (it must then retreat).
* ``dragon_mod(g, s, src, retreater, n) -> n`` at ``dragon_priority`` 1 (additional dragons),
  2 (fewer), 3 (at most), 4 (none): the dragons won when ``retreater`` retreats.
* ``target_choices(g, s, eff, src) -> [card]`` — "I pick one of my ...": the cards the power may
  apply to now. Before each turn question the rules ask the card's player (``bm.target``, no
  question when there is one choice) whenever ``BMState.targets[src]`` is missing or no longer
  among the choices (the card was covered, discarded, taken back): research §5.2 rule 2.
  Value hooks read the pick from ``BMState.targets``.
* A power that needs a question pushes a typed step of its own (a :class:`~cardwright.core.
  steps.Step` subclass tagged ``bm.ab.<kind>``, defined with the power).
* ``reversible`` — the ``on_play`` effect may be undone by backtracking (otherwise playing the card
  after the retreat point makes the turn irreversible).

A power that lets its player do without the turn's character (Bounce Back) sets
``TurnInfo.uses[CHARACTER_OPTIONAL]``: the turn may then go to the announcement with no character.
Helpers for powers: ``BlueMoon.discard_from_play`` (an active or covered card to its owner's
discard pile), ``BlueMoon.discard_from_hand``, ``BlueMoon.draw``/``drawable``.

Shared helpers for powers of several peoples:

* :class:`PickOne` — a step mixin that lets its seat pick one card of a list (or none);
  :class:`YesNo` — a step mixin asking whether to use a "may" power. Both ask purely and pop
  the step once answered.
* ``BlueMoon.leave_play`` (game.py) takes a card out of a combat or support area (to the discard
  pile or hand), un-covering it and forgetting "one of my" picks.

* :func:`random_cards` draws n different cards of a zone at random from the game RNG (a chance
  event; nothing moves): cards taken unseen from a hand (Sarogakanas, Cardus Nikkus) or from a
  pile shuffled face down (Open Lucky Bag, Shaman of the Afterlife). Taking the drawn cards one
  by one from the zone gives the same cards for the same RNG state.
  :class:`TakeFromShuffledDiscard` (step ``bm.take_from_shuffled_discard``) is "I shuffle my
  discard pile face down and may take N of it" (Open Lucky Bag, Shaman of the Afterlife): the
  player says how many (0 to N, within take limits), then they come at random (ruling R-A7).

* :func:`push_value_discard` (step :class:`ValueDiscard`, ``bm.value_discard``) lets a player
  discard hand cards by printed value (Charm/Impress Holy Dragon, the Caterpillars): picks one
  card at a time, never a superfluous one (:func:`value_discard_valid`), ``done`` only for a
  legal set, ``cancel`` for none; it can attract a dragon and mark a card's use this turn
  (``TurnInfo.card_uses``).

* :func:`mutant` builds the spec of a Mutant-style card (the eight Mutants and Old Goo Laa's
  Ghost): a play condition checked in hand (``play_condition``) plus, when the card is played, a
  change of the contested element through ``BlueMoon.switch_element`` (a swap, or a fixed new
  element). Register it with ``register(mutant(...))``. :func:`attacked_with` is the condition
  "only when attacked with N or more in an element".
* :func:`opponent_play_ban` builds a ``prohibits`` hook "my opponent may not play cards that
  ..." from a test on the card.

Helpers on the game for powers: ``g.defn(s, cid)`` is the card as the rules see it (a face-down
bluff is ``cards.BLUFF_DEF``: a support with 2/2, no icons, no text; ``g.printed`` gives the real
card); ``g.discard_from_play(s, cid, rule)`` discards a combat or support card (uncovering it,
dropping targets, revealing a bluff); ``TurnInfo.cards_played`` counts plays including bluffs
(whose ids are never stored in ``TurnInfo``); ``g.hand_changed(s, seat)`` after moving hand
cards. Ships and bluffs: ``buka_rules.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import msgspec

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.zones import move

from .state import BMState

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import BlueMoon
    from .inforce import Effects

# ignore masks
IG_TEXT = 1
IG_FIRE = 2
IG_EARTH = 4
IG_VALUES = IG_FIRE | IG_EARTH
IG_ICONS = 8
IG_CARD = IG_TEXT | IG_VALUES | IG_ICONS

# value layers (ignoring is layer 0, floors on total power come last)
LAYER_INCREASE = 1
LAYER_DOUBLE = 2

# dragon-count priorities
DRAGON_ADDITIONAL = 1
DRAGON_FEWER = 2
DRAGON_AT_MOST = 3
DRAGON_NONE = 4

ANY_NUMBER = 99

# TurnInfo.uses key: this turn needs no character (Bounce Back)
CHARACTER_OPTIONAL = "character_optional"


@dataclass(frozen=True, slots=True)
class Ignore:
    """What a power ignores of one card: a mask of ``IG_*`` bits; with ``IG_ICONS``, the icons
    in ``keep_icons`` survive (e.g. STOP)."""

    mask: int
    keep_icons: frozenset[str] = frozenset()
    pierces_protected: bool = False


@dataclass(frozen=True, slots=True)
class ValueMod:
    """A change to ``target``'s value in ``element`` (``fire``, ``earth`` or ``both``):
    ``op(value, fire, earth)`` gets the value so far and the card's base values."""

    target: int
    layer: int
    op: Callable[[int, int, int], int]
    element: str = "both"


#: The lists of :class:`~cardwright.games.blue_moon.inforce.Effects` that gather the sources in
#: force by hook: list name -> the AbilitySpec hook that puts a source in it.
EFFECT_SLOTS = {
    "value_srcs": "value_mods",
    "floors": "power_floor",
    "prohibitors": "prohibits",
    "grant_srcs": "grants",
    "free_srcs": "free_for",
    "unmet_srcs": "requirement_unmet",
    "option_srcs": "turn_options",
    "take_srcs": "take_limit",
    "opp_after": "on_opponent_after_support",
    "target_srcs": "target_choices",
    "dragons": "dragon_mod",
    "starts": "on_start_turn",
    "after": "on_after_support",
    "ends": "on_end_turn",
}


@dataclass(frozen=True)
class AbilitySpec:
    """One special power: its timing, the rule it cites, and the hooks it provides."""

    id: str
    timing: tuple[str, ...]
    rule: str
    ignore_priority: int = 99
    ignores: Callable[[BlueMoon, BMState, int, int], Ignore | None] | None = None
    value_mods: Callable[[BlueMoon, BMState, Effects, int], Iterable[ValueMod]] | None = None
    power_floor: Callable[[BlueMoon, BMState, int, int, str], int] | None = None
    prohibits: Callable[[BlueMoon, BMState, int, int, str, int], bool] | None = None
    grants: Callable[[BlueMoon, BMState, int, int], dict[str, int]] | None = None
    play_condition: Callable[[BlueMoon, BMState, Effects, int, int], bool] | None = None
    free_for: Callable[[BlueMoon, BMState, Effects, int, int, int], bool] | None = None
    on_play: Callable[[BlueMoon, BMState, int], None] | None = None
    on_start_turn: Callable[[BlueMoon, BMState, int], None] | None = None
    on_after_support: Callable[[BlueMoon, BMState, int], None] | None = None
    on_end_turn: Callable[[BlueMoon, BMState, int], None] | None = None
    end_stage: int = 0
    single: bool = False
    on_opponent_after_support: Callable[[BlueMoon, BMState, int], None] | None = None
    turn_options: Callable[[BlueMoon, BMState, Effects, int, int], list[Option]] | None = None
    act: Callable[[BlueMoon, BMState, int, int, Option], None] | None = None
    take_limit: Callable[[BlueMoon, BMState, int, int, bool], int] | None = None
    requirement_unmet: Callable[[BlueMoon, BMState, Effects, int, int], bool] | None = None
    target_choices: Callable[[BlueMoon, BMState, Effects, int], list[int]] | None = None
    dragon_priority: int = 0
    dragon_mod: Callable[[BlueMoon, BMState, int, int, int], int] | None = None
    reversible: bool = False
    #: the Effects lists this power belongs in (from its hooks; see ``EFFECT_SLOTS``)
    slots: tuple[str, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        slots = tuple(k for k, hook in EFFECT_SLOTS.items() if getattr(self, hook) is not None)
        object.__setattr__(self, "slots", slots)

    @property
    def continuous(self) -> bool:
        """Whether the power changes queries while its card is active (so it must be looked at
        whenever values, icons or permissions are computed)."""
        return any(
            h is not None
            for h in (
                self.ignores,
                self.value_mods,
                self.power_floor,
                self.prohibits,
                self.grants,
                self.free_for,
                self.requirement_unmet,
                self.turn_options,
                self.take_limit,
            )
        )


ABILITIES: dict[str, AbilitySpec] = {}


def _g(game: Game) -> BlueMoon:
    return cast("BlueMoon", game)


class PickOne:
    """A mixin for a power's step that lets its seat pick one card of a list, or nothing
    (``none``): the step gives the candidates, the prompt and what the pick does. With no
    candidate nothing is asked (the candidates are public). Use it as
    ``class MyPick(PickOne, Step, tag="bm.ab.my_pick")`` with a ``rule`` field."""

    __slots__ = ()
    seat: int
    rule: str

    def candidates(self, g: BlueMoon, s: BMState) -> list[int]:
        raise NotImplementedError

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        raise NotImplementedError

    def picked(self, g: BlueMoon, s: BMState, card: CardRef) -> None:
        raise NotImplementedError

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(BMState, state)
        cards = self.candidates(g, s)
        if not cards:
            return None
        options = [Option(f"pick:{c}", g.card_name(s, c), card=CardRef(c)) for c in cards]
        options.append(Option("none", "Do nothing"))
        return game.question(self.seat, "pick", self.prompt(g, s), options, self.rule)

    def run(self, game: Game, state: State) -> None:
        game.pop(state, cast(Step, self))

    def answer(self, game: Game, state: State, option: Option) -> None:
        game.pop(state, cast(Step, self))
        if option.card is not None:
            self.picked(_g(game), cast(BMState, state), option.card)


class YesNo:
    """A mixin for a power's step asking its seat whether to use a "may" power
    (``use_power``): the step gives the prompt and what using it does (as :class:`PickOne`)."""

    __slots__ = ()
    seat: int
    rule: str

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        raise NotImplementedError

    def use(self, g: BlueMoon, s: BMState) -> None:
        raise NotImplementedError

    def ask(self, game: Game, state: State) -> Decision | None:
        options = [Option("yes", "Yes"), Option("no", "No")]
        prompt = self.prompt(_g(game), cast(BMState, state))
        return game.question(self.seat, "use_power", prompt, options, self.rule)

    def answer(self, game: Game, state: State, option: Option) -> None:
        game.pop(state, cast(Step, self))
        if option.id == "yes":
            self.use(_g(game), cast(BMState, state))


PlayCondition = Callable[["BlueMoon", "BMState", "Effects", int, int], bool]


def mutant(ability: str, condition: PlayCondition, becomes: str = "") -> AbilitySpec:
    """The spec of a Mutant-style power (timing ``play_condition`` + ``now``).

    ``condition(g, s, eff, card, seat)`` says whether ``seat`` may play ``card`` from hand now
    (``eff``: the effects in force before the play; like every play condition it applies only
    while the card's text is not ignored). Once the card is played the contested element swaps
    between Fire and Earth, or becomes ``becomes`` (``"fire"``/``"earth"``) when given; before
    a fight's element is chosen nothing changes. The switch is reversible: when the turn is
    backtracked to the retreat point the element is restored (``TurnInfo.switches``). The rule
    cited is ``bm.ability.<ability>``.
    """
    rule = f"bm.ability.{ability}"

    def on_play(g: BlueMoon, s: BMState, src: int) -> None:
        g.switch_element(s, s.cards[src].controller, rule, becomes)

    return AbilitySpec(
        id=ability,
        timing=("play_condition", "now"),
        rule=rule,
        play_condition=condition,
        on_play=on_play,
        reversible=True,  # backtracking restores the element (TurnInfo.switches, ruling R4)
    )


def attacked_with(element: str, n: int) -> PlayCondition:
    """A Mutant's condition "only when you attack me with ``n`` or more ``element``": the
    contested element is ``element`` and the opponent's total power in it is ``n`` or more
    (Zig-nur-Don, Ras-mus-Pan)."""

    def condition(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
        return s.element == element and g.total_power(s, 1 - seat, eff=eff) >= n

    return condition


Prohibits = Callable[["BlueMoon", "BMState", int, int, str, int], bool]


def opponent_play_ban(
    banned: Callable[[BlueMoon, BMState, int], bool], actions: tuple[str, ...] = ("play",)
) -> Prohibits:
    """A ``prohibits`` hook: the card's opponent may not make one of ``actions`` (``play`` from
    hand by default; add ``bluff`` where a face-down bluff must obey it too) with a card for
    which ``banned(g, s, card)`` holds. Ember, Heat Haze, Ferro Fos, Corono Cos (both with
    ``bluff``, ruling B17) and Cloying Mud use it."""

    def prohibits(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
        return action in actions and seat != s.cards[src].controller and banned(g, s, card)

    return prohibits


def register(spec: AbilitySpec) -> AbilitySpec:
    """Add a power to the registry (one spec per ability id)."""
    if spec.id in ABILITIES:
        raise ValueError(f"ability {spec.id!r} is registered twice")
    ABILITIES[spec.id] = spec
    return spec


def random_cards(s: State, zone: str, n: int) -> list[int]:
    """Up to ``n`` different cards of ``zone`` picked at random from the state's RNG, in the
    order drawn (one ``randbelow`` per card over those not yet drawn). Nothing moves: the caller
    moves and logs them (the pick is a chance event, so a turn becomes irreversible, R4)."""
    rest = list(s.zones.get(zone, ()))
    return [rest.pop(chance.randbelow(s, len(rest))) for _ in range(min(n, len(rest)))]


# ------------------------------------------------------------------ taking from the discard pile
class TakeFromShuffledDiscard(Step, tag="bm.take_from_shuffled_discard"):
    """ "I shuffle my discard pile face down and may take ``most`` cards of it into my hand"
    (Open Lucky Bag of Life, Shaman of the Afterlife; ruling R-A7): ``seat`` says how many, 0 to
    ``most`` (as R21: a "may" with a number lets the player take fewer), at most what the pile
    holds and what powers let them take (Bottelus Emptius, Quivering Quicksand); the cards then
    come from the pile at random (:func:`random_cards`), named only in the taker's log."""

    most: int
    rule: str

    def _most(self, g: BlueMoon, s: BMState) -> int:
        seat = self.seat
        eff = g.effects(s)
        most = min(self.most, len(s.zones[f"discard:{seat}"]), eff.take_limit(seat, False))
        if eff.prohibitors and eff.prohibited(seat, "take"):
            most = 0
        return most

    def ask(self, game: Game, state: State) -> Decision | None:
        most = self._most(_g(game), cast(BMState, state))
        if most <= 0:
            return None
        options = [Option(f"take:{n}", f"Take {n} card(s)", n=n) for n in range(most, -1, -1)]
        prompt = f"Take up to {most} cards from your shuffled discard pile"
        return game.question(self.seat, "take_from_discard", prompt, options, self.rule)

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)
        self._take(_g(game), cast(BMState, state), 0)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(BMState, state)
        assert option.n is not None
        n = min(option.n, self._most(g, s))
        game.pop(s, self)
        self._take(g, s, n)

    def _take(self, g: BlueMoon, s: BMState, n: int) -> None:
        seat, rule = self.seat, self.rule
        zone = f"discard:{seat}"
        if n and s.turn_info.undo_from >= 0 and seat == s.active:
            s.turn_info.irreversible = True  # a chance event: no backtracking (R4)
        for cid in random_cards(s, zone, n):
            move(s, cid, f"hand:{seat}", from_zone=zone)
            if s.logging:
                g.log(
                    s,
                    "take",
                    rule,
                    f"{s.names[seat]} takes {g.card_name(s, cid)} from the shuffled discard pile",
                    seat,
                    chance=True,
                    visible_to=[seat],
                    redacted=f"{s.names[seat]} takes a card from the shuffled discard pile",
                    card=cid,
                )
        if n:
            g.hand_changed(s, seat)
        elif s.logging:
            g.log(
                s, "take_none", rule, f"{s.names[seat]} takes no card from the discard pile", seat
            )


def unimplemented_abilities() -> list[str]:
    """Ability ids in the card data that have no spec yet (their cards have no effect)."""
    from . import powers  # noqa: F401  (registers every power)
    from .carddata import load_all

    ids = {c.ability for d in load_all().values() for c in d.all_cards if c.ability is not None}
    return sorted(ids - set(ABILITIES))


# ------------------------------------------------------------------ discarding by printed value
_ELEMENT_INDEX = {"fire": 0, "earth": 1}


def value_need_met(values: list[tuple[int, int]], need: dict[str, int], any_of: bool) -> bool:
    """Whether cards with these (Fire, Earth) values meet ``need`` (element -> total): with
    ``any_of`` one element's total is enough; otherwise every element's, each card counting
    for one element only (Caterpillar Watertamer: "on different cards")."""
    items = list(need.items())
    if any_of or len(items) == 1:
        return any(sum(v[_ELEMENT_INDEX[e]] for v in values) >= n for e, n in items)
    (e1, n1), (e2, n2) = items
    i1, i2 = _ELEMENT_INDEX[e1], _ELEMENT_INDEX[e2]
    k = len(values)
    for mask in range(1 << k):  # which cards count for the first element
        a = sum(values[j][i1] for j in range(k) if mask >> j & 1)
        b = sum(values[j][i2] for j in range(k) if not mask >> j & 1)
        if a >= n1 and b >= n2:
            return True
    return False


def value_discard_valid(values: list[tuple[int, int]], need: dict[str, int], any_of: bool) -> bool:
    """A legal discard: it meets ``need`` and no card is superfluous (without any one of them
    the rest would fall short: research §5.2, the FAQ on Caterpillar Watertamer)."""
    return value_need_met(values, need, any_of) and not any(
        value_need_met(values[:i] + values[i + 1 :], need, any_of) for i in range(len(values))
    )


def _need_text(need: dict[str, int], any_of: bool) -> str:
    parts = [f"{n} {e.capitalize()}" for e, n in need.items()]
    if len(parts) == 1:
        return parts[0]
    return (" or " if any_of else " and (on other cards) ").join(parts)


def push_value_discard(
    g: BlueMoon,
    s: BMState,
    seat: int,
    need: dict[str, int],
    rule: str,
    *,
    any_of: bool = False,
    dragon: bool = False,
    mark: int | None = None,
) -> None:
    """Let ``seat`` discard hand cards whose printed values (after ignoring and reductions, so
    an ignored card counts nothing) meet ``need`` with no card to spare (:class:`ValueDiscard`);
    then the seat attracts a dragon (``dragon``: Charm/Impress Holy Dragon) and the card
    ``mark`` is marked as used this turn (``TurnInfo.card_uses``: a Caterpillar's demand met).
    Asked whenever the hand holds a card, whether or not it can succeed: skipping would tell
    the opponent about the hand."""
    if s.zones[f"hand:{seat}"]:
        g.push_step(
            s,
            ValueDiscard(
                seat=seat,
                need=dict(need),
                any_of=any_of,
                dragon=dragon,
                mark=None if mark is None else CardRef(mark),
                rule=rule,
            ),
        )


class ValueDiscard(Step, tag="bm.value_discard"):
    """Discarding hand cards by printed value (see :func:`push_value_discard`). The cards are
    picked one at a time (a pick that would make a card superfluous is not offered; a pick can
    be put back, and a card put back is not offered again, so that every run of picks ends) and
    discarded together at ``done``, which is offered only for a legal set; ``cancel``
    discards nothing."""

    need: dict[str, int]
    rule: str
    any_of: bool = False
    dragon: bool = False
    mark: CardRef | None = None
    picked: list[CardRef] = msgspec.field(default_factory=list)
    put_back: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(BMState, state)
        seat, need, any_of = self.seat, self.need, self.any_of
        hand = s.zones[f"hand:{seat}"]
        # (in an opponent's determinized view the picked cards are hidden: keep those still
        # known)
        picked = [c for c in self.picked if c in hand]
        back = [c for c in self.put_back if c in hand]
        eff = g.effects(s)

        def values(cid: int) -> tuple[int, int]:
            return eff.base(cid, "fire"), eff.base(cid, "earth")

        chosen = [values(c) for c in picked]
        options: list[Option] = []
        if not value_need_met(chosen, need, any_of):
            for cid in hand:
                v = values(cid)
                if cid in picked or cid in back or not any(v[_ELEMENT_INDEX[e]] > 0 for e in need):
                    continue
                new = [*chosen, v]
                if value_need_met(new, need, any_of) and not value_discard_valid(new, need, any_of):
                    continue  # a picked card would be superfluous
                label = f"Pick {g.card_name(s, cid)} (Fire {v[0]}, Earth {v[1]})"
                options.append(Option(f"pick:{cid}", label, card=CardRef(cid), arg="pick"))
        elif value_discard_valid(chosen, need, any_of):
            options.append(Option("done", f"Discard the {len(picked)} picked card(s)"))
        options.extend(
            Option(f"unpick:{c}", f"Put back {g.card_name(s, c)}", card=c, arg="unpick")
            for c in picked
        )
        options.append(Option("cancel", "Discard nothing"))
        # the prompt is public: it must not tell the running total of the hidden picks
        prompt = f"Pick hand cards with printed values adding up to {_need_text(need, any_of)}"
        return game.question(seat, "value_discard", prompt, options, self.rule)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        hand = s.zones[f"hand:{seat}"]
        self.picked = [c for c in self.picked if c in hand]
        if option.card is not None and option.arg == "pick":
            self.picked.append(option.card)
            return
        if option.card is not None:  # unpick
            self.picked.remove(option.card)
            self.put_back = [c for c in self.put_back if c in hand]
            self.put_back.append(option.card)  # (the question asked next must not offer it)
            return
        g.pop(s, self)
        if option.id == "done":
            ti = s.turn_info
            if ti.undo_from >= 0 and seat == s.active:
                ti.irreversible = True  # the discarded cards are shown: no backtracking
            for cid in self.picked:
                g.discard_from_hand(s, seat, cid, self.rule)
            if self.mark is not None:
                ti.card_uses[self.mark] = 1
            if self.dragon:
                g.attract_dragon(s, seat, self.rule)
        elif s.logging:
            g.log(s, "power_unused", self.rule, f"{s.names[seat]} discards nothing", seat)
