"""What the tests of a game's board data (``present``) check alike for every game: the board
of a seat's view as plain JSON, positions of games played by agents, the same board whatever
hidden cards lie where, and every card a board names a card of the frame."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from typing import Any

from cardwright.agents import Agent
from cardwright.conformance import hidden_swaps
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.state import State, clone
from cardwright.games import GAMES


def board_of(game: Game, state: State, seat: int) -> dict[str, Any]:
    """The game's board (its registry's ``present``) of ``seat``'s view of ``state``, checked
    to be plain JSON."""
    board: dict[str, Any] = GAMES[game.id].tool("present")(game, game.view(state, seat), seat)
    assert json.loads(json.dumps(board)) == board  # plain JSON
    return board


def positions(
    game: Game, state: State, agents: Sequence[Agent], every: int, at: int, most: int
) -> list[State]:
    """Copies of ``state`` as ``agents`` (one a seat) play it on, at each decision ``n`` with
    ``n % every == at``, for at most ``most`` decisions."""
    found = []
    for n in range(most):
        if state.decision is None:
            break
        if n % every == at:
            found.append(clone(state))
        seat = state.decision.seat
        game.apply(state, agents[seat].choose(game, state, seat))
    return found


def same_whatever_hidden(
    game: Game, state: State, seat: int, board: dict[str, Any], rng: LocalRng, tries: int
) -> int:
    """Checks that ``seat``'s board of ``state`` stays ``board`` with hidden cards the seat
    cannot tell apart exchanged (``hidden_swaps``); how many exchanges were checked."""
    swaps = 0
    for what, swapped in hidden_swaps(game, state, seat, rng, tries=tries):
        assert board_of(game, swapped, seat) == board, what
        swaps += 1
    return swaps


def cards_in_frame(
    frame: dict[str, Any], referenced: Collection[int], text: Callable[[Any], str]
) -> None:
    """Every card the board names (``referenced``) is a card of the frame: hidden there too,
    or visible with its whole text (``text(defn)``)."""
    for cid in referenced:
        if cid < 0:
            assert frame["cards"].get(str(cid), {"hidden": True})["hidden"]
            continue
        card = frame["cards"][str(cid)]
        assert frame["faces"][card["defn"]]["text"] == text(card["defn"])
