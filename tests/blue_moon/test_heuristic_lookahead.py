"""The heuristic tries a first character on a copy before playing it, so that it does not
begin turns it would have to take back (friendly backtracking, ruling R4): over games of
every people it backtracks (almost) never, where the heuristic without its trials backtracks
about three times a game (tools/bm_backtracks.py measures both, and the win rates)."""

from __future__ import annotations

from cardwright.agents import make_agent
from cardwright.games import get_game
from cardwright.games.blue_moon.carddata import PEOPLES
from cardwright.games.blue_moon.game import UNSUPPORTED_PEOPLES
from cardwright.games.blue_moon.heuristic import BlueMoonHeuristic

GAME = get_game("blue-moon")
PLAYABLE = [p for p in PEOPLES if p not in UNSUPPORTED_PEOPLES]


def _backtracks(lookahead: bool, games: int) -> int:
    count = 0
    for i in range(games):
        peoples = [PLAYABLE[i % len(PLAYABLE)], PLAYABLE[(i * 3 + 1) % len(PLAYABLE)]]
        agents = [BlueMoonHeuristic(i, lookahead=lookahead), make_agent("random", "blue-moon", i)]
        state = GAME.new_state({"peoples": peoples}, i, log=True)
        while state.decision is not None:
            seat = state.decision.seat
            GAME.apply(state, agents[seat].choose(GAME, state, seat), seat)
        count += sum(1 for e in state.log if e.kind == "backtrack" and e.seat == 0)
    return count


def test_the_heuristic_begins_no_turn_it_must_take_back() -> None:
    assert _backtracks(lookahead=False, games=16) >= 16  # the dead ends are common
    assert _backtracks(lookahead=True, games=16) == 0


def test_the_search_rolls_out_with_the_quick_player() -> None:
    quick = BlueMoonHeuristic.rollout_policy(3)
    assert isinstance(quick, BlueMoonHeuristic) and not quick.lookahead
