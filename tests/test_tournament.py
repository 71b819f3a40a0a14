"""Round-robin tournaments: balanced seatings, records, head to head and OpenSkill ratings."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dinotable.cli.main import app
from dinotable.sim.tournament import seatings, tournament

NAME = "my-funny-dinos"
runner = CliRunner()


@pytest.mark.parametrize(("agents", "players", "tables"), [(2, 2, 2), (3, 2, 6), (4, 3, 12), (4, 4, 4), (5, 2, 20)])
def test_every_table_of_distinct_agents_sits_in_every_rotation(agents, players, tables):
    """Each set of distinct agents plays in each rotation of seats, so every agent sits in every seat equally
    often and meets every other agent equally often."""
    result = seatings(agents, players)
    assert len(result) == tables and len(set(result)) == tables
    for agent in range(agents):
        seats = [table.index(agent) for table in result if agent in table]
        assert sorted(set(seats)) == list(range(players))
        assert all(seats.count(s) == seats.count(0) for s in range(players))
    for table in result:
        assert len(set(table)) == players


def test_a_tournament_gives_records_ratings_and_head_to_head():
    """Three agents, two players: each agent plays 2 tables x 2 rotations x games; win shares add up to the
    games played; head to head is a share of the wins between the two; greedy outrates random."""
    result = tournament(NAME, ["random", "greedy", "mcts:iters=20:depth=0"], games=6, seed=3)
    rows = {row["agent"]: row for row in result["agents"]}
    assert result["seatings"] == 6
    assert all(row["games"] == 24 for row in rows.values())
    assert sum(row["wins"] for row in rows.values()) == pytest.approx(6 * 6)
    h2h = result["head_to_head"]
    for a in rows:
        assert h2h[a][a] is None
        for b in rows:
            if a != b:
                assert h2h[a][b] + h2h[b][a] == pytest.approx(1.0)
    assert rows["greedy"]["rating"] > rows["random"]["rating"]
    assert [row["rating_ordinal"] for row in result["agents"]] == sorted(
        (row["rating_ordinal"] for row in result["agents"]), reverse=True
    )
    for row in rows.values():
        low, high = row["win_rate_ci95"]
        assert low <= row["win_rate"] <= high


def test_a_tournament_does_not_depend_on_workers():
    """The same seed gives the same tournament whatever the number of processes."""
    args = (NAME, ["random", "greedy"], 4)
    assert tournament(*args, seed=5, workers=1) == tournament(*args, seed=5, workers=2)


@pytest.mark.parametrize(
    ("agents", "players", "named"),
    [
        (["greedy", "greedy"], 2, "each agent may enter the tournament once"),
        (["greedy"], 2, "needs at least 2 agents"),
        (["greedy", "random"], 3, "needs at least 3 agents"),
        (["greedy", "wizard"], 2, "unknown agent 'wizard'"),
    ],
)
def test_a_bad_tournament_is_refused_naming_why(agents, players, named):
    with pytest.raises(ValueError, match=named):
        tournament(NAME, agents, 2, players)


def test_the_tournament_command_prints_json_and_tables():
    result = runner.invoke(app, ["tournament", NAME, "--agents", "random,greedy", "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert {row["agent"] for row in doc["agents"]} == {"random", "greedy"}
    result = runner.invoke(app, ["tournament", NAME, "--agents", "random,greedy", "--games", "2"])
    assert result.exit_code == 0 and "Head to head" in result.stdout and "rating" in result.stdout
    result = runner.invoke(app, ["tournament", NAME, "--agents", "random", "--games", "2"])
    assert result.exit_code == 2 and "needs at least 2 agents" in result.output
