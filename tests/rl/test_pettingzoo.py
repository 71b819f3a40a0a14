"""PettingZoo's AEC environment (`dinotable.rl.aec_env`): PettingZoo's own api_test and seed_test for every
game at every player count and each option set the tests play, the end-of-game rewards, the solo and
co-operative tables, the observations and masks per seat, and the rendered board."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra is not installed (pip install -e '.[rl]')")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import dinotable  # noqa: E402
from dinotable.rl import aec_env, encoder_for  # noqa: E402
from dinotable.rl.pettingzoo_env import final_rewards  # noqa: E402


def env_configs() -> list[tuple[str, int, dict]]:
    """Every player count with the default options, and every other test option set at the smallest player
    count that allows it."""
    out = []
    for name in dinotable.list_games():
        game = dinotable.get_game(name)
        seen = set()
        for n in range(game.min_players, game.max_players + 1):
            out.append((name, n, {}))
            for options in game.test_option_sets_for(n):
                key = repr(sorted(options.items()))
                if options and key not in seen:
                    seen.add(key)
                    out.append((name, n, dict(options)))
    return out


def config_id(config) -> str:
    name, n, options = config
    return f"{name}-{n}p" + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("config", env_configs(), ids=config_id)
def test_the_environment_passes_pettingzoos_api_and_seed_tests(config):
    name, n, options = config
    with warnings.catch_warnings():
        # api_test warns (it does not fail) on a finished game's all-zero mask and on Dict observations.
        warnings.simplefilter("ignore")
        api_test(aec_env(name, n, options), num_cycles=1000)
        seed_test(lambda: aec_env(name, n, options), num_cycles=1000)


def play_out(env, seed: int) -> dict:
    """Plays random legal actions to the end; returns each agent's reward as last() gives it at the end."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, done, truncated, _ = env.last()
        if done or truncated:
            final[agent] = reward
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return final


@pytest.mark.parametrize("name", dinotable.list_games())
@pytest.mark.parametrize("reward", ["outcome", "score"])
def test_each_agent_is_rewarded_once_at_the_end_by_the_outcome(name, reward):
    env = aec_env(name, 3, reward=reward)
    final = play_out(env, seed=4)
    assert sorted(final) == ["player_0", "player_1", "player_2"]
    assert [final[f"player_{s}"] for s in range(3)] == final_rewards(env.state, reward)
    if reward == "outcome":
        winners = env.state.winners()
        assert all((final[f"player_{s}"] > 0) == (s in winners and len(winners) == 1) for s in range(3))
    else:
        scores = env.state.scores()
        best_other = max(scores[1:])
        assert final["player_0"] == scores[0] - best_other


class Finished:
    """A finished game's outcome, as final_rewards reads it."""

    def __init__(self, outcome: dict, num_players: int, objective: dict | None = None) -> None:
        self._outcome, self.num_players, self._objective = outcome, num_players, objective

    def outcome(self) -> dict:
        return self._outcome

    def view(self, seat):
        return {"objective": self._objective}


def test_outcome_rewards_a_win_and_a_loss_and_shares_a_tie():
    # Rulebooks: the highest score wins (after each game's tie-breaks); seats still tied share the win.
    assert final_rewards(Finished({"winners": [1], "scores": [3, 9]}, 2)) == [-1.0, 1.0]
    assert final_rewards(Finished({"winners": [0, 1], "scores": [9, 9]}, 2)) == [0.0, 0.0]
    three_way = final_rewards(Finished({"winners": [0, 1, 2], "scores": [5, 5, 5, 1]}, 4))
    assert three_way[:3] == [pytest.approx(-1 / 3)] * 3 and three_way[3] == -1.0


