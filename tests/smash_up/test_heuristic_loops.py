"""The heuristic ends a turn the rules would let it repeat for ever (PLAYS_PER_TURN_CAP).

Found by a 32-faction balance run: Player 1's Jumper (Time Travelers), played at The Homeworld
where Player 2's Leprechaun (Tricksters) destroys a weaker newcomer, goes back to the hand as
it leaves play, and The Homeworld grants a fresh extra minion play of power 2 or less for it:
the heuristic played it again and again past the runner's 100,000-decision limit."""

from cardwright.games import get_game
from cardwright.games.smash_up.heuristic import PLAYS_PER_TURN_CAP
from cardwright.sim.runner import play_game

FACTIONS = [["minions_of_cthulhu", "time_travelers"], ["tricksters", "wizards"]]
SEED = 51457944947016908  # the balance run's game (balance --sample 1500 --seed 1)


def test_the_jumper_homeworld_leprechaun_loop_ends() -> None:
    game = get_game("smash-up")
    outcome, record = play_game(
        game, {"factions": FACTIONS}, SEED, ["heuristic", "heuristic"], record=True
    )
    assert outcome.winners
    assert record is not None
    # the loop was entered (Jumper played at The Homeworld until the cap), then left
    state = game.new_state(record.config, SEED, log=True)
    most = 0
    for _seat, choice in record.choices:
        game.apply(state, choice)
        most = max(most, state.minions_played + state.actions_played)  # type: ignore[attr-defined]
    assert most == PLAYS_PER_TURN_CAP
