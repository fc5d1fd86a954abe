"""Blue Moon special powers of the Vulca cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import (
    AbilitySpec,
    mutant,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _floor_6(g: BlueMoon, s: BMState, src: int, seat: int, element: str) -> int:
    # Elemental Enchantment: my total power counts as at least 6
    return 6 if seat == s.cards[src].controller else 0


register(
    AbilitySpec(
        id="total_power_at_least_6",
        timing=("cont",),
        rule="bm.ability.total_power_at_least_6",
        power_floor=_floor_6,
    )
)


def _attacked_with_5_earth(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Zig-nur-Don: only in an Earth fight where the opponent's total power is 5 or more
    return s.element == "earth" and g.total_power(s, 1 - seat, eff=eff) >= 5


register(mutant("switch_to_fire_if_attacked_with_5_earth", _attacked_with_5_earth, "fire"))
