"""``cardwright mcp``: a Model Context Protocol tool server (stdio) for agents that speak JSON,
such as an LLM client: start a game against any agent spec, read the seat's view (as text
and as JSON) and its legal options, answer, and ask what rule an event of the log applied.

The client plays one seat; the other seats are played by agent specs (``random``,
``heuristic``, ``ismcts:iterations=200`` ...) between its answers. The client is only ever
given its seat's view (``game.view``) and the log events that seat may read. A mistake (an
unknown game, option or event, a bad rule option) is a one-line error of the tool call, and
leaves the game as it was.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from rich.text import Text

from cardwright.agents import Agent
from cardwright.core.errors import CardwrightError, ConfigError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import State
from cardwright.games import GAMES, get_game, playable_games

from .catalogue import Catalogue
from .observe import observation_dict
from .table import opponent_specs, seat_opponents

#: the games one server keeps at once (the oldest finished one goes first when it is full)
MAX_GAMES = 64


@dataclass
class Session:
    """A game the client plays: its seat, the agents of the other seats, and how much of its
    log the client has been shown."""

    handle: str
    game: Game
    state: State
    seat: int
    agents: dict[int, Agent]
    catalogue: Catalogue
    shown: int = 0
    specs: list[str] = field(default_factory=list)

    def view(self) -> State:
        return self.game.view(self.state, self.seat)


class Tables:
    """The games of one server, by handle."""

    def __init__(self) -> None:
        self.sessions: dict[str, Session] = {}
        self._numbers = itertools.count(1)

    def get(self, handle: str) -> Session:
        session = self.sessions.get(handle)
        if session is None:
            known = ", ".join(self.sessions) or "none"
            raise ConfigError(f"no game {handle!r} (games: {known}); start one with start_game")
        return session

    def start(
        self,
        game_id: str,
        seat: int,
        opponents: str,
        seed: int,
        config: dict[str, Any] | None,
    ) -> Session:
        game = get_game(game_id)
        catalogue = Catalogue(game_id, config)
        cfg = catalogue.config
        players = len(cfg["names"]) if isinstance(cfg.get("names"), list) else game.min_players
        if not 0 <= seat < players:
            raise ConfigError(f"seat {seat}: {game_id} is played here by seats 0 to {players - 1}")
        specs = opponent_specs(game_id, opponents, players)
        agents = seat_opponents(game_id, seat, specs, seed)
        self._make_room()
        state = game.new_state(catalogue.rules, seed, log=True)
        handle = f"g{next(self._numbers)}"
        session = Session(handle, game, state, seat, agents, catalogue, specs=specs)
        self.sessions[handle] = session
        self.run_others(session)
        return session

    def _make_room(self) -> None:
        if len(self.sessions) < MAX_GAMES:
            return
        done = [h for h, s in self.sessions.items() if s.state.result is not None]
        victim = done[0] if done else next(iter(self.sessions))
        del self.sessions[victim]

    @staticmethod
    def run_others(session: Session) -> None:
        """The other seats answer until the client's seat is to decide or the game is over."""
        state, game = session.state, session.game
        while state.decision is not None and state.decision.seat != session.seat:
            seat = state.decision.seat
            game.apply(state, session.agents[seat].choose(game, state, seat), seat)

    def answer(self, session: Session, option: str) -> None:
        state = session.state
        if state.decision is None:
            raise IllegalChoice(f"{session.game.id}: the game is over; no choice can be made")
        session.game.apply(state, option, session.seat)  # checked before it touches the state
        self.run_others(session)


def _plain(markup: str) -> str:
    return Text.from_markup(markup).plain


def report(session: Session, *, new_events: bool = True) -> dict[str, Any]:
    """What the client sees now: the view as text and as JSON, the legal options (with their
    action indices), the log events it has not been shown, and the result."""
    game, view = session.game, session.view()
    data = observation_dict(game, view, session.catalogue)
    events = []
    if new_events:
        for event in view.log:
            if event.seq >= session.shown:
                events.append({"seq": event.seq, "turn": event.turn, "text": event.text})
        session.shown = len(session.state.log)
    decision = data["decision"]
    to_answer = decision is not None and decision["seat"] == session.seat
    return {
        "game": session.handle,
        "seat": session.seat,
        "your_turn": to_answer,
        "text": _plain(game.render(view, session.seat)),
        "view": data,
        "options": decision["options"] if to_answer else [],
        "new_events": events,
        "result": data["result"],
    }


