"""Saved games that outlive a release (docs/records.md): records written by the format-1
release (``tests/records/v1``, made before anything changed) still load, replay and explain;
a record says what played it, and an older one that no longer replays says what changed."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import duckdb
import msgspec
import pytest

from cardwright.core.errors import DataError
from cardwright.core.state import STATE_HASH_VERSION
from cardwright.games import option_forms, option_ids_version, playable_games
from cardwright.sim import provenance, store
from cardwright.sim.records import (
    FORMAT_VERSION,
    GameRecord,
    check_replay,
    load_record,
    save_record,
)
from cardwright.sim.runner import play_game

from .inproc import cw_in

V1 = Path(__file__).parent / "records" / "v1"
PINNED_IDS = Path(__file__).parent / "records" / "option_ids.json"
#: The format-1 saved games whose games today's rules still play the same way. Issue 26
#: changed the other two: the Smash Up one played Tooth and Claw, which no longer destroys
#: itself when played; in the Munchkin one, players now act at times they could not before.
STILL_THE_SAME = ["bizarre-world", "blue-moon", "blue-moon-unfinished", "varia"]
MOVED = {
    "smash-up": "step 97 of 329: smash-up: 'special:53'",
    "munchkin": "step 78 of 699: munchkin: seat 1 (Player 2) cannot choose now",
}


# ------------------------------------------------------------------ format 1 (the fixtures)
@pytest.mark.parametrize("name", STILL_THE_SAME)
def test_format_1_saved_games_load_and_replay_exactly(name: str) -> None:
    record = load_record(V1 / f"{name}.json")
    assert record.version == 1 and not record.fingerprint and not record.cardwright
    assert (record.state_hash_version, record.option_ids_version) == (1, 1)
    done = check_replay(record)
    assert done.ok and done.verified, done.problem
    assert done.reached == record.final_hash and done.changed is None
    assert (done.state is not None and done.state.result is None) == (name.endswith("unfinished"))


@pytest.mark.parametrize("name", sorted(MOVED))
def test_a_format_1_game_the_rules_changed_says_so_and_what_is_known(name: str) -> None:
    ran = cw_in("replay", str(V1 / f"{name}.json"))
    assert ran.returncode == 1 and not ran.stdout and "Traceback" not in ran.stderr
    first, second = ran.stderr.splitlines()
    assert f"{name}.json: no longer replays: {MOVED[name]}" in first
    assert "before records carried a fingerprint of the rules (format 1)" in second
    assert "what changed since cannot be told" in second
    told = cw_in("explain", str(V1 / f"{name}.json"), "--seat", "1")
    assert told.returncode == 0 and "no longer replays to its recorded final state" in told.stderr
    assert told.stdout.count("\nT") > 50  # the log as far as it goes, seen by seat 1


def test_format_1_saved_game_replays_and_explains_on_the_command_line() -> None:
    ran = cw_in("replay", str(V1 / "varia.json"))
    assert ran.returncode == 0 and ran.stdout.startswith(f"{V1 / 'varia.json'}: OK, 112 choices")
    assert "changed since" not in ran.stdout and not ran.stderr
    told = cw_in("explain", str(V1 / "bizarre-world.json"))
    assert told.returncode == 0 and not told.stderr and "bw.win.life" in told.stdout


@pytest.fixture
def v1_store(tmp_path: Path) -> Path:
    path = tmp_path / "v1.duckdb"
    with gzip.open(V1 / "store.duckdb.gz") as src, path.open("wb") as dst:
        shutil.copyfileobj(src, dst)
    return path


def test_a_format_1_store_is_read_then_upgraded_when_appended_to(v1_store: Path) -> None:
    assert store.store_version(v1_store) == 1
    for game_no in (1, 3, 7):  # Bizarre World, Blue Moon, Varia
        record = store.load_game(v1_store, game_no)
        assert record.version == 1 and record.cardwright == "0.1.0" and not record.fingerprint
        done = check_replay(record)
        assert done.ok and done.reached == record.final_hash, (game_no, done.problem)
    for game_no in (5, 9):  # Smash Up (Tooth and Claw), Munchkin (issue 26's any-time acts)
        moved = check_replay(store.load_game(v1_store, game_no))
        assert not moved.ok and moved.rules_moved and moved.state is not None
        assert "recorded by Cardwright 0.1.0 before records" in moved.since()
    ran = cw_in("simulate", "varia", "-n", "1", "--out", str(v1_store), "--json")
    assert ran.returncode == 0, ran.stderr
    assert "is a game store of version 1: appending upgrades it to version 3" in ran.stderr
    assert store.store_version(v1_store) == 3
    old, new = store.load_game(v1_store, 1), store.load_game(v1_store, 10)
    assert old.version == 1 and not old.fingerprint and check_replay(old).ok
    assert new.version == 2 and new.fingerprint == provenance.fingerprint("varia")
    assert new.final_position and check_replay(new).changed == []
    report = cw_in(
        "report", "varia", "--from", str(v1_store), "--output", str(v1_store.with_suffix(".html"))
    )
    assert report.returncode == 0, report.stderr


# ------------------------------------------------------------------ format 2 (written now)
@pytest.fixture(scope="module")
def varia_record() -> GameRecord:
    _, record = play_game("varia", {}, 5, ["heuristic", "random"], record=True)
    assert record is not None
    return record


def _copy(record: GameRecord) -> GameRecord:
    return msgspec.json.decode(msgspec.json.encode(record), type=GameRecord)


def test_a_record_says_what_played_it_and_replays_exactly(
    varia_record: GameRecord, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    save_record(varia_record, path)
    saved = json.loads(path.read_text())
    assert saved["version"] == FORMAT_VERSION == 2
    assert saved["cardwright"] == provenance.cardwright_version()
    assert saved["state_hash_version"] == STATE_HASH_VERSION
    assert saved["option_ids_version"] == option_ids_version("varia")
    assert {"rules", "options", "code/core", "code/varia"} <= set(saved["fingerprint"])
    assert any(k.startswith("cards/classes/") for k in saved["fingerprint"])
    assert len(saved["final_position"]) == 10
    done = check_replay(load_record(path))
    assert done.ok and done.verified and done.changed == [] and done.notes == []
    assert "have not changed since" in done.since()
    ran = cw_in("replay", str(path))
    assert ran.returncode == 0 and ran.stdout.count("\n") == 1 and not ran.stderr


def test_an_older_record_says_what_changed_even_when_it_still_replays(
    varia_record: GameRecord, tmp_path: Path
) -> None:
    older = _copy(varia_record)
    older.cardwright = "0.0.9"
    older.fingerprint["cards/classes/shadow_assassin.toml"] = "000000000000"
    older.fingerprint["code/core"] = "111111111111"
    del older.fingerprint["cards/stacks.toml"]
    older.fingerprint["cards/classes/old.toml"] = "222222222222"
    done = check_replay(older)
    assert done.ok
    assert done.changed == [
        "card data (classes/old.toml removed, classes/shadow_assassin.toml changed, "
        "stacks.toml added)",
        "the core's code",
    ]
    path = tmp_path / "older.json"
    save_record(older, path)
    ran = cw_in("replay", str(path))
    assert ran.returncode == 0, ran.stderr
    since = ran.stdout.splitlines()[1]
    assert f"recorded by Cardwright 0.0.9, now {provenance.cardwright_version()}" in since
    assert "changed since: card data (" in since and "it still replays exactly" in since


def test_a_record_that_no_longer_replays_says_what_changed(
    varia_record: GameRecord, tmp_path: Path
) -> None:
    older = _copy(varia_record)
    older.final_hash = "0" * 32
    older.fingerprint["rules"] = "333333333333"
    path = tmp_path / "moved.json"
    save_record(older, path)
    ran = cw_in("replay", str(path))
    assert ran.returncode == 1 and not ran.stdout
    mismatch, since = ran.stderr.splitlines()
    assert "MISMATCH: replay reached" in mismatch and "the record says 0000" in mismatch
    assert since.endswith("changed since: the rules index")
    told = cw_in("explain", str(path))
    assert told.returncode == 0 and "no longer replays to its recorded final state" in told.stderr
    assert "changed since: the rules index" in told.stderr and "va.win" in told.stdout


def test_option_ids_of_another_version_are_refused_not_misread(varia_record: GameRecord) -> None:
    other = _copy(varia_record)
    other.option_ids_version = option_ids_version("varia") + 1
    done = check_replay(other)
    assert done.state is None and "option ids of version 2" in done.problem
    assert "cannot be replayed" in done.problem
    assert f"the option ids (version 2 to {option_ids_version('varia')})" in (done.changed or [])


def test_another_state_hash_version_is_checked_by_the_final_position(
    varia_record: GameRecord,
) -> None:
    other = _copy(varia_record)
    other.state_hash_version = STATE_HASH_VERSION + 1
    other.final_hash = "f" * 32  # what the other version's hash looked like
    done = check_replay(other)
    assert done.ok and done.verified and "final position was compared" in done.notes[0]
    other.final_position = "0" * 10
    assert "the record says 0000000000" in check_replay(other).problem
    other.final_position = ""
    done = check_replay(other)
    assert done.ok and not done.verified and "replayed, not compared" in done.notes[0]


def test_a_config_this_version_refuses_is_said_not_raised(varia_record: GameRecord) -> None:
    other = _copy(varia_record)
    other.config["retired_option"] = True
    done = check_replay(other)
    assert done.state is None and "its config no longer fits" in done.problem
    assert "unknown rule option 'retired_option'" in done.problem


def test_records_and_stores_of_a_newer_format_are_refused(
    varia_record: GameRecord, tmp_path: Path
) -> None:
    newer = _copy(varia_record)
    newer.version = 3
    path = tmp_path / "newer.json"
    save_record(newer, path)
    with pytest.raises(DataError, match="version 3 \\(written by a newer Cardwright\\)"):
        load_record(path)
    db = tmp_path / "newer.duckdb"
    with duckdb.connect(str(db)) as con:
        con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
        newest = store.FORMAT_VERSION + 1
        con.execute(
            f"INSERT INTO meta VALUES ('format', 'cardwright-store'), ('version', '{newest}')"
        )
    ran = cw_in("explain", "--from", str(db), "--game", "1")
    assert ran.returncode == 2 and f"game store version {newest} (written by a newer" in ran.stderr


# ------------------------------------------------------------------ the contract's versions
def test_option_ids_keep_every_form_of_their_version() -> None:
    """An option id of a saved game must mean the same as long as the game's option ids
    keep their version: every form pinned for a version is still declared. Adding forms keeps
    the version; changing or removing one bumps VERSION in the game's option_ids.py (old
    records are then refused) and re-pins tests/records/option_ids.json."""
    pinned = json.loads(PINNED_IDS.read_text())
    assert set(pinned) == set(playable_games())
    for game_id, entry in pinned.items():
        now = option_forms(game_id).by_kind
        assert option_ids_version(game_id) == entry["version"], (
            f"{game_id}: option ids version {option_ids_version(game_id)}; re-pin "
            f"{PINNED_IDS} with the forms of this version"
        )
        for kind, forms in entry["forms"].items():
            have = {f.form for f in now.get(kind, ())}
            lost = sorted(set(forms) - have)
            assert not lost, (
                f"{game_id}: option ids {lost} of decision {kind!r} are gone or changed; "
                "saved games using them would be misread: bump VERSION in the game's "
                "option_ids.py and re-pin"
            )


def test_fingerprint_differences_name_each_part() -> None:
    fp = provenance.fingerprint("smash-up")
    assert {"rules", "options", "code/core", "code/smash_up", "cards/bases.toml"} <= set(fp)
    assert provenance.differences(fp, fp) == []
    other = {**fp, "options": "x", "code/smash_up": "y"}
    assert provenance.differences(other, fp) == ["the rule options", "the game's code"]


def test_a_record_nothing_explains_is_a_bad_file(varia_record: GameRecord, tmp_path: Path) -> None:
    """Rules, data and code unchanged, yet a choice does not fit: the file was damaged or
    written by hand, a user's mistake (one line, exit 2), not a change of the rules."""
    bad = _copy(varia_record)
    bad.choices[3] = (bad.choices[3][0], "fly")
    path = tmp_path / "bad.json"
    save_record(bad, path)
    for command in ("replay", "explain"):
        ran = cw_in(command, str(path))
        assert ran.returncode == 2 and not ran.stdout, ran.stderr
        assert ran.stderr.count("\n") == 1 and "step 4 of" in ran.stderr and "'fly'" in ran.stderr
