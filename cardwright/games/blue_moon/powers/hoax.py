"""Blue Moon special powers of the Hoax cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from ..abilities import (
    ANY_NUMBER,
    DRAGON_ADDITIONAL,
    DRAGON_NONE,
    IG_ICONS,
    IG_TEXT,
    LAYER_DOUBLE,
    AbilitySpec,
    Ignore,
    ValueMod,
    YesNo,
    mutant,
    random_cards,
    register,
)
from ..state import BMState

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


def _g(game: Game) -> BlueMoon:
    return cast("BlueMoon", game)


def _double(value: int, fire: int, earth: int) -> int:
    return value * 2


def opponent_may_not_play(*types: str) -> Callable[[BlueMoon, BMState, int, int, str, int], bool]:
    """Prohibition hook: the card's opponent may not play cards of these types."""
    banned = frozenset(types)

    def prohibits(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
        if seat == s.cards[src].controller:
            return False
        if action in ("bluff", "load"):  # Buka: both stand in for a support play
            return "support" in banned
        return action == "play" and g.defn(s, card).type in banned

    return prohibits


def my_grant(kind: str, n: int) -> Callable[[BlueMoon, BMState, int, int], dict[str, int]]:
    """Grant hook: ``n`` extra plays of ``kind`` on the card's player's turns."""

    def grants(g: BlueMoon, s: BMState, src: int, seat: int) -> dict[str, int]:
        return {kind: n} if seat == s.cards[src].controller else {}

    return grants


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


# Thirkomedas the Serene: my opponent may not play leadership, booster or support cards
register(
    AbilitySpec(
        id="opponent_no_leadership_booster_support",
        timing=("cont",),
        rule="bm.ability.opponent_no_leadership_booster_support",
        prohibits=opponent_may_not_play("leadership", "booster", "support"),
    )
)


# Genathones the Blind, Armory: on my turns I may play one more support card
register(
    AbilitySpec(
        id="play_1_extra_support",
        timing=("cont",),
        rule="bm.ability.play_1_extra_support",
        grants=my_grant("support", 1),
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


class DrawUpTo(Step, tag="bm.ab.draw_up_to"):
    """The card's player may draw up to ``most`` cards (or, ``all_or_none``, exactly ``most``
    or none), as many as they may take; with none to take the power does nothing."""

    most: int
    rule: str
    all_or_none: bool = False

    def ask(self, game: Game, state: State) -> Decision | None:
        most = game.drawable(state, self.seat, self.most)
        if most == 0:
            return None
        counts = (most, 0) if self.all_or_none else range(most, -1, -1)
        options = [Option(f"draw:{n}", f"Draw {n} card(s)", n=n) for n in counts]
        return game.question(
            self.seat, "draw_up_to", f"Draw up to {most} cards", options, self.rule
        )

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)  # nothing can be drawn: the power does nothing
        if state.logging:
            seat = self.seat
            game.log(
                state, "draw_none", self.rule, f"{state.names[seat]} has no card to draw", seat
            )

    def answer(self, game: Game, state: State, option: Option) -> None:
        game.pop(state, self)
        seat, n = self.seat, option.n
        if n:
            game.draw(state, seat, n, self.rule)
        elif state.logging:
            game.log(state, "draw_none", self.rule, f"{state.names[seat]} draws no cards", seat)


def push_draw_up_to(
    g: BlueMoon, s: BMState, src: int, most: int, all_or_none: bool = False
) -> None:
    """Let the card's player draw up to ``most`` cards (or exactly ``most`` or none)."""
    seat = s.cards[src].controller
    spec = g.defn(s, src).spec
    assert spec is not None
    g.push_step(s, DrawUpTo(seat=seat, most=most, rule=spec.rule, all_or_none=all_or_none))


def _draw_up_to_5(g: BlueMoon, s: BMState, src: int) -> None:
    # Muster Reinforcements: now I may draw up to five cards
    seat = s.cards[src].controller
    g.push_step(s, DrawUpTo(seat=seat, most=5, rule="bm.ability.draw_up_to_5"))


register(
    AbilitySpec(
        id="draw_up_to_5",
        timing=("now",),
        rule="bm.ability.draw_up_to_5",
        on_play=_draw_up_to_5,
    )
)


def _opponent_power_7(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Var-dis-Nar: only while the opponent's total power in the contested element is 7 or more
    return s.fight_started and g.total_power(s, 1 - seat, eff=eff) >= 7


register(mutant("flip_element_if_opponent_power_7", _opponent_power_7))


def _no_dragons(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # Bethenitana the Storyteller: if I retreat my opponent gets no dragon at all
    return 0 if retreater == s.cards[src].controller else n


register(
    AbilitySpec(
        id="no_dragons_if_i_retreat",
        timing=("retreat",),
        rule="bm.ability.no_dragons_if_i_retreat",
        dragon_priority=DRAGON_NONE,
        dragon_mod=_no_dragons,
    )
)


def my_active_characters(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[int]:
    """Target choices of "I pick one of my character cards": the player's active characters."""
    seat = s.cards[src].controller
    return [c for c in g.active_cards(s, seat) if g.defn(s, c).type == "character"]


def double_target(element: str) -> Callable[[BlueMoon, BMState, Effects, int], list[ValueMod]]:
    """Value hook: the picked character's value in ``element`` counts twice."""

    def mods(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
        target = s.targets.get(CardRef(src))
        if target is None or target not in eff.active:
            return []
        return [ValueMod(target, LAYER_DOUBLE, _double, element)]

    return mods


register(
    AbilitySpec(
        id="double_one_character_earth",
        timing=("cont",),
        rule="bm.ability.double_one_character_earth",
        value_mods=double_target("earth"),
        target_choices=my_active_characters,
    )
)


def _one_card_per_turn(
    g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int
) -> bool:
    # Brain Drain: in their own turns my opponent plays one card at most (leadership included;
    # a Buka bluff or a load after a played card is barred too: 004 Ships: Loading Ships)
    if action not in ("play", "bluff", "load") or seat == s.cards[src].controller:
        return False
    if seat != s.active:
        return False
    return bool(s.turn_info.played)


register(
    AbilitySpec(
        id="opponent_max_1_card_per_turn",
        timing=("cont",),
        rule="bm.ability.opponent_max_1_card_per_turn",
        prohibits=_one_card_per_turn,
    )
)


def _ignore_opponent_texts(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Enthrall Opposition: for the rest of this turn (a leadership card is in force only in the
    # turn it is played) none of my opponent's texts count, wherever the card is
    return Ignore(IG_TEXT) if s.cards[target].owner != s.cards[src].controller else None


register(
    AbilitySpec(
        id="ignore_opponent_texts_this_turn",
        timing=("cont", "this_turn"),
        rule="bm.ability.ignore_opponent_texts_this_turn",
        ignore_priority=1,
        ignores=_ignore_opponent_texts,
    )
)


# Trigger Brainstorm: any number of support cards this turn (the normal play stays open for a
# booster, research §5.2 rule 3)
register(
    AbilitySpec(
        id="play_any_number_of_supports_this_turn",
        timing=("cont", "this_turn"),
        rule="bm.ability.play_any_number_of_supports_this_turn",
        grants=my_grant("support", ANY_NUMBER),
    )
)


def _ignore_opponent_icons(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # Mekarthas the Shrewd: my opponent's icons count for nothing except STOP; this names icons,
    # so it reaches PROTECTED cards too (004 Icons: PROTECTED)
    if s.cards[target].owner == s.cards[src].controller:
        return None
    return _ICONS_BUT_STOP


_ICONS_BUT_STOP = Ignore(IG_ICONS, frozenset({"stop"}), pierces_protected=True)

register(
    AbilitySpec(
        id="ignore_opponent_icons_except_stop",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_icons_except_stop",
        ignore_priority=0,
        ignores=_ignore_opponent_icons,
    )
)


def _draw_to_9(g: BlueMoon, s: BMState, src: int) -> None:
    # Ketharkopas the Astronomer: as my turn is about to end, I may draw until I hold nine
    seat = s.cards[src].controller
    short = 9 - len(s.zones[f"hand:{seat}"])
    if short > 0:
        push_draw_up_to(g, s, src, short, all_or_none=True)


register(
    AbilitySpec(
        id="draw_to_9_at_end",
        timing=("end",),
        rule="bm.ability.draw_to_9_at_end",
        on_end_turn=_draw_to_9,
        end_stage=1,
    )
)


class RandomDiscard(YesNo, Step, tag="bm.ab.random_discard"):
    """Sarogakanas the Ancient (n = 2), Cardus Nikkus (n = 1): I may take n cards unseen from my
    opponent's hand and discard them (leadership cards go to the leadership pile)."""

    n: int
    rule: str

    def prompt(self, g: BlueMoon, s: BMState) -> str:
        return f"Discard {self.n} card(s) at random from the opponent's hand?"

    def use(self, g: BlueMoon, s: BMState) -> None:
        seat, rule = self.seat, self.rule
        opp = 1 - seat
        ti = s.turn_info
        if ti.undo_from >= 0 and seat == s.active:
            ti.irreversible = True  # a chance event that shows cards: no backtracking (R4)
        for cid in random_cards(s, f"hand:{opp}", self.n):
            if s.logging:
                g.log(
                    s,
                    "take_random",
                    rule,
                    f"{s.names[seat]} takes {g.card_name(s, cid)} unseen from "
                    f"{s.names[opp]}'s hand",
                    seat,
                    chance=True,
                    card=cid,
                )
            g.discard_from_hand(s, opp, cid, rule)


def random_discard(ability: str, n: int) -> AbilitySpec:
    """The spec of "on playing this I may discard n cards at random from my opponent's hand"
    (Sarogakanas, Cardus Nikkus; ruling B16). Nothing is asked while that hand is empty (its
    size is public)."""
    rule = f"bm.ability.{ability}"

    def on_play(g: BlueMoon, s: BMState, src: int) -> None:
        seat = s.cards[src].controller
        if s.zones[f"hand:{1 - seat}"]:
            g.push_step(s, RandomDiscard(seat=seat, n=n, rule=rule))

    return AbilitySpec(
        id=ability,
        timing=("now",),
        rule=rule,
        on_play=on_play,
        reversible=True,  # declining changes nothing; the step marks a use irreversible
    )


register(random_discard("discard_2_random_opponent_hand_cards", 2))
