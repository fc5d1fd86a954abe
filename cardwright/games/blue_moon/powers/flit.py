"""Blue Moon special powers of the Flit cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import (
    IG_CARD,
    AbilitySpec,
    Ignore,
    mutant,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _ignore_opponent_supports(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Flitterflutter: my opponent's support cards are ignored (values, icons and text),
    # wherever they are: a FREE support in hand loses its FREE icon too (004 Cards in Hand)
    if s.cards[target].owner == s.cards[src].controller:
        return None
    if g.defn(s, target).type != "support":
        return None
    return Ignore(IG_CARD)


register(
    AbilitySpec(
        id="ignore_opponent_supports",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_supports",
        ignore_priority=2,
        ignores=_ignore_opponent_supports,
    )
)


def _my_areas_empty(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Fel-nar-Gan: only while my combat area (covered cards included) and support area are empty
    return not s.zones[f"combat:{seat}"] and not s.zones[f"support:{seat}"]


register(mutant("flip_element_if_my_areas_empty", _my_areas_empty))
