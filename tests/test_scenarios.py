"""Every scenario file under tests/scenarios must pass (rulebook examples, FAQ answers, rulings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardwright.scenarios import load_scenarios, run_scenario

ROOT = Path(__file__).parent / "scenarios"
CASES = [
    pytest.param(s, id=f"{f.parent.name}/{f.stem}: {s.name}")
    for f in sorted(ROOT.rglob("*.yaml"))
    for s in load_scenarios(f)
]


@pytest.mark.parametrize("scenario", CASES)
def test_scenario(scenario) -> None:  # type: ignore[no-untyped-def]
    result = run_scenario(scenario)
    assert result.passed, result.describe() + "\n" + "\n".join(result.citations)


def test_rulebook_battle_is_covered() -> None:
    names = [p.values[0].name for p in CASES]
    assert any("Rulebook battle" in n for n in names)


def test_a_failing_step_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "game: bizarre-world\nname: wrong expectation\nconfig: {names: [Ann, Bob]}\n"
        "setup: {active: Ann, seats: {Ann: {resources: 1, play: ['Boring Rock of Minimum Wage"
        " (2) as rock']}}}\nsteps:\n  - choose: activate:@rock\n  - expect: {attack: {Ann: 5}}\n"
    )
    (scenario,) = load_scenarios(bad)
    result = run_scenario(scenario)
    assert not result.passed and result.step == 2
    assert "attack.Ann: expected 5, found 2" in result.message
    assert any("bw.ability.effect" in c for c in result.citations)
