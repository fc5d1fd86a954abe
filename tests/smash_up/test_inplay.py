"""The kept cards in play (``inplay``): a card that enters or leaves a base updates the kept
answer in place, and it must then equal the answer derived afresh from the zones."""

from __future__ import annotations

import random

import pytest

from cardwright.core.errors import EngineError
from cardwright.core.zones import create_card
from cardwright.games.smash_up.catalog import BASES, base_zone
from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.inplay import InPlay, in_play_now
from cardwright.games.smash_up.state import SUState

GAME = SmashUp()


def _derived(s: SUState) -> InPlay:
    anew = InPlay(s)
    anew._sort(GAME.cat(s))
    return anew


def _same(kept: InPlay, anew: InPlay) -> None:
    assert kept.ids == anew.ids
    assert kept.defns == anew.defns
    assert kept.where == anew.where
    assert kept.found == anew.found
    assert kept.specs == anew.specs


def test_moves_to_and_from_bases_update_the_kept_answer_in_place() -> None:
    s = GAME.new_state({"players": 3}, 11, log=False)
    assert isinstance(s, SUState)
    cat = GAME.cat(s)
    kinds = next(iter(cat.kind_sets))
    rnd = random.Random(5)
    pool = [(c, f"deck:{p}") for p in range(3) for c in s.zones[f"deck:{p}"]]
    rnd.shuffle(pool)
    bases = list(s.zones[BASES])
    kept = in_play_now(s)
    kept.having(kinds, cat)  # sorted: the sets are kept from now on
    at: dict[int, str] = {}
    for step in range(120):
        if at and rnd.random() < 0.35:  # leave a base, for a discard pile or another base
            cid = rnd.choice(sorted(at))
            src = at.pop(cid)
            if rnd.random() < 0.5:
                dest = base_zone(rnd.choice(bases))
                at[cid] = dest
            else:
                dest = f"discard:{s.cards[cid].owner}"
        else:
            cid, src = pool.pop()
            dest = base_zone(rnd.choice(bases))
            at[cid] = dest
        handed_out = [(v, list(v)) for v in [*kept.found.values(), *kept.specs.values()]]
        GAME.to_zone(s, cid, src, dest, bottom=rnd.random() < 0.3)
        assert in_play_now(s) is kept, "updated in place, not derived again"
        _same(kept, _derived(s))
        # what was handed out before the move is as it was: replaced, never changed in place
        assert all(v == copy for v, copy in handed_out), f"step {step}"
        # the kept minions in play follow the move too
        minions = [
            (c, b) for b in bases for c in s.zones[base_zone(b)] if cat.is_minion[s.cards[c].defn]
        ]
        assert GAME.minions_in_play(s) == minions, f"step {step}"
    assert len(kept.ids) > 40


def test_a_base_leaving_play_derives_the_answer_again() -> None:
    s = GAME.new_state({"players": 2}, 4, log=False)
    assert isinstance(s, SUState)
    kept = in_play_now(s)
    bid = s.zones[BASES][0]
    GAME.to_zone(s, bid, BASES, "base_discard")
    anew = in_play_now(s)
    assert anew is not kept
    assert bid not in anew.ids


def test_a_card_made_without_saying_so_is_caught() -> None:
    """The catalog kept on the state is a bare read; with the checks on, a look at the cards
    in play fails once a card is made without ``cards_made`` (the kept catalog is stale)."""
    s = GAME.new_state({"players": 2}, 4, log=False)
    assert isinstance(s, SUState)
    GAME.cat(s)
    in_play_now(s)  # the kept catalog is the state's cards'
    create_card(s, s.cards[s.zones["hand:0"][0]].defn, 0, "hand:0")
    with pytest.raises(EngineError, match="cards_made"):
        in_play_now(s)
    GAME.cards_made(s)
    GAME.cat(s)
    in_play_now(s)
