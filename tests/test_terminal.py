"""``cardwright play`` in a real terminal: each game is played in tmux at 80x24 and 160x50
for a number of decisions. Every screen must hold the pending question (its prompt and every
option's number) and no line may break inside a word; after the game the record is replayed
to know which question each screen should have shown. ``make test`` installs tmux."""

from __future__ import annotations

import itertools
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardwright.games import get_game
from cardwright.games.screen import screen_of
from cardwright.sim.records import load_record
from cardwright.terminal.session import entries

#: the games as played: each with the decisions answered in each size
PLAYED = {
    "bizarre-world": ("--seed", "4"),
    "blue-moon": ("--seed", "4"),
    "smash-up": ("--seed", "5", "--players", "3"),
    "varia": ("--seed", "4"),
    "munchkin": ("--seed", "4", "--players", "3"),
}
SIZES = ((80, 24), (160, 50))
DECISIONS = 8
#: the answers in turn: the first option, the second, or the last ($: "Done", "End your
#: turn"), so that a game moves on
ANSWERS = ("1", "1", "$", "1", "2", "$", "1", "1")


class Pane:
    """A program in a detached tmux session of a given size, on a socket of its own (the
    user's tmux and its configuration are never touched)."""

    def __init__(self, command: str, width: int, height: int) -> None:
        self.socket = f"cardwright-test-{os.getpid()}-{width}"
        self.tmux = ["tmux", "-L", self.socket, "-f", "/dev/null"]
        env = {**os.environ, "TERM": "xterm-256color"}
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        wrapped = f"{command}; echo EXITED $?; sleep 600"
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", "t", "-x", str(width), "-y", str(height),
             "sh", "-c", wrapped],
            check=True, env=env,
        )  # fmt: skip

    def lines(self, history: bool = False) -> list[str]:
        extra = ["-S", "-"] if history else []
        out = subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", "t", *extra],
            check=True, capture_output=True, text=True,
        )  # fmt: skip
        return out.stdout.rstrip("\n").split("\n")

    def send(self, text: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", "t", "-l", text], check=True)
        subprocess.run([*self.tmux, "send-keys", "-t", "t", "Enter"], check=True)

    def wait(self, done: object, what: str, timeout: float = 60) -> list[str]:
        """The screen once ``done(lines)`` holds."""
        end = time.monotonic() + timeout
        while True:
            lines = self.lines()
            if done(lines):  # type: ignore[operator]
                return lines
            if time.monotonic() > end:
                raise AssertionError(f"waited for {what}; the screen:\n" + "\n".join(lines))
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


@contextmanager
def pane(command: str, width: int, height: int) -> Iterator[Pane]:
    p = Pane(command, width, height)
    try:
        yield p
    finally:
        p.close()


def _last(lines: list[str]) -> str:
    filled = [ln for ln in lines if ln.strip()]
    return filled[-1] if filled else ""


def _asking(lines: list[str]) -> bool:
    last = _last(lines).rstrip()
    return last == ">" or last.endswith("(b: back)?")


def _this(lines: list[str]) -> list[str]:
    """The lines below the last rule: this question's screen."""
    rules = [i for i, ln in enumerate(lines) if ln.startswith("─")]
    return lines[rules[-1] :] if rules else lines


def broken_words(lines: list[str], width: int) -> list[str]:
    """Lines that run into the terminal's last column (the layout keeps one column free, so
    only an overflow reaches it) and go on in a word on the next line."""
    out = []
    for line, after in itertools.pairwise(lines):
        if len(line) >= width and set(line) != {"─"} and line[-1].isalnum() and after[:1].isalnum():
            out.append(f"{line!r} / {after!r}")
    return out


def _questions(save: Path) -> list[tuple[str, int]]:
    """(prompt, number of entries) of each question the person answered in the saved game."""
    record = load_record(save)
    seat = record.agents.index("human")
    game = get_game(record.game)
    screen = screen_of(game)
    state = game.new_state(record.config, record.seed)
    asked = []
    for who, choice in record.choices:
        decision = state.decision
        assert decision is not None
        if who == seat:
            view = game.view(state, seat)
            asked.append((decision.prompt, len(entries(screen, view, decision.options))))
        game.apply(state, choice, who)
    return asked


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("game", list(PLAYED))
def test_each_game_fits_the_terminal(game: str, tmp_path: Path) -> None:
    assert shutil.which("tmux"), "the terminal test needs tmux: make tmux installs it"
    for width, height in SIZES:
        save = tmp_path / f"{game}-{width}.json"
        args = ["play", game, *PLAYED[game], "--save", str(save)]
        command = shlex.join([sys.executable, "-m", "cardwright.cli", *args])
        with pane(command, width, height) as p:
            screens: list[list[str]] = []
            lines = p.wait(_asking, "the first question")
            answered = 0
            while answered < DECISIONS:
                before = lines
                if _last(lines).rstrip().endswith("(b: back)?"):  # a group: pick its first
                    p.send("1")
                else:
                    screens.append(lines)
                    numbers = [ln.split(".")[0].strip() for ln in _this(lines) if ". " in ln]
                    count = max((int(n) for n in numbers if n.isdigit()), default=1)
                    answer = ANSWERS[answered]
                    p.send(str(count) if answer == "$" else str(min(int(answer), count)))
                    answered += 1
                lines = p.wait(lambda ls, b=before: ls != b and _asking(ls), "the next question")
            p.send("q")
            p.wait(lambda ls: any(ln.startswith("EXITED") for ln in ls), "the end")
            history = p.lines(history=True)
        assert any(ln.startswith("EXITED 0") for ln in history), "\n".join(history[-20:])
        assert not broken_words(history, width), broken_words(history, width)
        assert "Traceback" not in "\n".join(history)
        asked = _questions(save)
        assert len(asked) == len(screens) == DECISIONS, "\n".join(history)
        for lines, (prompt, count) in zip(screens, asked, strict=True):
            shown = _words(" ".join(lines))
            assert _words(prompt) in shown, f"{prompt!r} is not on the screen:\n" + "\n".join(lines)
            starts = {ln.split(".")[0].strip() for ln in _this(lines) if ". " in ln}
            missing = [n for n in range(1, count + 1) if str(n) not in starts]
            assert not missing, f"options {missing} are off the screen:\n" + "\n".join(lines)
            assert len(lines) <= height
