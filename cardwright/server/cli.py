"""The ``serve`` and ``export`` commands (registered on the main app by ``cardwright.cli``).

No ``from __future__ import annotations`` here: typer reads the commands' annotations."""

import socket
import sys
from pathlib import Path
from typing import Annotated

import typer

from cardwright.core.errors import ConfigError

DbOption = Annotated[
    Path, typer.Option("--db", help="The server's database (SQLite; created if missing).")
]


def _stores(paths: list[Path]) -> dict[str, Path]:
    """Each mounted store by name (its file name without .duckdb); a name used twice, or a
    file that is not a store, is a one-line error."""
    from cardwright.sim.store import SUFFIX, open_store

    named: dict[str, Path] = {}
    for path in paths:
        with open_store(path):
            pass
        name = path.name.removesuffix(SUFFIX)
        if name in named:
            raise ConfigError(f"--store {path}: a store named {name!r} is mounted already")
        named[name] = path.resolve()
    return named


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ConfigError(
            f"--host {host} --port {port}: cannot listen there ({exc.strerror})"
        ) from None
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[
            str,
            typer.Option(
                help="Address to listen on (another than 127.0.0.1 opens it to the network)."
            ),
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port (0: any free port).")] = 8000,
        db: DbOption = Path("cardwright.db"),
        store: Annotated[
            list[Path] | None,
            typer.Option(
                "--store", help="A game store (.duckdb) the replay viewer may open (repeat)."
            ),
        ] = None,
        ai_workers: Annotated[
            int, typer.Option(help="Worker processes for AI seats that search (heuristic, ismcts).")
        ] = 2,
        rate_limit: Annotated[
            float, typer.Option(help="Messages a second one connection may send (bursts of 3x).")
        ] = 20.0,
    ) -> None:
        """Serve the lobby and live games in the browser (docs/server.md). Unfinished games of
        the database are resumed; Ctrl-C stops the server."""
        import uvicorn

        from cardwright.server.app import create_app

        if not 0 <= port <= 65535:
            raise ConfigError(f"--port {port}: a port is 0 to 65535")
        if not rate_limit > 0:
            raise ConfigError(f"--rate-limit {rate_limit}: a positive number of messages a second")
        if ai_workers < 1:
            raise ConfigError(f"--ai-workers {ai_workers}: at least 1")
        stores = _stores(store or [])
        local = host in ("127.0.0.1", "localhost", "::1")
        allowed = ["127.0.0.1", "localhost", "[::1]", "::1"] if local else None
        sock = _bind(host, port)
        application = create_app(
            db, ai_workers=ai_workers, stores=stores, allowed_hosts=allowed, rate=rate_limit
        )
        server = application.state.server
        for problem in server.problems:
            print(f"warning: {problem}", file=sys.stderr)
        live = sum(1 for s in server.hub.sessions.values() if not s.over)
        bound = sock.getsockname()[1]
        shown_host = f"[{host}]" if ":" in host else host
        print(f"Cardwright lobby: http://{shown_host}:{bound}/", flush=True)
        print(f"database {db} ({live} unfinished games resumed); Ctrl-C stops", flush=True)
        config = uvicorn.Config(
            application,
            ws="websockets-sansio",
            ws_max_size=64 * 1024,
            log_level="warning",
            lifespan="on",
        )
        uvicorn.Server(config).run(sockets=[sock])

    @app.command("export")
    def export(
        out: Annotated[Path, typer.Argument(help="The game store to append to (.duckdb).")],
        db: DbOption = Path("cardwright.db"),
        game: Annotated[
            list[str] | None, typer.Option("--game", help="Only this game id (repeat).")
        ] = None,
    ) -> None:
        """Append the server's finished games to a game store, for `cardwright report`,
        `explain --from` and the replay viewer (games already there are skipped)."""
        from cardwright.server.export import export_games
        from cardwright.server.storage import SqliteStorage

        if not db.is_file():
            raise ConfigError(f"--db {db}: no such database (the server writes it where it runs)")
        storage = SqliteStorage(db)
        try:
            exported, skipped = export_games(storage, out, game)
        finally:
            storage.close()
        print(f"{out}: {exported} games added ({skipped} already there)")
