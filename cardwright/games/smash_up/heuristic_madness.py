"""What Smash Up's heuristic (:mod:`.heuristic`) knows of Madness (The Obligatory Cthulhu Set).

A Madness card is an action: played, it draws two cards or goes back to the Madness deck.
Each two a player owns (hand, deck, discard pile) cost 1 VP at the end, and a tie for the most
VP goes to the fewest. So a Madness card is cheap early, when the two cards it draws are worth
more than half a VP, and dear near the end, when it is better returned. The rules here:

- a Madness card played draws two early, goes back once the game nears its end or when the
  player's deck is clogged with Madness (:func:`return_madness`);
- a Madness card offered as a price (Researcher, Shoggoth, Mi-go, Dunwich Horror, Arkham
  University, Things Best Not Known, Recruitment, Mysteries of the Deep) is taken when what it
  buys is worth its cost now (:func:`madness_cost`);
- cards that pay for discarding or returning Madness (Madness Unleashed, ...It Just Might Work,
  Psychologist, Jinkies!, Librarian, Asylum, Field Trip) are used on the Madness cards held,
  and cards that put a card back into the deck (Servitor of Cthulhu, It Begins Again,
  Innsmouth) never pick a Madness card;
- Star-Spawn of Cthulhu gives its Madness card to the leader.

It reads only what its seat may know: its own hand, deck size and discard pile, the public
zones, and how many Madness cards each player owns (every Madness card a player gains or loses
moves in the open: drawn from the face-up Madness deck, given, returned or boxed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Decision, Option

from .carddata import MADNESS
from .madness import MADNESS_DECK, madness_owned
from .scoring import rank
from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: actions and Talents whose play makes their player draw this many Madness cards
DRAWS_MADNESS = {
    "minions_of_cthulhu/corruption": 1,
    "minions_of_cthulhu/the_seal_is_broken": 1,
    "minions_of_cthulhu/whispers_in_darkness": 1,
    "miskatonic_university/thats_so_crazy": 1,
    "miskatonic_university/eldritch_gate": 1,
}
#: abilities that put a +1 power counter (or power) on a minion of the player's choice
HELPS = {
    "miskatonic_university/researcher",
    "miskatonic_university/things_best_not_known",
    "elder_things/mi_go",
}
#: actions worth playing only with a Madness card in hand (or, Jinkies!, in the discard pile)
NEEDS_MADNESS = {
    "minions_of_cthulhu/madness_unleashed",
    "miskatonic_university/it_just_might_work",
    "miskatonic_university/jinkies",
}
#: a base where each minion played costs its owner a Madness card
MOUNTAINS = "mountains_of_madness"


def is_madness(s: SUState, cid: int) -> bool:
    return s.cards[cid].defn == MADNESS


def held(s: SUState, seat: int, zone: str = "hand") -> list[int]:
    """The Madness cards in ``seat``'s hand (or discard pile)."""
    return [c for c in s.zones.get(f"{zone}:{seat}", ()) if s.cards[c].defn == MADNESS]


def _to_win(s: SUState) -> int:
    return int(s.config.get("vp_to_win", 15))


def lateness(s: SUState) -> float:
    """How near the game is to its end, 0 (no VP yet) to 1 (someone has the VP to win)."""
    return min(1.0, max(s.vp) / max(1, _to_win(s)))


def madness_cost(s: SUState, seat: int) -> float:
    """What one more Madness card costs ``seat``, in the heuristic's card values (a card in
    hand is worth about 1, a minion 1 + its power): half a VP at the end, and a card that
    clogs the draws, little at the start, a lot once the game nears its end."""
    late = lateness(s)
    clog = 0.15 * madness_owned(s, seat)
    return 0.4 + clog + 2.5 * late * late


def return_madness(s: SUState, seat: int) -> bool:
    """Whether a Madness card being played should go back to the Madness deck rather than
    draw two cards: near the end (a VP may decide it, and the tie-break counts them), or
    when so much of the player's deck is Madness that two cards drawn would bring more."""
    if max(s.vp) >= _to_win(s) - 4:
        return True
    owned = madness_owned(s, seat) + 1  # (the one being played is counted once it is done)
    cards = sum(len(s.zones.get(f"{z}:{seat}", ())) for z in ("hand", "deck", "discard")) + 1
    return owned >= 5 or owned * 4 >= cards


def vp_at(g: SmashUp, s: SUState, bid: int, seat: int, change: dict[int, int]) -> int:
    """The VP ``seat`` would get if the base scored with each player's power changed by
    ``change`` (a player needs power there to place)."""
    powers = g.powers_at(s, bid)
    for p, d in change.items():
        powers[p] = powers.get(p, 0) + d
    place = rank({p: v for p, v in powers.items() if v > 0}).get(seat)
    return g.base_def(s, bid).vp[place - 1] if place else 0


def _pick(options: list[Option], *ids: str) -> str | None:
    have = {o.id for o in options}
    return next((i for i in ids if i in have), None)


