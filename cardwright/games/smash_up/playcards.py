"""Smash Up: the Play Cards phase (000 Play Cards: one minion and one action, in any order,
and the extra plays kept for later in the phase; reading R5). Its options, one per distinct
card that may be played (from the hand, or the discard pile where a card allows it), the
usable Talents and turn Specials, and carrying out the answer; the options of plays made at
once (:mod:`.extraplay`) are made the same way (:func:`dedupe`, :func:`distinct_options`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Option

from . import values
from .allowances import can_play_actions
from .catalog import BASES, Catalog
from .destinations import can_play, open_to_minions, side
from .play import start_play
from .reach import can_reach, limits
from .state import Allowance, SUState

if TYPE_CHECKING:
    from .game import SmashUp


def _from_discard(cat: Catalog, cid: int, defn: str) -> Option:
    """The Play Cards option that plays card ``cid`` from the discard pile."""
    label = f"Play {cat.label[defn]} from your discard pile"
    return Option(f"play:{cid}", label, card=CardRef(cid), arg="play")


def play_options(g: SmashUp, s: SUState, seat: int) -> list[Option]:
    """The options of the Play Cards phase: each playable card in hand (one per distinct
    card), each usable Talent and turn Special, and finishing."""
    cat = g.cat(s)
    cards = s.cards
    # the allowances, in one loop (plain loops: no generator per question)
    minion_plays: list[Allowance] = []
    any_action = minion_from_discard = False
    plain_minions = True  # every minion allowance a hand play limited at most by power, base
    allowances = s.allowances
    if s.lasting and values.extras_barred(g, s, seat):  # only the free plays are left
        allowances = [a for a in allowances if a.source is None]
    for a in allowances:
        if a.kind == "minion":
            minion_plays.append(a)
            if a.zone != "hand" or a.cond or a.ongoing or a.names:
                plain_minions = False
            minion_from_discard = minion_from_discard or a.zone == "discard"
        elif a.kind == "action":
            any_action = True
    action_ok = any_action and can_play_actions(g, s, seat)
    options = []
    prot = g.protections(s)
    open_bases: list[int] | None = None  # bases open to this player's minions
    # plain: every minion allowance is plain and no card in play bans particular cards, so
    # one look at the bases serves every minion
    bans = limits(g, s, cat.play_ban_specs, seat, bans=True)
    plain = not bans and plain_minions
    limited = cat.play_ban_specs  # (a minion may limit where it is itself played)
    onto: dict[int, bool] = {}  # the minions open to this player's cards (as asked)
    seen: set[str] = set()
    fusions = cat.fusions  # (the game's: :meth:`.Catalog.for_game`)
    for cid in s.zones[f"hand:{seat}"]:
        defn = cards[cid].defn
        if defn in seen:
            continue
        seen.add(defn)
        if defn in cat.special_only:
            continue
        fused = fusions.get(defn) if fusions else None
        if (  # a fusion card: its action side too
            fused is not None
            and action_ok
            and can_play(g, s, seat, cid, "normal", -1, prot, bans=bans, onto=onto, face=fused)
        ):
            options.append(
                Option(
                    f"action:{cid}",
                    f"Play {cat.cards[defn].name} as an action",
                    card=CardRef(cid),
                    arg="action",
                )
            )
        if cat.is_minion[defn]:
            if not minion_plays:
                continue
            if open_bases is None:
                open_bases = open_to_minions(g, s, seat, prot, s.zones[BASES])
            if not plain or defn in limited:
                ok = can_play(g, s, seat, cid, "normal", -1, prot, bans=bans, open_to=open_bases)
            else:
                power = cat.printed[defn]
                ok = False
                for a in minion_plays:
                    if (a.max_power < 0 or power <= a.max_power) and (
                        open_bases if a.base is None else a.base in open_bases
                    ):
                        ok = True
                        break
        else:
            ok = action_ok and can_play(g, s, seat, cid, "normal", -1, prot, bans=bans, onto=onto)
        if ok:
            options.append(
                Option(f"play:{cid}", f"Play {cat.label[defn]}", card=CardRef(cid), arg="play")
            )
    froms = limits(g, s, cat.play_from_specs, seat, bans=False)  # (few: asked once)
    discard = f"discard:{seat}"
    if minion_plays and (
        minion_from_discard
        or can_reach(froms, s.zones[discard], s.zones[BASES])
        or self_from_discard(g, s, seat)
    ):
        for cid in s.zones[discard]:
            defn = cards[cid].defn
            if not cat.is_minion[defn] or f"d:{defn}" in seen:
                continue
            seen.add(f"d:{defn}")
            if open_bases is None:
                open_bases = open_to_minions(g, s, seat, prot, s.zones[BASES])
            if can_play(
                g,
                s,
                seat,
                cid,
                "normal",
                -1,
                prot,
                src=discard,
                bans=bans,
                froms=froms,
                open_to=open_bases,
            ):
                options.append(_from_discard(cat, cid, defn))
    if action_ok and any(sp.play_from_actions and reach != () for _, sp, reach in froms):
        # actions a card in play lets this player play from the discard pile (Cyberback)
        for cid in s.zones[discard]:
            defn = cards[cid].defn
            if cat.is_minion[defn] or f"d:{defn}" in seen:
                continue
            seen.add(f"d:{defn}")
            if can_play(
                g, s, seat, cid, "normal", -1, prot, src=discard, bans=bans, froms=froms, onto=onto
            ):
                options.append(_from_discard(cat, cid, defn))
    for cid, _spec in g.sources(s, cat.talent_specs):
        if g.talent_usable(s, seat, cid):
            options.append(
                Option(
                    f"talent:{cid}",
                    f"Use the Talent of {g.label(s, cid)}",
                    card=CardRef(cid),
                    arg="talent",
                )
            )
    if "your_turn" in g.special_windows:
        for cid in g.specials(s, seat, "your_turn", {}):
            options.append(
                Option(
                    f"special:{cid}",
                    f"Use {g.label(s, cid)} (Special)",
                    card=CardRef(cid),
                    arg="special",
                )
            )
    options.append(Option("end", "Finish playing cards", arg="end"))
    return options


def self_from_discard(g: SmashUp, s: SUState, seat: int) -> list[int]:
    """The minions in ``seat``'s discard pile whose own ability may let them be played from
    there (Spectre), one per definition."""
    discard = s.zones[f"discard:{seat}"]
    if not discard or seat not in _self_players(g, s):  # (asked on every play question)
        return []
    own = g.cat(s).self_from_discard
    cards = s.cards
    seen: set[str] = set()
    found: list[int] = []
    for cid in discard:
        defn = cards[cid].defn
        if defn in own and defn not in seen:
            seen.add(defn)
            found.append(cid)
    return found


def _self_players(g: SmashUp, s: SUState) -> frozenset[int]:
    """The seats that own a minion which may let itself be played from a discard pile
    (Spectre). Kept on the state, as the cards in play are (``inplay``): the cards of a game
    and their owners are set at setup, and a copy of the state works it out again."""
    try:
        kept: tuple[object, frozenset[int]] | None = s._self_players  # type: ignore[attr-defined]
    except AttributeError:
        kept = None
    if kept is None or kept[0] is not s.cards:
        own = g.cat(s).self_from_discard
        seats = frozenset(c.owner for c in s.cards.values() if c.defn in own)
        kept = s.__dict__["_self_players"] = (s.cards, seats)
    return kept[1]


def play_choice(g: SmashUp, s: SUState, seat: int, option: Option) -> bool:
    """Carry out an answer of the Play Cards phase; False when the player finishes."""
    cid = option.card
    if cid is None:
        return False
    if option.arg == "play":
        src = f"hand:{seat}" if cid in s.zones[f"hand:{seat}"] else f"discard:{seat}"
        start_play(g, s, seat, cid, "normal", -1, src)
    elif option.arg == "action":  # a fusion card played as its action side
        start_play(g, s, seat, cid, "normal", -1, f"hand:{seat}", face=side(g, s, cid, "action"))
    elif option.arg == "talent":
        g.use_talent(s, seat, cid)
    elif option.arg == "special":
        g.use_special(s, seat, cid, "your_turn", -1)
    return True


def dedupe(g: SmashUp, s: SUState, cids: list[int], verb: str) -> list[Option]:
    """One option per distinct card: copies in hand are interchangeable."""
    return [
        Option(o.id, f"Play {o.label}", card=o.card) for o in distinct_options(g, s, cids, verb)
    ]


def distinct_options(g: SmashUp, s: SUState, cids: list[int], verb: str) -> list[Option]:
    """One option ``<verb>:<id>`` per distinct card (copies are interchangeable), labelled
    with the card's name (and power)."""
    seen: set[str] = set()
    options = []
    label = g.cat(s).label
    for cid in cids:
        defn = s.cards[cid].defn
        if defn not in seen:
            seen.add(defn)
            options.append(Option(f"{verb}:{cid}", label[defn], card=CardRef(cid)))
    return options
