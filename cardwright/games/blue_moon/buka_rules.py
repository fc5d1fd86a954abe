"""Buka Invasion rules: ships (influence cards) and bluffs (research ``bluemoon.md`` §6.6, FAQ
sections *Ships: Loading Ships* and *Bluffing*; readings in ``docs/rulings/blue-moon.md``,
"Powers: Pillar, Buka; ships and bluffs").

Where things are (see ``state.py``): a played ship lies face up in ``influence:<seat>``; its cargo
is the zone ``ship<ID>:<seat>`` (hidden from the opponent). At the beginning of a turn one ship
with cargo may be landed: it moves to ``landed:<seat>`` and that turn the player's characters,
boosters and supports come from its cargo (Buka characters from it count as FREE; Sea Falcon
also allows the hand). The landed ship and what is left on it are discarded right after the
booster/support phase, or when its player retreats or declines.

A bluff is a character with the BLUFF icon played face down into the support area as the turn's
support play; face down it is a support card with 2 Fire, 2 Earth, no icons and no text
(``BLUFF_DEF``: ``BlueMoon.defn`` answers it for such a card, so every rule and power sees it
that way). Its real identity is hidden from the opponent (views, log), and never stored outside
the zones: the turn counts bluffs (``TurnInfo.bluffs``) instead of listing them. After its player
announces, the opponent may call (``bm.bluff_call``, a decision of the non-active player).

The functions here are called from the turn (``turn.py``, ``play.py``) at a few marked points;
what the opponent can see of ships and bluffs is in ``views.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.zones import move

from . import play
from .abilities import IG_EARTH, IG_FIRE
from .cards import BLUFF, CardDef, is_bluff
from .inforce import InForce
from .state import BMState, BMStep

if TYPE_CHECKING:
    from .game import BlueMoon

#: the keyword of a ship whose player may play from hand too in the turn it lands (Sea Falcon)
LAND_FROM_HAND = "land_from_hand"
NO_CALL = "call"  # the ``prohibits`` action for calling a bluff (card = -1)
LOADABLE = ("character", "booster", "support")


def other(seat: int) -> int:
    return 1 - seat


def cargo_zone(ship: int, seat: int) -> str:
    return f"ship{ship}:{seat}"


def cargo_ship(zone: str) -> CardRef:
    """The ship whose cargo zone ``zone`` is (``ship<ID>:<seat>``)."""
    return CardRef(int(zone[4:].partition(":")[0]))


def cargo(s: BMState, ship: int) -> list[int]:
    return s.zones.get(cargo_zone(ship, s.cards[ship].owner), [])


def room(g: BlueMoon, s: BMState, ship: int) -> int:
    cap = g.capacity(s, ship)
    return max(0, cap - len(cargo(s, ship)))


def bluffs_of(s: BMState, seat: int) -> list[CardRef]:
    """The seat's face-down bluffs, in the order played."""
    cards = s.cards
    return [CardRef(c) for c in s.zones[f"support:{seat}"] if is_bluff(cards[c])]


# ==================================================================================== sources


