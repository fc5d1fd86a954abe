"""A log line that more than one seat reads names the player it is about, never "you".

Two guards: while the tests run, :meth:`Game.log` refuses such a line whatever produced it
(``CHECK_PERSON``, set in ``conftest.py``: every scenario, golden replay and random game of
the suite goes through it); and the texts the card data writes into the log are read here
statically, so a card whose line no test happens to reach is caught too.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwright.core import game as core_game
from cardwright.core.errors import EngineError
from cardwright.core.person import second_person
from cardwright.games import get_game

GAMES_DIR = Path(core_game.__file__).resolve().parents[1] / "games"

#: The arguments of the vocabulary's words whose text goes into the log: ``say``'s line, a
#: choice's ``none`` (nothing to choose), the ``text`` / ``why`` of verbs that say what they
#: did, ``declined`` (Blue Moon: a power not used), and a Munchkin power's name, logged as
#: "Ann uses <name>". Prompts, labels and yes/no words are read by the deciding seat only.
LOGGED_KEYWORDS = {"none", "text", "why", "declined"}
LOGGED_FIRST = {"say", "power"}

_PLACEHOLDER = re.compile(r"\{[^}]*\}")
_SECOND = re.compile(r"\b(?:you|your|yours|yourself|yourselves)\b", re.IGNORECASE)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def logged_texts(path: Path) -> Iterator[str]:
    """The texts a data file's ability expressions write into the log."""
    for text in _strings(tomllib.loads(path.read_text(encoding="utf-8"))):
        try:
            tree = ast.parse(text.strip(), mode="eval")
        except SyntaxError:
            continue  # card text, names: not an expression
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
                continue
            args = [k.value for k in call.keywords if k.arg in LOGGED_KEYWORDS]
            if call.func.id in LOGGED_FIRST and call.args:
                args.append(call.args[0])
            for arg in args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    yield arg.value


DATA_FILES = sorted(GAMES_DIR.glob("*/data/**/*.toml"))


def test_the_data_files_are_found() -> None:
    games = {p.relative_to(GAMES_DIR).parts[0] for p in DATA_FILES}
    assert {"smash_up", "blue_moon", "munchkin", "varia", "bizarre_world"} <= games
    texts = [t for p in DATA_FILES for t in logged_texts(p)]
    assert len(texts) > 50 and any("{you_name}" in t for t in texts)


@pytest.mark.parametrize("path", DATA_FILES, ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_card_data_writes_the_log_in_the_third_person(path: Path) -> None:
    bad = [t for t in logged_texts(path) if _SECOND.search(_PLACEHOLDER.sub("", t))]
    assert not bad, f"{path}: log lines addressed to 'you' (write {{you_name}}): {bad}"


def _state() -> Any:
    game = get_game("smash-up")
    return game, game.new_state({"names": ["Ann", "Bob"]}, 1, log=True)


def test_the_check_refuses_a_shared_line_in_the_second_person() -> None:
    game, state = _state()
    assert core_game.CHECK_PERSON  # on for the whole suite (conftest.py)
    before = len(state.log)
    with pytest.raises(EngineError, match=r"'You': .*name the player instead"):
        game.log(state, "no_target", "su.turn.start", "You have no minion to blow up", 0)
    with pytest.raises(EngineError, match="'your'"):
        game.log(
            state, "peek", "su.turn.start", "Ann looks", 0, visible_to=[0], redacted="your card"
        )
    with pytest.raises(EngineError, match="'yours'"):
        game.log(state, "x", "su.turn.start", "a card of yours", 0, visible_to=[0, 1])
    assert len(state.log) == before  # nothing was written


def test_the_check_lets_names_and_one_seats_own_lines_through() -> None:
    game, state = _state()
    before = len(state.log)
    game.log(state, "x", "su.turn.start", "Ann has no minion to blow up", 0)
    game.log(state, "x", "su.turn.start", "only Ann reads: your deck", 0, visible_to=[0])
    game.log(state, "x", "su.turn.start", "Bob is young and yourselfish", 1)
    assert len(state.log) == before + 3
    munchkin = get_game("munchkin")
    m = munchkin.new_state({"players": 3}, 2, log=True)
    curse = next(
        munchkin.card_name(m, c)
        for c in m.cards
        if re.search(r"\bYour?\b", munchkin.card_name(m, c))  # Lose the Armor You Are Wearing
    )
    assert second_person(munchkin, m, f"Player 1 draws {curse}") is None
    assert second_person(munchkin, m, f"{curse} strikes you") == "you"
    named = munchkin.new_state({"players": 3, "names": ["You", "Ann", "Bob"]}, 2, log=True)
    assert second_person(munchkin, named, "You draws a card") is None  # a player named You


def test_log_data_named_for_cards_is_refused() -> None:
    """Log data passes through the views as it is, so a card id there escapes their
    masking: while the tests run, data named for cards is refused (the card goes in
    ``card``, typed; other cards by definition)."""
    game, state = _state()
    assert core_game.CHECK_LOG_DATA  # on for the whole suite (conftest.py)
    before = len(state.log)
    for key in ("cards", "base_card", "from_card", "card_cards"):
        with pytest.raises(EngineError, match=rf"data named for cards: {key}; .*never card ids"):
            game.log(state, "x", "su.turn.start", "Ann plays", 0, **{key: [3]})
    assert len(state.log) == before
    game.log(state, "x", "su.turn.start", "Ann plays", 0, card=3, defns=["ninjas/ninja_master"])
    assert state.log[-1].data == {"defns": ["ninjas/ninja_master"]}
