"""What the terminal shows of a Bizarre World position (``render.py``): a seat sees its own
neutral resources and whether each is ready; the opponent's are face down, so the screen
says they are hidden instead of counting them as ready (issue 12)."""

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


def test_the_opponents_face_down_resources_show_as_hidden_not_ready() -> None:
    s = _state()
    for seat, me, them in ((0, "Steve", "Steve2"), (1, "Steve2", "Steve")):
        text = GAME.render(GAME.view(s, seat), seat)
        theirs = _line(text, them)
        assert "neutral resources 3 hidden" in theirs, theirs
        assert "ready" not in theirs.split("neutral resources")[1].split("discard")[0]
        mine = _line(text, me)
        assert "/3 ready" in mine, mine
