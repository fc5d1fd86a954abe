"""Varia's board data (``present``) and card faces (``card_face``): a planned timeline as each
seat and a spectator see it (a combo, a stack's extra die, a disrupted action, a ruined item,
a queue, hidden hands), a timeline half resolved (the results of the moment that resolved,
the moment resolving), and views of random games (plain JSON, the same whatever hidden cards
lie where, every card it names visible with its whole text or hidden in the frame too)."""

from __future__ import annotations

import functools
from typing import Any, cast

import pytest

from cardwright.agents import make_agent
from cardwright.core.rng import LocalRng
from cardwright.core.state import SPECTATOR, State
from cardwright.games import get_game
from cardwright.games.varia.catalogue import _row
from cardwright.games.varia.game import Varia
from cardwright.games.varia.present import card_face
from cardwright.games.varia.state import VariaState
from cardwright.server.present import Presenter
from tests.presenting import board_of, cards_in_frame, positions, same_whatever_hidden

GAME = cast(Varia, get_game("varia"))
CONFIG = {"names": ["Ann", "Bob"]}
PLANNED: dict[str, Any] = {
    "active": "Ann",
    "step": "fast",
    "engaged": True,
    "timeline": [
        {"Ann": ["Transfusion Dregga as td", "Bowie Knife as bk"], "Bob": "Parry as pa"},
        {"Ann": "Cleave as cl", "Bob": "Quick Stab as qs"},
        {"Bob": "Feint as fe"},
    ],
    "seats": {
        "Ann": {
            "health": 21,
            "ap": 7,
            "stacks": {"Enraged": 2},
            "items": ["Ashen Flask as af exhausted", "Molten Ravager as mr"],
            "hand": ["Blood Boil as bb", "Second Wind as sw"],
            "deck": ["Parry x3"],
            "discard": ["Skull Crack as sc"],
            "forgotten": ["Lava Wall as lw"],
        },
        "Bob": {
            "hand": ["Eviscerate as ev", "Feint as f2"],
            "deck": ["Parry x2"],
            "queue": ["Snake Bite as sb", ["Quick Stab as q2", "Throwing Knives as tk"]],
            "items": ["Shadow Cloak as sh"],
        },
    },
}


def _board(state: State, seat: int) -> dict[str, Any]:
    return board_of(GAME, state, seat)


