"""Laying text out for a terminal of a given size: every line wrapped at spaces (never inside a
word), a board folded until it fits the lines left (``games/screen.py``: a block drops its own
words, then its cards' texts, then runs its cards together on one paragraph), and a question
whose options fit, grouped when the list is long."""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from cardwright.games.screen import Block, Board

#: a block's levels of detail: 3 everything, 2 without its own words, 1 names and numbers only,
#: 0 its lines run together after the title
FULL, NO_ABOUT, SHORT, RUN = 3, 2, 1, 0


def wrap(markup: str, width: int, indent: int = 0, hang: int | None = None) -> list[Text]:
    """``markup`` as lines of at most ``width`` cells, broken at spaces: the first line
    indented ``indent`` cells, the others ``hang`` (``indent + 2`` by default). A word longer
    than a whole line is the only thing ever cut."""
    hang = indent + 2 if hang is None else hang
    text = Text.from_markup(markup)
    text.expand_tabs()
    out: list[Text] = []
    for paragraph in text.split("\n"):
        first, rest = width - indent, width - hang
        if first < 10 or rest < 10:  # too narrow to indent: wrap at the edge
            indent = hang = 0
            first = rest = max(width, 1)
        lines = _wrap_one(paragraph, first, rest)
        for i, line in enumerate(lines):
            pad = indent if i == 0 else hang
            out.append(Text(" " * pad) + line if pad else line)
    return out


def _wrap_one(text: Text, first: int, rest: int) -> list[Text]:
    """Greedy word wrap of one paragraph: the first line ``first`` wide, the others ``rest``."""
    plain = text.plain.rstrip()
    if not plain:
        return [Text("")]
    lines: list[Text] = []
    start, width = 0, first
    n = len(plain)
    while start < n:
        while start < n and plain[start] == " " and lines:
            start += 1  # a continuation line starts at a word
        if start >= n:
            break
        end = start + width
        if end >= n:
            lines.append(text[start:n])
            break
        cut = plain.rfind(" ", start, end + 1)
        if cut <= start:  # one word wider than the line: the only cut inside a word
            cut = end
        part = text[start:cut]
        part.rstrip()  # in place
        lines.append(part)
        start, width = cut, rest
    return lines


def height(lines: list[str], width: int) -> int:
    return sum(len(wrap(line, width)) for line in lines)


# ---------------------------------------------------------------------------------- the board
def block_lines(block: Block, level: int, width: int, plain_cards: frozenset[int]) -> list[Text]:
    """One block at a level of detail; the cards in ``plain_cards`` (shown in full elsewhere,
    with the options) without their text."""
    out = wrap(block.title, width)
    if level == RUN:
        if block.lines:
            joined = "; ".join(line.short for line in block.lines)
            out += wrap(joined, width, 3, 5)
        return out
    if level == FULL and block.about and block.card not in plain_cards:
        out += wrap(block.about, width, 3, 3)
    for line in block.lines:
        shown = line.short if level == SHORT or line.card in plain_cards else line.full()
        out += wrap(shown, width, 3, 5)
    return out


@dataclass
class Fitted:
    """A board laid out: its lines, and whether some of its detail was left out."""

    lines: list[Text]
    folded: bool = False  # some detail was left out (``b`` shows it all)


def fit_board(
    board: Board, width: int, budget: int | None, plain_cards: frozenset[int] = frozenset()
) -> Fitted:
    """The board in at most ``budget`` lines (None: no limit), each block as detailed as room
    allows: the blocks kept longest (``keep``) fold last; when even every block run together
    does not fit, the lowest blocks are cut and the last line says so."""
    blocks = board.blocks
    levels = [FULL] * len(blocks)
    status = wrap(board.status, width) if board.status else []

    def render() -> list[list[Text]]:
        return [
            block_lines(b, lv, width, plain_cards) for b, lv in zip(blocks, levels, strict=True)
        ]

    parts = render()
    total = sum(map(len, parts)) + len(status)
    folded = False
    while budget is not None and total > budget:
        candidates = [i for i, lv in enumerate(levels) if lv > RUN]
        if not candidates:
            break
        # fold the block kept least; among those, the tallest
        i = min(candidates, key=lambda i: (blocks[i].keep, -len(parts[i])))
        levels[i] -= 1
        if levels[i] == NO_ABOUT and not blocks[i].about:
            levels[i] = SHORT
        parts[i] = block_lines(blocks[i], levels[i], width, plain_cards)
        total = sum(map(len, parts)) + len(status)
        folded = True
    # still too tall: the blocks kept least keep only their titles
    for i in sorted(range(len(blocks)), key=lambda i: blocks[i].keep):
        if budget is None or total <= budget:
            break
        title = wrap(blocks[i].title, width)
        if len(parts[i]) > len(title):
            total -= len(parts[i]) - len(title)
            parts[i] = title
            folded = True
    lines = [line for part in parts for line in part] + status
    if budget is not None and len(lines) > budget:
        keep = max(budget - 1, 0)
        cut = len(lines) - keep
        lines = lines[:keep] + (
            [Text(f"… {cut} more lines: 'b' shows the whole board", style="dim")] if budget else []
        )
        folded = True
    return Fitted(lines, folded)


def folded_height(board: Board, width: int) -> int:
    """The lines of the board with every block run together (the least it can take)."""
    status = len(wrap(board.status, width)) if board.status else 0
    return status + sum(len(block_lines(b, RUN, width, frozenset())) for b in board.blocks)


#: the width laid out for when the output is not a terminal: whole lines, never wrapped (a
#: script reads them, and a path in a message stays whole)
UNWRAPPED = 1 << 30


def screen_size(console: Console) -> tuple[int, int | None]:
    """(width, height) to lay out for: one column less than the terminal's (a line that
    reached the last column would make some terminals wrap it), or whole lines and no height
    limit when the output is not a terminal."""
    if console.is_terminal:
        size = console.size
        return max(size.width - 1, 20), max(size.height, 8)
    return UNWRAPPED, None


def say(console: Console, markup: str, indent: int = 0, hang: int = 2) -> None:
    """Print ``markup`` wrapped at spaces for the terminal's width, or as whole lines when the
    output is not a terminal (see :func:`screen_size`)."""
    width, _ = screen_size(console)
    for line in wrap(markup, width, indent, hang):
        console.print(line, soft_wrap=True, overflow="ignore", crop=False)
