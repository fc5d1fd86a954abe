"""A seat's view of a Munchkin game for people (``games/screen.py``): each player's Level and
cards in play, the fight, the seat's hand, each card's whole text (a monster's "will not chase
anyone of Level 3 or lower" where the fight needs it), and the running total of a sale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import known_card
from cardwright.games.screen import Block, Board, Line, Screen

from . import board
from .state import MKState

if TYPE_CHECKING:
    from .game import Munchkin

#: each kind of card as the rules name it
KIND_WORDS = {
    "enhancer": "monster enhancer",
    "half_breed": "Half-Breed",
    "super_munchkin": "Super Munchkin",
    "oneshot": "one-shot",
    "level": "Go Up a Level",
    "door": "Door card",
    "treasure": "Treasure card",
}


def _short(g: Munchkin, s: MKState, cid: int) -> str:
    if known_card(s, cid) is None:
        return "a face-down card"
    d = g.defn(s, cid)
    text = d.name
    if d.is_item and d.bonus:
        text += f" +{d.bonus}"
    if d.kind == "monster":
        text += f" (L{d.level}, {d.treasures}T)"
    return escape(text)


class MunchkinScreen(Screen["Munchkin", MKState]):
    @property
    def mk(self) -> Munchkin:
        return self.game

    def definitions(self, view: MKState) -> dict[str, str]:
        cards = self.mk.card_defs[view.config["card_set"]]
        return {d.name: self.face(view.config, key).line() for key, d in cards.items()}

    def board(self, view: MKState, seat: int) -> Board:
        g, s = self.mk, view
        blocks = []
        for x, name in enumerate(s.names):
            flag = " [red](dead)[/red]" if s.dead[x] else ""
            me = " [cyan](you)[/cyan]" if x == seat else ""
            title = (
                f"[bold]{escape(name)}[/bold]{me}{flag}: Level {s.level[x]}, {s.sex[x]}, "
                f"{len(board.hand(s, x))} card(s) in hand"
            )
            lines = []
            for c in s.zones[f"play:{x}"]:
                mark = "" if c in s.equipped or not g.defn(s, c).is_item else " (carried)"
                lines.append(Line(_short(g, s, c) + mark, self._words(s, c), c))
            blocks.append(Block(title, lines or [Line("nothing in play")], keep=1))
        combat = s.combat
        if combat is not None:
            side = escape(s.names[combat.fighter])
            if combat.helper >= 0:
                side += f" + {escape(s.names[combat.helper])}"
            mons = ", ".join(
                f"{_short(g, s, m)} = {g.monster_strength(s, m)}" for m in combat.monsters
            )
            title = f"[bold]Fight[/bold]: {side} ({g.party_strength(s)}) against {mons}"
            lines = [Line(_short(g, s, m), self._words(s, m), m) for m in combat.monsters]
            blocks.append(Block(title, lines, keep=4))
        if 0 <= seat < len(s.names):
            hand = [Line(_short(g, s, c), self._words(s, c), c) for c in board.hand(s, seat)]
            blocks.append(Block("[bold]Your hand[/bold]", hand or [Line("empty")], keep=3))
        top = s.zones["door_discard"][-1:] + s.zones["treasure_discard"][-1:]
        status = (
            f"[dim]Turn {s.turn}: {escape(s.names[s.active])} ({s.phase}). "
            f"Decks: Door {len(s.zones['door_deck'])}, Treasure {len(s.zones['treasure_deck'])}; "
            f"discards on top: {', '.join(_short(g, s, c) for c in top) or 'none'}[/dim]"
        )
        return Board(blocks, status)

    def _words(self, s: MKState, cid: int) -> str:
        if known_card(s, cid) is None:
            return ""
        d = self.mk.defn(s, cid)
        return f"[green]{escape(d.text)}[/green]" if d.text else ""

    def notes(self, view: MKState, seat: int) -> list[str]:
        """Selling: the Items picked so far, their total and what it buys; the sale itself is
        an option only once the total makes a level (001 Selling Items for Levels)."""
        from .market import sale_of

        g, s = self.mk, view
        sale = sale_of(g, s, seat)
        if sale is None:
            return []
        if sale.picked:
            names = ", ".join(f"{g.card_name(s, c)} ({gold:,})" for c, gold in sale.picked)
            lines = [f"Picked to sell: {escape(names)}: [bold]{sale.total:,} Gold Pieces[/bold]"]
        else:
            lines = ["Picked to sell: nothing yet ([bold]0 Gold Pieces[/bold])"]
        if sale.levels:
            lost = f"; the other {sale.lost:,} are lost (no change)" if sale.lost else ""
            lines.append(f"That is {sale.levels} level(s){lost}.")
        elif sale.need is not None:
            lines.append(
                f"[yellow]Sell them[/yellow] comes once the Items picked make a level: "
                f"{sale.need:,} more Gold Pieces (mk.play.sell)"
            )
        return lines


def render(g: Munchkin, s: MKState, seat: int) -> str:
    """The whole board as text (``game.render``)."""
    return MunchkinScreen(g).board(s, seat).text()
