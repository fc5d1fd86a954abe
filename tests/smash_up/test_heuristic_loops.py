"""The heuristic ends a turn the rules would let it repeat for ever (PLAYS_PER_TURN_CAP).

Found by a 32-faction balance run: Ann's Jumper (Time Travelers), played at The Homeworld
where Bob's Leprechaun (Tricksters) destroys a weaker newcomer, goes back to the hand as it
leaves play, and The Homeworld grants a fresh extra minion play of power 2 or less for it: the
heuristic played it again and again past the runner's 100,000-decision limit. The position
is built so that The Homeworld is where the heuristic wants Jumper (it wins first place
there)."""

from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.heuristic import PLAYS_PER_TURN_CAP, SmashUpHeuristic
from cardwright.games.smash_up.scenario import build
from cardwright.games.smash_up.state import SUState

SETUP = {
    "active": "Ann",
    "bases": [
        {"base": "The Homeworld", "minions": {"Bob": ["Leprechaun"], "Ann": ["Zapbot", "Zapbot"]}},
        {"base": "Tar Pits", "minions": {"Ann": ["King Rex"]}},
        {"base": "Jungle Oasis", "minions": {"Ann": ["King Rex"]}},
    ],
    "seats": {"Ann": {"hand": ["Jumper"], "deck": ["Zapbot", "Zapbot", "Zapbot"]}},
}


def test_the_jumper_homeworld_leprechaun_loop_ends() -> None:
    game = SmashUp()
    state, _ = build(game, {"names": ["Ann", "Bob"]}, SETUP, 1)
    assert isinstance(state, SUState)
    agent = SmashUpHeuristic(0)
    most = 0
    while state.decision is not None and state.active == 0:
        game.apply(state, agent.choose(game, state, 0), 0)
        most = max(most, state.minions_played + state.actions_played)
    # the loop was entered (Jumper played at The Homeworld until the cap), then left: Bob's turn
    assert most == PLAYS_PER_TURN_CAP
    assert state.active == 1
