"""Blue Moon special powers of the Buka cards (registered into ``abilities.ABILITIES``).

The ship and bluff rules themselves are in ``..buka_rules``; the powers here lean on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core import rng as chance
from cardwright.core.state import Frame, Option, State

from .. import buka_rules as buka
from ..abilities import ANY_NUMBER, LAYER_INCREASE, AbilitySpec, ValueMod, mutant, register

if TYPE_CHECKING:
    from ..rules import BlueMoon, Effects
    from ..state import BMState


def _opp(s: BMState, src: int) -> int:
    return 1 - s.cards[src].controller


# ------------------------------------------------------------------ B.P. characters: "free if"


def _opp_count(kind: str):  # type: ignore[no-untyped-def]
    def free_for(g: BlueMoon, s: BMState, eff: Effects, src: int, card: int, seat: int) -> bool:
        # the B.P. characters: count as FREE (from hand) when the opponent's areas qualify
        if src != card:
            return False
        opp = 1 - seat
        if kind == "cards":  # all cards in combat and support areas, covered ones too
            return len(s.zones[f"combat:{opp}"]) + len(s.zones[f"support:{opp}"]) >= 6
        active = g.active_cards(s, opp)
        if kind == "icons":  # printed icons count, even ignored ones (004 Ignored)
            return sum(1 for c in active if g.defn(s, c).icons) >= 2
        return sum(1 for c in active if g.defn(s, c).type == kind) >= 2

    return free_for


for _id, _kind in (
    ("free_if_opponent_6_cards_in_play", "cards"),
    ("free_if_opponent_2_active_characters", "character"),
    ("free_if_opponent_2_active_boosters", "booster"),
    ("free_if_opponent_2_active_supports", "support"),
    ("free_if_opponent_2_active_icon_cards", "icons"),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("play_condition",),
            rule=f"bm.ability.{_id}",
            free_for=_opp_count(_kind),
        )
    )


# ------------------------------------------------------------------ continuous powers


def _max_1_character(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> bool:
    # Boatswain Mena Marn: the opponent may end the character phase with one active character
    if seat == s.cards[src].controller:
        return False
    return sum(1 for c in g.active_cards(s, seat) if g.defn(s, c).type == "character") > 1


register(
    AbilitySpec(
        id="opponent_max_1_active_character",
        timing=("cont",),
        rule="bm.ability.opponent_max_1_active_character",
        requirement_unmet=_max_1_character,
    )
)


def _any_supports(g: BlueMoon, s: BMState, src: int, seat: int) -> dict[str, int]:
    # Quartermaster Kura Ko: no limit on support plays in my turns (the normal booster-or-
    # support play stays for a booster, Special Rule 3)
    return {"support": ANY_NUMBER} if seat == s.cards[src].controller else {}


register(
    AbilitySpec(
        id="play_any_number_of_supports",
        timing=("cont",),
        rule="bm.ability.play_any_number_of_supports",
        grants=_any_supports,
    )
)


def _to_4(value: int, fire: int, earth: int) -> int:
    return max(value, 4)


def _bluffs_4(g: BlueMoon, s: BMState, eff: Effects, src: int) -> list[ValueMod]:
    # Powdermaster Yina Ko: my face-down bluffs count 4 in each element
    me = s.cards[src].controller
    return [ValueMod(c, LAYER_INCREASE, _to_4) for c in buka.bluffs_of(s, me)]


register(
    AbilitySpec(
        id="my_bluffs_value_4",
        timing=("cont",),
        rule="bm.ability.my_bluffs_value_4",
        value_mods=_bluffs_4,
    )
)


def _no_call(g: BlueMoon, s: BMState, src: int, seat: int, action: str, card: int) -> bool:
    # Letter of Marque: my opponent may not call my bluffs
    return action == buka.NO_CALL and seat != s.cards[src].controller


register(
    AbilitySpec(
        id="opponent_cannot_call_bluff",
        timing=("cont",),
        rule="bm.ability.opponent_cannot_call_bluff",
        prohibits=_no_call,
    )
)

# Sea Falcon: the rules read its power when its ship is landed (``buka_rules.play_sources``).
register(
    AbilitySpec(
        id=buka.SEA_FALCON,
        timing=("on_land",),
        rule="bm.ability.land_may_also_play_from_hand",
    )
)


# ------------------------------------------------------------------ "now" powers with a choice

_CHOOSE = "bm.ab.buka_choose"


def _choose_frame(g: BlueMoon, state: State, frame: Frame, choice: str | None) -> None:
    """One yes/no style choice of a Buka "now" power, carried out by ``frame.data["what"]``."""
    s = cast("BMState", state)
    what, seat = frame.data["what"], frame.seat
    if choice is None:
        options = _CHOICES[what](g, s, frame)
        g.ask(s, seat, what, frame.data["prompt"], options, frame.data["rule"])
        return
    g.pop(s, frame)
    _ANSWERS[what](g, s, frame, choice)


def _discard_all(g: BlueMoon, s: BMState, cards: list[int], rule: str) -> None:
    for cid in cards:
        g.discard_from_play(s, cid, rule)


# Coxswain Mora Marn


def _coxswain(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if src not in s.turn_info.from_ship:
        if s.logging:
            g.log(
                s,
                "no_effect",
                "bm.ability.from_ship_discard_opponent_combat_except_protected",
                f"{g.card_name(s, src)} was not played from a landed ship: no effect",
                seat,
            )
        return
    g.push(
        s,
        _CHOOSE,
        seat,
        what="coxswain",
        prompt="Discard every card of the opponent's combat area (active PROTECTED ones stay)?",
        rule="bm.ability.from_ship_discard_opponent_combat_except_protected",
    )


def _coxswain_options(g: BlueMoon, s: BMState, frame: Frame) -> list[Option]:
    return [Option("discard", "Discard them"), Option("keep", "Leave them")]


def _coxswain_answer(g: BlueMoon, s: BMState, frame: Frame, choice: str) -> None:
    if choice != "discard":
        return
    eff = g.effects(s)
    opp = 1 - frame.seat
    doomed = [c for c in s.zones[f"combat:{opp}"] if not eff.protected(c)]
    _discard_all(g, s, doomed, frame.data["rule"])


register(
    AbilitySpec(
        id="from_ship_discard_opponent_combat_except_protected",
        timing=("now",),
        rule="bm.ability.from_ship_discard_opponent_combat_except_protected",
        on_play=_coxswain,
        frames={_CHOOSE: _choose_frame},
    )
)


# Lookout Dolora Paal


def _dolora(g: BlueMoon, s: BMState, src: int) -> None:
    g.push(
        s,
        _CHOOSE,
        s.cards[src].controller,
        what="dolora",
        prompt="Discard all the opponent's active boosters, or all their active supports?",
        rule="bm.ability.discard_all_opponent_boosters_or_supports",
    )


def _dolora_targets(g: BlueMoon, s: BMState, seat: int, kind: str) -> list[int]:
    eff = g.effects(s)
    return [
        c for c in g.active_cards(s, 1 - seat) if g.defn(s, c).type == kind and not eff.protected(c)
    ]


def _dolora_options(g: BlueMoon, s: BMState, frame: Frame) -> list[Option]:
    out = []
    for kind in ("booster", "support"):
        n = len(_dolora_targets(g, s, frame.seat, kind))
        out.append(Option(kind, f"Discard the {kind}s ({n})"))
    out.append(Option("none", "Discard nothing"))
    return out


def _dolora_answer(g: BlueMoon, s: BMState, frame: Frame, choice: str) -> None:
    if choice in ("booster", "support"):
        targets = _dolora_targets(g, s, frame.seat, choice)
        _discard_all(g, s, targets, frame.data["rule"])


register(
    AbilitySpec(
        id="discard_all_opponent_boosters_or_supports",
        timing=("now",),
        rule="bm.ability.discard_all_opponent_boosters_or_supports",
        on_play=_dolora,
    )
)


# Sea Devil: load up to three hand cards onto this ship


def _sea_devil(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if not s.zones[f"hand:{seat}"]:
        return  # visibly nothing to load
    g.push(
        s,
        _CHOOSE,
        seat,
        what="sea_devil",
        prompt=f"Load a card from your hand onto {g.card_name(s, src)}?",
        rule="bm.ability.load_up_to_3_from_hand",
        ship=src,
        left=3,
    )


def _sea_devil_options(g: BlueMoon, s: BMState, frame: Frame) -> list[Option]:
    seat, ship = frame.seat, frame.data["ship"]
    out = []
    if buka.room(g, s, ship) > 0:
        for cid in s.zones[f"hand:{seat}"]:
            if g.defn(s, cid).type in buka.LOADABLE:
                out.append(Option(f"load:{cid}", f"Load {g.card_name(s, cid)}"))
    out.append(Option("done", "Load no more"))
    return out


def _sea_devil_answer(g: BlueMoon, s: BMState, frame: Frame, choice: str) -> None:
    if choice == "done":
        return
    seat, ship = frame.seat, frame.data["ship"]
    buka.load(g, s, seat, int(choice.split(":", 1)[1]), ship, frame.data["rule"])
    left = frame.data["left"] - 1
    if left > 0 and s.zones[f"hand:{seat}"] and buka.room(g, s, ship) > 0:
        g.push(s, _CHOOSE, seat, **{**frame.data, "left": left})


register(
    AbilitySpec(
        id="load_up_to_3_from_hand",
        timing=("now",),
        rule="bm.ability.load_up_to_3_from_hand",
        on_play=_sea_devil,
    )
)


# Entreat Favor: search the deck for a ship to play, or a card to load; then shuffle


def _entreat(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if not s.zones[f"deck:{seat}"]:
        return  # visibly nothing to search
    g.push(
        s,
        _CHOOSE,
        seat,
        what="entreat",
        prompt="Search your deck: play a ship from it, or load a card from it onto a ship",
        rule="bm.ability.search_deck_play_influence_or_load_ship",
    )


def _open_ships(g: BlueMoon, s: BMState, seat: int) -> list[int]:
    return [c for c in s.zones[f"influence:{seat}"] if buka.room(g, s, c) > 0]


def _entreat_options(g: BlueMoon, s: BMState, frame: Frame) -> list[Option]:
    # options name cards by number, not id: the deck is hidden from its owner too
    seat = frame.seat
    ships = _open_ships(g, s, seat)
    out = []
    for number in sorted({s.cards[c].defn for c in s.zones[f"deck:{seat}"]}):
        d = g.defs[number]
        if d.type == "ship":
            out.append(Option(f"ship:{number}", f"Play {d.name} from your deck"))
        elif d.type in buka.LOADABLE:
            for ship in ships:
                out.append(
                    Option(f"load:{number}:{ship}", f"Load {d.name} onto {g.card_name(s, ship)}")
                )
    out.append(Option("none", "Take nothing"))
    return out


def _entreat_answer(g: BlueMoon, s: BMState, frame: Frame, choice: str) -> None:
    seat, rule = frame.seat, frame.data["rule"]
    kind, _, rest = choice.partition(":")
    deck = s.zones[f"deck:{seat}"]
    if kind == "ship":
        cid = next(c for c in deck if s.cards[c].defn == rest)
        g.play_card(s, seat, cid, "influence", from_zone=f"deck:{seat}")
    elif kind == "load":
        number, _, ship = rest.rpartition(":")
        cid = next(c for c in deck if s.cards[c].defn == number)
        buka.load(g, s, seat, cid, int(ship), rule)
    chance.shuffle(s, deck)
    s.turn_info.irreversible = True
    if s.logging:
        g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles their deck", seat, chance=True)


register(
    AbilitySpec(
        id="search_deck_play_influence_or_load_ship",
        timing=("now",),
        rule="bm.ability.search_deck_play_influence_or_load_ship",
        on_play=_entreat,
    )
)

_CHOICES = {
    "coxswain": _coxswain_options,
    "dolora": _dolora_options,
    "sea_devil": _sea_devil_options,
    "entreat": _entreat_options,
}
_ANSWERS = {
    "coxswain": _coxswain_answer,
    "dolora": _dolora_answer,
    "sea_devil": _sea_devil_answer,
    "entreat": _entreat_answer,
}


def _no_influence_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Old Goo Laa's Ghost: playable only while my influence area holds no ship (landed ships
    # have left it)
    return not s.zones[f"influence:{seat}"]


register(mutant("flip_element_if_no_influence_cards", _no_influence_cards))
