"""A game's heuristic module as it was at a git revision, loaded under another name beside
today's, so that the old and the new play in one run (``old@REV`` in ``bm_backtracks.py`` and
``su_heuristic_vs.py``). Its own rule modules beside it (``from . import heuristic_...``, as
Smash Up's ``heuristic_madness``) are loaded as they were at that revision too."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tempfile
from types import ModuleType


def _module(package: str, name: str, rev: str) -> ModuleType:
    """``cardwright/games/<package>/<name>.py`` at ``rev`` (read with ``git show``; its relative
    imports point at today's package, but for the ``heuristic_*`` modules, also read at
    ``rev``)."""
    path = f"cardwright/games/{package}/{name}.py"
    source = subprocess.run(
        ["git", "show", f"{rev}:{path}"], check=True, capture_output=True, text=True
    ).stdout
    alias = f"old_{name}_{package}_" + re.sub(r"\W", "_", rev)
    for helper in re.findall(r"^from \. import (heuristic_\w+)", source, re.M):
        loaded = _module(package, helper, rev)
        source = re.sub(
            rf"^from \. import {helper}\b( as \w+)?",
            lambda m: f"import {loaded.__name__}{m.group(1) or ' as ' + helper}",  # noqa: B023
            source,
            count=1,
            flags=re.M,
        )
    source = source.replace("from . import", f"from cardwright.games.{package} import")
    source = source.replace("from .", f"from cardwright.games.{package}.")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(source)
    spec = importlib.util.spec_from_file_location(alias, f.name)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[alias] = module
    spec.loader.exec_module(module)
    return module


def load(package: str, rev: str) -> ModuleType:
    """``cardwright/games/<package>/heuristic.py`` at ``rev``, with its own rule modules."""
    return _module(package, "heuristic", rev)
