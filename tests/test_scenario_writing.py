"""Writing scenarios from the documentation alone (issue 12, part 3): the option ids of every
decision kind, choosing by alias, YAML read as written, the facts of one card, zone and log
checks, refused setups, forced answers explained, and games recorded as scenarios."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardwright.conformance import check_option_ids
from cardwright.core.errors import DataError
from cardwright.core.game import Game
from cardwright.core.option_ids import OptionForms
from cardwright.core.state import State
from cardwright.games import GAMES, get_game, option_forms
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


def test_a_failing_expect_says_what_the_game_did_without_asking(tmp_path: Path) -> None:
    # nobody can interfere with this fight, so it is over before anyone is asked
    code, out = run(
        tmp_path,
        """\
game: munchkin
config: {names: [Ann, Bob, Cid]}
name: case
setup:
  active: Ann
  door_deck: [Maul Rat as rat]
  seats: {Ann: {level: 2}}
steps:
  - choose: kick
  - expect: {in_combat: true}
""",
    )
    assert code == 1 and "in_combat: expected True, found False" in out
    assert "since the previous answer it did:" in out and "Ann goes up 1 level" in out


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
    "blue-moon": (
        "dragons",
        "leadership pile",
        "(covered)",
        "(ignored)",
        "(short: at most N)",
        "PAIR",
        "FREE",
        "GANG",
    ),
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


#: per game: a config, a setup placing the card written as each form in Ann's hand, the forms
SAME_NAMES = {
    "bizarre-world": ("{names: [Ann, Bob]}", "", ["Boring Rock of Minimum Wage (2)"]),
    "blue-moon": (
        "{names: [Ann, Bob], peoples: [Hoax, Vulca]}",
        "active: Ann, start: Ann, ",
        ["Hoax 1", "Wogarathoras the Gloomy"],
    ),
    "smash-up": (
        "{names: [Ann, Bob], factions: [[dinosaurs, ninjas], [robots, aliens]]}",
        "bases: [Jungle Oasis, Tar Pits, The Homeworld], ",
        ["King Rex", "dinosaurs/king_rex"],
    ),
    "varia": ("{names: [Ann, Bob]}", "", ["Bowie Knife"]),
    "munchkin": ("{names: [Ann, Bob, Cid]}", "", ["Helm of Courage"]),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_setup_and_expectations_accept_the_same_card_names(game: str, tmp_path: Path) -> None:
    config, extra, forms = SAME_NAMES[game]
    for written in forms:
        for expected in forms:
            text = (
                f"game: {game}\nconfig: {config}\nname: case\n"
                f'setup: {{{extra}seats: {{Ann: {{hand: ["{written}"]}}}}}}\n'
                f'steps:\n  - expect: {{hand: {{Ann: ["{expected}"]}}}}\n'
            )
            code, out = run(tmp_path, text)
            assert code == 0, (written, expected, out)


def test_setup_refuses_a_position_no_game_reaches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    head = "game: bizarre-world\nconfig: {names: [Ann, Bob]}\nname: case\n"
    rock = "Boring Rock of Minimum Wage (2)"
    twice = f'setup: {{seats: {{Ann: {{hand: ["{rock} as r"], play: ["@r"]}}}}}}\n'
    code, out = run(tmp_path, head + twice + "steps: [{expect: {over: false}}]\n")
    assert code == 2 and "a card is in one place only" in out
    negative = 'setup: {seats: {Ann: {play: ["Boring Tree of Sacrifice (0)"]}}}\n'
    code, out = run(tmp_path, head + negative + "steps: [{expect: {over: false}}]\n")
    assert code == 2 and "has -1 points" in out and "[bw.deck.points]" in out
    # every built position is checked by the game's invariants (a card in two zones ...)
    game = get_game("bizarre-world")
    monkeypatch.setattr(type(game), "invariants", lambda self, state: ["card 3 is in a and b"])
    with pytest.raises(DataError, match="setup: the position is not legal: card 3 is in a and b"):
        game.scenario_state({"names": ["Ann", "Bob"]}, {})


def test_a_deck_case_checks_a_deck_file(tmp_path: Path) -> None:
    decks = SCENARIOS / "bizarre_world" / "decks"
    four = f"game: bizarre-world\nname: case\ndeck: {decks / 'four_rocks.toml'}\n"
    assert run(tmp_path, four + "refused: appears 4 times\n")[0] == 0
    code, out = run(tmp_path, four + "refused: has 17 cards\n")
    assert code == 1 and "refused, but with" in out
    code, out = run(tmp_path, four)
    assert code == 1 and "the deck was refused" in out
    legal = f"game: bizarre-world\nname: case\ndeck: {decks / 'legal.toml'}\n"
    code, out = run(tmp_path, legal + "refused: anything\n")
    assert code == 1 and "accepted but should have been refused" in out
    code, out = run(tmp_path, "game: bizarre-world\nname: case\ndeck: nowhere.toml\n")
    assert code == 2 and "nowhere.toml" in out
    code, out = run(tmp_path, "game: smash-up\nname: case\ndeck: x.toml\n")
    assert code == 2 and "Smash Up has no deck files" in out
    code, out = run(tmp_path, legal + "steps: [{expect: {over: false}}]\n")
    assert code == 2 and "a deck case checks a deck file only" in out


def test_lasting_effects_in_a_setup(tmp_path: Path) -> None:
    head = "game: bizarre-world\nconfig: {names: [Ann, Bob]}\nname: case\n"
    hand = "[Boring Rock of Minimum Wage (2) as rock, Boring Gift of Minimum Wage (2) as gift]"
    setup = f"setup:\n  seats: {{Ann: {{hand: {hand}, resources: 1}}}}\n"
    cheaper = "  lasting: [{key: cost, card: rock, amount: -1}]\n"
    steps = (
        'steps:\n  - expect: {options_include: ["play:@rock"], options_exclude: ["play:@gift"]}\n'
    )
    assert run(tmp_path, head + setup + cheaper + steps)[0] == 0
    assert run(tmp_path, head + setup + steps)[0] == 1  # without it the rock costs 2
    code, out = run(tmp_path, head + setup + cheaper.replace("rock,", "rok,") + steps)
    assert code == 2 and "setup.lasting[0].card: unknown alias 'rok'" in out
    code, out = run(tmp_path, head + setup + cheaper.replace("amount", "amonut") + steps)
    assert code == 2 and "setup.lasting[0].amonut" in out


def test_the_facts_of_one_card_in_each_game(tmp_path: Path) -> None:
    bm = BLUE_MOON + 'steps:\n  - choose: "@demi"\n  - expect:\n'
    bm += '      "@demi": {fire: 2, earth: 2, covered: false, ignored: false}\n'
    assert run(tmp_path, bm)[0] == 0
    mk = """\
