"""A seat's view of a Bizarre World game for people (``games/screen.py``): each player's life,
resources and cards, the seat's hand, each card's whole text, and the rule that keeps an
attack off the options on the first turn."""

from __future__ import annotations

from rich.markup import escape

from cardwright.core.errors import DataError
from cardwright.core.state import known_card
from cardwright.games.screen import Block, Board, Line, Screen, card_line

from .game import BizarreWorld
from .generator import CardDef, card_def
from .state import BWState


def card_words(d: CardDef) -> str:
    """What a card does (markup): its action's cost and effect, its passive, what it makes."""
    words = f"[cyan]{escape(d.of.text)}[/cyan] -> [green]{escape(d.noun.text)}[/green]"
    if d.adjective.passive != "none":
        words += f" [magenta]{escape(d.adjective.text)}[/magenta]"
    return words + f" Makes {d.of.amount} {d.of.produces}."


def _resources(view: BWState, seat: int) -> str:
    """A seat's neutral resources and how many are ready. An exhausted resource is turned
    sideways, which the opponent sees of face-down ones too: the view keeps it on their
    placeholders (``core/views.py``)."""
    ids = view.zones[f"resources:{seat}"]
    ready = sum(1 for c in ids if not view.cards[c].exhausted)
    hidden = sum(1 for c in ids if c < 0)
    text = f"{ready}/{len(ids)} ready"
    if not hidden:
        return text
    return text + (" (face down)" if hidden == len(ids) else f" ({hidden} face down)")


class BizarreWorldScreen(Screen[BizarreWorld, BWState]):
    def _def(self, view: BWState, cid: int) -> CardDef:
        return card_def(view.cards[cid].defn, view.config["ruleset"])

    def definitions(self, v: BWState) -> dict[str, str]:
        """The cards of the decks this seat knows (its own; the opponent's when decklists
        are open); ``lookup`` reads any other name as the generator makes it."""
        out: dict[str, str] = {}
        for deck in v.config.get("decks") or []:
            for cid in deck.get("cards", []) if isinstance(deck, dict) else []:
                face = self.face(v.config, cid)
                out.setdefault(face.name, face.line())
        return out

    def lookup(self, view: BWState, words: str) -> list[tuple[str, str]]:
        found = super().lookup(view, words)
        if found:
            return found
        try:  # any card the generator can make, "Name (cost)" or the name alone
            text = words.strip()
            face = self.face(view.config, text if text.endswith(")") else f"{text} (0)")
        except DataError:
            return []
        # a name alone has no cost: its words without the numbers
        shown = face.line() if text.endswith(")") else card_line(face.name, "", face.text)
        return [(face.name, shown)]

    def board(self, v: BWState, seat: int) -> Board:
        blocks = []
        order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
        for p in order:
            who = "You" if p == seat else v.names[p]
            title = (
                f"[bold underline]{escape(who)}[/bold underline] ({escape(v.names[p])}): "
                f"life [red]{v.life[p]}[/red]  deck {len(v.zones[f'deck:{p}'])}  "
                f"hand {len(v.zones[f'hand:{p}'])}  neutral resources "
                f"{_resources(v, p)}  discard "
                f"{len(v.zones[f'discard:{p}'])}  unspent attack {v.attack[p]}  "
                f"gray this turn {v.gray[p]}"
            )
            lines = [self._line(v, cid, "in play") for cid in v.zones[f"play:{p}"]]
            blocks.append(Block(title, lines, keep=1))
            if p == seat:
                hand = [self._line(v, cid, "") for cid in v.zones[f"hand:{p}"]]
                blocks.append(Block("[bold]Your hand[/bold]", hand, keep=3))
        status = f"[dim]Turn {v.turn}, {escape(v.names[v.active])}'s {v.phase} phase[/dim]"
        return Board(blocks, status)

    def _line(self, v: BWState, cid: int, where: str) -> Line:
        if known_card(v, cid) is None:
            return Line(
                f"{where}: [dim]a face-down card[/dim]" if where else "[dim]a face-down card[/dim]"
            )
        d = self._def(v, cid)
        flag = " [yellow](exhausted)[/yellow]" if v.cards[cid].exhausted else ""
        return Line(
            (f"{where}: " if where else "")
            + f"[bold]{escape(d.name)}[/bold] [dim]cost {d.cost}[/dim]{flag}",
            card_words(d),
            cid,
        )

    def notes(self, v: BWState, seat: int) -> list[str]:
        """An attack the rules keep off the options: the first turn of the game."""
        decision = v.decision
        if decision is None or decision.kind != "main" or decision.seat != seat:
            return []
        if v.attack[seat] > 0 and v.turn <= 1:
            return [
                f"[yellow]No attack this turn[/yellow]: nobody may declare an attack on the "
                f"first turn of the game (bw.attack.first_turn); your {v.attack[seat]} attack "
                "is lost when the turn ends"
            ]
        return []
