"""The bad inputs of issue 26, as a user meets them: one line on stderr naming what and where,
exit status 2, nothing written or changed, and (for the batch commands) no game played: the
refusal comes before the progress bar. Run in the test process (:mod:`tests.inproc`)."""

from __future__ import annotations

import gzip
import os
import shutil
from pathlib import Path

import pytest

from cardwright.core.errors import ConfigError
from cardwright.sim.seats import player_count

from .inproc import Ran, cw_in
from .test_user_mistakes import files, one_error_line

EXAMPLES = Path(__file__).parents[1] / "examples"
V1_STORE = Path(__file__).parent / "records" / "v1" / "store.duckdb.gz"


def one_line(ran: Ran, *words: str) -> str:
    """Refused as a user's mistake: exit 2, exactly one stderr line, no traceback."""
    return one_error_line(ran, *words)  # type: ignore[arg-type]


def refused(folder: Path, *args: str, words: tuple[str, ...] = ()) -> str:
    before = files(folder)
    line = one_line(cw_in(*args), *words)
    assert files(folder) == before
    return line


# ------------------------------------------------------------------ the number of players
@pytest.mark.parametrize(
    ("command", "words"),
    [
        (
            "simulate munchkin -n 1 -o players=5 --agents random,heuristic,random",
            ("-o players=5 and --agents (3 agents: random, heuristic, random) disagree",),
        ),
        ("simulate munchkin -n 1 -o players=5 --players 4", ("--players 4 and -o players=5",)),
        ("simulate smash-up -n 1 -o players=3 --agents random,heuristic", ("-o players=3",)),
        (
            "simulate munchkin -n 1 -o players=3 --agents random,random,heuristic,random",
            ("-o players=3 and --agents (4 agents",),
        ),
        (
            "report munchkin -n 1 --option players=5 --agents random,heuristic,random",
            ("-o players=5 and --agents (3 agents",),
        ),
        ("report munchkin -n 1 --option players=5 --players 4", ("--players 4 and -o players=5",)),
        (
            "tournament munchkin -n 1 --agents random,heuristic,random,random -o players=5 "
            "--players 4",
            ("--players 4 and -o players=5 disagree",),
        ),
        ("tournament munchkin -n 1 --agents random,heuristic,random -o players=5", ("5 players",)),
        (
            "simulate smash-up -n 1 -o names=[A,B,C] --agents random,random",
            ("-o names (3 names) and --agents (2 agents",),
        ),
        (
            "simulate smash-up -n 1 --factions ninjas,pirates --factions robots,aliens "
            "--factions wizards,zombies --agents random,random",
            ("factions (3 seats named) and --agents (2 agents",),
        ),
        ("simulate munchkin -n 1 -o players=7", ("-o players=7: munchkin is played by 3 to 6",)),
        ("simulate blue-moon -n 1 --players 3", ("--players 3: blue-moon is played by 2",)),
    ],
)
def test_contradicting_player_counts_are_refused_before_any_game(
    tmp_path: Path, command: str, words: tuple[str, ...]
) -> None:
    args = command.split()
    if args[0] == "report":
        args += ["--output", str(tmp_path / "r.html")]
    refused(tmp_path, *args, words=words)


def test_one_place_decides_the_player_count() -> None:
    assert player_count("munchkin", {}) == 4  # the game's default
    assert player_count("munchkin", {"players": 3}, agents=["a", "b", "c"]) == 3
    assert player_count("smash-up", {"names": ["A", "B", "C"]}) == 3
    assert player_count("smash-up", {"factions": [["ninjas", "pirates"]]}, players=4) == 4
    assert player_count("smash-up", {"factions": [["a", "b"], ["c", "d"], ["e", "f"]]}) == 3
    assert player_count("bizarre-world", {}) == 2
    assert player_count("munchkin", {}, default=5) == 5
    with pytest.raises(ConfigError, match="-o names \\(3 names\\) and --agents \\(4 agents"):
        player_count("munchkin", {"names": ["A", "B", "C"]}, agents=["r"] * 4)


def test_the_agreed_count_is_the_one_played_and_reported(tmp_path: Path) -> None:
    """-o players=3 with the default agents: three seats, three agents stored with three
    decks (the count once gave 3-player games reported with four seats)."""
    out = tmp_path / "m.duckdb"
    ran = cw_in("simulate", "munchkin", "-n", "1", "-o", "players=3", "--json", "--out", str(out))
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.count('"seat":') == 3
    import duckdb

    with duckdb.connect(str(out), read_only=True) as con:
        players, agents, decks = con.execute("SELECT players, agents, decks FROM games").fetchone()
    assert players == 3 and len(agents) == 3 and len(decks) == 3


