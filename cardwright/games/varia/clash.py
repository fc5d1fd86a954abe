"""The clash: power and focus rolls, hits and misses, damage dealt and prevented (003 Power,
Focus, & The Clash; Making A Roll; Hit & Miss; Opposed & Unopposed).

Every action performed in the moment (and not disrupted) rolls: its power dice together, then
its focus dice together, the active player's action first; an improved action makes each roll
twice and keeps the higher total, an impaired one the lower (003 Keywords). Then:

* an attack misses when the players are disengaged, unless it is ranged (miss due to distance);
* against a block, an attack hits when its total focus is at least the block's (miss due to
  focus); against an attack it cannot miss due to focus; unopposed, it cannot either;
* an attack that hits deals its total power, less the total power of the action opposing it
  (a block, or an attack: two attacks prevent each other's damage and the stronger pushes the
  difference through); an attack that misses deals nothing but still prevents;
* damage is dealt and prevented before any on-hit rule triggers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.lasting import became
from cardwright.core.state import CardRef
from cardwright.core.vocab import Ctx

from . import actions
from .abilities import card_abilities
from .state import Slot, VariaState

if TYPE_CHECKING:
    from .game import Varia


def fixed_dice(g: Varia, s: VariaState, slot: Slot) -> tuple[int | None, int | None, bool]:
    """The dice rules of the action's parts (``fix_dice``) whose condition holds."""
    power = focus = None
    first = False
    cards = [slot.lead] if s.lasting and became(s, slot.lead) else slot.cards
    for cid in cards:
        defn = became(s, cid) if s.lasting else None
        found = card_abilities(defn or s.cards[cid].defn)
        for fix in found.dice:
            ability = found.action
            assert ability is not None
            ctx = Ctx(g, s, ability, CardRef(cid), s.cards[cid].owner)
            if fix.condition is not None and not fix.condition.eval(ctx):
                continue
            power = fix.power if fix.power is not None else power
            focus = fix.focus if fix.focus is not None else focus
            first = first or fix.roll_first
    return power, focus, first


def roll_action(g: Varia, s: VariaState, seat: int, slot: Slot) -> None:
    """Roll the action's power and focus; store the totals in the slot."""
    face = actions.printed(s, slot)
    keys = actions.changing(g, s, slot)
    pb, pd, fb, fd = actions.dice(g, s, slot, face, keys)
    adv = actions.advantage(g, s, slot, face, keys)
    fix_p, fix_f, first = fixed_dice(g, s, slot)
    name = face.name
    power = g.roll(s, seat, pd, 6, adv, f"power for {name}", "va.roll", fix_p, first, about="power")
    focus = g.roll(s, seat, fd, 4, adv, f"focus for {name}", "va.roll", fix_f, first, about="focus")
    slot.power = pb + power.total
    slot.focus = fb + focus.total
    if s.logging:
        power_of, focus_of = actions.notation(pb, pd, 6), actions.notation(fb, fd, 4)
        g.log(
            s,
            "totals",
            "va.clash",
            f"{name}: total power {slot.power} ({power_of}), total focus {slot.focus} ({focus_of})",
            seat,
            card=slot.lead,
            name=name,
            power=slot.power,
            focus=slot.focus,
            power_of=power_of,
            focus_of=focus_of,
        )


def clash(g: Varia, s: VariaState, m: int) -> set[int]:
    """Resolve the clash of moment ``m``; returns the seats whose attack hit."""
    slots: list[Slot | None] = []
    for seat in (0, 1):
        slot = s.timeline[m].slots[seat]
        live = slot is not None and slot.performed and not slot.disrupted
        slots.append(slot if live else None)
        if slot is not None:
            slot.hit, slot.damage = False, 0
    order = (s.active, 1 - s.active)
    for seat in order:
        slot = slots[seat]
        if slot is not None:
            roll_action(g, s, seat, slot)
    faces = [None if sl is None else actions.printed(s, sl) for sl in slots]
    damage = [0, 0]
    hits: set[int] = set()
    for seat in order:
        slot, face = slots[seat], faces[seat]
        if slot is None or face is None or not face.is_attack:
            continue
        target = slot.target_seat
        them, their = slots[target], faces[target]
        opposed = them is not None and them.target_seat == seat
        name = face.name
        if not s.engaged and not actions.keyword(g, s, slot, "ranged", face):
            if s.logging:
                g.log(
                    s,
                    "miss",
                    "va.clash.distance",
                    f"{name} misses: the players are disengaged",
                    seat,
                )
            continue
        if opposed and their is not None and their.is_block and slot.focus < them.focus:  # type: ignore[union-attr]
            if s.logging:
                g.log(
                    s,
                    "miss",
                    "va.clash.focus",
                    f"{name} misses: focus {slot.focus} against {their.name}'s {them.focus}",  # type: ignore[union-attr]
                    seat,
                )
            continue
        slot.hit = True
        hits.add(seat)
        if opposed and them is not None and their is not None:
            prevented = min(slot.power, them.power)
            dealt = slot.power - prevented
            rule = "va.clash.attack_attack" if their.is_attack else "va.clash.attack_block"
            text = (
                f"{name} hits: {slot.power} power, {their.name} prevents {prevented}: "
                f"{dealt} damage to {s.names[target]}"
            )
        else:
            dealt = slot.power
            rule = "va.clash.unopposed"
            text = f"{name} hits unopposed: {dealt} damage to {s.names[target]}"
        slot.damage = dealt
        damage[target] += dealt
        if s.logging:
            g.log(s, "hit", rule, text, seat, card=slot.lead, damage=dealt)
    for seat in order:
        if damage[seat]:
            g.change_health(s, seat, -damage[seat], "va.clash.damage", "damage")
    return hits
