"""Blue Moon special powers of the Terrah cards (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..abilities import (
    ANY_NUMBER,
    IG_ICONS,
    AbilitySpec,
    Ignore,
    attacked_with,
    mutant,
    opponent_play_ban,
    push_value_discard,
    register,
)
from .aqua import MAY_ACTIONS, controller, push_may, push_opp_discard

if TYPE_CHECKING:
    from ..game import BlueMoon
    from ..inforce import Effects
    from ..state import BMState


# ------------------------------------------------------- Ferro Fos, Corono Cos, Cloying Mud
_PLAYS = ("play", "bluff")  # a face-down bluff is a support play: the real card is checked
for _id, _banned, _actions in (
    # a card carries special-power text if it has a power (leadership cards and Mutants too);
    # loading a ship is not a play, so these never bar it (004 Ships: Loading Ships, ruling B17)
    ("opponent_no_text_cards", lambda g, s, c: bool(g.defn(s, c).ability), _PLAYS),
    ("opponent_no_textless_cards", lambda g, s, c: not g.defn(s, c).ability, _PLAYS),
    # printed values, whatever modifies them; a limit on characters, so a bluff (a support
    # play) is not reached (004 Bluffing)
    (
        "opponent_no_characters_above_4",
        lambda g, s, c: (
            g.defn(s, c).type == "character" and max(g.defn(s, c).fire, g.defn(s, c).earth) > 4
        ),
        ("play",),
    ),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            prohibits=opponent_play_ban(_banned, _actions),
        )
    )


# ---------------------------------------------------------------- Kabu Kat, Baku But
def _must_play(kind: str) -> Callable[[BlueMoon, BMState, Effects, int, int], bool]:
    # in each of their turns my opponent has to play a card of this type, or retreat
    def unmet(g: BlueMoon, s: BMState, eff: Effects, src: int, seat: int) -> bool:
        if seat == controller(s, src):
            return False
        return not any(g.defn(s, c).type == kind for c in s.turn_info.played)

    return unmet


for _id, _kind in (
    ("opponent_must_play_support_or_retreat", "support"),
    ("opponent_must_play_booster_or_retreat", "booster"),
):
    register(
        AbilitySpec(
            id=_id,
            timing=("cont",),
            rule=f"bm.ability.{_id}",
            requirement_unmet=_must_play(_kind),
        )
    )


# ---------------------------------------------------------------- the Storms
def _storms(g: BlueMoon, s: BMState, src: int) -> None:
    # at the beginning of my turn, two or more of my active Storm supports attract one dragon
    me = controller(s, src)
    storms = [c for c in s.zones[f"support:{me}"] if "Storm" in g.defn(s, c).name.split()]
    if len(storms) >= 2:
        g.attract_dragon(s, me, "bm.ability.two_storms_attract_dragon")


register(
    AbilitySpec(
        id="two_storms_attract_dragon",
        timing=("start",),
        rule="bm.ability.two_storms_attract_dragon",
        on_start_turn=_storms,
        single=True,
    )
)


# ---------------------------------------------------------------- Impenetrable Fog
_FOG_KEEPS = frozenset({"stop", "protected"})


def _fog(g: BlueMoon, s: BMState, src: int, target: int) -> Ignore | None:
    # my opponent's icons, in play or in hand, do nothing apart from STOP and PROTECTED
    card = s.cards[target]
    if card.owner == controller(s, src) or not g.defs[card.defn].icons:
        return None
    return Ignore(IG_ICONS, keep_icons=_FOG_KEEPS)


register(
    AbilitySpec(
        id="ignore_opponent_icons_except_stop_protected",
        timing=("cont",),
        rule="bm.ability.ignore_opponent_icons_except_stop_protected",
        ignore_priority=8,  # after the text ignorers (Laughing Gas switches Fog off)
        ignores=_fog,
    )
)


# ---------------------------------------------------------------- Quivering Quicksand
def _quicksand(g: BlueMoon, s: BMState, src: int, seat: int, from_deck: bool) -> int:
    # while my opponent holds four or more cards they take no more into hand
    if seat == controller(s, src):
        return ANY_NUMBER
    return 4 - len(s.zones[f"hand:{seat}"])


register(
    AbilitySpec(
        id="opponent_no_taking_cards_at_4_plus",
        timing=("cont",),
        rule="bm.ability.opponent_no_taking_cards_at_4_plus",
        take_limit=_quicksand,
    )
)


# ---------------------------------------------------------------- Provoke Earthquake
def _quake_targets(g: BlueMoon, s: BMState, eff: Effects, opp: int) -> list[int]:
    # every card in the combat area, covered ones too, apart from active PROTECTED cards
    return [c for c in s.zones[f"combat:{opp}"] if not eff.protected(c)]


def _provoke(g: BlueMoon, s: BMState, src: int) -> None:
    if _quake_targets(g, s, g.effects(s), 1 - controller(s, src)):
        push_may(
            g,
            s,
            src,
            "discard_opponent_combat_except_protected",
            "Discard your opponent's combat area (active PROTECTED cards stay)?",
        )


def _quake(g: BlueMoon, s: BMState, src: int) -> None:
    opp = 1 - controller(s, src)
    for cid in _quake_targets(g, s, g.effects(s), opp):
        g.discard_from_play(s, cid, "bm.ability.discard_opponent_combat_except_protected")


MAY_ACTIONS["discard_opponent_combat_except_protected"] = _quake

register(
    AbilitySpec(
        id="discard_opponent_combat_except_protected",
        timing=("now",),
        rule="bm.ability.discard_opponent_combat_except_protected",
        on_play=_provoke,
    )
)


# ---------------------------------------------------------------- Bashdin
def _bashdin(g: BlueMoon, s: BMState, src: int) -> None:
    if s.zones[f"hand:{1 - controller(s, src)}"]:
        push_may(
            g, s, src, "opponent_discards_2_from_hand", "Make your opponent discard two cards?"
        )


MAY_ACTIONS["opponent_discards_2_from_hand"] = lambda g, s, src: push_opp_discard(
    g, s, 1 - controller(s, src), "bm.ability.opponent_discards_2_from_hand", n=2
)

register(
    AbilitySpec(
        id="opponent_discards_2_from_hand",
        timing=("now",),
        rule="bm.ability.opponent_discards_2_from_hand",
        on_play=_bashdin,
    )
)


# ---------------------------------------------------------------- Ras-mus-Pan (Mutant)
register(mutant("switch_to_earth_if_attacked_with_5_fire", attacked_with("fire", 5), "earth"))


# ---------------------------------------------------------------- Impress Holy Dragon
register(
    AbilitySpec(
        id="discard_earth_8_attract_dragon",
        timing=("now",),
        rule="bm.ability.discard_earth_8_attract_dragon",
        on_play=lambda g, s, src: push_value_discard(
            g,
            s,
            controller(s, src),
            {"earth": 8},
            "bm.ability.discard_earth_8_attract_dragon",
            dragon=True,
        ),
    )
)
