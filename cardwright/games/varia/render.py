"""A seat's view of a Varia game for people (``games/screen.py``): each player's health, AP,
stacks and items, the timeline and the queues, the seat's hand, each card's whole text (an
item's own rules and its action's), and the long planning lists grouped by card, then moment."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import Option, known_card
from cardwright.games.screen import Block, Board, Line, Screen

from . import actions
from .state import VariaState

if TYPE_CHECKING:
    from .cards import CardDef
    from .game import Varia

_IN_MOMENT = re.compile(r"^(?P<what>.+) in moment (?P<m>\d+)$")
_COMBINE = re.compile(r"^Combine (?P<card>.+) with (?P<other>.+) \(moment (?P<m>\d+)\)$")
_REPLACE = re.compile(r"^Replace (?P<other>.+) with (?P<card>.+) \(moment (?P<m>\d+)\)$")


def _stats(d: CardDef) -> str:
    face = actions.combine([d])
    dice = (
        f"{actions.notation(face.power, face.power_dice, 6)} power"
        f" | {actions.notation(face.focus, face.focus_dice, 4)} focus"
    )
    words = ", ".join(k.capitalize() for k in sorted(d.keywords))
    cost = f"{d.cost} AP" + (f" and {d.health_cost} health" if d.health_cost else "")
    return f"{cost}, {dice}; {d.type_line}" + (f"; {words}" if words else "")


def _stacks(g: Varia, v: VariaState, seat: int) -> str:
    parts = [
        f"{g.card_name(v, c)} x{v.cards[c].counters.get('n', 0)}" for c in v.zones[f"stacks:{seat}"]
    ]
    return ", ".join(parts) or "none"


class VariaScreen(Screen["Varia", VariaState]):
    @property
    def va(self) -> Varia:
        return self.game

    def definitions(self, view: VariaState) -> dict[str, str]:
        return {d.name: self.face(view.config, key).line() for key, d in self.va.defs.items()}

    def group(self, view: VariaState, option: Option) -> tuple[str, str] | None:
        """By card, then moment: ``Lava Wall`` with ``moment 1: plan`` ..., ``moment 1:
        combine with Second Wind``, ``moment 2: replace Cleave``."""
        found = _IN_MOMENT.match(option.label)
        if found and option.card is not None:
            verb = found["what"].split(" ", 1)[0].lower()  # plan, or use (an item)
            return self.game.card_name(view, option.card), f"moment {found['m']}: {verb}"
        found = _COMBINE.match(option.label)
        if found:
            return found["card"], f"moment {found['m']}: combine with {found['other']}"
        found = _REPLACE.match(option.label)
        if found:
            return found["card"], f"moment {found['m']}: replace {found['other']}"
        return None

    def board(self, view: VariaState, seat: int) -> Board:
        g, v = self.va, view
        blocks = []
        for s in (0, 1):
            you = " (you)" if s == seat else ""
            title = (
                f"[bold]{escape(v.names[s])}{you}[/bold]: {v.health[s]} health, {v.ap[s]} AP; "
                f"deck {len(v.zones[f'deck:{s}'])}, hand {len(v.zones[f'hand:{s}'])}, "
                f"discard {len(v.zones[f'discard:{s}'])}, "
                f"forgotten {len(v.zones[f'forgotten:{s}'])}"
            )
            lines = [Line(f"stacks: {escape(_stacks(g, v, s))}")]
            for c in v.zones[f"item:{s}"]:
                ruined = " (ruined)" if v.cards[c].exhausted else ""
                d = g.defn(v, c)
                lines.append(
                    Line(f"item: [bold]{escape(d.name)}[/bold]{ruined}", self._words(d), c)
                )
            seen = [c for c in v.zones[f"discard:{s}"] if known_card(v, c) is not None]
            if seen:
                shown = []
                for c in seen:
                    # as this seat sees it (Eyes of the Goddess: 003 Becomes & Treated)
                    extra = g.card_attr_as(v, c, "types", seat) - g.defn(v, c).types
                    more = f" (to you also {' '.join(sorted(extra))})" if extra else ""
                    shown.append(g.card_name(v, c) + more)
                lines.append(Line(f"discard pile: {escape(', '.join(shown))}"))
            if v.queue[s]:
                names = ", ".join(actions.printed(v, sl).name for sl in v.queue[s])
                lines.append(Line(f"queue: {escape(names)}"))
            blocks.append(Block(title, lines, keep=1))
        if v.timeline:
            moments = []
            for m, moment in enumerate(v.timeline):
                real = "" if m < v.moments else " (beyond the last moment)"
                cells = []
                for s in (0, 1):
                    slot = moment.slots[s]
                    if slot is None:
                        cells.append("-")
                        continue
                    face = actions.printed(v, slot)
                    flags = " [disrupted]" if slot.disrupted else ""
                    cells.append(
                        f"{face.name} ({face.cost} AP, "
                        f"{actions.notation(face.power, face.power_dice, 6)}"
                        f" | {actions.notation(face.focus, face.focus_dice, 4)}){flags}"
                    )
                moments.append(Line(f"moment {m + 1}{real}: " + escape("  vs  ".join(cells))))
            blocks.append(Block("[bold]Timeline[/bold]", moments, keep=4))
        hand = v.zones[f"hand:{seat}"] if seat in (0, 1) else []
        if hand:
            lines = []
            for c in hand:
                d = g.defn(v, c)
                lines.append(
                    Line(f"[bold]{escape(d.name)}[/bold] ({escape(_stats(d))})", self._words(d), c)
                )
            blocks.append(Block("[bold]Your hand[/bold]", lines, keep=3))
        engaged = "engaged" if v.engaged else "disengaged"
        status = (
            f"[dim]Turn {v.turn}, {escape(v.names[v.active])} active; "
            f"the players are {engaged}[/dim]"
        )
        return Board(blocks, status)

    def _words(self, d: CardDef) -> str:
        if d.kind == "item":
            return self._item_words(d)
        return f"[green]{escape(d.text)}[/green]" if d.text else ""

    def _item_words(self, d: CardDef) -> str:
        parts = [escape(d.item_text)] if d.item_text else []
        if d.usable:
            action = f"its action: {_stats(d)}" + (f": {d.text}" if d.text else "")
            parts.append(f"[green]{escape(action)}[/green]")
        return "; ".join(parts)


def render(game: Varia, view: VariaState, seat: int) -> str:
    """The whole board as text (``game.render``)."""
    return VariaScreen(game).board(view, seat).text()
