"""The game store: what it keeps of each game is what the game did, runs append, a failed
run leaves the file as it was, and any stored game replays to its recorded hash."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import duckdb
import pytest

from cardwright.analysis.stats import summarize
from cardwright.core.errors import DataError
from cardwright.core.state import state_hash
from cardwright.games import get_game, playable_games
from cardwright.report.data import gather
from cardwright.sim.records import replay
from cardwright.sim.runner import simulate
from cardwright.sim.store import (
    FORMAT_VERSION,
    TABLES,
    load_game,
    open_store,
    simulate_into,
    store_version,
)
from cardwright.sim.trace import report_hooks

AGENTS = {"bizarre-world": ["heuristic", "random"], "munchkin": ["heuristic"] * 3}


def counts(path: Path) -> dict[str, int]:
    with duckdb.connect(str(path), read_only=True) as con:
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


@pytest.mark.parametrize("game", playable_games())
def test_every_stored_game_is_the_game_played(tmp_path: Path, game: str) -> None:
    """Rows equal what replaying the stored record shows: decks from the game's hooks, each
    play event of the log, the final scores, the first player, the final hash."""
    store = tmp_path / "games.duckdb"
    agents = AGENTS.get(game, ["random", "random"])
    batch = simulate_into(store, game, 6, agents, seed=11)
    assert summarize(batch) == summarize(simulate(game, 6, agents, seed=11))  # store or not
    hooks = report_hooks(game)
    g = get_game(game)
    dealt: set[tuple[str, str, str, int, str]] = set()  # each deck's cards, as the hooks say
    con = duckdb.connect(str(store), read_only=True)
    for game_no, decks, first, winners, turns in con.execute(
        "SELECT game_no, decks, first_seat, winners, turns FROM games ORDER BY game_no"
    ).fetchall():
        record = load_game(store, game_no)
        _, state = replay(record, log=True)
        assert record.final_hash and record.final_hash == state_hash(state)
        assert decks == hooks.groups(dict(state.config))
        assert winners == state.result.winners and turns == state.turn
        starts = [e.seat for e in state.log if e.turn == 1]
        assert first in starts  # the seat whose turn came first acted in turn 1
        plays = con.execute(
            "SELECT seat, turn, card, kind FROM plays WHERE game_no = ? ORDER BY rowid", [game_no]
        ).fetchall()
        expected = [
            (e.seat, e.turn, g.card_name(state, e.card), e.kind)
            for e in state.log
            if e.kind in hooks.played and e.card is not None
        ]
        assert plays == expected and plays
        final = dict(
            con.execute(
                "SELECT key, list(value ORDER BY seat) FROM scores "
                "WHERE game_no = ? AND turn = ? GROUP BY key",
                [game_no, state.turn],
            ).fetchall()
        )
        assert final == {k: [float(x) for x in v] for k, v in g.scores(state).items()}
        seats = con.execute(
            "SELECT seat, won, drawn FROM seats WHERE game_no = ? ORDER BY seat", [game_no]
        ).fetchall()
        assert seats == [(s, winners == [s], not winners) for s in range(state.num_players)]
        config = dict(state.config)
        assert hooks.deck_cards is not None
        decks = hooks.groups(config)
        for seat, cards in enumerate(hooks.deck_cards(config)):
            dealt.update((decks[seat], c.card, c.name, c.copies, c.facts) for c in cards)
            held = {c.card for c in cards}
            if game != "smash-up":  # a Smash Up seat may play a card it took from another
                assert all(card in held for s, _, card, _ in plays if s == seat)
    kept = con.execute("SELECT deck, card, name, copies, facts FROM cards").fetchall()
    assert len(kept) == len(set(kept))  # each once per run

    def same(rows: Any) -> set[tuple[str, str, str, int, str]]:
        return {(d, c, n, k, json.dumps(json.loads(f), sort_keys=True)) for d, c, n, k, f in rows}

    assert same(kept) == same(dealt)
    con.close()


def test_runs_append_and_number_games_across_the_file(tmp_path: Path) -> None:
    store = tmp_path / "games.duckdb"
    simulate_into(store, "bizarre-world", 5, ["random", "random"], seed=1)
    simulate_into(store, "blue-moon", 4, ["random", "random"], seed=2, jobs=2)
    with duckdb.connect(str(store), read_only=True) as con:
        runs = con.execute("SELECT run, game, games, first_game FROM runs ORDER BY run").fetchall()
        numbers = con.execute("SELECT game_no, run, idx FROM games ORDER BY game_no").fetchall()
    assert runs == [(1, "bizarre-world", 5, 1), (2, "blue-moon", 4, 6)]
    assert numbers == [(i + 1, 1, i) for i in range(5)] + [(6 + i, 2, i) for i in range(4)]
    assert load_game(store, 7).game == "blue-moon"


def test_a_failed_run_leaves_the_store_as_it_was(tmp_path: Path, monkeypatch) -> None:
    store = tmp_path / "games.duckdb"
    simulate_into(store, "bizarre-world", 5, ["random", "random"], seed=1)
    before = counts(store)

    import cardwright.sim.store as store_module

    def broken(self, outcomes):  # the second chunk fails, after rows were buffered
        if outcomes[0].index:
            raise RuntimeError("disk full")
        self._add_game(outcomes[0])
        self._flush()

    monkeypatch.setattr(store_module.StoreWriter, "add", broken)
    monkeypatch.setattr("cardwright.sim.runner._chunks", lambda n, jobs: [(0, 1), (1, n)])
    with pytest.raises(RuntimeError, match="disk full"):
        simulate_into(store, "bizarre-world", 5, ["random", "random"], seed=2)
    assert counts(store) == before
    fresh = tmp_path / "new.duckdb"
    with pytest.raises(RuntimeError, match="disk full"):
        simulate_into(fresh, "bizarre-world", 5, ["random", "random"], seed=2)
    assert not fresh.exists() and not Path(f"{fresh}.wal").exists()


def test_configs_are_stored_resolved(tmp_path: Path) -> None:
    """A game's stored config is the validated one, so replay needs nothing else."""
    store = tmp_path / "games.duckdb"
    simulate_into(
        store,
        "smash-up",
        2,
        ["random"] * 3,
        config={"factions": [["ninjas", "pirates"]]},
        seed=3,
    )
    with duckdb.connect(str(store), read_only=True) as con:
        config, decks = con.execute("SELECT config, decks FROM games LIMIT 1").fetchone()
    assert len(json.loads(config)["factions"]) == 3
    assert decks[0] == "Ninjas + Pirates" and len(set(decks)) == 3


