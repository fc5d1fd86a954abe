"""``cardwright play``: one person against the AI in a terminal, from the person's view only.

Each time the person decides, the screen shows what happened since (the log), the board folded
to fit the terminal (``layout.py``), the notes the decision needs (a running total, an action
the rules forbid now) and the question with its options, each option that names a card with
the card's whole text. Commands: ``c`` a card, ``r`` rules by id or words, ``l`` the log,
``b`` the whole board, ``h`` help, ``s`` save, ``q`` quit; after each the question is shown
again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from cardwright.core.errors import CardwrightError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import LogEvent, Option, State, known_card
from cardwright.games.screen import Screen

from .layout import fit_board, folded_height, say, screen_size, wrap
from .reader import Completions, LineReader

#: a list longer than this is grouped when the game groups its options
GROUP_AT = 12

COMMANDS = {
    "c": "c NAME or c N: a card's whole text, by name or by option number",
    "r": "r WORDS: the rules with that id, or holding those words",
    "l": "l: the whole log so far",
    "b": "b: the whole board, every card's text",
    "h": "h: this help and the words of the game",
    "s": "s [FILE]: save the game so far (play --resume FILE goes on with it)",
    "q": "q: quit (the game so far is saved when play was given --save)",
}


@dataclass
class Entry:
    """One line of the question: an option, or a group of options (``members``: the labels
    of the options within it)."""

    label: str
    indexes: list[int]
    members: list[str] = field(default_factory=list)
    card: int | None = None


def entries(screen: Screen | None, view: State, options: list[Option]) -> list[Entry]:
    """The options as the question lists them: grouped (in order of first appearance) when
    the list is long and the game groups them, else one per line."""
    flat = [Entry(o.label, [i], card=o.card) for i, o in enumerate(options)]
    if screen is None or len(options) <= GROUP_AT:
        return flat
    grouped: list[Entry] = []
    by_label: dict[str, Entry] = {}
    for i, option in enumerate(options):
        group = screen.group(view, option)
        if group is None:
            grouped.append(Entry(option.label, [i], card=option.card))
            continue
        label, member = group
        entry = by_label.get(label)
        if entry is None:
            entry = by_label[label] = Entry(label, [], card=option.card)
            grouped.append(entry)
        entry.indexes.append(i)
        entry.members.append(member)
    for entry in grouped:  # a group of one is an option; a group's members go in order
        if len(entry.indexes) == 1 and entry.members:
            entry.label, entry.members = options[entry.indexes[0]].label, []
        elif entry.members:
            pairs = sorted(
                zip(entry.members, entry.indexes, strict=True), key=lambda p: _natural(p[0])
            )
            entry.members, entry.indexes = [m for m, _ in pairs], [i for _, i in pairs]
    return grouped if len(grouped) < len(flat) else flat


def _members_text(members: list[str]) -> str:
    """The members of a group in brief: ``moment 1, 2, 3`` when each starts with the same word
    and a number, else the labels themselves."""
    words = [m.replace(":", " ").split() for m in members]
    if all(len(w) >= 2 for w in words) and len({w[0] for w in words}) == 1:
        seconds = list(dict.fromkeys(w[1] for w in words))
        if all(s.isdigit() for s in seconds):
            return f"{words[0][0]} {', '.join(seconds)}"
    return ", ".join(members)


def _natural(text: str) -> list[Any]:
    """A sort key that puts ``moment 2`` before ``moment 10``."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", text)]


@dataclass
class Shown:
    """What the player sees now: the entries of the question (what its numbers choose) and
    the decision's options."""

    entries: list[Entry]
    options: list[Option]


