"""Game records: everything needed to replay a game exactly, and what it was played by.

A record is (game, config, seed, choices) plus the final state hash, and (format 2) what
played it: the Cardwright version, the versions of the state hash and of the game's option
ids, a fingerprint of the game's rules and card data (:mod:`.provenance`) and a layout-free
digest of the final position. Replaying the choices from the same config and seed must reach
the same hash; ``cardwright replay`` checks it, and for a record that no longer replays says
what changed since it was played (:func:`check_replay`). Records of format 1 (before the
version and fingerprint) are read as well. The policy: ``docs/records.md``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from cardwright.core.datafiles import read_bytes, write_bytes
from cardwright.core.errors import CardwrightError, DataError, EngineError
from cardwright.core.game import Game
from cardwright.core.state import STATE_HASH_VERSION, State, state_hash
from cardwright.games import get_game

from .provenance import cardwright_version, differences, fingerprint, option_ids_version

FORMAT_VERSION = 2
#: The formats this Cardwright reads (it writes :data:`FORMAT_VERSION`).
READABLE = (1, 2)


class GameRecord(msgspec.Struct):
    """A saved game. ``cardwright`` .. ``final_position`` are empty in a format-1 record
    (:func:`load_record` then fills in the two versions, which were 1)."""

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
    cardwright: str = ""
    state_hash_version: int = 0
    option_ids_version: int = 0
    fingerprint: dict[str, str] = msgspec.field(default_factory=dict)
    final_position: str = ""


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
    if record.version not in READABLE:
        newer = " (written by a newer Cardwright)" if record.version > FORMAT_VERSION else ""
        raise DataError(
            f"{where}saved game format version {record.version}{newer}; this Cardwright "
            f"reads versions {', '.join(map(str, READABLE))}"
        )
    return upgraded(record)


def upgraded(record: GameRecord) -> GameRecord:
    """A format-1 record with what format 2 says explicitly: it was made with version 1 of
    the state hash and of the option ids (the first versions)."""
    if record.version == 1:
        record.state_hash_version = record.state_hash_version or 1
        record.option_ids_version = record.option_ids_version or 1
    return record


def position_hash(game: Game, state: State) -> str:
    """A digest of the position that does not depend on how the state is laid out: the
    result, turn, active seat, every zone (sorted by name) with each card's id, definition,
    owner, controller, exhaustion, facing and counters, and the game's scores."""
    zones = []
    for key in sorted(state.zones):
        cards = []
        for cid in state.zones[key]:
            c = state.cards[cid]
            counters = sorted(c.counters.items())
            cards.append([cid, c.defn, c.owner, c.controller, c.exhausted, c.face_up, counters])
        zones.append([key, cards])
    result = state.result
    res = None if result is None else [result.winners, result.reason, result.rule]
    data = msgspec.msgpack.encode([res, state.turn, state.active, zones, game.scores(state)])
    return hashlib.blake2b(data, digest_size=5).hexdigest()


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


def stamp(record: GameRecord, game: Game) -> GameRecord:
    """Note what plays the record: this Cardwright, its contract versions and the game's
    fingerprint."""
    record.version = FORMAT_VERSION
    record.cardwright = cardwright_version()
    record.state_hash_version = STATE_HASH_VERSION
    record.option_ids_version = option_ids_version(game.id)
    record.fingerprint = dict(fingerprint(game.id))
    return record


def finish_record(record: GameRecord, state: State) -> GameRecord:
    game = get_game(record.game)
    stamp(record, game)
    record.final_hash = state_hash(state)
    record.final_position = position_hash(game, state)
    if state.result is not None:
        record.winners = list(state.result.winners)
        record.reason = state.result.reason
    record.turns = state.turn
    return record


@dataclass
class Replayed:
    """What replaying a record found. ``state``: where the replay stopped (None when it could
    not start); ``problem``: why it does not reach the recorded game ("" when it does);
    ``verified``: the final state was compared with the record (a record saved without a
    hash, or with another state hash version and no position, is only replayed);
    ``notes``: what else a reader should know (how it was compared); ``changed``: what
    changed since it was recorded, in words (:meth:`since`)."""

    record: GameRecord
    game: Game
    state: State | None
    reached: str = ""
    problem: str = ""
    verified: bool = True
    notes: list[str] = field(default_factory=list)
    changed: list[str] | None = None

    @property
    def ok(self) -> bool:
        return not self.problem

    @property
    def rules_moved(self) -> bool:
        """Whether the problem may come from a change since the record was made (something
        changed, or a format-1 record cannot say), rather than from the record itself: a
        record whose rules, data and code are today's (or one that says nothing of them
        though its format would: not written by Cardwright) and that does not replay is a
        damaged or hand-made file."""
        return bool(self.changed) or (self.changed is None and self.record.version == 1)

    def since(self) -> str:
        """Who recorded it and what changed since, in one sentence."""
        return since(self.record, self.changed)


