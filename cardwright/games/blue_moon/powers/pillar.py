"""Blue Moon special powers of the Pillar cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.zones import move

from ..abilities import (
    LAYER_DOUBLE,
    LAYER_INCREASE,
    AbilitySpec,
    ValueMod,
    mutant,
    push_value_discard,
    register,
)
from ..state import BMState
from .hoax import my_active_characters, random_discard

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


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
    s.known[me] = sorted(set(s.known[me]) | {CardRef(c) for c in hand})
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


_GLORIA_RULE = "bm.ability.return_other_combat_card_to_hand"


class Gloria(Step, tag="bm.ab.gloria"):
    """Gloria Gracia: I may take another card of my combat area back into my hand."""

    source: CardRef

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat = cast("BlueMoon", game), cast(BMState, state), self.seat
        options = [
            Option(f"take:{c}", f"Take {g.card_name(s, c)} back into your hand", card=CardRef(c))
            for c in s.zones[f"combat:{seat}"]
            if c != self.source
        ]
        options.append(Option("none", "Take nothing back"))
        return game.question(seat, "gloria", "Take a combat card back?", options, _GLORIA_RULE)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat = cast("BlueMoon", game), cast(BMState, state), self.seat
        g.pop(s, self)
        cid = option.card
        if cid is None:
            return
        move(s, cid, f"hand:{seat}", from_zone=f"combat:{seat}")
        if cid in s.covered:
            s.covered.remove(cid)
        s.targets.pop(cid, None)
        g.hand_changed(s, seat)
        if s.logging:
            g.log(
                s,
                "return",
                _GLORIA_RULE,
                f"{s.names[seat]} takes {g.card_name(s, cid)} back into hand",
                seat,
                card=cid,
            )


def _gloria(g: BlueMoon, s: BMState, src: int) -> None:
    # Gloria Gracia: I may take another card of my combat area back into my hand
    seat = s.cards[src].controller
    eff = g.effects(s)
    if eff.prohibitors and eff.prohibited(seat, "take"):
        return  # a power forbids taking cards into hand
    if [c for c in s.zones[f"combat:{seat}"] if c != src]:
        g.push_step(s, Gloria(seat=seat, source=CardRef(src)))


register(
    AbilitySpec(
        id="return_other_combat_card_to_hand",
        timing=("now",),
        rule="bm.ability.return_other_combat_card_to_hand",
        on_play=_gloria,
    )
)


def _opponent_6_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Pen-dor-Nith: playable only while my opponent has six or more cards in combat and support
    opp = 1 - seat
    return len(s.zones[f"combat:{opp}"]) + len(s.zones[f"support:{opp}"]) >= 6


register(mutant("flip_element_if_opponent_6_cards_in_play", _opponent_6_cards))


# ---------------------------------------------------------------- Cardus Nikkus
# I may take one card unseen from my opponent's hand and discard it (Sarogakanas's step with
# one card: the pick comes from the game RNG and the discarded card is shown to both players)
register(random_discard("discard_1_random_opponent_hand_card", 1))


# ---------------------------------------------------------------- the Caterpillars
# ability id -> (what the discard must reach, whether one element is enough)
CATERPILLARS: dict[str, tuple[dict[str, int], bool]] = {
    "opponent_discards_fire_3_or_retreat": ({"fire": 3}, False),
    "opponent_discards_fire_2_and_earth_2_or_retreat": ({"fire": 2, "earth": 2}, False),
    "opponent_discards_fire_5_or_earth_5_or_retreat": ({"fire": 5, "earth": 5}, True),
    "opponent_discards_earth_3_or_retreat": ({"earth": 3}, False),
}
_CRYSALUS = "double_one_caterpillar_effect"


def caterpillar_need(g: BlueMoon, s: BMState, eff: Effects, src: int) -> dict[str, int]:
    """What the Caterpillar ``src`` demands now: its amounts, doubled while a Crysalus Frendus
    in force has picked it."""
    spec = g.defn(s, src).spec
    assert spec is not None
    need, _ = CATERPILLARS[spec.id]
    doubled = any(
        spec_c.id == _CRYSALUS and s.targets.get(CardRef(c)) == src for c, spec_c in eff.sources
    )
    return {e: n * 2 for e, n in need.items()} if doubled else dict(need)


def _caterpillar_options(
    g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int
) -> list[Option]:
    # the opponent may make the discard at any point of their playing phases (FAQ: Discard
    # (Caterpillar Cards)); offered whenever the hand holds a card, so it tells nothing
    if seat == s.cards[src].controller or s.turn_info.card_uses.get(CardRef(src)):
        return []
    if not s.zones[f"hand:{seat}"]:
        return []
    need = caterpillar_need(g, s, eff, src)
    spec = g.defn(s, src).spec
    assert spec is not None
    what = " and ".join(f"{n} {e}" for e, n in need.items())
    if CATERPILLARS[spec.id][1]:
        what = " or ".join(f"{n} {e}" for e, n in need.items())
    return [
        Option(
            f"ab:{src}:pay",
            f"Discard cards ({what}) for {g.card_name(s, src)}",
            card=CardRef(src),
            arg="ab",
        )
    ]


def _caterpillar_act(g: BlueMoon, s: BMState, src: int, seat: int, option: Option) -> None:
    spec = g.defn(s, src).spec
    assert spec is not None
    need = caterpillar_need(g, s, g.effects(s), src)
    push_value_discard(g, s, seat, need, spec.rule, any_of=CATERPILLARS[spec.id][1], mark=src)


def _caterpillar_unmet(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> bool:
    # the demand is made again in each of the opponent's turns (TurnInfo is per turn)
    return seat != s.cards[src].controller and not s.turn_info.card_uses.get(CardRef(src))


for _id in CATERPILLARS:
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            turn_options=_caterpillar_options,
            act=_caterpillar_act,
            requirement_unmet=_caterpillar_unmet,
            # opening the discard is not yet a discard (the step marks the turn itself)
            reversible=True,
        )
    )


def _my_caterpillars(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[int]:
    # Crysalus Frendus picks one of my active Caterpillars whose text is in force
    me = s.cards[src].controller
    return [c for c, spec in eff.sources if spec.id in CATERPILLARS and s.cards[c].controller == me]


register(
    AbilitySpec(
        id=_CRYSALUS,
        timing=("cont",),
        rule=f"bm.ability.{_CRYSALUS}",
        target_choices=_my_caterpillars,
    )
)


# ---------------------------------------------------------------- the Potions
def _potion(
    layer: int, op: Callable[[int, int, int], int], element: str = "both"
) -> Callable[[BlueMoon, BMState, Effects, int], list[ValueMod]]:
    # value hook: the change applies to the character the Potion's player picked
    def mods(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
        target = s.targets.get(CardRef(src))
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
    # Prodigious Passion: a Fire or Earth value below 5 counts as 5 (an increase, so it comes
    # before doublings and combines with other increases in the best order: rule 7)
    "one_character_values_at_least_5": _potion(LAYER_INCREASE, lambda v, f, e: max(v, 5)),
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
