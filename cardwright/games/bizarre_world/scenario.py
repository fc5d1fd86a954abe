"""Building Bizarre World positions from scenario files, and the facts scenarios can check.

``setup`` keys: ``active`` (seat name), ``turn`` (default 3), ``phase`` (start, sacrifice,
main, end; default main), ``lasting`` (lasting effects in force), ``seats`` mapping each seat
name to ``life``, ``attack``, ``gray`` and the zones ``deck`` (top card first), ``hand``,
``resources`` (a number of neutral resources, or card entries), ``play`` and ``discard``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.entries import add_lasting_effects, parse_card_spec, whole
from cardwright.core.errors import DataError
from cardwright.core.rng import seed_rng
from cardwright.core.zones import create_card
from cardwright.games.setups import card_list, seat_named, seat_setup, setup_seats

from .decks import FORMATS
from .generator import card_def
from .state import BWState
from .turn import Turn

if TYPE_CHECKING:
    from .game import BizarreWorld

#: setup phases; ``draw`` (the name the game reports then) is ``start``
_PHASE_STEP = {"start": 0, "draw": 0, "sacrifice": 1, "main": 3, "end": 4}
_ZONES = ("deck", "hand", "resources", "play", "discard")
_SEAT_KEYS = {"life", "attack", "gray", *_ZONES}
FILLER = "Boring Box-Man of Minimum Wage (1)"


def build(
    game: BizarreWorld, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int
) -> tuple[BWState, dict[str, int]]:
    cfg = game.validate_options(config)
    if cfg["format"] == "auto":
        cfg["format"] = "speed"
    state = game.state_cls(game=game.id, config=cfg, seed=seed)
    seed_rng(state, seed)
    state.names = list(cfg["names"])
    seats = setup_seats(setup, ("active", "turn", "phase", "seats", "lasting"), state.names)
    life = FORMATS[cfg["format"]].life
    state.life, state.attack, state.gray = [life, life], [0, 0], [0, 0]
    aliases: dict[str, int] = {}
    for seat, name in enumerate(state.names):
        spec = seat_setup(seats, name, sorted(_SEAT_KEYS))
        for key in ("life", "attack", "gray"):
            if key in spec:
                getattr(state, key)[seat] = whole(spec[key], f"setup.seats.{name}.{key}")
        for zone in _ZONES:
            key = f"{zone}:{seat}"
            state.zones[key] = []
            where = f"setup.seats.{name}.{zone}"
            if zone == "resources" and not isinstance(spec.get(zone, []), list):
                entries = [FILLER] * whole(spec[zone], where)
            else:
                entries = card_list(spec, zone, where)
            # decks are written top card first; the zone list keeps its top at the end
            for entry in reversed(entries) if zone == "deck" else entries:
                _place(game, state, seat, zone, str(entry), aliases, where)
    # the decks of record are the scenario's own cards
    cfg["decks"] = [
        {
            "name": f"{n} (scenario)",
            "mode": "crafted",
            "cards": sorted(c.defn for c in state.cards.values() if c.owner == i),
        }
        for i, n in enumerate(state.names)
    ]
    active = seat_named(state.names, setup.get("active", state.names[0]), "setup.active")
    turn = whole(setup.get("turn", 3), "setup.turn", 1)
    phase = setup.get("phase", "main")
    if phase not in _PHASE_STEP:
        raise DataError(f"setup.phase: {phase!r} is not one of {', '.join(_PHASE_STEP)}")
    state.active = active
    first_seat = active if turn % 2 == 1 else 1 - active
    state.turns_taken = [0, 0]
    for t in range(1, turn + 1):
        state.turns_taken[first_seat if t % 2 == 1 else 1 - first_seat] += 1
    if _PHASE_STEP[phase] == 0:  # the turn frame counts the turn itself when it starts
        turn -= 1
        state.turns_taken[active] -= 1
    state.turn = turn
    state.phase = phase
    add_lasting_effects(state, setup.get("lasting") or [], aliases)
    game.push_step(state, Turn(seat=active, stage=_PHASE_STEP[phase]))
    game.log(
        state,
        "scenario",
        "bw.turn",
        f"Scenario position: turn {state.turn}, {state.names[active]}'s {phase} phase",
        active,
    )
    game.advance(state)
    return state, aliases


def _place(
    game: BizarreWorld,
    state: BWState,
    seat: int,
    zone: str,
    entry: str,
    aliases: dict[str, int],
    where: str,
) -> None:
    spec = parse_card_spec(entry, where)
    try:
        card_type = card_def(spec.card, state.config["ruleset"])
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    if card_type.points < 0:  # no deck may hold it: a position no game reaches
        raise DataError(
            f"{where}: {card_type.id!r} has {card_type.points} points; a crafted card needs 0 "
            "or more: raise its cost [bw.deck.points]"
        )
    defn = card_type.id
    for _ in range(spec.count):
        face_up = zone in ("hand", "play", "discard")
        card = create_card(state, defn, seat, f"{zone}:{seat}", face_up=face_up)
        card.exhausted = "exhausted" in spec.flags
        if spec.alias:
            if spec.alias in aliases:
                raise DataError(f"{where}: alias {spec.alias!r} is used twice")
            aliases[spec.alias] = card.id


def facts(game: BizarreWorld, state: BWState) -> dict[str, Any]:
    names = state.names
    out: dict[str, Any] = {
        "life": {n: state.life[i] for i, n in enumerate(names)},
        "attack": {n: state.attack[i] for i, n in enumerate(names)},
        "gray": {n: state.gray[i] for i, n in enumerate(names)},
        "turn": state.turn,
        "phase": state.phase,
        "active": names[state.active],
        "sources": list(state.battle.sources) if state.battle else [],
        "defense_sources": list(state.battle.def_sources) if state.battle else [],
        "exhausted": [cid for cid, c in state.cards.items() if c.exhausted],
    }
    for zone in _ZONES:
        out[zone] = {n: list(state.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
        out[f"{zone}_count"] = {n: len(state.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
    return out
