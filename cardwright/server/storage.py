"""Where the server keeps its games: a small :class:`Storage` interface and its one
implementation on the standard library's ``sqlite3`` (WAL mode).

A game is stored as what replaying it needs (game, config, seed, each move's seat and option
id) plus each move's resulting state hash, which a restart checks. A move's row is committed
before any client is told of the move (:meth:`Storage.append_move`); the move that ends a
game records the result in the same transaction. Tokens are never stored, only their
SHA-256 (``docs/server.md``, "Security").
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cardwright.core.errors import DataError


@dataclass
class StoredSeat:
    """A seat: its name, and either a human's token hash or an AI's agent spec."""

    name: str
    kind: str  # "human" | "ai"
    agent: str | None = None
    token_hash: str | None = None


@dataclass
class StoredMove:
    seq: int  # 0 for the first move
    seat: int
    option: str
    hash: str  # the state hash after the move


@dataclass
class StoredGame:
    id: str
    game: str
    config: dict[str, Any]
    seed: int
    seats: list[StoredSeat]
    created: float = field(default_factory=time.time)
    finished: float | None = None
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    broken: str | None = None  # why its record no longer replays
    moves: list[StoredMove] = field(default_factory=list)
    move_count: int = 0


class StaleMove(Exception):
    """A move row for that (game, seq) exists already."""


class Storage(Protocol):
    """What the server needs of a database (a client/server database can replace SQLite
    behind it)."""

    def create_game(self, game: StoredGame) -> None: ...

    def append_moves(
        self, game_id: str, moves: list[StoredMove], result: dict[str, Any] | None = None
    ) -> None:
        """Store the moves of one accepted message (usually one; the picks of a multi-part
        choice sent at once) and, when they ended the game, its result, in one transaction;
        :class:`StaleMove` (nothing stored) if the game has a move of one of those ``seq``."""
        ...

    def finish_game(self, game_id: str, result: dict[str, Any]) -> None: ...

    def mark_broken(self, game_id: str, reason: str) -> None: ...

    def load_game(self, game_id: str) -> StoredGame | None:
        """A game with its moves, or None."""
        ...

    def unfinished_games(self) -> list[StoredGame]:
        """Every game not finished and not broken, with its moves, oldest first."""
        ...

    def list_games(self, limit: int = 200) -> list[StoredGame]:
        """The most recent games, newest first, without their moves (``move_count``)."""
        ...

    def finished_games(self, ids: list[str] | None = None) -> list[StoredGame]:
        """Finished games with their moves, oldest first (only ``ids`` when given)."""
        ...

    def close(self) -> None: ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    finished REAL,
    result TEXT,
    rematch_of TEXT,
    broken TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    option TEXT NOT NULL,
    hash TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
);
"""
FORMAT = "cardwright-server"
VERSION = "1"


