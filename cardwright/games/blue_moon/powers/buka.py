"""Blue Moon special powers of the Buka cards (registered into ``abilities.ABILITIES``).

The ship and bluff rules themselves are in ``..buka_rules``; the powers here lean on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from .. import buka_rules as buka
from ..abilities import ANY_NUMBER, LAYER_INCREASE, AbilitySpec, ValueMod, mutant, register
from ..play import play_card
from ..state import BMState

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from ..game import BlueMoon
    from ..inforce import Effects


def _g(game: Game) -> BlueMoon:
    return cast("BlueMoon", game)


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


def _discard_all(g: BlueMoon, s: BMState, cards: list[int], rule: str) -> None:
    for cid in cards:
        g.discard_from_play(s, cid, rule)


# Coxswain Mora Marn
_COXSWAIN = "bm.ability.from_ship_discard_opponent_combat_except_protected"


class Coxswain(Step, tag="bm.ab.coxswain"):
    """Coxswain Mora Marn, played from a landed ship: I may discard every card of my
    opponent's combat area (active PROTECTED ones stay)."""

    def ask(self, game: Game, state: State) -> Decision | None:
        options = [Option("discard", "Discard them"), Option("keep", "Leave them")]
        prompt = "Discard every card of the opponent's combat area (active PROTECTED ones stay)?"
        return game.question(self.seat, "coxswain", prompt, options, _COXSWAIN)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(BMState, state)
        g.pop(s, self)
        if option.id != "discard":
            return
        eff = g.effects(s)
        opp = 1 - self.seat
        doomed = [c for c in s.zones[f"combat:{opp}"] if not eff.protected(c)]
        _discard_all(g, s, doomed, _COXSWAIN)


