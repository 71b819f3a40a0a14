"""OpenSpiel games over the engines. Importing this module registers

    python_dinotable_my_funny_dinos, python_dinotable_tiny_epic_dinosaurs, python_dinotable_dinogenics

as Python games: `pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 3})`. Each takes the
parameter "players" (OpenSpiel's own name for the player count), one parameter per game option (by the
option's name, with its default) and "rng_seed" (where the seeds of new games come from).

Chance is sampled inside the engine (ChanceMode.SAMPLED_STOCHASTIC): dice, shuffles and draws happen within
the decision that causes them, so there are no chance nodes, and a state's clone meets the same future
chance as the state itself. The engine's own players (the Rival, Synth) also move inside the engine.
`resample_from_infostate` re-deals what the player cannot see (the engine's determinize), as
information-set search needs.

Observations: `make_py_observer` gives the game's encoding for the observing player as the tensor (named
slices in `dict`) and the terminal's screen for that player as the string. Returns are the "outcome" reward
of docs/rl.md (+1 win, -1 loss, shared ties; +1/-1 for the table in a solo or co-operative game).
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel

from dinotable.core.observation import encoder_for
from dinotable.core.registry import get_game, list_games
from dinotable.rl.pettingzoo_env import final_rewards

# Every game with an observation encoding, by the name OpenSpiel knows it by.
SHORT_NAMES = {name: "python_dinotable_" + name.replace("-", "_") for name in list_games() if get_game(name).encoding}
# Parameters that are not game options.
OWN_PARAMETERS = ("players", "rng_seed")


class _Engine:
    """Holds the engine's state so that OpenSpiel's clone (a deep copy) copies it with `clone()`."""

    __slots__ = ("state",)

    def __init__(self, state) -> None:
        self.state = state

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(self.state.clone())


class DinoSpielState(pyspiel.State):
    def __init__(self, game: DinoSpielGame, engine_state) -> None:
        super().__init__(game)
        self._engine = _Engine(engine_state)

    @property
    def engine_state(self):
        """The engine's State (the true state: for the referee's code, never for a player)."""
        return self._engine.state

    def current_player(self):
        state = self._engine.state
        return pyspiel.PlayerId.TERMINAL if state.is_over else state.current_player

    def _legal_actions(self, player):
        state = self._engine.state
        if state.is_over or player != state.current_player:
            return []
        return sorted(state.legal_actions())  # OpenSpiel wants them in ascending order

    def _apply_action(self, action):
        self._engine.state.apply(int(action))

    def _action_to_string(self, player, action):
        # The id leads: OpenSpiel wants the legal actions' strings distinct, and two tiles alike read alike.
        state = self._engine.state
        if not state.is_over and player == state.current_player and action in state.legal_actions():
            return f"{action}: {state.action_text(action)}"
        return f"{action}"

    def is_terminal(self):
        return self._engine.state.is_over

    def returns(self):
        state = self._engine.state
        return final_rewards(state) if state.is_over else [0.0] * state.num_players

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` cannot tell apart from this one, everything it cannot see re-dealt."""
        seed = int(probability_sampler() * (1 << 62))
        copy = DinoSpielState(self.get_game(), self._engine.state.determinize(player_id, seed))
        return copy

    def __str__(self):
        state = self._engine.state
        return state.game.screen_text(state, None)


class DinoSpielObserver:
    """OpenSpiel's PyObserver: the encoding of what `player` may see (one buffer, rewritten in place)."""

    def __init__(self, encoder, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.encoder = encoder
        self.iig_obs_type = iig_obs_type
        self.tensor = np.zeros(encoder.size, dtype=np.float32)
        self.dict = {s.name: self.tensor[s.start : s.stop] for s in encoder.layout.slices}

    def set_from(self, state: DinoSpielState, player: int) -> None:
        self.encoder.encode(state.engine_state, player, out=self.tensor)

    def string_from(self, state: DinoSpielState, player: int) -> str:
        engine = state.engine_state
        return engine.game.screen_text(engine, player)


class DinoSpielGame(pyspiel.Game):
    engine_name = ""  # set on each game's subclass
    game_type: pyspiel.GameType

    def __init__(self, params=None) -> None:
        params = dict(params or {})
        self.engine = get_game(self.engine_name)
        num_players = int(params.get("players", 2))
        self.engine_options = {
            spec.name: params[spec.name]
            for spec in self.engine.option_specs
            if spec.name in params and params[spec.name] != spec.default
        }
        first = self.engine.new_game(num_players, 0, self.engine_options)  # checks the players and options
        self.encoder = encoder_for(first)
        self.seeds = random.Random(int(params.get("rng_seed", 0)))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions,
            max_chance_outcomes=0,
            num_players=num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.engine.max_decisions,
        )
        super().__init__(self.game_type, info, params)

    def new_initial_state(self):
        num_players = self.num_players()
        state = self.engine.new_game(num_players, self.seeds.getrandbits(63), self.engine_options)
        return DinoSpielState(self, state)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return DinoSpielObserver(self.encoder, iig_obs_type, params)


def _game_type(name: str) -> pyspiel.GameType:
    game = get_game(name)
    parameters = {"players": max(game.min_players, min(2, game.max_players)), "rng_seed": 0}
    parameters.update({spec.name: spec.default for spec in game.option_specs})
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"dinotable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register() -> None:
    """Registers every game (importing this module does it once)."""
    registered = set(pyspiel.registered_names())
    for name in SHORT_NAMES:
        if SHORT_NAMES[name] in registered:
            continue
        game_type = _game_type(name)
        cls = type(
            f"DinoSpielGame_{name.replace('-', '_')}",
            (DinoSpielGame,),
            {"engine_name": name, "game_type": game_type},
        )
        pyspiel.register_game(game_type, cls)


register()
