"""Build a report file from a game store, compared or not with another (the ``cardwright
report`` command's work)."""

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

from .compare import compare
from .data import ReportData, gather
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


def _held_runs(con: duckdb.DuckDBPyConnection, game: str) -> list[int]:
    """The runs of ``game`` the store holds."""
    return [
        r
        for (r,) in con.execute(
            "SELECT run FROM runs WHERE game = ? ORDER BY run", [game]
        ).fetchall()
    ]


def _check_runs(
    con: duckdb.DuckDBPyConnection, store: Path, game: str, runs: list[int] | None
) -> None:
    """Refuse, naming the store, a game it holds no games of, or a ``--run`` it does not hold
    for that game (listing the runs it does hold)."""
    held = _held_runs(con, game)
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


def _sides(
    store: Path, runs: list[int] | None, against: Path, against_runs: list[int] | None, game: str
) -> tuple[list[int] | None, list[int] | None]:
    """The runs of each side when both come from one store: they must not share a run; the
    side that names none takes every run the other does not."""
    if runs is None and against_runs is None:
        raise ConfigError(
            f"--against {against}: the same store as --from; name the runs to compare with "
            "--run (after) and --against-run (before)"
        )
    with open_store(store) as con:
        every = _held_runs(con, game)
    if runs is None:
        runs = [r for r in every if r not in (against_runs or [])]
    if against_runs is None:
        against_runs = [r for r in every if r not in runs]
    shared = sorted(set(runs) & set(against_runs))
    if shared:
        raise ConfigError(
            f"run(s) {', '.join(map(str, shared))} on both sides of the comparison: --run and "
            "--against-run must name different runs"
        )
    if not runs or not against_runs:
        side = "--run" if not runs else "--against-run"
        raise ConfigError(f"{store}: no {game} run left for {side} (its runs: {every})")
    return runs, against_runs


def _gather(
    store: Path, game: str, runs: list[int] | None, threads: int | None, name: str
) -> ReportData:
    with open_store(store) as con:
        if threads is not None:
            con.execute(f"SET threads = {int(threads)}")
        _check_runs(con, store, game, runs)
        try:
            data = gather(con, game, report_hooks(game), runs)
        except DataError as exc:
            raise DataError(f"{store}: {exc}") from None
    data.store = name
    return data


def build_report(
    store: Path,
    game: str,
    out: Path,
    *,
    runs: list[int] | None = None,
    threads: int | None = None,
    store_name: str | None = None,
    against: Path | None = None,
    against_runs: list[int] | None = None,
) -> Built:
    """Write the report of ``game``'s games in ``store`` to ``out`` (written whole or not at
    all). ``threads`` caps DuckDB's threads; ``store_name`` is how replay commands name the
    store (default: the path as given). With ``against`` (a store) or ``against_runs`` (runs
    of ``against``, by default of ``store`` itself), the report also compares ``store``
    (after) with it (before)."""
    start = time.perf_counter()
    get_game(game)  # an unknown game is a one-line error
    check_output(out)
    if threads is not None and threads < 1:
        raise ConfigError("--threads must be at least 1")
    if against is None and against_runs is not None:
        against = store
    if against is not None:
        if not against.is_file():
            raise DataError(f"{against}: no such game store (--against)")
        if store.is_file() and os.path.samefile(store, against):
            runs, against_runs = _sides(store, runs, against, against_runs, game)
    data = _gather(store, game, runs, threads, store_name or str(store))
    cmp = None
    if against is not None:
        before = _gather(against, game, against_runs, threads, str(against))
        cmp = compare(before, data)
    html, chart_ids = render(data, cmp)
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
