"""Building Blue Moon positions from scenario files, and the facts scenarios can check.

``setup`` keys: ``active`` (seat name, default the first), ``start`` (the fight's start player,
default ``active``), ``turn`` (default 1), ``phase`` (``begin`` (default: before the start of
turn powers and RETRIEVE), ``main`` (the turn decision, after the cards in ``played``),
``announce``, ``refresh``, ``end``), ``element``
(``fire`` or ``earth`` once the fight has started; empty = the active player's opening turn),
``dragons`` (seat name -> dragons on that side), ``played`` (``@alias`` of cards in play that were
played this turn, in order) and ``seats``, mapping each seat name to the zones ``deck`` (top card
first), ``hand``, ``combat`` (active combat cards), ``covered`` (inactive combat cards, under the
active ones), ``support`` (a BLUFF character flagged ``face-down`` is a bluff), ``discard``,
``leadership`` and ``ships`` (Buka: each entry a ship card, or ``{ship: CARD, cargo: [CARDS]}``,
in the influence area). Cards are named by number
(``"Hoax 12"``) or by name; each seat's leader comes from ``config.peoples``.

Facts (per seat name where it applies): ``dragons``, ``neutral_dragons``, ``crystals``,
``power`` (in the contested element; 0 before the fight opens), ``power_fire``, ``power_earth``,
the zones ``deck``, ``hand``, ``combat``, ``support``, ``discard``, ``leadership``, ``leader`` and
their ``*_count``, ``covered``, ``active_cards``, ``influence``, ``landed``, ``cargo`` (every
card on the seat's ships) and ``cargo_count``, ``bluffs`` (face-down bluffs), ``known`` (the
opponent's hand cards the seat has been shown); and ``turn``, ``phase``, ``active``, ``start``,
``element``, ``fight_started``, ``fights``, ``stop`` (a STOP card was played this turn),
``ignored`` / ``text_ignored`` (cards anywhere that a power ignores) and ``protected`` (active
cards whose PROTECTED icon is in force).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.entries import parse_card_spec, whole
from cardwright.core.errors import DataError
from cardwright.core.rng import seed_rng
from cardwright.core.state import CardRef
from cardwright.core.zones import create_card
from cardwright.games.setups import card_list, seat_named, seat_setup, setup_seats

from . import buka_rules as buka
from .cards import BLUFF, find_card_def
from .decks import resolve_deck
from .fight import Fight, GameStep
from .game import ELEMENTS, ZONES, other
from .inforce import InForce
from .render import short_characters
from .state import BMState, TurnInfo
from .turn import S_AFTER, S_END, S_MAIN, S_REFRESH, S_START, Turn, main_phase

if TYPE_CHECKING:
    from .game import BlueMoon

#: setup phases: ``beginning`` (the name the game reports) is ``begin``; the names it reports
#: inside the turn decision (``retreat``, ``character``, ``booster/support``) are ``main``
_PHASE_STEP = {
    "begin": S_START,
    "beginning": S_START,
    "main": S_MAIN,
    "retreat": S_MAIN,
    "character": S_MAIN,
    "booster/support": S_MAIN,
    "announce": S_AFTER,
    "refresh": S_REFRESH,
    "end": S_END,
}
_SETUP_KEYS = {"active", "start", "turn", "phase", "element", "dragons", "played", "seats"}
_SEAT_ZONES = ("deck", "hand", "covered", "combat", "support", "discard", "leadership", "ships")


def build(
    game: BlueMoon, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int
) -> tuple[BMState, dict[str, int]]:
    cfg = game.validate_config(config)
    state = game.state_cls(game=game.id, config=cfg, seed=seed)
    seed_rng(state, seed)
    state.names = list(cfg["names"])
    decks = [resolve_deck(entry) for entry in cfg["peoples"]]
    state.peoples = [d.people for d in decks]
    seats = setup_seats(setup, sorted(_SETUP_KEYS), state.names)
    aliases: dict[str, int] = {}
    for seat in (0, 1):
        for zone in ZONES:
            state.zones[f"{zone}:{seat}"] = []
    for seat, name in enumerate(state.names):
        create_card(state, decks[seat].leader, seat, f"leader:{seat}")
        spec = seat_setup(seats, name, _SEAT_ZONES)
        for key in _SEAT_ZONES:
            entries = card_list(spec, key, f"setup.seats.{name}.{key}")
            if key == "ships":
                _ships(state, seat, entries, aliases, f"setup.seats.{name}.ships")
                continue
            zone = "combat" if key == "covered" else key
            for entry in reversed(entries) if key == "deck" else entries:
                ids = _place(state, seat, zone, str(entry), aliases, f"setup.seats.{name}.{key}")
                if key == "covered":
                    state.covered.extend(CardRef(c) for c in ids)
    for seat in (0, 1):
        if not state.zones[f"hand:{seat}"]:
            state.ran_out[seat] = 0
    state.clock = 1
    active = seat_named(state.names, setup.get("active", state.names[0]), "setup.active")
    state.active = active
    start = setup.get("start", state.names[active])
    state.start_player = seat_named(state.names, start, "setup.start")
    element = str(setup.get("element", "") or "")
    if element not in ("", *ELEMENTS):
        raise DataError(f"setup.element: {element!r} is not fire or earth")
    if not element and state.start_player != active:
        raise DataError("setup: a fight that has not started yet is opened by its start player")
    state.element = element
    state.fight_started = bool(element)
    state.fights = 1 if element else 0
    for name, n in (setup.get("dragons", {}) or {}).items():
        seat = seat_named(state.names, name, "setup.dragons")
        state.dragons[seat] = whole(n, f"setup.dragons.{name}")
    if (state.dragons[0] and state.dragons[1]) or sum(state.dragons) > 3:
        raise DataError(f"setup.dragons: impossible dragons {setup.get('dragons')}")
    phase = setup.get("phase", "begin")
    if phase not in _PHASE_STEP:
        raise DataError(f"setup.phase: {phase!r} is not one of {', '.join(_PHASE_STEP)}")
    step = _PHASE_STEP[phase]
    state.turn_info = _turn_info(game, state, active, setup.get("played", []) or [], aliases)
    if state.turn_info.chars:
        lead = sum(1 for c in state.turn_info.played if game.defn(state, c).type == "leadership")
        state.turn_info.undo_from = lead
    _check_main_phase(state, phase)
    turn = whole(setup.get("turn", 1), "setup.turn", 1)
    state.turn = turn - 1 if step == S_START else turn
    state.phase = phase
    game.push_step(state, GameStep())
    game.push_step(state, Fight(seat=state.start_player, next=other(active)))
    game.push_step(state, Turn(seat=active, stage=step))
    game.log(
        state,
        "scenario",
        "bm.turn.phases",
        f"Scenario position: turn {turn}, {state.names[active]}'s {phase} phase",
        active,
    )
    game.advance(state)
    return state, aliases


def _ships(
    state: BMState, seat: int, entries: list[Any], aliases: dict[str, int], where: str
) -> None:
    for entry in entries:
        spec = entry if isinstance(entry, dict) else {"ship": entry}
        if set(spec) - {"ship", "cargo"}:
            raise DataError(f"{where}: a ship entry has the keys ship and cargo")
        (ship,) = _place(state, seat, "influence", str(spec["ship"]), aliases, where)
        zone = buka.cargo_zone(ship, seat)
        state.zones[zone] = []
        cargo = spec.get("cargo", []) or []
        for item in cargo:
            for cid in _place(state, seat, zone, str(item), aliases, f"{where}.cargo"):
                state.cards[cid].face_up = False


def _place(
    state: BMState, seat: int, zone: str, entry: str, aliases: dict[str, int], where: str
) -> list[int]:
    spec = parse_card_spec(entry, where)
    try:
        defn = find_card_def(spec.card)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    wanted = {
        "combat": ("character", "booster"),
        "support": ("support",),
        "leadership": ("leadership",),
        "influence": ("ship",),
    }.get(zone)
    if zone.startswith("ship"):
        wanted = buka.LOADABLE
    bluff = zone == "support" and "face-down" in spec.flags
    if bluff:
        if "bluff" not in defn.icons:
            raise DataError(f"{where}: {defn.name} has no BLUFF icon and cannot be a bluff")
    elif wanted is not None and defn.type not in wanted:
        raise DataError(f"{where}: {defn.name} is a {defn.type} card and cannot be in {zone}")
    if defn.type == "leader":
        raise DataError(f"{where}: leaders come from config.peoples")
    ids = []
    for _ in range(spec.count):
        key = zone if zone.startswith("ship") else f"{zone}:{seat}"
        card = create_card(state, defn.id, seat, key, face_up=zone != "deck" and not bluff)
        if bluff:
            card.counters[BLUFF] = 1
        ids.append(card.id)
        if spec.alias:
            if spec.alias in aliases:
                raise DataError(f"{where}: alias {spec.alias!r} is used twice")
            aliases[spec.alias] = card.id
    return ids


def _check_main_phase(state: BMState, phase: str) -> None:
    """The names the game reports inside the turn decision must agree with ``played``:
    ``retreat`` before any character, ``character`` after one, ``booster/support`` after a
    booster or support."""
    ti = state.turn_info
    wanted = {
        "retreat": not ti.chars,
        "character": bool(ti.chars) and not ti.bs_phase,
        "booster/support": ti.bs_phase,
    }
    if not wanted.get(phase, True):
        reported = main_phase(state)
        raise DataError(
            f"setup.phase: {phase!r} does not agree with setup.played (the cards played this "
            f"turn), which puts the turn in its {reported} phase"
        )


def _turn_info(
    game: BlueMoon, state: BMState, seat: int, played: list[Any], aliases: dict[str, int]
) -> TurnInfo:
    ti = TurnInfo()
    for item in played:
        text = str(item)
        cid = aliases.get(text[1:]) if text.startswith("@") else None
        if cid is None:
            raise DataError(f"setup.played: {text!r} is not an @alias of a card in play")
        if state.cards[cid].owner != seat:
            raise DataError(f"setup.played: {text} is not the active player's card")
        d = game.defn(state, cid)
        ref = CardRef(cid)
        ti.played.append(ref)
        if d.type == "leadership":
            ti.modes.append("leadership")
            ti.leadership = ref
            continue
        ti.modes.append("normal")
        if d.type == "character":
            ti.chars += 1
            ti.char_normal = True
        else:
            ti.bs_normal += 1
            ti.bs_phase = True
        if "stop" in d.icons:
            ti.stop = True
        if d.type in ("character", "booster"):
            gang = d.gang if "gang" in d.icons else "-"
            ti.gang = gang if ti.gang in ("", gang) else "-"
        if "pair" in d.icons:
            ti.pair_open.append(ref)
    return ti


def facts(game: BlueMoon, state: BMState) -> dict[str, Any]:
    names = state.names
    eff = InForce(game, state)

    def per(fn: Any) -> dict[str, Any]:
        return {n: fn(i) for i, n in enumerate(names)}

    out: dict[str, Any] = {
        "turn": state.turn,
        "phase": state.phase,
        "active": names[state.active],
        "start": names[state.start_player],
        "element": state.element,
        "fight_started": state.fight_started,
        "fights": state.fights,
        "dragons": per(lambda i: state.dragons[i]),
        "neutral_dragons": 3 - sum(state.dragons),
        "crystals": per(lambda i: state.crystals[i]),
        "power": per(lambda i: game.total_power(state, i, eff=eff)),
        "power_fire": per(lambda i: game.total_power(state, i, "fire", eff)),
        "power_earth": per(lambda i: game.total_power(state, i, "earth", eff)),
        "covered": per(lambda i: [c for c in state.zones[f"combat:{i}"] if c in state.covered]),
        "active_cards": per(lambda i: game.active_cards(state, i)),
        "stop": state.turn_info.stop,
        "ignored": [c for c in state.cards if eff.flags(c)[0]],
        "text_ignored": [c for c in state.cards if not eff.text_on(c)],
        "protected": [c for c in eff.active if eff.protected(c)],
    }
    out["cargo"] = per(
        lambda i: [
            c
            for ship in state.zones[f"influence:{i}"] + state.zones[f"landed:{i}"]
            for c in buka.cargo(state, ship)
        ]
    )
    out["cargo_count"] = per(lambda i: len(out["cargo"][names[i]]))
    out["bluffs"] = per(lambda i: buka.bluffs_of(state, i))
    out["known"] = per(lambda i: list(state.known[i]))
    for zone in ZONES:
        out[zone] = per(lambda i, z=zone: list(state.zones[f"{z}:{i}"]))
        out[f"{zone}_count"] = per(lambda i, z=zone: len(state.zones[f"{z}:{i}"]))
    return out


def card_facts(game: BlueMoon, state: BMState, card: int) -> dict[str, Any]:
    """A card's own facts for ``expect: {"@alias": {...}}``: its ``fire`` and ``earth`` values
    as they count now (ignored, raised, doubled), ``power`` (its value in the contested
    element, once the fight has one), ``covered`` and ``ignored`` (its text and icons), and
    ``short``: for a character in hand, the "short: at most N" mark its owner's screen shows
    (N, or null when it is not marked)."""
    eff = InForce(game, state)
    out: dict[str, Any] = {
        "fire": eff.value(card, "fire"),
        "earth": eff.value(card, "earth"),
        "covered": card in state.covered,
        "ignored": bool(eff.flags(card)[0]),
    }
    if state.element:
        out["power"] = out[state.element]
    owner = state.cards[card].owner
    if card in state.zones[f"hand:{owner}"]:
        view = game.view(state, owner)
        out["short"] = short_characters(game, view, InForce(game, view), owner).get(card)
    return out
