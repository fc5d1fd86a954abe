"""The game store: every game of ``simulate --out FILE`` as rows of a DuckDB database.

One file holds any number of runs (each ``simulate --out`` appends one, in one transaction:
a run that fails leaves the file as it was). Games are numbered across the file
(``games.game_no``, the N of ``cardwright explain --from FILE --game N``), and each keeps what
replaying it needs (config, seed, choices, final hash). ``docs/records.md`` documents the
tables; :data:`TABLES` is their single definition.

Rows are written in batches through newline-delimited JSON files that DuckDB reads in one
statement (inserting row by row from Python is orders of magnitude slower).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import msgspec

from cardwright.core.datafiles import check_writable, writable
from cardwright.core.errors import ConfigError, DataError
from cardwright.core.state import STATE_HASH_VERSION

from .provenance import cardwright_version, fingerprint, option_ids_version
from .records import GameRecord
from .runner import Batch, GameOutcome, simulate, with_player_count
from .trace import report_hooks

FORMAT = "cardwright-store"
FORMAT_VERSION = 3
#: The versions this Cardwright reads; a store of an earlier version it appends to is
#: upgraded first (in the run's transaction).
READABLE = (1, 2, 3)
SUFFIX = ".duckdb"

#: Every table: its columns and their DuckDB types, in order.
TABLES: dict[str, list[tuple[str, str]]] = {
    "meta": [("key", "VARCHAR"), ("value", "VARCHAR")],
    "runs": [
        ("run", "INTEGER"),
        ("game", "VARCHAR"),
        ("games", "INTEGER"),
        ("first_game", "INTEGER"),
        ("seed", "BIGINT"),
        ("agents", "VARCHAR[]"),
        ("players", "TINYINT"),
        ("config", "JSON"),
        ("backend", "VARCHAR"),
        ("jobs", "INTEGER"),
        ("cardwright", "VARCHAR"),
        ("created", "TIMESTAMP"),
        ("fingerprint", "JSON"),
        ("state_hash_version", "INTEGER"),
        ("option_ids_version", "INTEGER"),
    ],
    "games": [
        ("game_no", "INTEGER"),
        ("run", "INTEGER"),
        ("idx", "INTEGER"),
        ("game", "VARCHAR"),
        ("seed", "BIGINT"),
        ("players", "TINYINT"),
        ("agents", "VARCHAR[]"),
        ("decks", "VARCHAR[]"),
        ("config", "JSON"),
        ("first_seat", "TINYINT"),
        ("winners", "TINYINT[]"),
        ("draw", "BOOLEAN"),
        ("reason", "VARCHAR"),
        ("turns", "INTEGER"),
        ("decisions", "INTEGER"),
        ("scores", "JSON"),
        ("margin", "DOUBLE"),
        ("seconds", "DOUBLE"),
        ("final_hash", "VARCHAR"),
        ("choice_seats", "UTINYINT[]"),
        ("choices", "VARCHAR[]"),
        ("final_position", "VARCHAR"),
    ],
    "seats": [
        ("game_no", "INTEGER"),
        ("seat", "TINYINT"),
        ("players", "TINYINT"),
        ("agent", "VARCHAR"),
        ("deck", "VARCHAR"),
        ("turn_order", "TINYINT"),
        ("won", "BOOLEAN"),
        ("drawn", "BOOLEAN"),
        ("final_score", "DOUBLE"),
    ],
    "plays": [
        ("game_no", "INTEGER"),
        ("seat", "TINYINT"),
        ("turn", "SMALLINT"),
        ("card", "VARCHAR"),
        ("kind", "VARCHAR"),
    ],
    "scores": [
        ("game_no", "INTEGER"),
        ("turn", "SMALLINT"),
        ("seat", "TINYINT"),
        ("key", "VARCHAR"),
        ("value", "DOUBLE"),
    ],
    "cards": [
        ("run", "INTEGER"),
        ("deck", "VARCHAR"),
        ("card", "VARCHAR"),
        ("name", "VARCHAR"),
        ("copies", "INTEGER"),
        ("facts", "JSON"),
    ],
}
KEYS = {"meta": "key", "runs": "run", "games": "game_no"}
#: What each version added, which upgrading an earlier store adds empty. Version 2: columns
#: at the end of their tables (what played each run, and each game's layout-free final
#: position); version 3: the ``cards`` table (each deck's cards as a run dealt them).
ADDED_COLUMNS = {
    2: {
        "runs": ["fingerprint", "state_hash_version", "option_ids_version"],
        "games": ["final_position"],
    }
}
ADDED_TABLES = {3: ("cards",)}
#: The first version whose runs record their decks' cards.
CARDS_SINCE = 3

#: Games buffered before their rows are written.
FLUSH_GAMES = 500


def check_path(path: Path) -> None:
    """Refuse a store path that cannot be appended to, before any game is played: a name not
    ending in ``.duckdb``, a folder, a file that is not a store of this version or is damaged
    (:func:`open_store`), a read-only store, or a new file where none may be written."""
    if path.suffix != SUFFIX:
        hint = " (the store is a DuckDB file; see docs/records.md)" if path.suffix else ""
        raise ConfigError(f"{path}: a game store's name ends in {SUFFIX}{hint}")
    if path.exists() and not path.is_dir():
        with open_store(path):
            pass
        folder = path.parent
        if not writable(path):
            raise DataError(f"{path}: the game store is read-only; cannot append games to it")
        if not os.access(folder, os.W_OK | os.X_OK):  # DuckDB writes its journal beside it
            raise DataError(
                f"{path}: the folder {str(folder)!r} is read-only; cannot append games to the "
                "store in it"
            )
    else:
        check_writable(path, "game store")


@contextlib.contextmanager
def open_store(path: Path | str) -> Iterator[duckdb.DuckDBPyConnection]:
    """A read-only connection to an existing store (one-line errors for anything else)."""
    path = Path(path)
    if path.is_dir():
        raise DataError(f"{path}: is a folder, not a game store")
    if not path.is_file():
        raise DataError(f"{path}: no such game store")
    try:
        con = duckdb.connect(str(path), read_only=True)
        con.execute("SET enable_progress_bar = false")  # no bar on the terminal
    except duckdb.IOException as exc:
        raise _damaged(path, exc) from None
    except duckdb.Error as exc:
        raise DataError(f"{path}: cannot read it as a game store ({_first_line(exc)})") from None
    try:
        _check_format(con, path)
        _check_intact(con, path)
        yield con
    finally:
        con.close()


#: A DuckDB file starts with three 4 KiB headers (the main header and two database headers);
#: block ``i`` follows them at ``i * block_size`` (DuckDB's storage format).
_FILE_HEADERS = 3 * 4096


def _check_intact(con: duckdb.DuckDBPyConnection, path: Path) -> None:
    """Refuse a store whose file was cut short (a copy or a download that stopped) before any
    work: every block that holds a table's rows must lie inside the file. Reading the tables'
    storage map costs milliseconds, where finding out by reading the rows would come only
    after the games were played or half the report was built."""
    try:
        (block,) = con.execute("SELECT block_size FROM pragma_database_size()").fetchone() or (0,)
        last = -1
        held = {
            name
            for (name,) in con.execute(
                "SELECT table_name FROM duckdb_tables() WHERE NOT temporary"
            ).fetchall()
        }
        for table in (t for t in TABLES if t in held):  # a store of an earlier version
            (top,) = con.execute(
                f"SELECT max(block_id) FROM pragma_storage_info('{table}') WHERE persistent"
            ).fetchone() or (None,)
            if top is not None:
                last = max(last, int(top))
    except duckdb.IOException as exc:
        raise _damaged(path, exc) from None
    except duckdb.Error as exc:
        raise DataError(f"{path}: cannot read it as a game store ({_first_line(exc)})") from None
    need = _FILE_HEADERS + (last + 1) * int(block)
    size = path.stat().st_size
    if last >= 0 and size < need:
        raise _damaged(path, f"{size:,} bytes where its tables need {need:,}")


def _damaged(path: Path, why: BaseException | str) -> DataError:
    detail = _first_line(why) if isinstance(why, BaseException) else why
    return DataError(
        f"{path}: the game store is damaged, probably cut short ({detail}); restore it from a copy"
    )


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def _check_format(con: duckdb.DuckDBPyConnection, path: Path) -> int:
    """The store's format version (one this Cardwright reads), or a one-line refusal."""
    try:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    except duckdb.IOException as exc:
        raise _damaged(path, exc) from None
    except duckdb.Error:
        raise DataError(f"{path}: a DuckDB file but not a Cardwright game store") from None
    if meta.get("format") != FORMAT:
        raise DataError(f"{path}: a DuckDB file but not a Cardwright game store")
    found = str(meta.get("version"))
    if found not in map(str, READABLE):
        newer = (
            " (written by a newer Cardwright)"
            if found.isdigit() and int(found) > FORMAT_VERSION
            else ""
        )
        raise DataError(
            f"{path}: game store version {found}{newer}; this Cardwright reads versions "
            f"{', '.join(map(str, READABLE))}"
        )
    return int(found)


