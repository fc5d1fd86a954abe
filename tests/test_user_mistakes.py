"""Every kind of user mistake of issue 12 (part 1), as a user meets it: one line on stderr
starting ``error:``, exit status 2, no traceback, and no file written or changed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardwright.sim.records import GameRecord, load_record, save_record
from cardwright.sim.runner import play_game

from .test_cli import ROCK_CARDS, ROCKS, cw

EXAMPLES = Path(__file__).parents[1] / "examples"


def files(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` with its bytes: compared before and after a command."""
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def one_error_line(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    """The command was refused as a user's mistake: exit 2 and exactly one stderr line."""
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def refused_unchanged(folder: Path, *args: str, words: tuple[str, ...] = ()) -> str:
    """Run a command that must be refused, and check it wrote or changed no file."""
    before = files(folder)
    line = one_error_line(cw(*args), *words)
    assert files(folder) == before
    return line


DECK = 'name = "Rocks"\n[[card]]\nname = "Boring Rock of Minimum Wage"\ncost = 2\ncopies = {}\n'
LEGAL_DECK = "".join(
    f'[[card]]\nname = "{name}"\ncost = {cost}\ncopies = 3\n' for name, cost in ROCK_CARDS
)
SCENARIO = "game: bizarre-world\nname: nothing yet\nconfig: {names: [Ann, Bob]}\n"


# ------------------------------------------------------------------ files that are not UTF-8
def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    deck = tmp_path / "bom.toml"
    deck.write_bytes(b"\xef\xbb\xbf" + f'name = "Rocks"\n{LEGAL_DECK}'.encode())
    checked = cw("deck", "check", str(deck))
    assert checked.returncode == 0 and "OK (Rocks, crafted, 18 cards" in checked.stdout
    scenario = tmp_path / "bom.yaml"
    scenario.write_bytes(
        b"\xef\xbb\xbf" + (SCENARIO + "steps: [{expect: {over: false}}]\n").encode()
    )
    ran = cw("scenario", "run", str(scenario))
    assert ran.returncode == 0 and "1 passed" in ran.stdout, ran.stderr


@pytest.mark.parametrize("kind", ["toml", "yaml"])
def test_latin1_and_binary_files_are_one_line(tmp_path: Path, kind: str) -> None:
    command = ("deck", "check") if kind == "toml" else ("scenario", "run")
    latin = tmp_path / f"latin.{kind}"
    latin.write_bytes('name = "Café"\n'.encode("latin-1"))
    refused_unchanged(tmp_path, *command, str(latin), words=("not UTF-8", "line 1, column 12"))
    binary = tmp_path / f"binary.{kind}"
    binary.write_bytes(bytes(range(256)))
    refused_unchanged(tmp_path, *command, str(binary), words=("binary file",))


# ------------------------------------------------------------------ limits before building
@pytest.mark.parametrize(
    ("copies", "words"),
    [
        ("1000000000", ("copies", "less than or equal to 1000")),
        (str(10**18), ("copies", "less than or equal to 1000")),
        ("true", ("copies", "valid integer")),
        ('"3"', ("copies", "valid integer")),
        ("0", ("copies", "greater than or equal to 1")),
    ],
)
def test_deck_copies_are_checked_before_building(
    tmp_path: Path, copies: str, words: tuple[str, ...]
) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(DECK.format(copies))
    started = time.monotonic()
    refused_unchanged(tmp_path, "deck", "check", str(deck), words=("deck.toml", *words))
    assert time.monotonic() - started < 60  # no hang (the limit is no speed claim)


def test_a_deck_file_holds_at_most_1000_cards(tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text(DECK.format(600) + DECK.format(600).replace('name = "Rocks"\n', ""))
    refused_unchanged(tmp_path, "deck", "check", str(deck), words=("1200 cards", "at most 1000"))
    refused_unchanged(
        tmp_path,
        "deck",
        "random",
        str(tmp_path / "r.toml"),
        "--size",
        str(10**9),
        words=("at most 1000",),
    )
    scenario = tmp_path / "huge.yaml"
    scenario.write_text(
        SCENARIO + "setup: {seats: {Ann: {deck: [Boring Rock of Minimum Wage (2) x99999999]}}}\n"
        "steps: [{expect: {over: false}}]\n"
    )
    refused_unchanged(tmp_path, "scenario", "run", str(scenario), words=("x99999999",))


# ------------------------------------------------------------------ paths checked first
def test_deck_commands_check_the_output_path_first(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-folder" / "deck.toml")
    refused_unchanged(
        tmp_path, "deck", "build", missing, "--name", "R", *ROCKS, words=("no such folder",)
    )
    refused_unchanged(
        tmp_path, "deck", "build", str(tmp_path), "--name", "R", *ROCKS, words=("is a folder",)
    )
    refused_unchanged(tmp_path, "deck", "random", missing, words=("no such folder",))
    refused_unchanged(tmp_path, "deck", "random", str(tmp_path), words=("is a folder",))
    # a deck refused by its rules leaves an existing file as it was
    kept = tmp_path / "kept.toml"
    kept.write_text("mine")
    refused_unchanged(
        tmp_path, "deck", "build", str(kept), "--name", "R", *ROCKS[:2], words=("[bw.deck.size]",)
    )


def test_play_checks_the_save_path_before_the_game(tmp_path: Path) -> None:
    for target, words in (
        (tmp_path / "no-such-folder" / "game.json", ("no such folder",)),
        (tmp_path, ("is a folder",)),
    ):
        proc = cw("play", "bizarre-world", "--seed", "1", "--save", str(target), stdin="1\n")
        one_error_line(proc, *words)
        assert proc.stdout == ""  # no game was started, so none was lost
    assert files(tmp_path) == {}


def test_ctrl_c_in_play_saves_the_game_so_far(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # as from a terminal: a shell starts a background job with Ctrl-C ignored, and a child
    # inherits that (Python then installs no handler), so the player's process gets it back
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardwright.cli", "play", "bizarre-world", "--seed", "3",
         "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("1\n")
    proc.stdin.flush()
    seen = ""
    while seen.count("\n> ") < 2:  # the first answer was taken and the next question asked
        char = proc.stdout.read(1)
        assert char, seen  # the game went on asking
        seen += char
    proc.send_signal(signal.SIGINT)
    rest, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "Traceback" not in stderr, stderr
    assert f"saved the game so far to {save}" in rest
    record = load_record(save)
    assert len(record.choices) == 1 and record.reason == ""
    assert cw("replay", str(save)).returncode == 0


# ------------------------------------------------------------------ scenarios
MALFORMED = {
    "unknown card": ("setup: {seats: {Ann: {hand: [Shiny Rock of Nothing (2)]}}}", "unknown card"),
    "unknown seat": ("setup: {seats: {Zed: {hand: []}}}", "unknown seat 'Zed'"),
    "unknown deciding seat": ("setup: {}\nsteps: [{choose: done, by: Zed}]", "by: unknown seat"),
    "unknown setup key": ("setup: {weather: rain}", "unknown key(s) ['weather']"),
    "unknown scenario key": ("setup: {}\nweather: rain", "weather"),
    "unknown rule option": ("setup: {}\nconfig: {gravity: 1}", "unknown rule option 'gravity'"),
    "unknown rule": ("rules: [bw.no.such]\nsetup: {}", "unknown rule id 'bw.no.such'"),
    "unknown alias": ("setup: {}\nsteps: [{choose: 'activate:@nope'}]", "unknown alias @nope"),
    "unknown alias in a zone": (
        "setup: {}\nsteps: [{expect: {hand: {Ann: ['@ghost']}}}]",
        "unknown alias @ghost",
    ),
    "unknown fact": ("setup: {}\nsteps: [{expect: {mana: 3}}]", "no such fact 'mana'"),
    "unknown phase": ("setup: {phase: lunch}", "setup.phase: 'lunch'"),
    "duplicate alias": (
        "setup: {seats: {Ann: {hand: [Boring Rock of Minimum Wage (2) as r,"
        " Boring Rock of Minimum Wage (2) as r]}}}",
        "alias 'r' is used twice",
    ),
    "negative resources": ("setup: {seats: {Ann: {resources: -2}}}", "resources: -2"),
    "a turn in words": ("setup: {turn: three}", "setup.turn: 'three' should be a whole number"),
    "a step with two actions": ("setup: {}\nsteps: [{choose: a, expect: {}}]", "exactly one of"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_a_malformed_scenario_is_a_user_error_not_a_failure(tmp_path: Path, case: str) -> None:
    body, words = MALFORMED[case]
    scenario = tmp_path / "case.yaml"
    if "steps:" not in body:
        body += "\nsteps: [{expect: {over: false}}]"
    scenario.write_text(SCENARIO + body + "\n")
    proc = cw("scenario", "run", str(scenario))
    one_error_line(proc, "case.yaml", words)
    assert "FAIL" not in proc.stdout


@pytest.mark.parametrize(
    ("game", "config"),
    [
        ("bizarre-world", "{names: [Ann, Bob]}"),
        ("blue-moon", "{names: [Ann, Bob], peoples: [Hoax, Vulca]}"),
        ("smash-up", "{names: [Ann, Bob]}"),
        ("varia", "{names: [Ann, Bob]}"),
        ("munchkin", "{names: [Ann, Bob, Cid]}"),
    ],
)
def test_setup_numbers_are_checked_in_every_game(tmp_path: Path, game: str, config: str) -> None:
    scenario = tmp_path / "turn.yaml"
    text = f"game: {game}\nname: t\nconfig: {config}\nsetup: {{turn: {{}}}}\n"
    text += "steps: [{expect: {over: false}}]\n"
    for turn, words in (("three", "a whole number"), ("0", "greater than or equal to 1")):
        scenario.write_text(text.replace("{turn: {}}", f"{{turn: {turn}}}"))
        one_error_line(cw("scenario", "run", str(scenario)), "setup.turn", words)


def test_a_failing_case_still_exits_1_beside_a_malformed_one(tmp_path: Path) -> None:
    (tmp_path / "fails.yaml").write_text(SCENARIO + "setup: {}\nsteps: [{choose: fly away}]\n")
    failing = cw("scenario", "run", str(tmp_path / "fails.yaml"))
    assert failing.returncode == 1 and "FAIL" in failing.stdout and failing.stderr == ""
    (tmp_path / "turn.yaml").write_text(SCENARIO + "setup: {turn: x}\nsteps: [{choose: a}]\n")
    both = cw("scenario", "run", str(tmp_path))
    one_error_line(both, "turn.yaml")
    assert "0 passed, 1 failed, 1 malformed" in both.stdout


def test_a_folder_without_scenarios_is_refused(tmp_path: Path) -> None:
    one_error_line(cw("scenario", "run", str(tmp_path)), "no scenario files")


# ------------------------------------------------------------------ seats
def test_seats_are_checked_against_the_players_of_the_game(tmp_path: Path) -> None:
    _, record = play_game("blue-moon", {}, 1, ["random", "random"], record=True)
    assert record is not None
    saved = tmp_path / "bm.json"
    save_record(record, saved)
    for seat in ("2", "-1"):
        refused_unchanged(
            tmp_path, "explain", str(saved), "--seat", seat, words=("seats are 0 to 1",)
        )
    proc = cw("play", "smash-up", "--seat", "2", stdin="q\n")
    one_error_line(proc, "--seat 2", "seats 0 to 1")
    assert proc.stdout == ""  # no AI-only game was played
    one_error_line(cw("play", "munchkin", "--players", "3", "--seat", "3"), "seats 0 to 2")


# ------------------------------------------------------------------ files, numbers, options
def test_a_saved_game_of_an_unknown_version_is_refused(tmp_path: Path) -> None:
    saved = tmp_path / "future.json"
    save_record(GameRecord(game="bizarre-world", config={}, seed=1, choices=[], version=7), saved)
    for command in ("replay", "explain"):
        refused_unchanged(tmp_path, command, str(saved), words=("format version 7",))


def test_numbers_out_of_range_are_refused() -> None:
    for jobs in ("0", "-2"):
        one_error_line(cw("simulate", "bizarre-world", "-n", "2", "--jobs", jobs), f"--jobs {jobs}")
    one_error_line(cw("bench", "bizarre-world", "--seconds", "0"), "--seconds")
    # refused before any progress bar is drawn: the error is the only line
    one_error_line(
        cw("simulate", "bizarre-world", "-n", "2", "--backend", "foo"), "unknown backend 'foo'"
    )


def test_option_values_are_read_as_typed_and_shown_as_typed() -> None:
    dated = cw("simulate", "bizarre-world", "-n", "1", "--json", "-o", "ruleset=2023-01-18")
    assert dated.returncode == 0, dated.stderr
    assert json.loads(dated.stdout)["config"]["ruleset"] == "2023-01-18"
    for args, words in (
        (("-o", "ruleset=1999-01-18"), ("ruleset=1999-01-18 is not one of: 2021-12-30",)),
        (("-o", "open_decklists=1"), ("open_decklists=1 is not one of: true, false",)),
        (("--players", "3"), ("--players 3: bizarre-world is played by 2 players",)),
        (("--players", "-1"), ("--players -1: bizarre-world is played by 2 players",)),
        (("--agents", "random,random,random"), ("3 agents", "played by 2 players")),
    ):
        line = one_error_line(cw("simulate", "bizarre-world", *args), *words)
        assert "datetime" not in line and "None" not in line and "2-2" not in line
    line = one_error_line(cw("simulate", "munchkin", "--players", "2"), "3 to 6 players")
    assert "None" not in line


def test_version() -> None:
    proc = cw("--version")
    assert proc.returncode == 0 and proc.stdout.startswith("cardwright 0.")


def test_deck_check_reports_every_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(DECK.format("true"))
    latin = tmp_path / "latin.toml"
    latin.write_bytes('name = "Café"\n'.encode("latin-1"))
    good = EXAMPLES / "blue-moon-khind-fire.toml"
    proc = cw("deck", "check", str(bad), str(good), str(latin))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    errors = proc.stderr.splitlines()
    assert len(errors) == 2 and "bad.toml" in errors[0] and "latin.toml" in errors[1]
    assert "blue-moon-khind-fire.toml: OK" in proc.stdout
