"""Blue Moon special powers of the Hoax cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core.state import Frame, Option, State

from ..abilities import (
    DRAGON_ADDITIONAL,
    LAYER_DOUBLE,
    AbilitySpec,
    ValueMod,
    mutant,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _double(value: int, fire: int, earth: int) -> int:
    return value * 2


def _double_my_supports(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
    # Demegodas the Odd: each of my support cards' values count twice
    me = s.cards[src].controller
    return [ValueMod(cid, LAYER_DOUBLE, _double) for cid in s.zones[f"support:{me}"]]


register(
    AbilitySpec(
        id="double_my_support_values",
        timing=("cont",),
        rule="bm.ability.double_my_support_values",
        value_mods=_double_my_supports,
    )
)


_NO_LBS = frozenset({"leadership", "booster", "support"})


def _no_leadership_booster_support(
    g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int
) -> bool:
    # Thirkomedas the Serene: my opponent may not play leadership, booster or support cards
    if action != "play" or seat == s.cards[src].controller:
        return False
    return g.defn(s, card).type in _NO_LBS


register(
    AbilitySpec(
        id="opponent_no_leadership_booster_support",
        timing=("cont",),
        rule="bm.ability.opponent_no_leadership_booster_support",
        prohibits=_no_leadership_booster_support,
    )
)


def _one_extra_support(g: BlueMoon, s: BMState, src: int, seat: int) -> dict[str, int]:
    # Genathones the Blind, Armory: on my turns I may play one more support card
    return {"support": 1} if seat == s.cards[src].controller else {}


register(
    AbilitySpec(
        id="play_1_extra_support",
        timing=("cont",),
        rule="bm.ability.play_1_extra_support",
        grants=_one_extra_support,
    )
)


def _extra_dragon(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # Redamikanas, Fearsome Spirits: if my opponent retreats I attract one more dragon
    return n + 1 if retreater != s.cards[src].controller else n


register(
    AbilitySpec(
        id="extra_dragon_if_opponent_retreats",
        timing=("retreat",),
        rule="bm.ability.extra_dragon_if_opponent_retreats",
        dragon_priority=DRAGON_ADDITIONAL,
        dragon_mod=_extra_dragon,
    )
)


_DRAW_UP_TO = "bm.ab.draw_up_to"


def _draw_up_to_5(g: BlueMoon, s: BMState, src: int) -> None:
    # Muster Reinforcements: now I may draw up to five cards
    seat = s.cards[src].controller
    g.push(s, _DRAW_UP_TO, seat, most=5, rule="bm.ability.draw_up_to_5", source_card=src)


def _draw_up_to_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, rule = frame.seat, frame.data["rule"]
    if choice is not None:
        g.pop(s, frame)
        n = int(choice.split(":", 1)[1])
        if n:
            g.draw(s, seat, n, rule)
        elif s.logging:
            g.log(s, "draw_none", rule, f"{s.names[seat]} draws no cards", seat)
        return
    most = g.drawable(s, seat, frame.data["most"])
    if most == 0:  # nothing can be drawn: the power does nothing
        g.pop(s, frame)
        if s.logging:
            g.log(s, "draw_none", rule, f"{s.names[seat]} has no card to draw", seat)
        return
    options = [Option(f"draw:{n}", f"Draw {n} card(s)") for n in range(most, -1, -1)]
    g.ask(s, seat, "draw_up_to", f"Draw up to {most} cards", options, rule)


register(
    AbilitySpec(
        id="draw_up_to_5",
        timing=("now",),
        rule="bm.ability.draw_up_to_5",
        on_play=_draw_up_to_5,
        frames={_DRAW_UP_TO: _draw_up_to_frame},
    )
)


def _opponent_power_7(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Var-dis-Nar: only while the opponent's total power in the contested element is 7 or more
    return s.fight_started and g.total_power(s, 1 - seat, eff=eff) >= 7


register(mutant("flip_element_if_opponent_power_7", _opponent_power_7))