def test_a_solo_or_cooperative_table_is_rewarded_by_its_result():
    # Tiny Epic Dinosaurs solo: the player wins only by beating the Rival; DinoGenics co-op: the averaged
    # branches must beat Synth, and both branches win or lose together.
    rival = {"winners": [], "scores": [20], "result": "lost", "automata": {"Rival": {"total": 26}}}
    assert final_rewards(Finished(rival, 1)) == [-1.0]
    assert final_rewards(Finished(rival, 1), "score") == [-6.0]
    coop = {"winners": [0, 1], "scores": [40, 31], "result": "won", "average": 36, "synth": 30, "automata": {}}
    assert final_rewards(Finished(coop, 2)) == [1.0, 1.0]
    assert final_rewards(Finished(coop, 2), "score") == [6.0, 6.0]
    target = {"winners": [0], "scores": [171], "result": "won", "target": 170}
    assert final_rewards(Finished(target, 1), "score") == [1.0]
    # A DinoGenics scenario's objective may count Credits: its score and target come from the objective.
    scenario = {"winners": [], "scores": [12], "result": "lost", "scenario": "CC3"}
    assert final_rewards(Finished(scenario, 1, {"score": 41, "target": 50}), "score") == [-9.0]


def test_the_score_reward_is_the_margin_over_the_best_other_seat():
    assert final_rewards(Finished({"winners": [2], "scores": [10, 14, 20]}, 3), "score") == [-10.0, -6.0, 6.0]


@pytest.mark.parametrize(("name", "num_players", "options"), [("tiny-epic-dinosaurs", 1, {}), ("dinogenics", 1, {})])
def test_a_solo_game_is_an_environment_with_one_agent(name, num_players, options):
    env = aec_env(name, num_players, options)
    env.reset(seed=2)
    assert env.agents == ["player_0"]
    final = play_out(env, seed=2)
    assert list(final) == ["player_0"] and final["player_0"] in (-1.0, 1.0)


def test_both_branches_of_the_cooperative_game_get_the_tables_reward():
    env = aec_env("dinogenics", 2, {"coop": True})
    final = play_out(env, seed=5)
    assert final["player_0"] == final["player_1"] == (1.0 if env.state.outcome()["result"] == "won" else -1.0)


@pytest.mark.parametrize("name", dinotable.list_games())
def test_each_agent_observes_its_own_encoding_and_only_the_mover_has_a_mask(name):
    env = aec_env(name, 2)
    env.reset(seed=7)
    rng = random.Random(7)
    for _ in range(30):
        if env.state.is_over:
            break
        mover = env.state.current_player
        assert env.agent_selection == f"player_{mover}"
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            assert np.array_equal(obs["observation"], encoder_for(env.state).encode(env.state, seat))
            assert obs["observation"].dtype == np.float32 and obs["action_mask"].dtype == np.int8
            legal = sorted(np.flatnonzero(obs["action_mask"]))
            assert legal == (sorted(env.state.legal_actions()) if seat == mover else [])
        env.step(rng.choice(env.state.legal_actions()))


def test_observations_handed_out_are_not_overwritten_by_later_steps():
    env = aec_env("my-funny-dinos", 2)
    env.reset(seed=1)
    first = env.observe("player_0")["observation"]
    kept = first.copy()
    for _ in range(6):
        env.step(env.state.legal_actions()[0])
    assert np.array_equal(first, kept)


def test_an_illegal_action_is_refused():
    env = aec_env("my-funny-dinos", 2)
    env.reset(seed=1)
    illegal = next(a for a in range(env.game.num_distinct_actions) if a not in env.state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)


def test_different_seeds_deal_different_games_and_the_same_seed_the_same():
    env = aec_env("my-funny-dinos", 2)
    observations = []
    for seed in (1, 2, 1):
        env.reset(seed=seed)
        observations.append(env.observe(env.agent_selection)["observation"])
    assert np.array_equal(observations[0], observations[2])
    assert not np.array_equal(observations[0], observations[1])


@pytest.mark.parametrize("name", dinotable.list_games())
def test_render_shows_the_terminal_board_as_a_spectator_sees_it(name, capsys):
    env = aec_env(name, 2, render_mode="ansi")
    env.reset(seed=3)
    assert env.render() == env.game.board_text(env.state, None)
    play_out(env, seed=3)
    assert env.render().endswith(env.game.status_line(env.state, None))
    human = aec_env(name, 2, render_mode="human")
    human.reset(seed=3)
    assert human.render() is None
    assert capsys.readouterr().out.strip() == env.game.board_text(human.state, None).strip()


def test_a_bad_reward_or_render_mode_is_refused():
    with pytest.raises(ValueError, match="reward"):
        aec_env("my-funny-dinos", 2, reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        aec_env("my-funny-dinos", 2, render_mode="rgb_array")
