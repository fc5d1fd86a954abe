"""Golden playthroughs (``tests/goldens/``): seeded games recorded decision by decision.

A refactor must leave every game the same: the same questions (seat, kind, option ids), the same
words, the same log and final position. ``python -m cardwright.sim.playthroughs`` regenerates the
files; see its docstring for when ``--layout-only`` is the honest choice.
"""

from __future__ import annotations

import pytest

from cardwright.sim import playthroughs as pts

GAMES = sorted(pts._specs())


def _cases() -> list[object]:
    out = []
    for game_id in GAMES:
        for pt in pts.load(game_id).playthroughs:
            out.append(pytest.param(game_id, pt, id=f"{game_id}-{pt.name}"))
    return out


@pytest.mark.parametrize(("game_id", "pt"), _cases())
def test_golden_playthrough_replays(game_id: str, pt: pts.Playthrough) -> None:
    rep = pts.replay(game_id, pt)
    assert not rep.differences, "\n".join(rep.differences)
    assert rep.state_hash == pt.state_hash, (
        f"{game_id} {pt.name}: the same game with another state layout; if the layout change "
        "is intended, bump STATE_HASH_VERSION (cardwright/core/state.py: saved games' hashes "
        "change too) and run `python -m cardwright.sim.playthroughs regen --layout-only`"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_files_match_the_recorded_specs(game_id: str) -> None:
    recorded = [pt.name for pt in pts.load(game_id).playthroughs]
    assert recorded == [s.name for s in pts._specs()[game_id]], "regenerate the golden files"


def test_a_changed_game_is_reported() -> None:
    pt = pts.load("bizarre-world").playthroughs[0]
    step = pt.steps[3]
    pt.steps[3] = pts.Step(step.choice, "0000000000", step.text)
    rep = pts.replay("bizarre-world", pt)
    assert rep.differences and "step 3: another question" in rep.differences[0]
    pt.steps[3] = step
    pt.fingerprint = "changed"
    rep = pts.replay("bizarre-world", pt)
    assert rep.differences == [f"bizarre-world playthrough {pt.name!r}: the final position differs"]
