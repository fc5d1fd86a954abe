"""A seat's view of a Smash Up game for people (``games/screen.py``): the scores, each base with
the cards on it, the seat's hand, and each card's whole text in the game's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import CardRef, known_card
from cardwright.games.screen import Block, Board, Line, Screen

from .burying import zones_at
from .state import SUState

if TYPE_CHECKING:
    from .cardmodels import CardDef
    from .game import SmashUp


def _faction(slug: str) -> str:
    return slug.replace("_", " ").title()


class SmashUpScreen(Screen["SmashUp", SUState]):
    def definitions(self, view: SUState) -> dict[str, str]:
        # every card of the card set, not only the factions this game loaded (c NAME looks
        # up any card)
        cat = self.game.whole_catalog(view.config["card_set"])
        out = {}
        for key in [*cat.cards, *cat.bases]:
            face = self.face(view.config, key)
            out[face.name] = face.line()
        return out

    def board(self, view: SUState, seat: int) -> Board:
        g, v = self.game, view
        names = v.names
        me = 0 <= seat < len(names)
        scores = ", ".join(
            f"{'[bold]' if p == seat else ''}{escape(n)} {v.vp[p]}{'[/bold]' if p == seat else ''}"
            for p, n in enumerate(names)
        )
        players = Block(
            f"[yellow]VP[/yellow]: {scores}",
            [
                Line(
                    f"{escape(n)}: deck {len(v.zones[f'deck:{p}'])}, hand "
                    f"{len(v.zones[f'hand:{p}'])}, discard {len(v.zones[f'discard:{p}'])}"
                )
                for p, n in enumerate(names)
            ],
        )
        blocks = [players]
        for bid in v.zones["bases"]:
            base = g.base_def(v, bid)
            powers = g.powers_at(v, bid)
            standing = ", ".join(f"{escape(names[p])} {n}" for p, n in sorted(powers.items()))
            title = (
                f"[bold underline]{escape(base.name)}[/bold underline] "
                f"{g.total_power(v, bid)}/{g.breakpoint(v, bid)} "
                f"[dim]VP {'/'.join(map(str, base.vp))}[/dim]"
                + (f"  {standing}" if standing else "")
            )
            lines = []
            for cid in v.zones[f"base:{bid}"]:
                lines.append(self._in_play(v, cid, bid))
            for zone in zones_at(v, bid):  # buried there: face down, known to the burier
                who = escape(names[int(zone.rsplit(":", 1)[1])])
                for cid in v.zones[zone]:
                    if known_card(v, cid) is None:
                        lines.append(Line(f"{who}: [dim]a buried card[/dim]"))
                    else:
                        d = g.defn(v, cid)
                        lines.append(Line(f"{who}: buried {escape(d.name)}", self._words(d), cid))
            about = f"[cyan]{escape(base.text)}[/cyan]"
            blocks.append(Block(title, lines, about=about, keep=1, card=bid))
        if me:
            hand = v.zones[f"hand:{seat}"]
            lines = []
            for cid in hand:
                d = g.defn(v, cid)
                stats = f"{d.power}" if d.type == "minion" else "action"
                lines.append(Line(f"[bold]{escape(d.name)}[/bold] ({stats})", self._words(d), cid))
            blocks.append(Block(f"[bold]Your hand[/bold] ({len(hand)})", lines, keep=3))
        left = ", ".join(a.kind + ("" if a.source is None else " (extra)") for a in v.allowances)
        status = (
            f"[dim]Turn {v.turn}, {escape(names[v.active])}'s {v.phase} phase"
            + (f"; plays left: {left}" if v.phase == "play" and left else "")
            + "[/dim]"
        )
        return Board(blocks, status)

    def _words(self, d: CardDef) -> str:
        return f"[green]{escape(d.text)}[/green]"

    def _in_play(self, v: SUState, cid: int, bid: int) -> Line:
        g, names = self.game, v.names
        card = v.cards[cid]
        who = escape(names[card.controller])
        if known_card(v, cid) is None:
            return Line(f"{who}: [dim]a face-down card[/dim]")
        d = g.defn(v, cid)
        if g.is_minion(v, cid):
            extra = f" +{card.counters['p1']} counters" if card.counters.get("p1") else ""
            short = (
                f"{who}: [bold]{escape(d.name)}[/bold] "
                f"[magenta]power {g.power(v, cid, bid)}[/magenta]{extra}"
            )
            return Line(short, self._words(d), cid)
        host = v.attached.get(CardRef(cid))
        on = "" if host == bid or host is None else f" on {escape(g.card_name(v, host))}"
        return Line(f"{who}: [bold]{escape(d.name)}[/bold] (action){on}", self._words(d), cid)


def render(game: SmashUp, view: SUState, seat: int) -> str:
    """The whole board as text (``game.render``)."""
    return SmashUpScreen(game).board(view, seat).text()
