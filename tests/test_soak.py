"""The soak at scale (dinotable.sim.soak, `dinotable soak`, `make soak`) on a small budget: it counts the
decisions it plays, its games do not depend on the number of workers, and a broken invariant is reported
with what replays it and fails the command."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import dinotable
from dinotable.cli.main import app
from dinotable.core.conformance import check_soak, random_game
from dinotable.core.golden import Configuration, configurations
from dinotable.core.rng import derive_seed
from dinotable.sim.soak import soak

BUDGET = 2_000
CONFIGS = [Configuration("my-funny-dinos", 2, {"excavation": "dice"}), Configuration("tiny-epic-dinosaurs", 1, {})]


def test_soak_covers_every_module_scenario_and_player_count():
    """The configurations come from the games' own option sets: every DinoGenics module, CC1-CC7 and the
    co-op; every My Funny Dinos excavation mode; Tiny Epic Dinosaurs solo and each player count."""
    configs = configurations()
    options = {(c.game, c.options_text()) for c in configs}
    assert {("dinogenics", f"scenario=CC{k}") for k in range(1, 8)} <= options
    assert {("dinogenics", "coop=true"), ("dinogenics", "expansion=false")} <= options
    assert ("dinogenics", "chaos_theory=true,elites=true,expansion=true") in options
    assert {("my-funny-dinos", "excavation=dice"), ("my-funny-dinos", "default")} <= options
    assert {c.num_players for c in configs if c.game == "tiny-epic-dinosaurs"} == {1, 2, 3, 4}


def test_soak_counts_the_decisions_it_plays():
    """Each configuration plays whole games until the budget is reached: the count is the sum of those games'
    lengths, replayed here independently, and no game more is played than needed."""
    results = soak(BUDGET, workers=1, configs=CONFIGS, seed=3)
    for result in results:
        assert not result.failures
        game = dinotable.get_game(result.config.game)
        base = derive_seed(3, result.config.seed, 0)
        lengths = [
            len(random_game(game, result.config.num_players, result.config.options, derive_seed(base, k)).history)
            for k in range(result.games)
        ]
        assert result.decisions == sum(lengths) >= BUDGET
        assert sum(lengths[:-1]) < BUDGET


def test_soak_plays_the_same_games_on_any_number_of_workers():
    one = soak(BUDGET, workers=1, configs=CONFIGS, seed=5)
    two = soak(BUDGET, workers=2, configs=CONFIGS, seed=5)
    assert [(r.decisions, r.games) for r in one] == [(r.decisions, r.games) for r in two]


@pytest.fixture
def broken_invariant(monkeypatch):
    """My Funny Dinos' invariants, broken on purpose at a game's 7th decision: a seeded, certain failure."""
    game = dinotable.get_game("my-funny-dinos")
    original = game.check_invariants

    def check_invariants(state):
        original(state)
        assert len(state.history) != 7, "broken on purpose"

    monkeypatch.setattr(game, "check_invariants", check_invariants)
    return game


def test_soak_reports_a_broken_invariant_with_its_replay(broken_invariant):
    """The failure names the game, options, player count and seed; replaying that seed fails the same way."""
    config = CONFIGS[0]
    [result] = soak(BUDGET, workers=1, configs=[config], seed=1)
    [failure] = result.failures
    assert (failure.game, failure.num_players, failure.options) == (config.game, 2, {"excavation": "dice"})
    assert failure.decision == 7 and "broken on purpose" in failure.error
    assert result.games == 0 and result.decisions == 7
    assert str(failure.seed) in failure.replay() and "{'excavation': 'dice'}" in failure.replay()
    with pytest.raises(AssertionError, match="broken on purpose"):
        check_soak(broken_invariant, 2, {"excavation": "dice"}, failure.seed)


def test_soak_command_exits_non_zero_on_a_failure(broken_invariant):
    args = ["soak", "--decisions", str(BUDGET), "--workers", "1", "--game", "my-funny-dinos", "--players", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert "FAILED my-funny-dinos players=2 options={'excavation': 'dice'} seed=" in result.output
    assert "replay: python -c" in result.output


def test_soak_command_prints_decisions_per_configuration():
    args = ["soak", "--decisions", "500", "--workers", "1", "--game", "tiny-epic-dinosaurs", "--players", "1"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines() if line.startswith("tiny-epic-dinosaurs")]
    assert [row[:3] for row in rows] == [
        ["tiny-epic-dinosaurs", "1", "default"],
        ["tiny-epic-dinosaurs", "1", "farm=Canyon"],
    ]
    assert all(int(row[4].replace(",", "")) >= 500 and row[-1] == "ok" for row in rows)
    assert "total:" in result.output


def test_soak_refuses_a_bad_budget():
    with pytest.raises(ValueError, match="positive"):
        soak(0, configs=CONFIGS)
