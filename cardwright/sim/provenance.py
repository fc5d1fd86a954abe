"""What a game record was played by, and what changed since: the Cardwright version, the
versions of the two parts of the public contract a record relies on (the state hash and the
game's option ids), and a fingerprint of the game's rules and card data.

The fingerprint (:func:`fingerprint`) maps each part of what decides how a game plays to a
short digest, so that comparing an old record's with today's names the parts that changed:

``cards/<path>``
    each file under the game package's ``data/`` folder (card lists, bases, decks, generator
    tables), read as TOML: its values count, not its comments or layout;
``rules``
    the game's rules index (``rules.toml``, read the same way);
``options``
    the rule options: each option's default and its allowed values;
``code/core``, ``code/<package>``
    the Python source of the rules core (``cardwright/core``) and of the game's package,
    byte for byte (any edit there may change how a game plays, so any edit counts).

What a record does not depend on is left out: agents (a record keeps its choices), the CLI,
reports, and the words of the log (a record's hash leaves the log out).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from cardwright.games import get_game, option_ids_version

__all__ = ["cardwright_version", "differences", "fingerprint", "option_ids_version"]

CORE = Path(__file__).resolve().parents[1] / "core"


def cardwright_version() -> str:
    """The installed Cardwright's version (``unknown`` when run from a bare source tree)."""
    try:
        return version("cardwright")
    except PackageNotFoundError:  # pragma: no cover (running from a source tree)
        return "unknown"


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=6).hexdigest()


def _toml_digest(path: Path) -> str:
    """A TOML file's values (comments and layout aside); another file's bytes."""
    raw = path.read_bytes()
    if path.suffix != ".toml":
        return _digest(raw)
    try:
        value = tomllib.loads(raw.decode("utf-8-sig"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return _digest(raw)
    return _digest(json.dumps(value, sort_keys=True, default=str).encode())


def _code_digest(folder: Path) -> str:
    h = hashlib.blake2b(digest_size=6)
    for path in sorted(folder.rglob("*.py")):
        h.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def package_dir(game_id: str) -> Path:
    """The folder of the game's package (where its rules, data and code live)."""
    game = get_game(game_id)
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0])
    return Path(module.__file__ or "").resolve().parent


@cache
def fingerprint(game_id: str) -> dict[str, str]:
    """The game's fingerprint (see the module's docstring), computed once per process."""
    game = get_game(game_id)
    folder = package_dir(game_id)
    out: dict[str, str] = {}
    data = folder / "data"
    for path in sorted(data.rglob("*")) if data.is_dir() else ():
        if path.is_file() and "__pycache__" not in path.parts:
            out[f"cards/{path.relative_to(data).as_posix()}"] = _toml_digest(path)
    rules = folder / "rules.toml"
    if rules.is_file():
        out["rules"] = _toml_digest(rules)
    options: dict[str, Any] = {
        key: [value, list(game.config_choices().get(key, ()) or ())]
        for key, value in game.default_config().items()
    }
    out["options"] = _digest(json.dumps(options, sort_keys=True, default=str).encode())
    out["code/core"] = _code_digest(CORE)
    out[f"code/{folder.name}"] = _code_digest(folder)
    return out


def differences(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """The parts named in two fingerprints that differ, in words: ``card data
    (factions/dinosaurs.toml changed)``, ``the rules index``, ``the rule options``, ``the
    core's code``, ``the game's code``."""
    changed: list[str] = []
    files = sorted(k for k in {*old, *new} if k.startswith("cards/"))
    touched = []
    for key in files:
        name = key.removeprefix("cards/")
        if key not in old:
            touched.append(f"{name} added")
        elif key not in new:
            touched.append(f"{name} removed")
        elif old[key] != new[key]:
            touched.append(f"{name} changed")
    if touched:
        changed.append(f"card data ({', '.join(touched)})")
    words = {
        "rules": "the rules index",
        "options": "the rule options",
        "code/core": "the core's code",
    }
    for key, phrase in words.items():
        if old.get(key) != new.get(key):
            changed.append(phrase)
    games = sorted(k for k in {*old, *new} if k.startswith("code/") and k != "code/core")
    if any(old.get(k) != new.get(k) for k in games):
        changed.append("the game's code")
    return changed
