"""The replay viewer's games: a finished game of the server, a saved game uploaded from the
browser (``play --save`` file), or a game of a store mounted with ``serve --store FILE``
(``--from FILE.duckdb --game N``). A URL never names a file: an upload gets an id, a store a
name given when the server started.

A :class:`Replayer` keeps a copy of the state every :data:`CHECKPOINT` moves, so a step is
reached by replaying at most that many moves.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from cardwright.core.errors import CardwrightError, ConfigError, DataError
from cardwright.core.game import Game
from cardwright.core.state import SPECTATOR, State, clone
from cardwright.games import get_game
from cardwright.sim.records import GameRecord, decode_record, since

from .present import Presenter

CHECKPOINT = 25
#: uploads and opened replays kept in memory, the least recently used dropped first
KEEP = 32
#: the largest saved game accepted by upload, in bytes
MAX_UPLOAD = 8 * 1024 * 1024


class Replayer:
    """One recorded game, stepped: ``frame(step, seat)`` is the frame ``seat`` saw before
    the ``step``-th choice (``step == len(choices)``: the end)."""

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.game: Game = get_game(record.game)
        try:
            state = self.game.new_state(record.config, record.seed)
        except CardwrightError as exc:
            raise DataError(f"its config: {exc} ({since(record)})") from None
        self.presenter = Presenter(record.game, state.config)
        self.names = list(state.names)
        self.checkpoints: list[State] = [clone(state)]
        for i, (seat, choice) in enumerate(record.choices, start=1):
            try:
                self.game.apply(state, choice, seat)
            except CardwrightError as exc:
                raise DataError(f"step {i}: {exc} ({since(record)})") from None
            if i % CHECKPOINT == 0:
                self.checkpoints.append(clone(state))

    @property
    def steps(self) -> int:
        return len(self.record.choices)

    def state_at(self, step: int) -> State:
        base = step // CHECKPOINT
        state = clone(self.checkpoints[base])
        for seat, choice in self.record.choices[base * CHECKPOINT : step]:
            self.game.apply(state, choice, seat)
        return state

    def frame(self, step: int, seat: int) -> dict[str, Any]:
        if not 0 <= step <= self.steps:
            raise ConfigError(f"step {step}: this game has steps 0 to {self.steps}")
        if seat != SPECTATOR and not 0 <= seat < len(self.names):
            raise ConfigError(f"seat {seat}: this game has seats 0 to {len(self.names) - 1}")
        state = self.state_at(step)
        choice = None
        if step < self.steps and state.decision is not None:
            by, option = self.record.choices[step]
            label = next((o.label for o in state.decision.options if o.id == option), option)
            # the next choice is shown to the seat that made it (its words may name its cards)
            if seat == by:
                choice = {"seat": by, "option": option, "label": label}
        return {
            "frame": self.presenter.frame(self.game.view(state, seat), seat),
            "step": step,
            "steps": self.steps,
            "names": self.names,
            "choice": choice,
        }


def read_upload(data: bytes) -> GameRecord:
    """A saved game sent by the browser; a malformed one is one DataError line."""
    if len(data) > MAX_UPLOAD:
        raise DataError(f"the file is {len(data)} bytes; a saved game may be {MAX_UPLOAD} at most")
    record = decode_record(data)
    get_game(record.game)
    return record


class Replays:
    """Uploaded records and opened replayers, by source."""

    def __init__(self, stores: dict[str, Path]) -> None:
        self.stores = stores
        self.uploads: OrderedDict[str, GameRecord] = OrderedDict()
        self.open: OrderedDict[str, Replayer] = OrderedDict()

    def upload(self, upload_id: str, record: GameRecord) -> None:
        self.uploads[upload_id] = record
        while len(self.uploads) > KEEP:
            self.uploads.popitem(last=False)

    def replayer(self, source: str, finished: Any) -> Replayer:
        """The replayer of ``source``: ``game/<id>`` (``finished(id)`` gives its record, or
        raises), ``upload/<id>``, ``store/<name>/<n>``."""
        found = self.open.get(source)
        if found is not None:
            self.open.move_to_end(source)
            return found
        kind, _, rest = source.partition("/")
        if kind == "game":
            record = finished(rest)
        elif kind == "upload":
            record = self.uploads.get(rest)
            if record is None:
                raise ConfigError(
                    f"no uploaded game {rest!r} (uploads are kept while the server runs)"
                )
        elif kind == "store":
            name, _, number = rest.rpartition("/")
            path = self.stores.get(name)
            if path is None:
                known = ", ".join(self.stores) or "none (start the server with --store FILE)"
                raise ConfigError(f"no store named {name!r}; stores: {known}")
            if not number.isdigit():
                raise ConfigError(f"store {name}: {number!r} is not a game number")
            from cardwright.sim.store import load_game

            record = load_game(path, int(number))
        else:
            raise ConfigError(f"no replay {source!r}: game/<id>, upload/<id> or store/<name>/<n>")
        replayer = Replayer(record)
        self.open[source] = replayer
        while len(self.open) > KEEP:
            self.open.popitem(last=False)
        return replayer
