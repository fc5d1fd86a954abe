"""Munchkin's board data for the browser (``present.py``): worked out from a seat's view only,
on mid-game positions at every player count, the same for views that differ only in hidden
cards, every card in play and in the fight placed on the board, every visible card with its
whole text, and the numbers a player reads (Levels, strengths, the monsters', a sale's total)
those of the game itself."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest

from cardwright.agents import make_agent
from cardwright.core.rng import LocalRng
from cardwright.core.state import SPECTATOR, clone, known_card
from cardwright.games import get_game
from cardwright.games.munchkin.game import Munchkin
from cardwright.games.munchkin.present import card_face, present
from cardwright.games.munchkin.scenario import build
from cardwright.games.munchkin.state import MKState
from cardwright.games.munchkin.strength import fighters_win
from cardwright.server.present import Presenter
from tests.presenting import same_whatever_hidden

GAME = cast(Munchkin, get_game("munchkin"))

#: (players, seed): every player count
TABLES = [(3, 3), (4, 4), (5, 5), (6, 6)]


def _positions(players: int, seed: int, every: int = 53, most: int = 500) -> list[MKState]:
    """Copies of one game's state every ``every`` decisions (at most ``most`` decisions), a
    heuristic seat against random ones (so that Levels rise, Items are sold, fights are
    fought and helped), each without its log (which the board does not read)."""
    state = cast(MKState, GAME.new_state({"players": players}, seed))
    agents = [
        make_agent("heuristic" if i == 0 else "random", "munchkin", seed * 7 + i)
        for i in range(players)
    ]
    out = []
    for i in range(most):
        if state.decision is None:
            break
        if i % every == 0 or (state.combat is not None and i % 17 == 0):
            out.append(clone(state))
        GAME.apply(state, agents[state.decision.seat].choose(GAME, state, state.decision.seat))
    out.append(state)
    for position in out:
        position.log = []
    return out


def _check_board(state: MKState, view: MKState, seat: int, board: dict[str, Any]) -> None:
    """What a player reads on the board is what the game says, and nothing in play is left
    out."""
    assert json.loads(json.dumps(board)) == board  # plain JSON
    for p, player in enumerate(board["players"]):
        assert player["seat"] == p
        assert (player["level"], player["sex"], player["dead"]) == (
            state.level[p],
            state.sex[p],
            state.dead[p],
        )
        assert player["strength"]["total"] == GAME.player_strength(state, p)
        assert player["hand"] == {
            "door": len(state.zones[f"hand.door:{p}"]),
            "treasure": len(state.zones[f"hand.treasure:{p}"]),
        }
        slots = [c for ids in player["slots"].values() for c in ids]
        placed = player["races"] + player["classes"] + slots + player["carried"]
        placed += player["others"]
        assert sorted(placed) == sorted(view.zones[f"play:{p}"])  # each card once
        assert all(c in state.equipped for c in slots)
        assert not any(c in state.equipped for c in player["carried"])
        assert board["stats"][p] == [
            ["level", state.level[p]],
            ["strength", GAME.player_strength(state, p)],
        ]
    combat, fight = state.combat, board["combat"]
    assert (combat is None) == (fight is None)
    if combat is not None:
        assert [m["card"] for m in fight["monsters"]] == combat.monsters
        for m in fight["monsters"]:
            assert m["strength"] == GAME.monster_strength(state, m["card"])
        assert fight["foes"] == GAME.monsters_strength(state)
        assert fight["side"] == GAME.party_strength(state)
        assert fight["winning"] == (fighters_win(GAME, state) if combat.monsters else True)
        drawn = [m["card"] for m in fight["monsters"]] + [
            c for m in fight["monsters"] for c in m["cards"]
        ]
        drawn += [x["card"] for x in fight["party"]] + [x["card"] for x in fight["also"]]
        assert sorted(drawn) == sorted(view.zones["combat"])  # each card of the fight once
        helper = None if combat.helper < 0 else combat.helper
        assert (fight["fighter"], fight["helper"]) == (combat.fighter, helper)
        assert set(fight["strengths"]) == {str(combat.fighter)} | (
            set() if helper is None else {str(helper)}
        )
    decision, window = state.decision, board["window"]
    if decision is not None and decision.kind == "respond":
        assert window is not None and window["asking"] == decision.seat
        assert decision.seat in window["order"] and decision.seat not in window["passed"]
    mine = decision is not None and decision.kind == "sell" and decision.seat == seat
    assert (board["sale"] is not None) == mine
    for card, stats in board["card_stats"].items():
        assert known_card(view, int(card)) is not None and stats


@pytest.mark.parametrize(("players", "seed"), TABLES)
def test_each_seat_and_a_spectator_see_the_game_as_it_is(players: int, seed: int) -> None:
    """Positions of a whole game: the board of each seat's view and a spectator's reads as
    the game does; each visible card in the frame has its whole text; the board is the same
    when hidden cards the seat cannot tell apart are exchanged."""
    positions = _positions(players, seed)
    presenter = Presenter("munchkin", positions[0].config)
    rng = LocalRng(seed)
    swaps = fights = sales = 0
    for state in positions:
        fights += state.combat is not None
        for seat in [*range(players), SPECTATOR]:
            view = cast(MKState, GAME.view(state, seat))
            board = present(GAME, view, seat)
            _check_board(state, view, seat, board)
            sales += board["sale"] is not None
            frame = presenter.frame(view, seat)
            for cid, card in frame["cards"].items():
                if not card["hidden"]:
                    face = frame["faces"][card["defn"]]
                    assert face["text"] == GAME.defn(state, int(cid)).text != ""
            if seat == SPECTATOR:
                continue
            swaps += same_whatever_hidden(GAME, state, seat, board, rng, tries=1)
    assert swaps > len(positions) and fights > 3


FIGHT = {
    "active": "Ann",
    "seats": {
        "Ann": {
            "level": 3,
            "play": [
                "Elf as elf",
                "Warrior as warrior",
                "Horned Helmet as helmet",
                "Mithril Armor as mithril",
                "Buckler of Swashing as buckler",
            ],
            "carried": ["Rad Bandanna as bandanna"],
            "hand": ["Sleep Potion as potion", "Broad Sword as sword"],
        },
        "Bob": {"level": 2, "sex": "female", "hand": ["Enraged as enraged"]},
        "Cid": {"level": 5, "hand": ["Cotion of Ponfusion"]},
    },
    "door_deck": ["Maul Rat as rat"],
    "treasure_deck": ["Leather Armor", "Slimy Armor"],
}


def _fight() -> tuple[MKState, dict[str, int]]:
    s, alias = build(GAME, {"names": ["Ann", "Bob", "Cid"]}, FIGHT, 0)
    for choice in ("kick", "pass", f"enhance:{alias['enraged']}:{alias['rat']}", "pass"):
        GAME.apply(s, choice)
    GAME.apply(s, f"use:{alias['potion']}:party")
    return s, alias


def test_a_fight_with_an_enhancer_and_a_one_shot_as_each_seat_sees_it() -> None:
    """Ann (an Elf Warrior, Level 3, Horned Helmet +3 on an Elf, Mithril Armor, a Buckler)
    fights a Maul Rat that Bob made Enraged, and plays a Sleep Potion for herself: each side's
    strength and its parts, the monster's strength beside its printed Level, the cards on it,
    the one-shot, what is at stake, the interference window; her equipment by slot, her Big
    Item, the Item she carries, her Helmet's bonus as it is now."""
    s, a = _fight()
    board = present(GAME, GAME.view(s, 0), 0)
    ann = board["players"][0]
    assert ann["races"] == [a["elf"]] and ann["classes"] == [a["warrior"]]
    assert ann["slots"] == {
        "headgear": [a["helmet"]],
        "armor": [a["mithril"]],
        "footgear": [],
        "hands": [a["buckler"]],
        "other": [],
    }
    assert ann["hands_used"] == 1 and ann["big"] == [a["mithril"]] and not ann["big_any"]
    assert ann["carried"] == [a["bandanna"]]
    assert ann["strength"] == {"total": 11, "level": 3, "items": 8, "extra": 0, "double": False}
    assert ann["role"] == "fighter" and ann["hand"] == {"door": 0, "treasure": 1}
    assert board["card_stats"][str(a["helmet"])] == [["bonus", "+3"]]  # printed +1
    fight = board["combat"]
    assert fight["side"] == 13 and fight["party"] == [{"card": a["potion"], "bonus": 2}]
    (rat,) = fight["monsters"]
    assert (rat["card"], rat["strength"], rat["level"]) == (a["rat"], 6, 1)
    assert rat["cards"] == [a["enraged"]] and fight["foes"] == 6
    assert board["card_stats"][str(a["rat"])] == [["strength", 6], ["Treasures", 2]]
    assert fight["winning"] and fight["wins_ties"]  # a Warrior wins ties
    assert (fight["treasures"], fight["levels"], fight["helper"]) == (2, 1, None)
    window = board["window"]
    assert window["kind"] == "combat" and window["rule"] == "mk.combat.interfere"
    assert window["order"] == [0, 1, 2] and window["asking"] == 2 and window["passed"] == []
    assert board["sale"] is None
    # Bob and a spectator read the same fight; Ann's hand is a count to them
    for seat in (1, SPECTATOR):
        other = present(GAME, GAME.view(s, seat), seat)
        assert other["combat"] == fight and other["players"][0] == ann


