"""Blue Moon's board data (``present``) and card faces (``card_face``): a known position as
each seat and a spectator see it, views of random games of several people pairings (plain
JSON, the same whatever hidden cards lie where, every card it names visible with its whole
text or hidden in the frame too, totals that add up), and every card's face as ``cardwright
cards`` prints it."""

from __future__ import annotations

import functools
from typing import Any, cast

import pytest

from cardwright.agents import make_agent
from cardwright.core.rng import LocalRng
from cardwright.core.state import SPECTATOR, State
from cardwright.games import get_game
from cardwright.games.blue_moon import carddata
from cardwright.games.blue_moon.catalogue import catalogue
from cardwright.games.blue_moon.game import BlueMoon
from cardwright.games.blue_moon.inforce import InForce
from cardwright.games.blue_moon.present import card_face
from cardwright.games.blue_moon.state import BMState
from cardwright.server.present import Presenter
from tests.presenting import board_of, cards_in_frame, positions, same_whatever_hidden

GAME = cast(BlueMoon, get_game("blue-moon"))
CONFIG = {"names": ["Ann", "Bob"], "peoples": ["Buka", "Hoax"]}
SETUP: dict[str, Any] = {
    "active": "Bob",
    "start": "Ann",
    "element": "fire",
    "phase": "main",
    "dragons": {"Ann": 1},
    "seats": {
        "Ann": {
            "covered": ["Commodore Tai Marn as tai", "Cannoneer Riba Ko as riba"],
            "combat": ["Commodore Lo Tan as lo", "Letter of Marque as lm"],
            "support": ["Captain Su Cha as su face-down", "Armory as arm"],
            "ships": [{"ship": "Rising Sun as rs", "cargo": ["Buka 6 as boo"]}],
            "hand": ["Buka 5", "Buka 7"],
            "deck": ["Buka 9", "Buka 10"],
        },
        "Bob": {
            "combat": ["Wogarathoras the Gloomy as wog"],
            "support": ["Tome of Wisdom as tome"],
            "hand": ["Hoax 2 as h2", "Hoax 3 as h3"],
            "deck": ["Hoax 4"],
            "discard": ["Hoax 20 as old"],
        },
    },
}


def _board(state: State, seat: int) -> dict[str, Any]:
    return board_of(GAME, state, seat)


def test_a_fight_as_each_seat_and_a_spectator_see_it() -> None:
    state, a = GAME.scenario_state(CONFIG, SETUP)
    bob = _board(state, 1)
    ann, bob_side = bob["sides"]
    # the fight: Ann has 5 + 2 + a 2/2 bluff + 1 = 10 fire, Bob 5 + 3 = 8 and must reach 10
    assert bob["fight"] == {
        "number": 1,
        "started": True,
        "element": "fire",
        "start_player": 0,
        "active": 1,
        "stage": "beginning",
        "phase": "beginning of the turn",
        "need": 10,
        "played": [],
        "cards_played": 0,
    }
    assert (ann["power"], ann["totals"], bob_side["power"]) == (10, {"fire": 10, "earth": 9}, 8)
    assert bob["dragons"] == {"sides": [1, 0], "middle": 2} and bob["crystals"] == [0, 0]
    assert bob["stats"] == [
        [["dragons", 1], ["fire power", 10], ["crystals", 0]],
        [["dragons", 0], ["fire power", 8], ["crystals", 0]],
    ]
    # covered cards under the active ones, in the order played; six cards win two dragons
    assert ann["combat"] == [
        {"id": a["tai"], "covered": True},
        {"id": a["riba"], "covered": True},
        {"id": a["lo"], "covered": False},
        {"id": a["lm"], "covered": False},
    ]
    assert (ann["in_areas"], ann["wins"], bob_side["in_areas"], bob_side["wins"]) == (6, 2, 2, 1)
    # the bluff and the cargo are backs to Bob; the ship itself is public
    (bluff, armory) = ann["support"]
    assert bluff["id"] < 0 and bluff["bluff"] and armory == {"id": a["arm"], "bluff": False}
    assert ann["ships"] == [{"id": a["rs"], "cargo": [ann["ships"][0]["cargo"][0]]}]
    assert ann["ships"][0]["cargo"][0] < 0 and all(c < 0 for c in ann["hand"])
    assert bob_side["hand"] == [a["h2"], a["h3"]] and bob_side["discard"] == [a["old"]]
    assert (ann["leader"], ann["people"], ann["deck"]) == (state.zones["leader:0"][0], "Buka", 2)
    stats = bob["card_stats"]
    assert stats[str(a["tai"])] == [["covered", "not counted"]]
    assert stats[str(a["lo"])] == [["counts", "5 fire"]]
    assert stats[str(bluff["id"])] == [["counts", "2 fire"]]
    # Bob's characters cannot reach 10: Athradysas 5 + Tome 3, Ledinemras 4 + 3
    assert stats[str(a["h2"])] == [["short", "at most 8 fire"]]
    assert stats[str(a["h3"])] == [["short", "at most 7 fire"]]

    ann_view = _board(state, 0)
    mine = ann_view["sides"][0]
    assert mine["support"][0] == {"id": a["su"], "bluff": True}
    assert ["bluff", "counts as a 2/2 support"] in ann_view["card_stats"][str(a["su"])]
    assert mine["ships"][0]["cargo"] == [a["boo"]] and a["h2"] not in ann_view["sides"][1]["hand"]
    assert str(a["h2"]) not in ann_view["card_stats"]  # (a hidden hand is never marked)
    for key in ("fight", "dragons", "crystals", "stats"):
        assert ann_view[key] == bob[key]

    watcher = _board(state, SPECTATOR)
    for side in watcher["sides"]:
        assert side["hand"] and all(c < 0 for c in side["hand"])
    assert watcher["sides"][0]["support"][0]["id"] < 0
    assert not any(s[0] == "short" for st in watcher["card_stats"].values() for s in st)
    # the bluff, the cargo, the hands and the decks exchanged: the same boards
    rng = LocalRng(3)
    for seat, board in ((1, bob), (SPECTATOR, watcher)):
        assert same_whatever_hidden(GAME, state, seat, board, rng, tries=4) >= 8


