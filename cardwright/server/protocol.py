"""The WebSocket protocol: every message a client may send, checked, and the messages the
server sends (``docs/server.md``, "The protocol", documents both).

A client message is one JSON object with a ``type``; anything else gets one
:class:`ProtocolError` (a code and a one-line message) and changes nothing: text over
:data:`MAX_MESSAGE` bytes (``too_large``), text that is not JSON (``bad_json``), JSON that is
not an object with a known ``type`` (``unknown_type``), or an object whose fields are not
those of its type (``bad_message``).
"""

from __future__ import annotations

import time
from typing import Any

import msgspec

#: the largest client message accepted, in bytes (a move is well under 200)
MAX_MESSAGE = 4096


class Join(msgspec.Struct, tag="join", tag_field="type", forbid_unknown_fields=True):
    """Take a seat with its token (from the invite link), or watch as a spectator."""

    game: str
    token: str | None = None
    spectate: bool = False


class Move(msgspec.Struct, tag="move", tag_field="type", forbid_unknown_fields=True):
    """Answer the pending decision: ``seq`` is the view's ``seq`` it answers; ``option`` one
    option id, or ``options`` several picks answered in order by the same seat (all of them
    or none: a multi-part choice sent at once)."""

    seq: int
    option: str | None = None
    options: list[str] | None = None

    def choices(self) -> list[str]:
        if self.option is not None:
            return [self.option, *(self.options or [])]
        return list(self.options or [])


class Ping(msgspec.Struct, tag="ping", tag_field="type", forbid_unknown_fields=True):
    """Is the server there? Answered by a ``pong`` with the same ``n``."""

    n: int = 0


ClientMessage = Join | Move | Ping
TYPES = {"join": Join, "move": Move, "ping": Ping}


class ProtocolError(Exception):
    """A client's mistake: sent back as one ``error`` message; nothing changes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


#: every error code, with when it is sent
ERRORS = {
    "too_large": "the message is over the size limit",
    "bad_json": "the message is not JSON",
    "unknown_type": "the message is not an object with a known type",
    "bad_message": "the message's fields are not those of its type",
    "not_joined": "a move or a second join before a successful join",
    "no_game": "no game with that id is being played here",
    "bad_token": "the token is not a seat's of this game",
    "not_your_turn": "the decision belongs to another seat (or the sender is a spectator)",
    "stale": "the move answers an earlier view (its seq is not the current one)",
    "illegal_option": "the option is not one of the pending decision's",
    "game_over": "the game is over: no move can be made",
    "rate_limited": "too many messages: this one was dropped",
    "unavailable": "the game cannot be played now (its record does not replay)",
    "server_error": "the server failed to store or play the move; nothing changed",
}

_json = msgspec.json.Decoder()


def decode(text: str | bytes) -> ClientMessage:
    """One client message, checked; a :class:`ProtocolError` names what is wrong."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_MESSAGE:
        raise ProtocolError("too_large", f"message of {size} bytes; the limit is {MAX_MESSAGE}")
    try:
        raw = _json.decode(text)
    except msgspec.DecodeError as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    kind = raw.get("type") if isinstance(raw, dict) else None
    cls = TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(TYPES)
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}; types: {known}")
    try:
        message: ClientMessage = msgspec.convert(raw, cls)
    except msgspec.ValidationError as exc:
        raise ProtocolError("bad_message", f"{kind}: {exc}") from None
    if isinstance(message, Move) and not message.choices():
        raise ProtocolError("bad_message", "move: give an option (or options)")
    return message


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


class TokenBucket:
    """A flood limit per connection: ``rate`` messages a second on average, bursts of up to
    ``burst``."""

    def __init__(self, rate: float = 20.0, burst: float = 60.0) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