F = TypeVar("F", bound=Callable[..., Any])


def _user_errors(fn: F) -> F:
    """A tool whose user mistakes (Cardwright's one-line errors) reach the client as the
    call's error text, not as a crash."""
    from mcp.server.mcpserver.exceptions import ToolError

    @functools.wraps(fn)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CardwrightError as exc:
            raise ToolError(str(exc)) from None

    return run  # type: ignore[return-value]


def build_server(tables: Tables | None = None) -> Any:
    """The MCP server (``mcp.server.MCPServer``) with Cardwright's tools."""
    from mcp.server import MCPServer

    tables = tables or Tables()
    server = MCPServer(
        "cardwright",
        instructions=(
            "Play Cardwright's card games. start_game returns a game handle and your view; "
            "answer with one of the option ids listed; explain an event of the log by its seq."
        ),
    )

    @server.tool()
    @_user_errors
    def list_games() -> list[dict[str, Any]]:
        """The games this server plays, their numbers of players and their rule options
        (with the default of each)."""
        out = []
        for game_id in playable_games():
            game = get_game(game_id)
            out.append(
                {
                    "game": game_id,
                    "title": GAMES[game_id].title,
                    "players": game.players_text(),
                    "options": {k: _jsonable(v) for k, v in game.default_config().items()},
                }
            )
        return out

    @server.tool()
    @_user_errors
    def start_game(
        game: str,
        seat: int = 0,
        opponents: str = "heuristic",
        seed: int = 0,
        options: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """Start a game of ``game`` (see list_games) where you play ``seat`` (0 is the first
        player) against ``opponents``: one agent spec for every other seat, or one per other
        seat separated by commas (random, heuristic, ismcts, ismcts:iterations=200).
        ``options`` are rule options ({"players": 3}). Returns the game's handle and your
        view; the other seats have already played up to your first decision."""
        return report(tables.start(game, seat, opponents, seed, options))

    @server.tool()
    @_user_errors
    def view(game: str) -> dict[str, Any]:
        """Your view of the game ``game`` (a handle from start_game): as text, as JSON, your
        legal options when it is your turn, log events you have not seen yet, the result."""
        return report(tables.get(game))

    @server.tool()
    @_user_errors
    def legal_options(game: str) -> list[dict[str, Any]]:
        """The options you may answer now (id, label, action index); empty when it is not
        your decision or the game is over."""
        return list(report(tables.get(game), new_events=False)["options"])

    @server.tool()
    @_user_errors
    def answer(game: str, option: str) -> dict[str, Any]:
        """Answer your pending decision with the option id ``option``; the other seats then
        play up to your next decision. Returns your view afterwards, with the events since."""
        session = tables.get(game)
        tables.answer(session, option)
        return report(session)

    @server.tool()
    @_user_errors
    def explain(game: str, event: int) -> dict[str, Any]:
        """The rule behind event number ``event`` (its seq) of the game's log as you see it:
        the rule id, its paraphrase and where it comes from."""
        session = tables.get(game)
        for e in session.view().log:
            if e.seq == event:
                rule = session.game.rules.get(e.rule)
                return {
                    "seq": e.seq,
                    "text": e.text,
                    "rule": e.rule,
                    "paraphrase": rule.text if rule is not None else "",
                    "source": rule.source if rule is not None else "",
                }
        raise ConfigError(f"game {game}: no event {event} in the log you see")

    @server.tool()
    @_user_errors
    def end_game(game: str) -> str:
        """Forget the game ``game``."""
        tables.get(game)
        del tables.sessions[game]
        return f"game {game} ended"

    return server


def _jsonable(value: Any) -> Any:
    if value is None or isinstance(value, str | int | float | bool):
        return value
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return str(value)


def serve() -> None:
    """Run the server on stdin/stdout until the client closes it."""
    build_server().run("stdio")


__all__ = ["Session", "Tables", "build_server", "report", "serve"]
