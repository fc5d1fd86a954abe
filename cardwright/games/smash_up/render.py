"""Text (rich markup) for a seat's view of a Smash Up game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import CardRef

from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp


def _card(game: SmashUp, view: SUState, cid: int) -> str:
    if cid < 0 or cid not in view.cards:
        return "[dim]hidden card[/dim]"
    d = game.cat(view).cards.get(view.cards[cid].defn)
    if d is None:
        return escape(game.card_name(view, cid))
    kind = f"{d.power}" if d.type == "minion" else "action"
    tags = f" [dim]{'/'.join(d.subtypes)}[/dim]" if d.subtypes else ""
    return f"[bold]{escape(d.name)}[/bold] ({kind}){tags}: [green]{escape(d.text)}[/green]"


def render(game: SmashUp, view: SUState, seat: int) -> str:
    lines = []
    names = view.names
    scores = "  ".join(
        f"{'[bold]' if p == seat else ''}{escape(n)}{'[/bold]' if p == seat else ''} "
        f"[yellow]{view.vp[p]} VP[/yellow] (deck {len(view.zones[f'deck:{p}'])}, "
        f"hand {len(view.zones[f'hand:{p}'])}, discard {len(view.zones[f'discard:{p}'])})"
        for p, n in enumerate(names)
    )
    lines.append(scores)
    for bid in view.zones["bases"]:
        base = game.base_def(view, bid)
        powers = game.powers_at(view, bid)
        standing = ", ".join(f"{escape(names[p])} {v}" for p, v in sorted(powers.items()))
        lines.append(
            f"[bold underline]{escape(base.name)}[/bold underline] "
            f"{game.total_power(view, bid)}/{game.breakpoint(view, bid)} "
            f"[dim]VP {'/'.join(map(str, base.vp))}[/dim]  {standing}"
        )
        lines.append(f"   [cyan]{escape(base.text)}[/cyan]")
        for cid in view.zones[f"base:{bid}"]:
            card = view.cards[cid]
            host = view.attached.get(CardRef(cid))
            if game.is_minion(view, cid):
                extra = f" +{card.counters['p1']} counters" if card.counters.get("p1") else ""
                lines.append(
                    f"   {escape(names[card.controller])}: {_card(game, view, cid)} "
                    f"[magenta]power {game.power(view, cid, bid)}[/magenta]{extra}"
                )
            else:
                on = "" if host == bid or host is None else f" on {game.card_name(view, host)}"
                lines.append(f"   {escape(names[card.controller])}: {_card(game, view, cid)}{on}")
    if 0 <= seat < len(names):
        for cid in view.zones[f"hand:{seat}"]:
            lines.append(f"   in hand: {_card(game, view, cid)}")
    left = ", ".join(a.kind + ("" if a.source is None else " (extra)") for a in view.allowances)
    lines.append(
        f"[dim]Turn {view.turn}, {escape(names[view.active])}'s {view.phase} phase"
        + (f"; plays left: {left}" if view.phase == "play" and left else "")
        + "[/dim]"
    )
    return "\n".join(lines)
