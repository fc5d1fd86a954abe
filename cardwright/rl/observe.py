"""Observations: what one seat sees, as a fixed-shape numpy array and as a JSON-ready dict.

Everything is read from the seat's view. Building a whole view (``game.view``: a copy of
the state with every hidden card replaced) costs two to ten environment steps, so the
encoder reads the view in place: a :class:`Sight` answers, for the parts the encoder reads,
exactly what the view would (a card the seat cannot identify is :data:`HIDDEN`, with only its
public status; the game fields the spec reads are public ones). The tests encode every step of
many random games both ways, from the state through a :class:`Sight` and from
``game.view(state, seat)``, and require the same bytes; and they apply the conformance
suite's hidden swaps to the encodings.

The array's layout is :attr:`Encoder.sections` (``docs/rl.md`` prints it per game):

* ``header``: whether the seat is to decide; the pending decision's kind (one-hot over the
  game's kinds, and "none" when the game is over); who decides and who is active (one-hot,
  seats counted from the observing seat); the phase (one-hot over the game's phases, and
  "other"); the turn; the game is over;
* ``scores``: each of ``game.scores``'s lists, seats counted from the observing seat;
* per zone family and seat (``hand[0]`` is the observer's hand, ``hand[1]`` the next
  seat's): the number of cards and the number the seat cannot identify, then per plane a
  count per card definition (visible cards; exhausted visible cards; the sum of a counter on
  visible cards), and for hidden cards the public part of those (how many are exhausted, the
  counter's sum);
* the game's own features (``spec.features``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardwright.core.game import Game
from cardwright.core.state import HIDDEN, Card, State

from .catalogue import Catalogue, CatalogueError
from .spec import ZonePlane

OBS_DTYPE = np.float32
MASK_DTYPE = np.int8


class Sight:
    """What ``seat`` sees of ``state``: ``state`` is either a full state (read through the
    game's visibility rules) or that seat's view (``is_view``), and the answers are the same.
    A game's feature functions read card definitions only through :meth:`defn` and
    :meth:`defs`, and other fields of ``state`` only when the view shows them as they are;
    :attr:`memo` keeps what one feature found for the features after it (one observation)."""

    __slots__ = (
        "_defn",
        "_defs",
        "cards",
        "game",
        "index",
        "is_view",
        "memo",
        "players",
        "seat",
        "state",
        "verdict",
        "zone_defs",
    )

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        index: dict[str, int],
        verdict: Callable[[str, int], bool | None],
        zone_defs: Callable[[State, str, int], list[str] | None] | None = None,
    ) -> None:
        self.game = game
        #: the place of each card definition in the card list (for features by card)
        self.index = index
        self.state = state
        self.seat = seat
        self.players = len(state.names)
        self.cards = state.cards
        self.is_view = state.viewer == seat
        self.verdict = verdict
        #: the game's ``zone_defs`` (the definitions of a zone that ``verdict`` leaves open)
        self.zone_defs = zone_defs
        #: what one feature found that a later one of the same observation may read again
        self.memo: dict[str, Any] = {}
        self._defs: dict[str, list[str]] = {}
        self._defn: dict[int, str] | None = None

    @property
    def width(self) -> int:
        """The places of a vector by card: the card list and one for any other card."""
        return len(self.index) + 1

    def order(self) -> list[int]:
        """The seats from the observing seat on, in seat order."""
        n, s = self.players, self.seat
        return [(s + i) % n for i in range(n)]

    def rel(self, seat: int) -> int:
        """``seat`` counted from the observing seat (0 is itself)."""
        return (seat - self.seat) % self.players

    def defs(self, zone: str) -> list[str]:
        """The definitions of the cards of ``zone`` in order, :data:`HIDDEN` for each card the
        seat cannot identify (a zone the state lacks is empty)."""
        found = self._defs.get(zone)
        if found is not None:
            return found
        state, cards = self.state, self.cards
        ids = state.zones.get(zone, ())
        if self.is_view:
            out = [cards[c].defn for c in ids]
        else:
            whole = self.verdict(zone, self.seat)
            if whole is True:
                out = [cards[c].defn for c in ids]
            elif whole is False:
                out = [HIDDEN] * len(ids)
            else:
                found = None if self.zone_defs is None else self.zone_defs(state, zone, self.seat)
                if found is not None:
                    out = found
                else:
                    visible, seat = self.game.card_visible, self.seat
                    out = [
                        cards[c].defn if visible(state, zone, cards[c], seat) else HIDDEN
                        for c in ids
                    ]
        self._defs[zone] = out
        return out

    def defn(self, card_id: int) -> str:
        """The definition of a card as the seat sees it (:data:`HIDDEN` if it cannot)."""
        if self.is_view:
            card = self.cards.get(card_id)
            return HIDDEN if card is None else card.defn
        if self._defn is None:
            self._defn = {}
            for zone, ids in self.state.zones.items():
                for cid, d in zip(ids, self.defs(zone), strict=True):
                    self._defn[cid] = d
        return self._defn.get(card_id, HIDDEN)

    def sum_by_card(self, amounts: Iterable[tuple[int, float]], family: str) -> dict[int, float]:
        """Each ``(card id, amount)`` of ``amounts`` summed at the place of the card's
        definition in the card list, for the cards the seat identifies. The cards are looked
        for first in the zones ``family:SEAT`` (where the game keeps them), then anywhere."""
        cards, zones = self.cards, self.state.zones
        shown: set[int] = set()  # cards of those zones that the seat sees as they are
        seen: dict[int, str] = {}  # the others' definitions as it sees them
        for seat in range(self.players):
            zone = f"{family}:{seat}"
            ids = zones.get(zone)
            if not ids:
                continue
            if self.is_view or self.verdict(zone, self.seat) is True:
                shown.update(ids)
            else:
                seen.update(zip(ids, self.defs(zone), strict=True))
        out: dict[int, float] = {}
        for cid, n in amounts:
            d = cards[cid].defn if cid in shown else seen.get(cid) or self.defn(cid)
            if d != HIDDEN:
                i = self.index[d]
                out[i] = out.get(i, 0.0) + n
        return out

    def card(self, card_id: int) -> Card:
        """The public status of a card (exhausted, face up, counters, owner, controller),
        whether or not the seat identifies it; never read its ``defn`` (use :meth:`defn`)."""
        return self.cards[card_id]


class Slots(dict[str, int]):
    """The place of each card definition in the card list; a definition outside it (a card
    a determinization drew from a generator) takes the one place after the list."""

    def __missing__(self, key: str) -> int:
        return len(self)


#: a zone's places in the observation (:meth:`Encoder._plan`)
_Place = tuple[str, int, int, int, tuple[tuple[str, int], ...], int, bool | None]
#: a seat's plan sorted for a full state (:meth:`Encoder._split`)
_Split = tuple[
    list[tuple[str, int, bool]],
    list[tuple[str, int]],
    list[tuple[str, int]],
    list[tuple[str, tuple[tuple[str, int], ...]]],
    list[tuple[str, int, bool, tuple[str, ...]]],
    list[_Place],
]


@dataclass(frozen=True)
class Section:
    name: str
    offset: int
    size: int
    what: str


class Encoder:
    """The observation encoder of a game under a config (the catalogue's card list and
    decision kinds, the config's number of players)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.game = catalogue.game
        self.spec = catalogue.spec
        self.players = self._players(catalogue.config)
        self._zone_defs = self.spec.zone_defs
        self.kind_index = {k: i for i, k in enumerate(catalogue.kinds)}
        self.phase_index = {p: i for i, p in enumerate(self.spec.phases)}
        self.card_index = Slots(catalogue.card_index)
        #: the same as a plain dict (faster to look up; a miss is a card outside the list)
        self._known = dict(catalogue.card_index)
        sections: list[Section] = []
        offset = 0

        def add(name: str, size: int, what: str) -> int:
            nonlocal offset
            sections.append(Section(name, offset, size, what))
            offset += size
            return offset - size

        n, kinds, phases = self.players, len(catalogue.kinds), len(self.spec.phases)
        self._header = add(
            "header",
            1 + kinds + 1 + n + n + phases + 1 + 1 + 1,
            f"to decide (1); decision kind ({kinds} kinds + none); deciding seat ({n}); active "
            f"seat ({n}); phase ({phases} + other); turn (1); over (1)",
        )
        self._scores = add(
            "scores", len(self.spec.scores) * n, f"{', '.join(self.spec.scores)} per seat"
        )
        cards = len(catalogue.cards) + 1  # and one place for any card outside the list
        self._zones: list[tuple[ZonePlane, int, int]] = []  # plane, offset, size per block
        self._plans: dict[int, list[_Place]] = {}
        self._splits: dict[int, _Split] = {}
        #: the header but the scores, by what it shows (a bounded number kept)
        self._heads: dict[tuple[Any, ...], dict[int, float]] = {}
        self._verdicts: dict[tuple[str, int], bool | None] = {}
        for plane in self.spec.zones:
            per = 2 + len(plane.planes) * cards
            per += ("exhausted" in plane.planes) + len(plane.counters)
            start = offset
            for r in range(n if plane.per_seat else 1):
                # a block per seat (counted from the observer: [0] is its own zone)
                where = f"{plane.family}[{r}]" if plane.per_seat else plane.family
                add(where, 2, "its cards, the cards the seat cannot identify")
                for name in plane.planes:
                    words = {"cards": "visible cards", "exhausted": "visible exhausted cards"}
                    what = words.get(
                        name, f"sum of counter {name.partition(':')[2]} of visible cards"
                    )
                    add(f"{where} {name}", cards, f"{what}, by card")
                if "exhausted" in plane.planes:
                    add(f"{where} hidden exhausted", 1, "exhausted cards it cannot identify")
                for key in plane.counters:
                    add(f"{where} hidden {key}", 1, f"sum of counter {key} of the others")
            self._zones.append((plane, start, per))
        self._features = []
        for feature in self.spec.features(self.game, catalogue.config):
            size = cards if feature.size == "cards" else int(feature.size)
            if feature.parts:
                start = offset
                for part, count in feature.parts:
                    add(f"{feature.name}: {part}", count, part)
            else:
                what = f"{feature.name} (by card)" if feature.size == "cards" else feature.name
                start = add(feature.name, size, what)
            self._features.append((feature, size, start))
        self.sections = sections
        self.size = offset

    def _players(self, config: dict[str, Any]) -> int:
        players = config.get("players")
        if isinstance(players, int):
            return players
        names = config.get("names")
        return len(names) if isinstance(names, list) else self.game.min_players

    # ----------------------------------------------------------------- the array
    def sight(self, state: State, seat: int) -> Sight:
        return Sight(self.game, state, seat, self.card_index, self._verdict, self._zone_defs)

    def _verdict(self, zone: str, seat: int) -> bool | None:
        """The game's ``zone_sight`` for ``zone`` and ``seat``, kept."""
        key = (zone, seat)
        if key in self._verdicts:
            return self._verdicts[key]
        hook = self.spec.zone_sight
        found = self._verdicts[key] = hook(zone, seat) if hook is not None else None
        return found

    def _plan(self, seat: int) -> list[_Place]:
        """Where each zone of the observation goes when ``seat`` observes: (zone, offset of
        its block, offset of its card counts or -1, of its exhausted counts or -1, and
        (counter key, offset) per counter, the offset of the hidden cards' exhausted count and
        counter sums, which follow the per-card planes, and the game's ``zone_sight``)."""
        plan = self._plans.get(seat)
        if plan is not None:
            return plan
        plan = []
        width = len(self.card_index) + 1
        n = self.players
        for plane, start, per in self._zones:
            seats = [(seat + r) % n for r in range(n)] if plane.per_seat else [0]
            for r, s in enumerate(seats):
                base = start + r * per
                at = base + 2
                cards = exhausted = -1
                counters = []
                for name in plane.planes:
                    if name == "cards":
                        cards = at
                    elif name == "exhausted":
                        exhausted = at
                    else:
                        counters.append((name.partition(":")[2], at))
                    at += width
                # ``at`` is now where the hidden cards' exhausted count and counter sums go
                zone = plane.zone(s)
                verdict = self._verdict(zone, seat)
                plan.append((zone, base, cards, exhausted, tuple(counters), at, verdict))
        self._plans[seat] = plan
        return plan

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The observation of ``seat``: ``state`` is the full state or the seat's view."""
        sight = Sight(self.game, state, seat, self.card_index, self._verdict, self._zone_defs)
        acc: dict[int, float] = {}  # values set once (counts, numbers, one-hots)
        ones: list[int] = []  # places counted up by one each (cards by definition)
        self._fill_header(sight, acc)
        self._fill_zones(sight, acc, ones)
        for feature, size, start in self._features:
            self._fill_feature(sight, feature, size, start, acc)
        out = np.zeros(self.size, OBS_DTYPE)
        # item by item through a memoryview: for the few dozen places an observation sets,
        # cheaper than making index arrays for one numpy assignment
        put: Any = out.data  # a memoryview of format 'f' (takes floats)
        for i, v in acc.items():
            put[i] = v
        for i in ones:  # the places of ``ones`` are none of ``acc``'s
            put[i] += 1
        return out

    def _fill_feature(
        self, sight: Sight, feature: Any, size: int, start: int, acc: dict[int, float]
    ) -> None:
        """A feature's non-zero values into ``acc`` (its places are its own)."""
        values = feature.fill(sight)
        if isinstance(values, dict):
            for i, v in values.items():
                if v:
                    acc[start + i] = v
            return
        if len(values) != size:
            raise CatalogueError(
                f"{self.game.id}: feature {feature.name} gave {len(values)} values, not {size}"
            )
        for i, v in enumerate(values):
            if v:
                acc[start + i] = v

    def _split(self, seat: int) -> _Split:
        """``seat``'s plan sorted for a full state, each list read in one pass: the zones the
        game's ``zone_sight`` settles whole, for their counts (zone, offset, all hidden); of
        those it shows, the ones counted by definition (zone, offset of the cards), by
        exhausted cards (zone, offset of the exhausted cards) and by counters (zone,
        (counter, offset) ...); the hidden ones with exhausted or counter planes (zone,
        offset of the hidden cards' exhausted count and counter sums, whether exhausted is
        one of them, the counters); and the zones shown card by card."""
        found = self._splits.get(seat)
        if found is None:
            found = ([], [], [], [], [], [])
            counted, listed, tapped, counting, veiled, other = found
            for place in self._plan(seat):
                zone, base, at_cards, at_exh, counters, tail, whole = place
                if whole is None:
                    other.append(place)
                    continue
                counted.append((zone, base, not whole))
                if not whole:
                    if at_exh >= 0 or counters:
                        keys = tuple(key for key, _ in counters)
                        veiled.append((zone, tail, at_exh >= 0, keys))
                    continue
                if at_cards >= 0:
                    listed.append((zone, at_cards))
                if at_exh >= 0:
                    tapped.append((zone, at_exh))
                if counters:
                    counting.append((zone, counters))
            self._splits[seat] = found
        return found

    def _fill_zones(self, sight: Sight, acc: dict[int, float], ones: list[int]) -> None:
        """The zone blocks: counts into ``acc``, cards by definition into ``ones`` (their
        places never meet)."""
        if sight.is_view:
            for place in self._plan(sight.seat):
                self._fill_place(sight, place, acc, ones)
            return
        zones, cards, index = sight.state.zones, sight.cards, self.card_index
        counted, listed, tapped, counting, veiled, rest = self._split(sight.seat)
        for zone, base, hidden in counted:  # settled whole: the common case
            ids = zones.get(zone)
            if ids:
                acc[base] = n = len(ids)
                if hidden:
                    acc[base + 1] = n
        known, empty, start = self._known, (), len(ones)
        try:  # one comprehension over every zone whose cards are all seen, then their
            # exhausted cards (the game's own cards: a plain dict)
            ones += [
                at + known[cards[c].defn] for zone, at in listed for c in zones.get(zone, empty)
            ]
            if tapped:
                ones += [
                    at + known[card.defn]
                    for zone, at in tapped
                    for card in map(cards.__getitem__, zones.get(zone, empty))
                    if card.exhausted
                ]
        except KeyError:  # a card outside the list: its one place after the list
            del ones[start:]
            ones += [
                at + index[cards[c].defn] for zone, at in listed for c in zones.get(zone, empty)
            ]
            ones += [
                at + index[card.defn]
                for zone, at in tapped
                for card in map(cards.__getitem__, zones.get(zone, empty))
                if card.exhausted
            ]
        for zone, counters in counting:
            for card in map(cards.__getitem__, zones.get(zone, empty)):
                if card.counters:
                    for key, at in counters:
                        value = card.counters.get(key)
                        if value:
                            i = at + index[card.defn]
                            acc[i] = acc.get(i, 0.0) + value
        for zone, tail, exhausted, keys in veiled:  # nothing seen but the public part
            ids = zones.get(zone)
            if not ids:
                continue
            if exhausted:
                n = sum([cards[c].exhausted for c in ids])
                if n:
                    acc[tail] = n
            for k, key in enumerate(keys, tail + exhausted):
                total = sum([cards[c].counters.get(key, 0) for c in ids])
                if total:
                    acc[k] = total
        for place in rest:
            self._fill_place(sight, place, acc, ones)

    def _fill_place(
        self, sight: Sight, place: _Place, acc: dict[int, float], ones: list[int]
    ) -> None:
        """One zone block read card by card (through :meth:`Sight.defs`): counts into
        ``acc``, cards by definition into ``ones``."""
        zone, base, at_cards, at_exh, counters, tail, _ = place
        ids = sight.state.zones.get(zone)
        if not ids:
            return
        cards, index = sight.cards, self.card_index
        acc[base] = len(ids)
        defs = sight.defs(zone)
        unseen = defs.count(HIDDEN)
        if unseen:
            acc[base + 1] = unseen
        if at_cards >= 0 and unseen < len(defs):
            ones.extend([at_cards + index[d] for d in defs if d != HIDDEN])
        if at_exh < 0 and not counters:
            return
        for cid, d in zip(ids, defs, strict=True):
            card = cards[cid]
            if at_exh >= 0 and card.exhausted:
                ones.append(tail if d == HIDDEN else at_exh + index[d])
            if counters and card.counters:
                for k, (key, at) in enumerate(counters):
                    value = card.counters.get(key)
                    if value:
                        i = tail + (at_exh >= 0) + k if d == HIDDEN else at + index[d]
                        acc[i] = acc.get(i, 0.0) + value

    def _fill_header(self, sight: Sight, acc: dict[int, float]) -> None:
        state, n, seat = sight.state, self.players, sight.seat
        decision = state.decision
        key = (
            seat,
            None if decision is None else decision.seat,
            None if decision is None else decision.kind,
            state.active,
            state.phase,
            state.turn,
            state.result is None,
        )
        head = self._heads.get(key)
        if head is None:
            head = self._head(sight)
            if len(self._heads) < 10_000:  # past that, made every time
                self._heads[key] = head
        acc.update(head)
        if self.spec.scores:
            scores = self.game.scores(state)
            at = self._scores
            for name in self.spec.scores:
                values = scores[name]
                for s in range(n):
                    v = values[s]
                    if v:
                        acc[at + (s - seat) % n] = float(v)
                at += n

    def _head(self, sight: Sight) -> dict[int, float]:
        """The header but the scores: what the seat knows of the decision, the turn and
        the phase."""
        state, n = sight.state, self.players
        at = self._header
        decision = state.decision
        kinds = len(self.kind_index)
        acc: dict[int, float] = {}
        if decision is not None:
            if decision.seat == sight.seat:
                acc[at] = 1.0
            acc[at + 1 + self.kind_index[decision.kind]] = 1.0
            acc[at + 2 + kinds + sight.rel(decision.seat)] = 1.0
        else:
            acc[at + 1 + kinds] = 1.0
        at += 2 + kinds + n
        acc[at + sight.rel(state.active)] = 1.0
        at += n
        phases = len(self.phase_index)
        acc[at + self.phase_index.get(state.phase, phases)] = 1.0
        at += phases + 1
        if state.turn:
            acc[at] = float(state.turn)
        if state.result is not None:
            acc[at + 1] = 1.0
        return acc

    # ----------------------------------------------------------------- the mask
    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 at the index of every option of the pending decision if ``seat`` decides it."""
        out = np.zeros(self.catalogue.size, MASK_DTYPE)
        decision = state.decision
        if decision is not None and decision.seat == seat:
            put = out.data  # item by item: cheaper than an index array for a few
            for i in self.catalogue.indices(decision, state.cards):
                put[i] = 1
        return out


def observation_dict(game: Game, view: State, catalogue: Catalogue | None = None) -> dict[str, Any]:
    """The structured form of a seat's view, ready for JSON: the decision (with each option's
    action index when ``catalogue`` is given), every zone's cards (``"?"`` for a card the
    seat cannot identify, with its public status), the scores and the result."""
    seat = view.viewer
    if seat < 0:
        raise ValueError("observation_dict takes a seat's view (game.view(state, seat))")
    decision = None
    if view.decision is not None:
        d = view.decision
        options: list[dict[str, Any]] = [{"id": o.id, "label": o.label} for o in d.options]
        if catalogue is not None and d.options:
            indices = catalogue.indices(d, view.cards)
            for option, index in zip(options, indices, strict=True):
                option["action"] = index
        decision = {
            "seat": d.seat,
            "kind": d.kind,
            "prompt": d.prompt,
            "rule": d.rule,
            "options": options,
        }
    zones: dict[str, list[dict[str, Any]]] = {}
    for zone, ids in view.zones.items():
        entries = []
        for cid in ids:
            card = view.cards[cid]
            entry: dict[str, Any] = {"card": card.defn}
            if cid >= 0:
                entry["id"] = cid
            if card.exhausted:
                entry["exhausted"] = True
            if not card.face_up:
                entry["face_up"] = False
            if card.counters:
                entry["counters"] = dict(card.counters)
            entries.append(entry)
        zones[zone] = entries
    result = None
    if view.result is not None:
        result = {"winners": list(view.result.winners), "reason": view.result.reason}
    return {
        "game": game.id,
        "seat": seat,
        "names": list(view.names),
        "turn": view.turn,
        "active": view.active,
        "phase": view.phase,
        "decision": decision,
        "zones": zones,
        "scores": game.scores(view),
        "result": result,
    }


Fill = Callable[[Sight], list[float]]
