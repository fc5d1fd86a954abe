"""The games under OpenSpiel: playthrough files regenerated and compared, OpenSpiel's own
random and ISMCTS bots playing complete games of every game, resampling from a seat's
information state, and states that pickle as their records."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts

import cardwright.rl.openspiel as cos
from cardwright.core.state import state_hash
from cardwright.games import playable_games

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"

#: short games for the bots (rule options that shorten Smash Up and Munchkin)
BOT_GAMES = {
    "bizarre-world": "cardwright_bizarre_world(seed=3)",
    "blue-moon": "cardwright_blue_moon(seed=3)",
    "smash-up": 'cardwright_smash_up(config={"vp_to_win":4},players=3,seed=3)',
    "varia": 'cardwright_varia(config={"health":15},seed=3)',
    "munchkin": 'cardwright_munchkin(config={"max_turns":6},players=4,seed=3)',
}


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    for game_id in playable_games():
        assert cos.short_name(game_id) in names
    game = pyspiel.load_game("cardwright_blue_moon")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 2 and game.num_distinct_actions() > 1000


@pytest.mark.parametrize("game_id", list(cos.PLAYTHROUGHS))
def test_playthrough_files_replay(game_id: str) -> None:
    """The committed playthrough is what OpenSpiel's generator writes today: the same
    actions, observations, information states and returns (regenerate with
    ``python -m cardwright.rl.playthroughs tests/rl/playthroughs`` after a deliberate change)."""
    path = PLAYTHROUGHS / f"{cos.short_name(game_id)}.txt"
    original = path.read_text(encoding="utf-8")
    assert original == cos.playthrough_text(game_id), f"{path} no longer replays"


@pytest.mark.parametrize("game_id", list(BOT_GAMES))
def test_openspiel_bots_play_complete_games(game_id: str) -> None:
    """OpenSpiel's uniform random bots play a game to its end; then seat 0 is OpenSpiel's
    ISMCTS bot (resampling through determinize, the game's evaluation at the leaves)."""
    game = pyspiel.load_game(BOT_GAMES[game_id])
    players = game.num_players()
    bots = [pyspiel.make_uniform_random_bot(p, 7 + p) for p in range(players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    assert len(state.returns()) == players
    rs = np.random.RandomState(0)
    search = ismcts.ISMCTSBot(
        game=game,
        evaluator=cos.CardwrightEvaluator(game),
        uct_c=2.0,
        max_simulations=3,
        random_state=rs,
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        player = state.current_player()
        action = search.step(state) if player == 0 else bots[player].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 0 and len(state.returns()) == players


@pytest.mark.parametrize("game_id", playable_games())
def test_resampling_keeps_the_information_state(game_id: str) -> None:
    game = pyspiel.load_game(BOT_GAMES[game_id])
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(60):
        if state.is_terminal():
            break
        player = state.current_player()
        if step % 6 == 0:
            dealt = state.resample_from_infostate(player, sampler)
            for p in range(game.num_players()):
                if p == player:
                    assert dealt.information_state_string(p) == state.information_state_string(p)
                    assert dealt.legal_actions() == state.legal_actions()
                    assert dealt.observation_tensor(p) == state.observation_tensor(p)
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_states_pickle_as_their_records() -> None:
    game = pyspiel.load_game("cardwright_varia(seed=4)")
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = state.clone()
    back = game.deserialize_state(state.serialize())
    for other in (copy, back):
        assert other.history() == state.history()
        assert state_hash(other.p.state) == state_hash(state.p.state)
    assert "choices" in state.p.__getstate__()
    copy.apply_action(int(rng.choice(copy.legal_actions())))
    assert copy.history() != state.history()  # the clone shares nothing with the state


def test_seeds_of_initial_states() -> None:
    """The parameter ``seed`` seeds the first initial state; each further one takes the next
    seed; a clone does not use one up."""
    game = pyspiel.load_game("cardwright_blue_moon(seed=10)")
    first = game.new_initial_state()
    str(first)
    first.clone()
    second = game.new_initial_state()
    str(second)
    assert first.p.seed == 10 and second.p.seed == 11
    with pytest.raises(Exception, match="unknown rule option"):
        pyspiel.load_game('cardwright_blue_moon(config={"nope":1})').new_initial_state()