def test_the_window_names_who_passed_in_a_row() -> None:
    """After Ann's potion, Cid (who holds a potion) is asked and passes, Bob having nothing
    to play passed unasked: the board names Ann as the one answering now, Bob and Cid as
    having passed in a row; Ann's pass settles the fight."""
    s, _ = _fight()
    GAME.apply(s, "pass")
    decision = s.decision
    assert decision is not None and (decision.seat, decision.kind) == (0, "respond")
    for seat in (0, 1, 2, SPECTATOR):
        window = present(GAME, GAME.view(s, seat), seat)["window"]
        assert window["asking"] == 0 and window["passed"] == [1, 2]
    GAME.apply(s, "pass")
    assert s.combat is None and present(GAME, GAME.view(s, 0), 0)["combat"] is None


def test_a_sale_in_progress_with_its_running_total() -> None:
    """Ann sells her Bandanna (400) and Broad Sword from her hand (400): 800 buys no level
    yet (200 more would); a third Item makes one, and the rest is lost. Only Ann's board has
    the sale."""
    setup = {
        "active": "Ann",
        "seats": {
            "Ann": {
                "level": 3,
                "carried": ["Rad Bandanna as bandanna"],
                "hand": ["Broad Sword as sword", "Mithril Armor as mithril"],
            },
            "Bob": {},
            "Cid": {},
        },
    }
    s, a = build(GAME, {"names": ["Ann", "Bob", "Cid"]}, setup, 0)
    GAME.apply(s, "sell")
    for item in ("bandanna", "sword"):
        GAME.apply(s, f"add:{a[item]}")
    sale = present(GAME, GAME.view(s, 0), 0)["sale"]
    assert sale["picked"] == [
        {"card": a["bandanna"], "gold": 400},
        {"card": a["sword"], "gold": 400},
    ]
    assert (sale["total"], sale["levels"], sale["need"], sale["level"]) == (800, 0, 200, 3)
    assert present(GAME, GAME.view(s, 1), 1)["sale"] is None
    GAME.apply(s, f"add:{a['mithril']}")
    sale = present(GAME, GAME.view(s, 0), 0)["sale"]
    assert (sale["total"], sale["levels"], sale["lost"], sale["need"]) == (1400, 1, 400, 600)


def test_card_faces_give_labelled_numbers_and_the_whole_text() -> None:
    config = GAME.validate_config({"players": 3})
    cards = GAME.sets["classic"].cards
    face = card_face(GAME, config, "Maul Rat")
    assert face["kind"] == "monster" and face["text"] == cards["Maul Rat"].text
    assert face["numbers"]["level"] == 1 and face["numbers"]["Treasures"] == 1
    face = card_face(GAME, config, "Mithril Armor")
    assert face["numbers"] == {"bonus": "+3", "slot": "armor", "gold": "600 GP", "": "Big"}
    face = card_face(GAME, config, "Enraged")
    assert face["kind"] == "monster enhancer" and face["numbers"]["bonus"] == "+5"
    assert card_face(GAME, config, "Broad Sword")["numbers"]["slot"] == "1 hand(s)"
