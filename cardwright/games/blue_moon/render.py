"""A seat's view of a Blue Moon game for people (``games/screen.py``): each side's dragons,
piles and power, its combat and support cards, the seat's hand with the characters that
cannot meet the opponent's power marked, and each card's whole text in the game's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import LogEvent, known_card
from cardwright.games.screen import Block, Board, Line, Screen

from .carddata import icon_words
from .play import grant_left
from .state import BMState

if TYPE_CHECKING:
    from .cards import CardDef
    from .game import BlueMoon
    from .inforce import InForce


def short_characters(game: BlueMoon, view: BMState, eff: InForce, seat: int) -> dict[int, int]:
    """The characters in ``seat``'s hand that cannot meet the opponent's power when it is
    ``seat``'s turn to play one: each with the most it would reach (its value, the seat's
    support cards, which stay active, and the best single booster or support in hand, with
    every FREE, PAIR or GANG character besides). Nothing is marked when a shield or a power's
    floor lets the seat continue with less: a shield of the contested element in play, on
    the character itself, or on a card in hand that may be played after it (a booster or
    support, or a FREE, PAIR or GANG character). After a STOP character only what a card's
    text allows may follow, so nothing from the hand is counted for it then."""
    element = view.element
    if not (element and view.fight_started and view.active == seat and not view.turn_info.chars):
        return {}
    if eff.floors or game.has_shield(view, seat, element, eff):
        return {}
    need = game.total_power(view, 1 - seat, eff=eff)
    shield = f"{element}_shield"
    hand = [c for c in view.zones[f"hand:{seat}"] if known_card(view, c) is not None]
    kind = {c: game.defn(view, c).type for c in hand}
    icons = {c: eff.icons(c) for c in hand}
    value = {c: eff.value(c, element) for c in hand}
    support = sum(eff.value(c, element) for c in view.zones[f"support:{seat}"])
    extras = [c for c in hand if kind[c] in ("booster", "support")]
    best_extra = max((value[c] for c in extras), default=0)
    joiners = [c for c in hand if kind[c] == "character" and icons[c] & {"free", "pair", "gang"}]
    granted = bool(grant_left(game, view, eff, seat, ("booster", "support", "either")))
    out = {}
    for cid in hand:
        if kind[cid] != "character" or shield in icons[cid]:
            continue
        followers = [c for c in joiners if c != cid]
        if "stop" in icons[cid] and not granted:
            most = value[cid] + support
        else:
            if any(shield in icons[c] for c in (*extras, *followers)):
                continue
            most = value[cid] + support + best_extra + sum(value[c] for c in followers)
        if most < need:
            out[cid] = most
    return out


def _stats(d: CardDef) -> str:
    values = "" if d.type in ("leadership", "leader") else f", {d.fire} fire/{d.earth} earth"
    icons = icon_words(d.icons, d.gang)
    return f"{d.type}{values}" + (f"; {icons}" if icons else "")


class BlueMoonScreen(Screen["BlueMoon", BMState]):
    @property
    def bm(self) -> BlueMoon:
        return self.game

    def definitions(self, view: BMState) -> dict[str, str]:
        from .cards import all_defs

        return {d.name: self.face(view.config, key).line() for key, d in all_defs().items()}

    def headline(self, event: LogEvent, seat: int) -> str | None:
        """Another player's backtracked turn (friendly backtracking, ruling R4), said plainly."""
        if event.kind != "backtrack" or event.seat == seat or event.seat < 0:
            return None
        return f"The AI took back its turn: {event.text}"

    def board(self, view: BMState, seat: int) -> Board:
        from .inforce import InForce

        g, v = self.bm, view
        eff = InForce(g, v)
        blocks = []
        order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
        for p in order:
            who = "You" if p == seat else v.names[p]
            power = f"  power {g.total_power(v, p, eff=eff)} {v.element}" if v.element else ""
            title = (
                f"[bold underline]{escape(who)}[/bold underline] ({escape(v.names[p])}, "
                f"{escape(v.peoples[p])}): dragons {v.dragons[p]}  "
                f"deck {len(v.zones[f'deck:{p}'])}  hand {len(v.zones[f'hand:{p}'])}  "
                f"discard {len(v.zones[f'discard:{p}'])}  "
                f"leadership pile {len(v.zones[f'leadership:{p}'])}{power}"
            )
            lines = [
                self._line(v, eff, cid, "combat", cid in v.covered)
                for cid in v.zones[f"combat:{p}"]
            ]
            lines += [self._line(v, eff, cid, "support") for cid in v.zones[f"support:{p}"]]
            blocks.append(Block(title, lines, keep=1))
            if p == seat:
                short = short_characters(g, v, eff, seat)
                hand = []
                for cid in v.zones[f"hand:{p}"]:
                    line = self._line(v, eff, cid, "")
                    if cid in short:
                        line.short += f" [red](short: at most {short[cid]})[/red]"
                    hand.append(line)
                blocks.append(Block("[bold]Your hand[/bold]", hand, keep=3))
        fight = (
            f"fight {v.fights} in {v.element}"
            if v.element
            else f"fight {v.fights + 1} not yet opened"
        )
        status = (
            f"[dim]Turn {v.turn}, {escape(v.names[v.active])}'s {v.phase} phase; {fight}; "
            f"start player {escape(v.names[v.start_player])}; "
            f"neutral dragons {3 - sum(v.dragons)}[/dim]"
        )
        return Board(blocks, status)

    def _line(self, v: BMState, eff: InForce, cid: int, where: str, covered: bool = False) -> Line:
        if known_card(v, cid) is None:
            return Line(
                f"{where}: [dim]a face-down card[/dim]" if where else "[dim]a face-down card[/dim]"
            )
        d = self.bm.defn(v, cid)
        values = (
            ""
            if d.type in ("leadership", "leader")
            else f" [red]{d.fire}[/red]/[green]{d.earth}[/green]"
        )
        icons = icon_words(d.icons, d.gang)
        flags = " [dim](covered)[/dim]" if covered else ""
        if eff.flags(cid)[0]:
            flags += " [yellow](ignored)[/yellow]"
        short = (
            (f"{where}: " if where else "")
            + f"[bold]{escape(d.name)}[/bold] [dim]{d.type}[/dim]{values}"
            + (f" [magenta]{escape(icons)}[/magenta]" if icons else "")
            + flags
        )
        return Line(short, f"[cyan]{escape(d.text)}[/cyan]" if d.text else "", cid)


def render(game: BlueMoon, view: BMState, seat: int) -> str:
    """The whole board as text (``game.render``)."""
    return BlueMoonScreen(game).board(view, seat).text()
