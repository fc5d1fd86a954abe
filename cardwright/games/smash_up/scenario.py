"""Building Smash Up positions from scenario files, and the facts scenarios can check.

``setup`` keys:

``active``
    The seat name whose turn it is (default: the first).
``turn``
    The turn number (default 3).
``phase``
    ``start`` (before the start of the turn), ``play`` (default), ``score``, ``draw``, ``end``.
``plays``
    ``{minion: N, action: N}``: the free plays left this Play Cards phase (default 1 and 1).
``vp``
    ``{seat name: VP}``.
``bases``
    The bases in play, in table order. Each is ``"Base Name as alias"`` or a mapping
    ``{base: "Base Name as alias", minions: {Seat: [minion, ...]}, actions: {Seat: [card, ...]},
    buried: {Seat: [card, ...]}}`` where ``actions`` are played on the base and ``buried``
    are cards that seat buried there (its own, face down, seen by it alone). A minion is
    ``"Name +N as alias"`` (``+N``: +1 power counters) or
    ``{card: "Name as alias", counters: N, owner: Seat, actions: [card]}``
    (``owner``: who owns it when another seat controls it; ``actions``: actions on it,
    controlled by the minion's controller, or ``{card: ..., owner: Seat}`` for another seat's).
``base_deck`` / ``base_discard``
    Bases, top first (default base deck: the unused bases of the core set, in data order).
``seats``
    ``{seat name: {hand: [...], deck: [...] (top first), discard: [...]}}``.
``madness``
    How many cards the Madness deck holds (default: when a card or base of The Obligatory
    Cthulhu Set or a Madness card is in the position, the Madness cards it does not place, of
    30; else no Madness deck).
``played``, ``talents_used``, ``named``, ``lasting``
    Earlier in the turn: ``{minion: N, action: N}`` played so far; the aliases of cards whose
    Talent was used; ``{alias: word}``, what a card named when played (a faction); lasting
    effects in force (``{key: power, card: alias, amount: 2, seat: Seat}``).

Cards are named by printed name (``"King Rex"``) or id (``"dinosaurs/king_rex"``); the card
set is the config's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.entries import add_lasting_effects, alias_ref, parse_card_spec, whole
from cardwright.core.errors import DataError
from cardwright.core.rng import seed_rng
from cardwright.core.state import Card, CardRef
from cardwright.core.zones import create_card

from . import inplay, madness
from .burying import buried_zone
from .carddata import MADNESS
from .scoring import ScoreBase
from .state import Allowance, SUState
from .turn import Turn

if TYPE_CHECKING:
    from .catalog import Catalog
    from .game import SmashUp

_PHASE_STEP = {"start": 0, "play": 1, "score": 2, "draw": 3, "end": 4}
_SETUP_KEYS = {
    "active",
    "turn",
    "phase",
    "plays",
    "vp",
    "bases",
    "base_deck",
    "base_discard",
    "seats",
    "played",
    "talents_used",
    "named",
    "lasting",
    "madness",
}
_SEAT_ZONES = ("hand", "deck", "discard")
_COUNTERS = re.compile(r"\s+\+(\d+)$")


class _Builder:
    def __init__(self, game: SmashUp, state: SUState) -> None:
        self.game = game
        self.state = state
        self.cat = game.whole_catalog(state.config["card_set"])  # (any card may be named)
        self.aliases: dict[str, int] = {}

    def seat(self, name: Any, where: str) -> int:
        if name not in self.state.names:
            raise DataError(f"{where}: unknown seat {name!r}; seats are {self.state.names}")
        return self.state.names.index(name)

    def defn(self, name: str, where: str, kind: str) -> str:
        defn = self.cat.by_name.get(name.strip().lower())
        table: Mapping[str, Any] = self.cat.bases if kind == "base" else self.cat.cards
        if defn is None or defn not in table:
            raise DataError(f"{where}: no {kind} named {name!r} in card set {self.cat.card_set}")
        return defn

    def make(self, entry: str, owner: int, zone: str, where: str, kind: str = "card") -> list[Card]:
        spec = parse_card_spec(entry, where)
        name, counters = spec.card, 0
        m = _COUNTERS.search(name)
        if m:
            counters, name = int(m[1]), name[: m.start()]
        defn = self.defn(name, where, kind)
        made = []
        for _ in range(spec.count):
            card = create_card(self.state, defn, owner, zone, face_up=zone not in ("deck",))
            if counters:
                card.counters["p1"] = counters
            made.append(card)
        self.game.cards_made(self.state)
        if spec.alias:
            if spec.alias in self.aliases:
                raise DataError(f"{where}: alias {spec.alias!r} is used twice")
            self.aliases[spec.alias] = made[0].id
        return made

    def base(self, entry: Any, where: str) -> None:
        s = self.state
        spec: dict[str, Any] = {"base": entry} if isinstance(entry, str) else dict(entry)
        unknown = set(spec) - {"base", "minions", "actions", "buried"}
        if unknown:
            raise DataError(
                f"{where}: unknown key(s) {sorted(unknown)}; use base, minions, actions, buried"
            )
        (card,) = self.make(str(spec["base"]), -1, "bases", where, "base")
        card.controller = -1
        zone = f"base:{card.id}"
        s.zones[zone] = []
        for seat_name, minions in (spec.get("minions") or {}).items():
            seat = self.seat(seat_name, f"{where}.minions")
            for i, minion in enumerate(minions):
                self.minion(minion, seat, zone, f"{where}.minions.{seat_name}[{i}]")
        for seat_name, actions in (spec.get("actions") or {}).items():
            seat = self.seat(seat_name, f"{where}.actions")
            for i, action in enumerate(actions):
                self.attach(str(action), seat, zone, card.id, f"{where}.actions.{seat_name}[{i}]")
        for seat_name, cards in (spec.get("buried") or {}).items():
            seat = self.seat(seat_name, f"{where}.buried")
            pile = s.zones.setdefault(buried_zone(card.id, seat), [])
            for i, entry in enumerate(cards):
                at = f"{where}.buried.{seat_name}[{i}]"
                for made in self.make(str(entry), seat, buried_zone(card.id, seat), at):
                    made.face_up = False  # (seen by the seat that buried it only)
            if not pile:
                del s.zones[buried_zone(card.id, seat)]

    def minion(self, entry: Any, seat: int, zone: str, where: str) -> None:
        spec: dict[str, Any] = {"card": entry} if isinstance(entry, str) else dict(entry)
        unknown = set(spec) - {"card", "counters", "owner", "actions"}
        if unknown:
            raise DataError(
                f"{where}: unknown key(s) {sorted(unknown)}; use card, counters, owner, actions"
            )
        owner = self.seat(spec["owner"], where) if "owner" in spec else seat
        for card in self.make(str(spec["card"]), owner, zone, where):
            if not self.cat.is_minion[card.defn]:
                raise DataError(f"{where}: {card.defn} is not a minion")
            card.controller = seat
            if "counters" in spec:
                card.counters["p1"] = whole(spec["counters"], f"{where}.counters")
            for i, action in enumerate(spec.get("actions") or []):
                at = f"{where}.actions[{i}]"
                by = seat
                if isinstance(action, Mapping):  # {card: ..., owner: Seat}: another seat's
                    if set(action) - {"card", "owner"} or "card" not in action:
                        raise DataError(f"{at}: an action is a name or {{card: ..., owner: Seat}}")
                    by = self.seat(action["owner"], at) if "owner" in action else seat
                    action = action["card"]
                self.attach(str(action), by, zone, card.id, at)

    def attach(self, entry: str, seat: int, zone: str, host: int, where: str) -> None:
        for card in self.make(entry, seat, zone, where):
            if self.cat.is_minion[card.defn]:
                raise DataError(f"{where}: {card.defn} is a minion, not an action")
            self.state.attached[CardRef(card.id)] = CardRef(host)


def build(
    game: SmashUp, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int
) -> tuple[SUState, dict[str, int]]:
    cfg = game.validate_config(config)
    state = game.state_cls(game=game.id, config=cfg, seed=seed)
    seed_rng(state, seed)
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        raise DataError(f"setup: unknown key(s) {sorted(unknown)}; use {sorted(_SETUP_KEYS)}")
    n = cfg["players"]
    state.names = list(cfg["names"])
    state.vp = [0] * n
    state.turns_taken = [0] * n
    for seat in range(n):
        for zone in _SEAT_ZONES:
            state.zones[f"{zone}:{seat}"] = []
    for zone in ("bases", "base_deck", "base_discard", "resolving", "revealed"):
        state.zones[zone] = []
    b = _Builder(game, state)
    for name, vp in (setup.get("vp") or {}).items():
        state.vp[b.seat(name, "setup.vp")] = whole(vp, f"setup.vp.{name}")
    for i, entry in enumerate(setup.get("bases") or []):
        b.base(entry, f"setup.bases[{i}]")
    for key in ("base_deck", "base_discard"):
        entries = setup.get(key)
        if entries is None and key == "base_deck":
            used = {state.cards[c].defn for c in state.zones["bases"]}
            entries = [
                base.name
                for base in b.cat.bases.values()
                if base.set == "core" and base.id not in used
            ]
        for i, entry in enumerate(reversed(entries or [])):
            for card in b.make(str(entry), -1, key, f"setup.{key}[{i}]", "base"):
                card.face_up = key != "base_deck"
    for name, spec in (setup.get("seats") or {}).items():
        seat = b.seat(name, "setup.seats")
        spec = spec or {}
        bad = set(spec) - set(_SEAT_ZONES)
        if bad:
            raise DataError(
                f"setup.seats.{name}: unknown key(s) {sorted(bad)}; use hand, deck, discard"
            )
        for zone in _SEAT_ZONES:
            entries = spec.get(zone) or []
            if not isinstance(entries, list):
                raise DataError(f"setup.seats.{name}.{zone}: expected a list of cards")
            for i, entry in enumerate(reversed(entries) if zone == "deck" else entries):
                b.make(str(entry), seat, f"{zone}:{seat}", f"setup.seats.{name}.{zone}[{i}]")
    _madness(game, state, setup)
    active = b.seat(setup.get("active", state.names[0]), "setup.active")
    phase = setup.get("phase", "play")
    if phase not in _PHASE_STEP:
        raise DataError(f"setup.phase: {phase!r} is not one of {', '.join(_PHASE_STEP)}")
    turn = whole(setup.get("turn", 3), "setup.turn", 1)
    state.active = active
    state.phase = phase
    plays = setup.get("plays") or {}
    state.allowances = [
        Allowance(kind)
        for kind in ("minion", "action")
        for _ in range(whole(plays.get(kind, 1), f"setup.plays.{kind}"))
    ]
    _history(state, setup, b.aliases)
    for t in range(turn):
        state.turns_taken[(active - (turn - 1) + t) % n] += 1
    if phase == "start":  # the turn frame counts the turn itself when it starts
        turn -= 1
        state.turns_taken[active] -= 1
    state.turn = turn
    game.push_step(state, Turn(seat=active, stage=_PHASE_STEP[phase]))
    game.log(
        state,
        "scenario",
        "su.turn.start",
        f"Scenario position: turn {state.turn}, {state.names[active]}'s {phase} phase",
        active,
    )
    problems = game.invariants(state)
    if problems:
        raise DataError(f"setup: the position is not legal: {problems[0]}")
    inplay.changed(state)  # the setup wrote the zones directly
    game.advance(state)
    return state, b.aliases


def _madness(game: SmashUp, state: SUState, setup: Mapping[str, Any]) -> None:
    """The Madness deck of the position (``setup.madness``; see the module docstring)."""
    cat = game.cat(state)
    placed = sum(1 for c in state.cards.values() if c.defn == MADNESS)
    if "madness" in setup:
        count = whole(setup["madness"], "setup.madness", 0)
    elif placed or any(_cthulhu(cat, c.defn) for c in state.cards.values()):
        count = max(0, madness.MADNESS_CARDS - placed)
    else:
        return
    madness.set_out(game, state, count)


def _cthulhu(cat: Catalog, defn: str) -> bool:
    """Whether a card or base belongs to The Obligatory Cthulhu Set."""
    base = cat.bases.get(defn)
    if base is not None:
        return base.set == "cthulhu"
    faction = cat.factions.get(defn.split("/")[0])
    return faction is not None and faction.set == "cthulhu"


def _history(state: SUState, setup: Mapping[str, Any], aliases: dict[str, int]) -> None:
    """What happened earlier in the turn: ``played`` (``{minion: N, action: N}`` played so
    far), ``talents_used`` (aliases of the cards whose Talent was used), ``named`` (alias ->
    what that card named when played, e.g. a faction) and ``lasting`` effects in force."""
    played = setup.get("played") or {}
    if not isinstance(played, Mapping) or set(played) - {"minion", "action"}:
        raise DataError("setup.played: write {minion: N, action: N} (played this turn)")
    state.minions_played = whole(played.get("minion", 0), "setup.played.minion")
    state.actions_played = whole(played.get("action", 0), "setup.played.action")
    used = setup.get("talents_used") or []
    if not isinstance(used, list):
        raise DataError("setup.talents_used: a list of aliases")
    state.talents_used = [
        ref
        for i, a in enumerate(used)
        if (ref := alias_ref(str(a), aliases, f"setup.talents_used[{i}]"))
    ]
    named = setup.get("named") or {}
    if not isinstance(named, Mapping):
        raise DataError("setup.named: map aliases to the word each card named")
    for alias, word in named.items():
        ref = alias_ref(str(alias), aliases, f"setup.named.{alias}")
        assert ref is not None
        state.named[ref] = str(word)
    add_lasting_effects(state, setup.get("lasting") or [], aliases)


def facts(game: SmashUp, state: SUState) -> dict[str, Any]:
    names = state.names
    cards = state.cards
    bases = state.zones["bases"]
    out: dict[str, Any] = {
        "vp": {n: state.vp[i] for i, n in enumerate(names)},
        "turn": state.turn,
        "phase": state.phase,
        "active": names[state.active],
        "bases": list(bases),
        "base_deck_count": len(state.zones["base_deck"]),
        "base_discard": list(state.zones["base_discard"]),
        "resolving": list(state.zones["resolving"]),
        "revealed": list(state.zones["revealed"]),
        "plays_left": {
            kind: sum(1 for a in state.allowances if a.kind == kind)
            for kind in ("minion", "action")
        },
    }
    at: dict[str, list[int]] = {}
    minions: dict[str, dict[str, list[int]]] = {}
    totals: dict[str, dict[str, int]] = {}
    breakpoints: dict[str, int] = {}
    for bid in bases:
        key = cards[bid].defn
        at[key] = list(state.zones[f"base:{bid}"])
        minions[key] = {n: [] for n in names}
        for cid in game.minions_at(state, bid):
            minions[key][names[cards[cid].controller]].append(cid)
        powers = game.powers_at(state, bid)
        totals[key] = {n: powers.get(i, 0) for i, n in enumerate(names)}
        breakpoints[key] = game.breakpoint(state, bid)
    out.update(at=at, minions=minions, total_power=totals, breakpoint=breakpoints)
    seen: dict[str, int] = {}
    for cid, _ in game.minions_in_play(state):
        seen[cards[cid].defn] = seen.get(cards[cid].defn, 0) + 1
    out["power"] = {
        cards[cid].defn: game.power(state, cid, bid)
        for cid, bid in game.minions_in_play(state)
        if seen[cards[cid].defn] == 1
    }
    out["counters"] = {
        cards[cid].defn: cards[cid].counters.get("p1", 0)
        for cid, _ in game.minions_in_play(state)
        if seen[cards[cid].defn] == 1
    }
    scoring = [f.base for f in state.stack if isinstance(f, ScoreBase)]
    out["scoring"] = cards[scoring[-1]].defn if scoring else None
    # cards in hands, decks and buried that a seat knows though they are not its own (look,
    # reveal)
    out["known_to"] = {
        n: [
            cid
            for zone in state.zones
            if zone.startswith(("hand:", "deck:", "buried:"))
            for cid in state.zones[zone]
            if i in state.known.get(CardRef(cid), ())
        ]
        for i, n in enumerate(names)
    }
    out["public_cards"] = list(state.public_cards)  # cards in hands and decks everyone knows
    out["madness_deck"] = len(state.zones.get(madness.MADNESS_DECK, ()))
    out["box"] = list(state.zones.get(madness.BOX, ()))
    for zone in _SEAT_ZONES:
        out[zone] = {n: list(state.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
        out[f"{zone}_count"] = {n: len(state.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
    return out


def card_facts(game: SmashUp, state: SUState, card: int) -> dict[str, Any]:
    """A card's own facts for ``expect: {"@alias": {...}}``: ``attached`` (the cards on it),
    and for a minion in play its ``power`` and its ``base`` (the base's card id: a scenario
    names it as a setup does, or by alias)."""
    out: dict[str, Any] = {"attached": [c for c, host in state.attached.items() if host == card]}
    for cid, bid in game.minions_in_play(state):
        if cid == card:
            out["power"] = game.power(state, cid, bid)
            out["base"] = bid
    return out
