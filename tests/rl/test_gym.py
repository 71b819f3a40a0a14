"""The Gymnasium environment for one seat (`dinotable.rl.GymEnv`): Gymnasium's own check_env, the other seats
played by named agents from determinized copies, the action masks MaskablePPO reads, determinism under
reset(seed=...), and the reward at the end."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import dinotable  # noqa: E402
from dinotable.agents import Observation, RandomAgent  # noqa: E402
from dinotable.rl import GymEnv, encoder_for  # noqa: E402
from dinotable.rl import gym_env as gym_module  # noqa: E402
from dinotable.rl.pettingzoo_env import final_rewards  # noqa: E402


def configs() -> list[tuple[str, int, dict, int]]:
    """(game, players, options, seat): every player count with the defaults, played from the last seat; the
    solo games against the Rival, Synth and a scenario; the co-operative game."""
    out = []
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        out += [(name, n, {}, n - 1) for n in range(game.min_players, game.max_players + 1)]
    return out + [("dinogenics", 1, {"scenario": "CC1"}, 0), ("dinogenics", 2, {"coop": True}, 1)]


def config_id(config) -> str:
    name, n, options, seat = config
    return f"{name}-{n}p-seat{seat}" + "".join(f"-{k}={v}" for k, v in options.items())


def play(env, seed: int, policy_seed: int = 0):
    """Random masked play to the end: the observations, rewards and the last step's result."""
    rng = np.random.default_rng(policy_seed)
    obs, _ = env.reset(seed=seed)
    seen, rewards = [obs], []
    done = False
    while not done:
        obs, reward, done, truncated, info = env.step(rng.choice(np.flatnonzero(env.action_masks())))
        assert not truncated and "illegal_action" not in info
        seen.append(obs)
        rewards.append(reward)
    return seen, rewards


@pytest.mark.parametrize("config", configs(), ids=config_id)
def test_the_environment_passes_gymnasiums_check_env(config):
    name, n, options, seat = config
    env = GymEnv(name, seat=seat, opponents="random", num_players=n, options=options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it warns that an unregistered environment has no spec
        check_env(env, skip_render_check=True)
    seen, rewards = play(env, seed=3)
    assert all(env.observation_space.contains(o) for o in seen)
    assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    assert rewards[-1] == final_rewards(env.state)[seat]


@pytest.mark.parametrize("name", dinotable.list_games())
def test_the_seat_is_to_move_after_every_step_and_the_mask_is_its_legal_actions(name):
    env = GymEnv(name, seat=1, opponents="greedy", num_players=3)
    obs, _ = env.reset(seed=11)
    rng = np.random.default_rng(11)
    for _ in range(25):
        state = env.state
        if state.is_over:
            break
        assert state.current_player == 1
        assert sorted(np.flatnonzero(env.action_masks())) == sorted(state.legal_actions())
        assert np.array_equal(obs, encoder_for(state).encode(state, 1))
        obs, *_ = env.step(rng.choice(state.legal_actions()))


def test_the_same_seed_plays_the_same_game_and_another_seed_another():
    make = lambda: GymEnv("my-funny-dinos", opponents="greedy", num_players=3)  # noqa: E731
    first, again, other = play(make(), seed=5), play(make(), seed=5), play(make(), seed=6)
    assert len(first[0]) == len(again[0]) and all(np.array_equal(a, b) for a, b in zip(first[0], again[0], strict=True))
    assert first[1] == again[1]
    assert not np.array_equal(first[0][0], other[0][0])


def test_opponents_decide_from_copies_determinized_for_their_seat(monkeypatch):
    # An agent only ever gets an Observation, built on a determinized copy: never the true state.
    seen = []

    class Spy(RandomAgent):
        def act(self, obs):
            seen.append((obs, env.state))
            return super().act(obs)

    monkeypatch.setattr(gym_module, "make_agent", lambda spec, game, seed: Spy(game, seed))
    env = GymEnv("my-funny-dinos", seat=0, opponents="random", num_players=2)
    play(env, seed=2)
    assert seen
    for obs, true_state in seen:
        assert isinstance(obs, Observation) and obs.seat == 1
        assert obs._state is not true_state


def test_opponents_are_named_one_for_all_or_one_per_seat_in_turn_order():
    env = GymEnv("my-funny-dinos", seat=1, opponents="random, greedy", num_players=3)
    assert env.specs == {2: "random", 0: "greedy"}
    env.reset(seed=1)
    assert type(env.opponents[2]).__name__ == "RandomAgent" and type(env.opponents[0]).__name__ == "GreedyAgent"
    assert GymEnv("my-funny-dinos", seat=0, opponents="random", num_players=4).specs == {
        1: "random",
        2: "random",
        3: "random",
    }
    with pytest.raises(ValueError, match="every other seat"):
        GymEnv("my-funny-dinos", opponents="random,random", num_players=2)
    with pytest.raises(ValueError, match="unknown agent"):
        GymEnv("my-funny-dinos", opponents="nobody", num_players=2)
    with pytest.raises(ValueError, match="seat"):
        GymEnv("my-funny-dinos", seat=2, num_players=2)


def test_a_solo_game_has_no_opponents_and_the_rival_moves_inside_the_engine():
    env = GymEnv("tiny-epic-dinosaurs", opponents="greedy", num_players=1)
    assert env.specs == {}
    _, rewards = play(env, seed=4)
    assert rewards[-1] == (1.0 if env.state.outcome()["result"] == "won" else -1.0)


def test_an_illegal_action_ends_the_episode_as_a_loss():
    env = GymEnv("my-funny-dinos", opponents="random")
    env.reset(seed=1)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated, info) == (-1.0, True, False, {"illegal_action": True})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_score_reward_is_the_margin_over_the_best_other_seat():
    env = GymEnv("my-funny-dinos", seat=0, opponents="random", num_players=3, reward="score")
    _, rewards = play(env, seed=8)
    scores = env.state.scores()
    assert rewards[-1] == scores[0] - max(scores[1:])


def test_render_shows_the_seats_board():
    env = GymEnv("my-funny-dinos", opponents="random", render_mode="ansi")
    env.reset(seed=1)
    assert env.render() == env.game.board_text(env.state, 0)