def store_version(path: Path | str) -> int:
    """The format version of the store at ``path`` (checked as :func:`open_store` does)."""
    with open_store(path) as con:
        return _check_format(con, Path(path))


def version_of(con: duckdb.DuckDBPyConnection) -> int:
    """The format version of the store open on ``con`` (checked when it was opened)."""
    row = con.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
    return int(row[0]) if row else FORMAT_VERSION


def _create_table(con: duckdb.DuckDBPyConnection, table: str) -> None:
    cols = ", ".join(
        f"{name} {kind}{' PRIMARY KEY' if KEYS.get(table) == name else ''}"
        for name, kind in TABLES[table]
    )
    con.execute(f"CREATE TABLE {table} ({cols})")


def _create_tables(con: duckdb.DuckDBPyConnection) -> None:
    for table in TABLES:
        _create_table(con, table)
    con.executemany(
        "INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("version", str(FORMAT_VERSION))]
    )


def _upgrade(con: duckdb.DuckDBPyConnection, version: int) -> None:
    """Bring a store of an earlier ``version`` to this one (inside the writer's transaction):
    the columns and tables later versions added, empty for the runs and games already there
    (they were recorded without them)."""
    for later in range(version + 1, FORMAT_VERSION + 1):
        for table, columns in ADDED_COLUMNS.get(later, {}).items():
            kinds = dict(TABLES[table])
            for column in columns:
                con.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kinds[column]}")
        for table in ADDED_TABLES.get(later, ()):
            _create_table(con, table)
    con.execute("UPDATE meta SET value = ? WHERE key = 'version'", [str(FORMAT_VERSION)])


