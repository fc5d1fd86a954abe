"""Reading the player's lines: prompt_toolkit in a terminal (line editing, history, completion
of commands, option ids, card names and rule ids), plain lines otherwise, so that ``play``
stays scriptable (``printf '1\\n2\\nq\\n' | cardwright play ...``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Completions:
    """What Tab may complete now: the commands (word -> what it does), the pending options
    (id -> label), card names (after ``c``) and rule ids (after ``r``)."""

    commands: dict[str, str] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    cards: Callable[[], Iterable[str]] = lambda: ()
    rules: Callable[[], Iterable[str]] = lambda: ()

    def candidates(self, line: str) -> Iterator[tuple[str, str, str]]:
        """(text that replaces the word being typed, what the menu shows, its description)
        for the line typed so far."""
        head, sep, rest = line.partition(" ")
        if sep and head in ("c", "card"):
            low = rest.lower()
            for name in sorted(set(self.cards())):
                if name.lower().startswith(low):
                    yield name, name, "card"
            return
        if sep and head in ("r", "rule"):
            for rule in self.rules():
                if rule.startswith(rest):
                    yield rule, rule, "rule"
            return
        if sep:
            return
        for word, meaning in self.commands.items():
            if word.startswith(head):
                yield word, word, meaning
        for oid, label in self.options.items():
            if oid.startswith(head) and head:
                yield oid, oid, label


class LineReader:
    """``read(prompt)`` gives the next line (without its newline); EOFError when input ends,
    KeyboardInterrupt on Ctrl-C."""

    def __init__(self, completions: Completions, interactive: bool | None = None) -> None:
        self.completions = completions
        if interactive is None:
            interactive = sys.stdin.isatty() and sys.stdout.isatty()
        self.session: Any = _session(completions) if interactive else None

    @property
    def interactive(self) -> bool:
        return self.session is not None

    def read(self, prompt: str) -> str:
        if self.session is not None:
            return str(self.session.prompt(prompt))
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")


def _session(completions: Completions) -> Any:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import InMemoryHistory

    class _Completer(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterator[Completion]:
            line = document.text_before_cursor
            _, sep, rest = line.partition(" ")
            typed = rest if sep else line
            for text, shown, meta in completions.candidates(line):
                yield Completion(text, start_position=-len(typed), display=shown, display_meta=meta)

    return PromptSession(
        history=InMemoryHistory(), completer=_Completer(), complete_while_typing=False
    )