def _coxswain(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if src not in s.turn_info.from_ship:
        if s.logging:
            g.log(
                s,
                "no_effect",
                _COXSWAIN,
                f"{g.card_name(s, src)} was not played from a landed ship: no effect",
                seat,
            )
        return
    g.push_step(s, Coxswain(seat=seat))


register(
    AbilitySpec(
        id="from_ship_discard_opponent_combat_except_protected",
        timing=("now",),
        rule=_COXSWAIN,
        on_play=_coxswain,
    )
)


# Lookout Dolora Paal
_DOLORA = "bm.ability.discard_all_opponent_boosters_or_supports"


def _dolora_targets(g: BlueMoon, s: BMState, seat: int, kind: str) -> list[int]:
    eff = g.effects(s)
    return [
        c for c in g.active_cards(s, 1 - seat) if g.defn(s, c).type == kind and not eff.protected(c)
    ]


class Dolora(Step, tag="bm.ab.dolora"):
    """Lookout Dolora Paal: I may discard every active booster of my opponent, or else every
    active support of theirs (PROTECTED ones stay)."""

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(BMState, state)
        options = []
        for kind in ("booster", "support"):
            n = len(_dolora_targets(g, s, self.seat, kind))
            options.append(Option(kind, f"Discard the {kind}s ({n})", arg=kind))
        options.append(Option("none", "Discard nothing"))
        prompt = "Discard all the opponent's active boosters, or all their active supports?"
        return game.question(self.seat, "dolora", prompt, options, _DOLORA)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(BMState, state)
        g.pop(s, self)
        if option.arg:
            _discard_all(g, s, _dolora_targets(g, s, self.seat, option.arg), _DOLORA)


def _dolora(g: BlueMoon, s: BMState, src: int) -> None:
    g.push_step(s, Dolora(seat=s.cards[src].controller))


register(
    AbilitySpec(
        id="discard_all_opponent_boosters_or_supports",
        timing=("now",),
        rule=_DOLORA,
        on_play=_dolora,
    )
)


# Sea Devil: load up to three hand cards onto this ship
_SEA_DEVIL = "bm.ability.load_up_to_3_from_hand"


class SeaDevil(Step, tag="bm.ab.sea_devil"):
    """Sea Devil: on playing this ship I may load as many as three hand cards onto it, one at
    a time (``left``: how many more)."""

    ship: CardRef
    left: int = 3

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat, ship = _g(game), cast(BMState, state), self.seat, self.ship
        options = []
        if buka.room(g, s, ship) > 0:
            for cid in s.zones[f"hand:{seat}"]:
                if g.defn(s, cid).type in buka.LOADABLE:
                    options.append(
                        Option(f"load:{cid}", f"Load {g.card_name(s, cid)}", card=CardRef(cid))
                    )
        options.append(Option("done", "Load no more"))
        prompt = f"Load a card from your hand onto {g.card_name(s, ship)}?"
        return game.question(seat, "sea_devil", prompt, options, _SEA_DEVIL)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat, ship = _g(game), cast(BMState, state), self.seat, self.ship
        g.pop(s, self)
        if option.card is None:
            return
        buka.load(g, s, seat, option.card, ship, _SEA_DEVIL)
        left = self.left - 1
        if left > 0 and s.zones[f"hand:{seat}"] and buka.room(g, s, ship) > 0:
            g.push_step(s, SeaDevil(seat=seat, ship=ship, left=left))


def _sea_devil(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if not s.zones[f"hand:{seat}"]:
        return  # visibly nothing to load
    g.push_step(s, SeaDevil(seat=seat, ship=CardRef(src)))


register(
    AbilitySpec(
        id="load_up_to_3_from_hand",
        timing=("now",),
        rule=_SEA_DEVIL,
        on_play=_sea_devil,
    )
)


# Entreat Favor: search the deck for a ship to play, or a card to load; then shuffle
_ENTREAT = "bm.ability.search_deck_play_influence_or_load_ship"


def _open_ships(g: BlueMoon, s: BMState, seat: int) -> list[int]:
    return [c for c in s.zones[f"influence:{seat}"] if buka.room(g, s, c) > 0]


class Entreat(Step, tag="bm.ab.entreat"):
    """Entreat Favor: I search my deck and may play a ship from it, or load a character,
    booster or support from it onto one of my ships; then I shuffle. The options name cards
    by number (``arg``), not id: the deck is hidden from its owner too."""

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        ships = _open_ships(g, s, seat)
        options = []
        for number in sorted({s.cards[c].defn for c in s.zones[f"deck:{seat}"]}):
            d = g.defs[number]
            if d.type == "ship":
                options.append(
                    Option(f"ship:{number}", f"Play {d.name} from your deck", arg=number)
                )
            elif d.type in buka.LOADABLE:
                for ship in ships:
                    options.append(
                        Option(
                            f"load:{number}:{ship}",
                            f"Load {d.name} onto {g.card_name(s, ship)}",
                            arg=number,
                            target=CardRef(ship),
                        )
                    )
        options.append(Option("none", "Take nothing"))
        prompt = "Search your deck: play a ship from it, or load a card from it onto a ship"
        return game.question(seat, "entreat", prompt, options, _ENTREAT)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s, seat = _g(game), cast(BMState, state), self.seat
        g.pop(s, self)
        deck = s.zones[f"deck:{seat}"]
        if option.arg:
            cid = next(c for c in deck if s.cards[c].defn == option.arg)
            if option.target is None:  # a ship, played from the deck
                play_card(g, s, seat, cid, "influence", from_zone=f"deck:{seat}")
            else:
                buka.load(g, s, seat, cid, option.target, _ENTREAT)
        chance.shuffle(s, deck)
        s.turn_info.irreversible = True
        if s.logging:
            g.log(s, "shuffle", _ENTREAT, f"{s.names[seat]} shuffles their deck", seat, chance=True)


def _entreat(g: BlueMoon, s: BMState, src: int) -> None:
    seat = s.cards[src].controller
    if not s.zones[f"deck:{seat}"]:
        return  # visibly nothing to search
    g.push_step(s, Entreat(seat=seat))


register(
    AbilitySpec(
        id="search_deck_play_influence_or_load_ship",
        timing=("now",),
        rule=_ENTREAT,
        on_play=_entreat,
    )
)


def _no_influence_cards(g: BlueMoon, s: BMState, eff: Effects, card: int, seat: int) -> bool:
    # Old Goo Laa's Ghost: playable only while my influence area holds no ship (landed ships
    # have left it)
    return not s.zones[f"influence:{seat}"]


register(mutant("flip_element_if_no_influence_cards", _no_influence_cards))