def _number_lists(scores: dict[str, Any], players: int) -> dict[str, list[float]]:
    """The entries of ``game.scores()`` that are one number per seat."""
    out = {}
    for key, values in scores.items():
        if (
            isinstance(values, list)
            and len(values) == players
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
        ):
            out[key] = [float(v) for v in values]
    return out


class StoreWriter:
    """Appends one run to a store: ``add`` each finished chunk, then ``commit`` (or
    ``abort``, which leaves the file as it was, and removes it if this run created it)."""

    def __init__(
        self,
        path: Path,
        *,
        game: str,
        seed: int,
        agents: Sequence[str],
        config: dict[str, Any],
        games: int,
        backend: str = "local",
        jobs: int = 1,
    ) -> None:
        check_path(path)
        self.path = path
        self.created = not path.exists()
        self.hooks = report_hooks(game)
        self.game = game
        self.agents = list(agents)
        try:
            self.con = duckdb.connect(str(path))
            self.con.execute("SET enable_progress_bar = false")
        except duckdb.Error as exc:
            raise DataError(f"{path}: cannot open the game store ({_first_line(exc)})") from None
        self.con.execute("BEGIN TRANSACTION")
        self.upgraded = False
        if self.created:
            _create_tables(self.con)
        elif (version := _check_format(self.con, path)) < FORMAT_VERSION:
            _upgrade(self.con, version)
            self.upgraded = True
        self.run = self._next("runs", "run")
        self.first_game = self._next("games", "game_no")
        self._rows: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
        self._buffered = 0
        self._deck_cards: set[tuple[str, str, str, int, str]] = set()
        self._rows["runs"].append(
            {
                "run": self.run,
                "game": game,
                "games": games,
                "first_game": self.first_game,
                "seed": seed,
                "agents": self.agents,
                "players": len(self.agents),
                "config": config,
                "backend": backend,
                "jobs": jobs,
                "cardwright": cardwright_version(),
                "created": datetime.now(UTC).replace(tzinfo=None).isoformat(sep=" "),
                "fingerprint": fingerprint(game),
                "state_hash_version": STATE_HASH_VERSION,
                "option_ids_version": option_ids_version(game),
            }
        )
        self._tmp = tempfile.TemporaryDirectory(prefix="cardwright-store-")

    def _next(self, table: str, column: str) -> int:
        row = self.con.execute(f"SELECT coalesce(max({column}) + 1, 1) FROM {table}").fetchone()
        return int(row[0]) if row else 1

    def add(self, outcomes: list[GameOutcome]) -> None:
        for outcome in outcomes:
            self._add_game(outcome)
        self._buffered += len(outcomes)
        if self._buffered >= FLUSH_GAMES:
            self._flush()

    def _add_game(self, o: GameOutcome) -> None:
        d = o.detail
        if d is None:
            raise ValueError("the game store needs outcomes played with detail=True")
        game_no = self.first_game + o.index
        players = len(self.agents)
        winners = list(o.winners)
        final = _number_lists(d.scores[-1][1], players) if d.scores else {}
        key = self.hooks.score if self.hooks.score in final else next(iter(final), "")
        followed = final.get(key)
        margin = None
        if followed is not None and len(winners) == 1 and players > 1:
            others = [v for seat, v in enumerate(followed) if seat != winners[0]]
            margin = followed[winners[0]] - max(others)
        first = d.first_seat
        self._rows["games"].append(
            {
                "game_no": game_no,
                "run": self.run,
                "idx": o.index,
                "game": self.game,
                "seed": o.seed,
                "players": players,
                "agents": self.agents,
                "decks": d.groups,
                "config": d.config,
                "first_seat": first if first >= 0 else None,
                "winners": winners,
                "draw": not winners,
                "reason": d.reason,
                "turns": o.turns,
                "decisions": o.decisions,
                "scores": d.scores[-1][1] if d.scores else {},
                "margin": margin,
                "seconds": round(o.seconds, 6),
                "final_hash": d.final_hash,
                "choice_seats": [seat for seat, _ in d.choices],
                "choices": [choice for _, choice in d.choices],
                "final_position": d.final_position,
            }
        )
        seats = self._rows["seats"]
        for seat in range(players):
            seats.append(
                {
                    "game_no": game_no,
                    "seat": seat,
                    "players": players,
                    "agent": self.agents[seat],
                    "deck": d.groups[seat] if seat < len(d.groups) else "",
                    "turn_order": (seat - first) % players if first >= 0 else None,
                    "won": winners == [seat],
                    "drawn": not winners,
                    "final_score": followed[seat] if followed is not None else None,
                }
            )
        self._rows["plays"].extend(
            {"game_no": game_no, "seat": seat, "turn": turn, "card": card, "kind": kind}
            for seat, turn, card, kind in d.plays
        )
        self._add_deck_cards(d.config, d.groups)
        rows = self._rows["scores"]
        for turn, scores in d.scores:
            for name, values in _number_lists(scores, players).items():
                rows.extend(
                    {"game_no": game_no, "turn": turn, "seat": seat, "key": name, "value": v}
                    for seat, v in enumerate(values)
                )

    def _add_deck_cards(self, config: dict[str, Any], groups: list[str]) -> None:
        """The run's rows of ``cards``: each deck's cards as this game dealt them, once."""
        if self.hooks.deck_cards is None:
            return
        for deck, cards in zip(groups, self.hooks.deck_cards(config), strict=False):
            for c in cards:
                key = (deck, c.card, c.name, c.copies, c.facts)
                if key not in self._deck_cards:
                    self._deck_cards.add(key)
                    self._rows["cards"].append(
                        {
                            "run": self.run,
                            "deck": deck,
                            "card": c.card,
                            "name": c.name,
                            "copies": c.copies,
                            "facts": msgspec.Raw(c.facts.encode()),  # JSON already
                        }
                    )

    def _flush(self) -> None:
        encoder = msgspec.json.Encoder()
        for table, rows in self._rows.items():
            if not rows:
                continue
            file = Path(self._tmp.name) / f"{table}.ndjson"
            file.write_bytes(b"\n".join(encoder.encode(r) for r in rows))
            columns = "{" + ", ".join(f"'{n}': '{k}'" for n, k in TABLES[table]) + "}"
            self.con.execute(
                f"INSERT INTO {table} SELECT * FROM read_json(?, "
                f"format = 'newline_delimited', columns = {columns})",
                [str(file)],
            )
            rows.clear()
        self._buffered = 0

    def commit(self) -> None:
        try:
            self._flush()
            self.con.execute("COMMIT")
        finally:
            self.con.close()
            self._tmp.cleanup()

    def abort(self) -> None:
        with contextlib.suppress(duckdb.Error):
            self.con.execute("ROLLBACK")
        self.con.close()
        self._tmp.cleanup()
        if self.created:
            for leftover in (self.path, self.path.with_name(self.path.name + ".wal")):
                leftover.unlink(missing_ok=True)


