"""A game's heuristic module as it was at a git revision, loaded under another name beside
today's, so that the old and the new play in one run (``old@REV`` in ``bm_backtracks.py`` and
``su_heuristic_vs.py``)."""

from __future__ import annotations

import importlib.util
import subprocess
import tempfile
from types import ModuleType


def load(package: str, rev: str) -> ModuleType:
    """``cardwright/games/<package>/heuristic.py`` at ``rev`` (read with ``git show``; its
    relative imports point at today's package)."""
    path = f"cardwright/games/{package}/heuristic.py"
    source = subprocess.run(
        ["git", "show", f"{rev}:{path}"], check=True, capture_output=True, text=True
    ).stdout
    source = source.replace("from . import", f"from cardwright.games.{package} import")
    source = source.replace("from .", f"from cardwright.games.{package}.")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(f"old_heuristic_{package}_{rev}", f.name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
