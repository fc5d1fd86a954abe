"""Imports point down (architecture §1): the core imports nothing of Cardwright outside it; a
game's package imports the core, its own package and the shared game modules
(``cardwright.games``'s own), never another game nor anything above the games (scenarios,
simulations, the CLI, the server)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cardwright"
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir() if (p / "game.py").is_file())


def _imports(path: Path) -> list[tuple[str, int]]:
    """The Cardwright modules ``path`` imports, absolute, with their line."""
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = module.rpartition(".")[0] if path.name != "__init__.py" else module[:-9]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            out.append((base, node.lineno))
    return [(name, line) for name, line in out if name.split(".")[0] == "cardwright"]


def _allowed(importer: Path, name: str) -> bool:
    parts = importer.relative_to(PACKAGE).parts
    target = name.split(".")[1:]
    if parts[0] == "core":
        return target[:1] == ["core"]
    if parts[0] == "games" and len(parts) > 2:
        if target[:1] == ["core"]:
            return True
        if target[:1] == ["games"]:
            # its own package, or a shared module of cardwright.games (not another game)
            return len(target) < 2 or target[1] == parts[1] or target[1] not in GAMES
        return False
    return True


def test_imports_point_down() -> None:
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for name, line in _imports(path):
            if not _allowed(path, name):
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert GAMES == ["bizarre_world", "blue_moon", "munchkin", "smash_up", "varia"]
    assert not wrong, "imports that point up or across:\n" + "\n".join(wrong)


def test_the_check_sees_an_arrow_up() -> None:
    game = PACKAGE / "games" / "varia" / "scenario.py"
    assert not _allowed(game, "cardwright.scenarios.format")
    assert not _allowed(game, "cardwright.games.munchkin.cards")
    assert _allowed(game, "cardwright.games.varia.cards")
    assert _allowed(game, "cardwright.games.screen")
    assert not _allowed(PACKAGE / "core" / "game.py", "cardwright.games")
