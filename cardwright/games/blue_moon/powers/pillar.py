"""Blue Moon special powers of the Pillar cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cardwright.core.state import Frame, Option, State
from cardwright.core.zones import move

from ..abilities import (
    LAYER_DOUBLE,
    LAYER_INCREASE,
    AbilitySpec,
    ValueMod,
    mutant,
    register,
)
from .hoax import my_active_characters

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _extra_booster(g: BlueMoon, s: BMState, src: int, seat: int) -> dict[str, int]:
    # Gulpus Permanentus: on my turns I may play one more booster card
    return {"booster": 1} if seat == s.cards[src].controller else {}


register(
    AbilitySpec(
        id="play_1_extra_booster",
        timing=("cont",),
        rule="bm.ability.play_1_extra_booster",
        grants=_extra_booster,
    )
)


def _no_taking(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
    # Bottelus Emptius: my opponent takes no more cards into hand (draws, retrieves, refills)
    return action == "take" and seat != s.cards[src].controller


register(
    AbilitySpec(
        id="opponent_no_taking_cards",
        timing=("cont",),
        rule="bm.ability.opponent_no_taking_cards",
        prohibits=_no_taking,
    )
)


def _reveal_hand(g: BlueMoon, s: BMState, src: int) -> None:
    # Butterfly Scout, Deploy Butterfly: the opponent shows me their hand; the cards stay in
    # that hand and are known to me until they leave it
    me = s.cards[src].controller
    opp = 1 - me
    hand = s.zones[f"hand:{opp}"]
    s.known[me] = sorted(set(s.known[me]) | set(hand))
    if s.logging:
        names = ", ".join(g.card_name(s, c) for c in hand) or "nothing"
        g.log(
            s,
            "reveal_hand",
            "bm.ability.opponent_reveals_hand",
            f"{s.names[opp]} shows {s.names[me]} their hand: {names}",
            me,
            visible_to=[me, opp],
            redacted=f"{s.names[opp]} shows {s.names[me]} their hand",
        )


register(
    AbilitySpec(
        id="opponent_reveals_hand",
        timing=("now",),
        rule="bm.ability.opponent_reveals_hand",
        on_play=_reveal_hand,
    )
)


_GLORIA = "bm.ab.gloria"


def _gloria(g: BlueMoon, s: BMState, src: int) -> None:
    # Gloria Gracia: I may take another card of my combat area back into my hand
    seat = s.cards[src].controller
    eff = g.effects(s)
    if eff.prohibitors and eff.prohibited(seat, "take"):
        return  # a power forbids taking cards into hand
    if [c for c in s.zones[f"combat:{seat}"] if c != src]:
        g.push(s, _GLORIA, seat, source_card=src)


def _gloria_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, src = frame.seat, frame.data["source_card"]
    if choice is None:
        options = [
            Option(f"take:{c}", f"Take {g.card_name(s, c)} back into your hand")
            for c in s.zones[f"combat:{seat}"]
            if c != src
        ]
        options.append(Option("none", "Take nothing back"))
        g.ask(
            s,
            seat,
            "gloria",
            "Take a combat card back?",
            options,
            "bm.ability.return_other_combat_card_to_hand",
        )
        return
    g.pop(s, frame)
    if choice == "none":
        return
    cid = int(choice.split(":", 1)[1])
    move(s, cid, f"hand:{seat}", from_zone=f"combat:{seat}")
    if cid in s.covered:
        s.covered.remove(cid)
    s.targets.pop(cid, None)
    g.hand_changed(s, seat)
    if s.logging:
        g.log(
            s,
            "return",
            "bm.ability.return_other_combat_card_to_hand",
            f"{s.names[seat]} takes {g.card_name(s, cid)} back into hand",
            seat,
            card=cid,
        )


register(
    AbilitySpec(
        id="return_other_combat_card_to_hand",
        timing=("now",),
        rule="bm.ability.return_other_combat_card_to_hand",
        on_play=_gloria,
        frames={_GLORIA: _gloria_frame},
    )
)


def _opponent_6_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Pen-dor-Nith: playable only while my opponent has six or more cards in combat and support
    opp = 1 - seat
    return len(s.zones[f"combat:{opp}"]) + len(s.zones[f"support:{opp}"]) >= 6


register(mutant("flip_element_if_opponent_6_cards_in_play", _opponent_6_cards))


# ---------------------------------------------------------------- the Potions
def _potion(
    layer: int, op: Callable[[int, int, int], int], element: str = "both"
) -> Callable[[BlueMoon, BMState, Effects, int], list[ValueMod]]:
    # value hook: the change applies to the character the Potion's player picked
    def mods(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
        target = s.targets.get(src)
        if target is None or target not in eff.active:
            return []
        return [ValueMod(target, layer, op, element)]

    return mods


_POTIONS: dict[str, Callable[[BlueMoon, BMState, Effects, int], list[ValueMod]]] = {
    # Cosmic Power: both values count twice
    "double_one_character_values": _potion(LAYER_DOUBLE, lambda v, f, e: v * 2),
    # Conjoining: each value becomes the printed Fire plus the printed Earth
    "one_character_values_to_sum": _potion(LAYER_INCREASE, lambda v, f, e: f + e),
    # Mutation: each value becomes the higher printed value
    "one_character_values_to_higher": _potion(LAYER_INCREASE, lambda v, f, e: max(f, e)),
    # Sparkling Fire, Trembling Earth: a value below 6 counts as 6
    "one_character_fire_at_least_6": _potion(LAYER_INCREASE, lambda v, f, e: max(v, 6), "fire"),
    "one_character_earth_at_least_6": _potion(LAYER_INCREASE, lambda v, f, e: max(v, 6), "earth"),
}

for _id, _mods in _POTIONS.items():
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            value_mods=_mods,
            target_choices=my_active_characters,
        )
    )
