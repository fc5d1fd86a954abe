"""Blue Moon special powers of the Aqua cards (registered into ``abilities.ABILITIES``).

Also the small frames the Khind, Terrah and Aqua powers share (this module is imported first):
``MAY`` (its player may use a power: yes or no), ``OPP_DISCARD`` (the opponent discards cards
of their own choosing from hand) and ``HAND_PICK`` (its player moves any number of their own
hand cards to the discard pile or under the draw deck).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from cardwright.core import rng as chance
from cardwright.core.state import Frame, Option, State
from cardwright.core.zones import move

from ..abilities import (
    DRAGON_ADDITIONAL,
    AbilitySpec,
    mutant,
    register,
)

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def controller(s: BMState, src: int) -> int:
    return s.cards[src].controller


# ==================================================================================== shared frames

MAY = "bm.ab.may"
OPP_DISCARD = "bm.ab.opp_discard"
HAND_PICK = "bm.ab.hand_pick"

# what a "may" power does once its player says yes, by ability id
MAY_ACTIONS: dict[str, Callable[[BlueMoon, BMState, int], None]] = {}


def push_may(g: BlueMoon, s: BMState, src: int, ability: str, prompt: str) -> None:
    """Ask the power's player whether to use it (push only when using it can change
    something, judged on public facts)."""
    g.push(s, MAY, controller(s, src), ability=ability, prompt=prompt, source_card=src)


def _may_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    ability = frame.data["ability"]
    rule = f"bm.ability.{ability}"
    if choice is None:
        options = [Option("yes", "Use it"), Option("no", "Do not use it")]
        g.ask(s, frame.seat, "use_power", frame.data["prompt"], options, rule)
        return
    g.pop(s, frame)
    if choice == "yes":
        MAY_ACTIONS[ability](g, s, frame.data["source_card"])
    elif s.logging:
        src = frame.data["source_card"]
        g.log(s, "power_unused", rule, f"{s.names[frame.seat]} does not use {g.card_name(s, src)}")


def push_opp_discard(
    g: BlueMoon, s: BMState, victim: int, rule: str, n: int = 0, keep: int = -1
) -> None:
    """The victim discards ``n`` cards (or down to ``keep`` cards) of their own choosing."""
    g.push(s, OPP_DISCARD, victim, n=n, keep=keep, rule=rule)


def _opp_discard_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, data = frame.seat, frame.data
    hand = s.zones[f"hand:{seat}"]
    if choice is not None:
        g.discard_from_hand(s, seat, int(choice.split(":", 1)[1]), data["rule"])
        if data["keep"] < 0:
            data["n"] -= 1
    left = data["n"] if data["keep"] < 0 else len(hand) - data["keep"]
    if left <= 0 or not hand:
        g.pop(s, frame)
        return
    if left >= len(hand):  # every card must go: visibly forced (the hand size is public)
        for cid in list(hand):
            g.discard_from_hand(s, seat, cid, data["rule"])
        g.pop(s, frame)
        return
    options = [Option(f"discard:{c}", f"Discard {g.card_name(s, c)}") for c in hand]
    g.ask(
        s, seat, "forced_discard", f"Discard {left} card(s) of your choice", options, data["rule"]
    )


def push_hand_pick(g: BlueMoon, s: BMState, seat: int, dest: str, rule: str) -> None:
    """The seat moves any number of its hand cards, one at a time, to ``dest`` (``discard`` or
    ``deck_bottom``)."""
    if s.zones[f"hand:{seat}"]:
        g.push(s, HAND_PICK, seat, dest=dest, rule=rule)


def _hand_pick_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    seat, dest, rule = frame.seat, frame.data["dest"], frame.data["rule"]
    hand = s.zones[f"hand:{seat}"]
    if choice == "done":
        g.pop(s, frame)
        return
    if choice is not None:
        cid = int(choice.split(":", 1)[1])
        if dest == "discard":
            g.discard_from_hand(s, seat, cid, rule)
        else:
            move(s, cid, f"deck:{seat}", from_zone=f"hand:{seat}", bottom=True)
            s.cards[cid].face_up = False
            g._hand_changed(s, seat)
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
    if not hand:
        g.pop(s, frame)
        return
    verb = "Discard" if dest == "discard" else "Put under the deck:"
    options = [Option(f"pick:{c}", f"{verb} {g.card_name(s, c)}") for c in hand]
    options.append(Option("done", "No more"))
    where = "onto your discard pile" if dest == "discard" else "underneath your draw deck"
    g.ask(s, seat, "hand_pick", f"Put any number of hand cards {where}", options, rule)


SHARED_FRAMES = {MAY: _may_frame, OPP_DISCARD: _opp_discard_frame, HAND_PICK: _hand_pick_frame}


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
            frames=dict(SHARED_FRAMES),
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
    return all(g.defn(s, c).type == "leadership" for c in played[played.index(src) + 1 :])


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
    g.push(
        s,
        "bm.retreat",
        1 - me,
        rule="bm.ability.two_floods_force_retreat",
        why="two Floods force it at once",
    )


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


def _sirens_key(src: int) -> str:
    return f"sirens:{src}"


def _sirens_options(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> list[Option]:
    # the opponent may discard a character from hand at any point of their playing phases
    if seat == controller(s, src) or s.turn_info.uses.get(_sirens_key(src)):
        return []
    name = g.card_name(s, src)
    return [
        Option(f"ab:{src}:{c}", f"Discard {g.card_name(s, c)} for {name}")
        for c in s.zones[f"hand:{seat}"]
        if g.defn(s, c).type == "character"
    ]


def _sirens_act(g: BlueMoon, s: BMState, src: int, seat: int, arg: str) -> None:
    s.turn_info.uses[_sirens_key(src)] = 1
    g.discard_from_hand(
        s, seat, int(arg), "bm.ability.opponent_discards_character_or_i_attract_dragon"
    )


def _sirens_after(g: BlueMoon, s: BMState, src: int) -> None:
    # the booster/support phase is over without the discard: I attract a dragon
    ti = s.turn_info
    if ti.uses.get(_sirens_key(src)):
        return
    ti.uses[_sirens_key(src)] = 2
    g.attract_dragon(
        s, controller(s, src), "bm.ability.opponent_discards_character_or_i_attract_dragon"
    )


def _sirens_dragon(g: BlueMoon, s: BMState, src: int, retreater: int, n: int) -> int:
    # the opponent retreats in their own turn without having discarded: one more dragon
    if retreater == controller(s, src) or retreater != s.active:
        return n
    return n if s.turn_info.uses.get(_sirens_key(src)) else n + 1


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
DROWN = "bm.ab.drown"


def _drown_targets(g: BlueMoon, s: BMState, eff: Effects, opp: int) -> tuple[list[int], list[int]]:
    """The opponent's active combat cards that may be cleared, and its active characters (one of
    which is spared)."""
    active = [c for c in s.zones[f"combat:{opp}"] if c not in s.covered]
    chars = [c for c in active if g.defn(s, c).type == "character"]
    return [c for c in active if not eff.protected(c)], chars


def _drown(g: BlueMoon, s: BMState, src: int) -> None:
    g.push(s, DROWN, controller(s, src), source_card=src)


def _drown_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    s = cast("BMState", state)
    me = frame.seat
    opp = 1 - me
    rule = "bm.ability.discard_opponent_combat_except_one_character_and_protected"
    eff = g.effects(s)
    clearable, chars = _drown_targets(g, s, eff, opp)
    if choice is not None:
        g.pop(s, frame)
        if choice == "pass":
            if s.logging:
                g.log(s, "power_unused", rule, f"{s.names[me]} leaves the combat area alone", me)
            return
        keep = int(choice.split(":", 1)[1]) if choice.startswith("keep:") else -1
        for cid in clearable:
            if cid != keep:
                g.discard_from_play(s, cid, rule)
        return
    if chars:
        useful = any(x != c for c in chars for x in clearable)
    else:
        useful = bool(clearable)
    if not useful:  # nothing would go
        g.pop(s, frame)
        return
    if chars:
        options = [Option(f"keep:{c}", f"Clear all but {g.card_name(s, c)}") for c in chars]
    else:
        options = [Option("clear", "Clear the opponent's active combat cards")]
    options.append(Option("pass", "Do not use it"))
    g.ask(s, me, "drown", "Clear your opponent's combat area (one character stays)", options, rule)


register(
    AbilitySpec(
        id="discard_opponent_combat_except_one_character_and_protected",
        timing=("now",),
        rule="bm.ability.discard_opponent_combat_except_one_character_and_protected",
        on_play=_drown,
        frames={DROWN: _drown_frame},
    )
)


# ---------------------------------------------------------------- Sas-van-Son (Mutant)
def _opponent_2_more_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # hand sizes as they stand before the play (the Mutant still counts in its player's hand)
    return len(s.zones[f"hand:{1 - seat}"]) >= len(s.zones[f"hand:{seat}"]) + 2


register(mutant("flip_element_if_opponent_has_2_more_hand_cards", _opponent_2_more_cards))
