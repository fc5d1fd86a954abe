"""Blue Moon special powers of the Khind cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Option
from cardwright.core.zones import move

from ..abilities import (
    ANY_NUMBER,
    CHARACTER_OPTIONAL,
    IG_EARTH,
    IG_FIRE,
    LAYER_DOUBLE,
    AbilitySpec,
    Ignore,
    TakeFromShuffledDiscard,
    ValueMod,
    mutant,
    register,
)
from .aqua import MAY_ACTIONS, controller, push_may, push_opp_discard
from .hoax import push_draw_up_to
from .mimix import SearchDeck

if TYPE_CHECKING:
    from ..game import BlueMoon
    from ..inforce import Effects
    from ..state import BMState


# ---------------------------------------------------------------- the Cool gang
_CHARS = ("character",)
_BOOSTER_SUPPORT = ("booster", "support")


def _odd_even_zero(
    types: tuple[str, ...], parity: int
) -> Callable[[BlueMoon, BMState, int, int], Ignore | None]:
    # a printed value of the given parity on the opponent's cards of these types counts as 0;
    # a value reduction, so PROTECTED shields an active card from it (004 Icons: PROTECTED)
    def ignores(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
        card = s.cards[target]
        if card.owner == s.cards[src].controller:
            return None
        d = g.defs[card.defn]
        if d.type not in types:
            return None
        mask = (IG_FIRE if d.fire % 2 == parity and d.fire else 0) | (
            IG_EARTH if d.earth % 2 == parity and d.earth else 0
        )
        return Ignore(mask) if mask else None

    return ignores


for _id, _types, _parity in (
    ("opponent_odd_character_values_zero", _CHARS, 1),
    ("opponent_even_character_values_zero", _CHARS, 0),
    ("opponent_odd_booster_support_values_zero", _BOOSTER_SUPPORT, 1),
    ("opponent_even_booster_support_values_zero", _BOOSTER_SUPPORT, 0),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            ignore_priority=9,  # value reductions come after every other ignore
            ignores=_odd_even_zero(_types, _parity),
        )
    )


# ---------------------------------------------------------------- TopGun, Oath of Khindship
def _draw_1_extra(g: BlueMoon, s: BMState, src: int) -> None:
    push_draw_up_to(g, s, src, 1)


register(
    AbilitySpec(
        id="draw_1_extra_at_end",
        timing=("end",),
        rule="bm.ability.draw_1_extra_at_end",
        on_end_turn=_draw_1_extra,
    )
)


# ---------------------------------------------------------------- TopDog, TopNotch
def _discard_each_turn(
    pick: Callable[[BlueMoon, BMState, Effects, int], list[int]], rule: str
) -> tuple[
    Callable[[BlueMoon, BMState, Effects, int, int], list[Option]],
    Callable[[BlueMoon, BMState, int, int, Option], None],
]:
    # once in each of my turns, at a moment of my choosing, I may discard one of the picked cards
    def options(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> list[Option]:
        if seat != controller(s, src) or s.turn_info.card_uses.get(CardRef(src)):
            return []
        name = g.card_name(s, src)
        return [
            Option(
                f"ab:{src}:{c}",
                f"{name}: discard {g.card_name(s, c)}",
                card=CardRef(src),
                arg="ab",
                target=CardRef(c),
            )
            for c in pick(g, s, eff, 1 - seat)
        ]

    def act(g: BlueMoon, s: BMState, src: int, seat: int, option: Option) -> None:
        s.turn_info.card_uses[CardRef(src)] = 1
        assert option.target is not None
        g.discard_from_play(s, option.target, rule)

    return options, act


def _icon_cards(g: BlueMoon, s: BMState, eff: Effects, opp: int) -> list[int]:
    # active cards that show an icon (even an ignored one: it is still printed, 004 Ignored),
    # apart from PROTECTED ones and the last active character
    active = g.active_cards(s, opp)
    chars = sum(1 for c in active if g.defn(s, c).type == "character")
    return [
        c
        for c in active
        if g.defn(s, c).icons
        and not eff.protected(c)
        and not (chars == 1 and g.defn(s, c).type == "character")
    ]


def _booster_support_cards(g: BlueMoon, s: BMState, eff: Effects, opp: int) -> list[int]:
    return [
        c
        for c in g.active_cards(s, opp)
        if g.defn(s, c).type in _BOOSTER_SUPPORT and not eff.protected(c)
    ]


for _id, _pick in (
    ("discard_opponent_icon_card_each_turn", _icon_cards),
    ("discard_opponent_booster_or_support_each_turn", _booster_support_cards),
):
    _opts, _act = _discard_each_turn(_pick, f"bm.ability.{_id}")
    register(
        AbilitySpec(
            id=_id,
            timing=("my_turn",),
            rule=f"bm.ability.{_id}",
            turn_options=_opts,
            act=_act,
        )
    )


# ---------------------------------------------------------------- TopBanana, TopShot
def _opponent_discards_1(g: BlueMoon, s: BMState, src: int) -> None:
    if s.zones[f"hand:{1 - controller(s, src)}"]:
        push_may(g, s, src, "opponent_discards_1_at_end", "Make your opponent discard a card?")


MAY_ACTIONS["opponent_discards_1_at_end"] = lambda g, s, src: push_opp_discard(
    g, s, 1 - controller(s, src), "bm.ability.opponent_discards_1_at_end", n=1
)

register(
    AbilitySpec(
        id="opponent_discards_1_at_end",
        timing=("end",),
        rule="bm.ability.opponent_discards_1_at_end",
        on_end_turn=_opponent_discards_1,
    )
)


def _top_shot(g: BlueMoon, s: BMState, src: int) -> None:
    if s.zones[f"deck:{1 - controller(s, src)}"]:
        push_may(
            g,
            s,
            src,
            "discard_opponent_top_deck_card",
            "Discard the top card of your opponent's draw deck?",
        )


def _discard_top(g: BlueMoon, s: BMState, src: int) -> None:
    opp = 1 - controller(s, src)
    cid = s.zones[f"deck:{opp}"][-1]
    dest = "leadership" if g.defn(s, cid).type == "leadership" else "discard"
    move(s, cid, f"{dest}:{opp}", from_zone=f"deck:{opp}")
    s.cards[cid].face_up = True
    if s.logging:
        g.log(
            s,
            "discard",
            "bm.ability.discard_opponent_top_deck_card",
            f"{g.card_name(s, src)} discards the top card of {s.names[opp]}'s deck: "
            f"{g.card_name(s, cid)}",
            controller(s, src),
            card=cid,
        )


MAY_ACTIONS["discard_opponent_top_deck_card"] = _discard_top

register(
    AbilitySpec(
        id="discard_opponent_top_deck_card",
        timing=("end",),
        rule="bm.ability.discard_opponent_top_deck_card",
        on_end_turn=_top_shot,
    )
)


# ---------------------------------------------------------------- FunFun
def _double_my_characters(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
    me = controller(s, src)
    return [
        ValueMod(c, LAYER_DOUBLE, lambda v, f, e: v * 2)
        for c in s.zones[f"combat:{me}"]
        if c not in s.covered and g.defn(s, c).type == "character"
    ]


register(
    AbilitySpec(
        id="double_my_character_values",
        timing=("cont",),
        rule="bm.ability.double_my_character_values",
        value_mods=_double_my_characters,
    )
)


# ---------------------------------------------------------------- Gluing Dust
def _one_from_deck(g: BlueMoon, s: BMState, src: int, seat: int, from_deck: bool) -> int:
    # during each of their own turns my opponent takes at most one card from their draw deck
    if not from_deck or seat == controller(s, src) or seat != s.active:
        return ANY_NUMBER
    return 1 - s.turn_info.uses.get(f"deck:{seat}", 0)


register(
    AbilitySpec(
        id="opponent_max_1_card_from_deck_per_turn",
        timing=("cont",),
        rule="bm.ability.opponent_max_1_card_from_deck_per_turn",
        take_limit=_one_from_deck,
    )
)


# ---------------------------------------------------------------- Pandemonium
def _no_supports(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
    # Pandemonium: my opponent may not play support cards. A face-down bluff is a support play,
    # and loading a ship in the booster/support phase takes the place of one, which the Buka
    # rules bar while support plays are barred (004 Ships: Loading Ships, Bluffing). A ship's
    # own loading when played (Sea Devil, Entreat Favor) does not ask the ``load`` action.
    if seat == controller(s, src):
        return False
    if action in ("bluff", "load"):
        return True
    return action == "play" and g.defn(s, card).type == "support"


register(
    AbilitySpec(
        id="opponent_no_supports",
        timing=("cont",),
        rule="bm.ability.opponent_no_supports",
        prohibits=_no_supports,
    )
)


# ---------------------------------------------------------------- Blow Whistle of Friendship
def _search(g: BlueMoon, s: BMState, src: int) -> None:
    # look through my deck, may show one card and take it into hand, then shuffle (the Shaman
    # of the Here and Now's step: options name card numbers, so they reveal no order)
    seat = controller(s, src)
    if g.drawable(s, seat, 1):
        g.push_step(s, SearchDeck(seat=seat, rule="bm.ability.search_deck_take_1"))


register(
    AbilitySpec(
        id="search_deck_take_1",
        timing=("now",),
        rule="bm.ability.search_deck_take_1",
        on_play=_search,
    )
)


# ---------------------------------------------------------------- Open Lucky Bag of Life
def _lucky_bag(g: BlueMoon, s: BMState, src: int) -> None:
    # the discard pile is mixed face down and its player takes up to 3 of it blind (R-A7)
    rule = "bm.ability.draw_3_from_shuffled_discard"
    g.push_step(s, TakeFromShuffledDiscard(seat=controller(s, src), most=3, rule=rule))


register(
    AbilitySpec(
        id="draw_3_from_shuffled_discard",
        timing=("now",),
        rule="bm.ability.draw_3_from_shuffled_discard",
        on_play=_lucky_bag,
    )
)


# ---------------------------------------------------------------- Bounce Back
def _bounce_back(g: BlueMoon, s: BMState, src: int) -> None:
    # my active cards fight again: this turn needs no character (its STOP icon ends the plays)
    s.turn_info.uses[CHARACTER_OPTIONAL] = 1


register(
    AbilitySpec(
        id="active_cards_attack_again",
        timing=("now",),
        rule="bm.ability.active_cards_attack_again",
        on_play=_bounce_back,
        reversible=True,
    )
)


# ---------------------------------------------------------------- Den-bal-Ton (Mutant)
def _opponent_has_dragon(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    return s.dragons[1 - seat] > 0


register(mutant("flip_element_if_opponent_has_dragon", _opponent_has_dragon))