game: munchkin
config: {names: [Ann, Bob, Cid]}
name: case
setup:
  active: Ann
  seats: {Ann: {level: 1, play: [Helm of Courage as helm], hand: [Horned Helmet as horned]}}
steps:
  - expect:
      "@helm": {power: 1, equipped: true, attached: [], zone: play, controller: Ann}
      "@horned": {zone: hand, equipped: false}
"""
    code, out = run(tmp_path, mk)
    assert code == 0, out
    code, out = run(tmp_path, mk.replace("power: 1", "power: 3"))
    assert code == 1 and "@helm.power: expected 3, found 1" in out
    code, out = run(tmp_path, mk.replace("equipped: false", "strength: 2"))
    assert code == 1 and "@horned.strength: no such fact" in out


def _reported_phases(game_id: str) -> set[str]:
    """The phase (Varia: step) names a game reports in a few random games."""
    import random

    game = get_game(game_id)
    seen: set[str] = set()
    for seed in range(2):
        state = game.new_state({}, seed, log=False)
        rng = random.Random(seed)
        for _ in range(300):
            if state.decision is None:
                break
            facts = game.scenario_facts(state)
            seen.add(str(facts.get("phase", facts.get("step"))))
            game.apply(state, rng.choice(state.decision.options).id, state.decision.seat)
    return seen - {"setup"}  # the game's own start: a scenario begins it with start: new


#: per game: the config, the setup key naming the phase, the rest of a setup, and for some
#: phases the turn history that phase needs
PHASE_SETUPS: dict[str, tuple[str, str, str, dict[str, str]]] = {
    "bizarre-world": (
        "{names: [Ann, Bob]}",
        "phase",
        "seats: {Ann: {deck: [Boring Rock of Minimum Wage (2) x3]}}",
        {},
    ),
    "blue-moon": (
        "{names: [Ann, Bob], peoples: [Hoax, Vulca]}",
        "phase",
        "active: Ann, start: Bob, element: fire, seats: {Ann: {hand: [Hoax 3], deck: [Hoax 2 x5],"
        " combat: [Hoax 1 as one], support: [Hoax 21 as tre]}, Bob: {combat: [Vulca 8],"
        " deck: [Vulca 2 x5]}}",
        {"character": ', played: ["@one"]', "booster/support": ', played: ["@one", "@tre"]'},
    ),
    "smash-up": (
        "{names: [Ann, Bob], factions: [[aliens, ninjas], [robots, dinosaurs]]}",
        "phase",
        "bases: [Jungle Oasis, Tar Pits, The Homeworld], seats: {Ann: {deck: [Invader x4]}}",
        {},
    ),
    "varia": ("{names: [Ann, Bob]}", "step", "seats: {}", {}),
    "munchkin": ("{names: [Ann, Bob, Cid]}", "phase", "seats: {}", {}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_phase_a_game_reports_can_start_a_setup(game: str, tmp_path: Path) -> None:
    config, key, rest, history = PHASE_SETUPS[game]
    for phase in sorted(_reported_phases(game)):
        setup = f'{{{key}: "{phase}", {rest}{history.get(phase, "")}}}'
        text = f"game: {game}\nconfig: {config}\nname: {phase}\nsetup: {setup}\n"
        code, out = run(tmp_path, text + "steps: [{expect: {over: false}}]\n")
        assert code == 0, (phase, out)
    if game == "blue-moon":  # a phase must agree with the turn history
        text = f"game: {game}\nconfig: {config}\nname: x\nsetup: {{phase: character, {rest}}}\n"
        code, out = run(tmp_path, text + "steps: [{expect: {over: false}}]\n")
        assert code == 2 and "does not agree with setup.played" in out, out
