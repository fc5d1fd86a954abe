"""Build a report file from a game store (the ``cardwright report`` command's work)."""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import duckdb

from cardwright.core.datafiles import check_writable
from cardwright.core.errors import ConfigError, DataError
from cardwright.games import get_game
from cardwright.sim.store import open_store
from cardwright.sim.trace import report_hooks

from .data import gather
from .page import render


@dataclass(frozen=True)
class Built:
    """What :func:`build_report` made: the file, its charts and how long it took."""

    path: Path
    games: int
    charts: list[str]
    seconds: float
    size: int


def check_output(path: Path) -> None:
    if path.suffix.lower() not in (".html", ".htm"):
        raise ConfigError(f"{path}: the report is an HTML file; name it something.html")
    check_writable(path, "report")


def _check_runs(
    con: duckdb.DuckDBPyConnection, store: Path, game: str, runs: list[int] | None
) -> None:
    """Refuse, naming the store, a game it holds no games of, or a ``--run`` it does not hold
    for that game (listing the runs it does hold)."""
    held = [
        r
        for (r,) in con.execute(
            "SELECT run FROM runs WHERE game = ? ORDER BY run", [game]
        ).fetchall()
    ]
    if not held:
        games = con.execute("SELECT DISTINCT game FROM games ORDER BY game").fetchall()
        have = ", ".join(g for (g,) in games) or "no games"
        raise DataError(f"{store}: holds no {game} games (it holds: {have})")
    missing = [r for r in runs or () if r not in held]
    if missing:
        which = ", ".join(map(str, missing))
        raise DataError(
            f"{store}: no run {which} of {game} (its {game} runs: {', '.join(map(str, held))})"
        )


def build_report(
    store: Path,
    game: str,
    out: Path,
    *,
    runs: list[int] | None = None,
    threads: int | None = None,
    store_name: str | None = None,
) -> Built:
    """Write the report of ``game``'s games in ``store`` to ``out`` (written whole or not at
    all). ``threads`` caps DuckDB's threads; ``store_name`` is how replay commands name the
    store (default: the path as given)."""
    start = time.perf_counter()
    get_game(game)  # an unknown game is a one-line error
    check_output(out)
    if threads is not None and threads < 1:
        raise ConfigError("--threads must be at least 1")
    with open_store(store) as con:
        if threads is not None:
            con.execute(f"SET threads = {int(threads)}")
        _check_runs(con, store, game, runs)
        data = gather(con, game, report_hooks(game), runs)
    html, chart_ids = render(data, store_name or str(store))
    fd, tmp = tempfile.mkstemp(dir=out.parent, prefix=".report-", suffix=".html")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(html)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Built(out, data.games, chart_ids, time.perf_counter() - start, out.stat().st_size)