def changes(record: GameRecord) -> list[str] | None:
    """What changed since ``record`` was made, in words (None: it does not say, format 1):
    the parts of its game's fingerprint, and the contract's versions."""
    game_id = record.game
    out = differences(record.fingerprint, fingerprint(game_id)) if record.fingerprint else None
    for name, theirs, ours in (
        ("state hash", record.state_hash_version, STATE_HASH_VERSION),
        ("option ids", record.option_ids_version, option_ids_version(game_id)),
    ):
        if theirs and theirs != ours:
            out = [*(out or []), f"the {name} (version {theirs} to {ours})"]
    return out


def since(record: GameRecord, changed: list[str] | None = None) -> str:
    """Who recorded ``record`` and what changed since (``changed``: :func:`changes`, when the
    caller has it), in one sentence."""
    if changed is None:
        changed = changes(record)
    if not record.fingerprint:
        who = f"Cardwright {record.cardwright}" if record.cardwright else "a Cardwright"
        return (
            f"recorded by {who} before records carried a fingerprint of the rules "
            f"(format {record.version}): what changed since cannot be told"
        )
    now = cardwright_version()
    who = f"Cardwright {record.cardwright}" + (f", now {now}" if now != record.cardwright else "")
    if not changed:
        return f"recorded by {who}; its rules, card data and code have not changed since"
    return f"recorded by {who}; changed since: {'; '.join(changed)}"


def check_replay(
    record: GameRecord,
    *,
    log: bool = False,
    before: Callable[[State, int, str], None] | None = None,
) -> Replayed:
    """Replay a record and compare it with what it says, without raising for a record that
    no longer fits this Cardwright: its option ids of another version (not replayed: its
    choices would mean other things), a config this version refuses, a choice no longer
    legal, or another final state. The state hash is compared when the record's version of
    it is this one; otherwise the layout-free final position, when the record has one.
    ``before(state, seat, option_id)`` is called before each choice is applied (``explain``
    notes where each choice came)."""
    game = get_game(record.game)
    out = Replayed(record, game, None, changed=changes(record))
    ids = option_ids_version(game.id)
    if record.option_ids_version and record.option_ids_version != ids:
        out.problem = (
            f"its choices are {game.id} option ids of version {record.option_ids_version}; "
            f"this Cardwright's are version {ids}, so it cannot be replayed"
        )
        return out
    try:
        out.state = game.new_state(record.config, record.seed, log=log)
    except CardwrightError as exc:
        out.problem = f"its config no longer fits: {exc}"
        return out
    state = out.state
    for step, (seat, choice) in enumerate(record.choices, start=1):
        if before is not None:
            before(state, seat, choice)
        try:
            game.apply(state, choice, seat)
        except (CardwrightError, EngineError) as exc:
            out.reached = state_hash(state)
            out.problem = f"step {step} of {len(record.choices)}: {exc}"
            return out
    out.reached = state_hash(state)
    if not record.final_hash:
        out.verified = False
        out.notes.append("the record holds no final hash to compare with")
    elif (record.state_hash_version or 1) == STATE_HASH_VERSION:
        if out.reached != record.final_hash:
            out.problem = f"replay reached {out.reached}, the record says {record.final_hash}"
    elif record.final_position:
        position = position_hash(game, state)
        out.notes.append(
            f"the state hash changed version ({record.state_hash_version} to "
            f"{STATE_HASH_VERSION}): the final position was compared instead"
        )
        if position != record.final_position:
            out.problem = (
                f"replay reached the position {position}, the record says {record.final_position}"
            )
    else:
        out.verified = False
        out.notes.append(
            f"the state hash changed version ({record.state_hash_version} to "
            f"{STATE_HASH_VERSION}) and the record has no final position: replayed, not compared"
        )
    return out
