"""Smash Up scoring: The Big Score (000 Scoring order): while a base's total power reaches its
breakpoint, the current player picks one to score; before it scores, Me First!; places (Tie
Fighter), VP, "when it scores" abilities; after it scores, Me First!; then every card there
goes to its owner's discard pile and the base is replaced (Back to Your Corners).

Steps: :class:`ScoreBases` (the Score Bases phase), :class:`ScoreBase` (one base).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import msgspec

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option

from . import inplay, values
from .catalog import BASE_DECK, BASE_DISCARD, BASES, base_zone
from .state import SUState, SUStep, defns_of

if TYPE_CHECKING:
    from .game import SmashUp


def rank(powers: Mapping[int, int]) -> dict[int, int]:
    """Places (1, 2, 3) from the power of each player who may place (Tie Fighter).

    Tied players share the best place they tie for and the places after them are skipped;
    a fourth place or lower gets nothing.

    >>> rank({0: 10, 1: 10, 2: 5})
    {0: 1, 1: 1, 2: 3}
    >>> rank({0: 10, 1: 5, 2: 5, 3: 4})
    {0: 1, 1: 2, 2: 2}
    """
    places = {}
    for seat, power in powers.items():
        place = 1 + sum(1 for other in powers.values() if other > power)
        if place <= 3:
            places[seat] = place
    return places


def ready_bases(g: SmashUp, s: SUState) -> list[int]:
    powers = g.powers(s)
    ready = [b for b in s.zones[BASES] if powers.total(b) >= powers.breakpoint(b)]
    if ready and g.cat(s).score_bans:  # a base that cannot score (Stasis Field) does not
        bans = g.sources(s, g.cat(s).score_bans)
        if bans:
            ready = [b for b in ready if not g.forbidden(s, "score", b, -1, bans)]
    return ready


def places(g: SmashUp, s: SUState, bid: int) -> tuple[dict[int, int], dict[int, int]]:
    """(places, powers) at a base: only players with a minion or 1 power there place."""
    powers = g.powers_at(s, bid)
    present = {s.cards[c].controller for c in g.minions_at(s, bid)}
    eligible = {p: v for p, v in powers.items() if p in present or v >= 1}
    return rank(eligible), eligible


class ScoreBases(SUStep, tag="su.score_bases"):
    """Score Bases: while a base is ready, the current player picks one and it scores.
    ``choosing``: the run found several bases ready, so the question is asked (the ready
    bases are worked out once per check, by the run; the question only lists them)."""

    choosing: bool = False

    def ask(self, g: SmashUp, s: SUState) -> Decision | None:
        if not self.choosing or s.triggers:
            return None
        ready = ready_bases(g, s)
        options = [
            Option(
                f"score:{b}",
                f"Score {g.card_name(s, b)} ({g.total_power(s, b)}/{g.breakpoint(s, b)})",
                card=CardRef(b),
            )
            for b in ready
        ]
        return g.question(
            self.seat, "choose_base", "Choose the base that scores next", options, "su.score.order"
        )

    def run(self, g: SmashUp, s: SUState) -> None:
        if s.triggers:
            g.resolve_triggers(s)
            return
        ready = ready_bases(g, s)
        if not ready:
            g.pop(s, self)
        elif len(ready) == 1:
            g.push_step(s, ScoreBase(seat=self.seat, base=CardRef(ready[0])))
        else:
            self.choosing = True

    def answer(self, game: SmashUp, state: SUState, option: Option) -> None:
        assert option.card is not None
        self.choosing = False
        game.push_step(state, ScoreBase(seat=self.seat, base=option.card))


#: the mark a scoring step carries when a chosen base replaces it (``replace_with``)
REPLACE_MARK = "replace_with:"

# stages of one base's scoring
ANNOUNCE, BEFORE, AWARD, AFTER, AFTER_WINDOW, CLEAR, REPLACE = range(7)


class ScoreBase(SUStep, tag="su.score_base"):
    """One base scores (000 Scoring order, steps 3-8). ``places`` (per seat, 0: none) and
    ``winners`` are known once VP are awarded; ``marks``: what abilities noted about this
    scoring (a Shinobi was played as a Special before it scored: only one may be)."""

    base: CardRef
    stage: int = ANNOUNCE
    places: list[int] = msgspec.field(default_factory=list)
    winners: list[int] = msgspec.field(default_factory=list)
    shinobi_used: bool = False
    marks: list[str] = msgspec.field(default_factory=list)
    #: where the scored base lay, once its cards are discarded and it has left play (the
    #: abilities this set off resolve before it is replaced there: ``REPLACE``)
    slot: int = -1

    def run(self, g: SmashUp, s: SUState) -> None:
        bid = self.base
        stage = self.stage
        if stage == ANNOUNCE:
            g.log(
                s,
                "scores",
                "su.score.ready",
                f"{g.card_name(s, bid)} scores: total power {g.total_power(s, bid)}, "
                f"breakpoint {g.breakpoint(s, bid)}",
                self.seat,
                base=s.cards[bid].defn,
            )
            g.fire(s, "before_scoring", base_card=bid)
            self.stage = BEFORE
            return
        if s.triggers:
            g.resolve_triggers(s)
            return
        if stage == REPLACE:
            self._replace(g, s, bid)
            return
        if stage == BEFORE:
            self._me_first(g, s, "before_scoring", AWARD, bid)
            return
        if not g.base_in_play(s, bid):
            if stage == AWARD:
                g.log(
                    s,
                    "scoring_stops",
                    "su.score.left_play",
                    f"{g.card_name(s, bid)} left play before it scored: scoring stops",
                )
            g.pop(s, self)
            return
        if stage == AWARD:
            _award(g, s, self, bid)
            self.stage = AFTER
            return
        if stage == AFTER:
            g.fire(s, "after_scoring", base_card=bid, winners=self.winners, places=self.places)
            self.stage = AFTER_WINDOW
            return
        if stage == AFTER_WINDOW:
            self._me_first(g, s, "after_scoring", CLEAR, bid)
            return
        self.slot = _clear_base(g, s, bid)
        self.stage = REPLACE

    def _me_first(self, g: SmashUp, s: SUState, window: str, then: int, bid: CardRef) -> None:
        """Go on to stage ``then`` after the Me First! window ``window`` on base ``bid``
        (opened when a Special in the game answers it)."""
        self.stage = then
        if window in g.special_windows:
            g.open_window(s, window, s.active, rule="su.score.me_first", card=bid)

    def _replace(self, g: SmashUp, s: SUState, bid: int) -> None:
        """The scored base, its cards gone and what that set off resolved, is replaced."""
        replacement = -1
        for mark in self.marks:
            if mark.startswith(REPLACE_MARK):
                replacement = int(mark[len(REPLACE_MARK) :])
        new = reveal_base(g, s, self.slot, "su.score.replace", replacement)
        spec = g.spec(s, bid)
        if spec is not None and "base_replaced" in spec.hooks:  # the scored base, out of play
            event = {
                "event": "base_replaced",
                "new_base_card": new,
                "base_card": bid,
                "places": self.places,
                "winners": self.winners,
            }
            spec.hooks["base_replaced"](g, s, bid, event, None)
        g.pop(s, self)


def _award(g: SmashUp, s: SUState, step: ScoreBase, bid: int) -> None:
    base = g.base_def(s, bid)
    placed, powers = places(g, s, bid)
    ordinal = {1: "1st", 2: "2nd", 3: "3rd"}
    for seat in g.seat_order(s, s.active):
        if seat not in placed:
            continue
        place = placed[seat]
        vp = base.vp[place - 1]
        tied = sum(1 for q in placed.values() if q == place) > 1
        g.log(
            s,
            "place",
            "su.score.tie" if tied else "su.score.vp",
            f"{s.names[seat]} is {ordinal[place]}{' (tied)' if tied else ''} at "
            f"{base.name} with {powers[seat]} power",
            seat,
            place=place,
        )
        g.gain_vp(s, seat, vp, "su.score.vp", f"{ordinal[place]} place at {base.name}")
    n = len(s.names)
    step.places = [placed.get(p, 0) for p in range(n)]
    step.winners = [p for p in g.seat_order(s, s.active) if placed.get(p) == 1]
    off = g.cancelled(s)
    for src in [bid, *s.zones[base_zone(bid)]]:
        if src in off:
            continue
        spec = g.spec(s, src)
        if spec is not None and spec.scoring is not None:
            for seat, extra in sorted(spec.scoring(g, s, bid, placed).items()):
                g.gain_vp(s, seat, extra, spec.rule, f"{g.card_name(s, src)}")
    g.fire(s, "when_scoring", base_card=bid, places=step.places, winners=step.winners)


def _clear_base(g: SmashUp, s: SUState, bid: int) -> int:
    """Back to Your Corners: every card on the base goes to its owner's discard pile (this
    is not destroying) and the base goes to the base discard pile; it is replaced once what
    that set off has resolved (:meth:`ScoreBase._replace`). Returns where the base lay."""
    zone = base_zone(bid)
    moved = list(s.zones[zone])
    instead = {cid: g.instead_of_discard(s, cid, bid) for cid in moved}
    offers = {cid: g.offer_instead(s, cid) for cid in moved if instead[cid] is None}
    before = {
        cid: (
            s.cards[cid].controller,
            s.cards[cid].counters.get("p1", 0),
            s.attached.get(CardRef(cid), CardRef(bid)),
        )
        for cid in moved
    }
    for cid in moved:
        card = s.cards[cid]
        g.to_zone(s, cid, zone, f"{instead[cid] or 'discard'}:{card.owner}")
        card.controller = card.owner
        card.counters.clear()
        s.attached.pop(CardRef(cid), None)
    if s.lasting:
        gone = {*moved, bid}
        s.lasting = [e for e in s.lasting if e.target not in gone]
    values.changed(s)
    name = g.card_name(s, bid)
    discarded = [cid for cid in moved if instead[cid] is None]
    g.log(
        s,
        "to_discard",
        "su.score.discard",
        f"The {len(discarded)} card(s) at {name} go to their owners' discard piles",
        defns=defns_of(s, discarded),
    )
    for cid in moved:
        where = instead[cid]
        if where is not None:
            g.went_instead(s, cid, where)
        else:
            controller, had, host = before[cid]
            g.fire(
                s,
                "card_to_discard",
                also=(cid,),
                card=cid,
                base_card=bid,
                owner=s.cards[cid].owner,
                controller=controller,
                counters=had,
                was_on_card=-1 if host == bid else host,
            )
            offer = offers.get(cid)
            if offer is not None:
                g.queue_offer(s, offer, cid)
    from .burying import clear  # (burying's words are made with the selectors, which import this)

    clear(g, s, bid)
    index = s.zones[BASES].index(bid)
    s.zones[BASES].remove(bid)
    del s.zones[zone]
    s.zones[BASE_DISCARD].append(bid)
    inplay.changed(s)
    return index


def reveal_base(g: SmashUp, s: SUState, index: int, rule: str, chosen: int = -1) -> int:
    """The next base comes into play at ``index`` (table order): the top of the base deck
    (the base discard pile shuffled into a new deck first when it is empty), or ``chosen``
    from the base discard pile (Time is Fleeting). Returns it (-1: none is left)."""
    if chosen >= 0 and chosen in s.zones[BASE_DISCARD]:
        s.zones[BASE_DISCARD].remove(chosen)
        return _lay_base(g, s, index, chosen, rule)
    deck = s.zones[BASE_DECK]
    if not deck:
        discard = s.zones[BASE_DISCARD]
        if not discard:
            return -1
        deck.extend(discard)
        discard.clear()
        chance.shuffle(s, deck)
        g.log(
            s,
            "reshuffle",
            "su.score.replace",
            "The base deck is empty: the base discard pile is shuffled into a new base deck",
            chance=True,
        )
    return _lay_base(g, s, index, deck.pop(), rule)


def _lay_base(g: SmashUp, s: SUState, index: int, bid: int, rule: str) -> int:
    if s.public_cards and bid in s.public_cards:
        s.public_cards.remove(CardRef(bid))  # (known on top of the base deck: The Nexus)
    s.cards[bid].face_up = True
    s.zones[BASES].insert(index, bid)
    s.zones[base_zone(bid)] = []
    inplay.changed(s)
    base = g.base_def(s, bid)
    g.log(
        s,
        "new_base",
        rule,
        f"{base.name} comes into play (breakpoint {base.breakpoint}, "
        f"VP {'/'.join(map(str, base.vp))})",
        base=s.cards[bid].defn,
    )
    return bid
