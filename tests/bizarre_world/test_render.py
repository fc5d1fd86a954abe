"""What the terminal shows of a Bizarre World position (``render.py``): a seat sees its own
neutral resources and whether each is ready; the opponent's are face down, yet an exhausted
one is turned sideways, so the screen counts the ready ones among them too (issue 12: it
once counted them all as ready, when the view lost whether a hidden card was exhausted)."""

from __future__ import annotations

from typing import cast

from cardwright.games import get_game
from cardwright.games.bizarre_world.state import BWState

GAME = get_game("bizarre-world")
BOX = "Boring Box-Man of Minimum Wage (1)"


def _state() -> BWState:
    setup = {
        "active": "Steve",
        "seats": {
            "Steve": {"resources": [f"{BOX} exhausted", BOX, BOX]},
            "Steve2": {"resources": [f"{BOX} exhausted", f"{BOX} exhausted", BOX]},
        },
    }
    state, _ = GAME.scenario_state({"names": ["Steve", "Steve2"]}, setup)
    return cast(BWState, state)


def _line(text: str, name: str) -> str:
    (line,) = [ln for ln in text.splitlines() if f"({name})" in ln and "neutral resources" in ln]
    return line


def test_own_resources_show_how_many_are_ready() -> None:
    s = _state()
    text = GAME.render(GAME.view(s, 0), 0)
    assert "neutral resources 2/3 ready" in _line(text, "Steve")


def test_the_opponents_face_down_resources_show_how_many_are_ready() -> None:
    s = _state()  # Steve has 2 of 3 resources ready, Steve2 1 of 3
    for seat, me, mine, them, theirs in (
        (0, "Steve", 2, "Steve2", 1),
        (1, "Steve2", 1, "Steve", 2),
    ):
        text = GAME.render(GAME.view(s, seat), seat)
        line = _line(text, them)
        assert f"neutral resources {theirs}/3 ready (face down)" in line, line
        line = _line(text, me)
        assert f"neutral resources {mine}/3 ready  " in line, line
