"""The OpenSpiel games (`import dinotable.rl.openspiel`): registered under their names, OpenSpiel's own
random_sim_test for every game and player count, its MCTS bot playing a game to the end, the observer's
tensor (our encoding) and string (the terminal's screen), and the players and options as parameters."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import dinotable  # noqa: E402
from dinotable.rl import encoder_for  # noqa: E402
from dinotable.rl.openspiel import SHORT_NAMES, DinoSpielState  # noqa: E402
from dinotable.rl.pettingzoo_env import final_rewards  # noqa: E402

# The largest tables take longest: `make test` plays each game at its smaller counts, `make test-all` at all.
HEAVY = {("dinogenics", 3), ("dinogenics", 4), ("dinogenics", 5), ("tiny-epic-dinosaurs", 4)}


def configs() -> list:
    """Every player count with the defaults, and the co-operative and scenario tables."""
    out = []
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        out += [(name, {"players": n}) for n in range(game.min_players, game.max_players + 1)]
    out += [("dinogenics", {"players": 2, "coop": True}), ("dinogenics", {"players": 1, "scenario": "CC4"})]
    return [
        pytest.param(
            (name, params),
            id=f"{name}-" + "-".join(f"{k}={v}" for k, v in params.items()),
            marks=[pytest.mark.slow] if (name, params["players"]) in HEAVY and len(params) == 1 else [],
        )
        for name, params in out
    ]


def test_importing_the_module_registers_the_three_games():
    assert sorted(SHORT_NAMES.values()) == [
        "python_dinotable_dinogenics",
        "python_dinotable_my_funny_dinos",
        "python_dinotable_tiny_epic_dinosaurs",
    ]
    assert set(SHORT_NAMES.values()) <= set(pyspiel.registered_names())
    kind = pyspiel.load_game("python_dinotable_my_funny_dinos").get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


@pytest.mark.parametrize("config", configs())
def test_openspiels_random_sim_test_passes(config):
    name, params = config
    game = pyspiel.load_game(SHORT_NAMES[name], params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_openspiels_mcts_bot_plays_a_game_to_the_end():
    game = pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 2})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        decisions += 1
    assert decisions > 20
    assert state.returns() == final_rewards(state.engine_state)
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_openspiels_information_set_search_plays_from_resampled_states_to_the_end(monkeypatch):
    # ISMCTS searches copies re-dealt for the player to move (resample_from_infostate), never the true state.
    resampled = []
    resample = DinoSpielState.resample_from_infostate

    def spy(self, player, sampler):
        copy = resample(self, player, sampler)
        resampled.append(copy.engine_state is not self.engine_state)
        return copy

    monkeypatch.setattr(DinoSpielState, "resample_from_infostate", spy)
    game = pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 2})
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, 6, random_state=rng, use_observation_string=True, allow_inconsistent_action_sets=True
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() == final_rewards(state.engine_state)
    assert len(resampled) > 6 and all(resampled)


@pytest.mark.parametrize("name", ["tiny-epic-dinosaurs", "dinogenics"])
def test_openspiels_mcts_bot_plays_the_larger_games_to_the_end(name):
    # Two simulations a decision keep a whole game of rollouts to a few seconds.
    game = pyspiel.load_game(SHORT_NAMES[name], {"players": 2})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 50
    assert state.returns() == final_rewards(state.engine_state)


@pytest.mark.parametrize("name", dinotable.list_games())
def test_the_observer_gives_our_encoding_and_the_screen_of_the_observing_player(name):
    game = pyspiel.load_game(SHORT_NAMES[name], {"players": 3})
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    engine = state.engine_state
    encoder = encoder_for(engine)
    for player in range(3):
        tensor = np.array(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, encoder.encode(engine, player))
        assert state.observation_string(player) == engine.game.screen_text(engine, player)
    observer = game.make_py_observer()
    assert list(observer.dict) == [s.name for s in encoder.layout.slices]
    observer.set_from(state, 1)
    first = encoder.layout.slices[0]
    assert np.array_equal(observer.dict[first.name], encoder.encode(engine, 1)[first.start : first.stop])


def test_the_player_count_and_options_are_game_parameters():
    game = pyspiel.load_game("python_dinotable_my_funny_dinos(players=4,excavation=dice)")
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.engine_state.options["excavation"] == "dice" and state.engine_state.num_players == 4
    with pytest.raises(Exception, match="2 to 4 players"):
        pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 5})


def test_new_games_differ_and_follow_the_rng_seed_parameter():
    first = pyspiel.load_game("python_dinotable_my_funny_dinos", {"rng_seed": 3})
    again = pyspiel.load_game("python_dinotable_my_funny_dinos", {"rng_seed": 3})
    a, b = first.new_initial_state(), first.new_initial_state()
    assert a.engine_state.seed != b.engine_state.seed
    assert again.new_initial_state().engine_state.seed == a.engine_state.seed


def test_a_state_resampled_from_the_players_information_looks_the_same_to_that_player():
    game = pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 2})
    state = game.new_initial_state()
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    rng = np.random.RandomState(1)
    copy = state.resample_from_infostate(0, rng.random_sample)
    assert copy.engine_state is not state.engine_state
    assert copy.observation_tensor(0) == state.observation_tensor(0)
    assert copy.legal_actions() == state.legal_actions()


def test_clones_play_on_by_themselves():
    game = pyspiel.load_game("python_dinotable_my_funny_dinos", {"players": 2})
    state = game.new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.history() == [] and len(clone.history()) == 1
    assert state.engine_state.history == []
