"""Shared helpers of the server tests: a real server (uvicorn on a free loopback port, in a
thread) on a temporary database, an HTTP client, and WebSocket clients with timeouts; for the
browser tests, headless Chromium and a server (``browser``, ``live``: one per test module)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from cardwright.chromium import chromium
from cardwright.core.state import state_hash
from cardwright.server.app import create_app
from cardwright.server.cli import _bind
from tests.browsers import need_chromium

#: generous: the shared 2-core machine may run at a load average of 15
TIMEOUT = 90.0
#: the built browser client
WEB = Path(__file__).resolve().parents[2] / "cardwright" / "web" / "dist" / "index.html"


class Server:
    """``cardwright serve`` in a thread: the app, its address, an HTTP client."""

    def __init__(self, db: Path, **options: Any) -> None:
        self.db = db
        self.app = create_app(db, **options)
        sock = _bind("127.0.0.1", 0)
        self.port = sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            self.app, ws="websockets-sansio", ws_max_size=64 * 1024, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [sock]})
        self.thread.start()
        deadline = time.monotonic() + TIMEOUT
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        self.http = httpx.Client(base_url=self.url, timeout=TIMEOUT)

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(TIMEOUT)

    @property
    def hub(self) -> Any:
        return self.app.state.server.hub

    def create(self, game: str = "bizarre-world", **request: Any) -> dict[str, Any]:
        body = {"game": game, **request}
        body.setdefault("seats", [{"kind": "me", "name": "Ann"}, {"kind": "ai", "agent": "random"}])
        response = self.http.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def state_hash(self, game_id: str) -> str:
        return state_hash(self.hub.sessions[game_id].state)

    def socket(self) -> Client:
        return Client(connect(f"ws://127.0.0.1:{self.port}/ws", open_timeout=TIMEOUT).__enter__())

    def join(self, game_id: str, token: str | None = None) -> Client:
        client = self.socket()
        message: dict[str, Any] = {"type": "join", "game": game_id}
        message.update({"token": token} if token else {"spectate": True})
        client.send(message)
        return client


class Client:
    """A WebSocket client that never waits for ever."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def next(self) -> dict[str, Any]:
        return dict(json.loads(self.ws.recv(timeout=TIMEOUT)))

    def receive(self, kind: str) -> dict[str, Any]:
        """The next message of type ``kind`` (others in between are skipped)."""
        for _ in range(1000):
            message = self.next()
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message")

    def my_turn(self) -> dict[str, Any]:
        """The next view in which the decision is the viewer's, or the game is over."""
        for _ in range(1000):
            message = self.receive("view")
            frame = message["frame"]
            if frame["result"] or (frame["decision"] and frame["decision"]["options"]):
                return message
        raise AssertionError("the decision never came back")

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "cardwright.db")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_chromium("the browser tests drive Chromium")
    if not WEB.is_file():
        pytest.fail("the client is not built: `make web` (make test builds it)")
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("live") / "cardwright.db")
    yield s
    s.stop()
