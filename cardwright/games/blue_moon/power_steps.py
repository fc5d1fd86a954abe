"""The steps Blue Moon's verbs push when a power needs a question of its own: drawing up to a
number of cards, discarding hand cards by printed value, taking cards at random from a shuffled
discard pile, searching the draw deck (cards of one's choosing are picked with the core
``choose``). Each asks purely and pops itself once done; the rule it cites is the power's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.zones import move

from .state import BMState, BMStep

if TYPE_CHECKING:
    from .game import BlueMoon


def random_cards(s: BMState, zone: str, n: int) -> list[int]:
    """Up to ``n`` different cards of ``zone`` picked at random from the state's RNG, in the
    order drawn (one ``randbelow`` per card over those not yet drawn). Nothing moves: the caller
    moves and logs them (the pick is a chance event, so a turn becomes irreversible, R4)."""
    rest = list(s.zones.get(zone, ()))
    return [rest.pop(chance.randbelow(s, len(rest))) for _ in range(min(n, len(rest)))]


class TakeFromShuffledDiscard(BMStep, tag="bm.take_from_shuffled_discard"):
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

    def ask(self, game: BlueMoon, state: BMState) -> Decision | None:
        most = self._most(game, state)
        if most <= 0:
            return None
        options = [Option(f"take:{n}", f"Take {n} card(s)", n=n) for n in range(most, -1, -1)]
        prompt = f"Take up to {most} cards from your shuffled discard pile"
        return game.question(self.seat, "take_from_discard", prompt, options, self.rule)

    def run(self, game: BlueMoon, state: BMState) -> None:
        game.pop(state, self)
        self._take(game, state, 0)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        assert option.n is not None
        n = min(option.n, self._most(g, s))
        g.pop(s, self)
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


class ValueDiscard(BMStep, tag="bm.value_discard"):
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

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
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
        return g.question(seat, "value_discard", prompt, options, self.rule)

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat = self.seat
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


class DrawUpTo(BMStep, tag="bm.ab.draw_up_to"):
    """The card's player may draw up to ``most`` cards (or, ``all_or_none``, exactly ``most``
    or none), as many as they may take; with none to take the power does nothing."""

    most: int
    rule: str
    all_or_none: bool = False

    def ask(self, game: BlueMoon, state: BMState) -> Decision | None:
        most = game.drawable(state, self.seat, self.most)
        if most == 0:
            return None
        counts = (most, 0) if self.all_or_none else range(most, -1, -1)
        options = [Option(f"draw:{n}", f"Draw {n} card(s)", n=n) for n in counts]
        return game.question(
            self.seat, "draw_up_to", f"Draw up to {most} cards", options, self.rule
        )

    def run(self, game: BlueMoon, state: BMState) -> None:
        game.pop(state, self)  # nothing can be drawn: the power does nothing
        if state.logging:
            seat = self.seat
            game.log(
                state, "draw_none", self.rule, f"{state.names[seat]} has no card to draw", seat
            )

    def answer(self, game: BlueMoon, state: BMState, option: Option) -> None:
        game.pop(state, self)
        seat, n = self.seat, option.n
        if n:
            game.draw(state, seat, n, self.rule)
        elif state.logging:
            game.log(state, "draw_none", self.rule, f"{state.names[seat]} draws no cards", seat)


def take_to_hand(g: BlueMoon, s: BMState, seat: int, cid: int, zone: str, rule: str) -> None:
    move(s, cid, f"hand:{seat}", from_zone=f"{zone}:{seat}")
    s.cards[cid].face_up = True
    s.known[1 - seat].append(CardRef(cid))  # shown: the opponent knows it is in this hand now
    g.hand_changed(s, seat)
    if s.logging:
        where = "draw deck" if zone == "deck" else "discard pile"
        g.log(
            s,
            "take",
            rule,
            f"{s.names[seat]} shows {g.card_name(s, cid)} from the {where} and takes it",
            seat,
            card=cid,
        )


class SearchDeck(BMStep, tag="bm.ab.search_deck"):
    """I look through my draw deck, may show one card and take it, then shuffle. The options
    name card numbers (``arg``), not instances: the deck's order is hidden even from its
    owner."""

    rule: str

    def ask(self, g: BlueMoon, s: BMState) -> Decision | None:
        seat = self.seat
        numbers = sorted({s.cards[c].defn for c in s.zones[f"deck:{seat}"]})
        options = [Option(f"take:{n}", g.defs[n].name, arg=n) for n in numbers]
        options.append(Option("none", "Take nothing"))
        return g.question(
            seat, "search_deck", "Take a card from your draw deck", options, self.rule
        )

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        seat, rule = self.seat, self.rule
        deck = s.zones[f"deck:{seat}"]
        g.pop(s, self)
        if option.arg:
            cid = next(c for c in deck if s.cards[c].defn == option.arg)
            take_to_hand(g, s, seat, cid, "deck", rule)
        chance.shuffle(s, deck)
        if s.logging:
            g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles the draw deck", seat, chance=True)
