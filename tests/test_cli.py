"""The command line as a user meets it: real processes, exit codes, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cardwright.sim.records import GameRecord, save_record
from cardwright.sim.runner import play_game


def cw(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardwright.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
    )


#: a legal 18-card crafted deck: three of each (name, cost)
ROCK_CARDS = (
    ("Boring Rock of Minimum Wage", 2),
    ("Boring Box-Man of Minimum Wage", 1),
    ("Boring Gift of Minimum Wage", 2),
    ("Boring Donut of Minimum Wage", 3),
    ("Boring Alien of Sacrifice", 2),
    ("Boring Dinosaur of Minimum Wage", 5),
)
#: the same deck as ``deck build`` options
ROCKS = [arg for name, cost in ROCK_CARDS for arg in ("--card", f"{name} ({cost}) x3")]


def assert_user_error(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    text = " ".join(lines)
    assert text.startswith("error:"), proc.stderr
    for word in words:
        assert word in text, text


def test_bad_deck_file(tmp_path: Path) -> None:
    deck = tmp_path / "mine.toml"
    deck.write_text(
        'name = "Mine"\n[[card]]\nname = "Boring Rock of Minimum Wage"\ncost = 1\ncopies = 20\n'
    )
    assert_user_error(cw("deck", "check", str(deck)), "mine.toml", "-1 points")
    assert_user_error(
        cw("simulate", "bizarre-world", "-n", "2", "--deck", str(deck), "--deck", "gray-collar"),
        "mine.toml",
    )


def test_unknown_card_and_unknown_deck(tmp_path: Path) -> None:
    assert_user_error(cw("deck", "craft", "Shiny Rock of Minimum Wage"), "unknown card")
    assert_user_error(
        cw("play", "bizarre-world", "--deck", "nope", "--deck", "nope"),
        "unknown deck 'nope'",
        "gray-collar",
    )


def test_malformed_scenarios(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: bizarre-world\nname: x\nsteps: [\n")
    assert_user_error(cw("scenario", "run", str(broken)), "broken.yaml", "not valid YAML")
    nosteps = tmp_path / "nosteps.yaml"
    nosteps.write_text("game: bizarre-world\nname: x\nsteps:\n  - {choose: a, expect: {}}\n")
    assert_user_error(cw("scenario", "run", str(nosteps)), "steps.0", "exactly one of")


def test_failing_scenario_exits_1_and_names_the_step(tmp_path: Path) -> None:
    f = tmp_path / "fails.yaml"
    f.write_text(
        "game: bizarre-world\nname: nope\nconfig: {names: [Ann, Bob]}\nsetup: {}\n"
        "steps:\n  - choose: fly away\n"
    )
    proc = cw("scenario", "run", str(f))
    assert proc.returncode == 1 and "step 1" in proc.stdout and "matches no option" in proc.stdout


def test_illegal_option_in_a_saved_game(tmp_path: Path) -> None:
    record = GameRecord(game="bizarre-world", config={}, seed=1, choices=[(0, "fly")])
    path = tmp_path / "bad.json"
    save_record(record, path)
    assert_user_error(cw("replay", str(path)), "step 1", "'fly' is not a legal option")
    assert_user_error(cw("replay", str(tmp_path / "missing.json")), "cannot read")
    (tmp_path / "junk.json").write_text("{]")
    assert_user_error(cw("replay", str(tmp_path / "junk.json")), "not a Cardwright saved game")


def test_usage_errors_are_short_and_exit_2() -> None:
    for args in (
        ("simulate",),
        ("simulate", "bizarre-world", "--no-such-flag"),
        ("simulate", "bizarre-world", "-n", "many"),
    ):
        proc = cw(*args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr


def test_unknown_game_option_and_agent() -> None:
    assert_user_error(cw("simulate", "chess"), "unknown game 'chess'")
    assert_user_error(cw("simulate", "munchkin", "--players", "2"), "played by 3 to 6 players")
    assert_user_error(
        cw("simulate", "bizarre-world", "-o", "gravity=1"), "unknown rule option 'gravity'"
    )
    assert_user_error(cw("simulate", "bizarre-world", "-o", "deck_out=maybe"), "deck_out")
    assert_user_error(
        cw("simulate", "bizarre-world", "--agents", "random,genius"), "unknown agent 'genius'"
    )


def test_play_refuses_a_bad_answer_and_carries_on(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    proc = cw("play", "bizarre-world", "--seed", "3", "--save", str(save), stdin="99\nfly\n1\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "'99' is not an option" in proc.stderr and "'fly' is not an option" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "Sacrifice phase" in proc.stdout and "[bw.turn.draw]" in proc.stdout
    check = cw("replay", str(save))
    assert check.returncode == 0 and "OK" in check.stdout


def test_replay_and_explain_a_finished_game(tmp_path: Path) -> None:
    _, record = play_game("bizarre-world", {}, 11, ["heuristic", "random"], record=True)
    assert record is not None
    path = tmp_path / "g.json"
    save_record(record, path)
    proc = cw("replay", str(path))
    assert proc.returncode == 0 and record.final_hash in proc.stdout
    explained = cw("explain", str(path), "--seat", "1")
    assert explained.returncode == 0
    assert "bw.attack.declare" in explained.stdout and "002 Declaring an Attack" in explained.stdout
    record.final_hash = "0" * 32
    save_record(record, path)
    assert cw("replay", str(path)).returncode == 1


def test_simulate_json_is_identical_across_runs_and_jobs() -> None:
    args = [
        "simulate",
        "bizarre-world",
        "-n",
        "60",
        "--seed",
        "1",
        "--json",
        "--agents",
        "heuristic,random",
    ]
    one, again, two = cw(*args, "--jobs", "1"), cw(*args, "--jobs", "1"), cw(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == again.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 60 and data["seats"][0]["wins"] > 50
    assert 0 <= data["seats"][0]["ci95"][0] <= data["seats"][0]["win_rate"]


@pytest.mark.slow
def test_simulate_1000_games_identical_with_1_and_2_jobs() -> None:
    args = ["simulate", "bizarre-world", "-n", "1000", "--seed", "1", "--json"]
    assert cw(*args, "--jobs", "1").stdout == cw(*args, "--jobs", "2").stdout


def test_bench_json_has_the_measures() -> None:
    proc = cw("bench", "bizarre-world", "--seconds", "0.2", "--rounds", "3", "--json")
    data = json.loads(proc.stdout)
    for key in ("decisions_per_second", "games_per_second", "clone_us", "json_roundtrip_us"):
        assert data[key] > 0
    low, high = data["decisions_per_second_range"]
    assert data["rounds"] == 3 and low <= data["decisions_per_second"] <= high
    assert_user_error(cw("bench", "bizarre-world", "--rounds", "0"), "--rounds must be")


def test_game_status_lines() -> None:
    from cardwright.games import GAMES, _progress

    assert GAMES["blue-moon"].status_line() == "complete (all 118 card powers)"
    assert GAMES["smash-up"].status_line().startswith("complete (all ")
    assert GAMES["varia"].status_line() == "complete"
    assert GAMES["munchkin"].status_line() == "complete"
    assert _progress({"a": 1}, 2, "powers", "x") == "in progress: 2 of 3 powers not yet applied (x)"


def test_listing_commands() -> None:
    assert "bizarre-world" in cw("games").stdout
    assert "Minimum Wage" in cw("cards", "bizarre-world").stdout
    assert "bw.attack.declare" in cw("rules", "bizarre-world").stdout
    assert cw("rules", "bizarre-world", "bw.win.life").returncode == 0
    khind = cw("cards", "blue-moon", "--people", "khind").stdout
    assert "CoolCat" in khind and "Khind 1" in khind
    assert "Diva" in cw("cards", "smash-up", "--faction", "disco_dancers").stdout
    al9000 = cw("cards", "smash-up", "--set", "al9000").stdout
    assert "General Ivan" in al9000 and "Field of Honor" in al9000 and "Diva" not in al9000
    assert "smashup-rulebook.alderac.com/wiki/Ghosts" in al9000  # the facts' source page
    assert "Madness" in cw("cards", "smash-up", "--set", "cthulhu").stdout
    assert_user_error(cw("cards", "smash-up", "--set", "sfdf9"), "unknown Smash Up set 'sfdf9'")
    assert_user_error(cw("cards", "blue-moon", "--people", "elves"), "unknown people")


def test_deck_builder_writes_a_legal_deck(tmp_path: Path) -> None:
    out = tmp_path / "built.toml"
    proc = cw("deck", "build", str(out), "--name", "Rocks", *ROCKS)
    assert proc.returncode == 0, proc.stderr
    assert "18 cards" in cw("deck", "check", str(out)).stdout
    rnd = tmp_path / "random.toml"
    assert cw("deck", "random", str(rnd), "--size", "20", "--seed", "4").returncode == 0
    assert "random" in cw("deck", "check", str(rnd)).stdout
    too_many = cw(
        "deck", "build", str(out), "--name", "x", "--card", "Boring Rock of Minimum Wage (2) x4"
    )
    assert_user_error(too_many)


def test_blue_moon_custom_deck_check_and_play(tmp_path: Path) -> None:
    example = Path(__file__).parents[1] / "examples" / "blue-moon-khind-fire.toml"
    ok = cw("deck", "check", str(example))
    assert ok.returncode == 0, ok.stderr
    assert "Blue Moon, leader Khind 0" in ok.stdout and "7 of 10 foreign moons" in ok.stdout
    bad = tmp_path / "heavy.toml"
    heavy = example.read_text().replace('"Khind 25"', '"Vulca 2"')
    bad.write_text(heavy.replace('"Khind 22"', '"Vulca 3"'))
    assert_user_error(cw("deck", "check", str(bad)), "heavy.toml", "[bm.deck.moons]")
    sim = cw("simulate", "blue-moon", "-n", "3", "--json", "--deck", str(example), "--deck", "aqua")
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["games"] == 3


def test_smash_up_factions_per_seat() -> None:
    args = ("--factions", "ninjas,pirates", "--factions", "robots+wizards")
    sim = cw("simulate", "smash-up", "-n", "2", "--json", *args, "--factions", "aliens,zombies")
    assert sim.returncode == 0, sim.stderr
    summary = json.loads(sim.stdout)
    assert summary["config"]["players"] == 3
    assert summary["config"]["factions"][1] == ["robots", "wizards"]
    played = cw("play", "smash-up", *args, "--seed", "2", "--seat", "1", stdin="q\n")
    assert played.returncode == 0, played.stderr
    assert "Human shuffles Robots and Wizards" in played.stdout
    assert_user_error(cw("simulate", "smash-up", "--factions", "ninjas"), "name two factions")
    assert_user_error(cw("simulate", "blue-moon", "--factions", "a,b"), "not played with factions")
    assert_user_error(cw("cards", "blue-moon", "--faction", "ninjas"), "--faction is not an option")
    assert_user_error(
        cw("simulate", "smash-up", "--factions", "ninjas,pirates", "--factions", "ninjas,robots"),
        "chosen by two seats",
    )
    # one pair picks the first seat's factions; the other seats get factions nobody chose
    mine = cw("play", "smash-up", "--players", "3", *args[:2], "--seed", "2", stdin="q\n")
    assert mine.returncode == 0, mine.stderr
    for pair in ("Ninjas and Pirates", "Dinosaurs and Wizards", "Kung Fu Fighters and Robots"):
        assert f"shuffles {pair}" in mine.stdout
    mine = cw("play", "smash-up", "--seat", "1", *args[:2], "--seed", "2", stdin="q\n")
    assert "Human shuffles Ninjas and Pirates" in mine.stdout, mine.stderr
    assert_user_error(
        cw("simulate", "smash-up", "--players", "2", *args, "--factions", "aliens,zombies"),
        "factions (3 seats named) and --players 2 disagree",
    )
    assert_user_error(cw("simulate", "smash-up", "--factions", "ninjas,nope"), "faction 'nope'")


def test_varia_commands(tmp_path: Path) -> None:
    warrior = cw("cards", "varia", "--class", "volcanic-warrior")
    assert warrior.returncode == 0 and "Decapitate (name, power, focus, class)" in warrior.stdout
    assert "shadow-assassin" in cw("cards", "varia").stdout
    assert_user_error(cw("cards", "varia", "--class", "bard"), "unknown class 'bard'")
    assert_user_error(cw("cards", "varia", "--people", "khind"), "--people")
    deck = tmp_path / "poison.toml"
    deck.write_text(
        'game = "varia"\nname = "Poison"\nitems = ["Bowie Knife", "Prayer Beads"]\n'
        'actions = ["Snake Bite x3", "Smite x3", "Parry x3", "Steadfast x3", "Quick Stab x2",'
        ' "Shield of Faith x3", "Feint x3", "Angelic Palm x3", "Demon Fist x3", "Cleave x3",'
        ' "Charge"]\n'
    )
    checked = cw("deck", "check", str(deck))
    assert checked.returncode == 0 and "OK (Poison, level-constructed, 30 actions" in checked.stdout
    too_many = tmp_path / "greedy.toml"
    too_many.write_text('game = "varia"\nitems = []\nactions = ["Snake Bite x30"]\n')
    assert_user_error(cw("deck", "check", str(too_many)), "greedy.toml", "30 copies")
    sim = cw("simulate", "varia", "-n", "2", "--deck", str(deck), "--deck", "mystic-monk")
    assert sim.returncode == 0, sim.stderr
