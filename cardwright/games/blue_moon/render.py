"""Text (rich markup) for a seat's view of a Blue Moon game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape

from cardwright.core.state import known_card

from .play import grant_left
from .state import BMState

if TYPE_CHECKING:
    from .game import BlueMoon
    from .inforce import InForce

_ICON = {
    "fire_shield": "fire-shield",
    "earth_shield": "earth-shield",
    "stop": "STOP",
    "free": "FREE",
    "pair": "PAIR",
    "gang": "GANG",
    "retrieve": "RETRIEVE",
    "protected": "PROTECTED",
    "bluff": "BLUFF",
}


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


def _card(game: BlueMoon, view: BMState, eff: InForce, cid: int, covered: bool = False) -> str:
    if cid < 0 or cid not in view.cards:
        return "[dim]face-down card[/dim]"
    d = game.defn(view, cid)
    icons = " ".join(_ICON[i] + (f" ({d.gang})" if i == "gang" else "") for i in sorted(d.icons))
    values = (
        ""
        if d.type in ("leadership", "leader")
        else f" [red]{d.fire}[/red]/[green]{d.earth}[/green]"
    )
    text = f"  [cyan]{escape(d.text)}[/cyan]" if d.text else ""
    flags = " [dim](covered)[/dim]" if covered else ""
    if eff.flags(cid)[0]:
        flags += " [yellow](ignored)[/yellow]"
    return (
        f"[bold]{escape(d.name)}[/bold] [dim]{d.type}[/dim]{values}"
        + (f" [magenta]{icons}[/magenta]" if icons else "")
        + flags
        + text
    )


def render(game: BlueMoon, view: BMState, seat: int) -> str:
    from .inforce import InForce

    eff = InForce(game, view)
    lines = []
    order = [1 - seat, seat] if seat in (0, 1) else [0, 1]
    for p in order:
        who = "You" if p == seat else view.names[p]
        power = (
            f"  power {game.total_power(view, p, eff=eff)} {view.element}" if view.element else ""
        )
        lines.append(
            f"[bold underline]{escape(who)}[/bold underline] ({escape(view.names[p])}, "
            f"{escape(view.peoples[p])}): dragons {view.dragons[p]}  "
            f"deck {len(view.zones[f'deck:{p}'])}  hand {len(view.zones[f'hand:{p}'])}  "
            f"discard {len(view.zones[f'discard:{p}'])}  "
            f"leadership pile {len(view.zones[f'leadership:{p}'])}{power}"
        )
        for cid in view.zones[f"combat:{p}"]:
            lines.append(f"   combat: {_card(game, view, eff, cid, cid in view.covered)}")
        for cid in view.zones[f"support:{p}"]:
            lines.append(f"   support: {_card(game, view, eff, cid)}")
        if p == seat:
            short = short_characters(game, view, eff, seat)
            for cid in view.zones[f"hand:{p}"]:
                mark = f" [red](short: at most {short[cid]})[/red]" if cid in short else ""
                lines.append(f"   in hand: {_card(game, view, eff, cid)}{mark}")
    fight = (
        f"fight {view.fights} in {view.element}"
        if view.element
        else f"fight {view.fights + 1} not yet opened"
    )
    lines.append(
        f"[dim]Turn {view.turn}, {escape(view.names[view.active])}'s {view.phase} phase; "
        f"{fight}; start player {escape(view.names[view.start_player])}; "
        f"neutral dragons {3 - sum(view.dragons)}[/dim]"
    )
    return "\n".join(lines)
