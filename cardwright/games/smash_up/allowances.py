"""Smash Up: play allowances (reading R5). The turn's free minion and action and the extra
plays a card grants are :class:`~.state.Allowance` records; this module says whether one
fits a card and a destination (:func:`card_fits`, :func:`dest_fits`), which one a play uses
(:func:`consume`), what cards in play allow or forbid (a hand play from the discard pile:
They're Coming To Get You; Block the Path's ban), and extra plays barred or counted (Eliza,
Bear Necessities, Mark of Sleep barring actions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardwright.core.errors import EngineError

from . import values
from .catalog import BASES
from .reach import Limits, limits, reaches
from .state import Allowance, SUState
from .values import Sources

if TYPE_CHECKING:
    from .game import SmashUp


def can_play_actions(g: SmashUp, state: SUState, seat: int) -> bool:
    """False while ``seat`` is barred from playing actions this turn (Mark of Sleep)."""
    return state.asleep != seat


def card_fits(g: SmashUp, s: SUState, a: Allowance, cid: int, src: str) -> bool:
    """Whether play allowance ``a`` lets ``cid`` be played from zone ``src`` at all, wherever
    it goes (asked once per card; :func:`dest_fits` asks the rest per destination)."""
    cat = g.cat(s)
    defn = s.cards[cid].defn
    kind = "minion" if cat.is_minion[defn] else "action"
    return allowance_fits(g, s, a, kind, cat.printed[defn], src, defn)


def allowance_fits(
    g: SmashUp, s: SUState, a: Allowance, kind: str, power: int, src: str, defn: str
) -> bool:
    """:func:`card_fits` for a card of ``kind`` (minion or action), printed ``power`` and
    definition ``defn``."""
    if a.kind != kind:
        return False
    if a.names and defn not in a.names:
        return False
    if a.ongoing and (
        a.source is None or (g.base_of(s, a.source) < 0 and a.source not in s.zones[BASES])
    ):  # a play given by a card or base in play, lost with it
        return False
    if a.max_power >= 0 and power > a.max_power:
        return False
    if src.startswith("hand:"):
        return a.zone == "hand"
    if src.startswith("discard:"):
        return a.zone in ("hand", "discard")
    return False


def dest_fits(
    g: SmashUp,
    s: SUState,
    a: Allowance,
    seat: int,
    cid: int,
    dest: int,
    src: str,
    from_discard: Callable[[int], bool] | None = None,
) -> bool:
    """Whether allowance ``a``, which :func:`card_fits` the card, lets ``seat`` play it to
    ``dest`` (a base, a minion, or -1 for a standard action): the base it names, its
    condition, and a hand play made from the discard pile (``from_discard``: the answers the
    caller keeps per destination; :func:`may_play_from_discard` otherwise). A new test here
    must be known to :func:`fits_anywhere` too (``tests/smash_up/test_play_checks.py``)."""
    if a.base is not None:
        at = dest if dest in s.zones[BASES] else g.base_of(s, dest)
        if at != a.base:
            return False
    if a.cond and cond_fails(g, s, a.cond, seat, dest):
        return False
    if a.zone == "hand" and src.startswith("discard:"):
        if from_discard is None:
            return may_play_from_discard(g, s, seat, cid, dest)
        return from_discard(dest)
    return True


def cond_fails(g: SmashUp, s: SUState, cond: str, seat: int, dest: int) -> bool:
    """Whether base ``dest`` fails an extra play's condition: ``no_own_minion`` (a base
    where the player has no minion: Outbreak) or ``own_minion`` (one where they have one:
    Togetherness Power)."""
    if cond not in ("no_own_minion", "own_minion"):
        return False
    own = any(s.cards[m].controller == seat for m in g.minions_at(s, dest))
    return own if cond == "no_own_minion" else not own


def fits_anywhere(a: Allowance, src: str) -> bool:
    """Whether :func:`dest_fits` holds for allowance ``a`` at every destination (so none need
    be asked): it names no base, sets no condition on the destination, and is not a hand
    play made from the discard pile (which a card in play must allow, destination by
    destination). Kept beside :func:`dest_fits`, whose tests it must follow."""
    return a.base is None and not a.cond and not (a.zone == "hand" and src.startswith("discard:"))


def may_play_from_discard(
    g: SmashUp, s: SUState, seat: int, cid: int, dest: int, froms: Limits | None = None
) -> bool:
    """Whether a card in play lets ``seat`` make a hand play from the discard pile instead
    when ``cid`` goes to ``dest`` (They're Coming To Get You). ``froms``: the cards in play
    that can allow it and their reach (:func:`.reach.limits`), when the caller has them."""
    cat = g.cat(s)
    if froms is None:
        froms = limits(g, s, cat.play_from_specs, seat, bans=False)
    for src, spec, reach in froms:
        if not reaches(reach, cid, dest):
            continue
        assert spec.play_from is not None
        if spec.play_from(g, s, src, seat, cid, dest):
            return True
    defn = s.cards[cid].defn
    own = cat.spec.get(defn) if defn in cat.play_from_specs else None
    if own is None or own.play_from is None:
        return False
    # a card that lets itself be played from the discard pile (Spectre)
    return own.play_from(g, s, cid, seat, cid, dest)


def play_banned(
    g: SmashUp, s: SUState, seat: int, cid: int, dest: int, bans: Limits | None = None
) -> bool:
    """Whether a card in play forbids ``seat`` to play ``cid`` to ``dest`` (Block the
    Path: minions of a named faction). ``bans``: the banning cards in play and their reach
    (:func:`.reach.limits`), if known."""
    cat = g.cat(s)
    if bans is None:
        bans = limits(g, s, cat.play_ban_specs, seat, bans=True)
    for src, spec, reach in bans:
        if not reaches(reach, cid, dest):
            continue
        assert spec.play_ban is not None
        if spec.play_ban(g, s, src, seat, cid, dest):
            return True
    defn = s.cards[cid].defn
    if defn not in cat.play_ban_specs:
        return False
    own = cat.spec[defn]  # a card that limits where it may itself be played
    return own.play_ban is not None and own.play_ban(g, s, cid, seat, cid, dest)


def consume(g: SmashUp, s: SUState, cid: int, dest: int, seat: int, src: str) -> Allowance:
    """Use the most restricted play allowance that fits (the free one last); only the
    free one while extra plays are barred (:func:`extras_barred`); returns it."""
    barred = barred_unasked(g, s)  # (asked once an allowance for an extra play is met)
    fitting = []
    for i, a in enumerate(s.allowances):
        if barred is not False and not standard(a):
            if barred is None:
                barred = extras_barred(g, s, seat, cid)
            if barred:
                continue
        if card_fits(g, s, a, cid, src) and dest_fits(g, s, a, seat, cid, dest, src):
            key = (a.zone == "hand", a.base is None, not a.names, not a.cond, a.max_power < 0)
            fitting.append((*key, a.max_power, i))
    if not fitting:
        raise EngineError(f"smash-up: no play allowance for card {cid}")
    return s.allowances.pop(min(fitting)[-1])


def standard(a: Allowance) -> bool:
    """Whether a play allowance is one of the turn's free plays (not an extra play)."""
    return a.source is None and not a.ongoing and a.base is None and a.max_power < 0


#: the lasting effect that counts a player's extra plays of the turn, kept only while a card
#: in play limits them (Eliza)
EXTRA_PLAYED = "extra_played"


def counts_extras(g: SmashUp, s: SUState) -> bool:
    """Whether a card in play may forbid extra plays (so they are counted): one of the
    protections that can (``Catalog.extra_bar_specs``: a game without one asks nothing)."""
    return bool(g.sources(s, g.cat(s).extra_bar_specs))


def barred_unasked(g: SmashUp, s: SUState) -> bool | None:
    """Whether extra plays are barred, for a question that asks :func:`extras_barred` only
    once it meets an allowance for an extra play: None (not asked yet) where a lasting effect
    or a card that may bar them is in the game, else False (nothing can bar them)."""
    return None if s.lasting or g.cat(s).extra_bar_specs else False


def extras_barred(g: SmashUp, s: SUState, seat: int, cid: int, prot: Sources | None = None) -> bool:
    """Whether ``seat`` may make no other extra play (of ``cid``) now: a card in play forbids
    it (Eliza), or a lasting effect does (Bear Necessities, :func:`.values.extras_barred`)."""
    if s.lasting and values.extras_barred(g, s, seat):
        return True
    return counts_extras(g, s) and g.forbidden(s, "play_extra", cid, seat, prot)


def extras_played(s: SUState, seat: int) -> int:
    """The extra cards ``seat`` has played this turn (counted while :func:`counts_extras`)."""
    return sum(1 for e in s.lasting if e.key == EXTRA_PLAYED and e.seat == seat)
