"""The ``cardwright`` command run inside the test process: the same ``main()`` (its exit
status, its stdout and stderr), without the second or so a new interpreter takes to start,
for the many short refusals the tests check."""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass

from cardwright import cli


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def cw_in(*args: str) -> Ran:
    """Run ``cardwright ARGS`` as ``main()`` does; its exit status is 0 when it returns."""
    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["cardwright", *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = argv
    return Ran(code, out.getvalue(), err.getvalue())
