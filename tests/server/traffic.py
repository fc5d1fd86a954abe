"""The hidden-swap check on what the server actually sent: each view message a page
received is rebuilt as the client rebuilds it, and must be the frame the server would have
sent had two hidden cards the seat cannot tell apart been exchanged (the conformance
suite's hidden swaps, applied to the JSON on the wire). The states are rebuilt from the
game's record in the server's database."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardwright.conformance import hidden_swaps
from cardwright.core.rng import LocalRng
from cardwright.core.state import SPECTATOR, State, clone
from cardwright.games import get_game
from cardwright.server.present import Presenter
from cardwright.server.storage import SqliteStorage


def _comparable(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame without what is sent once per connection (faces and rules, checked apart:
    what a view message carries of them depends on what the connection has had)."""
    return {k: v for k, v in frame.items() if k not in ("faces", "rules")}


def _wire(frame: dict[str, Any]) -> dict[str, Any]:
    """A frame as it arrives: through JSON (tuples become lists, keys strings)."""
    return _comparable(json.loads(json.dumps(frame)))


def _settled(log: list[dict[str, Any]], new: int) -> list[dict[str, Any]]:
    """The log with the ``card`` of every event but the last ``new`` left out."""
    old = len(log) - new
    return [{**e, "card": None} if i < old else e for i, e in enumerate(log)]


def check_traffic(db: Path, game_id: str, messages: list[dict[str, Any]], every: int = 1) -> int:
    """Check the view messages one connection received (in order); returns how many
    swapped states were compared."""
    storage = SqliteStorage(db)
    try:
        stored = storage.load_game(game_id)
    finally:
        storage.close()
    assert stored is not None
    game = get_game(stored.game)
    presenter = Presenter(stored.game, stored.config)
    states: dict[int, State] = {}
    state = game.new_state(stored.config, stored.seed)
    states[0] = state
    for move in stored.moves:
        state = clone(state)
        game.apply(state, move.option, move.seat)
        states[move.seq + 1] = state
    log: list[dict[str, Any]] = []
    compared = 0
    rng = LocalRng(7)
    views = [m for m in messages if m.get("type") == "view"]
    for i, message in enumerate(views):
        frame = message["frame"]
        seat = SPECTATOR if frame["seat"] is None else frame["seat"]
        visible = {c["defn"] for c in frame["cards"].values() if not c["hidden"]}
        assert set(frame["faces"]) <= visible, "a face was sent for a card not in sight"
        for rule_id, rule in frame["rules"].items():
            assert game.rules.get(rule_id).text == rule["text"]
        log = list(frame["log"]) if message["log_full"] else log + frame["log"]
        if i % every:
            continue
        # an event's card is named as the view names it when the event is sent; a card that
        # moved since (into a hand, a deck) has another placeholder in later views, so
        # earlier events are compared without it
        sent = {**_comparable(frame), "log": _settled(log, len(frame["log"]))}
        thinking = [s["seat"] for s in frame["seats"] if s["thinking"]]
        at = states[message["seq"]]
        again = _wire(presenter.frame(game.view(at, seat), seat, thinking=thinking))
        again["log"] = _settled(again["log"], len(frame["log"]))
        differ = sorted(k for k in again.keys() | sent.keys() if again.get(k) != sent.get(k))
        assert not differ, f"view {message['seq']}: the sent frame is not the view's: {differ}"
        for what, swapped in hidden_swaps(game, at, seat, rng, tries=2):
            other = _wire(presenter.frame(game.view(swapped, seat), seat, thinking=thinking))
            other["log"] = _settled(other["log"], len(frame["log"]))
            assert other == sent, (
                f"view {message['seq']} of seat {frame['seat']}: the traffic tells {what}"
            )
            compared += 1
    return compared
