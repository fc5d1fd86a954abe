"""The game registry: game id -> game object (created once, stateless, shared), and the
tools each game offers the CLI and the agents (its heuristic, its card catalogue, its deck
files, its own commands), named as ``"module:attribute"`` paths imported when first used, so
that nothing outside a game's package knows the game by name."""

from __future__ import annotations

import difflib
import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game
from cardwright.core.option_ids import OptionForms, vocabulary_forms


def _progress(registry: dict[str, object], missing: int, noun: str, without: str) -> str:
    """``complete`` once every ability in the card data is written, else what is missing."""
    total = missing + len(registry)
    if not missing:
        return f"complete (all {total} {noun})"
    return f"in progress: {missing} of {total} {noun} not yet applied ({without})"


def _blue_moon_status() -> str:
    from .blue_moon.abilities import powers, unimplemented_abilities

    return _progress(
        {a.rule: a for a in powers().by_card.values()},
        len(unimplemented_abilities()),
        "card powers",
        "those cards play without their text",
    )


def _smash_up_status() -> str:
    from .smash_up.abilities import ability_kinds

    # every ability the card data names is built when the game loads (an unknown one stops
    # the load), so none can be missing: what is counted is how many there are
    data, python = ability_kinds()
    return _progress({**data, **python}, 0, "card and base abilities", "")


@dataclass(frozen=True)
class GameEntry:
    """A game of the registry. The tools are ``"module:attribute"`` paths (or None):

    ``heuristic``: an agent class taking a seed; ``catalogue``: ``(selection) -> [CardTable]``
    for ``cardwright cards``; ``option_ids``: the forms of its option ids by decision kind
    (:mod:`cardwright.core.option_ids`); ``card_facts``: ``(game, state, card) -> dict``, the
    game's own facts of one card for a scenario's ``expect: {"@alias": ...}``; ``deck_files``:
    ``(path, raw) -> summary | None`` for ``cardwright deck check`` (None: not this game's
    file); ``commands``: ``register(deck_app)`` adding the game's own ``deck`` commands;
    ``report``: its :class:`~cardwright.games.reporting.ReportHooks` (grouping, cards played,
    score followed) for the game store and ``cardwright report``; ``search``: a dict of
    :class:`~cardwright.agents.ismcts.SearchHooks` fields (evaluation, rollout length, move
    grouping, default budget) for the search agent; ``screen``: its
    :class:`~cardwright.games.screen.Screen` (the board, card texts and notes the terminal
    shows). ``present``: ``(game, view, seat) -> dict``,
    the game's own board worked out from a seat's view for the browser, and ``card_face``:
    ``(game, config, defn) -> dict``, a card's name, kind, whole text and printed numbers
    (``docs/server.md``, "Writing a board"). ``rl``: a dict of
    :class:`~cardwright.rl.spec.GameSpec` fields (the card list, the action catalogue's
    bounds, the observation's layout) for the reinforcement-learning interfaces.
    ``seat_key``: the config key of the per-seat choices that ``--deck`` (one per seat)
    fills; ``seat_pairs``: each seat's choice is a pair written ``a,b`` (Smash Up's two
    factions), as in ``seat_example``.
    """

    title: str
    factory: Callable[[], Game] | None = None
    status: Callable[[], str] | None = None  # None: complete
    heuristic: str | None = None
    catalogue: str | None = None
    deck_files: str | None = None
    commands: str | None = None
    report: str | None = None
    option_ids: str | None = None
    card_facts: str | None = None
    search: str | None = None
    screen: str | None = None
    present: str | None = None
    card_face: str | None = None
    rl: str | None = None
    seat_key: str = "decks"
    seat_pairs: bool = False
    seat_example: str = ""

    def status_line(self) -> str:
        if self.factory is None:
            return "planned"
        return "complete" if self.status is None else self.status()

    def tool(self, name: str) -> Any:
        """The tool ``name`` (a field above) imported, or None if the game has none."""
        path = getattr(self, name)
        if path is None:
            return None
        module, _, attribute = path.partition(":")
        return getattr(importlib.import_module(module), attribute)


#: Where a game's package keeps each tool (``{name}``: the game's class name); the ones in
#: ``_OPTIONAL`` only the games that name them have.
_TOOL_PATHS = {
    "heuristic": "heuristic:{name}Heuristic",
    "catalogue": "catalogue:catalogue",
    "deck_files": "catalogue:check_deck_file",
    "commands": "commands:register",
    "report": "report:REPORT",
    "option_ids": "option_ids:OPTION_IDS",
    "card_facts": "scenario:card_facts",
    "search": "search:HOOKS",
    "screen": "render:{name}Screen",
    "present": "present:present",
    "card_face": "present:card_face",
    "rl": "rl:RL",
}
_OPTIONAL = frozenset({"deck_files", "commands", "card_facts"})


