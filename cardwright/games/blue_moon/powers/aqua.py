"""Blue Moon special powers of the Aqua cards (registered into ``abilities.ABILITIES``).

Also the small steps the Khind, Terrah and Aqua powers share (this module is imported first):
:class:`MayUse` (its player may use a power: yes or no), :class:`OppDiscard` (the opponent
discards cards of their own choosing from hand) and :class:`HandPick` (its player moves any
number of their own hand cards to the discard pile or under the draw deck).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.zones import move

from ..abilities import (
    DRAGON_ADDITIONAL,
    AbilitySpec,
    mutant,
    register,
)
from ..fight import push_retreat
from ..state import BMState

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


def _g(game: Game) -> BlueMoon:
    return cast("BlueMoon", game)


def controller(s: BMState, src: int) -> int:
    return s.cards[src].controller


# ==================================================================================== shared steps

# what a "may" power does once its player says yes, by ability id
MAY_ACTIONS: dict[str, Callable[[BlueMoon, BMState, int], None]] = {}


class MayUse(Step, tag="bm.ab.may"):
    """Its player may use the power ``ability`` of ``source`` (``use_power``: use it or not)."""

    ability: str
    prompt: str
    source: CardRef

    def ask(self, game: Game, state: State) -> Decision | None:
        options = [Option("yes", "Use it"), Option("no", "Do not use it")]
        rule = f"bm.ability.{self.ability}"
        return game.question(self.seat, "use_power", self.prompt, options, rule)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(BMState, state)
        g.pop(s, self)
        if option.id == "yes":
            MAY_ACTIONS[self.ability](g, s, self.source)
        elif s.logging:
            rule = f"bm.ability.{self.ability}"
            name = g.card_name(s, self.source)
            g.log(s, "power_unused", rule, f"{s.names[self.seat]} does not use {name}")


def push_may(g: BlueMoon, s: BMState, src: int, ability: str, prompt: str) -> None:
    """Ask the power's player whether to use it (push only when using it can change
    something, judged on public facts)."""
    g.push_step(
        s, MayUse(seat=controller(s, src), ability=ability, prompt=prompt, source=CardRef(src))
    )


class OppDiscard(Step, tag="bm.ab.opp_discard"):
    """The victim (``seat``) discards ``n`` cards (or down to ``keep`` cards) of their own
    choosing; when every card must go they go without a question (the hand size is public)."""

    rule: str
    n: int = 0
    keep: int = -1

    def _left(self, s: BMState) -> int:
        hand = s.zones[f"hand:{self.seat}"]
        return self.n if self.keep < 0 else len(hand) - self.keep

    def ask(self, game: Game, state: State) -> Decision | None:
        s = cast(BMState, state)
        hand = s.zones[f"hand:{self.seat}"]
        left = self._left(s)
        if left <= 0 or not hand or left >= len(hand):
            return None
        options = [
            Option(f"discard:{c}", f"Discard {game.card_name(s, c)}", card=CardRef(c)) for c in hand
        ]
        prompt = f"Discard {left} card(s) of your choice"
        return game.question(self.seat, "forced_discard", prompt, options, self.rule)

    def run(self, game: Game, state: State) -> None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        hand = s.zones[f"hand:{seat}"]
        if self._left(s) > 0 and hand:  # every card must go
            for cid in list(hand):
                g.discard_from_hand(s, seat, cid, self.rule)
        g.pop(s, self)

    def answer(self, game: Game, state: State, option: Option) -> None:
        assert option.card is not None
        _g(game).discard_from_hand(cast(BMState, state), self.seat, option.card, self.rule)
        if self.keep < 0:
            self.n -= 1


def push_opp_discard(
    g: BlueMoon, s: BMState, victim: int, rule: str, n: int = 0, keep: int = -1
) -> None:
    """The victim discards ``n`` cards (or down to ``keep`` cards) of their own choosing."""
    g.push_step(s, OppDiscard(seat=victim, n=n, keep=keep, rule=rule))


class HandPick(Step, tag="bm.ab.hand_pick"):
    """Its player moves any number of their hand cards, one at a time, to ``dest``
    (``discard`` or ``deck_bottom``)."""

    dest: str
    rule: str

    def ask(self, game: Game, state: State) -> Decision | None:
        s, seat = cast(BMState, state), self.seat
        hand = s.zones[f"hand:{seat}"]
        if not hand:
            return None
        verb = "Discard" if self.dest == "discard" else "Put under the deck:"
        options = [
            Option(f"pick:{c}", f"{verb} {game.card_name(s, c)}", card=CardRef(c)) for c in hand
        ]
        options.append(Option("done", "No more"))
        where = "onto your discard pile" if self.dest == "discard" else "underneath your draw deck"
        prompt = f"Put any number of hand cards {where}"
        return game.question(seat, "hand_pick", prompt, options, self.rule)

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat, rule = _g(game), cast(BMState, state), self.seat, self.rule
        cid = option.card
        if cid is None:
            g.pop(s, self)
            return
        if self.dest == "discard":
            g.discard_from_hand(s, seat, cid, rule)
            return
        move(s, cid, f"deck:{seat}", from_zone=f"hand:{seat}", bottom=True)
        s.cards[cid].face_up = False
        g.hand_changed(s, seat)
        if s.logging:
            g.log(
                s,
                "under_deck",
                rule,
                f"{s.names[seat]} puts {g.card_name(s, cid)} under the draw deck",
                seat,
                visible_to=[seat],
                redacted=f"{s.names[seat]} puts a card under the draw deck",
            )


def push_hand_pick(g: BlueMoon, s: BMState, seat: int, dest: str, rule: str) -> None:
    """The seat moves any number of its hand cards, one at a time, to ``dest`` (``discard`` or
    ``deck_bottom``)."""
    if s.zones[f"hand:{seat}"]:
        g.push_step(s, HandPick(seat=seat, dest=dest, rule=rule))


# ==================================================================================== powers


# ---------------------------------------------------------------- Oomola-Aqua-Delta, Oosa
def _hand_pick_power(dest: str, rule: str) -> Callable[[BlueMoon, BMState, int], None]:
    # any number of my hand cards, one by one, to my discard pile or under my draw deck
    return lambda g, s, src: push_hand_pick(g, s, controller(s, src), dest, rule)


for _id, _dest in (
    ("discard_any_from_hand", "discard"),
    ("put_hand_cards_under_deck", "deck_bottom"),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("now",),
            rule=f"bm.ability.{_id}",
            on_play=_hand_pick_power(_dest, f"bm.ability.{_id}"),
        )
    )


# ---------------------------------------------------------------- Yang, Yin
def _next_card_free(g: BlueMoon, s: BMState, eff: Effects, src: int, card: int, seat: int) -> bool:
    # the first character, booster or support played after this card this turn counts as FREE
    if seat != controller(s, src):
        return False
    played = s.turn_info.played
    if src not in played:
        return False
    return all(g.defn(s, c).type == "leadership" for c in played[played.index(CardRef(src)) + 1 :])


register(
    AbilitySpec(
        id="next_card_free",
        timing=("now", "this_turn"),
        rule="bm.ability.next_card_free",
        free_for=_next_card_free,
        reversible=True,
    )
)


# ---------------------------------------------------------------- Firewater, Earthwater
def _floor_7(element: str) -> Callable[[BlueMoon, BMState, int, int, str], int]:
    def floor(g: BlueMoon, s: BMState, src: int, seat: int, elem: str) -> int:
        return 7 if seat == controller(s, src) and elem == element else 0

    return floor


for _elem in ("fire", "earth"):
    register(
        AbilitySpec(
            id=f"{_elem}_total_power_at_least_7",
            timing=("cont",),
            rule=f"bm.ability.{_elem}_total_power_at_least_7",
            power_floor=_floor_7(_elem),
        )
    )


# ---------------------------------------------------------------- Torrential Flood, Tidal Flood
def _floods(g: BlueMoon, s: BMState, src: int) -> None:
    # once my turn is over: two or more of my active Flood supports make my opponent retreat
    me = controller(s, src)
    floods = [c for c in s.zones[f"support:{me}"] if "Flood" in g.defn(s, c).name.split()]
    if len(floods) < 2:
        return
    push_retreat(g, s, 1 - me, "bm.ability.two_floods_force_retreat", "two Floods force it at once")


register(
    AbilitySpec(
        id="two_floods_force_retreat",
        timing=("end",),
        rule="bm.ability.two_floods_force_retreat",
        on_end_turn=_floods,
        end_stage=2,
        single=True,
    )
)


# ---------------------------------------------------------------- Irresistible Sirens
_SIRENS = "bm.ability.opponent_discards_character_or_i_attract_dragon"


def _sirens_options(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> list[Option]:
    # the opponent may discard a character from hand at any point of their playing phases
    if seat == controller(s, src) or s.turn_info.card_uses.get(CardRef(src)):
        return []
    name = g.card_name(s, src)
    return [
        Option(
            f"ab:{src}:{c}",
            f"Discard {g.card_name(s, c)} for {name}",
            card=CardRef(src),
            arg="ab",
            target=CardRef(c),
        )
        for c in s.zones[f"hand:{seat}"]
        if g.defn(s, c).type == "character"
    ]


def _sirens_act(g: BlueMoon, s: BMState, src: int, seat: int, option: Option) -> None:
    s.turn_info.card_uses[CardRef(src)] = 1
    assert option.target is not None
    g.discard_from_hand(s, seat, option.target, _SIRENS)


def _sirens_after(g: BlueMoon, s: BMState, src: int) -> None:
    # the booster/support phase is over without the discard: I attract a dragon
    ti = s.turn_info
    if ti.card_uses.get(CardRef(src)):
        return
    ti.card_uses[CardRef(src)] = 2
    g.attract_dragon(s, controller(s, src), _SIRENS)


def _sirens_dragon(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # the opponent retreats in their own turn without having discarded: one more dragon
    if retreater == controller(s, src) or retreater != s.active:
        return n
    return n if s.turn_info.card_uses.get(CardRef(src)) else n + 1


register(
    AbilitySpec(
        id="opponent_discards_character_or_i_attract_dragon",
        timing=("cont",),
        rule="bm.ability.opponent_discards_character_or_i_attract_dragon",
        turn_options=_sirens_options,
        act=_sirens_act,
        on_opponent_after_support=_sirens_after,
        dragon_priority=DRAGON_ADDITIONAL,
        dragon_mod=_sirens_dragon,
    )
)


# ---------------------------------------------------------------- Sprinkle Water of Tranquility
register(
    AbilitySpec(
        id="opponent_discards_to_5",
        timing=("now",),
        rule="bm.ability.opponent_discards_to_5",
        on_play=lambda g, s, src: push_opp_discard(
            g, s, 1 - controller(s, src), "bm.ability.opponent_discards_to_5", keep=5
        ),
    )
)


# ---------------------------------------------------------------- Administer Water of Immortality
def _shuffle_discard(g: BlueMoon, s: BMState, src: int) -> None:
    me = controller(s, src)
    pile, deck = s.zones[f"discard:{me}"], s.zones[f"deck:{me}"]
    for cid in pile:
        s.cards[cid].face_up = False
    deck.extend(pile)
    n = len(pile)
    pile.clear()
    chance.shuffle(s, deck)
    if s.logging:
        g.log(
            s,
            "shuffle",
            "bm.ability.shuffle_discard_into_deck",
            f"{s.names[me]} shuffles {n} discarded card(s) into the draw deck",
            me,
            chance=True,
        )


MAY_ACTIONS["shuffle_discard_into_deck"] = _shuffle_discard


def _administer(g: BlueMoon, s: BMState, src: int) -> None:
    if s.zones[f"discard:{controller(s, src)}"]:
        push_may(
            g, s, src, "shuffle_discard_into_deck", "Shuffle your discard pile into your deck?"
        )


register(
    AbilitySpec(
        id="shuffle_discard_into_deck",
        timing=("now",),
        rule="bm.ability.shuffle_discard_into_deck",
        on_play=_administer,
    )
)


# ---------------------------------------------------------------- Drown Resistance
_DROWN = "bm.ability.discard_opponent_combat_except_one_character_and_protected"


def _drown_targets(g: BlueMoon, s: BMState, eff: Effects, opp: int) -> tuple[list[int], list[int]]:
    """The opponent's active combat cards that may be cleared, and its active characters (one of
    which is spared)."""
    active = [c for c in s.zones[f"combat:{opp}"] if c not in s.covered]
    chars = [c for c in active if g.defn(s, c).type == "character"]
    return [c for c in active if not eff.protected(c)], chars


class Drown(Step, tag="bm.ab.drown"):
    """Drown Resistance: I may clear my opponent's active combat cards, sparing one active
    character of my choice and PROTECTED cards; nothing is asked when nothing would go."""

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, me = _g(game), cast(BMState, state), self.seat
        clearable, chars = _drown_targets(g, s, g.effects(s), 1 - me)
        if chars:
            useful = any(x != c for c in chars for x in clearable)
        else:
            useful = bool(clearable)
        if not useful:
            return None
        if chars:
            options = [
                Option(f"keep:{c}", f"Clear all but {g.card_name(s, c)}", card=CardRef(c))
                for c in chars
            ]
        else:
            options = [Option("clear", "Clear the opponent's active combat cards", arg="clear")]
        options.append(Option("pass", "Do not use it"))
        prompt = "Clear your opponent's combat area (one character stays)"
        return game.question(me, "drown", prompt, options, _DROWN)

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)  # nothing would go

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, me = _g(game), cast(BMState, state), self.seat
        clearable, _ = _drown_targets(g, s, g.effects(s), 1 - me)
        g.pop(s, self)
        if option.id == "pass":
            if s.logging:
                g.log(s, "power_unused", _DROWN, f"{s.names[me]} leaves the combat area alone", me)
            return
        for cid in clearable:
            if cid != option.card:
                g.discard_from_play(s, cid, _DROWN)


def _drown(g: BlueMoon, s: BMState, src: int) -> None:
    g.push_step(s, Drown(seat=controller(s, src)))


register(
    AbilitySpec(
        id="discard_opponent_combat_except_one_character_and_protected",
        timing=("now",),
        rule="bm.ability.discard_opponent_combat_except_one_character_and_protected",
        on_play=_drown,
    )
)


# ---------------------------------------------------------------- Sas-van-Son (Mutant)
def _opponent_2_more_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # hand sizes as they stand before the play (the Mutant still counts in its player's hand)
    return len(s.zones[f"hand:{1 - seat}"]) >= len(s.zones[f"hand:{seat}"]) + 2


register(mutant("flip_element_if_opponent_has_2_more_hand_cards", _opponent_2_more_cards))