def _scoring_base(g: SmashUp, s: SUState) -> int:
    """The base being scored (its Respond step or score step), -1 when none."""
    for frame in reversed(s.stack):
        for attr in ("base", "card"):
            bid = getattr(frame, attr, None)
            if isinstance(bid, int) and bid in s.zones["bases"]:
                return bid
    return -1


def _source_base(g: SmashUp, s: SUState) -> int:
    source = getattr(s.stack[-1], "source", None)
    return g.base_of(s, source) if isinstance(source, int) else -1


def things_best_not_known(g: SmashUp, s: SUState, seat: int, bid: int, most: int) -> int:
    """The fewest Madness cards (+2 power each to a minion there) that win ``seat`` the most
    VP at the base about to score; 0 when none gains a place."""
    best, k_best = vp_at(g, s, bid, seat, {}), 0
    for k in range(1, most + 1):
        vp = vp_at(g, s, bid, seat, {seat: 2 * k})
        if vp > best and vp - best >= 0.5 * k * (0.5 + lateness(s)):
            best, k_best = vp, k
    return k_best


def use_special(g: SmashUp, s: SUState, seat: int, card: str, cid: int, bid: int) -> bool:
    """Whether a Special of the Cthulhu set is worth using as base ``bid`` is about to
    score: Cthulhu's Chosen (+2 for a Madness card) and Things Best Not Known when the power
    wins a place, Old Man Jenkins? when the strongest minion there is another player's and
    its loss helps."""
    before = vp_at(g, s, bid, seat, {})
    if card == "minions_of_cthulhu/cthulhus_chosen":
        return g.base_of(s, cid) == bid and vp_at(g, s, bid, seat, {seat: 2}) > before
    if card == "miskatonic_university/things_best_not_known":
        return any(s.cards[m].controller == seat for m in g.minions_at(s, bid)) and (
            things_best_not_known(g, s, seat, bid, min(3, len(s.zones[MADNESS_DECK]))) > 0
        )
    if card == "miskatonic_university/old_man_jenkins":
        minions = g.minions_at(s, bid)
        if not minions:
            return False
        powers = {m: g.power(s, m, bid) for m in minions}
        top = max(powers.values())
        strongest = [m for m in minions if powers[m] == top]
        if any(s.cards[m].controller == seat for m in strongest):
            return False
        rival = s.cards[strongest[0]].controller
        after = vp_at(g, s, bid, seat, {rival: -top})
        return after > before or vp_at(g, s, bid, rival, {rival: -top}) < vp_at(
            g, s, bid, rival, {}
        )
    return False


def play_value(g: SmashUp, s: SUState, seat: int, cid: int, card: str) -> float | None:
    """What playing a Cthulhu-set action (or a Madness card) from hand is worth to the
    heuristic's Play Cards phase, or None when it has no rule of its own for it."""
    if card == MADNESS:
        # before the minion, as Mystic Studies: two cards drawn to choose from, or one Madness
        # card fewer (measured: better than keeping the action play for another action)
        return 4.5
    if card in NEEDS_MADNESS:
        hand = [c for c in held(s, seat) if c != cid]
        if card == "miskatonic_university/jinkies":
            return 2.0 if hand or held(s, seat, "discard") else 0.2
        return 3.0 if hand else 0.2
    if card in DRAWS_MADNESS:
        return max(0.3, 2.0 - DRAWS_MADNESS[card] * madness_cost(s, seat) + 0.4)
    if card == "innsmouth/recruitment":
        minions = [c for c in s.zones[f"hand:{seat}"] if g.is_minion(s, c)]
        return 5.0 if len(minions) >= 2 and lateness(s) < 0.8 else 0.2
    return None


def talent_value(g: SmashUp, s: SUState, seat: int, card: str) -> float | None:
    """What using a Cthulhu-set Talent is worth (None: no rule of its own, the heuristic's
    usual 5)."""
    if card == "miskatonic_university/librarian":
        if held(s, seat):
            return 5.0  # play a Madness card as an extra action
        # otherwise it only draws a Madness card (measured: no better than leaving it)
        return 0.0
    if card in DRAWS_MADNESS:  # Eldritch Gate: a Madness card and an extra minion there
        minions = [c for c in s.zones[f"hand:{seat}"] if g.is_minion(s, c)]
        return 4.5 if minions and madness_cost(s, seat) < 1.5 else 0.0
    return None