def play_sources(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[CardRef]:
    """The cards the seat may play characters, boosters and supports from now: its hand, or in
    a landing turn the landed ship's cargo (and the hand too with Sea Falcon's text)."""
    hand: list[CardRef] = s.zones[f"hand:{seat}"]  # type: ignore[assignment]
    ship = s.turn_info.landed
    if ship is None or ship not in s.cards:
        return hand
    out: list[CardRef] = list(cargo(s, ship))  # type: ignore[arg-type]
    if g.has_keyword(s, ship, LAND_FROM_HAND) and eff.text_on(ship):
        out.extend(hand)
    return out


def source_zone(s: BMState, seat: int, cid: int) -> str:
    if cid in s.zones[f"hand:{seat}"]:
        return f"hand:{seat}"
    ship = s.turn_info.landed
    if ship is not None and cid in cargo(s, ship):
        return cargo_zone(ship, seat)
    return f"hand:{seat}"


def from_ship_free(g: BlueMoon, s: BMState, seat: int, cid: int, d: CardDef) -> bool:
    """A Buka character played from a landed ship counts as FREE."""
    ship = s.turn_info.landed
    return (
        d.type == "character" and d.people == "Buka" and ship is not None and cid in cargo(s, ship)
    )


# ==================================================================================== options


def support_allowance(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> str | None:
    """The allowance a support play that is neither FREE nor PAIR would use now (a bluff, or a
    load which replaces a support play): a support grant, the normal booster-or-support play,
    then a grant of either kind; after a STOP card only grants."""
    ti = s.turn_info
    kind = play.grant_left(g, s, eff, seat, ("support",))
    if kind:
        return f"grant:{kind}"
    if not ti.stop and ti.bs_normal < (1 if s.fight_started else 0):
        return "normal"
    kind = play.grant_left(g, s, eff, seat, ("either",))
    return f"grant:{kind}" if kind else None


def _bluff_would_be_ignored(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int) -> bool:
    """Whether an opposing power would ignore the card's values as a face-down support (then
    the bluff may not be played, research §6.6). Probed by marking the card for a moment."""
    if not any(s.cards[src].controller != seat for src, _ in eff.ignorers):
        return False
    card = s.cards[cid]
    face, counters = card.face_up, card.counters
    card.face_up, card.counters = False, {**counters, BLUFF: 1}
    try:
        mask = InForce(g, s).flags(cid)[0]
    finally:
        card.face_up, card.counters = face, counters
    return bool(mask & (IG_FIRE | IG_EARTH))


def bluff_mode(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int) -> str | None:
    """How the card may be played face down as a bluff now (None: it may not)."""
    d = g.defs[s.cards[cid].defn]
    if d.type != "character" or BLUFF not in eff.icons(cid):
        return None  # the BLUFF icon is checked in hand (004 Card Play: Cards in Hand)
    if eff.prohibitors and eff.prohibited(seat, "bluff", cid):
        return None
    mode = support_allowance(g, s, eff, seat)
    if mode is None or _bluff_would_be_ignored(g, s, eff, seat, cid):
        return None
    return mode


def land_options(g: BlueMoon, s: BMState, seat: int) -> list[Option]:
    if s.turn_info.landed is not None:
        return []
    return [
        Option(
            f"land:{ship}",
            f"Land {g.card_name(s, ship)} ({len(cargo(s, ship))} aboard)",
            card=CardRef(ship),
            arg="land",
        )
        for ship in s.zones[f"influence:{seat}"]
        if cargo(s, ship)
    ]


def bs_extra_options(g: BlueMoon, s: BMState, eff: InForce, seat: int) -> list[Option]:
    """Bluffs and loads the seat may make in its booster/support phase."""
    options: list[Option] = []
    sources = play_sources(g, s, eff, seat)
    for cid in sources:
        if bluff_mode(g, s, eff, seat, cid) is not None:
            options.append(
                Option(
                    f"bluff:{cid}",
                    f"Play {g.card_name(s, cid)} face down",
                    card=cid,
                    arg="bluff",
                )
            )
    ships = [c for c in s.zones[f"influence:{seat}"] if room(g, s, c) > 0]
    if ships and support_allowance(g, s, eff, seat) is not None:
        hand: list[CardRef] = s.zones[f"hand:{seat}"]  # type: ignore[assignment]
        for cid in hand:
            if g.defs[s.cards[cid].defn].type not in LOADABLE:
                continue
            if eff.prohibitors and eff.prohibited(seat, "load", cid):
                continue
            for ship in ships:
                options.append(
                    Option(
                        f"load:{cid}:{ship}",
                        f"Load {g.card_name(s, cid)} onto {g.card_name(s, ship)}",
                        card=CardRef(cid),
                        arg="load",
                        target=CardRef(ship),
                    )
                )
    return options


# ==================================================================================== actions


def _use_allowance(s: BMState, mode: str) -> None:
    ti = s.turn_info
    if mode == "normal":
        ti.bs_normal += 1
    elif mode.startswith("grant:"):
        kind = mode[6:]
        ti.grants_used[kind] = ti.grants_used.get(kind, 0) + 1
    ti.bs_phase = True


def land(g: BlueMoon, s: BMState, seat: int, ship: CardRef) -> None:
    move(s, ship, f"landed:{seat}", from_zone=f"influence:{seat}")
    s.turn_info.landed = ship
    if s.logging:
        g.log(
            s,
            "land",
            "bm.ship.land",
            f"{s.names[seat]} lands {g.card_name(s, ship)} with {len(cargo(s, ship))} card(s)",
            seat,
            card=ship,
        )


def play_bluff(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int) -> None:
    mode = bluff_mode(g, s, eff, seat, cid)
    if mode is None:
        raise EngineError(f"blue-moon: bluff {cid} was offered but cannot be played")
    src = source_zone(s, seat, cid)
    move(s, cid, f"support:{seat}", from_zone=src)
    card = s.cards[cid]
    card.face_up = False
    card.counters[BLUFF] = 1
    _use_allowance(s, mode)
    s.turn_info.bluffs += 1
    if src.startswith("hand"):
        g.hand_changed(s, seat)
    if s.logging:
        g.log(
            s,
            "bluff",
            "bm.bluff.play",
            f"{s.names[seat]} plays {g.defs[card.defn].name} face down as a bluff",
            seat,
            visible_to=[seat],
            redacted=f"{s.names[seat]} plays a card face down as a bluff",
            card=cid,
        )


def load(g: BlueMoon, s: BMState, seat: int, cid: int, ship: int, rule: str) -> None:
    """Put a hand (or deck) card onto the ship, face down and hidden from the opponent."""
    src = "hand" if cid in s.zones[f"hand:{seat}"] else "deck"
    move(s, cid, cargo_zone(ship, seat), from_zone=f"{src}:{seat}")
    s.cards[cid].face_up = False
    if src == "hand":
        g.hand_changed(s, seat)
    if s.logging:
        g.log(
            s,
            "load",
            rule,
            f"{s.names[seat]} loads {g.card_name(s, cid)} onto {g.card_name(s, ship)}",
            seat,
            visible_to=[seat],
            redacted=f"{s.names[seat]} loads a card onto {g.card_name(s, ship)}",
            card=cid,
        )


def load_in_bs(g: BlueMoon, s: BMState, eff: InForce, seat: int, cid: int, ship: CardRef) -> None:
    mode = support_allowance(g, s, eff, seat)
    assert mode is not None
    load(g, s, seat, cid, ship, "bm.ship.load")
    _use_allowance(s, mode)
    s.turn_info.loads.append(ship)


def reveal(g: BlueMoon, s: BMState, cid: int, why: str) -> None:
    """A bluff stops being a bluff: it is turned face up (and logged for both players)."""
    card = s.cards[cid]
    card.face_up = True
    card.counters.pop(BLUFF, None)
    if s.logging:
        d = g.defs[card.defn]
        kind = d.bluff_kind or "no"
        g.log(
            s,
            "bluff_reveal",
            "bm.bluff.reveal",
            f"{s.names[card.owner]}'s bluff is revealed ({why}): {d.name}, {kind} bluff icon",
            card.owner,
            card=cid,
        )


def discard_ship(g: BlueMoon, s: BMState, ship: int, rule: str) -> None:
    """A ship goes to its owner's discard pile, and all its cargo with it (shown)."""
    seat = s.cards[ship].owner
    for zone in (f"landed:{seat}", f"influence:{seat}"):
        if ship in s.zones[zone]:
            move(s, ship, f"discard:{seat}", from_zone=zone)
            break
    aboard = cargo(s, ship)
    names = [g.card_name(s, c) for c in aboard]
    for cid in list(aboard):
        move(s, cid, f"discard:{seat}", from_zone=cargo_zone(ship, seat))
        s.cards[cid].face_up = True
    if s.turn_info.landed == ship:
        s.turn_info.landed = None
    if s.logging:
        rest = f" with {', '.join(names)}" if names else ""
        g.log(
            s,
            "ship_discard",
            rule,
            f"{s.names[seat]} discards {g.card_name(s, ship)}{rest}",
            seat,
        )


def discard_landed(g: BlueMoon, s: BMState, seat: int, rule: str) -> None:
    for ship in list(s.zones[f"landed:{seat}"]):
        discard_ship(g, s, ship, rule)


# ==================================================================================== undo


def undo(g: BlueMoon, s: BMState, seat: int) -> list[str]:
    """Take back this turn's bluffs and loads (backtracking, ruling R4); returns names."""
    ti = s.turn_info
    names: list[str] = []
    if ti.bluffs:
        mine = bluffs_of(s, seat)[-ti.bluffs :]
        for cid in reversed(mine):
            card = s.cards[cid]
            card.face_up = True
            card.counters.pop(BLUFF, None)
            move(s, cid, f"hand:{seat}", from_zone=f"support:{seat}")
            names.append("a bluff")
        ti.bluffs = 0
    for ship in reversed(ti.loads):
        zone = cargo_zone(ship, seat)
        loaded = s.zones[zone][-1]
        move(s, loaded, f"hand:{seat}", from_zone=zone)
        s.cards[loaded].face_up = True
        names.append("a loaded card")
    ti.loads = []
    return names


# ==================================================================================== calling


def maybe_call(g: BlueMoon, s: BMState, seat: int) -> None:
    """After ``seat`` announced: if it has a bluff whose values count, the opponent may call."""
    mine = bluffs_of(s, seat)
    if not mine:
        return
    eff = InForce(g, s)
    bit = IG_FIRE if s.element == "fire" else IG_EARTH
    if all(eff.flags(c)[0] & bit for c in mine):
        return
    if eff.prohibitors and eff.prohibited(other(seat), NO_CALL, -1):
        if s.logging:
            g.log(
                s,
                "no_call",
                "bm.ability.opponent_cannot_call_bluff",
                f"{s.names[other(seat)]} may not call the bluff",
                seat,
            )
        return
    g.push_step(s, BluffCall(seat=other(seat), bluffer=seat, n=len(mine)))


class BluffCall(BMStep, tag="bm.bluff_call"):
    """The non-active player (``seat``) may call the bluffs of ``bluffer``, who announced."""

    bluffer: int
    n: int

    def ask(self, game: BlueMoon, s: BMState) -> Decision | None:
        return game.question(
            self.seat,
            "bluff_call",
            f"{s.names[self.bluffer]} has {self.n} bluff(s) face down in a {s.element} fight: "
            "call?",
            [Option("call", "Call the bluff"), Option("pass", "Let it stand")],
            "bm.bluff.call",
        )

    def answer(self, g: BlueMoon, s: BMState, option: Option) -> None:
        from .fight import push_retreat

        caller, bluffer = self.seat, self.bluffer
        g.pop(s, self)
        if option.id == "pass":
            if s.logging:
                g.log(s, "bluff_pass", "bm.bluff.call", f"{s.names[caller]} does not call", caller)
            return
        if s.logging:
            g.log(s, "bluff_call", "bm.bluff.call", f"{s.names[caller]} calls the bluff", caller)
        good = True
        for cid in bluffs_of(s, bluffer):
            d = g.defs[s.cards[cid].defn]
            good = good and d.bluff_kind == s.element
            reveal(g, s, cid, "called")
            move(s, cid, f"discard:{bluffer}", from_zone=f"support:{bluffer}")
        if good:
            if s.logging:
                g.log(
                    s,
                    "bluff_good",
                    "bm.bluff.good",
                    f"every bluff shows the {s.element} bluff icon: {s.names[bluffer]} "
                    "attracts a dragon",
                    bluffer,
                )
            g.attract_dragon(s, bluffer, "bm.bluff.good")
            return
        if s.logging:
            g.log(
                s,
                "bluff_bad",
                "bm.bluff.bad",
                f"not every bluff shows the {s.element} bluff icon: {s.names[caller]} attracts a "
                f"dragon and {s.names[bluffer]} must retreat",
                caller,
            )
        g.attract_dragon(s, caller, "bm.bluff.bad")
        if s.result is None:
            push_retreat(g, s, bluffer, "bm.bluff.bad", "the bluff was called")
