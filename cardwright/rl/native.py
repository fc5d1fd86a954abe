"""The encoder's modules compiled by mypyc, optional (docs/rl.md "Speed").

``python -m cardwright.rl.build_native`` (run by ``make .venv/.installed``) compiles
:data:`MODULES` with mypyc into ``cardwright/rl/_native/`` (not in git) when mypyc and a C
compiler are at hand, and writes there the SHA-256 of each source it compiled. On import,
:func:`enable` puts that directory first on ``cardwright.rl``'s path only when every
source still has the digest it was compiled from, so a compiled module is never older than
its ``.py``; otherwise (no build, a stale one, or ``CARDWRIGHT_PURE=1`` in the environment)
the plain Python modules load, with the same behaviour.
"""

from __future__ import annotations

import hashlib
import json
import os
import sysconfig
from pathlib import Path

#: the modules compiled (their names under ``cardwright.rl``)
MODULES = ("observe", "catalogue")
#: set in the environment (to anything but "" or "0") to load the plain Python modules
PURE_VARIABLE = "CARDWRIGHT_PURE"

HERE = Path(__file__).resolve().parent
NATIVE = HERE / "_native"
MANIFEST = NATIVE / "sources.json"
#: the name of the shared library mypyc puts the compiled modules in
GROUP = "cardwright.rl._native.encoder"


def digests() -> dict[str, str]:
    """The SHA-256 of each compiled module's source, by module name."""
    return {m: hashlib.sha256((HERE / f"{m}.py").read_bytes()).hexdigest() for m in MODULES}


def fresh() -> bool:
    """Whether a build is there and was made from the sources as they are."""
    try:
        built = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return (
        isinstance(built, dict)
        and built.get("suffix") == suffix
        and built.get("sources") == digests()
        and all((NATIVE / f"{m}{suffix}").is_file() for m in MODULES)
    )


def disabled() -> bool:
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def enable(package_path: list[str]) -> bool:
    """Put the compiled modules before the sources on ``package_path`` (``cardwright.rl``'s
    ``__path__``) if they are fresh and not disabled; whether it did."""
    if disabled() or not fresh():
        return False
    package_path.insert(0, str(NATIVE))
    return True


def compiled(module: object) -> bool:
    """Whether ``module`` (one of :data:`MODULES`) was loaded from the compiled build."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
