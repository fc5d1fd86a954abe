"""Every command's ``--help``, whoever added the command, read as a user reads it: prose with
no hard-wrapped sentences and no reST backticks, values named for what they are (no
``<bool>``, ``<str>``, ``<list[str]>``), flags shown as flags, and every option with help. The
checks walk the command tree that ``cardwright`` runs (``cli_help.command``), so a new command
is checked without a line here; one subprocess renders one page as a user sees it."""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

from cardwright.cli import app
from cardwright.cli_help import command


def _commands(cmd: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    out = [(path, cmd)]
    for name, sub in getattr(cmd, "commands", {}).items():
        out += _commands(sub, (*path, name))
    return out


TREE = _commands(command(app))


def _help_page(path: tuple[str, ...]) -> str:
    """``cardwright PATH --help`` as printed by the command, 100 columns wide."""
    code = (
        "import sys; sys.argv = ['cardwright', *sys.argv[1:]];"
        "from cardwright.cli import main; main()"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, *path, "--help"],
        capture_output=True, text=True, timeout=120, env={"COLUMNS": "100", "PATH": ""},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_every_command_and_option_has_help_in_whole_sentences() -> None:
    problems = []
    for path, cmd in TREE:
        name = " ".join(path) or "cardwright"
        if not cmd.help:
            problems.append(f"{name}: no help")
        for text in [cmd.help or "", *(getattr(p, "help", "") or "" for p in cmd.params)]:
            if "`" in text:
                problems.append(f"{name}: backticks in {text[:60]!r}")
            if re.search(r"[^\n]\n[^\n]", text):
                problems.append(f"{name}: a hard-wrapped line in {text[:60]!r}")
        for param in cmd.params:
            flag = "/".join(param.opts)
            if not getattr(param, "help", None):
                problems.append(f"{name} {flag}: no help")
            if param.metavar is None or re.search(
                r"[<>\[\]]|^(str|int|bool|path)$", param.metavar.lower()
            ):
                problems.append(f"{name} {flag}: shown as {param.metavar!r}")
            if getattr(param, "is_flag", False):
                if param.metavar:
                    problems.append(f"{name} {flag}: a flag shown with a value")
                if param.secondary_opts and not param.default:
                    problems.append(f"{name} {flag}: an off switch {param.secondary_opts} too")
    assert not problems, "\n".join(problems)


def test_help_pages_show_no_types() -> None:
    for path in [("simulate",), ("deck", "build")]:
        page = _help_page(path)
        found = re.findall(r"<(?:bool|str|int|float|path|list\[[a-z]+\])>|\{[a-z_]+\}", page)
        assert not found, (path, found)
        assert "`" not in page
