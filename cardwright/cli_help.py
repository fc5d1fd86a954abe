"""How every ``cardwright`` command reads and talks, in one place: every command, whoever adds
it, inherits this, because :func:`command` polishes the whole command tree once, and
``tests/test_cli_help.py`` walks every command's ``--help`` and checks it.

* Help reads as prose: a docstring's or a help string's paragraphs are joined into whole
  sentences (no line broken where the source was wrapped), with no reST backticks.
* Values are named for what they are (``--seed N``, ``--save FILE``, ``--agents AGENTS``,
  ``GAME``), never by a type (``<int>``, ``<list[str]>``); flags show no value at all.
* The options every command shares are defined here once (:data:`Seed`, :data:`Json`,
  :data:`GameArg`), each with its help.
* A mistake on the command line is one line on stderr, in our words
  (:func:`usage_error_line`): ``error: -n 'many' is not a whole number (e.g. -n 100)``.
"""

from __future__ import annotations

import inspect
import re
import sys
from typing import Annotated, Any

import typer

from cardwright.games import GAMES

# ------------------------------------------------------------------------ shared options
Seed = Annotated[
    int, typer.Option(help="The random seed: the same seed and options give the same games.")
]
Json = Annotated[
    bool, typer.Option("--json", help="Print the result as JSON (the same for the same seed).")
]
GameArg = Annotated[
    str,
    typer.Argument(
        help=f"The game: {', '.join(GAMES)} (cardwright games lists them).",
        show_default=False,
    ),
]

#: the value names of options and arguments that the default (the name in capitals) does
#: not say well
VALUE_NAMES = {
    "option": "KEY=VALUE",
    "opponent": "AGENT",
    "agent": "AGENT",
    "agents": "AGENTS",
    "n": "N",
    "card_set": "SET",
    "klass": "CLASS",
    "run": "N",
    "game_no": "N",
    "rule_id": "RULE",
}


# ------------------------------------------------------------------------ the polish
def prose(text: str | None) -> str | None:
    """Help text as whole sentences: each paragraph on one line, no reST backticks."""
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    joined = [" ".join(p.split()) for p in paragraphs]
    return "\n\n".join(re.sub(r"``?([^`]+)``?", r"\1", p) for p in joined)


def _value_name(param: Any) -> str:
    name = param.name or ""
    if name in VALUE_NAMES:
        return VALUE_NAMES[name]
    kind = param.bare_type() if hasattr(param, "bare_type") else ""
    if "int" in kind or "float" in kind:
        return "N" if "seconds" not in name else "SECONDS"
    if "Path" in kind:
        return "FILE"
    return name.upper()


def _usage_name(param: Any) -> Any:
    def name() -> str:
        text = param.metavar + ("..." if param.nargs != 1 else "")
        return text if param.required else f"[{text}]"

    return name


def polish(command: Any, ctx: Any = None) -> None:
    """Apply the conventions above to ``command`` and every command under it."""
    command.help = prose(command.help)
    command.short_help = prose(command.short_help)
    ctx = command.context_class(command, info_name=command.name, parent=ctx)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        help_option.metavar = ""
        help_option.help = "Show this help and exit."
    for param in command.params:
        if getattr(param, "help", None):
            param.help = prose(param.help)
        if param.param_type_name == "argument":
            if param.metavar is None:
                param.metavar = _value_name(param)
            param._usage_display_name = _usage_name(param)  # GAME, not {game}
            param.display_type_rich = lambda ctx: None  # GAME says it: no <str> beside it
        elif getattr(param, "is_flag", False) or getattr(param, "count", False):
            param.metavar = ""
        elif param.metavar is None:
            param.metavar = _value_name(param)
    for sub in getattr(command, "commands", {}).values():
        polish(sub, ctx)


def command(app: typer.Typer) -> Any:
    """The click command of ``app``, polished."""
    built = typer.main.get_command(app)
    polish(built)
    return built


# ------------------------------------------------------------------------ usage errors
_KINDS = {
    "int_parsing": "is not a whole number",
    "int_from_float": "is not a whole number",
    "float_parsing": "is not a number",
    "bool_parsing": "is not yes or no",
}


def usage_error_line(exc: Any, argv: list[str] | None = None) -> str:
    """A click usage error as our one line: what was wrong, where, and what to write."""
    argv = sys.argv[1:] if argv is None else argv
    ctx = getattr(exc, "ctx", None)
    where = ctx.command_path.removeprefix("cardwright").strip() if ctx is not None else ""
    where = f"{where}: " if where else ""
    param = getattr(exc, "param", None)
    cause = exc.__cause__
    if param is not None and hasattr(cause, "errors"):
        flag = (param.opts or [param.name])[0]
        error = cause.errors()[0]
        value = error.get("input")
        words = _KINDS.get(error.get("type", ""))
        if words is None:
            words = "is not allowed: " + str(error.get("msg", "")).lower()
        shown = flag if param.param_type_name == "option" else param.name.upper()
        return f"error: {where}{shown} {value!r} {words}"
    message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
    message = " ".join(message.split()).rstrip(".")
    message = re.sub(r"^Missing argument '([^']+)'", r"\1 is missing", message)
    message = re.sub(
        r"\s*\(Possible options: ([^)]+)\)", lambda m: f"; did you mean {_or(m[1])}?", message
    )
    message = re.sub(r"\.?\s*Did you mean", "; did you mean", message)
    path = ctx.command_path.removeprefix("cardwright").strip() if ctx is not None else ""
    hint = f" (cardwright {path} --help)".replace("  ", " ") if ctx is not None else ""
    if message[:2].isupper() is False:
        message = message[:1].lower() + message[1:]  # "no such option", but "GAME is missing"
    return f"error: {where}{message}{hint}"


def _or(listed: str) -> str:
    names = [n.strip() for n in listed.split(",")]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
