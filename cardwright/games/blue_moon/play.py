"""Playing cards in Blue Moon: the play budget (the normal plays, FREE, PAIR, GANG, the extra
plays card texts allow, STOP), putting a card into play and covering, RETRIEVE, and the
options of the turn decision that play cards (004 Card Play, Icons; research §2.2, §5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.effects import CARD, RULE, Permission, allowed
from cardwright.core.state import CardRef, Option
from cardwright.core.vocab import start_ability
from cardwright.core.zones import move

from . import buka_rules as buka
from .inforce import InForce
from .state import BMState

if TYPE_CHECKING:
    from .game import BlueMoon


def pairs(g: BlueMoon, s: BMState, a: int, b: int) -> bool:
    da, db = g.defn(s, a), g.defn(s, b)
    return da.type == db.type and da.first_word == db.first_word


def grant_left(g: BlueMoon, s: BMState, eff: InForce, seat: int, kinds: tuple[str, ...]) -> str:
    """The first of ``kinds`` of which a text still allows ``seat`` an extra play this turn."""
    if not eff.grant_srcs:
        return ""
    grants = eff.grants(seat)
    used = s.turn_info.grants_used
    for kind in kinds:
        if grants.get(kind, 0) > used.get(kind, 0):
            return kind
    return ""


def stop_allows(stop: bool, granted: str) -> bool:
    """After a STOP card no further card may be played: a rule's "cannot", which a card's
    "can" (an extra play its text allows, ``granted``) beats (004 Icons: STOP; FAQ on Trigger
    Brainstorm). Weighed by the core's tiers."""
    perms = [Permission("play", -1, False, RULE)] if stop else []
    if granted:
        perms.append(Permission("play", -1, True, CARD))
    return allowed(perms)


def play_mode(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int) -> str | None:
    """How the hand card ``cid`` may be played now (None: it may not): the mode that uses the
    least of the turn's play budget (FREE, a PAIR match, a GANG extra, a text grant of its own
    type (booster/support), the normal play, then any other grant), if a power's "cannot"
    does not forbid it (that beats every "can") and the card's own condition holds."""
    defn = s.cards[cid].defn
    d = g.defs[defn]
    t = d.type
    ti = s.turn_info
    mode: str | None = None
    by_text = defn in g.powers.own_free or bool(eff.free_srcs)  # a text may make it FREE
    if t == "character":
        if not ti.stop:
            icons = eff.icons(cid)
            if (
                "free" in icons
                or (by_text and eff.free_by_text(seat, cid))
                or (ti.landed is not None and buka.from_ship_free(g, s, seat, cid, d))
            ):
                mode = "free"
            elif "pair" in icons and any(pairs(g, s, cid, o) for o in ti.pair_open):
                mode = "pair"
            elif "gang" in icons and ti.gang not in ("", "-") and d.gang == ti.gang:
                mode = "gang"
            elif not ti.char_normal:
                mode = "normal"
        if mode is None:
            kind = grant_left(g, s, eff, seat, ("character",))
            if kind and (not ti.stop or stop_allows(True, kind)):
                mode = f"grant:{kind}"
    elif t in ("booster", "support"):
        kind = ""
        if not ti.stop:
            icons = eff.icons(cid)
            if "free" in icons or (by_text and eff.free_by_text(seat, cid)):
                mode = "free"
            elif "pair" in icons and any(pairs(g, s, cid, o) for o in ti.pair_open):
                mode = "pair"
            else:
                kind = grant_left(g, s, eff, seat, (t,))
                if kind:
                    mode = f"grant:{kind}"
                elif ti.bs_normal < (1 if s.fight_started else 0):
                    mode = "normal"
                else:
                    kind = grant_left(g, s, eff, seat, ("either",))
        else:
            kind = grant_left(g, s, eff, seat, (t, "either"))
        if mode is None and kind and (not ti.stop or stop_allows(True, kind)):
            mode = f"grant:{kind}"
    elif t == "leadership":
        mode = "leadership" if not ti.played and ti.leadership is None else None
    elif t == "ship":  # an influence card takes the leadership phase's one card
        mode = "influence" if not ti.played and ti.leadership is None else None
    if mode is None:  # (leaders are never played)
        return None
    if eff.prohibitors and eff.prohibited(seat, "play", cid):
        return None
    if defn in g.powers.conditional and not eff.play_condition_met(seat, cid):
        return None
    return mode


