"""What a client that shows a game to a person (the terminal's ``cardwright play``) asks of
the game, beyond the public protocol.

A game names a :class:`Screen` subclass in its registry entry (``GameEntry.screen``). Every
method reads the seat's **view** (``game.view(state, seat)``), never the state, so nothing
here can show what the seat may not know. Text is rich markup in the game's own words (card
names, numbers, the words its rulebook uses); no internal tag (``play_on_minion``,
``fire_shield``) reaches the screen.

* :meth:`Screen.board` lays the view out as :class:`Block` s of :class:`Line` s. Each line has
  a short form (a name and its numbers) and the card's words, shown after it when there is
  room; the client folds a board to fit its screen (``cardwright/terminal/layout.py``), and
  ``game.render(view, seat)`` is the board unfolded (:meth:`Board.text`).
* :meth:`Screen.card` is the whole text of a card the seat can see; :meth:`Screen.lookup` finds
  any card of the game by name (card definitions are public: ``cardwright cards`` lists them).
  A card's text has one source per game, its :class:`CardFace` (the registry's ``card_face``
  tool, which the browser shows too): the terminal prints :meth:`CardFace.line`.
* :meth:`Screen.notes` says what a decision needs besides its options: a running total (the
  Items picked to sell), an action the rules forbid now with the rule that forbids it.
* :meth:`Screen.headline` makes an event stand out (the AI took back its turn).
* :meth:`Screen.group` puts a long list of options into groups (Varia's actions by card, then
  moment).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic

from rich.markup import escape

from cardwright.core.game import Game
from cardwright.core.state import LogEvent, Option, known_card
from cardwright.core.steps import G, S


@dataclass
class Line:
    """One thing on the board: ``short`` (markup: a name and its numbers) always shows;
    ``text`` (markup: the card's words) follows it when there is room. ``card``: the card the
    line shows, if any (the client then need not repeat its text elsewhere)."""

    short: str
    text: str = ""
    card: int | None = None

    def full(self) -> str:
        return f"{self.short}: {self.text}" if self.text else self.short


@dataclass
class Block:
    """A part of the board: a player, a base, the fight. ``title`` always shows (one line of
    numbers); ``about`` (the block's own words: a base's text) is the first detail a client
    leaves out for room, then the lines' texts, then the lines themselves are run together.
    ``keep``: how long the block keeps its detail when room is short (the seat's own hand
    keeps it longest)."""

    title: str
    lines: list[Line] = field(default_factory=list)
    about: str = ""
    keep: int = 0
    card: int | None = None  # the card the block is (a base), whose words ``about`` holds


@dataclass
class Board:
    """A seat's view laid out: the blocks, then ``status`` (one line: the turn, whose phase)."""

    blocks: list[Block]
    status: str = ""

    def text(self) -> str:
        """The whole board, every detail, one line per item (``game.render``)."""
        out: list[str] = []
        for block in self.blocks:
            out.append(block.title)
            if block.about:
                out.append(f"   {block.about}")
            out.extend(f"   {line.full()}" for line in block.lines)
        if self.status:
            out.append(self.status)
        return "\n".join(out)


@dataclass(frozen=True)
class CardFace:
    """A card as a game prints it, the one source of its text for every client: its name, its
    kind in the game's words, its words, and its printed numbers (label -> value, in order;
    an empty label shows the value alone). The browser gets :meth:`as_dict` (the registry's
    ``card_face`` tool, ``docs/server.md``), the terminal :meth:`line`."""

    name: str
    kind: str
    text: str
    numbers: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "text": self.text, "numbers": self.numbers}

    def line(self) -> str:
        """The card on one line (markup): ``Name (kind; numbers): words``."""
        numbers = ", ".join(f"{k} {v}" if k else str(v) for k, v in self.numbers.items())
        stats = "; ".join(part for part in (self.kind, numbers) if part)
        return card_line(self.name, stats, " ".join(self.text.split()))


@dataclass(frozen=True)
class Term:
    """A word the screen uses and what it means (``h`` lists them)."""

    word: str
    meaning: str


class Screen(Generic[G, S]):
    """A game's answers to a client; subclasses fill :meth:`board` and :meth:`definitions`,
    and may add notes, groups and headlines. A card's text is its face (the registry's
    ``card_face`` tool, :class:`CardFace`). Typed by its game and the game's state class, as
    a step is (``class BlueMoonScreen(Screen["BlueMoon", BMState])``)."""

    def __init__(self, game: G) -> None:
        from cardwright.games import GAMES

        self.game = game
        self._face = GAMES[game.id].tool("card_face")

    def board(self, view: S, seat: int) -> Board:
        raise NotImplementedError

    def card(self, view: S, card: int) -> str | None:
        """The whole text of ``card`` as the seat sees it (markup), None if it is hidden."""
        return None if known_card(view, card) is None else self.card_text(view, card)

    def card_text(self, view: S, card: int) -> str:
        """The whole text of a card the seat can see (markup): its face's line."""
        return self.face(view.config, view.cards[card].defn).line()

    def face(self, config: Any, defn: str) -> CardFace:
        """The face of the card ``defn`` in a game of ``config`` (the game's ``card_face``)."""
        return CardFace(**self._face(self.game, config, defn))

    def definitions(self, view: S) -> dict[str, str]:
        """Every card of this game a player may look up by name -> its whole text (markup):
        the cards of the sets, decks or peoples in play, as printed."""
        raise NotImplementedError

    def notes(self, view: S, seat: int) -> list[str]:
        """Lines (markup) the pending decision needs besides its options."""
        return []

    def group(self, view: S, option: Option) -> tuple[str, str] | None:
        """(the group's label, this option's label within it) for an option that belongs to
        a group, else None (the default: no groups). A client groups the options of a long list
        only (Varia's reaction step: "Plan Lava Wall" with "moment 1" ... "moment 5")."""
        return None

    def headline(self, event: LogEvent, seat: int) -> str | None:
        """Words that make a log event stand out for ``seat`` (another player took back
        their turn), or None for an event shown as it is."""
        return None

    # ------------------------------------------------------------------ shared by clients
    def lookup(self, view: S, words: str) -> list[tuple[str, str]]:
        """The cards named by ``words`` (case aside; a whole name first, then names that
        start with the words, then names that hold them): (name, whole text) pairs, the cards
        in sight first."""
        wanted = " ".join(words.lower().split())
        if not wanted:
            return []
        seen: dict[str, str] = {}
        for cid in sorted(view.cards):
            if known_card(view, cid) is None:
                continue
            text = self.card(view, cid)
            name = self.game.card_name(view, cid)
            if text is not None and name not in seen:
                seen[name] = text
        pool = {**seen, **{n: t for n, t in self.definitions(view).items() if n not in seen}}
        for test in (
            lambda n: n.lower() == wanted,
            lambda n: n.lower().startswith(wanted),
            lambda n: wanted in n.lower(),
        ):
            found = [(n, t) for n, t in pool.items() if test(n)]
            if found:
                return found
        return []


def card_line(name: str, stats: str, text: str) -> str:
    """A card's whole text on one line: ``Name (stats): text``, name in bold (escaped)."""
    head = f"[bold]{escape(name)}[/bold]" + (f" ({escape(stats)})" if stats else "")
    return f"{head}: {escape(text)}" if text else head


def screen_of(game: Game[Any]) -> Screen[Any, Any] | None:
    """The game's :class:`Screen` (None for a game without one)."""
    from cardwright.games import GAMES

    entry = GAMES.get(game.id)
    cls: Any = entry.tool("screen") if entry is not None else None
    return None if cls is None else cls(game)
