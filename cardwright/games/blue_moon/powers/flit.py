"""Blue Moon special powers of the Flit cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import msgspec

from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from ..abilities import (
    ANY_NUMBER,
    DRAGON_AT_MOST,
    DRAGON_FEWER,
    IG_CARD,
    IG_TEXT,
    LAYER_DOUBLE,
    AbilitySpec,
    Ignore,
    ValueMod,
    mutant,
    register,
)
from ..state import BMState
from .hoax import my_grant
from .vulca import push_pick_in_play

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


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


def _is_flit_character(g: BlueMoon, s: BMState, cid: int) -> bool:
    d = g.defn(s, cid)
    return d.people == "Flit" and d.type == "character"


def _texts_except_flit(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Tittertweet, Laughing Gas: my opponent's texts count for nothing, Flit characters excepted
    if s.cards[target].owner == s.cards[src].controller or _is_flit_character(g, s, target):
        return None
    return _TEXT


_TEXT = Ignore(IG_TEXT)
_CARD = Ignore(IG_CARD)

register(
    AbilitySpec(
        id="ignore_opponent_texts_except_flit_characters",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_texts_except_flit_characters",
        ignore_priority=1,
        ignores=_texts_except_flit,
    )
)


def _ignore_opponent_boosters(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Trillilling: my opponent's boosters are ignored (values, icons and text), hand included
    if s.cards[target].owner == s.cards[src].controller or g.defn(s, target).type != "booster":
        return None
    return _CARD


register(
    AbilitySpec(
        id="ignore_opponent_boosters",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_boosters",
        ignore_priority=3,
        ignores=_ignore_opponent_boosters,
    )
)


def _ignore_characters(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Hank Highflyer Hawk: my opponent's characters are ignored, Flit characters excepted
    if s.cards[target].owner == s.cards[src].controller or g.defn(s, target).type != "character":
        return None
    return None if g.defn(s, target).people == "Flit" else _CARD


register(
    AbilitySpec(
        id="ignore_opponent_characters_except_flit",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_characters_except_flit",
        ignore_priority=3,
        ignores=_ignore_characters,
    )
)


def _ignore_icon_cards(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Mad Mike Magpie: my opponent's cards that show an icon (printed: an ignored icon is still
    # shown, 004 Ignored) are ignored, except Flit characters and PROTECTED cards (the rules'
    # PROTECTED check applies: an active card whose PROTECTED icon is not ignored)
    if s.cards[target].owner == s.cards[src].controller:
        return None
    if not g.defn(s, target).icons or _is_flit_character(g, s, target):
        return None
    return _CARD


register(
    AbilitySpec(
        id="ignore_opponent_icon_cards_except_flit_characters_and_protected",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_icon_cards_except_flit_characters_and_protected",
        ignore_priority=3,
        ignores=_ignore_icon_cards,
    )
)


def _one_combat_card(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
    # Cheepchirrup: in their turns my opponent puts one card at most into their combat area
    if action != "play" or seat == s.cards[src].controller or seat != s.active:
        return False
    if g.defn(s, card).type not in ("character", "booster"):
        return False
    return any(g.defn(s, c).type in ("character", "booster") for c in s.turn_info.played)


register(
    AbilitySpec(
        id="opponent_max_1_combat_card_per_turn",
        timing=("cont",),
        rule="bm.ability.opponent_max_1_combat_card_per_turn",
        prohibits=_one_combat_card,
    )
)


def _double(value: int, fire: int, earth: int) -> int:
    return value * 2


def _double_my_boosters(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
    # Carl Kamikaze Crow: each of my active boosters' values count twice
    me = s.cards[src].controller
    defs, cards = g.defs, s.cards
    return [
        ValueMod(c, LAYER_DOUBLE, _double)
        for c in s.zones[f"combat:{me}"]
        if defs[cards[c].defn].type == "booster"
    ]


register(
    AbilitySpec(
        id="double_my_booster_values",
        timing=("cont",),
        rule="bm.ability.double_my_booster_values",
        value_mods=_double_my_boosters,
    )
)


def _one_fewer(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # Launch Sloth Gas, Fearsome Chant: if I retreat my opponent attracts one dragon fewer
    return n - 1 if retreater == s.cards[src].controller else n


register(
    AbilitySpec(
        id="one_fewer_dragon_if_i_retreat",
        timing=("retreat",),
        rule="bm.ability.one_fewer_dragon_if_i_retreat",
        dragon_priority=DRAGON_FEWER,
        dragon_mod=_one_fewer,
    )
)


def _at_most_one(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # Distract Holy Dragon: if I retreat this turn my opponent attracts one dragon at most
    return min(n, 1) if retreater == s.cards[src].controller else n


register(
    AbilitySpec(
        id="at_most_1_dragon_if_i_retreat_this_turn",
        timing=("retreat", "this_turn"),
        rule="bm.ability.at_most_1_dragon_if_i_retreat_this_turn",
        dragon_priority=DRAGON_AT_MOST,
        dragon_mod=_at_most_one,
    )
)


# Commence Mega Launch: any number of boosters this turn (research §5.2 rule 3)
register(
    AbilitySpec(
        id="play_any_number_of_boosters_this_turn",
        timing=("cont", "this_turn"),
        rule="bm.ability.play_any_number_of_boosters_this_turn",
        grants=my_grant("booster", ANY_NUMBER),
    )
)


def _highchirp(g: BlueMoon, s: BMState, src: int) -> None:
    # Highchirp: against two or more active characters, I may discard one of them
    push_pick_in_play(g, s, src, "opp_character", "discard")


register(
    AbilitySpec(
        id="discard_extra_opponent_character",
        timing=("now",),
        rule="bm.ability.discard_extra_opponent_character",
        on_play=_highchirp,
    )
)


class Beguile(Step, tag="bm.ab.discard_characters"):
    """Beguile Holy Dragon: I may discard three characters from hand to attract a dragon; one
    character at a time, always asked (the hand is hidden), "discard nothing" is open."""

    rule: str
    cards: list[CardRef] = msgspec.field(default_factory=list)

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat = cast("BlueMoon", game), cast(BMState, state), self.seat
        options = [
            Option(f"add:{c}", f"Discard {g.card_name(s, c)}", card=CardRef(c))
            for c in s.zones[f"hand:{seat}"]
            if c not in self.cards and g.defn(s, c).type == "character"
        ]
        options.append(Option("cancel", "Discard nothing"))
        prompt = "Pick three characters to discard for a dragon"
        return game.question(seat, "discard_characters", prompt, options, self.rule)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat = cast("BlueMoon", game), cast(BMState, state), self.seat
        if option.card is None:
            g.pop(s, self)
            return
        self.cards.append(option.card)
        if len(self.cards) == 3:
            g.pop(s, self)
            for c in self.cards:
                g.discard_from_hand(s, seat, c, self.rule)
            g.attract_dragon(s, seat, self.rule)


def _beguile(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    g.push_step(s, Beguile(seat=seat, rule="bm.ability.discard_3_characters_attract_dragon"))


register(
    AbilitySpec(
        id="discard_3_characters_attract_dragon",
        timing=("now",),
        rule="bm.ability.discard_3_characters_attract_dragon",
        on_play=_beguile,
    )
)
