"""The ASGI application of ``cardwright serve`` (Starlette): the lobby's HTTP JSON endpoints,
one WebSocket per client for live play, the replay viewer's endpoints and the built client
(``cardwright/web/dist``). ``docs/server.md`` documents every endpoint and message."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from cardwright.agents.specs import KINDS
from cardwright.core.errors import CardwrightError, ConfigError
from cardwright.core.state import SPECTATOR
from cardwright.games import GAMES, get_game, guide, playable_games
from cardwright.sim.records import GameRecord, finish_record
from cardwright.sim.trace import report_hooks

from .ai import AIRunner
from .protocol import Join, Move, Ping, ProtocolError, TokenBucket, decode, error
from .replays import MAX_UPLOAD, Replays, read_upload
from .sessions import Conn, Hub, Session, send_error
from .storage import SqliteStorage, Storage

log = logging.getLogger("cardwright.server")

WEB_DIST = Path(__file__).resolve().parent.parent / "web" / "dist"
MAX_BODY = 64 * 1024
#: dropped messages after which a flooding connection is closed
MAX_DROPPED = 200
#: the AI specs the lobby offers (any other spec may be typed)
LOBBY_AGENTS = ("random", "heuristic", "ismcts", "ismcts:seconds=2")


class Server:
    """What the endpoints share: the hub of live games, the replays, the options."""

    def __init__(self, storage: Storage, ai_workers: int, stores: dict[str, Path]) -> None:
        self.hub = Hub(storage, AIRunner(ai_workers))
        self.replays = Replays(stores)
        self.stores = stores
        self.problems = self.hub.resume()

    # ---------------------------------------------------------------- lobby
    def catalogue(self) -> dict[str, Any]:
        games = []
        for game_id in playable_games():
            game = get_game(game_id)
            entry = GAMES[game_id]
            defaults = game.default_config()
            choices = game.config_choices()
            hooks = report_hooks(game_id)
            seat_choice = None
            choice_key = entry.seat_key  # the request's key; the config may name it otherwise
            if hooks.pool is not None:
                pool = list(hooks.pool(defaults))
                seat_choice = {
                    "key": choice_key,
                    "noun": hooks.noun if not entry.seat_pairs else hooks.part_noun or "faction",
                    "pairs": entry.seat_pairs,
                    "pool": pool,
                }
                if choice_key not in defaults:  # Blue Moon takes --deck as its peoples
                    choice_key = next(
                        (
                            k
                            for k, v in defaults.items()
                            if isinstance(v, list) and v and set(v) <= set(pool)
                        ),
                        choice_key,
                    )
            games.append(
                {
                    "id": game_id,
                    "title": entry.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "status": entry.status_line(),
                    "options": [
                        {
                            "key": key,
                            "default": value,
                            "choices": [c for c in choices[key] if c is not None]
                            if key in choices
                            else None,
                        }
                        for key, value in defaults.items()
                        if key not in ("names", "players", entry.seat_key, choice_key)
                    ],
                    "seat_choice": seat_choice,
                    "guide": guide(game_id),
                }
            )
        agents = [{"spec": spec, "help": KINDS[spec.split(":")[0]].help} for spec in LOBBY_AGENTS]
        return {"games": games, "agents": agents, "stores": sorted(self.stores)}

    def created(self, created: Any) -> dict[str, Any]:
        session: Session = created.session
        seats = []
        for i, s in enumerate(session.stored.seats):
            item: dict[str, Any] = {"seat": i, "name": s.name, "kind": created.kinds[i]}
            if s.kind == "ai":
                item["agent"] = s.agent
            if i in created.tokens:
                item["token"] = created.tokens[i]
            seats.append(item)
        return {"id": session.id, "game": session.stored.game, "seats": seats}

    def finished_record(self, game_id: str) -> GameRecord:
        session = self.hub.session(game_id)
        if session is None:
            raise ConfigError(f"no finished game {game_id!r} here")
        if not session.over:
            raise ConfigError(f"game {game_id} is not over: spectate it instead")
        s = session.stored
        record = GameRecord(
            game=s.game,
            config=s.config,
            seed=s.seed,
            choices=[(m.seat, m.option) for m in s.moves],
            agents=[seat.agent or "human" for seat in s.seats],
        )
        return finish_record(record, session.state)


def _json_error(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request, limit: int = MAX_BODY) -> bytes:
    data = b""
    async for chunk in request.stream():
        data += chunk
        if len(data) > limit:
            raise ConfigError(f"the request body is over {limit} bytes")
    return data


async def _json_body(request: Request) -> Any:
    data = await _body(request)
    try:
        return json.loads(data or b"{}")
    except ValueError as exc:
        raise ConfigError(f"the request body is not JSON: {exc}") from None


def create_app(
    db: Path | str = "cardwright.db",
    *,
    ai_workers: int = 2,
    stores: dict[str, Path] | None = None,
    allowed_hosts: list[str] | None = None,
    web: Path = WEB_DIST,
    rate: float = 20.0,
) -> Starlette:
    """The application: its database at ``db`` (created if missing); ``stores``: game
    stores the replay viewer may open, by name; ``allowed_hosts``: the Host headers
    accepted (None: any); ``rate``: messages a second a connection may send on average
    (bursts of three times as many)."""
    storage = SqliteStorage(db)
    server = Server(storage, ai_workers, dict(stores or {}))

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.hub.start_ai()
        try:
            yield
        finally:
            await server.hub.close()
            storage.close()

    def api(handler: Callable[[Request], Awaitable[Response]]) -> Any:
        """One-line JSON errors for a user's mistakes (status 400 or 404)."""

        async def wrapped(request: Request) -> Response:
            try:
                return await handler(request)
            except CardwrightError as exc:
                return _json_error(str(exc))

        return wrapped

    @api
    async def catalogue(request: Request) -> Response:
        return JSONResponse(server.catalogue())

    @api
    async def games(request: Request) -> Response:
        return JSONResponse({"games": server.hub.list_games()})

    @api
    async def create(request: Request) -> Response:
        body = await _json_body(request)
        if not isinstance(body, dict):
            raise ConfigError("the request is a JSON object: {'game': ..., 'seats': [...]}")
        created = server.hub.create(body)
        return JSONResponse(server.created(created), status_code=201)

    @api
    async def one_game(request: Request) -> Response:
        session = server.hub.session(request.path_params["id"])
        if session is None:
            return _json_error(f"no game {request.path_params['id']!r} here", 404)
        return JSONResponse(session.summary())

    @api
    async def rematch(request: Request) -> Response:
        body = await _json_body(request)
        token = body.get("token") if isinstance(body, dict) else None
        if not isinstance(token, str):
            raise ConfigError("send the seat's token: {'token': ...}")
        created, seat = server.hub.rematch(request.path_params["id"], token)
        data = server.created(created)
        # the asking seat's token; the others' were sent to their connections, or are
        # here as links to pass on (a seat not connected)
        data["seat"] = seat
        return JSONResponse(data, status_code=201)

    @api
    async def upload(request: Request) -> Response:
        record = read_upload(await _body(request, MAX_UPLOAD))
        upload_id = secrets.token_urlsafe(6)
        server.replays.upload(upload_id, record)
        return JSONResponse({"id": upload_id}, status_code=201)

    @api
    async def replay(request: Request) -> Response:
        source = request.path_params["source"]
        try:
            step = int(request.query_params.get("step", "0"))
            seat = int(request.query_params.get("seat", "0"))
        except ValueError:
            raise ConfigError("step and seat are whole numbers") from None
        replayer = server.replays.replayer(source, server.finished_record)
        step = min(max(step, 0), replayer.steps)
        return JSONResponse(replayer.frame(step, seat))

    async def page(request: Request) -> Response:
        index = web / "index.html"
        if not index.is_file():
            return Response(
                "The browser client is not built: run `make web` (or `make run`).",
                status_code=503,
                media_type="text/plain",
            )
        return FileResponse(index)

    async def socket(ws: WebSocket) -> None:
        origin = ws.headers.get("origin")
        host = ws.headers.get("host", "")
        if origin is not None and origin.split("://", 1)[-1] != host:
            await ws.close(code=1008)  # another site's page may not play for the user
            return
        await ws.accept()
        conn = Conn(ws.send_text, lambda code: ws.close(code=code))
        conn.bucket = TokenBucket(rate, 3 * rate)
        writer = asyncio.get_running_loop().create_task(conn.writer())
        dropped = 0
        try:
            while True:
                text = await ws.receive_text()
                if not conn.bucket.take():
                    dropped += 1
                    now = time.monotonic()
                    if now - conn.limited_at > 1.0:
                        conn.limited_at = now
                        conn.send(error("rate_limited", "too many messages: slow down"))
                    if dropped > MAX_DROPPED:
                        break
                    continue
                try:
                    await _handle(server, conn, decode(text))
                except ProtocolError as exc:
                    send_error(conn, exc)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if conn.session is not None:
                conn.session.leave(conn)
            conn.stop()
            with contextlib.suppress(Exception):
                await writer
            with contextlib.suppress(Exception):
                await ws.close()

    routes = [
        Route("/api/catalogue", catalogue),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", one_game),
        Route("/api/games/{id}/rematch", rematch, methods=["POST"]),
        Route("/api/replays", upload, methods=["POST"]),
        Route("/api/replay/{source:path}", replay),
        WebSocketRoute("/ws", socket),
        Route("/", page),
        Route("/play/{id}", page),
        Route("/replay/{source:path}", page),
    ]
    if (web / "assets").is_dir():
        routes.append(Mount("/assets", StaticFiles(directory=web / "assets"), name="assets"))
    middleware = [Middleware(SecurityHeaders)]
    if allowed_hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.server = server
    return app


