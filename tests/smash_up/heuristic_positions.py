"""The position tests of Smash Up's heuristic (``test_heuristic_*.py``): a position built as a
scenario is, the choices listed made (``@alias`` names a card of the setup), and the answer the
heuristic gives to the decision that follows."""

from __future__ import annotations

import re
from typing import Any

from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.heuristic import SmashUpHeuristic
from cardwright.games.smash_up.scenario import build

GAME = SmashUp()


def assert_answers(
    setup: dict[str, Any], choices: list[str], answer: str, names: tuple[str, ...] = ()
) -> None:
    """The heuristic answers ``answer`` after ``choices`` in the position ``setup``."""
    state, aliases = build(GAME, {"names": list(names or ("Ann", "Bob"))}, setup, 1)
    ids = {name: str(getattr(ref, "id", ref)) for name, ref in aliases.items()}

    def named(text: str) -> str:
        return re.sub(r"@(\w+)", lambda m: ids[m.group(1)], text)

    for choice in choices:
        assert state.decision is not None
        GAME.apply(state, named(choice), state.decision.seat)
    assert state.decision is not None
    seat = state.decision.seat
    assert SmashUpHeuristic(0).choose(GAME, state, seat) == named(answer)
