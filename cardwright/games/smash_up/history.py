"""Smash Up's history of the turn that some Monster Smash cards read: the minions each player
played this turn (Killer Queen), the minions each player destroyed (Nightstalker), and each
player's total power falling at a base (Stakeout).

Each fact is a lasting effect that ends with the turn (``played`` on the minion played, its
player as ``seat``; ``destroyed`` on no card, the destroying player as ``seat`` and the minion
as ``about``; ``power_fell`` on the base, the player whose power fell as ``seat``). They are
recorded only in games where a card that reads them can be played: the catalogue knows which
cards use the words of this module (``Catalog.needs``), so a game without them keeps
exactly the state it had before these cards existed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Lasting
from cardwright.core.vocab import seats_of
from cardwright.core.vocab.exprs import Call

from . import values
from .selectors import _e, _first
from .state import SUCtx, SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the words that read the history -> the fact each reads
WORDS = {
    "played_this_turn": "played",
    "destroyed_this_turn": "destroyed",
    "power_fell": "power_fell",
}


def tracks(g: SmashUp, s: SUState, kind: str) -> bool:
    """Whether this game records the fact ``kind``, or does what ``kind`` names for some
    cards (``Catalog.needs``): a card that needs it is among the game's cards (the catalog a
    game's cards see has only their needs: :meth:`.Catalog.for_game`)."""
    return kind in g.cat(s).needs


def note(
    g: SmashUp, s: SUState, kind: str, card: int | None, seat: int, about: int = -1, at: int = -1
) -> None:
    """Record the fact ``kind`` for ``seat`` (about ``card``, and ``about``; ``at``: the base
    it happened at, kept as the record's ``source``) until the end of the turn, in a game
    that tracks it. A ``destroyed`` record's ``amount`` is 1 until the destroying player has
    been offered the Specials that answer it (:func:`destroy_windows`)."""
    if seat < 0 or not tracks(g, s, kind):
        return
    target = None if card is None else CardRef(card)
    ref = None if about < 0 else CardRef(about)
    base = None if at < 0 else CardRef(at)
    s.lasting.append(Lasting(kind, target, seat, 1, base, about=ref))
    values.changed(s)


def fell(g: SmashUp, s: SUState, cid: int) -> None:
    """Minion ``cid`` (in play) is about to leave its base, lose power or change sides: its
    controller's total power there falls (Stakeout), in a game that tracks it."""
    if not tracks(g, s, "power_fell"):
        return
    bid = g.base_of(s, cid)
    if bid >= 0 and g.is_minion(s, cid):
        seat = s.cards[cid].controller
        if not any(e.key == "power_fell" and e.target == bid and e.seat == seat for e in s.lasting):
            note(g, s, "power_fell", bid, seat)


#: the window in which a player who destroyed a minion may use the Specials that answer it
AFTER_DESTROY = "after_destroy"


def windows_due(s: SUState) -> bool:
    """Whether a destruction still waits for its player to be offered the Specials that
    answer it (pure)."""
    return bool(s.lasting) and any(e.key == "destroyed" and e.amount == 1 for e in s.lasting)


def destroy_windows(g: SmashUp, s: SUState) -> bool:
    """Open the window of the first destruction whose player has not yet been offered the
    Specials that answer it ("play after you destroy a minion"); True when one was opened
    (the caller lets it run)."""
    if not s.lasting:
        return False
    for e in s.lasting:
        if e.key == "destroyed" and e.amount == 1:
            e.amount = 0
            if AFTER_DESTROY in g.special_windows and e.about is not None:
                rule = "su.play.after_destroy"
                g.open_window(s, AFTER_DESTROY, e.seat, [e.seat], rule=rule, card=e.about)
                return True
    return False


def destroyed_at(s: SUState, minion: int) -> int:
    """The base a minion destroyed this turn was destroyed at (-1: unknown)."""
    for e in reversed(s.lasting):
        if e.key == "destroyed" and e.about == minion and e.source is not None:
            return e.source
    return -1


def _played_this_turn(ctx: SUCtx, whose: Any = None) -> list[CardRef]:
    """The minions in play that a seat (default you) played this turn."""
    seats = set(seats_of(ctx.you if whose is None else whose))
    g, s = ctx.game, ctx.state
    return [
        e.target
        for e in s.lasting
        if e.key == "played" and e.seat in seats and e.target is not None
        if g.base_of(s, e.target) >= 0
    ]


def _destroyed_this_turn(ctx: SUCtx, who: Any = None) -> int:
    """How many minions a seat (default you) destroyed this turn."""
    seats = set(seats_of(ctx.you if who is None else who))
    return sum(1 for e in ctx.state.lasting if e.key == "destroyed" and e.seat in seats)


def _power_fell(ctx: SUCtx, where: Any, who: Any) -> bool:
    """Whether a seat of ``who`` saw its total power at the base fall this turn."""
    bid, seats = _first(where), set(seats_of(who))
    return any(
        e.key == "power_fell" and e.target == bid and e.seat in seats for e in ctx.state.lasting
    )


def _played_from(ctx: SUCtx, what: Any) -> str:
    """Where a card being played came from: ``hand``, ``discard``, ``deck`` (a deck or the
    revealed zone), or "" (it is not being played)."""
    from .play import Play

    card = _first(what)
    for step in reversed(ctx.state.stack):
        if isinstance(step, Play) and step.card == card:
            src = step.src.split(":", 1)[0]
            return "deck" if src == "revealed" else src
    return ""


def history_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "played_from": lambda what: Call("played_from", _played_from, (_e(what),)),
        "played_this_turn": lambda whose=None: Call(
            "played_this_turn", _played_this_turn, (_e(whose),)
        ),
        "destroyed_this_turn": lambda who=None: Call(
            "destroyed_this_turn", _destroyed_this_turn, (_e(who),)
        ),
        "power_fell": lambda where, who: Call("power_fell", _power_fell, (_e(where), _e(who))),
    }
