"""``python -m cardwright.rl.build_native``: compile the encoder's modules with mypyc into
``cardwright/rl/_native/`` when they changed since the last build (``cardwright.rl.native``
says how they load). Prints one line; exits 0 even when it cannot build (no C compiler, no
mypyc), since the plain Python modules then serve.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from .native import GROUP, HERE, MANIFEST, MODULES, NATIVE, digests, fresh


def build(quiet: bool = True) -> str:
    """Compile :data:`MODULES` into :data:`NATIVE` unless the build there is fresh; returns
    what it did, in one line. Never raises for a missing compiler or mypyc (the plain
    modules then stay in use)."""
    if fresh():
        return "the compiled encoder is up to date"
    compiler = sysconfig.get_config_var("CC") or "cc"
    if shutil.which(compiler.split()[0]) is None:
        return f"no C compiler ({compiler}): the encoder stays plain Python"
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as exc:
        return f"{exc.name} is not installed: the encoder stays plain Python"
    root = HERE.parent.parent
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    sources = digests()
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(root)  # mypyc names modules by their paths from here
        try:
            paths = [f"cardwright/rl/{m}.py" for m in MODULES]
            extensions = mypycify(
                paths, opt_level="3", target_dir=f"{tmp}/c", group_name=GROUP, verbose=not quiet
            )
            dist = Distribution({"name": "cardwright-native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = f"{tmp}/lib"
            command.build_temp = f"{tmp}/tmp"
            dist.run_command("build_ext")
        except (Exception, SystemExit) as exc:  # a failed build leaves the plain modules
            return f"mypyc failed ({exc}): the encoder stays plain Python"
        finally:
            os.chdir(cwd)
        shutil.rmtree(NATIVE, ignore_errors=True)
        NATIVE.mkdir()
        built = Path(tmp, "lib", "cardwright", "rl")
        for so in [*built.glob(f"*{suffix}"), *built.glob(f"_native/*{suffix}")]:
            shutil.copy2(so, NATIVE / so.name)
    if digests() != sources:  # edited while it compiled: leave it for the next build
        shutil.rmtree(NATIVE, ignore_errors=True)
        return "the sources changed during the build: the encoder stays plain Python"
    MANIFEST.write_text(json.dumps({"suffix": suffix, "sources": sources}, indent=1) + "\n")
    return f"compiled {', '.join(MODULES)} with mypyc into {NATIVE}"


if __name__ == "__main__":  # pragma: no cover - run by make
    print(build(quiet="-v" not in sys.argv[1:]))