def gang_keep_ok(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int) -> bool:
    """GANG (b): the turn's first character may join instead of covering when every active
    card in the combat area is a character of its gang."""
    d = g.defn(s, cid)
    if "gang" not in eff.icons(cid):
        return False
    combat = [c for c in s.zones[f"combat:{seat}"] if c not in s.covered]
    if not combat:
        return False
    for c in combat:
        dc = g.defn(s, c)
        if dc.type != "character" or "gang" not in eff.icons(c) or dc.gang != d.gang:
            return False
    return True


def play_card(
    g: BlueMoon,
    s: BMState,
    seat: int,
    cid: int,
    mode: str,
    keep: bool = False,
    eff: InForce | None = None,
    from_zone: str = "",
) -> None:
    """Move a card from hand (or ``from_zone``: a landed ship) into play as ``mode``
    allows, cover earlier combat cards if it is the turn's first character (unless
    ``keep``: GANG), then resolve a "now" power. ``eff``, if given, must be the effects in
    force before the card is played."""
    d = g.defn(s, cid)
    ti = s.turn_info
    ref = CardRef(cid)
    if eff is None:
        eff = InForce(g, s)
    icons = eff.icons(cid)  # icons are checked in hand, just before the card is played
    t = d.type
    dest = {
        "character": "combat",
        "booster": "combat",
        "support": "support",
        "ship": "influence",
    }.get(t, "leadership")
    src = from_zone or f"hand:{seat}"
    move(s, cid, f"{dest}:{seat}", from_zone=src)
    s.cards[cid].face_up = True
    if src.startswith("ship"):
        ti.from_ship[ref] = buka.cargo_ship(src)
    ti.played.append(ref)
    if s.targets:
        s.targets.pop(ref, None)  # a card played again picks its target afresh
    ti.modes.append(mode)
    if mode == "normal":
        if t == "character":
            ti.char_normal = True
        else:
            ti.bs_normal += 1
    elif mode.startswith("grant:"):
        kind = mode[6:]
        ti.grants_used[kind] = ti.grants_used.get(kind, 0) + 1
    elif mode == "pair":
        for o in ti.pair_open:
            if pairs(g, s, cid, o):
                ti.pair_open.remove(o)
                break
    elif mode == "leadership":
        ti.leadership = ref
    if "pair" in icons and mode != "pair":
        ti.pair_open.append(ref)
    if "stop" in icons:
        ti.stop = True
    if t in ("character", "booster"):
        gang = d.gang if "gang" in icons else "-"
        ti.gang = gang if ti.gang in ("", gang) else "-"
    g.hand_changed(s, seat)
    if s.logging:
        how = {
            "free": " (FREE)",
            "pair": " (PAIR)",
            "gang": " (GANG)",
            "leadership": "",
            "influence": "",
            "normal": "",
        }.get(mode, " (allowed by a card)")
        rule = {
            "free": "bm.icon.free",
            "pair": "bm.icon.pair",
            "gang": "bm.icon.gang_extra",
            "leadership": "bm.turn.leadership",
            "influence": "bm.ship.play",
        }.get(mode, "bm.turn.character" if t == "character" else "bm.turn.booster_support")
        if mode.startswith("grant:"):
            rule = "bm.special.card_beats_rule"
        g.log(
            s,
            "play",
            rule,
            f"{s.names[seat]} plays {d.name} "
            + (
                f"({t})"
                if t in ("leadership", "ship")
                else f"({t}, {d.fire} fire / {d.earth} earth){how}"
            )
            + (" from a landed ship" if cid in ti.from_ship else ""),
            seat,
            card=cid,
        )
        if "stop" in icons:
            g.log(s, "stop", "bm.icon.stop", f"{d.name} shows STOP: no further cards", seat)
    if t == "character":
        ti.chars += 1
        if ti.chars == 1:
            cover(g, s, seat, cid, keep)
    ability = g.powers.by_card.get(d.id) if d.ability else None
    if ability is not None:
        if "on_play" in ability.hooks and InForce(g, s).text_on(cid):
            if ti.undo_from >= 0 and not g.powers.undoable[ability.id]:
                ti.irreversible = True
            start_ability(g, s, ability, "on_play", cid, seat)
    elif d.ability and s.logging:
        g.log(
            s,
            "no_effect",
            "bm.ability.unimplemented",
            f"{d.name}'s special power is not implemented yet and has no effect",
            seat,
            card=cid,
        )


