"""Writing scenarios from the documentation alone (issue 12, part 3): the option ids of every
decision kind, choosing by alias, YAML read as written, the facts of one card, zone and log
checks, refused setups, forced answers explained, and games recorded as scenarios."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardwright.conformance import check_option_ids
from cardwright.core.game import Game
from cardwright.core.option_ids import OptionForms
from cardwright.core.state import State
from cardwright.games import GAMES, option_forms
from cardwright.scenarios import load_scenarios, run_scenario

from .test_cli import cw

DOC = Path(__file__).parents[1] / "docs" / "scenarios.md"
SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_option_tables_in_the_doc_are_what_the_command_prints(game: str) -> None:
    blocks = dict(
        re.findall(
            r"<!-- options: ([a-z-]+) -->\n(.*?)\n<!-- end options -->", DOC.read_text(), re.S
        )
    )
    printed = cw("scenario", "options", game)
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout.startswith(blocks[game] + "\n\n")
    assert "| `order_triggers` | `trigger:N` |" in blocks[game]


def _check(game: Game, state: State) -> None:
    check_option_ids(game, state, f"{game.id} scenario")


@pytest.mark.parametrize("folder", sorted(p.name for p in SCENARIOS.iterdir() if p.is_dir()))
def test_every_option_a_scenario_meets_takes_a_documented_form(folder: str) -> None:
    for path in sorted((SCENARIOS / folder).glob("*.yaml")):
        for scenario in load_scenarios(path):
            assert run_scenario(scenario, on_decision=_check).passed, scenario.name


def test_forms_match_as_documented() -> None:
    forms = OptionForms("test", {"main": (("play:CARD", "play"), ("activate:CARD:WORD", "use"))})
    assert forms.form_of("main", "play:17") is not None
    assert forms.form_of("main", "activate:3:attack") is not None
    assert forms.undeclared("main", ["play:x", "play:1:2", "end"]) == ["play:x", "play:1:2", "end"]
    assert forms.undeclared("order_triggers", ["trigger:0"]) == []  # the core's kind
    assert option_forms("smash-up").form_of("name_card", "name:zombies/walker") is not None


def run(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text)
    proc = cw("scenario", "run", "-v", str(path))
    return proc.returncode, proc.stdout + proc.stderr


BLUE_MOON = """\
game: blue-moon
config: {names: [Ann, Bob], peoples: [Hoax, Vulca]}
name: case
setup:
  active: Ann
  start: Ann
  seats:
    Ann: {hand: [Hoax 12 as demi, Hoax 1 as one], deck: [Hoax 2 x5]}
    Bob: {deck: [Vulca 1 x5]}
"""


def test_choose_by_alias_card_facts_and_zone_checks(tmp_path: Path) -> None:
    code, out = run(
        tmp_path,
        BLUE_MOON
        + """steps:
  - choose: "@demi"
  - expect:
      "@demi": {zone: combat, owner: Ann, controller: Ann, face_up: true}
      combat: {Ann: {contains: [Demegodas the Odd], lacks: ["@one"], count: 1}}
      hand: {Ann: {contains: [Hoax 1]}}
      log_excludes: [{text: dragon}]
""",
    )
    assert code == 0, out
    code, out = run(tmp_path, BLUE_MOON + 'steps:\n  - expect: {hand: {Ann: {lacks: ["@demi"]}}}\n')
    assert code == 1 and "holds @demi, which it should not" in out
    played = 'steps:\n  - choose: "@demi"\n  - expect: {log_excludes: [{text: Demegodas}]}\n'
    code, out = run(tmp_path, BLUE_MOON + played)
    assert code == 1 and "the log has an event it should not" in out


def test_choose_by_alias_names_the_options_when_several_concern_the_card(tmp_path: Path) -> None:
    text = """\
game: bizarre-world
config: {names: [Ann, Bob]}
name: case
setup: {seats: {Ann: {hand: [Boring Rock of Minimum Wage (2) as rock], resources: 2}}}
steps:
  - choose: "@rock"
"""
    assert run(tmp_path, text)[0] == 0
    # in the 2023-01-18 ruleset (a date YAML leaves as text) the printer may act two ways
    printer = text.replace("[Ann, Bob]", "[Ann, Bob], ruleset: 2023-01-18").replace(
        "hand: [Boring Rock of Minimum Wage (2) as rock]",
        "play: [Boring Penny Printer of Minimum Wage (4) as p]",
    )
    code, out = run(tmp_path, printer.replace('"@rock"', '"@p"'))
    assert code == 1 and "2 options concern @p: activate:" in out


def test_yes_and_numbers_are_read_as_written(tmp_path: Path) -> None:
    text = BLUE_MOON.replace("Ann", "Yes").replace("Bob", "No")  # seats named as YAML words
    steps = "steps:\n  - expect: {decision: {seat: Yes, kind: turn}}\n  - reject: yes\n    by: 1\n"
    code, out = run(tmp_path, text + steps)
    assert code == 0, out


def test_a_setup_can_be_expected_to_be_refused(tmp_path: Path) -> None:
    head = "game: bizarre-world\nconfig: {names: [Ann, Bob]}\nname: case\n"
    cards = "[Boring Rock of Minimum Wage (2) as r, Boring Gift of Minimum Wage (2) as r]"
    twice = f"setup: {{seats: {{Ann: {{hand: {cards}}}}}}}\n"
    assert run(tmp_path, head + twice + "refused: used twice\n")[0] == 0
    code, out = run(tmp_path, head + twice + "refused: no such card\n")
    assert code == 1 and "refused, but with" in out
    code, out = run(tmp_path, head + "setup: {}\nrefused: used twice\n")
    assert code == 1 and "accepted but should have been refused" in out


def test_a_choose_after_a_forced_answer_says_what_the_game_did(tmp_path: Path) -> None:
    code, out = run(
        tmp_path,
        """\
