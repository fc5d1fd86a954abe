"""Munchkin's basic actions over the state: where cards are, moving them, levels, classes and
races, equipment and its slots, and combat strength. Every rule area uses these.

Zones: the shared ``door_deck``, ``door_discard``, ``treasure_deck``, ``treasure_discard``;
per seat two hand zones by card back (``hand.door:S`` and ``hand.treasure:S``: the backs are
public, so a hidden hand card is drawn from the pool of its back when determinizing) and
``play:S`` (class, race, Items, kept curses, allies); ``combat`` (the monsters and every card
played into the fight), ``table`` (a card being played or just kicked), ``loot`` (Treasure
drawn face up to divide) and ``corpse`` (a dead player's stuff, being looted).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardwright.core.game import AFTER
from cardwright.core.lasting import forget
from cardwright.core.state import Bindings, CardRef, Lasting, refs

from .cards import CardDef
from .state import MKState

if TYPE_CHECKING:
    from .game import Munchkin

SHARED = ("door_deck", "door_discard", "treasure_deck", "treasure_discard")
#: zones no seat owns (every key of :data:`SHARED` and the table's areas)
COMMON = (*SHARED, "combat", "table", "loot", "corpse")
HAND_SIZE = 5
MAX_LEVEL = 10


def hand_zones(seat: int) -> tuple[str, str]:
    return f"hand.door:{seat}", f"hand.treasure:{seat}"


def hand_zone(card: CardDef, seat: int) -> str:
    return f"hand.{card.deck}:{seat}"


def hand(s: MKState, seat: int) -> list[CardRef]:
    """Every card in ``seat``'s hand (Door backs, then Treasure backs)."""
    zones = s.zones
    return refs(zones[f"hand.door:{seat}"] + zones[f"hand.treasure:{seat}"])


def in_play(s: MKState, seat: int) -> list[CardRef]:
    return refs(s.zones[f"play:{seat}"])


def holder(s: MKState, card: int) -> int:
    """The seat whose hand or play area holds ``card`` (-1 elsewhere)."""
    c = s.cards[card]
    if c.controller >= 0:
        zone_seat = c.controller
        for key in (f"play:{zone_seat}", *hand_zones(zone_seat)):
            if card in s.zones.get(key, ()):
                return zone_seat
    for seat in range(len(s.names)):
        for key in (f"play:{seat}", *hand_zones(seat)):
            if card in s.zones[key]:
                return seat
    return -1


def zone_of(s: MKState, card: int) -> str:
    for key, ids in s.zones.items():
        if card in ids:
            return key
    return ""


def living(s: MKState) -> list[int]:
    return [i for i in range(len(s.names)) if not s.dead[i]]


# ------------------------------------------------------------------------------ moving cards
def place(g: Munchkin, s: MKState, card: int, dest: str, *, seat: int = -1) -> None:
    """Move ``card`` from wherever it is to the top of ``dest``; its bookkeeping follows
    (equipped or attached status, what others know of it, lasting effects on it)."""
    src = zone_of(s, card)
    s.zones[src].remove(card)
    s.zones[dest].append(card)
    c = s.cards[card]
    ref = CardRef(card)
    if src.startswith("hand.") and not dest.startswith("hand."):
        s.known.pop(ref, None)
        c.face_up = True
    if src.startswith("play:") and dest != src:
        if ref in s.equipped:
            s.equipped.remove(ref)
        leave_play(g, s, card)
        forget(s, card)
    if dest in ("door_deck", "treasure_deck"):
        c.face_up = False
        c.controller = c.owner = -1
    elif not dest.startswith(("hand.", "play:")):
        c.face_up = True
        if dest.endswith("discard"):
            c.controller = c.owner = -1
    if seat >= 0:
        c.controller = seat
        c.owner = seat


def leave_play(g: Munchkin, s: MKState, card: int) -> None:
    """``card`` leaves its player's play area: it stops being attached to anything; what is
    attached to it goes (a Cheat! with its Item, Super Munchkin with its class), except an
    Item a porter carried, which stays in play on its own. A curse kept as the reminder of a
    penalty still to come takes the penalty with it (001 Curses: get rid of the Curse)."""
    if s.lasting and g.defn(s, card).kind == "curse":
        s.lasting = [e for e in s.lasting if e.source != card]
    s.attached.pop(CardRef(card), None)
    for other, host in list(s.attached.items()):
        if host != card:
            continue
        if g.defn(s, other).is_item:
            del s.attached[other]
        elif zone_of(s, other).startswith("play:"):
            to_discard(g, s, other)


def fight_over(seat: int) -> str:
    """The occasion on which what lasts "until the end of ``seat``'s fight" ends."""
    return f"combat_end:{seat}"


def in_fight(s: MKState, seat: int) -> bool:
    """Whether ``seat`` is in the fight under way, fighting or helping ("in combat")."""
    combat = s.combat
    return combat is not None and seat in (combat.fighter, combat.helper)


def penalty_waits(s: MKState, seat: int, curse: int) -> bool:
    """Whether ``curse`` left a penalty on ``seat`` that waits for a fight of theirs to come
    (a "your next combat" curse on a player who is not fighting now: 001 Curses)."""
    if in_fight(s, seat):
        return False
    occasion = fight_over(seat)
    return any(e.source == curse and e.until == occasion for e in s.lasting)


