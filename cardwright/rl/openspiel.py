"""Every Cardwright game as an OpenSpiel Python game: ``import cardwright.rl.openspiel`` then
``pyspiel.load_game("cardwright_blue_moon")`` (``-`` in a game id becomes ``_``).

* Imperfect information, sequential; chance comes from the game's own seeded RNG
  (``SAMPLED_STOCHASTIC``): the parameter ``seed`` (default 0) seeds the game object's first
  initial state, and each further one takes the next seed (a state takes its seed when it
  is first used: OpenSpiel's ``clone`` makes a blank initial state and copies into it).
  ``players`` (games played by a varying number) and ``config`` (rule options as JSON,
  ``{"max_turns": 50}``) are the other parameters.
* Actions are the game's action catalogue (:mod:`cardwright.rl.catalogue`); returns are +1
  for each winner and -1 for the others (0 for all in a draw or at the turn limit).
* The observation tensor is :class:`~cardwright.rl.observe.Encoder`'s array (one named piece
  per section); the observation string is the seat's view as the terminal shows it; the
  information state string is a digest of the seat's whole view, log included (the states
  log), so two histories that leave the seat the same view share it.
* ``resample_from_infostate`` deals a state consistent with the seat's view through
  ``game.determinize`` (the view of the dealt state is the same view).
* A state pickles (OpenSpiel's ``serialize`` and ``clone``) as its record (config, seed,
  choices), which replays to it exactly; a resampled state as its whole content.
* :class:`CardwrightEvaluator` is an evaluator for OpenSpiel's MCTS and ISMCTS bots: a
  position's value is the game's own search evaluation (the one Cardwright's ``ismcts``
  agent uses), uniform priors.

Playthrough files in OpenSpiel's format are kept in ``tests/rl/playthroughs`` (one per game,
:data:`PLAYTHROUGHS`); ``python -m cardwright.rl.playthroughs DIR`` writes them again.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec
import numpy as np
import pyspiel
from rich.text import Text

from cardwright.agents.ismcts import search_hooks
from cardwright.conformance import MAX_DECISIONS
from cardwright.core.state import State, clone, to_json
from cardwright.games import GAMES, get_game, playable_games

from .catalogue import Catalogue
from .observe import Encoder

_ENCODER = msgspec.msgpack.Encoder()


def short_name(game_id: str) -> str:
    return "cardwright_" + game_id.replace("-", "_")


class _Play:
    """The Cardwright state inside an OpenSpiel state, with the record it replays from
    (``choices`` is None for a dealt, resampled state)."""

    __slots__ = ("choices", "config", "game_id", "seed", "state")

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        seed: int,
        state: State,
        choices: list[str] | None,
    ) -> None:
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self.state = state
        self.choices = choices

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        choices = None if self.choices is None else list(self.choices)
        return _Play(self.game_id, self.config, self.seed, clone(self.state), choices)

    def __getstate__(self) -> dict[str, Any]:
        record: dict[str, Any] = {"game": self.game_id, "config": self.config, "seed": self.seed}
        if self.choices is not None:
            record["choices"] = self.choices
        else:
            record["state"] = _ENCODER.encode(self.state)
        return record

    def __setstate__(self, record: dict[str, Any]) -> None:
        game = get_game(record["game"])
        self.game_id, self.config, self.seed = record["game"], record["config"], record["seed"]
        if "choices" in record:
            self.choices = list(record["choices"])
            self.state = game.new_state(self.config, self.seed, log=True)
            for choice in self.choices:
                game.apply(self.state, choice)
        else:
            self.choices = None
            self.state = msgspec.msgpack.decode(record["state"], type=game.state_cls)


def _game_type(game_id: str) -> pyspiel.GameType:
    game = get_game(game_id)
    two = game.max_players == 2
    params: dict[str, Any] = {"seed": 0, "config": "{}"}
    if game.min_players != game.max_players:
        params["players"] = int(game.validate_config({}).get("players") or game.min_players)
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"Cardwright {GAMES[game_id].title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class CardwrightGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type stubs
    """A Cardwright game for OpenSpiel (one class for all five; ``game_id`` says which)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_type = _game_type(self.game_id)
        for key in params:
            if key not in game_type.parameter_specification:
                known = ", ".join(sorted(game_type.parameter_specification))
                raise ValueError(f"{game_type.short_name}: unknown parameter {key!r} ({known})")
        try:
            config = json.loads(params.get("config", "{}"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{game_type.short_name}: config is not JSON: {exc}") from None
        if not isinstance(config, dict):
            raise ValueError(f"{game_type.short_name}: config must be a JSON object")
        if "players" in params:
            config["players"] = int(params["players"])
        self.rules = config  # the rule options as given: what a pickled state records
        self.catalogue = Catalogue(self.game_id, config)
        self.encoder = Encoder(self.catalogue)
        self.cw = self.catalogue.game
        self.config = self.catalogue.config
        players = self.encoder.players
        two = players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=self.catalogue.size,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if two else None,
            max_game_length=MAX_DECISIONS,
        )
        super().__init__(game_type, info, params)
        self._next_seed = int(params.get("seed", 0))

    def new_initial_state(self) -> CardwrightState:
        return CardwrightState(self)

    def deal(self) -> _Play:
        """The next new game (its seed is the game's next seed)."""
        seed = self._next_seed
        self._next_seed += 1
        state = self.cw.new_state(self.rules, seed, log=True)
        return _Play(self.game_id, self.rules, seed, state, [])

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CardwrightObserver:
        if params:
            raise ValueError(f"{short_name(self.game_id)}: observation parameters: none")
        return CardwrightObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        )