def test_the_opening_turn_shows_both_totals_and_no_element() -> None:
    setup = {
        "active": "Ann",
        "phase": "main",
        "played": ["@lo"],
        "seats": {"Ann": {"combat": ["Commodore Lo Tan as lo"], "hand": ["Buka 5"]}},
    }
    state, a = GAME.scenario_state(CONFIG, setup)
    board = _board(state, 0)
    assert board["fight"]["started"] is False and board["fight"]["element"] == ""
    assert board["fight"]["number"] == 1 and board["fight"]["need"] is None
    assert board["fight"]["played"] == [a["lo"]] and board["fight"]["cards_played"] == 1
    ann = board["sides"][0]
    assert ann["totals"] == {"fire": 5, "earth": 4} and ann["power"] is None
    assert ann["wins"] is None and board["stats"][0][1] == ["power", "-"]
    assert board["card_stats"][str(a["lo"])] == []  # printed values, unchanged


@functools.cache
def _random_states() -> tuple[BMState, ...]:
    """Positions of games of several people pairings between heuristic AIs (ships, gangs,
    covered cards, ignoring, value changes, cards shown from a hand), every sixth
    decision."""
    found: list[State] = []
    pairings = [("Buka", "Khind"), ("Aqua", "Buka"), ("Flit", "Mimix"), ("Terrah", "Pillar")]
    for i, peoples in enumerate(pairings):
        state = GAME.new_state({"peoples": list(peoples)}, 40 + i)
        agents = [make_agent("heuristic", GAME.id, i), make_agent("heuristic", GAME.id, i + 1)]
        found += positions(GAME, state, agents, every=6, at=3, most=200)
    return tuple(cast(BMState, s) for s in found)


def _referenced(board: dict[str, Any]) -> set[int]:
    ids: set[int] = set(board["fight"]["played"])
    for side in board["sides"]:
        ids |= {c["id"] for c in side["combat"]} | {c["id"] for c in side["support"]}
        ids |= set(side["hand"]) | set(side["discard"]) | set(side["leadership"])
        ids |= {x for x in (side["leader"], side["leadership_now"]) if x is not None}
        for ship in side["ships"] + side["landed"]:
            ids |= {ship["id"], *ship["cargo"]}
    return ids


PRINTED = {c.number: c for d in carddata.load_all().values() for c in d.all_cards}


@pytest.mark.parametrize("seat", [0, 1, SPECTATOR])
def test_views_of_games_hide_what_they_must_and_add_up(seat: int) -> None:
    game = GAME
    rng = LocalRng(seat + 9)
    presenter: Presenter | None = None
    swaps = 0
    for state in _random_states():
        view = cast(BMState, game.view(state, seat))
        board = _board(state, seat)
        if presenter is None or presenter.config is not state.config:
            presenter = Presenter("blue-moon", state.config)
        frame = presenter.frame(view, seat)
        assert frame["board"] == board
        cards_in_frame(frame, _referenced(board), lambda defn: PRINTED[defn].text)
        # the totals are the sums of what each active card counts (or a power's floor)
        eff = InForce(game, view)
        for p, side in enumerate(board["sides"]):
            assert side["totals"]["fire"] == game.total_power(view, p, "fire", eff)
            if not view.element:
                continue
            counted = [
                int(stat[1].split()[0])
                for c in [x["id"] for x in side["combat"] if not x["covered"]]
                + [x["id"] for x in side["support"]]
                for stat in board["card_stats"][str(c)]
                if stat[0] == "counts"
            ]
            assert side["power"] == sum(counted) or (eff.floors and side["power"] > sum(counted))
        assert board["dragons"]["middle"] + sum(board["dragons"]["sides"]) == 3
        # the same board whatever hidden cards lie where
        swaps += same_whatever_hidden(game, state, seat, board, rng, tries=1)
    assert swaps > 20


@pytest.mark.parametrize("people", carddata.PEOPLES)
def test_card_faces_are_the_cards_command(people: str) -> None:
    """Each card's face is its row of ``cardwright cards blue-moon --people P``: name, type,
    fire and earth ('-' where none is printed), number, moons and the whole power text."""
    (table,) = catalogue({"people": people})
    for number, name, kind, fire, earth, icons, moons, power in table.rows:
        face = card_face(GAME, {}, number)
        numbers = face["numbers"]
        assert (face["name"], face["kind"].split(" ")[0], face["text"]) == (name, kind, power)
        assert (numbers["no."], str(numbers["moons"])) == (number, moons)
        if kind in ("character", "booster", "support"):
            assert (str(numbers["fire"]), str(numbers["earth"])) == (fire, earth)
        else:
            assert "fire" not in numbers and fire == earth == "-"
        assert numbers.get("icons", "") == icons
    leader = PRINTED[carddata.load_people(people).leader.number]
    face = card_face(GAME, {}, leader.number)
    assert face["kind"] == "leader" and face["numbers"] == {"no.": leader.number}
