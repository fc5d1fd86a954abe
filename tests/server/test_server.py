"""The server without a browser: storage, the protocol's checks, sessions, AI seats,
restarts, rematches, replays and the export to the game store (a real server on a loopback
port in a thread: real HTTP requests and WebSocket messages)."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardwright.core.errors import DataError
from cardwright.core.state import state_hash
from cardwright.server.protocol import MAX_MESSAGE, ProtocolError, decode
from cardwright.server.sessions import replay_stored
from cardwright.server.storage import SqliteStorage, StaleMove, StoredGame, StoredMove, StoredSeat
from cardwright.sim.records import save_record

from .conftest import Server


# ---------------------------------------------------------------- storage
def test_storage_keeps_games_and_moves_and_refuses_a_stale_move(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    storage = SqliteStorage(db)
    seats = [StoredSeat("Ann", "human", token_hash="ab"), StoredSeat("AI", "ai", "random")]
    storage.create_game(StoredGame("g1", "bizarre-world", {"x": 1}, 7, seats))
    storage.append_moves("g1", [StoredMove(0, 0, "pass", "h0")])
    with pytest.raises(StaleMove):
        storage.append_moves("g1", [StoredMove(1, 1, "a", "h1"), StoredMove(0, 0, "b", "h")])
    assert [m.seq for m in storage.load_game("g1").moves] == [0]  # all or nothing
    assert [g.id for g in storage.unfinished_games()] == ["g1"]
    storage.append_moves("g1", [StoredMove(1, 1, "win", "h1")], {"winners": [1], "reason": "r"})
    storage.close()
    again = SqliteStorage(db)  # reopened: everything was committed
    game = again.load_game("g1")
    assert game is not None and game.result == {"winners": [1], "reason": "r"}
    assert game.seats == seats and game.config == {"x": 1} and game.finished is not None
    assert again.unfinished_games() == []
    assert [g.move_count for g in again.list_games()] == [2]
    assert again.con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    again.close()


def test_a_file_that_is_not_a_server_database_is_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "notes.db"
    bad.write_text("not a database " * 200)
    with pytest.raises(DataError, match="cannot use it"):
        SqliteStorage(bad)
    other = tmp_path / "other.db"
    sqlite3.connect(other).executescript(
        "CREATE TABLE meta (key TEXT, value TEXT);INSERT INTO meta VALUES ('format', 'x');"
    )
    with pytest.raises(DataError, match="not a Cardwright server database"):
        SqliteStorage(other)


# ---------------------------------------------------------------- the protocol's checks
@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("x" * (MAX_MESSAGE + 1), "too_large"),
        ("{not json", "bad_json"),
        ("[1, 2]", "unknown_type"),
        ('{"type": "resign"}', "unknown_type"),
        ('{"seq": 1}', "unknown_type"),
        ('{"type": "move", "seq": "one", "option": "pass"}', "bad_message"),
        ('{"type": "move", "seq": 1}', "bad_message"),
        ('{"type": "join", "game": "g", "extra": 1}', "bad_message"),
    ],
)
def test_malformed_messages_are_named(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(text)
    assert caught.value.code == code and "\n" not in caught.value.message


def test_every_bad_message_gets_one_error_and_changes_nothing(server: Server) -> None:
    created = server.create()
    game_id, token = created["id"], created["seats"][0]["token"]
    ws = server.join(game_id, token)
    view = ws.my_turn()
    frame, seq = view["frame"], view["seq"]
    legal = frame["decision"]["options"][0]["id"]
    before = server.state_hash(game_id)
    spectator = server.join(game_id)
    assert spectator.receive("view")["frame"]["decision"]["options"] == []
    cases = [
        (ws, "x" * (MAX_MESSAGE + 10), "too_large"),
        (ws, "{oops", "bad_json"),
        (ws, '{"type": "shout"}', "unknown_type"),
        (ws, '{"type": "move", "seq": 0, "option": 5}', "bad_message"),
        (
            ws,
            json.dumps({"type": "move", "seq": seq, "option": "no-such-option"}),
            "illegal_option",
        ),
        (ws, json.dumps({"type": "move", "seq": seq + 3, "option": legal}), "stale"),
        (ws, json.dumps({"type": "join", "game": game_id, "token": token}), "not_joined"),
        (spectator, json.dumps({"type": "move", "seq": seq, "option": legal}), "not_your_turn"),
    ]
    for sock, text, code in cases:
        sock.send(text)
        answer = sock.receive("error")
        assert answer["code"] == code, (code, answer)
        assert "\n" not in answer["message"]
        assert server.state_hash(game_id) == before, code
    stranger = server.join(game_id, "not-a-token")
    assert stranger.receive("error")["code"] == "bad_token"
    nobody = server.join("no-such-game", token)
    assert nobody.receive("error")["code"] == "no_game"
    unjoined = server.socket()
    unjoined.send({"type": "move", "seq": 0, "option": legal})
    assert unjoined.receive("error")["code"] == "not_joined"
    unjoined.send({"type": "ping", "n": 7})
    assert unjoined.receive("pong")["n"] == 7
    assert server.state_hash(game_id) == before
    for sock in (ws, spectator, stranger, nobody, unjoined):
        sock.close()


def test_a_seat_acting_for_another_seat_is_refused(server: Server) -> None:
    created = server.create(seats=[{"kind": "me"}, {"kind": "invite"}])
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    first, second = server.join(game_id, tokens[0]), server.join(game_id, tokens[1])
    view = first.receive("view")
    deciding = view["frame"]["decision"]["seat"]
    waiting = [first, second][1 - deciding]
    second.receive("view")
    before = server.state_hash(game_id)
    waiting.send({"type": "move", "seq": view["seq"], "option": "pass"})
    answer = waiting.receive("error")
    assert answer["code"] == "not_your_turn"
    assert server.state_hash(game_id) == before
    first.close()
    second.close()


def test_a_flood_is_rate_limited(server: Server) -> None:
    created = server.create()
    ws = server.join(created["id"], created["seats"][0]["token"])
    ws.receive("view")
    before = server.state_hash(created["id"])
    for i in range(60):
        ws.send({"type": "ping", "n": i})
    codes = set()
    pongs = 0
    for _ in range(60):
        message = ws.next()
        if message["type"] == "pong":
            pongs += 1
            if message["n"] == 59:
                break
        else:
            codes.add(message.get("code"))
        if "rate_limited" in codes and pongs >= 20:
            break
    assert "rate_limited" in codes and pongs < 60
    assert server.state_hash(created["id"]) == before
    ws.close()


# ---------------------------------------------------------------- whole games
def play_out(client: Any, pick: int = 0, limit: int = 5000) -> dict[str, Any]:
    """Answer every decision of the client's seat (option ``pick`` modulo the count, a
    different one each time) until the game is over; returns the last view. A move the
    flood limit dropped is sent again a moment later."""
    last: dict[str, Any] = {}
    for _ in range(limit):
        message = client.next()
        if message["type"] == "error":
            assert message["code"] == "rate_limited", message
            time.sleep(0.3)
            client.send(last)
            continue
        if message["type"] != "view":
            continue
        frame = message["frame"]
        if frame["result"]:
            return message
        options = frame["decision"]["options"] if frame["decision"] else []
        if options:
            last = {
                "type": "move",
                "seq": message["seq"],
                "option": options[pick % len(options)]["id"],
            }
            client.send(last)
            pick += 7
    raise AssertionError("the game did not end")


def test_a_game_against_a_random_ai_is_played_stored_exported_and_replayed(
    server: Server, tmp_path: Path
) -> None:
    created = server.create(seed=11)
    game_id = created["id"]
    me = server.join(game_id, created["seats"][0]["token"])
    last = play_out(me)
    assert me.receive("over")["result"] == last["frame"]["result"]
    # the record in the database replays to the final state, move by move
    stored = server.hub.storage.load_game(game_id)
    state, problem = replay_stored(stored)
    assert problem is None and state_hash(state) == server.state_hash(game_id)
    assert stored.result == last["frame"]["result"]
    # the record the replay viewer reads is a record of today's format (docs/records.md):
    # it says what played it, and replays exactly to the server's final state
    from cardwright.sim.records import FORMAT_VERSION, check_replay

    record = server.app.state.server.finished_record(game_id)
    assert record.version == FORMAT_VERSION and record.fingerprint and record.final_position
    done = check_replay(record)
    assert done.ok and done.verified and done.reached == server.state_hash(game_id)
    # the lobby lists it as finished; its replay shows each step as a seat saw it
    listed = {g["id"]: g for g in server.http.get("/api/games").json()["games"]}
    assert listed[game_id]["finished"]
    end = server.http.get(f"/api/replay/game/{game_id}", params={"step": 10**6, "seat": 0}).json()
    assert end["step"] == end["steps"] == len(stored.moves)
    assert end["frame"]["result"] == last["frame"]["result"]
    start = server.http.get(f"/api/replay/game/{game_id}", params={"step": 0, "seat": 1}).json()
    assert start["frame"]["seat"] == 1 and start["frame"]["turn"] <= 1
    # exported to a game store: report-ready, and explain --from reads it back
    from cardwright.server.export import export_games
    from cardwright.sim.store import load_game

    store = tmp_path / "games.duckdb"
    assert export_games(server.hub.storage, store) == (1, 0)
    assert export_games(server.hub.storage, store) == (0, 1)  # already there
    record = load_game(store, 1)
    assert record.final_hash == server.state_hash(game_id)
    assert record.agents == ["human", "random"]
    me.close()


def test_an_ai_that_searches_thinks_in_a_worker_process(server: Server) -> None:
    created = server.create(seats=[{"kind": "ai", "agent": "heuristic"}, {"kind": "me"}], seed=3)
    watcher = server.join(created["id"])  # a spectator sees the thinking flag
    seen_thinking = False
    for _ in range(50):
        frame = watcher.receive("view")["frame"]
        seen_thinking |= any(s["thinking"] for s in frame["seats"])
        if frame["decision"] and frame["decision"]["seat"] == 1:
            break
    assert seen_thinking
    assert server.hub.ai._pool is not None  # the heuristic ran in the process pool
    watcher.close()


def test_a_restart_resumes_every_unfinished_game_to_the_same_hash(tmp_path: Path) -> None:
    db = tmp_path / "cardwright.db"
    first = Server(db)
    games = []
    for seed in (1, 2):
        created = first.create(seed=seed)
        client = first.join(created["id"], created["seats"][0]["token"])
        for _ in range(4):
            view = client.my_turn()
            option = view["frame"]["decision"]["options"][-1]["id"]
            client.send({"type": "move", "seq": view["seq"], "option": option})
        view = client.my_turn()
        games.append((created, first.state_hash(created["id"]), view["seq"]))
        client.close()
    first.stop()
    # one game's record is damaged: it is named, left out, and the other one resumes
    con = sqlite3.connect(db)
    con.execute("UPDATE moves SET hash = 'x' WHERE game = ? AND seq = 1", (games[1][0]["id"],))
    con.commit()
    con.close()
    second = Server(db)
    try:
        (created, digest, seq), (broken, _, _) = games
        assert second.state_hash(created["id"]) == digest
        assert broken["id"] not in second.hub.sessions
        assert any(broken["id"] in p for p in second.app.state.server.problems)
        client = second.join(created["id"], created["seats"][0]["token"])
        view = client.receive("view")
        assert view["seq"] == seq and view["log_full"]
        listed = {g["id"]: g for g in second.http.get("/api/games").json()["games"]}
        assert "move 1" in listed[broken["id"]]["broken"]
        refused = second.join(broken["id"], broken["seats"][0]["token"])
        assert refused.receive("error")["code"] == "no_game"
        client.close()
    finally:
        second.stop()


def test_a_rematch_reaches_every_connected_player(server: Server) -> None:
    created = server.create(
        seats=[{"kind": "me", "name": "Ann"}, {"kind": "invite", "name": "Bob"}]
    )
    game_id = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    ann, bob = server.join(game_id, tokens[0]), server.join(game_id, tokens[1])
    refused = server.http.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert refused.status_code == 400 and "not over" in refused.json()["error"]
    # the game is played to its end by both seats
    clients = [ann, bob]
    views = [ann.receive("view"), bob.receive("view")]
    for _ in range(3000):
        frame = views[0]["frame"]
        if frame["result"]:
            break
        seat = frame["decision"]["seat"]
        mover = clients[seat]
        view = views[seat]
        while not view["frame"]["decision"]["options"]:
            view = mover.receive("view")
        option = view["frame"]["decision"]["options"][0]["id"]
        mover.send({"type": "move", "seq": view["seq"], "option": option})
        views = [c.receive("view") for c in clients]
    assert views[0]["frame"]["result"]
    bad = server.http.post(f"/api/games/{game_id}/rematch", json={"token": "nope"})
    assert bad.status_code == 400 and "token" in bad.json()["error"]
    made = server.http.post(f"/api/games/{game_id}/rematch", json={"token": tokens[0]})
    assert made.status_code == 201
    data = made.json()
    assert [s["kind"] for s in data["seats"]] == ["me", "invite"]
    offer = bob.receive("rematch")
    assert offer["game_id"] == data["id"] and offer["token"] == data["seats"][1]["token"]
    ann.close()
    bob.close()


def test_replays_of_uploads_and_stores_and_their_mistakes(server: Server, tmp_path: Path) -> None:
    from cardwright.sim.records import replay
    from cardwright.sim.runner import play_game
    from cardwright.sim.store import load_game, simulate_into

    _, record = play_game("varia", None, 4, ["random", "random"], record=True)
    assert record is not None
    saved = tmp_path / "saved.json"
    save_record(record, saved)
    response = server.http.post("/api/replays", content=saved.read_bytes())
    assert response.status_code == 201
    upload = response.json()["id"]
    frame = server.http.get(f"/api/replay/upload/{upload}", params={"step": 5, "seat": 1}).json()
    _, state = replay(msgspec.structs.replace(record, choices=record.choices[:5]))
    assert frame["frame"]["turn"] == state.turn and frame["steps"] == len(record.choices)
    # the store mounted at start: its game N
    store = tmp_path / "games.duckdb"
    simulate_into(store, "varia", 2, ["random", "random"], seed=4)
    mounted = Server(tmp_path / "other.db", stores={"games": store})
    try:
        stored = mounted.http.get("/api/replay/store/games/2", params={"step": 3}).json()
        assert stored["steps"] == len(load_game(store, 2).choices) and stored["step"] == 3
        assert mounted.http.get("/api/catalogue").json()["stores"] == ["games"]
        missing = mounted.http.get("/api/replay/store/games/9")
        assert missing.status_code == 400 and "no game 9" in missing.json()["error"]
        # the report's "games to look at" link to this viewer
        from cardwright.report.build import build_report

        report = tmp_path / "report.html"
        build_report(store, "varia", report)
        links = re.findall(
            r'href="http://127\.0\.0\.1:8000/replay/(store/games/\d+)"', report.read_text()
        )
        assert links
        for source in links:
            assert mounted.http.get(f"/api/replay/{source}").status_code == 200
    finally:
        mounted.stop()
    # saved games of the first format (tests/records/v1): one today's rules still play is
    # replayed; one they no longer play says where it stops and that what changed since cannot
    # be told (a format-1 record carries no fingerprint), in one line
    v1 = Path(__file__).parents[1] / "records" / "v1"
    old = server.http.post("/api/replays", content=(v1 / "varia.json").read_bytes()).json()["id"]
    end = server.http.get(f"/api/replay/upload/{old}", params={"step": 10**6}).json()
    assert end["frame"]["result"] and end["step"] == end["steps"]
    moved = server.http.post("/api/replays", content=(v1 / "smash-up.json").read_bytes())
    answer = server.http.get(f"/api/replay/upload/{moved.json()['id']}")
    error = answer.json()["error"]
    assert answer.status_code == 400 and "\n" not in error
    assert (
        error.startswith("step 97: ") and "(format 1): what changed since cannot be told" in error
    )
    for path, body, words in (
        ("/api/replays", b"{not json", "not a Cardwright saved game"),
        ("/api/replays", b'{"game": "chess", "config": {}, "seed": 1, "choices": []}', "chess"),
    ):
        answer = server.http.post(path, content=body)
        assert answer.status_code == 400 and words in answer.json()["error"]
    for source, words in (
        ("upload/nope", "no uploaded game"),
        ("store/games/1", "no store named"),
        ("file/etc/passwd", "no replay"),
        (f"upload/{upload}?seat=9", "has seats 0 to 1"),
    ):
        answer = server.http.get(f"/api/replay/{source}")
        assert answer.status_code == 400 and words in answer.json()["error"], answer.text


def test_lobby_requests_are_checked(server: Server) -> None:
    catalogue = server.http.get("/api/catalogue").json()
    assert {g["id"] for g in catalogue["games"]} >= {"bizarre-world", "blue-moon", "smash-up"}
    smash = next(g for g in catalogue["games"] if g["id"] == "smash-up")
    assert smash["seat_choice"]["pairs"] and "ninjas" in smash["seat_choice"]["pool"]
    moon = next(g for g in catalogue["games"] if g["id"] == "blue-moon")
    assert "Khind" in moon["seat_choice"]["pool"]  # each seat chooses a people
    assert not {"peoples", "names", "decks"} & {o["key"] for o in moon["options"]}
    for body, words in (
        ({"game": "chess", "seats": [{"kind": "me"}]}, "unknown game"),
        ({"game": "blue-moon", "seats": [{"kind": "me"}]}, "played by 2 players"),
        ({"game": "blue-moon", "seats": [{"kind": "me"}, {"kind": "robot"}]}, "kind 'robot'"),
        (
            {"game": "blue-moon", "seats": [{"kind": "me"}, {"kind": "ai", "agent": "ismcts:x=1"}]},
            "no parameter 'x'",
        ),
        (
            {"game": "blue-moon", "seats": [{"kind": "me", "choice": "Klingons"}, {"kind": "me"}]},
            "Klingons",
        ),
        (
            {
                "game": "blue-moon",
                "options": {"colour": 1},
                "seats": [{"kind": "me"}, {"kind": "me"}],
            },
            "colour",
        ),
        (
            {"game": "smash-up", "seats": [{"kind": "me", "choice": ["ninjas"]}, {"kind": "me"}]},
            "name two",
        ),
    ):
        answer = server.http.post("/api/games", json=body)
        assert answer.status_code == 400, body
        assert words in answer.json()["error"] and "\n" not in answer.json()["error"], answer.text
    answer = server.http.post("/api/games", content=b"[1,2")
    assert answer.status_code == 400 and "not JSON" in answer.json()["error"]
    smash_game = server.create(
        "smash-up",
        seats=[
            {"kind": "me", "choice": ["ninjas", "pirates"]},
            {"kind": "ai", "agent": "random", "choice": "any"},
        ],
    )
    config = server.hub.sessions[smash_game["id"]].state.config
    assert config["factions"][0] == ["ninjas", "pirates"] and len(config["factions"][1]) == 2
    assert server.http.get("/api/games/nope").status_code == 404
