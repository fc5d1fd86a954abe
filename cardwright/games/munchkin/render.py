"""A Munchkin view as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from . import board
from .state import MKState

if TYPE_CHECKING:
    from .game import Munchkin


def _card(g: Munchkin, s: MKState, cid: int) -> str:
    if cid < 0 or cid not in s.cards:
        return "?"
    d = g.defn(s, cid)
    text = d.name
    if d.is_item and d.bonus:
        text += f" +{d.bonus}"
    if d.kind == "monster":
        text += f" (L{d.level}, {d.treasures}T)"
    return escape(text)


def render(g: Munchkin, s: MKState, seat: int) -> str:
    lines = [f"[bold]Turn {s.turn}[/bold]: {escape(s.names[s.active])} ({s.phase})"]
    for x, name in enumerate(s.names):
        flag = " [red](dead)[/red]" if s.dead[x] else ""
        me = " [cyan](you)[/cyan]" if x == seat else ""
        items = []
        for c in s.zones[f"play:{x}"]:
            mark = "" if c in s.equipped or not g.defn(s, c).is_item else " (carried)"
            items.append(_card(g, s, c) + mark)
        hand = board.hand(s, x)
        lines.append(
            f"  {escape(name)}{me}{flag}: Level {s.level[x]}, {s.sex[x]}, "
            f"{len(hand)} card(s) in hand; in play: {', '.join(items) or 'nothing'}"
        )
    combat = s.combat
    if combat is not None:
        mons = ", ".join(f"{_card(g, s, m)} = {g.monster_strength(s, m)}" for m in combat.monsters)
        side = escape(s.names[combat.fighter])
        if combat.helper >= 0:
            side += f" + {escape(s.names[combat.helper])}"
        lines.append(f"  [bold]Fight[/bold]: {side} ({g.party_strength(s)}) against {mons}")
    mine = [_card(g, s, c) for c in board.hand(s, seat)]
    lines.append(f"  Your hand: {', '.join(mine) or 'empty'}")
    top = s.zones["door_discard"][-1:] + s.zones["treasure_discard"][-1:]
    lines.append(
        f"  Decks: Door {len(s.zones['door_deck'])}, Treasure {len(s.zones['treasure_deck'])};"
        f" discards on top: {', '.join(_card(g, s, c) for c in top) or 'none'}"
    )
    return "\n".join(lines)
