"""A seat's view of a Varia game as text for the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import known_card

from . import actions
from .state import VariaState

if TYPE_CHECKING:
    from .game import Varia


def _stacks(g: Varia, v: VariaState, seat: int) -> str:
    parts = [
        f"{g.card_name(v, c)} x{v.cards[c].counters.get('n', 0)}" for c in v.zones[f"stacks:{seat}"]
    ]
    return ", ".join(parts) or "none"


def _items(g: Varia, v: VariaState, seat: int) -> str:
    parts = []
    for c in v.zones[f"item:{seat}"]:
        ruined = " (ruined)" if v.cards[c].exhausted else ""
        parts.append(g.card_name(v, c) + ruined)
    return ", ".join(parts) or "none"


def render(g: Varia, v: VariaState, seat: int) -> str:
    """Health, action points, stacks, items, the timeline and the queues, and the seat's hand
    (types as this seat sees them: 003 Becomes & Treated)."""
    lines = [
        f"[bold]Turn {v.turn}[/bold], {escape(v.names[v.active])} active; "
        f"the players are {'engaged' if v.engaged else 'disengaged'}"
    ]
    for s in (0, 1):
        you = " (you)" if s == seat else ""
        lines.append(
            f"{escape(v.names[s])}{you}: {v.health[s]} health, {v.ap[s]} AP; stacks: "
            f"{escape(_stacks(g, v, s))}; items: {escape(_items(g, v, s))}; "
            f"deck {len(v.zones[f'deck:{s}'])}, hand {len(v.zones[f'hand:{s}'])}, "
            f"discard {len(v.zones[f'discard:{s}'])}, forgotten {len(v.zones[f'forgotten:{s}'])}"
        )
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
                f"{face.name} ({face.cost} AP, {actions.notation(face.power, face.power_dice, 6)}"
                f" | {actions.notation(face.focus, face.focus_dice, 4)}){flags}"
            )
        lines.append(f"  moment {m + 1}{real}: " + escape("  vs  ".join(cells)))
    for s in (0, 1):
        seen = [c for c in v.zones[f"discard:{s}"] if known_card(v, c) is not None]
        if seen:
            shown = []
            for c in seen:
                # as this seat sees it (Eyes of the Goddess: 003 Becomes & Treated)
                extra = g.card_attr_as(v, c, "types", seat) - g.defn(v, c).types
                more = f" (to you also {' '.join(sorted(extra))})" if extra else ""
                shown.append(g.card_name(v, c) + more)
            lines.append(f"{escape(v.names[s])}'s discard pile: {escape(', '.join(shown))}")
        if v.queue[s]:
            names = ", ".join(actions.printed(v, sl).name for sl in v.queue[s])
            lines.append(f"{escape(v.names[s])}'s queue: {escape(names)}")
    hand = v.zones[f"hand:{seat}"]
    if hand:
        cards = []
        for c in hand:
            d = g.defn(v, c)
            face = actions.combine([d])
            stats = (
                f"{actions.notation(face.power, face.power_dice, 6)}"
                f" | {actions.notation(face.focus, face.focus_dice, 4)}"
            )
            words = ", ".join(k.capitalize() for k in sorted(d.keywords))
            extra = f"; {words}" if words else ""
            cards.append(f"{d.name} ({d.cost} AP, {stats}; {d.type_line}{extra})")
        lines.append("Your hand: " + escape("; ".join(cards)))
    return "\n".join(lines)
