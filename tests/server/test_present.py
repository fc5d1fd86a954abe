"""The board contract's data: for every game, the frame of each seat and of a spectator is
plain JSON worked out from the view, each visible card has its face with its whole text, a
seat sees its own options only, and a spectator sees no hand."""

from __future__ import annotations

import json

import pytest

from cardwright.agents import RandomAgent
from cardwright.core.state import SPECTATOR
from cardwright.games import GAMES, get_game, playable_games
from cardwright.server.present import Presenter, zone_label

from .tally import registered

CONFIGS = {"munchkin": {"players": 3}, "smash-up": {"players": 3}}


def _mid_game(game_id: str, decisions: int = 40, seed: int = 5):
    game = get_game(game_id)
    state = game.new_state(CONFIGS.get(game_id, {}), seed)
    agent = RandomAgent(seed)
    for _ in range(decisions):
        if state.decision is None:
            break
        game.apply(state, agent.choose(game, state, state.decision.seat))
    return game, state


@pytest.mark.parametrize("game_id", playable_games())
def test_every_game_presents_each_seat_and_a_spectator(game_id: str) -> None:
    assert GAMES[game_id].present and GAMES[game_id].card_face
    game, state = _mid_game(game_id)
    presenter = Presenter(game_id, state.config)
    assert state.decision is not None
    seen: list[set[int]] = []
    for seat in [*range(state.num_players), SPECTATOR]:
        frame = presenter.frame(game.view(state, seat), seat)
        assert json.loads(json.dumps(frame)) == frame  # plain JSON
        assert frame["seat"] == (None if seat == SPECTATOR else seat)
        assert [s["deciding"] for s in frame["seats"]] == [
            p == state.decision.seat for p in range(state.num_players)
        ]
        options = frame["decision"]["options"]
        assert bool(options) == (seat == state.decision.seat)
        visible = [c for c in frame["cards"].values() if not c["hidden"]]
        assert visible
        for card in visible:
            face = frame["faces"][card["defn"]]
            assert face["name"] and isinstance(face["text"], str)
            assert all(isinstance(k, str) for k in face["numbers"])
        for card in frame["cards"].values():
            assert card["hidden"] == (card["id"] < 0) == ("defn" not in card)
        for zone in frame["zones"]:  # a card left out is a plain hidden back
            for cid in zone["cards"]:
                assert str(cid) in frame["cards"] or cid < 0
                if zone["key"].startswith("hand") and str(cid) in frame["cards"]:
                    # a held card is never called "face down" (that is said of the table)
                    assert frame["cards"][str(cid)]["face_up"], (zone["key"], cid)
        for event in frame["log"]:
            assert event["rule"] in frame["rules"], event
            assert isinstance(event["data"], dict), event
        assert all(len(stats) for stats in (s["stats"] for s in frame["seats"]))
        seen.append({c["id"] for c in visible})
    # a spectator identifies only cards every seat identifies, and not every card
    assert seen[-1] <= set.intersection(*seen[:-1])
    assert len(seen[-1]) < len(state.cards)


def test_zone_labels_name_the_seat_or_the_shared_pile() -> None:
    game, state = _mid_game("smash-up", decisions=0)
    view = game.view(state, 0)
    assert zone_label(view, "hand:1") == (f"{view.names[1]}'s hand", 1)
    assert zone_label(view, "base_deck") == ("base deck", None)
    base = view.zones["bases"][0]
    assert zone_label(view, f"base:{base}") == (f"base: {game.card_name(view, base)}", None)
    assert zone_label(view, "hand.door:0")[0] == f"{view.names[0]}'s hand (door)"


def test_log_events_carry_their_data_to_the_seats_that_may_read_it() -> None:
    """Each event's data is in the frame's log as the game logged it; a private event
    reaches another seat and a spectator with its redacted words and no data."""
    with registered() as game:
        state = game.new_state({"names": ["Ann", "Bob"]}, 3)
        game.apply(state, "draw", 0)  # Ann's hand's total is hers alone
        game.apply(state, next(o.id for o in state.decision.options if o.card is not None), 1)
        presenter = Presenter(game.id, state.config)
        private = next(e for e in state.log if e.kind == "hand")
        played = next(e for e in state.log if e.kind == "play")
        assert private.data and private.visible_to == [0] and played.data
        for seat in (0, 1, SPECTATOR):
            frame = presenter.frame(game.view(state, seat), seat)
            log = {e["seq"]: e for e in frame["log"]}
            assert log[played.seq]["data"] == played.data
            if seat == 0:
                assert (log[private.seq]["text"], log[private.seq]["data"]) == (
                    private.text,
                    private.data,
                )
            else:
                assert log[private.seq]["text"] == "Ann holds 3 cards"
                assert log[private.seq]["data"] == {}
