"""The game object's protocol (core.protocol.PROTOCOL) is all that code outside the core and a
game's own package uses of a game: a game's helpers (Blue Moon's attract_dragon, the core's
refill_deck, ...) serve its own steps only. Read from the source: every attribute taken of a
value typed ``Game`` (a parameter, a variable, a class field) or got from ``get_game``."""

from __future__ import annotations

import ast
from pathlib import Path

from cardwright.core.game import Game
from cardwright.core.protocol import PROTOCOL
from cardwright.games import get_game, playable_games

PACKAGE = Path(__file__).resolve().parents[2] / "cardwright"


def _outside_modules() -> list[Path]:
    """Modules that are neither the core nor inside a game's package."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        if parts[0] == "core" or (parts[0] == "games" and len(parts) > 2):
            continue
        out.append(path)
    return out


def _is_game(annotation: ast.expr | None) -> bool:
    match annotation:
        case ast.Name(id="Game") | ast.Attribute(attr="Game") | ast.Constant(value="Game"):
            return True
        case ast.BinOp(left=left, right=right):  # Game | None
            return _is_game(left) or _is_game(right)
    return False


def _is_get_game(value: ast.expr | None) -> bool:
    match value:
        case ast.Call(func=ast.Name(id="get_game") | ast.Attribute(attr="get_game")):
            return True
    return False


def _uses(tree: ast.Module) -> list[tuple[str, int]]:
    """(name, line) of each attribute taken of a game object in a module."""
    fields = set()  # attributes holding a game: `game: Game` in a class, `self.g = get_game()`
    for node in ast.walk(tree):
        match node:
            case ast.AnnAssign(target=ast.Name(id=name), annotation=annotation):
                if _is_game(annotation):
                    fields.add(name)
        if isinstance(node, ast.Assign) and _is_get_game(node.value):
            fields.update(t.attr for t in node.targets if isinstance(t, ast.Attribute))
    found = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        args = fn.args
        names = {
            a.arg
            for a in [*args.posonlyargs, *args.args, *args.kwonlyargs]
            if _is_game(a.annotation)
        }
        for node in ast.walk(fn):
            if isinstance(node, ast.Assign) and _is_get_game(node.value):
                names.update(t.id for t in node.targets if isinstance(t, ast.Name))
            match node:
                case ast.AnnAssign(target=ast.Name(id=name), annotation=annotation):
                    if _is_game(annotation):
                        names.add(name)
        for node in ast.walk(fn):
            if not isinstance(node, ast.Attribute):
                continue
            value = node.value
            if (isinstance(value, ast.Name) and value.id in names) or (
                isinstance(value, ast.Attribute) and value.attr in fields
            ):
                found.append((node.attr, node.lineno))
    return found


def test_outside_code_uses_only_the_protocol() -> None:
    seen: set[str] = set()
    beyond = []
    for path in _outside_modules():
        for name, line in _uses(ast.parse(path.read_text(encoding="utf-8"))):
            seen.add(name)
            if name not in PROTOCOL:
                beyond.append(f"{path.relative_to(PACKAGE.parent)}:{line}: game.{name}")
    assert not beyond, "outside the protocol (core.protocol.PROTOCOL):\n" + "\n".join(beyond)
    # the scan finds the protocol's uses (it is not looking at nothing)
    assert {"new_state", "apply", "view", "determinize", "validate_config"} <= seen


def test_the_scan_sees_a_helper_used_from_outside() -> None:
    source = (
        "def f(game: Game, state):\n    game.attract_dragon(state)\n"
        "def g():\n    game = get_game('blue-moon')\n    game.refill_deck(1, 2, 3)\n"
        "class A:\n    game: Game\n    def h(self):\n        self.game.draw()\n"
    )
    assert [name for name, _ in _uses(ast.parse(source))] == [
        "attract_dragon",
        "refill_deck",
        "draw",
    ]


def test_every_game_offers_the_protocol() -> None:
    for game_id in playable_games():
        game = get_game(game_id)
        assert isinstance(game, Game)
        missing = sorted(name for name in PROTOCOL if not hasattr(game, name))
        assert not missing, f"{game_id} lacks {missing}"
