"""Blue Moon special powers of the Vulca cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardwright.core.state import CardRef
from cardwright.core.steps import Step

from ..abilities import (
    AbilitySpec,
    PickOne,
    YesNo,
    attacked_with,
    mutant,
    opponent_play_ban,
    push_value_discard,
    register,
)
from ..cards import CardDef, is_bluff
from ..state import BMState
from .hoax import (
    double_target,
    my_active_characters,
    opponent_may_not_play,
    push_draw_up_to,
)

if TYPE_CHECKING:
    from ..game import BlueMoon


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


# Zig-nur-Don: only in an Earth fight where the opponent's total power is 5 or more
register(mutant("switch_to_fire_if_attacked_with_5_earth", attacked_with("earth", 5), "fire"))


register(
    AbilitySpec(
        id="double_one_character_fire",
        timing=("cont",),
        rule="bm.ability.double_one_character_fire",
        value_mods=double_target("fire"),
        target_choices=my_active_characters,
    )
)


# Flickering Fires: my opponent may not play leadership cards
register(
    AbilitySpec(
        id="opponent_no_leadership",
        timing=("cont",),
        rule="bm.ability.opponent_no_leadership",
        prohibits=opponent_may_not_play("leadership"),
    )
)


def _by_card(test: Callable[[CardDef], bool]) -> Callable[[BlueMoon, BMState, int], bool]:
    return lambda g, s, cid: test(g.defn(s, cid))


for _id, _banned in (
    # Ember: my opponent may not play a character whose card carries no power text
    ("opponent_no_textless_characters", lambda d: d.type == "character" and not d.ability),
    # Heat Haze: my opponent may not play a character or booster whose card carries power text
    (
        "opponent_no_text_characters_boosters",
        lambda d: d.type in ("character", "booster") and bool(d.ability),
    ),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            prohibits=opponent_play_ban(_by_card(_banned)),
        )
    )


def _no_cards_from_deck(
    g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int
) -> bool:
    # Wall of Fire: my opponent may take no card from their draw deck (refills, draws, searches)
    return action == "draw" and seat != s.cards[src].controller


register(
    AbilitySpec(
        id="opponent_no_cards_from_deck",
        timing=("cont",),
        rule="bm.ability.opponent_no_cards_from_deck",
        prohibits=_no_cards_from_deck,
    )
)


def _draw_2_extra(g: BlueMoon, s: BMState, src: int) -> None:
    # Flare: at the end of my turn (after the refill) I may draw two more cards
    push_draw_up_to(g, s, src, 2)


register(
    AbilitySpec(
        id="draw_2_extra_at_end",
        timing=("end",),
        rule="bm.ability.draw_2_extra_at_end",
        on_end_turn=_draw_2_extra,
    )
)


# ------------------------------------------------------------ picking cards in play
def opponent_boosters_supports(g: BlueMoon, s: BMState, seat: int) -> list[int]:
    """The opponent's active boosters and supports that ``seat``'s power may reach (PROTECTED
    ones are out of reach, 004 Icons: PROTECTED)."""
    eff = g.effects(s)
    opp = 1 - seat
    return [
        c
        for c in g.active_cards(s, opp)
        if g.defn(s, c).type in ("booster", "support") and not eff.protected(c)
    ]


def _choices(g: BlueMoon, s: BMState, seat: int, what: str) -> list[int]:
    if what == "opp_booster_support":
        return opponent_boosters_supports(g, s, seat)
    if what == "opp_character":
        eff = g.effects(s)
        chars = [c for c in g.active_cards(s, 1 - seat) if g.defn(s, c).type == "character"]
        if len(chars) < 2:  # Highchirp: only against two or more active characters
            return []
        return [c for c in chars if not eff.protected(c)]
    if eff_take_blocked(g, s, seat):
        return []
    if what == "my_active":
        return list(g.active_cards(s, seat))
    if what == "my_combat":
        return list(s.zones[f"combat:{seat}"])
    raise ValueError(what)


def eff_take_blocked(g: BlueMoon, s: BMState, seat: int) -> bool:
    """Whether a power forbids ``seat`` to take cards into hand."""
    eff = g.effects(s)
    return bool(eff.prohibitors) and eff.prohibited(seat, "take")


class PickInPlay(PickOne, Step, tag="bm.ab.pick_in_play"):
    """The card's player picks one card in play (``what``: ``opp_booster_support``,
    ``opp_character``, ``my_active``, ``my_combat``) to send to its owner's ``to`` zone
    (``discard`` or ``hand``), or none."""

    what: str
    to: str
    rule: str
    source: CardRef

    def candidates(self, g: BlueMoon, s: BMState) -> list[int]:
        return _choices(g, s, self.seat, self.what)

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        verb = "into its owner's hand" if self.to == "hand" else "to the discard pile"
        return f"{g.card_name(s, self.source)}: send a card {verb}"

    def picked(self, g: BlueMoon, s: BMState, card: CardRef) -> None:
        # a face-down bluff taken back into hand is shown, and its owner's opponent goes on
        # knowing that card in that hand (FAQ Bluffing, Summon Sorcerer: faq.bluffing.4)
        shown = self.to == "hand" and is_bluff(s.cards[card])
        g.leave_play(s, card, self.to, self.rule, self.seat)
        if shown:
            s.known[1 - s.cards[card].owner].append(card)


def push_pick_in_play(g: BlueMoon, s: BMState, src: int, what: str, to: str) -> None:
    """Let the card's player pick one card in play to send to its owner's ``to`` zone, or
    none (:class:`PickInPlay`). The choices are public, so with none nothing is asked."""
    spec = g.defn(s, src).spec
    assert spec is not None
    seat = s.cards[src].controller
    g.push_step(s, PickInPlay(seat=seat, what=what, to=to, rule=spec.rule, source=CardRef(src)))


def _discard_booster_or_support(g: BlueMoon, s: BMState, src: int) -> None:
    # Cinder, Earthtremor: I may discard one of my opponent's active boosters or supports
    push_pick_in_play(g, s, src, "opp_booster_support", "discard")


register(
    AbilitySpec(
        id="discard_opponent_booster_or_support",
        timing=("now",),
        rule="bm.ability.discard_opponent_booster_or_support",
        on_play=_discard_booster_or_support,
    )
)


def _return_my_active(g: BlueMoon, s: BMState, src: int) -> None:
    # Summon Sorcerer: I may take one of my active cards back into my hand
    push_pick_in_play(g, s, src, "my_active", "hand")


register(
    AbilitySpec(
        id="return_my_active_card_to_hand",
        timing=("now",),
        rule="bm.ability.return_my_active_card_to_hand",
        on_play=_return_my_active,
    )
)


class Cataclysm(YesNo, Step, tag="bm.ab.discard_all_supports"):
    """Cast Cataclysm: I may discard all my opponent's active supports (PROTECTED ones stay)."""

    rule: str

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        return "Discard all of the opponent's active support cards?"

    def use(self, g: BlueMoon, s: BMState) -> None:
        for c in opponent_boosters_supports(g, s, self.seat):
            if g.defn(s, c).type == "support":
                g.leave_play(s, c, "discard", self.rule, self.seat)


def _cataclysm(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if any(g.defn(s, c).type == "support" for c in opponent_boosters_supports(g, s, seat)):
        g.push_step(s, Cataclysm(seat=seat, rule="bm.ability.discard_all_opponent_supports"))


register(
    AbilitySpec(
        id="discard_all_opponent_supports",
        timing=("now",),
        rule="bm.ability.discard_all_opponent_supports",
        on_play=_cataclysm,
    )
)


# ------------------------------------------------------------ discarding by value
def _charm(g: BlueMoon, s: BMState, src: int) -> None:
    # Charm Holy Dragon: I may discard hand cards with printed Fire adding up to 8 or more to
    # attract a dragon; printed values as in hand, no card to spare (ruling R-A4, FAQ SR5)
    seat = s.cards[src].controller
    rule = "bm.ability.discard_fire_8_attract_dragon"
    push_value_discard(g, s, seat, {"fire": 8}, rule, dragon=True)


register(
    AbilitySpec(
        id="discard_fire_8_attract_dragon",
        timing=("now",),
        rule="bm.ability.discard_fire_8_attract_dragon",
        on_play=_charm,
    )
)
