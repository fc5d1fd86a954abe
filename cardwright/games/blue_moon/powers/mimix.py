"""Blue Moon special powers of the Mimix cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..abilities import (
    mutant,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _opponent_3_active(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Neth-sur-Pot: only while the opponent has three or more active cards (ignored ones count:
    # an ignored card stays active, 004 Special Power Texts: Ignored)
    return len(g.active_cards(s, 1 - seat)) >= 3


register(mutant("flip_element_if_opponent_3_active_cards", _opponent_3_active))
