"""Live games: each :class:`Session` holds one game's state, its seats and the connections
watching it; the :class:`Hub` holds every session, makes games, and rebuilds the unfinished
ones from storage when the server starts.

A move is checked against the pending decision (seat, sequence number, option) before
anything changes, applied, stored (:meth:`~.storage.Storage.append_moves`, committed) and
only then shown: each connected seat is sent its own view, each spectator the spectator's
view. Nothing else ever leaves a session: never the state.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec

from cardwright.agents import make_agent
from cardwright.core.errors import CardwrightError, ConfigError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import SPECTATOR, State, clone, state_hash
from cardwright.games import GAMES, get_game
from cardwright.sim.deal import ANY, deal

from .ai import AIRunner, agent_seed
from .present import Presenter
from .protocol import Move, ProtocolError, TokenBucket, error
from .storage import Storage, StoredGame, StoredMove, StoredSeat

log = logging.getLogger("cardwright.server")

#: messages waiting for a slow client before its connection is closed (it reconnects and
#: gets the current view)
MAX_OUTBOX = 64


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


_encode = msgspec.json.Encoder().encode


class Conn:
    """One client connection: what it has joined as, what it has been sent (log events and
    card faces), its flood limit and its queue of outgoing messages."""

    def __init__(self, send_text: Callable[[str], Any], close: Callable[[int], Any]) -> None:
        self._send_text = send_text
        self._close = close
        self.session: Session | None = None
        self.seat: int | None = None  # a seat, or SPECTATOR
        self.log_next = 0  # the first log seq not sent yet
        self.faces: set[str] = set()
        self.bucket = TokenBucket()
        self.limited_at = 0.0
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, message: Mapping[str, Any]) -> None:
        if self.closed:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.closed = True
            self.outbox.put_nowait(None)  # the writer closes it
            return
        self.outbox.put_nowait(_encode(message).decode())

    async def writer(self) -> None:
        """Sends the queued messages in order, until the connection closes."""
        while True:
            text = await self.outbox.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self._close(1013)  # try again later: a client too slow to follow
                return
            try:
                await self._send_text(text)
            except Exception:
                self.closed = True
                return

    def stop(self) -> None:
        self.closed = True
        self.outbox.put_nowait(None)


@dataclass
class Created:
    session: Session
    tokens: dict[int, str]  # human seat -> token (shown once, never stored)
    kinds: list[str]  # each seat as asked for: me, invite, ai


class Session:
    """A game being played (or just finished): the state, the seats, the connections."""

    def __init__(self, hub: Hub, stored: StoredGame, state: State) -> None:
        self.hub = hub
        self.stored = stored
        self.id = stored.id
        self.game: Game = get_game(stored.game)
        self.state = state
        self.seq = len(stored.moves)
        self.conns: set[Conn] = set()
        self.thinking: set[int] = set()
        self.presenter = Presenter(stored.game, state.config)
        self.lock = asyncio.Lock()
        self.ai_task: asyncio.Task[None] | None = None

    # ---------------------------------------------------------------- seats
    def seat_of(self, token: str) -> int | None:
        digest = token_hash(token)
        for seat, s in enumerate(self.stored.seats):
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                return seat
        return None

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def join(self, conn: Conn, seat: int) -> None:
        conn.session, conn.seat = self, seat
        conn.log_next, conn.faces = 0, set()
        self.conns.add(conn)
        self._send_views([conn])
        if self.over:
            conn.send(self._over_message())

    def leave(self, conn: Conn) -> None:
        self.conns.discard(conn)
        if self.over and not self.conns:
            self.hub.forget(self)

    # ---------------------------------------------------------------- moves
    async def move(self, conn: Conn, message: Move) -> None:
        """A client's move: checked, applied, stored, shown; or one ProtocolError and
        nothing changed."""
        async with self.lock:
            seat = conn.seat
            if self.stored.broken:
                raise ProtocolError("unavailable", f"game {self.id}: {self.stored.broken}")
            if self.over:
                raise ProtocolError("game_over", f"game {self.id} is over: no move can be made")
            decision = self.state.decision
            assert decision is not None and seat is not None
            if seat == SPECTATOR:
                raise ProtocolError("not_your_turn", "a spectator cannot move")
            if message.seq != self.seq:
                raise ProtocolError(
                    "stale",
                    f"move answers view {message.seq}; the game is at {self.seq} "
                    "(the current view has been sent)",
                )
            if decision.seat != seat:
                who = self.state.names[decision.seat]
                raise ProtocolError(
                    "not_your_turn",
                    f"the {decision.kind} decision is {who}'s (seat {decision.seat})",
                )
            self._accept(seat, message.choices())

    def _accept(self, seat: int, choices: list[str]) -> None:
        """Apply ``choices`` (picks of ``seat``, in order), store them, show the new views.
        Raises ProtocolError (nothing changed) for an illegal choice."""
        game = self.game
        if len(choices) == 1:
            try:
                game.check_choice(self.state, choices[0], seat)
            except IllegalChoice as exc:
                raise ProtocolError("illegal_option", str(exc)) from None
            work = self.state  # apply is all or nothing once the choice is legal
        else:
            work = clone(self.state)
        moves = []
        try:
            for i, choice in enumerate(choices):
                try:
                    game.apply(work, choice, seat)
                except IllegalChoice as exc:
                    raise ProtocolError("illegal_option", f"pick {i + 1}: {exc}") from None
                moves.append(StoredMove(self.seq + i, seat, choice, state_hash(work)))
        except ProtocolError:
            raise
        except Exception as exc:  # a rules bug: the live state may be half-changed
            log.exception("game %s: applying %s failed", self.id, choices)
            self._rebuild()
            raise ProtocolError("server_error", f"the move failed: {exc}") from None
        result = None
        if work.result is not None:
            r = work.result
            result = {"winners": list(r.winners), "reason": r.reason, "rule": r.rule}
        try:
            self.hub.storage.append_moves(self.id, moves, result)
        except Exception as exc:  # StaleMove, a full disk, a locked file
            log.exception("game %s: storing moves failed", self.id)
            if work is self.state:
                self._rebuild()
            raise ProtocolError("server_error", f"the move could not be stored: {exc}") from None
        self.state = work
        self.stored.moves.extend(moves)
        self.seq += len(moves)
        if result is not None:
            self.stored.result = result
        self.thinking.discard(seat)
        self._after_change()

    def _rebuild(self) -> None:
        """The state again from the stored record (after a failure mid-move)."""
        stored = self.hub.storage.load_game(self.id)
        assert stored is not None
        self.stored = stored
        self.state, problem = replay_stored(stored)
        self.seq = len(stored.moves)
        if problem:
            self.stored.broken = problem

    def _after_change(self) -> None:
        self._schedule_ai()
        self._send_views(list(self.conns))
        if self.over:
            over = self._over_message()
            for conn in self.conns:
                conn.send(over)

    # ---------------------------------------------------------------- AI seats
    def _schedule_ai(self) -> None:
        decision = self.state.decision
        if decision is None or self.stored.broken:
            return
        seat = self.stored.seats[decision.seat]
        if seat.kind != "ai" or (self.ai_task is not None and not self.ai_task.done()):
            return
        self.thinking.add(decision.seat)
        self.ai_task = asyncio.get_running_loop().create_task(self._ai_move(decision.seat))

    async def _ai_move(self, seat: int) -> None:
        spec = self.stored.seats[seat].agent or "random"
        seq = self.seq
        seed = agent_seed(self.stored.seed, seat, seq)
        try:
            choice = await self.hub.ai.choose(self.game.id, spec, self.state, seed)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %s: AI %s failed; a random move is played instead", self.id, spec)
            choice = make_agent("random", self.game.id, seed).choose(self.game, self.state, seat)
        async with self.lock:
            if self.seq != seq or self.over:  # the game moved on (rebuilt): ask again
                self.ai_task = None
                self._schedule_ai()
                return
            self.ai_task = None
            try:
                self._accept(seat, [choice])
            except ProtocolError as exc:
                log.error("game %s: AI %s answered %r: %s", self.id, spec, choice, exc.message)

    # ---------------------------------------------------------------- what is sent
    def _send_views(self, conns: list[Conn]) -> None:
        by_seat: dict[int, list[Conn]] = {}
        for conn in conns:
            if conn.seat is not None:
                by_seat.setdefault(conn.seat, []).append(conn)
        log = self.state.log
        for seat, group in by_seat.items():
            start = min(c.log_next for c in group)
            # the view of the state with only the log events not sent yet (a log event's
            # seq is its index): the same view, at a cost that does not grow with the game
            recent = msgspec.structs.replace(self.state, log=log[start:]) if start else self.state
            view = self.game.view(recent, seat)
            frame = self.presenter.frame(view, seat, thinking=self.thinking, log_from=start)
            next_seq = len(log)
            for conn in group:
                conn.send(self._view_message(conn, frame, next_seq))

    def _view_message(self, conn: Conn, frame: dict[str, Any], next_seq: int) -> dict[str, Any]:
        full = conn.log_next == 0
        mine = dict(frame)
        if conn.log_next:
            mine["log"] = [e for e in frame["log"] if e["seq"] >= conn.log_next]
        new_faces = {d: f for d, f in frame["faces"].items() if d not in conn.faces}
        mine["faces"] = new_faces
        conn.faces.update(new_faces)
        conn.log_next = max(conn.log_next, next_seq)
        return {
            "type": "view",
            "game_id": self.id,
            "seq": self.seq,
            "log_full": full,
            "frame": mine,
        }

    def _over_message(self) -> dict[str, Any]:
        assert self.state.result is not None
        r = self.state.result
        return {
            "type": "over",
            "result": {"winners": list(r.winners), "reason": r.reason, "rule": r.rule},
            "scores": self.game.scores(self.state),
            "moves": self.seq,
        }

    def summary(self) -> dict[str, Any]:
        s = self.stored
        decision = self.state.decision
        return {
            "id": s.id,
            "game": s.game,
            "title": GAMES[s.game].title,
            "names": [seat.name for seat in s.seats],
            "kinds": [seat.agent or "AI" if seat.kind == "ai" else "human" for seat in s.seats],
            "moves": self.seq,
            "turn": self.state.turn,
            "deciding": None if decision is None else decision.seat,
            "finished": self.over,
            "result": s.result,
            "created": s.created,
            "broken": s.broken,
        }


def replay_stored(stored: StoredGame) -> tuple[State, str | None]:
    """A stored game's state, replayed from its config, seed and moves, checking every
    recorded hash; returns the state and, if the record does not replay, why (the state is
    then not to be played on)."""
    game = get_game(stored.game)
    state = game.new_state(stored.config, stored.seed)
    for move in stored.moves:
        try:
            game.apply(state, move.option, move.seat)
        except CardwrightError as exc:
            return state, f"move {move.seq} ({move.option}) no longer plays: {exc}"
        if state_hash(state) != move.hash:
            return state, f"move {move.seq} ({move.option}) reaches another state than recorded"
    return state, None


def new_id() -> str:
    return secrets.token_urlsafe(6)


class Hub:
    """Every live session, the storage and the AI runner."""

    def __init__(self, storage: Storage, ai: AIRunner) -> None:
        self.storage = storage
        self.ai = ai
        self.sessions: dict[str, Session] = {}

    # ---------------------------------------------------------------- start and stop
    def resume(self) -> list[str]:
        """Rebuild every unfinished game from storage (checking each move's hash); returns
        a line per game that could not be rebuilt (marked broken, left out)."""
        problems = []
        for stored in self.storage.unfinished_games():
            try:
                state, problem = replay_stored(stored)
            except CardwrightError as exc:
                state, problem = None, f"cannot be set up again: {exc}"
            if problem is not None or state is None:
                self.storage.mark_broken(stored.id, problem or "")
                problems.append(f"game {stored.id} ({stored.game}): {problem}")
                continue
            self.sessions[stored.id] = Session(self, stored, state)
        return problems

    def start_ai(self) -> None:
        """Let the AI seats whose decision is pending think (after :meth:`resume`)."""
        for session in list(self.sessions.values()):
            session._schedule_ai()

    async def close(self) -> None:
        for session in self.sessions.values():
            if session.ai_task is not None:
                session.ai_task.cancel()
        self.ai.close()

    def forget(self, session: Session) -> None:
        self.sessions.pop(session.id, None)

    # ---------------------------------------------------------------- finding games
    def session(self, game_id: str) -> Session | None:
        """A live session, or a finished game loaded from storage (None: no such game, or
        one whose record no longer replays)."""
        found = self.sessions.get(game_id)
        if found is not None:
            return found
        stored = self.storage.load_game(game_id)
        if stored is None or stored.finished is None:
            return None
        state, problem = replay_stored(stored)
        if problem:
            return None
        session = self.sessions[game_id] = Session(self, stored, state)
        return session

    def list_games(self) -> list[dict[str, Any]]:
        out = []
        for stored in self.storage.list_games():
            live = self.sessions.get(stored.id)
            if live is not None:
                out.append(live.summary())
                continue
            out.append(
                {
                    "id": stored.id,
                    "game": stored.game,
                    "title": GAMES[stored.game].title if stored.game in GAMES else stored.game,
                    "names": [s.name for s in stored.seats],
                    "kinds": [s.agent or "AI" if s.kind == "ai" else "human" for s in stored.seats],
                    "moves": stored.move_count,
                    "turn": None,
                    "deciding": None,
                    "finished": stored.finished is not None,
                    "result": stored.result,
                    "created": stored.created,
                    "broken": stored.broken,
                }
            )
        return out

    # ---------------------------------------------------------------- making games
    def create(self, request: Mapping[str, Any], rematch_of: str | None = None) -> Created:
        """A new game from the lobby's request (see ``docs/server.md``, ``POST /api/games``);
        a bad request is one ConfigError line."""
        game_id = request.get("game")
        if not isinstance(game_id, str):
            raise ConfigError("name the game: {'game': 'bizarre-world', ...}")
        game = get_game(game_id)  # an unknown game is a one-line error
        entry = GAMES[game_id]
        seats_in = request.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise ConfigError("give one entry per seat in 'seats'")
        count = len(seats_in)
        game.check_players(count, f"{count} seats")
        players = request.get("players", count)
        if players != count:
            raise ConfigError(f"players is {players} but {count} seats are given")
        options = request.get("options") or {}
        if not isinstance(options, dict):
            raise ConfigError("'options' must be an object of rule options")
        config: dict[str, Any] = dict(options)
        defaults = game.default_config()
        if "players" in defaults:
            config["players"] = count
        seats: list[StoredSeat] = []
        choices: list[Any] = []
        for i, raw in enumerate(seats_in):
            seat, choice = self._seat(game_id, i, raw)
            seats.append(seat)
            choices.append(choice)
        taken: dict[str, int] = {}
        for seat in seats:  # two seats of one name (two AIs of one kind) are numbered
            taken[seat.name] = taken.get(seat.name, 0) + 1
            if taken[seat.name] > 1:
                seat.name = f"{seat.name} {taken[seat.name]}"
        if any(c is not None for c in choices):
            filled = [ANY if c is None else c for c in choices]
            if entry.seat_pairs:
                filled = [c if c == ANY else list(c) for c in filled]
            config[entry.seat_key] = filled
        if "names" in defaults:
            config["names"] = [s.name for s in seats]
        seed = request.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ConfigError(f"seed {seed!r}: a whole number of at least 0")
        config = deal(game_id, config, seed)
        state = game.new_state(config, seed)  # the config is checked here
        tokens = {}
        for i, seat in enumerate(seats):
            if seat.kind == "human":
                token = secrets.token_urlsafe(18)
                tokens[i] = token
                seat.token_hash = token_hash(token)
        stored = StoredGame(
            id=new_id(),
            game=game_id,
            config=dict(state.config),
            seed=seed,
            seats=seats,
            rematch_of=rematch_of,
        )
        self.storage.create_game(stored)
        session = self.sessions[stored.id] = Session(self, stored, state)
        session._schedule_ai()
        kinds = [str(raw.get("kind")) for raw in seats_in]
        return Created(session, tokens, ["invite" if k == "human" else k for k in kinds])

    @staticmethod
    def _seat(game_id: str, i: int, raw: Any) -> tuple[StoredSeat, Any]:
        if not isinstance(raw, dict):
            raise ConfigError(f"seat {i + 1}: an object such as {{'kind': 'me'}}")
        kind = raw.get("kind")
        if kind not in ("me", "invite", "ai", "human"):
            raise ConfigError(f"seat {i + 1}: kind {kind!r} is not one of me, invite, ai")
        name = raw.get("name") or f"Player {i + 1}"
        if not isinstance(name, str) or len(name) > 40 or not name.strip():
            raise ConfigError(f"seat {i + 1}: a name of 1 to 40 characters")
        agent = None
        if kind == "ai":
            agent = raw.get("agent") or "heuristic"
            if not isinstance(agent, str):
                raise ConfigError(f"seat {i + 1}: the agent is a spec such as 'heuristic'")
            make_agent(agent, game_id, 0)  # a bad spec is a one-line error
            if not raw.get("name"):
                name = f"AI ({agent})"
        choice = raw.get("choice")
        if choice == ANY or choice == "":
            choice = None
        entry = GAMES[game_id]
        if choice is not None:
            if entry.seat_pairs:
                if not (
                    isinstance(choice, list)
                    and len(choice) == 2
                    and all(isinstance(c, str) for c in choice)
                ):
                    raise ConfigError(
                        f"seat {i + 1}: name two {entry.seat_key}, e.g. {entry.seat_example}"
                    )
            elif not isinstance(choice, str):
                raise ConfigError(f"seat {i + 1}: the {entry.seat_key} choice is a name")
        return StoredSeat(
            name=name.strip(), kind="ai" if kind == "ai" else "human", agent=agent
        ), choice

    def rematch(self, game_id: str, token: str) -> tuple[Created, int]:
        """The same game again (same config as chosen, a new seed, each seat as it was):
        returns it and the asking seat. Each other human seat still connected to the old
        game is sent its new token over its own connection."""
        old = self.session(game_id)
        if old is None:
            raise ConfigError(f"no game {game_id!r} here")
        seat = old.seat_of(token)
        if seat is None:
            raise ConfigError("only a player of the game can ask for a rematch (bad token)")
        if not old.over:
            raise ConfigError(f"game {game_id} is not over yet")
        config = dict(old.stored.config)
        request = {
            "game": old.stored.game,
            "options": {k: v for k, v in config.items() if k not in ("names", "players")},
            "seats": [
                {"kind": "ai" if s.kind == "ai" else "human", "agent": s.agent, "name": s.name}
                for s in old.stored.seats
            ],
        }
        created = self.create(request, rematch_of=game_id)
        created.kinds[seat] = "me"
        for conn in old.conns:
            other = conn.seat
            if other is not None and other != seat and other in created.tokens:
                conn.send(
                    {
                        "type": "rematch",
                        "game_id": created.session.id,
                        "token": created.tokens[other],
                    }
                )
        return created, seat


def send_error(conn: Conn, exc: ProtocolError) -> None:
    conn.send(error(exc.code, exc.message))
