"""Blue Moon special powers of the Flit cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import (
    IG_CARD,
    AbilitySpec,
    Ignore,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon
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