def cover(g: BlueMoon, s: BMState, seat: int, cid: int, keep: bool) -> None:
    earlier = [c for c in s.zones[f"combat:{seat}"] if c != cid and c not in s.covered]
    if not earlier:
        return
    if keep:
        if s.logging:
            g.log(
                s,
                "gang_keep",
                "bm.icon.gang_keep",
                f"{g.card_name(s, cid)} joins its gang: the active combat cards stay active",
                seat,
            )
        return
    refs = [CardRef(c) for c in earlier]
    s.covered.extend(refs)
    s.turn_info.covered.extend(refs)
    if s.logging:
        names = ", ".join(g.card_name(s, c) for c in earlier)
        g.log(s, "cover", "bm.cover", f"{g.card_name(s, cid)} covers {names}", seat)


def retrievable(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[CardRef]:
    """Active cards with a (not ignored) RETRIEVE icon the seat may take back into hand. An
    opposing active character that depicts RETRIEVE (even ignored) blocks characters."""
    if eff.prohibitors and eff.prohibited(seat, "take"):
        return []
    if eff.take_srcs and eff.take_limit(seat, False) <= 0:
        return []
    opp = 1 - seat
    blocked = any(
        g.defn(s, c).type == "character" and "retrieve" in g.defn(s, c).icons
        for c in s.zones[f"combat:{opp}"]
        if c not in s.covered
    )
    out = []
    for cid in g.active_cards(s, seat):
        if "retrieve" not in eff.icons(cid):
            continue
        if blocked and g.defn(s, cid).type == "character":
            continue
        if eff.prohibitors and eff.prohibited(seat, "retrieve", cid):
            continue
        out.append(cid)
    return out


_HOW = {"free": " as FREE", "pair": " as a PAIR", "gang": " as a GANG extra"}


def play_label(g: BlueMoon, s: BMState, cid: int, mode: str) -> str:
    d = g.defn(s, cid)
    how = _HOW.get(mode, " (card allows)" if mode.startswith("grant:") else "")
    return f"Play {d.name} ({d.fire}/{d.earth}){how}"


def character_options(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[Option]:
    """Characters the seat may play now (with the GANG keep variant for the first one)."""
    ti = s.turn_info
    options = []
    for cid in buka.play_sources(g, s, eff, seat):
        if g.defs[s.cards[cid].defn].type != "character":
            continue
        if ti.chars == 0 and cid in ti.tried:  # backtracked once: another character now
            continue
        mode = play_mode(g, s, eff, seat, cid)
        if mode is None:
            continue
        options.append(
            Option(f"play:{cid}", play_label(g, s, cid, mode), card=CardRef(cid), arg="play")
        )
        if ti.chars == 0 and gang_keep_ok(g, s, eff, seat, cid):
            name = g.card_name(s, cid)
            options.append(
                Option(
                    f"gang:{cid}",
                    f"Play {name} and keep the gang active (no cover)",
                    card=cid,
                    arg="gang",
                )
            )
    return options


def bs_options(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[Option]:
    """Boosters and supports the seat may play now."""
    options = []
    for cid in buka.play_sources(g, s, eff, seat):
        if g.defs[s.cards[cid].defn].type not in ("booster", "support"):
            continue
        mode = play_mode(g, s, eff, seat, cid)
        if mode is not None:
            options.append(Option(f"play:{cid}", play_label(g, s, cid, mode), card=cid, arg="play"))
    options.extend(buka.bs_extra_options(g, s, eff, seat))
    return options
