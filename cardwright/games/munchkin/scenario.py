"""Building Munchkin positions from scenario files, and the facts scenarios can check.

``setup`` keys: ``active`` (seat name, default the first), ``turn`` (default 3), ``phase``
(``arrange``: the active player's first decision of the turn (default); ``kick``: the door is
kicked at once; ``trouble``: Look For Trouble or Loot The Room; ``end``, ``loot`` or
``charity``: after the door, before Charity); ``seats`` mapping each seat name to ``level``,
``sex``, ``dead``, ``hand`` (cards), ``play`` (cards in play: Items there are equipped when
they can be), ``carried`` (Items in play, not equipped); the shared piles ``door_deck`` and
``treasure_deck`` (top card first) and ``door_discard``, ``treasure_discard``; ``lasting``:
lasting effects in force. Cards are named by name or id; card entries take ``xN`` and
``as alias``. Every card of the set not placed goes to the bottom of its
deck, so the game has all its cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.entries import add_lasting_effects, parse_card_spec, truth, whole
from cardwright.core.errors import DataError
from cardwright.core.rng import seed_rng
from cardwright.core.state import CardRef
from cardwright.core.zones import create_card
from cardwright.games.setups import card_list, seat_named, seat_setup, setup_seats

from . import board
from .state import MKState
from .turn import AFTER, ARRANGE, KICK, TROUBLE, Turn

if TYPE_CHECKING:
    from .game import Munchkin

#: setup phases; ``charity`` and ``loot`` (the names the game reports after the door, once the
#: player looted the room) are ``end``
_PHASES = {
    "arrange": ARRANGE,
    "kick": KICK,
    "trouble": TROUBLE,
    "end": AFTER,
    "charity": AFTER,
    "loot": AFTER,
}
_SEAT_KEYS = {"level", "sex", "dead", "hand", "play", "carried"}
_PILES = ("door_deck", "treasure_deck", "door_discard", "treasure_discard")


def build(
    game: Munchkin, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int
) -> tuple[MKState, dict[str, int]]:
    cfg = game.validate_config(config)
    s = game.state_cls(game=game.id, config=cfg, seed=seed)
    assert isinstance(s, MKState)
    seed_rng(s, seed)
    keys = ("active", "turn", "phase", "seats", "lasting", *_PILES)
    seats = setup_seats(setup, keys, list(cfg["names"]))
    n = cfg["players"]
    s.names = list(cfg["names"])
    s.level, s.sex = [1] * n, list(cfg["sexes"])
    s.dead, s.reborn = [False] * n, [False] * n
    for zone in board.COMMON:
        s.zones[zone] = []
    for seat in range(n):
        for zone in (*board.hand_zones(seat), f"play:{seat}"):
            s.zones[zone] = []
    aliases: dict[str, int] = {}
    cards = game.sets[cfg["card_set"]]
    left = {c.id: c.count for c in cards.cards.values()}

    def make(entry: Any, where: str) -> list[int]:
        spec = parse_card_spec(str(entry), where)
        found = cards.find(spec.card)
        if found is None:
            raise DataError(f"{where}: no card {spec.card!r} in the {cfg['card_set']} set")
        out = []
        for _ in range(spec.count):
            if left[found.id] <= 0:
                raise DataError(f"{where}: the set has only {found.count} {found.name}")
            left[found.id] -= 1
            card = create_card(s, found.id, -1, "table", face_up=True)
            s.zones["table"].remove(card.id)
            out.append(card.id)
        if spec.alias:
            if spec.alias in aliases:
                raise DataError(f"{where}: alias {spec.alias!r} is used twice")
            aliases[spec.alias] = out[0]
        return out

    for seat, name in enumerate(s.names):
        spec = seat_setup(seats, name, sorted(_SEAT_KEYS))
        s.level[seat] = whole(spec.get("level", 1), f"setup.seats.{name}.level")
        if not 1 <= s.level[seat] <= 9:
            raise DataError(f"setup.seats.{name}.level: a level from 1 to 9")
        if "sex" in spec:
            if spec["sex"] not in ("male", "female"):
                raise DataError(f"setup.seats.{name}.sex: 'male' or 'female'")
            s.sex[seat] = spec["sex"]
        s.dead[seat] = s.reborn[seat] = truth(spec.get("dead", False), f"setup.seats.{name}.dead")
        for entry in card_list(spec, "hand", f"setup.seats.{name}.hand"):
            for cid in make(entry, f"setup.seats.{name}.hand"):
                d = game.defn(s, cid)
                s.zones[board.hand_zone(d, seat)].append(cid)
                c = s.cards[cid]
                c.controller = c.owner = seat
                c.face_up = False
        for key in ("play", "carried"):
            for entry in card_list(spec, key, f"setup.seats.{name}.{key}"):
                for cid in make(entry, f"setup.seats.{name}.{key}"):
                    s.zones[f"play:{seat}"].append(cid)
                    c = s.cards[cid]
                    c.controller = c.owner = seat
                    _settle_in_play(game, s, seat, cid, equip=key == "play")
    for pile in _PILES:
        entries = card_list(setup, pile, f"setup.{pile}")
        ids = [cid for e in entries for cid in make(e, f"setup.{pile}")]
        deck = pile.split("_")[0]
        for cid in ids:
            if game.defn(s, cid).deck != deck:
                raise DataError(
                    f"setup.{pile}: {game.card_name(s, cid)} is not a {deck.title()} card"
                )
        if pile.endswith("deck"):
            ids.reverse()  # written top first; the zone's top is its end
            for cid in ids:
                s.cards[cid].face_up = False
        s.zones[pile] = ids
    # every other card goes under its deck
    for card in cards.cards.values():
        for _ in range(left[card.id]):
            c = create_card(s, card.id, -1, "table", face_up=False)
            s.zones["table"].remove(c.id)
            s.zones[f"{card.deck}_deck"].insert(0, c.id)
    s.active = seat_named(s.names, setup.get("active", s.names[0]), "setup.active")
    s.turn = whole(setup.get("turn", 3), "setup.turn", 1)
    phase = setup.get("phase", "arrange")
    if phase not in _PHASES:
        raise DataError(f"setup.phase: {phase!r} is not one of {', '.join(_PHASES)}")
    s.phase = phase
    add_lasting_effects(s, setup.get("lasting") or [], aliases)
    game.push_step(s, Turn(seat=s.active, stage=_PHASES[phase]))
    game.log(
        s,
        "scenario",
        "mk.turn",
        f"Scenario position: turn {s.turn}, {s.names[s.active]}'s turn ({phase})",
        s.active,
    )
    game.advance(s)
    return s, aliases


def _settle_in_play(game: Munchkin, s: MKState, seat: int, cid: int, *, equip: bool) -> None:
    d = game.defn(s, cid)
    if d.kind in ("super_munchkin", "half_breed"):
        host = board.cards_of_kind(game, s, seat, "class" if d.kind == "super_munchkin" else "race")
        if not host:
            raise DataError(f"setup: {d.name} needs a card to go on, placed before it")
        s.attached[CardRef(cid)] = host[0]
    fits = board.usable(game, s, seat, cid) and board.slot_free(game, s, seat, cid)
    if d.kind == "item" and equip and fits:
        s.equipped.append(CardRef(cid))


def facts(game: Munchkin, s: MKState) -> dict[str, Any]:
    names = s.names
    combat = s.combat
    out: dict[str, Any] = {
        "level": {n: s.level[i] for i, n in enumerate(names)},
        "sex": {n: s.sex[i] for i, n in enumerate(names)},
        "dead": {n: s.dead[i] for i, n in enumerate(names)},
        "turn": s.turn,
        "phase": s.phase,
        "active": names[s.active],
        "hand": {n: list(board.hand(s, i)) for i, n in enumerate(names)},
        "hand_count": {n: len(board.hand(s, i)) for i, n in enumerate(names)},
        "play": {n: list(s.zones[f"play:{i}"]) for i, n in enumerate(names)},
        "equipped": {
            n: [c for c in s.equipped if board.holder(s, c) == i] for i, n in enumerate(names)
        },
        "strength": {n: game.player_strength(s, i) for i, n in enumerate(names)},
        "in_combat": combat is not None,
        "fighter": names[combat.fighter] if combat else None,
        "helper": names[combat.helper] if combat and combat.helper >= 0 else None,
        "monsters": list(combat.monsters) if combat else [],
        "party_strength": game.party_strength(s) if combat else 0,
        "monster_strength": game.monsters_strength(s) if combat else 0,
        "share": combat.share if combat else None,
        "loot": list(s.zones["loot"]),
        "winners": [names[w] for w in s.result.winners] if s.result is not None else [],
        "corpse": list(s.zones["corpse"]),
    }
    for pile in _PILES:
        out[pile] = list(s.zones[pile])
        out[f"{pile}_count"] = len(s.zones[pile])
    return out


def card_facts(game: Munchkin, s: MKState, card: int) -> dict[str, Any]:
    """A card's own facts for ``expect: {"@alias": {...}}``: ``attached`` (the cards attached
    to it: Cheat! on an Item, a class on Super Munchkin), ``equipped``, and its ``power``: an
    Item's bonus as it counts now, a monster's combat strength."""
    out: dict[str, Any] = {
        "attached": [c for c, host in s.attached.items() if host == card],
        "equipped": card in s.equipped,
    }
    kind = game.defn(s, card).kind
    if kind == "monster":
        out["power"] = game.monster_strength(s, card)
    elif kind == "item":
        out["power"] = board.item_bonus(game, s, card)
    return out