# ------------------------------------------------------------------ game stores
@pytest.fixture
def stores(tmp_path: Path) -> Path:
    """A good store (format 1, as users have them) and copies of it cut short."""
    good = tmp_path / "good.duckdb"
    with gzip.open(V1_STORE) as src, good.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    data = good.read_bytes()
    (tmp_path / "cut.duckdb").write_bytes(data[: len(data) // 2])  # the meta table survives
    (tmp_path / "tail.duckdb").write_bytes(data[:-8192])  # one page short
    (tmp_path / "head.duckdb").write_bytes(data[:266240])  # the catalogue is gone
    return tmp_path


@pytest.mark.parametrize("name", ["cut", "tail", "head"])
def test_a_store_cut_short_is_refused_before_any_work(stores: Path, name: str) -> None:
    path = str(stores / f"{name}.duckdb")
    words = (path, "the game store is damaged, probably cut short")
    refused(stores, "simulate", "blue-moon", "-n", "2", "--out", path, words=words)
    refused(
        stores,
        "report",
        "munchkin",
        "--from",
        path,
        "--output",
        str(stores / "r.html"),
        words=words,
    )
    refused(stores, "explain", "--from", path, "--game", "9", words=words)
    refused(stores, "replay", "--from", path, "--game", "1", words=words)


def test_a_read_only_store_is_refused_before_any_game(stores: Path) -> None:
    good = stores / "good.duckdb"
    os.chmod(good, 0o444)
    try:
        refused(
            stores,
            "simulate", "blue-moon", "-n", "2", "--out", str(good),
            words=(str(good), "the game store is read-only"),
        )  # fmt: skip
        assert (
            cw_in("replay", "--from", str(good), "--game", "1").returncode == 0
        )  # reading is fine
    finally:
        os.chmod(good, 0o644)


def test_a_folder_is_not_a_store(tmp_path: Path) -> None:
    folder = tmp_path / "games.duckdb"
    folder.mkdir()
    refused(
        tmp_path, "simulate", "blue-moon", "-n", "1", "--out", str(folder), words=("is a folder",)
    )
    refused(
        tmp_path,
        "explain",
        "--from",
        str(folder),
        "--game",
        "1",
        words=("is a folder, not a game store",),
    )


def test_report_of_a_run_the_store_lacks_lists_the_runs(stores: Path) -> None:
    good = str(stores / "good.duckdb")
    html = str(stores / "r.html")
    refused(
        stores, "report", "blue-moon", "--from", good, "--run", "99", "--output", html,
        words=(good, "no run 99 of blue-moon (its blue-moon runs: 2)"),
    )  # fmt: skip
    refused(
        stores,
        "report",
        "varia",
        "--from",
        good,
        "--run",
        "1",
        "--output",
        html,
        words=("runs: 4",),
    )


# ------------------------------------------------------------------ names, scenarios, decks
@pytest.mark.parametrize("game", ["varia", "bizarre-world"])
@pytest.mark.parametrize("names", ["[Ann,Ann]", "[Ann,'']", "[Ann,null]"])
def test_two_player_games_refuse_duplicate_or_empty_names(
    tmp_path: Path, game: str, names: str
) -> None:
    refused(tmp_path, "simulate", game, "-n", "1", "-o", f"names={names}", words=("'names'",))


def test_an_unknown_seat_inside_a_fact_is_a_malformed_case(tmp_path: Path) -> None:
    case = tmp_path / "zed.yaml"
    case.write_text(
        "game: bizarre-world\nname: a seat nobody has\nconfig: {names: [Ann, Bob]}\n"
        "setup: {active: Ann, seats: {Ann: {resources: 1}}}\n"
        "steps:\n  - expect: {attack: {Zed: 2}}\n  - expect: {life: {Ann: 20, Zed: 1}}\n"
    )
    ran = cw_in("scenario", "run", str(case))
    assert ran.returncode == 2 and "1 malformed" in ran.stdout
    one_line(ran, str(case), "step 1: expect: attack: unknown seat 'Zed'; seats: Ann, Bob")


def _varia_deck(folder: Path, text: str, name: str = "deck.toml") -> Path:
    path = folder / name
    path.write_text(text)
    return path


def test_varia_deck_files_are_named_and_recognised(tmp_path: Path) -> None:
    klass = _varia_deck(tmp_path, 'game = "varia"\nformat = "out-of-the-box"\nclass = "nope"\n')
    refused(tmp_path, "deck", "check", str(klass), words=(str(klass), "unknown Varia class 'nope'"))
    text = (EXAMPLES / "varia-poison-and-faith.toml").read_text()
    unnamed = _varia_deck(tmp_path, text.replace('game = "varia"\n', ""), "unnamed.toml")
    checked = cw_in("deck", "check", str(unnamed))
    assert checked.returncode == 0 and "OK (Poison and Faith, level-constructed" in checked.stdout
    rocks = _varia_deck(
        tmp_path,
        'game = "bizarre-world"\nname = "R"\n[[card]]\nname = "Boring Rock of Minimum Wage"\n'
        "cost = 2\ncopies = 3\n",
        "rocks.toml",
    )
    refused(
        tmp_path, "simulate", "varia", "-n", "1", "--deck", str(rocks), "--deck", "shadow-assassin",
        words=(str(rocks), "a deck file for 'bizarre-world'"),
    )  # fmt: skip
    plain = _varia_deck(
        tmp_path, rocks.read_text().replace('game = "bizarre-world"\n', ""), "b.toml"
    )
    refused(
        tmp_path, "simulate", "varia", "-n", "1", "--deck", str(plain), "--deck", "shadow-assassin",
        words=(str(plain), "a Bizarre World deck file, not a Varia one"),
    )  # fmt: skip
    named = cw_in("deck", "check", str(rocks))  # Bizarre World may say its game too
    one_line(named, "rocks.toml", "[bw.deck.size]")
