"""Building Varia positions from scenario files, and the facts scenarios can check.

``setup`` keys (docs/scenarios.md, Varia):

* ``active`` (seat name, default the first), ``turn`` (default 2), ``step`` (``start``,
  ``movement``, ``action`` (default), ``reaction``, ``fast``, ``resolution``), ``engaged``
  (default false);
* ``seats``: per seat name ``health``, ``ap``, ``stacks`` (``{Enraged: 3}``) and the zones
  ``deck`` (top card first), ``hand``, ``items`` (flag ``exhausted`` = ruined), ``discard``,
  ``forgotten``, ``queue`` (one entry per queued action; a list of entries is a combo);
* ``timeline``: a list of moments, each mapping seat names to an action (a card entry, or a
  list of entries for a combo, the lead first); ``moments``: how many of them are real
  (default all);
* ``lasting``: lasting effects, ``{key: "kw:fast", card: alias, amount: 1, until: ...}``
  (:func:`cardwright.core.entries.add_lasting_effects`);
* ``force``: chance results queued before play starts (each die: its face minus one), for
  positions that roll before the first question.
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

from . import actions
from .cards import find_card
from .plan import Plan, ensure_moment
from .resolution import Resolve
from .state import Slot, VariaState
from .turn import END, FAST, MOVE, REACTION, RESOLVE, START, Turn

if TYPE_CHECKING:
    from .game import Varia

_ZONES = ("deck", "hand", "items", "discard", "forgotten")
_SEAT_KEYS = {"health", "ap", "stacks", "queue", *_ZONES}
_SETUP_KEYS = (
    "active",
    "turn",
    "step",
    "engaged",
    "seats",
    "timeline",
    "moments",
    "lasting",
    "force",
)
_STEPS = ("start", "movement", "action", "reaction", "fast", "resolution")


def build(
    g: Varia, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int
) -> tuple[VariaState, dict[str, int]]:
    cfg = g.validate_options(config)
    s = g.state_cls(game=g.id, config=cfg, seed=seed)
    seed_rng(s, seed)
    s.names = list(cfg["names"])
    seats = setup_seats(setup, _SETUP_KEYS, s.names)
    s.health = [cfg["health"]] * 2
    s.ap = [cfg["action_points"]] * 2
    s.engaged = truth(setup.get("engaged", False), "setup.engaged")
    s.queue = [[], []]
    aliases: dict[str, int] = {}
    for seat, name in enumerate(s.names):
        for zone in ("deck", "hand", "item", "timeline", "queue", "discard", "forgotten", "stacks"):
            s.zones[f"{zone}:{seat}"] = []
        spec = seat_setup(seats, name, sorted(_SEAT_KEYS))
        for key, attr in (("health", "health"), ("ap", "ap")):
            if key in spec:
                getattr(s, attr)[seat] = whole(spec[key], f"setup.seats.{name}.{key}")
        for zone in _ZONES:
            entries = card_list(spec, zone, f"setup.seats.{name}.{zone}")
            real = "item" if zone == "items" else zone
            for entry in reversed(entries) if zone == "deck" else entries:
                _place(g, s, seat, real, entry, aliases, f"setup.seats.{name}.{zone}")
        for entry in spec.get("queue", []) or []:
            cards = _action(g, s, seat, "queue", entry, aliases, f"setup.seats.{name}.queue")
            s.queue[seat].append(Slot(cards, 1 - seat))
        stacks = spec.get("stacks", {}) or {}
        if not isinstance(stacks, dict):
            raise DataError(f"setup.seats.{name}.stacks: map stack names to counts")
        for stack, n in stacks.items():
            if find_card(f"{stack} (stack)").kind != "stack":
                raise DataError(f"setup.seats.{name}.stacks: {stack!r} is not a stack")
            g.change_stacks(
                s,
                seat,
                str(stack),
                whole(n, f"setup.seats.{name}.stacks.{stack}"),
                "va.stack.top",
                None,
            )
    timeline = setup.get("timeline", []) or []
    if not isinstance(timeline, list):
        raise DataError("setup.timeline: a list of moments, each mapping seats to an action")
    for m, moment in enumerate(timeline):
        ensure_moment(s, m)
        if not isinstance(moment, dict):
            raise DataError(f"setup.timeline[{m}]: map seat names to actions")
        for name, entry in moment.items():
            if name not in s.names:
                raise DataError(f"setup.timeline[{m}]: unknown seat {name!r}")
            seat = s.names.index(name)
            cards = _action(g, s, seat, "timeline", entry, aliases, f"setup.timeline[{m}].{name}")
            s.timeline[m].slots[seat] = Slot(cards, 1 - seat)
    s.moments = whole(setup.get("moments", len(timeline)), "setup.moments")
    if s.moments > len(s.timeline):
        raise DataError(f"setup.moments: {s.moments} but the timeline lists {len(s.timeline)}")
    add_lasting_effects(s, setup.get("lasting") or [], aliases)
    s.config["decks"] = [
        {
            "name": f"{n} (scenario)",
            "format": "scenario",
            "class": "",
            "actions": sorted(
                c.defn
                for c in s.cards.values()
                if c.owner == i and find_card(c.defn).kind == "action"
            ),
            "items": [s.cards[c].defn for c in s.zones[f"item:{i}"]],
        }
        for i, n in enumerate(s.names)
    ]
    active = seat_named(s.names, setup.get("active", s.names[0]), "setup.active")
    s.active = active
    s.turn = whole(setup.get("turn", 2), "setup.turn", 1)
    step = setup.get("step", "action")
    if step not in _STEPS:
        raise DataError(f"setup.step: {step!r} is not one of {', '.join(_STEPS)}")
    forced = setup.get("force", []) or []
    if not isinstance(forced, list):
        raise DataError("setup.force: a list of chance results (a die's face minus one)")
    s.forced.extend(whole(v, "setup.force") for v in forced)
    _flow(g, s, active, step)
    g.log(
        s,
        "scenario",
        "va.step.start",
        f"Scenario position: turn {s.turn}, {s.names[active]} active, {step} step",
        active,
    )
    g.advance(s)
    return s, aliases


def _flow(g: Varia, s: VariaState, active: int, step: str) -> None:
    """Put the turn where the scenario starts it."""
    if step == "start":
        s.turn -= 1
        g.push_step(s, Turn(seat=active, stage=START))
        return
    stage = {
        "movement": MOVE,
        "action": REACTION,
        "reaction": FAST,
        "fast": RESOLVE,
        "resolution": END,
    }[step]
    g.push_step(s, Turn(seat=active, stage=stage))
    s.step = step
    if step == "action":
        g.push_step(s, Plan(seat=active, phase="action"))
    elif step == "reaction":
        g.push_step(s, Plan(seat=1 - active, phase="reaction"))
    elif step == "fast":
        g.open_window(s, "fast", active, rule="va.step.fast")
    elif step == "resolution":
        g.push_step(s, Resolve())


def _place(
    g: Varia, s: VariaState, seat: int, zone: str, entry: Any, aliases: dict[str, int], where: str
) -> list[CardRef]:
    spec = parse_card_spec(str(entry), where)
    try:
        card = find_card(spec.card)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    expected = {"item": ("item",), "stacks": ("stack",)}.get(zone, ("action", "token", "item"))
    if card.kind not in expected:
        raise DataError(f"{where}: {card.name!r} is a {card.kind}, which cannot be in {zone}")
    if card.kind == "token" and zone not in ("timeline", "queue"):
        raise DataError(f"{where}: a token can only be on the timeline or in a queue")
    made = []
    for _ in range(spec.count):
        c = create_card(
            s, card.id, seat, f"{zone}:{seat}", face_up=zone not in ("deck", "forgotten")
        )
        c.exhausted = "exhausted" in spec.flags
        made.append(CardRef(c.id))
        if spec.alias:
            if spec.alias in aliases:
                raise DataError(f"{where}: alias {spec.alias!r} is used twice")
            aliases[spec.alias] = c.id
    return made


def _action(
    g: Varia, s: VariaState, seat: int, zone: str, entry: Any, aliases: dict[str, int], where: str
) -> list[CardRef]:
    entries = entry if isinstance(entry, list) else [entry]
    cards: list[CardRef] = []
    for e in entries:
        cards.extend(_place(g, s, seat, zone, e, aliases, where))
    if not cards:
        raise DataError(f"{where}: an empty action")
    return cards


# ------------------------------------------------------------------------------ facts
def describe(g: Varia, s: VariaState, slot: Slot) -> dict[str, Any]:
    """An action as scenarios check it: its combined name, cost, power and focus (with the
    modifiers in force), rules, type line, requirement, the keywords it has now, its state."""
    face = actions.printed(s, slot)
    pb, pd, fb, fd = actions.dice(g, s, slot, face)
    ap, hp = actions.costs(g, s, slot, face)
    keywords = sorted(
        k
        for k in ("fast", "impaired", "improved", "ranged", "spellfuse")
        if actions.keyword(g, s, slot, k, face)
    )
    return {
        "name": face.name,
        "cost": ap,
        "health_cost": hp,
        "power": actions.notation(pb, pd, 6),
        "focus": actions.notation(fb, fd, 4),
        "rules": face.rules_text(),
        "types": face.type_line,
        "requires": ", ".join(f"{n} {a}" for a, n in face.requires),
        "keywords": keywords,
        "cards": list(slot.cards),
        "performed": slot.performed,
        "disrupted": slot.disrupted,
    }


def facts(g: Varia, s: VariaState) -> dict[str, Any]:
    names = s.names
    out: dict[str, Any] = {
        "health": {n: s.health[i] for i, n in enumerate(names)},
        "ap": {n: s.ap[i] for i, n in enumerate(names)},
        "engaged": s.engaged,
        "turn": s.turn,
        "active": names[s.active],
        "step": s.step,
        "moments": s.moments,
        "timeline_length": len(s.timeline),
        "moment": s.moment + 1,
        "stacks": {
            n: {g.card_name(s, c): s.cards[c].counters.get("n", 0) for c in s.zones[f"stacks:{i}"]}
            for i, n in enumerate(names)
        },
        "queue_detail": {
            n: [actions.printed(s, sl).name for sl in s.queue[i]] for i, n in enumerate(names)
        },
        "ruined": [c for c, card in s.cards.items() if card.exhausted],
        "seen_types": {
            viewer: {
                g.card_name(s, c): sorted(g.card_attr_as(s, c, "types", v))
                for i in (0, 1)
                for c in s.zones[f"discard:{i}"]
            }
            for v, viewer in enumerate(names)
        },
    }
    for zone in ("deck", "hand", "item", "timeline", "queue", "discard", "forgotten"):
        out[zone] = {n: list(s.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
        out[f"{zone}_count"] = {n: len(s.zones[f"{zone}:{i}"]) for i, n in enumerate(names)}
    for m, moment in enumerate(s.timeline):
        out[f"moment_{m + 1}"] = {
            n: None if moment.slots[i] is None else describe(g, s, moment.slots[i])  # type: ignore[arg-type]
            for i, n in enumerate(names)
        }
    return out
