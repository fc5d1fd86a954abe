"""``cardwright export``: the server's finished games into a game store (a DuckDB file,
``docs/records.md``), so ``cardwright report``, ``explain --from`` and the replay viewer
read them like simulated games.

Each game is replayed from its record (the recorded hashes are checked) and traced as
``simulate --out`` traces its games; games already in the store (same game, seed and final
hash) are skipped, so exporting again adds only the new ones. Games are appended as one run
per game and seat line-up (a run has one agent per seat: ``human`` for a person, the spec
for an AI), with ``backend = "server"``.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path

from cardwright.core.errors import CardwrightError, DataError
from cardwright.core.state import state_hash
from cardwright.games import get_game
from cardwright.sim.runner import GameOutcome
from cardwright.sim.store import StoreWriter, check_path, open_store
from cardwright.sim.trace import Tracer, report_hooks

from .storage import Storage, StoredGame


def _traced(stored: StoredGame) -> GameOutcome:
    game = get_game(stored.game)
    state = game.new_state(stored.config, stored.seed)
    tracer = Tracer(game, state, report_hooks(stored.game))
    choices = []
    for move in stored.moves:
        try:
            game.apply(state, move.option, move.seat)
        except CardwrightError as exc:
            raise DataError(
                f"game {stored.id}: move {move.seq} ({move.option}) no longer plays: {exc}"
            ) from None
        if state_hash(state) != move.hash:
            raise DataError(f"game {stored.id}: move {move.seq} no longer reaches its state")
        choices.append((move.seat, move.option))
        tracer.observe(state)
    detail = tracer.finish(state, choices)
    winners = tuple(state.result.winners) if state.result is not None else ()
    seconds = (stored.finished or time.time()) - stored.created
    return GameOutcome(0, stored.seed, winners, state.turn, state.decisions, seconds, detail)


def _stored_keys(path: Path) -> set[tuple[str, int, str]]:
    if not path.exists():
        return set()
    with open_store(path) as con:
        rows = con.execute("SELECT game, seed, final_hash FROM games").fetchall()
    return {(g, s, h) for g, s, h in rows}


def export_games(storage: Storage, path: Path, ids: list[str] | None = None) -> tuple[int, int]:
    """Append the finished games (only ``ids`` if given) not yet in the store at ``path``;
    returns (exported, already there)."""
    check_path(path)
    games = storage.finished_games(ids)
    if ids:
        missing = sorted(set(ids) - {g.id for g in games})
        if missing:
            raise DataError(f"no finished game {', '.join(missing)} in the server's database")
    have = _stored_keys(path)
    groups: dict[tuple[str, tuple[str, ...]], list[GameOutcome]] = defaultdict(list)
    skipped = 0
    for stored in games:
        if stored.broken:
            continue
        outcome = _traced(stored)
        assert outcome.detail is not None
        if (stored.game, stored.seed, outcome.detail.final_hash) in have:
            skipped += 1
            continue
        agents = tuple(s.agent or "human" if s.kind == "ai" else "human" for s in stored.seats)
        groups[(stored.game, agents)].append(outcome)
    exported = 0
    for (game, agents), outcomes in groups.items():
        writer = StoreWriter(
            path,
            game=game,
            seed=0,
            agents=agents,
            config={},
            games=len(outcomes),
            backend="server",
        )
        try:
            writer.add([replace(o, index=i) for i, o in enumerate(outcomes)])
        except BaseException:
            writer.abort()
            raise
        writer.commit()
        exported += len(outcomes)
    return exported, skipped