def end_fight(g: Munchkin, s: MKState, seat: int) -> None:
    """``seat``'s part in a fight is over: what lasted until then ends, and the curses they
    kept as the reminder of a penalty for this fight are discarded (001 Curses: the penalty
    has taken effect)."""
    occasion = fight_over(seat)
    play = s.zones[f"play:{seat}"]
    kept = [
        e.source
        for e in s.lasting
        if e.until == occasion
        and e.source is not None
        and e.source in play
        and g.defn(s, e.source).kind == "curse"
    ]
    g.expire(s, occasion)
    for card in dict.fromkeys(kept):
        if card in play and not any(e.source == card for e in s.lasting):
            text = f"{g.card_name(s, card)} has taken effect: {s.names[seat]} discards it"
            g.log(s, "discard", "mk.play.curse_next", text, seat, card=card)
            to_discard(g, s, card)


def to_discard(g: Munchkin, s: MKState, card: int) -> None:
    """Put a card on its deck's discard pile (face up, public). An Item leaving a player's
    play area is announced as ``lost`` (a curse that ends with the headgear hears it)."""
    deck = g.defn(s, card).deck
    seat = holder(s, card)
    was_in_play = seat >= 0 and card in s.zones[f"play:{seat}"]
    place(g, s, card, f"{deck}_discard")
    if was_in_play and g.defn(s, card).is_item:
        g.emit(s, "lost", AFTER, seat, card=card, vars=Bindings(nums={"from": seat}))


def to_hand(g: Munchkin, s: MKState, card: int, seat: int, *, public: bool) -> None:
    """``card`` goes into ``seat``'s hand; ``public``: everyone has seen it (drawn face up,
    looted from a corpse)."""
    place(g, s, card, hand_zone(g.defn(s, card), seat), seat=seat)
    s.cards[card].face_up = public


def to_play(g: Munchkin, s: MKState, card: int, seat: int) -> None:
    place(g, s, card, f"play:{seat}", seat=seat)
    s.cards[card].face_up = True


# ------------------------------------------------------------------------------ traits
def cards_of_kind(g: Munchkin, s: MKState, seat: int, kind: str) -> list[CardRef]:
    return [c for c in in_play(s, seat) if g.defn(s, c).kind == kind]


def classes(g: Munchkin, s: MKState, seat: int) -> list[str]:
    return [g.defn(s, c).tag for c in cards_of_kind(g, s, seat, "class")]


def races(g: Munchkin, s: MKState, seat: int) -> list[str]:
    return [g.defn(s, c).tag for c in cards_of_kind(g, s, seat, "race")]


def has_trait(g: Munchkin, s: MKState, seat: int, trait: str) -> bool:
    """``class:cleric``, ``race:elf`` (``race:human``: no race card), ``sex:female``."""
    kind, _, value = trait.partition(":")
    if kind == "class":
        found = classes(g, s, seat)
        return not found if value == "none" else value in found
    if kind == "race":
        found = races(g, s, seat)
        return not found if value == "human" else value in found
    return s.sex[seat] == value


def super_single(g: Munchkin, s: MKState, seat: int) -> bool:
    """Super Munchkin with a single class: its advantages without its drawbacks (001 Super
    Munchkin)."""
    return bool(cards_of_kind(g, s, seat, "super_munchkin")) and len(classes(g, s, seat)) == 1


def counts_against(g: Munchkin, s: MKState, seat: int, trait: str) -> bool:
    """Whether a monster's bonus against ``trait`` counts against ``seat``: not a class
    drawback a single-class Super Munchkin shrugs off."""
    if trait.startswith("class:") and super_single(g, s, seat):
        return False
    return has_trait(g, s, seat, trait)


def keyword_in_play(g: Munchkin, s: MKState, seat: int, word: str) -> bool:
    """Whether a card ``seat`` has in play (a usable one: an equipped Item, a class, a race,
    an ally, a kept curse) gives the keyword ``word``."""
    return any(g.has_keyword(s, c, word) for c in active_cards(g, s, seat))


def active_cards(g: Munchkin, s: MKState, seat: int) -> list[CardRef]:
    """The cards of ``seat`` whose abilities are in force: everything in play except Items
    that are only carried (not equipped)."""
    equipped = s.equipped
    defs = g.card_defs[s.config["card_set"]]
    cards = s.cards
    return [
        CardRef(c)
        for c in s.zones[f"play:{seat}"]
        if c in equipped or not defs[cards[c].defn].is_item
    ]


