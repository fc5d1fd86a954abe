"""Smash Up's board data for the browser (``present.py``): worked out from a seat's view only,
on random mid-game positions at every player count, the same for views that differ only in
hidden cards, every card of every zone placed on the board, every visible card with its text,
and the numbers a player reads (a minion's power, a base's total) those of the game itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardwright.agents import RandomAgent
from cardwright.conformance import hidden_swaps
from cardwright.core.rng import LocalRng
from cardwright.core.state import SPECTATOR, State, clone
from cardwright.core.zones import create_card
from cardwright.games import get_game
from cardwright.games.smash_up.present import card_face, plays_left, present
from cardwright.games.smash_up.state import Allowance, SUState
from cardwright.server.present import Presenter

GAME: Any = get_game("smash-up")

#: (config, seed): every player count, both card sets, all twelve factions at some table, and
#: the eight of Science Fiction Double Feature and Monster Smash
TABLES = [
    ({"players": 2}, 3),
    ({"players": 3, "card_set": "70s-errata"}, 4),
    (
        {
            "players": 4,
            "factions": [
                ["tricksters", "disco_dancers"],
                ["truckers", "vigilantes"],
                ["aliens", "kung_fu_fighters"],
                ["zombies", "ninjas"],
            ],
        },
        5,
    ),
    (  # Science Fiction Double Feature and Monster Smash: buried cards, fusion cards, counters
        {
            "players": 4,
            "factions": [
                ["cyborg_apes", "vampires"],
                ["shapeshifters", "giant_ants"],
                ["super_spies", "mad_scientists"],
                ["time_travelers", "werewolves"],
            ],
        },
        6,
    ),
]


def _positions(config: dict[str, Any], seed: int, every: int = 31) -> list[SUState]:
    """Copies of one random game's state every ``every`` decisions, to its end, each without
    its log (which the board does not read: copies of the state are then cheap)."""
    state = GAME.new_state(config, seed)
    agent = RandomAgent(seed)
    out = []
    for i in range(2000):
        if state.decision is None:
            break
        if i % every == 0:
            out.append(clone(state))
        GAME.apply(state, agent.choose(GAME, state, state.decision.seat))
    out.append(state)
    for position in out:
        position.log = []
    return out


def _placed(board: dict[str, Any]) -> list[str]:
    """Every zone key the board draws somewhere."""
    keys = [z["key"] for z in [*board["shared"], *board["moving"]]]
    for seat in board["seats"]:
        keys += list(seat["zones"].values()) + [z["key"] for z in seat["other"]]
    for base in board["bases"]:
        keys += [f"base:{base['id']}"] + [z["key"] for z in base["zones"]]
    return keys


def _check_board(state: SUState, view: SUState, board: dict[str, Any]) -> None:
    """What a player reads on the board is what the game says, and nothing is left out."""
    assert json.loads(json.dumps(board)) == board  # plain JSON
    assert sorted(_placed(board)) == sorted(k for k in view.zones if k != "bases")
    assert [b["id"] for b in board["bases"]] == list(view.zones["bases"])
    stats = board["card_stats"]
    for base in board["bases"]:
        bid = base["id"]
        assert base["total"] == GAME.total_power(state, bid)
        assert base["breakpoint"] == GAME.breakpoint(state, bid)
        assert base["ready"] == (base["total"] >= base["breakpoint"])
        assert sum(g["power"] for g in base["players"]) == base["total"]
        drawn = list(base["actions"]) + list(base["other"])
        for group in base["players"]:
            assert group["vp"] == (
                base["vp"][group["place"] - 1] if group["place"] is not None else 0
            )
            for m in group["minions"]:
                assert view.cards[m["id"]].controller == group["seat"]
                assert stats[str(m["id"])][0] == ["power", GAME.power(state, m["id"])]
                assert all(view.attached[a] == m["id"] for a in m["actions"])
                drawn += [m["id"], *m["actions"]]
        assert sorted(drawn) == sorted(view.zones[f"base:{bid}"])  # each card once
        assert all(view.attached[a] == bid for a in base["actions"])
    for seat, entry in enumerate(board["seats"]):
        assert entry["vp"] == state.vp[seat]
        assert entry["zones"] == {k: f"{k}:{seat}" for k in ("deck", "hand", "discard")}
        assert len(entry["factions"]) == 2


@pytest.mark.parametrize(("config", "seed"), TABLES)
def test_each_seat_and_a_spectator_see_the_game_as_it_is(config: dict[str, Any], seed: int) -> None:
    """Random positions of a whole game: the board of each seat's view and a spectator's
    reads as the game does; each visible card in the frame has its whole text; the board
    is the same when hidden cards the seat cannot tell apart are exchanged."""
    positions = _positions(config, seed)
    presenter = Presenter("smash-up", positions[0].config)
    rng = LocalRng(seed)
    swaps = 0
    shown: set[str] = set()  # zones of bases drawn with them, counters in the frames
    for state in positions:
        for seat in [*range(state.num_players), SPECTATOR]:
            view = GAME.view(state, seat)
            board = present(GAME, view, seat)
            _check_board(state, view, board)
            frame = presenter.frame(view, seat)
            shown |= {z["key"].split(":")[0] for b in board["bases"] for z in b["zones"]}
            shown |= {k for card in frame["cards"].values() for k in card.get("counters", {})}
            for card in frame["cards"].values():
                if not card["hidden"]:
                    face = frame["faces"][card["defn"]]
                    assert face["name"] and face["text"], card
            for what, swapped in hidden_swaps(GAME, state, seat, rng, tries=1):
                assert present(GAME, GAME.view(swapped, seat), seat) == board, what
                swaps += 1
    assert swaps > len(positions)
    if config.get("factions") == TABLES[-1][0]["factions"]:  # the later factions' table
        assert {"buried", "p1"} <= shown  # cards buried at bases, +1 power counters


def test_a_minion_with_counters_and_actions_on_it_and_on_its_base() -> None:
    """A set position: an action on a minion, one on the base, +1 power counters, a minion
    another player controls, a Talent used, plays left this turn; the seats' places at
    the base if it scored now."""
    state = GAME.new_state({"players": 2}, 7)
    s: SUState = state
    bid = s.zones["bases"][0]
    zone = f"base:{bid}"

    def put(defn: str, owner: int, controller: int | None = None) -> int:
        card = create_card(s, defn, owner, zone)
        card.controller = owner if controller is None else controller
        return card.id

    rex = put("dinosaurs/king_rex", 0)
    s.cards[rex].counters["p1"] = 2
    upgrade = put("dinosaurs/upgrade", 0)
    s.attached[upgrade] = rex
    taken = put("ninjas/ninja_acolyte", 1, controller=0)
    ninja = put("ninjas/ninja_master", 1)
    infiltrate = put("ninjas/infiltrate", 1)
    s.attached[infiltrate] = bid
    s.talents_used.append(ninja)
    s.allowances = [
        Allowance("minion"),
        Allowance("action", source=infiltrate),
        Allowance("action", source=infiltrate),
        Allowance("minion", max_power=2, zone="discard", base=bid, source=rex),
    ]
    s = clone(s)  # (what the game keeps of cards in play is worked out afresh)
    view = GAME.view(s, 1)
    board = present(GAME, view, 1)
    _check_board(s, view, board)
    base = board["bases"][0]
    assert base["actions"] == [infiltrate]
    mine, theirs = base["players"]
    assert [m["id"] for m in mine["minions"]] == [rex, taken]
    assert mine["minions"][0]["actions"] == [upgrade]
    assert theirs["minions"] == [{"id": ninja, "actions": []}]
    assert mine["power"] == GAME.power(s, rex) + GAME.power(s, taken)
    assert GAME.power(s, rex) == 7 + 2 + 2  # printed, counters, Upgrade
    assert (mine["place"], mine["vp"]) == (1, base["vp"][0])
    stats = board["card_stats"]
    assert ["owner", s.names[1]] in stats[str(taken)]
    assert ["Talent", "used"] in stats[str(ninja)]
    assert ["played by", s.names[1]] in stats[str(infiltrate)]
    assert str(upgrade) not in stats  # played by its minion's controller
    assert board["counter_labels"]["p1"] == "+1 power counters"
    name = GAME.card_name(s, bid)
    assert plays_left(GAME, view) == [
        "minion",
        "extra action ×2",
        f"extra minion of power 2 or less from the discard pile at {name}",
    ]


def test_zones_later_factions_add_are_placed_by_their_key() -> None:
    """A zone of a base and a seat (cards buried there), a shared pile (a Madness deck) and
    another zone of a seat show on the board where their keys put them, hidden cards as
    placeholders; an unknown card is still listed at its base."""
    state: State = GAME.new_state({"players": 3}, 9)
    s: SUState = state  # type: ignore[assignment]
    bid = s.zones["bases"][1]
    s.zones[f"buried:{bid}:2"] = [s.zones["deck:2"].pop()]
    s.zones["madness"] = [s.zones["deck:1"].pop(), s.zones["deck:1"].pop()]
    s.zones["set_aside:0"] = [s.zones["hand:0"].pop()]
    view = GAME.view(s, 0)
    board = present(GAME, view, 0)
    base = board["bases"][1]
    assert base["zones"] == [
        {"key": f"buried:{bid}:2", "label": f"{s.names[2]}: Buried", "seat": 2}
    ]
    assert {"key": "madness", "label": "Madness"} in board["shared"]
    assert board["seats"][0]["other"] == [{"key": "set_aside:0", "label": "Set aside"}]
    assert sorted(_placed(board)) == sorted(k for k in view.zones if k != "bases")


def test_card_faces_name_the_faction_and_give_the_whole_text() -> None:
    config = GAME.validate_config({"players": 2})
    face = card_face(GAME, config, "ninjas/shinobi")
    assert face["name"] == "Shinobi"
    assert face["kind"] == "minion (special), Ninjas"
    assert face["numbers"] == {"power": 3}
    assert face["text"] == GAME.cat(GAME.new_state(config, 1)).cards["ninjas/shinobi"].text
    base = next(iter(GAME.catalogs[config["card_set"]].bases.values()))
    face = card_face(GAME, config, base.id)
    assert face["kind"] == "base" and face["text"] == base.text
    assert face["numbers"] == {"breakpoint": base.breakpoint, "VP": "/".join(map(str, base.vp))}
