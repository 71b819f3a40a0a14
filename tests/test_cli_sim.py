"""The `dinotable` command: simulate and bench, in each game."""

from __future__ import annotations

import json
import re

import pytest
from cli_support import (
    DG,
    NAME,
    TED,
    flat,
    runner,
    wide_consoles,  # noqa: F401 (autouse: imported, it applies to this file's tests)
)

from dinotable.cli.main import app
from dinotable.sim import simulate, summarize

# --------------------------------------------------------------------------------------------- simulate


def simulate_json(*extra: str) -> dict:
    result = runner.invoke(
        app,
        ["simulate", NAME, "--players", "3", "--games", "12", "--agents", "greedy,random,random", "--seed", "5"]
        + ["--json", *extra],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_has_per_seat_statistics_and_length():
    """`simulate --json` parses and gives, per seat, win rate, its interval, score mean and sd; and game length."""
    summary = simulate_json()
    assert summary["games"] == 12 and summary["players"] == 3 and summary["seed"] == 5
    seats = summary["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["agent"] for s in seats] == ["greedy", "random", "random"]
    for s in seats:
        low, high = s["win_rate_ci95"]
        assert 0.0 <= low <= s["win_rate"] <= high <= 1.0
        assert s["score_sd"] >= 0.0
    assert sum(s["wins"] for s in seats) == pytest.approx(12)
    length = summary["length"]
    for key in ("decisions_mean", "decisions_sd", "decisions_min", "decisions_max", "rounds_mean"):
        assert key in length
    assert 0 < length["decisions_min"] <= length["decisions_mean"] <= length["decisions_max"]

    # The numbers are the runner's own.
    specs = ["greedy", "random", "random"]
    expected = summarize(simulate(NAME, 3, 12, specs, seed=5), specs)
    assert summary["seats"] == expected["seats"]
    assert summary["length"] == expected["length"]


def test_simulate_json_does_not_depend_on_workers():
    """The same seed gives the same summary with one worker or two."""
    one = simulate_json("--workers", "1")
    two = simulate_json("--workers", "2")
    for key in ("games", "seats", "length"):
        assert one[key] == two[key]


def test_simulate_table_output():
    """Without --json, simulate prints a table with one row per seat and the game length."""
    result = runner.invoke(app, ["simulate", NAME, "--games", "4", "--agents", "random", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Game length:" in result.stdout
    assert "95% interval" in result.stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["no-such-game"], ["no-such-game"]),
        ([NAME, "-o", "nosuch=1"], ["nosuch"]),
        ([NAME, "-o", "rocks_per_base=7"], ["rocks_per_base", "7"]),
        ([NAME, "--agents", "wizard"], ["wizard"]),
        ([NAME, "--agents", "random:nosuch=1"], ["nosuch"]),
        ([NAME, "--agents", "random:seed=1"], ["seed"]),
        ([NAME, "--players", "5"], ["players", "5"]),
        ([NAME, "--players", "2", "--agents", "random,random,random"], ["3", "agents", "2"]),
        ([NAME, "--games", "0"], ["games"]),
        ([NAME, "--workers", "0"], ["workers"]),
    ],
)
def test_simulate_bad_setup_exits_2_naming_it(args, named):
    """simulate refuses a bad game, option, agent, player count or agent count with exit 2 and a message."""
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message), (word, message)


# ------------------------------------------------------------------------------------------------ bench


def test_bench_json_gives_positive_rates():
    """`bench --seconds 0.2 --json` reports positive decisions/s, clone() time and search iterations/s."""
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.2", "--json", "--no-reference"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["reference"] is None
    (row,) = doc["games"]
    assert row["vs_reference"] is None
    assert row["game"] == NAME
    assert row["games"] >= 1
    assert row["decisions_per_s"] > 0
    assert row["clone_us"] > 0
    assert row["legal_apply_us"] > 0
    assert row["search_iters_per_s"] > 0


def test_bench_with_no_time_still_measures_one_game():
    """`bench --seconds 0` plays at least one game instead of dividing by zero."""
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    (row,) = doc["games"]
    assert row["games"] == 1
    assert row["decisions_per_s"] > 0 and row["clone_us"] > 0
    assert row["versus_reference"]["reference_per_s"] > 0  # the reference too plays at least one game


def test_bench_gives_each_game_as_a_ratio_to_openspiel_block_dominoes():
    """The reference, OpenSpiel's pure-Python block dominoes (the test extra installs it), is timed in the
    same run, in slices alternating with the game's, and each game's decisions/s in those slices is given
    over it, in the table as in --json."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is in the test extra: `make test` installs it")
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["reference"] == "python_block_dominoes"
    (row,) = doc["games"]
    versus = row["versus_reference"]
    assert versus["reference_per_s"] > 0 and versus["decisions_per_s"] > 0
    assert row["vs_reference"] == pytest.approx(versus["decisions_per_s"] / versus["reference_per_s"])
    table = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.1"])
    assert table.exit_code == 0, table.output
    assert "x dominoes" in table.stdout and "python_block_dominoes" in table.stdout


@pytest.mark.parametrize(("args", "named"), [(["--game", "no-such-game"], "no-such-game"), (["--players", "9"], "9")])
def test_bench_bad_setup_exits_2(args, named):
    """bench refuses an unknown game or a player count the game does not allow, naming it."""
    result = runner.invoke(app, ["bench", "--seconds", "0", *args])
    assert result.exit_code == 2, result.output
    assert named in flat(result.stderr)


# ---------------------------------------------------------------------------------- Tiny Epic Dinosaurs


def test_simulate_reports_action_space_shares():
    """`simulate --json` sums the game's statistics: each action space's share of all placements."""
    result = runner.invoke(
        app, ["simulate", TED.name, "--players", "3", "--games", "4", "--agents", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    placed = {k: v for k, v in stats.items() if k.startswith("placed:")}
    assert {k.split(":")[1] for k in placed} == {TED.content.spaces[i].id for i in TED.content.spaces_for[3]}
    assert sum(v["share"] for v in placed.values()) == pytest.approx(1.0)
    for v in placed.values():
        assert sum(v["per_seat_mean"]) == pytest.approx(v["mean"])
    assert stats["escaped"]["share"] is None


# ------------------------------------------------------------------------------------------- DinoGenics


def test_bench_with_an_option_runs_the_expansion():
    """`bench --game dinogenics -o expansion=true` measures the game with the option; an option without
    --game is refused."""
    args = ["bench", "--game", DG.name, "--seconds", "0.05", "-o", "expansion=true", "--json", "--no-reference"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"][0]["options"] == {"expansion": True}
    assert runner.invoke(app, ["bench", "-o", "expansion=true"]).exit_code != 0


def test_simulate_dinogenics_counts_species_and_spaces():
    """`simulate --json` for DinoGenics gives placements per space (their shares sum to one), dinosaurs
    created per species, and in how many games each happened."""
    result = runner.invoke(app, ["simulate", DG.name, "--players", "3", "--games", "4", "--agents", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    placed = {k: v for k, v in stats.items() if k.startswith("placed:")}
    assert {k.split(":")[1] for k in placed} == {sp.key for sp in DG.content.spaces} | {"private_airport"}
    assert sum(v["share"] for v in placed.values()) == pytest.approx(1.0)
    created = {k.split(":")[1] for k in stats if k.startswith("created:")}
    assert created == {sp.key for sp in DG.content.species}
    for v in stats.values():
        assert 0.0 <= v["in_games"] <= 1.0
        assert (v["in_games"] > 0) == (v["mean"] > 0)