class CardwrightState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a Cardwright state (``self.p.state``)."""

    def __init__(self, game: CardwrightGame, play: _Play | None = None) -> None:
        super().__init__(game)
        self.play = play  # None until first used (a clone's blank state is filled in first)

    @property
    def p(self) -> _Play:
        if self.play is None:
            self.play = self.get_game().deal()
        return self.play

    def current_player(self) -> int:
        state = self.p.state
        if state.result is not None:
            return int(pyspiel.PlayerId.TERMINAL)
        assert state.decision is not None
        return state.decision.seat

    def _legal_actions(self, player: int) -> list[int]:
        state = self.p.state
        decision = state.decision
        if decision is None or decision.seat != player:
            return []
        game: CardwrightGame = self.get_game()
        return sorted(game.catalogue.indices(decision, state.cards))

    def _apply_action(self, action: int) -> None:
        game: CardwrightGame = self.get_game()
        state = self.p.state
        assert state.decision is not None
        option = game.catalogue.option(state.decision, int(action), state.cards)
        game.cw.apply(state, option.id)
        if self.p.choices is not None:
            self.p.choices.append(option.id)

    def _action_to_string(self, player: int, action: int) -> str:
        game: CardwrightGame = self.get_game()
        return game.catalogue.describe(int(action))

    def is_terminal(self) -> bool:
        return self.p.state.result is not None

    def returns(self) -> list[float]:
        state = self.p.state
        game: CardwrightGame = self.get_game()
        n = game.num_players()
        result = state.result
        if result is None or not result.winners:
            return [0.0] * n
        return [1.0 if seat in result.winners else -1.0 for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardwrightState:
        """A state dealt from what ``player_id`` sees: its view, determinized with a seed drawn
        from ``probability_sampler`` (OpenSpiel's sampler of numbers in [0, 1))."""
        game: CardwrightGame = self.get_game()
        seed = int(probability_sampler() * 2**31)
        view = game.cw.view(self.p.state, player_id)
        dealt = game.cw.determinize(view, seed)
        return CardwrightState(game, _Play(game.game_id, game.rules, seed, dealt, None))

    def __str__(self) -> str:
        state = self.p.state
        decision = state.decision
        if decision is None:
            assert state.result is not None
            return f"Turn {state.turn}: over ({state.result.reason})"
        return (
            f"Turn {state.turn}: {state.names[decision.seat]} to answer a {decision.kind} "
            f"decision ({len(decision.options)} options)"
        )


class CardwrightObserver:
    """OpenSpiel's observer: the tensor and its named pieces, and the strings."""

    def __init__(self, game: CardwrightGame, iig_obs_type: pyspiel.IIGObservationType) -> None:
        self.game = game
        self.recall = iig_obs_type.perfect_recall
        private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.default = iig_obs_type.public_info and private and not self.recall
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if self.default:
            encoder = game.encoder
            self.tensor = np.zeros(encoder.size, np.float32)
            for section in encoder.sections:
                piece = self.tensor[section.offset : section.offset + section.size]
                self.dict[section.name] = piece

    def set_from(self, state: CardwrightState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = self.game.encoder.encode(state.p.state, player)

    def string_from(self, state: CardwrightState, player: int) -> str | None:
        cw = self.game.cw
        if self.recall:
            view = cw.view(state.p.state, player)
            return hashlib.blake2b(to_json(view), digest_size=16).hexdigest()
        if not self.default:
            return None
        view = cw.view(state.p.state, player)
        return Text.from_markup(cw.render(view, player)).plain


class CardwrightEvaluator:
    """OpenSpiel's ``Evaluator`` for a Cardwright game: the value of a position for each
    player (from -1 to 1) is the game's search evaluation (win chances, from 0 to 1) turned to
    -1..1, the returns at the end; priors are uniform. A game without an evaluation gives 0."""

    def __init__(self, game: CardwrightGame) -> None:
        self.evaluation = search_hooks(game.game_id).evaluate
        self.game = game

    def evaluate(self, state: CardwrightState) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        if self.evaluation is None:
            return np.zeros(self.game.num_players())
        values = self.evaluation(self.game.cw, state.p.state)
        return np.array([2.0 * v - 1.0 for v in values])

    def prior(self, state: CardwrightState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


#: the games of the playthrough files: short ones (a few rule options shorten Smash Up,
#: Varia and Munchkin), random actions from OpenSpiel's generator seeded with 1
PLAYTHROUGHS: dict[str, str] = {
    "bizarre-world": "cardwright_bizarre_world(seed=1)",
    "blue-moon": "cardwright_blue_moon(seed=1)",
    "smash-up": 'cardwright_smash_up(config={"vp_to_win":2},players=2,seed=2)',
    "varia": 'cardwright_varia(config={"health":6},seed=1)',
    "munchkin": 'cardwright_munchkin(config={"max_turns":3},players=3,seed=1)',
}


def playthrough_text(game_id: str) -> str:
    """The playthrough of ``game_id`` in OpenSpiel's format (its own generator)."""
    from open_spiel.python.algorithms import generate_playthrough

    return str(generate_playthrough.playthrough(PLAYTHROUGHS[game_id], None, seed=1))


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game_id in playable_games():
        name = short_name(game_id)
        if name in registered:
            continue
        cls = type(
            f"Cardwright{GAMES[game_id].title.replace(' ', '')}Game",
            (CardwrightGame,),
            {"game_id": game_id},
        )
        pyspiel.register_game(_game_type(game_id), cls)


_register()


__all__ = [
    "PLAYTHROUGHS",
    "CardwrightEvaluator",
    "CardwrightGame",
    "CardwrightObserver",
    "CardwrightState",
    "playthrough_text",
    "short_name",
]
