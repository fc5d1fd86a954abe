"""Smash Up: where a card may be played. The bases a minion or a base action may go to, the
minions a minion action may go on (or none, for a standard action), given the allowances that
fit (:mod:`.allowances`), the "cannot"s of the cards in play and an extra play's limits; and
the face a card is played as (a fusion card's action side).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from . import values
from .allowances import (
    allowance_fits,
    barred_unasked,
    cond_fails,
    dest_fits,
    extras_barred,
    fits_anywhere,
    may_play_from_discard,
    play_banned,
    standard,
)
from .catalog import BASES
from .reach import Limits, limits
from .state import Allowance, SUState
from .values import Sources

if TYPE_CHECKING:
    from .game import SmashUp


def side(g: SmashUp, s: SUState, cid: int, kind: str) -> str:
    """The definition card ``cid`` is played as to fill a play of ``kind``: a fusion card's
    action side for an action, else "" (the card as it is)."""
    if kind == "action":
        return g.cat(s).fusions.get(s.cards[cid].defn, "")
    return ""


def play_destinations(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    prot: Sources | None = None,
    *,
    src: str = "",
    cond: str = "",
    bans: Limits | None = None,
    froms: Limits | None = None,
    open_to: list[int] | None = None,
    onto: dict[int, bool] | None = None,
    first: bool = False,
    face: str = "",
) -> list[int]:
    """Where a card may be played: bases for a minion or a base action, minions for a
    minion action, ``[-1]`` for a standard action (no destination). A ``normal`` play
    needs a play allowance that fits (from ``src``, by default the hand); ``cond``
    restricts an extra play (``no_own_minion``, ``own_minion``). ``prot`` / ``bans`` /
    ``froms`` / ``open_to``: the protecting cards in play, those that ban plays or allow
    them from the discard pile (:func:`.reach.limits`), and the bases open to ``seat``'s
    minions (:func:`open_to_minions`), when the caller already has them for this question;
    ``onto``: which minions ``seat``'s cards may be attached to, as far as worked out for
    this question (:func:`_onto`: the same for every card in hand, filled in as asked);
    ``face``: the card played as that definition (a fusion card's action side); with
    ``first``, only the first destination found (what :func:`can_play` needs). Plain
    loops, no generators: asked for every card in hand at every Play Cards question."""
    cat = g.cat(s)
    defn = face or s.cards[cid].defn
    d = cat.cards[defn]
    if prot is None:
        prot = g.protections(s)
    src = src or f"hand:{seat}"
    bases = s.zones[BASES] if base < 0 else [b for b in s.zones[BASES] if b == base]
    found: Iterable[int]  # lists where the places are few or cheap to check, else lazy
    if d.type == "minion":
        if open_to is None:
            open_to = open_to_minions(g, s, seat, prot, bases)
        found = [
            b for b in bases if b in open_to and not (cond and cond_fails(g, s, cond, seat, b))
        ]
    elif "play_on_base" in d.subtypes:
        found = (
            [b for b in bases if not g.forbidden(s, "play_action", b, seat, prot)]
            if prot
            else bases
        )
    elif "play_on_minion" in d.subtypes:
        whose = d.attach_to
        found = [
            m
            for m, b in g.minions_in_play(s)
            if (base < 0 or b == base)
            and (whose == "any" or (s.cards[m].controller == seat) == (whose == "own"))
        ]
        if prot or (s.lasting and values.shields_up(s)):  # the "cannot"s, asked lazily
            open_minions = {} if onto is None else onto
            found = (m for m in found if _onto(g, s, seat, m, prot, open_minions))
    else:
        found = (-1,)
    normal = via == "normal"
    # (nothing can bar an extra play without a lasting effect or a card that may forbid it
    # among the game's cards: not asked then, as for most cards in most games; for a normal
    # play, asked only once an allowance for an extra play is met)
    barred = barred_unasked(g, s)
    if not normal and barred is None and extras_barred(g, s, seat, cid, prot):
        return []
    allowances = s.allowances
    from_discard = None
    if normal and src.startswith("discard:"):  # asked once per destination, not per allowance
        if froms is None:
            froms = limits(g, s, cat.play_from_specs, seat, bans=False)
        allowing = froms
        known: dict[int, bool] = {}

        def from_discard(b: int) -> bool:
            if b not in known:
                known[b] = may_play_from_discard(g, s, seat, cid, b, allowing)
            return known[b]

    if cat.play_ban_specs and bans is None:
        bans = limits(g, s, cat.play_ban_specs, seat, bans=True)
    own_ban = defn in cat.play_ban_specs  # the card's own limit (Complete the Ritual)
    out: list[int] = []
    fits: list[Allowance] = []
    anywhere = not normal  # an allowance that fits: none is asked per destination
    if normal:
        kind, power = ("minion" if cat.is_minion[defn] else "action"), cat.printed[defn]
        for a in allowances:
            if barred is not False and not standard(a):
                if barred is None:
                    barred = extras_barred(g, s, seat, cid, prot)
                if barred:
                    continue
            if allowance_fits(g, s, a, kind, power, src, defn):
                fits.append(a)
                anywhere = anywhere or fits_anywhere(a, src)
        if not fits:
            return out
    for b in found:
        if not anywhere and not _dest_fits_any(g, s, fits, seat, cid, b, src, from_discard):
            continue
        if (bans or own_ban) and play_banned(g, s, seat, cid, b, bans):
            continue
        out.append(b)
        if first:
            break
    return out


def can_play(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    prot: Sources | None = None,
    *,
    src: str = "",
    cond: str = "",
    bans: Limits | None = None,
    froms: Limits | None = None,
    open_to: list[int] | None = None,
    onto: dict[int, bool] | None = None,
    face: str = "",
) -> bool:
    """Whether the card may be played somewhere (:func:`play_destinations` is not empty),
    found at the first destination that fits (the arguments are its). Its parameters are
    spelt out, not passed on as ``**kwargs``: it is asked for every card in hand at every
    Play Cards question, and a keyword dictionary made per call costs a few per cent there."""
    found = play_destinations(
        g,
        s,
        seat,
        cid,
        via,
        base,
        prot,
        src=src,
        cond=cond,
        bans=bans,
        froms=froms,
        open_to=open_to,
        onto=onto,
        first=True,
        face=face,
    )
    return bool(found)


def open_to_minions(
    g: SmashUp, s: SUState, seat: int, prot: Sources, bases: list[int]
) -> list[int]:
    """Those of ``bases`` where no card in play forbids ``seat`` to play a minion (whichever
    minion it is)."""
    return [b for b in bases if not g.forbidden(s, "play_minion", b, seat, prot)]


def _onto(
    g: SmashUp, s: SUState, seat: int, minion: int, prot: Sources, known: dict[int, bool]
) -> bool:
    """Whether no card in play forbids ``seat`` to attach a card to ``minion`` or to affect
    it (whichever card it is), kept in ``known``."""
    ok = known.get(minion)
    if ok is None:
        ok = known[minion] = not g.forbidden(s, "attach", minion, seat, prot) and not (
            g.forbidden(s, "affect", minion, seat, prot)
        )
    return ok


def onto_fits(g: SmashUp, s: SUState, seat: int, cid: int, kind: str) -> list[int]:
    """Where card ``cid`` may go as an extra play of ``kind`` (the minions, for an action
    played on one)."""
    face = side(g, s, cid, kind)
    return play_destinations(g, s, seat, cid, "extra", -1, face=face)


def _dest_fits_any(
    g: SmashUp,
    s: SUState,
    fits: list[Allowance],
    seat: int,
    cid: int,
    dest: int,
    src: str,
    from_discard: Callable[[int], bool] | None,
) -> bool:
    for a in fits:  # noqa: SIM110 (a loop: no generator per destination)
        if dest_fits(g, s, a, seat, cid, dest, src, from_discard):
            return True
    return False