def choose(g: SmashUp, s: SUState, seat: int, decision: Decision, card: str) -> str | None:
    """The heuristic's answer to a decision about Madness, or None when it has no rule of its
    own for it. ``card`` is the definition of the card (or base) whose ability asks."""
    options = decision.options
    kind = decision.kind
    cost = madness_cost(s, seat)
    if kind == "madness":  # a Madness card played: draw two, or go back
        return _pick(options, "return" if return_madness(s, seat) else "draw", "draw", "return")
    if kind == "librarian":
        return _pick(options, "play", "draw")
    if kind == "psychologist":  # return one (from the discard pile first: the hand's one plays)
        return _pick(options, "discard", "hand", "none", "take")
    if kind == "arkham":
        if _pick(options, "discard"):
            return "discard"
        actions = [
            c
            for c in s.zones[f"hand:{seat}"]
            if not is_madness(s, c) and not g.is_minion(s, c) and g.defn(s, c).ability
        ]
        return "madness" if actions and 2 * cost < 1.5 and _pick(options, "madness") else "no"
    if kind == "meddling_kids":
        rivals = any(
            s.cards[a].controller != seat
            for b in s.zones["bases"]
            for a in s.zones[f"base:{b}"]
            if not g.is_minion(s, a) and s.attached.get(CardRef(a)) == b
        )
        return _pick(options, "destroy" if rivals else "madness", "madness", "destroy")
    if kind == "dunwich_horror":  # draw two Madness cards or lose the minion (+5) before scoring
        bid = _source_base(g, s)
        dunwich = getattr(s.stack[-1], "source", None)
        host = s.attached.get(CardRef(dunwich), -1) if isinstance(dunwich, int) else -1
        if bid < 0 or host not in s.cards:
            return None
        loss = g.power(s, host, bid)
        keep = vp_at(g, s, bid, seat, {}) - vp_at(g, s, bid, seat, {seat: -loss})
        return _pick(options, "madness" if keep >= 2 * cost / 1.5 else "destroy")
    if kind == "offer":
        if card == "elder_things/shoggoth":  # refuse, and a minion of ours there may go
            bid = _source_base(g, s)
            ours = [m for m in g.minions_at(s, bid) if s.cards[m].controller == seat]
            worth = max((g.power(s, m, bid) for m in ours), default=0)
            return _pick(options, "yes" if worth > 0 and cost < 0.5 * worth + 1 else "no", "no")
        if card == "elder_things/mi_go":  # refuse, and its player draws a card
            return _pick(options, "yes" if cost < 1.0 else "no", "no")
        if card == "elder_things/spreading_horror":  # two cards of ours, or a small minion
            return _pick(options, "no")
        return None
    if kind == "use_power" and card == "miskatonic_university/researcher":
        return _pick(options, "yes" if cost < 1.3 else "no", "no")
    if kind == "use_power" and card == "innsmouth/mysteries_of_the_deep":  # 2 cards, 2 Madness
        return _pick(options, "yes" if 2 * cost < 2.0 else "no", "no")
    if kind == "count":
        return _count(g, s, seat, options, card)
    if kind == "discard" and card in NEEDS_MADNESS:  # discard a Madness card for its reward
        madness = [o for o in options if _card(o) >= 0 and is_madness(s, _card(o))]
        return madness[0].id if madness else _pick(options, "done")
    if kind == "box":  # Asylum: a Madness card out of the game for a +1 power counter
        madness = [o for o in options if _card(o) >= 0 and is_madness(s, _card(o))]
        return madness[0].id if madness else _pick(options, "keep")
    if kind == "bottom" and card == "miskatonic_university/field_trip":
        madness = [o for o in options if _card(o) >= 0 and is_madness(s, _card(o))]
        return madness[0].id if madness else _pick(options, "done")
    if kind == "choose_player" and card == "minions_of_cthulhu/star_spawn_of_cthulhu":
        players = [o for o in options if _card(o) >= 0]
        if players:  # the leader (by VP, then fewest Madness cards: the tie-break)
            return max(players, key=lambda o: (s.vp[_card(o)], -madness_owned(s, _card(o)))).id
    return None


def _card(option: Option) -> int:
    """The card (or seat) an option names (``verb:<n>``), -1 for a word."""
    tail = option.id.rsplit(":", 1)[-1]
    return int(tail) if ":" in option.id and tail.isdigit() else -1


def _count(g: SmashUp, s: SUState, seat: int, options: list[Option], card: str) -> str | None:
    counts = sorted(int(o.id.split(":")[1]) for o in options if o.id.startswith("count:"))
    if not counts:
        return None
    if card == "miskatonic_university/things_best_not_known":
        bid = _scoring_base(g, s)
        k = things_best_not_known(g, s, seat, bid, counts[-1]) if bid >= 0 else 0
    elif card == "innsmouth/recruitment":  # a Madness card for each minion in hand to play
        minions = sum(1 for c in s.zones[f"hand:{seat}"] if g.is_minion(s, c))
        free = 1 if any(a.kind == "minion" for a in s.allowances) else 0
        k = max(0, minions - free) if madness_cost(s, seat) < 2.5 else 0
    elif card in ("miskatonic_university/jinkies", "minions_of_cthulhu/madness_unleashed"):
        k = counts[-1]  # return (or draw and play for) as many as it allows
    else:
        return None
    k = max(c for c in counts if c <= k) if any(c <= k for c in counts) else counts[0]
    return f"count:{k}"


def keep_value(s: SUState, cid: int) -> float | None:
    """A card's worth to a choice that puts cards from the discard pile back into the deck
    (Servitor of Cthulhu, It Begins Again, Innsmouth): never a Madness card."""
    return -1.0 if is_madness(s, cid) else None


__all__ = [
    "DRAWS_MADNESS",
    "HELPS",
    "MOUNTAINS",
    "choose",
    "held",
    "is_madness",
    "keep_value",
    "lateness",
    "madness_cost",
    "play_value",
    "return_madness",
    "talent_value",
    "use_special",
    "vp_at",
]
