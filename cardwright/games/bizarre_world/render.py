"""Text (rich markup) for a seat's view of a Bizarre World game."""

from __future__ import annotations

from rich.markup import escape

from .generator import card_def
from .state import BWState


def _card(view: BWState, cid: int) -> str:
    if cid < 0 or cid not in view.cards:
        return "[dim]face-down card[/dim]"
    card = view.cards[cid]
    d = card_def(card.defn, view.config["ruleset"])
    flag = " [yellow](exhausted)[/yellow]" if card.exhausted else ""
    return (
        f"[bold]{escape(d.name)}[/bold] [dim]cost {d.cost}[/dim]{flag}  "
        f"[cyan]{escape(d.of.text)}[/cyan] -> [green]{escape(d.noun.text)}[/green]"
        + (
            f"  [magenta]{escape(d.adjective.text)}[/magenta]"
            if d.adjective.passive != "none"
            else ""
        )
        + f"  [dim]makes {d.of.amount} {d.of.produces}[/dim]"
    )


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


def render(view: BWState, seat: int) -> str:
    lines = []
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    for p in order:
        who = "You" if p == seat else view.names[p]
        lines.append(
            f"[bold underline]{escape(who)}[/bold underline] ({escape(view.names[p])}): "
            f"life [red]{view.life[p]}[/red]  deck {len(view.zones[f'deck:{p}'])}  "
            f"hand {len(view.zones[f'hand:{p}'])}  neutral resources "
            f"{_resources(view, p)}  discard "
            f"{len(view.zones[f'discard:{p}'])}  unspent attack {view.attack[p]}  "
            f"gray this turn {view.gray[p]}"
        )
        for cid in view.zones[f"play:{p}"]:
            lines.append(f"   in play: {_card(view, cid)}")
        if p == seat:
            for cid in view.zones[f"hand:{p}"]:
                lines.append(f"   in hand: {_card(view, cid)}")
    lines.append(
        f"[dim]Turn {view.turn}, {escape(view.names[view.active])}'s {view.phase} phase[/dim]"
    )
    return "\n".join(lines)