game: bizarre-world
config: {names: [Ann, Bob]}
name: case
setup: {seats: {Ann: {hand: [Boring Rock of Minimum Wage (2) as r], resources: 2}}}
steps:
  - choose: play:@r
  - choose: pay:neutral
""",
    )
    assert code == 1
    assert "answers forced questions without asking" in out
    assert "Ann pays 1 with a neutral resource" in out


def test_a_recorded_game_is_a_scenario_that_passes(tmp_path: Path) -> None:
    scenario = tmp_path / "played.yaml"
    played = cw(
        "play", "varia", "--seed", "4", "--record-scenario", str(scenario), stdin="1\n1\n2\n1\nq\n"
    )
    assert played.returncode == 0, played.stderr
    assert f"wrote the scenario {scenario}" in played.stdout
    text = scenario.read_text()
    assert "start: new" in text and "by: Human" in text and "note:" in text
    ran = cw("scenario", "run", str(scenario))
    assert ran.returncode == 0 and "1 passed" in ran.stdout, ran.stdout + ran.stderr
    # the path is checked before the game, as --save is
    refused = cw("play", "varia", "--record-scenario", str(tmp_path / "nowhere" / "x.yaml"))
    assert refused.returncode == 2 and refused.stdout == ""


def test_rules_show_whole_rule_ids() -> None:
    shown = cw("rules", "smash-up")  # 80 columns, as a small terminal
    assert shown.returncode == 0 and "…" not in shown.stdout
    assert "su.setup.deck" in shown.stdout


#: words each game's screen shows that its guide must explain
SCREEN_WORDS = {
    "bizarre-world": (
        "gray this turn",
        "neutral resources",
        "unspent attack",
        "(exhausted)",
        "purple",
    ),
    "blue-moon": ("dragons", "leadership pile", "(covered)", "(ignored)", "PAIR", "FREE", "GANG"),
    "smash-up": ("VP", "power/breakpoint", "counters", "plays left", "(extra)", "Talent"),
    "varia": ("AP", "stacks", "(ruined)", "forgotten", "moment", "[disrupted]", "queue", "2+2d6"),
    "munchkin": ("Level", "(carried)", "(dead)", "(L8, 2T)", "Fight", "Charity"),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_has_a_guide_to_its_screen(game: str) -> None:
    shown = cw("rules", game, "--guide")
    assert shown.returncode == 0, shown.stderr
    text = " ".join(shown.stdout.split())
    assert "how to play" in text
    for word in SCREEN_WORDS[game]:
        assert word in text, word


def test_h_in_play_shows_the_guide() -> None:
    played = cw("play", "varia", "--seed", "1", stdin="h\nq\n")
    assert played.returncode == 0 and "Varia: how to play" in played.stdout


PHASES = """\
scenarios:
  - game: bizarre-world
    name: draw phase name
    config: {names: [Ann, Bob]}
    setup: {phase: draw, seats: {Ann: {deck: [Boring Rock of Minimum Wage (2) x3]}}}
    steps:
      - expect: {decision: {seat: Ann, kind: sacrifice}, hand_count: {Ann: 1}}
  - game: bizarre-world
    name: start phase name
    config: {names: [Ann, Bob]}
    setup: {phase: start, seats: {Ann: {deck: [Boring Rock of Minimum Wage (2) x3]}}}
    steps:
      - expect: {decision: {seat: Ann, kind: sacrifice}, hand_count: {Ann: 1}, phase: sacrifice}
  - game: munchkin
    name: charity
    config: {names: [Ann, Bob, Cid]}
    setup: {phase: charity}
    steps:
      - expect: {over: false}
  - game: blue-moon
    name: beginning
    config: {names: [Ann, Bob], peoples: [Hoax, Vulca]}
    setup:
      phase: beginning
      active: Ann
      start: Ann
      seats: {Ann: {hand: [Hoax 1], deck: [Hoax 2 x5]}, Bob: {deck: [Vulca 1 x5]}}
    steps:
      - expect: {decision: {seat: Ann, kind: turn}}
"""


def test_setup_phases_take_the_names_the_games_report(tmp_path: Path) -> None:
    code, out = run(tmp_path, PHASES)
    assert code == 0 and "4 passed" in out, out