class Session:
    """A game in progress in the terminal: ``run()`` plays until the game is over (True) or
    the player quits (False); ``keep(record, state)`` saves what the player asked to keep."""

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        ai: Any,
        record: Any,
        keep: Callable[[Any, State | None], None],
        out: Console,
        err: Console,
        reader: LineReader | None = None,
        show_ids: bool = False,
    ) -> None:
        from cardwright.games.screen import screen_of

        self.game, self.state, self.seat, self.ai = game, state, seat, ai
        self.record, self.keep = record, keep
        self.out, self.err = out, err
        self.screen = screen_of(game)
        self.show_ids = show_ids
        self.completions = Completions(
            commands={k: v.split(": ", 1)[1] for k, v in COMMANDS.items()}
        )
        self.reader = reader or LineReader(self.completions)
        self.logged = 0  # events of the seat's view already printed
        self.shown: Shown | None = None

    # ------------------------------------------------------------------ the game
    def run(self) -> bool:
        g, state, seat = self.game, self.state, self.seat
        while state.decision is not None:
            decision = state.decision
            if decision.seat != seat:
                choice = self.ai.choose(g, state, decision.seat)
                searched = getattr(self.ai, "last", None)
                if searched is not None:
                    say(self.out, f"[dim]  (the AI thought {escape(searched.describe())})[/dim]")
                self.record.choices.append((decision.seat, choice))
                g.apply(state, choice, decision.seat)
                continue
            if not self.decide():
                return False
        self.print_events(g.view(state, seat))
        return True

    def decide(self) -> bool:
        """Ask the player the pending question until they answer it (True) or quit (False)."""
        g, state, seat = self.game, self.state, self.seat
        view = g.view(state, seat)
        self.print_events(view)
        self.show(view)
        while True:
            try:
                line = self.reader.read("> ").strip()
            except EOFError:
                say(self.out, "input closed: game abandoned")
                self.keep(self.record, state)
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            rest = rest.strip()
            if word in ("q", "quit"):
                say(self.out, "game abandoned")
                self.keep(self.record, state)
                return False
            if word in COMMANDS or word in ("help", "?", "card", "rule", "log", "board", "save"):
                key = "h" if word == "?" else word[0]
                self.command(key, rest, view)
                if key in "hlb":  # a long page: the question again below it
                    self.show_question(view)
                continue
            choice = self.resolve(line, view)
            if choice is None:
                continue
            try:
                g.apply(state, choice, seat)
            except IllegalChoice:
                self.refuse(line)
                continue
            self.record.choices.append((seat, choice))
            return True

    def resolve(self, line: str, view: State) -> str | None:
        """The option id a line names (a number, ``N.M`` or ``N M`` in a group, or an id), or
        None after asking which member of a group, or after saying the line is no option."""
        assert self.shown is not None
        options, shown = self.shown.options, self.shown.entries
        if line in {o.id for o in options}:
            return line
        parts = line.replace(".", " ").split()
        if not all(p.isdigit() for p in parts) or len(parts) > 2:
            self.refuse(line)
            return None
        n = int(parts[0])
        if not 1 <= n <= len(shown):
            self.refuse(line)
            return None
        entry = shown[n - 1]
        if not entry.members:
            if len(parts) == 2:
                self.refuse(line)
                return None
            return options[entry.indexes[0]].id
        if len(parts) == 2:
            m = int(parts[1])
            if 1 <= m <= len(entry.members):
                return options[entry.indexes[m - 1]].id
            self.refuse(line)
            return None
        return self.pick_member(entry, view)

    def pick_member(self, entry: Entry, view: State) -> str | None:
        assert self.shown is not None
        say(self.out, f"[bold]{escape(entry.label)}[/bold]")
        width, _ = screen_size(self.out)
        for k, member in enumerate(entry.members, start=1):
            self._print(wrap(f"  [cyan]{k:>2}[/cyan]. {escape(member)}", width, 0, 6))
        while True:
            try:
                line = self.reader.read(f"{escape(entry.label)}: which (b: back)? ").strip()
            except EOFError:
                return None
            if line in ("", "b", "0", "back"):
                self.show_question(view)
                return None
            if line.isdigit() and 1 <= int(line) <= len(entry.members):
                return self.shown.options[entry.indexes[int(line) - 1]].id
            say(self.err, f"'{escape(line)}' is not one of them: type 1-{len(entry.members)}, or b")

    def refuse(self, line: str) -> None:
        n = len(self.shown.entries) if self.shown else 0
        say(self.err, f"'{escape(line)}' is not an option: type 1-{n}, an option id, or h for help")

    # ------------------------------------------------------------------ commands
    def command(self, word: str, rest: str, view: State) -> None:
        width, _ = screen_size(self.out)
        if word == "h":
            self.help()
        elif word == "l":
            for event in self.visible(view.log):
                self._print(self._event_lines(event, width))
        elif word == "b":
            if self.screen is not None:
                board = self.screen.board(view, self.seat)
                self._print(fit_board(board, width, None).lines)
            else:
                self.out.print(self.game.render(view, self.seat))
        elif word == "c":
            self.show_card(rest, view, width)
        elif word == "r":
            self.show_rules(rest, width)
        elif word == "s":
            self.save(rest)

    def help(self) -> None:
        from rich.markdown import Markdown

        from cardwright.games import guide

        text = guide(self.game.id) or f"No guide for {self.game.title} yet."
        width, height = screen_size(self.out)
        page = width if height is not None else None  # the console's own width when piped
        self.out.print(Markdown(text), soft_wrap=False, width=page)
        say(self.out, "[bold]Commands[/bold]")
        self._print(
            wrap("  number: choose that option (in a group, N then which, or N.M)", width, 0, 4)
        )
        self._print(wrap("  an option id (Tab completes it): choose it", width, 0, 4))
        for line in COMMANDS.values():
            self._print(wrap(f"  {escape(line)}", width, 0, 4))

    def show_card(self, rest: str, view: State, width: int) -> None:
        if not rest:
            say(self.err, "c NAME or c N: which card? (c 2: the card of option 2)")
            return
        if rest.isdigit() and self.shown is not None:
            n = int(rest)
            if not 1 <= n <= len(self.shown.entries):
                say(self.err, f"c {n}: the options are 1-{len(self.shown.entries)}")
                return
            cid = self.shown.entries[n - 1].card
            text = None if cid is None or self.screen is None else self.screen.card(view, cid)
            if text is None:
                say(self.err, f"c {n}: option {n} names no card you can see")
                return
            self._print(wrap(text, width, 0, 2))
            return
        found = [] if self.screen is None else self.screen.lookup(view, rest)
        if not found:
            say(self.err, f"c {escape(rest)}: no card of {self.game.title} is called that")
            return
        for _, text in found[:5]:
            self._print(wrap(text, width, 0, 2))
        if len(found) > 5:
            more = ", ".join(n for n, _ in found[5:12])
            say(self.out, f"[dim]{len(found) - 5} more: {escape(more)} ...[/dim]")

    def show_rules(self, rest: str, width: int) -> None:
        if not rest:
            say(self.err, "r WORDS: which rule? (an id such as a log line shows, or words)")
            return
        found = self.game.rules.find(rest)
        if not found:
            say(self.err, f"r {escape(rest)}: no rule of {self.game.title} holds those words")
            return
        for rule in found[:6]:
            line = f"[bold]{rule.id}[/bold]: {escape(rule.text)} [dim]({escape(rule.source)})[/dim]"
            self._print(wrap(line, width, 0, 2))
        if len(found) > 6:
            say(self.out, f"[dim]{len(found) - 6} more rules hold those words: add a word[/dim]")

    def save(self, rest: str) -> None:
        from cardwright.sim.records import finish_record, save_record

        target = Path(rest) if rest else getattr(self.keep, "save", None)
        if target is None:
            say(self.err, "s FILE: where to save the game (or play with --save FILE)")
            return
        try:
            save_record(finish_record(self.record, self.state), target)
        except CardwrightError as exc:
            say(self.err, f"error: {escape(str(exc))}")
            return
        where = escape(str(target))
        say(self.out, f"saved the game so far to {where} (play --resume {where} goes on)")

    # ------------------------------------------------------------------ the screen
    def visible(self, log: list[LogEvent]) -> list[LogEvent]:
        return [e for e in log if e.kind != "scenario"]

    def _event_lines(self, event: LogEvent, width: int) -> list[Text]:
        headline = None if self.screen is None else self.screen.headline(event, self.seat)
        if headline is not None:
            return wrap(f"[bold yellow]  ! {escape(headline)}[/bold yellow]", width, 0, 4)
        return wrap(f"[dim]  · {escape(event.text)} \\[{event.rule}][/dim]", width, 0, 4)

    def print_events(self, view: State) -> None:
        width, _ = screen_size(self.out)
        for event in self.visible(view.log[self.logged :]):
            self._print(self._event_lines(event, width))
        self.logged = len(view.log)

    def _print(self, lines: list[Text]) -> None:
        for line in lines:
            self.out.print(line, soft_wrap=True, overflow="ignore", crop=False)

    def question_lines(self, view: State, width: int, texts: int) -> list[Text]:
        """The question at a level of detail: ``texts`` 2 with each named card's whole text,
        1 with its first line, 0 without."""
        decision = self.state.decision
        assert decision is not None and self.shown is not None
        out = wrap(f"[bold]{escape(decision.prompt)}[/bold] [dim]({decision.rule})[/dim]", width)
        if self.screen is not None:
            for note in self.screen.notes(view, self.seat):
                out += wrap(note, width, 2, 4)
        said: set[str] = set()
        if any(e.members for e in self.shown.entries):
            out += wrap(
                "  [dim]A card with choices in brackets: type its number, then pick (or 3.2)[/dim]",
                width,
                0,
                4,
            )
        for n, entry in enumerate(self.shown.entries, start=1):
            label = escape(entry.label)
            if entry.members:
                label += f" [dim]({escape(_members_text(entry.members))})[/dim]"
            elif self.show_ids:
                label += f" [dim]{escape(self.shown.options[entry.indexes[0]].id)}[/dim]"
            out += wrap(f"  [cyan]{n:>2}[/cyan]. {label}", width, 0, 6)
            cid = entry.card
            if texts and cid is not None and self.screen is not None:
                text = self.screen.card(view, cid) if known_card(view, cid) else None
                if text is not None and text not in said:  # each card's text once
                    said.add(text)
                    text = _without_name(text, entry.label)
                    lines = wrap(f"[dim]{text}[/dim]", width, 6, 6)
                    if texts == 1 and len(lines) > 1:
                        lines = [_cut(lines[0], width)]
                    out += lines
        return out

    def show(self, view: State) -> None:
        """The board and the question, fitted to the terminal."""
        decision = self.state.decision
        assert decision is not None
        self.shown = Shown(entries(self.screen, view, decision.options), decision.options)
        self.completions.options = {o.id: o.label for o in decision.options}
        self.completions.cards = lambda: self._card_names(view)
        self.completions.rules = lambda: [r.id for r in self.game.rules]
        width, height = screen_size(self.out)
        self.out.rule(style="dim")
        if self.screen is None:
            self.out.print(self.game.render(view, self.seat))
            self._print(self.question_lines(view, width, 0))
            return
        board = self.screen.board(view, self.seat)
        named = frozenset(e.card for e in self.shown.entries if e.card is not None)
        if height is None:
            self._print(fit_board(board, width, None, named).lines)
            self._print(self.question_lines(view, width, 2))
            return
        room = height - 2  # the rule above and the prompt below
        smallest = folded_height(board, width)
        question: list[Text] = []
        for texts in (2, 1, 0):
            question = self.question_lines(view, width, texts)
            if len(question) + min(smallest, room // 2) <= room:
                break
        plain = named if texts == 2 else frozenset()
        fitted = fit_board(board, width, max(room - len(question), 0), plain)
        self._print(fitted.lines)
        self._print(question)

    def show_question(self, view: State) -> None:
        width, height = screen_size(self.out)
        question = self.question_lines(view, width, 2)
        if height is not None and len(question) > height - 1:
            question = self.question_lines(view, width, 0)
        self._print(question)

    def _card_names(self, view: State) -> list[str]:
        names = {self.game.card_name(view, c) for c in view.cards if known_card(view, c)}
        if self.screen is not None:
            names |= set(self.screen.definitions(view))
        return sorted(names)


_NAME = re.compile(r"^\[bold\](?P<name>.+?)\[/bold\] ")


def _without_name(text: str, label: str) -> str:
    """A card's whole text without its name when the option's label already says it."""
    found = _NAME.match(text)
    if found and Text.from_markup(found["name"]).plain in label:
        return text[found.end() :]
    return text


def _cut(line: Text, width: int) -> Text:
    """A line that ends in "…", cut at a space so that no word is broken."""
    plain = line.plain
    if len(plain) + 2 <= width:
        return line + Text(" …")
    cut = plain.rfind(" ", 0, width - 2)
    return line[: max(cut, 1)] + Text(" …")
