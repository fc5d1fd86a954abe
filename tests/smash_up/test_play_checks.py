"""The shortcut of the play checks: an allowance that :func:`fits_anywhere` must pass
:func:`dest_fits` at every destination, or ``destinations`` would offer a place the rules do not
allow. Checked for every kind of allowance on mid-game states of random games."""

from __future__ import annotations

import itertools

from cardwright.agents import RandomAgent
from cardwright.core.state import CardRef
from cardwright.games.smash_up.allowances import dest_fits, fits_anywhere
from cardwright.games.smash_up.catalog import BASES
from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.state import Allowance, SUState

GAME = SmashUp()


def _mid_game(seed: int, decisions: int) -> SUState:
    s = GAME.new_state({"players": 2}, seed, log=False)
    agent = RandomAgent(seed)
    while s.decision is not None and s.decisions < decisions:
        GAME.apply(s, agent.choose(GAME, s, s.decision.seat))
    assert isinstance(s, SUState)
    return s


def test_an_allowance_that_fits_anywhere_fits_every_destination() -> None:
    shortcuts = refused = 0
    for seed, decisions in itertools.product(range(6), (40, 90)):
        s = _mid_game(seed, decisions)
        seat = s.active
        bases = list(s.zones[BASES])
        minions = [m for m, _ in GAME.minions_in_play(s)]
        # a minion goes to a base; an action to no place (-1), a base or a minion, and no
        # allowance sets a condition on where an action goes
        kinds = (
            ("minion", bases, ("", "no_own_minion")),
            ("action", [-1, *bases, *minions], ("",)),
        )
        for (kind, dests, conds), zone, src in itertools.product(
            kinds, ("hand", "discard"), (f"hand:{seat}", f"discard:{seat}")
        ):
            for base, cond in itertools.product((None, *bases), conds):
                a = Allowance(
                    kind=kind, zone=zone, base=None if base is None else CardRef(base), cond=cond
                )
                results = [
                    dest_fits(GAME, s, a, seat, cid, dest, src)
                    for cid in s.zones[src]
                    for dest in dests
                ]
                if fits_anywhere(a, src):
                    shortcuts += 1
                    assert all(results), (seed, decisions, a, src)
                elif not all(results):
                    refused += 1
    # both sides were seen: the shortcut taken, and allowances it rightly leaves to dest_fits
    assert shortcuts > 0 and refused > 0