def test_a_planned_timeline_as_each_seat_and_a_spectator_see_it() -> None:
    state, a = GAME.scenario_state(CONFIG, PLANNED)
    s = cast(VariaState, state)
    s.timeline[1].slots[1].disrupted = True  # type: ignore[union-attr]  (Bob's Quick Stab)
    bob = _board(state, 1)
    assert bob["turn"] == {
        "number": 2,
        "active": 0,
        "step": "fast",
        "words": "fast action",  # Ann's decision: the active player's fast step
        "engaged": True,
        "moment": None,
        "moments": 3,
    }
    first, second, third = bob["timeline"]
    assert [m["number"] for m in bob["timeline"]] == [1, 2, 3]
    assert all(m["status"] == "planned" and m["real"] for m in bob["timeline"])
    combo, parry = first["slots"]
    # a combo: its cards, the lead first; numbers and dice added, Enraged's extra power die
    assert combo == {
        "cards": [a["td"], a["bk"]],
        "name": "Transfusion Dregga + Bowie Knife",
        "target": 1,
        "cost": 5,
        "health_cost": 0,
        "power": "2+3d6",
        "focus": "2+2d4",
        "types": "Physical Magical Attack - Dexterity Vampiric",
        "keywords": ["fast"],
        "advantage": "",
        "disrupted": False,
        "performed": False,
    }
    assert (parry["cards"], parry["target"], parry["power"], parry["focus"]) == (
        [a["pa"]],
        0,
        "3+1d6",
        "2+1d4",
    )
    assert second["slots"][0]["power"] == "3+2d6" and second["slots"][1]["disrupted"]
    assert third["slots"][0] is None and third["slots"][1]["power"] == "-"  # Feint: no power
    ann, bob_p = bob["players"]
    assert ann["items"] == [{"id": a["af"], "ruined": True}, {"id": a["mr"], "ruined": False}]
    (enraged,) = ann["stacks"]
    assert (enraged["name"], enraged["count"]) == ("Enraged", 2)
    assert (ann["health"], ann["max_health"], ann["ap"], ann["max_ap"]) == (21, 30, 7, 10)
    assert len(ann["hand"]) == 2 and all(c < 0 for c in ann["hand"])  # Ann's hand: backs
    assert ann["forgotten"][0] < 0 and ann["discard"] == [a["sc"]] and ann["deck"] == 3
    assert bob_p["hand"] == [a["ev"], a["f2"]] and bob_p["deck"] == 2
    assert [q["name"] for q in bob_p["queue"]] == ["Snake Bite", "Quick Stab + Throwing Knives"]
    assert bob_p["queue"][1]["keywords"] == ["fast", "ranged"]
    assert bob["stats"] == [[["health", 21], ["AP", 7]], [["health", 30], ["AP", 10]]]
    stats = bob["card_stats"]
    assert stats[str(a["af"])] == [["ruined", "cannot be used"]]
    assert stats[str(a["td"])] == [
        ["combo", "Transfusion Dregga + Bowie Knife"],
        ["now", "5 AP, 2+3d6 | 2+2d4"],
    ]
    assert stats[str(a["cl"])] == [["now", "3 AP, 3+2d6 | 3+1d4"]]
    assert stats[str(a["qs"])] == [["disrupted", "no effect"]]
    assert str(a["pa"]) not in stats and str(a["fe"]) not in stats  # as printed
    assert bob["counter_labels"] == {"n": "stacks"}

    ann_view = _board(state, 0)
    assert ann_view["players"][0]["hand"] == [a["bb"], a["sw"]]
    assert ann_view["players"][0]["forgotten"] == [a["lw"]]
    assert all(c < 0 for c in ann_view["players"][1]["hand"])
    for key in ("turn", "timeline", "stats", "card_stats"):
        assert ann_view[key] == bob[key]

    watcher = _board(state, SPECTATOR)
    for player in watcher["players"]:
        assert player["hand"] and all(c < 0 for c in player["hand"])
    assert watcher["timeline"] == bob["timeline"]
    # the hands, decks and forgotten piles exchanged: the same boards
    rng = LocalRng(3)
    for seat, board in ((1, bob), (SPECTATOR, watcher)):
        assert same_whatever_hidden(GAME, state, seat, board, rng, tries=4) >= 4


def test_a_moment_resolved_and_the_next_resolving() -> None:
    """Cleave (3+1d6, 3+1d4) rolls 6 and 4 against Parry's (3+1d6, 2+1d4) 1 and 1: it hits
    for 9 - 4 = 5; then Bob's Shadow Cloak asks, at the end of moment 2, whether he
    disengages."""
    setup = {
        "active": "Ann",
        "step": "resolution",
        "engaged": True,
        "timeline": [
            {"Ann": "Cleave as cl", "Bob": "Parry as pa"},
            {"Bob": "Shadow Cloak as sh"},
        ],
        "force": [5, 3, 0, 0, 0, 0],
        "seats": {"Ann": {"deck": ["Parry x4"]}, "Bob": {"deck": ["Parry x4"]}},
    }
    state, a = GAME.scenario_state(CONFIG, setup)
    assert state.decision is not None and state.decision.seat == 1
    board = _board(state, 0)
    assert (board["turn"]["step"], board["turn"]["moment"], board["turn"]["moments"]) == (
        "resolution",
        2,
        2,
    )
    done, now = board["timeline"]
    assert (done["status"], now["status"]) == ("resolved", "resolving")
    cleave, parry = done["slots"]
    assert (cleave["cards"], parry["cards"]) == ([a["cl"]], [a["pa"]])
    assert cleave["performed"] and cleave["result"] == {
        "hit": True,
        "power": 9,
        "focus": 7,
        "damage": 5,
    }
    assert parry["result"] == {"hit": False, "power": 4, "focus": 3, "damage": 0}
    assert now["slots"][0] is None and "result" not in now["slots"][1]
    assert board["players"][1]["health"] == 25 and board["players"][0]["ap"] == 7


