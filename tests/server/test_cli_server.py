"""The ``serve`` and ``export`` commands as a user meets them: their mistakes are one line
and exit status 2; ``export`` appends the server's finished games to a store once."""

from __future__ import annotations

import socket
from pathlib import Path

from cardwright.server.app import create_app
from cardwright.server.sessions import Session

from ..test_cli import assert_user_error, cw


def test_serve_refuses_bad_options_in_one_line(tmp_path: Path) -> None:
    assert_user_error(cw("serve", "--port", "70000"), "--port 70000")
    assert_user_error(cw("serve", "--ai-workers", "0"), "--ai-workers 0")
    assert_user_error(cw("serve", "--rate-limit", "0"), "--rate-limit 0")
    assert_user_error(cw("serve", "--store", str(tmp_path / "none.duckdb")), "no such game store")
    bad = tmp_path / "notes.db"
    bad.write_text("not a database " * 100)
    assert_user_error(cw("serve", "--db", str(bad), "--port", "0"), "cannot use it")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = str(taken.getsockname()[1])
        assert_user_error(
            cw("serve", "--port", port, "--db", str(tmp_path / "x.db")), "cannot listen"
        )
    finally:
        taken.close()


def test_export_appends_finished_games_once(tmp_path: Path) -> None:
    db = tmp_path / "cardwright.db"
    assert_user_error(cw("export", str(tmp_path / "g.duckdb"), "--db", str(db)), "no such database")
    app = create_app(db)
    hub = app.state.server.hub
    request = {"game": "varia", "seed": 2, "seats": [{"kind": "me"}, {"kind": "me"}]}
    session: Session = hub.create(request).session
    while not session.over:  # both seats played here, the first option each time
        decision = session.state.decision
        session._accept(decision.seat, [decision.options[0].id])
    hub.storage.close()
    store = tmp_path / "games.duckdb"
    first = cw("export", str(store), "--db", str(db))
    assert first.returncode == 0 and "1 games added (0 already there)" in first.stdout, first.stderr
    again = cw("export", str(store), "--db", str(db))
    assert "0 games added (1 already there)" in again.stdout
    explained = cw("explain", "--from", str(store), "--game", "1")
    assert explained.returncode == 0 and "T1" in explained.stdout
    assert_user_error(cw("export", str(tmp_path / "g.txt"), "--db", str(db)), ".duckdb")
    assert_user_error(cw("export", str(store), "--db", str(db), "--game", "nope"), "nope")
    # its run in the store says what played it (docs/records.md), as simulate's runs do
    import duckdb

    with duckdb.connect(str(store), read_only=True) as ddb:
        stamped = ddb.execute("SELECT fingerprint, option_ids_version FROM runs").fetchall()
    assert len(stamped) == 1 and '"rules"' in stamped[0][0] and stamped[0][1] >= 1
    # a finished game whose moves no longer play (a damaged database, or rules that changed
    # since) is one line naming the game and the move, and no store is written
    import sqlite3

    game_id = session.id
    con = sqlite3.connect(db)
    con.execute("UPDATE moves SET option = 'nope' WHERE game = ? AND seq = 3", (game_id,))
    con.commit()
    con.close()
    other = tmp_path / "other.duckdb"
    assert_user_error(
        cw("export", str(other), "--db", str(db)), f"game {game_id}: move 3 (nope) no longer plays"
    )
    assert not other.exists()