def _imported(path: str) -> Callable[[], Game]:
    """A factory making the game class at ``path`` (``"module:Class"``), imported when first
    called."""

    def factory() -> Game:
        module, _, attribute = path.partition(":")
        game: Game = getattr(importlib.import_module(module), attribute)()
        return game

    return factory


def _entry(
    title: str,
    package: str,
    name: str,
    status: Callable[[], str] | None = None,
    *,
    also: frozenset[str] = frozenset(),
    seat_key: str = "decks",
    seat_pairs: bool = False,
    seat_example: str = "",
) -> GameEntry:
    """The entry of the game ``name`` (its class in ``<package>.game``), with every tool at
    its place in ``_TOOL_PATHS``, the optional ones only if named in ``also``."""
    if not also <= _OPTIONAL:
        raise ValueError(f"not optional tools: {sorted(also - _OPTIONAL)}")
    root = f"cardwright.games.{package}"
    tools = {
        tool: f"{root}.{where.format(name=name)}"
        for tool, where in _TOOL_PATHS.items()
        if tool not in _OPTIONAL or tool in also
    }
    factory = _imported(f"{root}.game:{name}")
    return GameEntry(
        title,
        factory,
        status,
        **tools,
        seat_key=seat_key,
        seat_pairs=seat_pairs,
        seat_example=seat_example,
    )


#: Every game Cardwright will play; a missing factory marks one not playable yet.
GAMES: dict[str, GameEntry] = {
    "bizarre-world": _entry(
        "Bizarre World",
        "bizarre_world",
        "BizarreWorld",
        also=frozenset({"deck_files", "commands"}),
    ),
    "blue-moon": _entry(
        "Blue Moon",
        "blue_moon",
        "BlueMoon",
        _blue_moon_status,
        also=frozenset({"deck_files", "card_facts"}),
    ),
    "smash-up": _entry(
        "Smash Up",
        "smash_up",
        "SmashUp",
        _smash_up_status,
        also=frozenset({"card_facts"}),
        seat_key="factions",
        seat_pairs=True,
        seat_example="ninjas,pirates",
    ),
    "varia": _entry("Varia", "varia", "Varia", also=frozenset({"deck_files"})),
    "munchkin": _entry("Munchkin", "munchkin", "Munchkin", also=frozenset({"card_facts"})),
}


@cache
def get_game(game_id: str) -> Game:
    """The game object for ``game_id``; an unknown or unplayable id is a one-line error."""
    entry = GAMES.get(game_id)
    if entry is None:
        close = difflib.get_close_matches(game_id, GAMES, n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}? " if close else ""
        raise ConfigError(f"unknown game {game_id!r}; {hint}games: {', '.join(GAMES)}")
    if entry.factory is None:
        raise ConfigError(
            f"{entry.title} ({game_id}) is not playable yet; playable: "
            f"{', '.join(playable_games())}"
        )
    return entry.factory()


@cache
def option_forms(game_id: str) -> OptionForms:
    """The forms of ``game_id``'s option ids by decision kind: the core's, the game's own
    steps' (its ``option_ids`` table) and its card abilities' (read from them)."""
    game = get_game(game_id)  # an unknown game is a one-line error
    declared = GAMES[game_id].tool("option_ids") or {}
    return OptionForms(game_id, declared, vocabulary_forms(game))


def option_ids_version(game_id: str) -> int:
    """The version of the game's option ids (``VERSION`` in its ``option_ids`` module, 1 when
    it declares none): part of the public contract. A saved game's choices are option ids,
    so a change that gives an existing id another form or meaning bumps it, and a record of
    another version is refused rather than replayed into another game (docs/records.md)."""
    entry = GAMES[game_id]
    if entry.option_ids is None:
        return 1
    module = importlib.import_module(entry.option_ids.split(":")[0])
    return int(getattr(module, "VERSION", 1))


def guide(game_id: str) -> str:
    """The game's short how-to-play page (``guide.md`` in its package): the goal, a turn,
    and the words the terminal shows (``cardwright rules GAME --guide``, ``h`` in play)."""
    game = get_game(game_id)
    module = sys.modules[type(game).__module__]
    path = Path(module.__file__ or "").parent / "guide.md"
    return path.read_text(encoding="utf-8") if path.is_file() else ""


def resolve(game: Game | str) -> Game:
    """``game`` itself, or the game of the id ``game`` (:func:`get_game`): what a function
    taking either calls once at its top, passing the game object on."""
    return game if isinstance(game, Game) else get_game(game)


def playable_games() -> list[str]:
    return [g for g, e in GAMES.items() if e.factory is not None]