@functools.cache
def _random_states() -> tuple[VariaState, ...]:
    """Positions of random games of the four classes (combos, replacements, tokens, queues,
    stacks, ruined items), every ninth decision."""
    found: list[State] = []
    decks = [("volcanic-warrior", "shadow-assassin"), ("divine-paladin", "mystic-monk")]
    for i, pair in enumerate(decks):
        state = GAME.new_state({"decks": list(pair)}, 60 + i)
        agents = [make_agent("random", GAME.id, i), make_agent("random", GAME.id, i + 7)]
        found += positions(GAME, state, agents, every=9, at=4, most=400)
    return tuple(cast(VariaState, s) for s in found)


def _referenced(board: dict[str, Any]) -> set[int]:
    ids: set[int] = set()
    actions = [s for m in board["timeline"] for s in m["slots"] if s is not None]
    for player in board["players"]:
        actions += player["queue"]
        ids |= {i["id"] for i in player["items"]} | {s["id"] for s in player["stacks"]}
        ids |= set(player["hand"]) | set(player["discard"]) | set(player["forgotten"])
    for action in actions:
        ids |= set(action["cards"])
    return ids


@pytest.mark.parametrize("seat", [0, 1, SPECTATOR])
def test_views_of_games_hide_what_they_must_and_match_the_view(seat: int) -> None:
    game = GAME
    rng = LocalRng(seat + 5)
    presenter: Presenter | None = None
    swaps = 0
    statuses: set[str] = set()
    for n, state in enumerate(_random_states()):
        view = cast(VariaState, game.view(state, seat))
        board = _board(state, seat)
        if presenter is None or presenter.config is not state.config:
            presenter = Presenter("varia", state.config)
        frame = presenter.frame(view, seat)
        assert frame["board"] == board
        cards_in_frame(frame, _referenced(board), lambda defn: _row(game.defs[defn], "")[6])
        # the timeline is the view's: moments numbered from 1, each seat's action in place
        assert [m["number"] for m in board["timeline"]] == list(range(1, len(view.timeline) + 1))
        for m, moment in zip(view.timeline, board["timeline"], strict=True):
            statuses.add(moment["status"])
            for slot, shown in zip(m.slots, moment["slots"], strict=True):
                assert (slot is None) == (shown is None)
                if slot is not None:
                    assert shown["cards"] == list(slot.cards)
                    assert shown["disrupted"] == slot.disrupted
        for p, player in enumerate(board["players"]):
            assert (player["health"], player["ap"]) == (view.health[p], view.ap[p])
            assert len(player["queue"]) == len(view.queue[p])
            assert player["deck"] == len(view.zones[f"deck:{p}"])
        # the same board whatever hidden cards lie where
        if n % 2:
            continue
        swaps += same_whatever_hidden(game, state, seat, board, rng, tries=1)
    assert swaps > 20 and "planned" in statuses


def test_card_faces_are_the_cards_command() -> None:
    """Each card's face is its row of ``cardwright cards varia``: AP cost, power and focus
    shapes, types, requirements, the whole rules (an item's own rules too) and gold."""
    for defn in ("Cleave", "Molten Ravager", "Ashen Flask", "Enraged (stack)"):
        d = GAME.defs[defn]
        _, name, cost, stats, types, requires, text = _row(d, "")
        face = card_face(GAME, {}, defn)
        assert (face["name"], face["text"], face["kind"]) == (name, text, types or d.kind)
        assert face["numbers"]["AP"] == cost and face["numbers"]["power | focus"] == stats
        assert ("gold" in face["numbers"]) == (d.kind == "item")
        assert face["numbers"].get("requires", "-") == requires
    assert "Start of moment" in card_face(GAME, {}, "Ashen Flask")["text"]