async def _handle(server: Server, conn: Conn, message: Any) -> None:
    if isinstance(message, Ping):
        conn.send({"type": "pong", "n": message.n})
        return
    if isinstance(message, Join):
        if conn.session is not None:
            raise ProtocolError("not_joined", f"already joined game {conn.session.id}")
        session = server.hub.session(message.game)
        if session is None:
            raise ProtocolError("no_game", f"no game {message.game!r} here")
        if message.token is not None:
            seat = session.seat_of(message.token)
            if seat is None:
                raise ProtocolError("bad_token", f"that token is no seat's of game {message.game}")
        elif message.spectate:
            seat = SPECTATOR
        else:
            raise ProtocolError("bad_message", "join: give the seat's token, or spectate: true")
        session.join(conn, seat)
        return
    assert isinstance(message, Move)
    if conn.session is None:
        raise ProtocolError("not_joined", "join a game before moving")
    await conn.session.move(conn, message)


class SecurityHeaders:
    """Every response says: only this server's scripts, styles and sockets; no framing; no
    referrer (the invite token is in the page's fragment, which is never sent anyway)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = message.setdefault("headers", [])
                headers += [
                    (
                        b"content-security-policy",
                        b"default-src 'self'; img-src 'self' data:; connect-src 'self'; "
                        b"frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
                    ),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                ]
            await send(message)

        await self.app(scope, receive, with_headers)