class SqliteStorage:
    """:class:`Storage` in one SQLite file (WAL mode: readers never wait for the writer;
    ``synchronous=NORMAL``: a committed move survives the server being killed, and a power
    cut loses at most the last moves, never the file)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            self.con = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.con.execute("PRAGMA journal_mode=WAL")
            self.con.execute("PRAGMA synchronous=NORMAL")
            self.con.execute("PRAGMA foreign_keys=ON")
            self.con.executescript(_SCHEMA)
            meta = dict(self.con.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as exc:
            raise DataError(
                f"{self.path}: cannot use it as the server's database ({exc})"
            ) from None
        if not meta:
            self.con.executemany(
                "INSERT INTO meta VALUES (?, ?)", [("format", FORMAT), ("version", VERSION)]
            )
        elif meta.get("format") != FORMAT or meta.get("version") != VERSION:
            self.con.close()
            raise DataError(
                f"{self.path}: not a Cardwright server database of version {VERSION} "
                f"(format {meta.get('format')!r}, version {meta.get('version')!r})"
            )

    # ---------------------------------------------------------------- writing
    def create_game(self, game: StoredGame) -> None:
        seats = [s.__dict__ for s in game.seats]
        with self._transaction() as cur:
            cur.execute(
                "INSERT INTO games (id, game, config, seed, seats, created, rematch_of) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    game.game,
                    json.dumps(game.config),
                    game.seed,
                    json.dumps(seats),
                    game.created,
                    game.rematch_of,
                ),
            )

    def append_moves(
        self, game_id: str, moves: list[StoredMove], result: dict[str, Any] | None = None
    ) -> None:
        now = time.time()
        with self._transaction() as cur:
            try:
                cur.executemany(
                    "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
                    [(game_id, m.seq, m.seat, m.option, m.hash, now) for m in moves],
                )
            except sqlite3.IntegrityError:
                seqs = ", ".join(str(m.seq) for m in moves)
                raise StaleMove(f"game {game_id} has a move {seqs} already") from None
            if result is not None:
                self._finish(cur, game_id, result)

    def finish_game(self, game_id: str, result: dict[str, Any]) -> None:
        with self._transaction() as cur:
            self._finish(cur, game_id, result)

    @staticmethod
    def _finish(cur: sqlite3.Cursor, game_id: str, result: dict[str, Any]) -> None:
        cur.execute(
            "UPDATE games SET finished = ?, result = ? WHERE id = ?",
            (time.time(), json.dumps(result), game_id),
        )

    def mark_broken(self, game_id: str, reason: str) -> None:
        with self._transaction() as cur:
            cur.execute("UPDATE games SET broken = ? WHERE id = ?", (reason, game_id))

    def _transaction(self) -> _Transaction:
        return _Transaction(self.con)

    # ---------------------------------------------------------------- reading
    _COLUMNS = "id, game, config, seed, seats, created, finished, result, rematch_of, broken"

    def _game(self, row: tuple[Any, ...], moves: bool) -> StoredGame:
        gid, game, config, seed, seats, created, finished, result, rematch_of, broken = row
        stored = StoredGame(
            id=gid,
            game=game,
            config=json.loads(config),
            seed=seed,
            seats=[StoredSeat(**s) for s in json.loads(seats)],
            created=created,
            finished=finished,
            result=None if result is None else json.loads(result),
            rematch_of=rematch_of,
            broken=broken,
        )
        if moves:
            stored.moves = [
                StoredMove(*m)
                for m in self.con.execute(
                    "SELECT seq, seat, option, hash FROM moves WHERE game = ? ORDER BY seq",
                    (gid,),
                )
            ]
            stored.move_count = len(stored.moves)
        else:
            (count,) = self.con.execute(
                "SELECT count(*) FROM moves WHERE game = ?", (gid,)
            ).fetchone()
            stored.move_count = count
        return stored

    def load_game(self, game_id: str) -> StoredGame | None:
        row = self.con.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        return None if row is None else self._game(row, moves=True)

    def unfinished_games(self) -> list[StoredGame]:
        rows = self.con.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE finished IS NULL AND broken IS NULL "
            "ORDER BY created, id"
        ).fetchall()
        return [self._game(r, moves=True) for r in rows]

    def list_games(self, limit: int = 200) -> list[StoredGame]:
        rows = self.con.execute(
            f"SELECT {self._COLUMNS} FROM games ORDER BY created DESC, id LIMIT ?", (limit,)
        ).fetchall()
        return [self._game(r, moves=False) for r in rows]

    def finished_games(self, ids: list[str] | None = None) -> list[StoredGame]:
        rows = self.con.execute(
            f"SELECT {self._COLUMNS} FROM games WHERE finished IS NOT NULL ORDER BY created, id"
        ).fetchall()
        games = [self._game(r, moves=True) for r in rows if ids is None or r[0] in ids]
        return games

    def close(self) -> None:
        self.con.close()


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` if the block raises)."""

    def __init__(self, con: sqlite3.Connection) -> None:
        self.con = con

    def __enter__(self) -> sqlite3.Cursor:
        self.cur = self.con.cursor()
        self.cur.execute("BEGIN IMMEDIATE")
        return self.cur

    def __exit__(self, kind: object, exc: object, tb: object) -> None:
        if kind is None:
            self.cur.execute("COMMIT")
        else:
            self.cur.execute("ROLLBACK")
