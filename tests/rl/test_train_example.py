"""The training example (examples/train_maskable_ppo.py) in a short run, as CI runs it: it trains MaskablePPO,
saves a policy that reloads as the `ppo` agent and plays whole games by the rules, and reports a win rate with
its 95% interval. The full run and its result are in docs/rl.md."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the rl extra is not installed (pip install -e '.[rl]')")

import dinotable  # noqa: E402
from dinotable.agents import make_agent  # noqa: E402
from dinotable.sim.runner import play_game  # noqa: E402

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    out = tmp_path_factory.mktemp("ppo") / "policy.zip"
    row = example.main(["--steps", "1024", "--games", "8", "--out", str(out)])
    return out, row


def test_the_short_run_saves_a_policy_and_reports_its_win_rate_with_an_interval(trained, capsys):
    out, row = trained
    assert out.is_file()
    assert row["agent"] == f"ppo:path={out}"
    assert row["games"] == 8
    low, high = row["win_rate_ci95"]
    assert 0 <= low <= row["win_rate"] <= high <= 1


def test_the_saved_policy_plays_whole_games_as_the_ppo_agent_in_either_seat(trained):
    out, _row = trained
    game = dinotable.get_game("my-funny-dinos")
    for seat in (0, 1):
        specs = ["random", "random"]
        specs[seat] = f"ppo:path={out}"
        result = play_game(game, 2, 11 + seat, specs)  # an illegal decision would raise
        assert result.decisions > 20 and result.winners


def test_a_policy_is_refused_for_another_game_or_player_count(trained):
    out, _row = trained
    with pytest.raises(ValueError, match="has 499: it was trained on another game"):
        make_agent(f"ppo:path={out}", dinotable.get_game("tiny-epic-dinosaurs"), 0)
    with pytest.raises(ValueError, match="trained for another player count or options"):
        play_game(dinotable.get_game("my-funny-dinos"), 3, 1, [f"ppo:path={out}", "random", "random"])
    with pytest.raises(ValueError, match="no model file"):
        make_agent("ppo:path=/nonexistent/policy.zip", dinotable.get_game("my-funny-dinos"), 0)
    with pytest.raises(ValueError, match="needs path=FILE"):
        make_agent("ppo", dinotable.get_game("my-funny-dinos"), 0)
