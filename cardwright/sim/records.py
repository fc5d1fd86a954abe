"""Game records: everything needed to replay a game exactly, and nothing more.

A record is (game, config, seed, choices) plus the final state hash. Replaying the choices from
the same config and seed must reach the same hash; ``cardwright replay`` checks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from cardwright.core.datafiles import read_bytes, write_bytes
from cardwright.core.errors import DataError
from cardwright.core.game import Game
from cardwright.core.state import State, state_hash
from cardwright.games import get_game

FORMAT_VERSION = 1


class GameRecord(msgspec.Struct):
    game: str
    config: dict[str, Any]
    seed: int
    choices: list[tuple[int, str]]
    final_hash: str = ""
    winners: list[int] = msgspec.field(default_factory=list)
    reason: str = ""
    turns: int = 0
    agents: list[str] = msgspec.field(default_factory=list)
    version: int = FORMAT_VERSION


def save_record(record: GameRecord, path: Path | str) -> None:
    """Write a saved game whole (or, on a bad path, nothing: one :class:`DataError` line)."""
    write_bytes(path, msgspec.json.format(msgspec.json.encode(record), indent=1), "saved game")


def load_record(path: Path | str) -> GameRecord:
    """Read a saved game; a malformed file, or one of a format version this Cardwright does
    not know, is one :class:`DataError` line."""
    return decode_record(read_bytes(path, "saved game"), f"{path}: ")


def decode_record(data: bytes, where: str = "") -> GameRecord:
    """A saved game from its bytes (a file's, an upload's); ``where`` starts the one
    :class:`DataError` line about a malformed one."""
    try:
        record = msgspec.json.decode(data, type=GameRecord)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise DataError(f"{where}not a Cardwright saved game: {exc}") from None
    if record.version != FORMAT_VERSION:
        raise DataError(
            f"{where}saved game format version {record.version}; this Cardwright reads "
            f"version {FORMAT_VERSION} only"
        )
    return record


def replay(record: GameRecord, *, log: bool = True) -> tuple[Game, State]:
    """Re-run a record's choices from its config and seed; returns the final state.

    An illegal choice in the record raises :class:`~cardwright.core.errors.IllegalChoice`
    naming the step.
    """
    game = get_game(record.game)
    state = game.new_state(record.config, record.seed, log=log)
    for step, (seat, choice) in enumerate(record.choices, start=1):
        try:
            game.apply(state, choice, seat)
        except DataError:
            raise
        except Exception as exc:
            if hasattr(exc, "args") and exc.args:
                raise type(exc)(f"step {step}: {exc.args[0]}") from None
            raise
    return game, state


def finish_record(record: GameRecord, state: State) -> GameRecord:
    record.final_hash = state_hash(state)
    if state.result is not None:
        record.winners = list(state.result.winners)
        record.reason = state.result.reason
    record.turns = state.turn
    return record