# ------------------------------------------------------------------------------ levels
def set_level(
    g: Munchkin,
    s: MKState,
    seat: int,
    delta: int,
    rule: str,
    source: int | None,
    why: str = "",
    *,
    kill: bool = False,
) -> int:
    """Change ``seat``'s level by ``delta``, within the hard rules (001 Conflicts Between Cards
    and Rules): never below 1; the dead go up no level; Level 10 only by killing a monster
    unless a card says it supersedes that rule. Reaching 10 wins. Returns the change made."""
    if delta == 0 or s.result is not None:
        return 0
    before = s.level[seat]
    if delta > 0 and s.dead[seat]:
        g.log(s, "level", "mk.death.no_levels", f"{s.names[seat]} is dead and gains no level")
        return 0
    target = max(1, before + delta)
    if target >= MAX_LEVEL and not kill and not g.may_win_level(s, seat, source):
        target = MAX_LEVEL - 1
        if target <= before:
            g.log(
                s,
                "level",
                "mk.rule.level10",
                f"{s.names[seat]} cannot reach Level {MAX_LEVEL} that way",
                seat,
            )
            return 0
    target = min(MAX_LEVEL, target)
    s.level[seat] = target
    change = target - before
    if change:
        word = "goes up" if change > 0 else "goes down"
        reason = f" ({why})" if why else ""
        g.log(
            s,
            "level",
            rule,
            f"{s.names[seat]} {word} {abs(change)} level(s) to {target}{reason}",
            seat,
            level=target,
        )
    elif delta < 0:
        g.log(s, "level", "mk.rule.level1", f"{s.names[seat]} cannot go below Level 1", seat)
    if target >= MAX_LEVEL:
        g.win(s, seat, rule)
    return change


# ------------------------------------------------------------------------------ equipment
SLOT_LIMITS = {"headgear": 1, "armor": 1, "footgear": 1}


def usable(g: Munchkin, s: MKState, seat: int, item: int) -> bool:
    """Whether ``seat`` may use ``item`` (its restrictions: ``requires`` every trait,
    ``not_for`` none; a single-class Super Munchkin ignores class bans; Cheat! ignores all)."""
    d = g.defn(s, item)
    if cheat_on(s, item) or any(e.key == "borrowed" and e.target == item for e in s.lasting):
        return True
    for trait in d.requires:
        if not has_trait(g, s, seat, trait):
            return False
    for trait in d.not_for:
        if trait.startswith("class:") and super_single(g, s, seat):
            continue
        if has_trait(g, s, seat, trait):
            return False
    return True


def cheat_on(s: MKState, item: int) -> bool:
    """Whether a Cheat! is attached to the Item (the only cards attached to Items)."""
    return any(host == item for host in s.attached.values())


def freed(s: MKState, item: int) -> bool:
    """Whether the Item is free of the slot limits: a Cheat! is on it, or a porter (a
    Hireling, a Dolly) carries it."""
    return item in s.attached or cheat_on(s, item)


def slot_free(g: Munchkin, s: MKState, seat: int, item: int, without: Iterable[int] = ()) -> bool:
    """Whether ``item`` fits among ``seat``'s equipped Items (one headgear, one armor, one
    footgear, two hands' worth), leaving out ``without``."""
    d = g.defn(s, item)
    if freed(s, item) or d.slot == "none":
        return True
    skip = set(without)
    used = 0
    for other in s.equipped:
        if other == item or other in skip or holder(s, other) != seat or freed(s, other):
            continue
        od = g.defn(s, other)
        if od.slot != d.slot:
            continue
        used += od.hands if d.slot == "hands" else 1
    if d.slot == "hands":
        return used + d.hands <= 2
    return used < SLOT_LIMITS[d.slot]


def conflicts(g: Munchkin, s: MKState, seat: int, item: int) -> list[CardRef]:
    """The equipped Items that would have to come off for ``item`` to go on."""
    d = g.defn(s, item)
    if freed(s, item) or d.slot == "none":
        return []
    mine = [
        e
        for e in s.equipped
        if holder(s, e) == seat and not freed(s, e) and g.defn(s, e).slot == d.slot
    ]
    if d.slot != "hands":
        return mine
    out: list[CardRef] = []
    for e in mine:
        if slot_free(g, s, seat, item, without=out):
            break
        out.append(e)
    return out


def big_items(g: Munchkin, s: MKState, seat: int) -> list[CardRef]:
    """The Big Items ``seat`` has in play that count against the one-Big-Item limit."""
    return [c for c in in_play(s, seat) if g.defn(s, c).big and c not in s.attached]


def may_carry_big(g: Munchkin, s: MKState, seat: int) -> bool:
    """Whether ``seat`` may take one more Big Item into play (001 Big Items)."""
    return not big_items(g, s, seat) or keyword_in_play(g, s, seat, "any_big")


def item_bonus(g: Munchkin, s: MKState, item: int) -> int:
    """An Item's bonus now (printed, changed by its own text: a Horned Helmet on an Elf)."""
    d = g.defn(s, item)
    value = g.value(s, "bonus", item, d.bonus)
    return max(0, value) if d.bonus >= 0 else value


def add_mark(s: MKState, seat: int, name: str, until: str, source: int | None = None) -> None:
    """A seat-level mark that lasts until an occasion (``used:...``, ``wall``, ``double``)."""
    ref = None if source is None else CardRef(source)
    s.lasting.append(Lasting(name, None, seat, 1, ref, until=until))


def marks(s: MKState, seat: int, name: str) -> int:
    return sum(1 for e in s.lasting if e.key == name and e.seat == seat and e.target is None)