def test_the_documented_queries_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every SQL example of docs/records.md runs on a real store and returns rows."""
    simulate_into(tmp_path / "games.duckdb", "blue-moon", 20, ["heuristic", "random"], seed=5)
    monkeypatch.chdir(tmp_path)
    doc = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
    blocks = re.findall(r"```sql\n(.*?)```", doc, re.S)
    assert len(blocks) >= 7
    with duckdb.connect("games.duckdb") as con:
        for block in blocks:
            for statement in filter(str.strip, block.split(";")):
                statement = re.sub(r"\s--\s[^\n]*", "", statement)  # comments, not --from
                result = con.execute(statement)
                if statement.lstrip().upper().startswith(("SELECT", "WITH")):
                    assert result.fetchall(), statement
    assert (tmp_path / "seats.parquet").stat().st_size > 0
    assert (tmp_path / "games-parquet" / "games.parquet").stat().st_size > 0


def test_any_deals_each_game_its_own_choice(tmp_path: Path) -> None:
    """``--deck any`` / ``--factions any``: dealt per game from the game's seed (so the same
    whatever the number of processes), stored resolved, and every dealt game replays."""
    store = tmp_path / "games.duckdb"
    config = {"factions": ["any", ["ninjas", "pirates"], "any"]}
    stored = simulate_into(store, "smash-up", 8, ["random"] * 3, config=config, seed=4, jobs=2)
    plain = simulate("smash-up", 8, ["random"] * 3, config=config, seed=4)
    assert summarize(stored) == summarize(plain)
    with duckdb.connect(str(store), read_only=True) as con:
        rows = con.execute("SELECT game_no, decks, config FROM games ORDER BY game_no").fetchall()
    assert len({tuple(decks) for _, decks, _ in rows}) > 1
    for game_no, decks, config_text in rows:
        factions = json.loads(config_text)["factions"]
        assert decks[1] == "Ninjas + Pirates"
        assert len({f for pair in factions for f in pair}) == 6  # nobody shares a faction
        record = load_game(store, game_no)
        assert state_hash(replay(record, log=False)[1]) == record.final_hash
    people = tmp_path / "peoples.duckdb"
    simulate_into(people, "blue-moon", 12, ["random", "random"], config={"decks": ["any"] * 2})
    with duckdb.connect(str(people), read_only=True) as con:
        dealt = con.execute("SELECT DISTINCT unnest(decks) FROM games").fetchall()
        (given,) = con.execute("SELECT config FROM runs").fetchone()
    assert len(dealt) > 3 and json.loads(given) == {"decks": ["any", "any"]}


def test_a_store_without_cards_is_read_and_upgraded(tmp_path: Path) -> None:
    """A store written before the ``cards`` table (format version 2: the same tables less
    that one) still makes a report, its decks' cards taken from this Cardwright's card data;
    appending a run upgrades it in the run's transaction. A later version is refused.
    (tests/test_records_compat.py upgrades a real version 1 store.)"""
    store = tmp_path / "games.duckdb"
    simulate_into(store, "bizarre-world", 4, ["heuristic", "random"], seed=1)
    with duckdb.connect(str(store)) as con:
        con.execute("DROP TABLE cards")
        con.execute("UPDATE meta SET value = '2' WHERE key = 'version'")
    with open_store(store) as con:
        old = gather(con, "bizarre-world", report_hooks("bizarre-world"))
    assert old.derived_runs == [1] and old.holdings
    simulate_into(store, "bizarre-world", 4, ["heuristic", "random"], seed=2)
    assert store_version(store) == FORMAT_VERSION == 3
    with open_store(store) as con:
        assert con.execute("SELECT DISTINCT run FROM cards").fetchall() == [(2,)]
        both = gather(con, "bizarre-world", report_hooks("bizarre-world"))
    assert both.derived_runs == [1] and both.holdings == old.holdings
    with duckdb.connect(str(store)) as con:
        con.execute("UPDATE meta SET value = '9' WHERE key = 'version'")
    with pytest.raises(
        DataError,
        match=r"version 9 \(written by a newer Cardwright\); this Cardwright reads "
        "versions 1, 2, 3",
    ):
        simulate_into(store, "bizarre-world", 1, ["random", "random"], seed=3)