def load_game(path: Path | str, game_no: int) -> GameRecord:
    """The record of stored game ``game_no`` (replay it with :func:`records.check_replay`),
    with what its run was played by (a version-1 store knows only the Cardwright version)."""
    with open_store(path) as con:
        version = _check_format(con, Path(path))
        added = (
            "r.fingerprint, r.state_hash_version, r.option_ids_version, g.final_position"
            if version >= 2
            else "NULL, 1, 1, ''"
        )
        row = con.execute(
            "SELECT g.game, g.config, g.seed, g.choice_seats, g.choices, g.final_hash, "
            f"g.winners, g.reason, g.turns, g.agents, r.cardwright, {added} "
            "FROM games g JOIN runs r USING (run) WHERE g.game_no = ?",
            [game_no],
        ).fetchone()
        if row is None:
            span = con.execute("SELECT min(game_no), max(game_no) FROM games").fetchone()
            have = f"games {span[0]} to {span[1]}" if span and span[0] is not None else "no games"
            raise DataError(f"{path}: no game {game_no} (the store holds {have})")
    (game, config, seed, seats, choices, final_hash, winners, reason, turns, agents) = row[:10]
    made_by, fingerprint_json, hash_version, ids_version, position = row[10:]
    return GameRecord(
        game=game,
        config=json.loads(config),
        seed=seed,
        choices=list(zip(seats, choices, strict=True)),
        final_hash=final_hash,
        winners=list(winners),
        reason=reason,
        turns=turns,
        agents=list(agents),
        version=2 if fingerprint_json else 1,  # the format its run was recorded in
        cardwright=made_by or "",
        state_hash_version=hash_version or 1,
        option_ids_version=ids_version or 1,
        fingerprint=json.loads(fingerprint_json) if fingerprint_json else {},
        final_position=position or "",
    )


@contextlib.contextmanager
def appending(path: Path | None, **run: Any) -> Iterator[StoreWriter | None]:
    """A writer for one run into the store at ``path`` (None: no store), committed when the
    block ends and aborted if it raises (Ctrl-C included)."""
    if path is None:
        yield None
        return
    writer = StoreWriter(path, **run)
    try:
        yield writer
    except BaseException:
        writer.abort()
        raise
    writer.commit()


def simulate_into(
    path: Path | None, game: str, n: int, agents: Sequence[str], **options: Any
) -> Batch:
    """:func:`~cardwright.sim.runner.simulate` (``options`` are its keyword arguments),
    appending every game to the store at ``path`` as one run (None: no store); the batch is
    the same as without a store."""
    options["config"] = with_player_count(game, options.get("config"), len(agents))
    run = {
        "game": game,
        "games": n,
        "agents": list(agents),
        "seed": options.get("seed", 0),
        "config": options["config"],
        "backend": options.get("backend", "local"),
        "jobs": options.get("jobs", 1),
    }
    with appending(path, **run) as writer:
        return simulate(
            game,
            n,
            agents,
            **options,
            detail=writer is not None,
            on_chunk=writer.add if writer is not None else None,
        )
