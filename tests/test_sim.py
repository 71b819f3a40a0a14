"""Simulation: the Wilson interval and mean/sd, the runner's determinism and seeding, and summaries."""

from __future__ import annotations

import contextlib
import math
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import dinotable
from dinotable.core.rng import derive_seed
from dinotable.sim import GameResult, play_game, simulate, summarize
from dinotable.sim.runner import summarize_statistics
from dinotable.sim.stats import mean_sd, wilson_interval

NAME = "my-funny-dinos"
GAME = dinotable.get_game(NAME)
Z = 1.96

# ----------------------------------------------------------------------------------------- statistics


def test_wilson_interval_half_of_a_hundred():
    """50 successes in 100 give the textbook 95% interval of about 0.404 to 0.596."""
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=5e-4)
    assert high == pytest.approx(0.5962, abs=5e-4)


@pytest.mark.parametrize("n", [1, 10, 250])
def test_wilson_interval_at_the_extremes(n):
    """No successes: the interval starts at 0 and ends at z²/(n+z²); all successes: the mirror image."""
    low, high = wilson_interval(0, n)
    assert low == 0.0
    assert high == pytest.approx(Z * Z / (n + Z * Z))
    low, high = wilson_interval(n, n)
    assert high == 1.0
    assert low == pytest.approx(n / (n + Z * Z))


def test_wilson_interval_of_no_games_is_everything():
    """With no games nothing is known: the interval is the whole of [0, 1]."""
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "n"), [(1, 3), (7, 20), (2.5, 5), (33.5, 91), (999, 1000)])
def test_wilson_interval_contains_the_rate_and_mirrors(successes, n):
    """The interval holds the observed rate, lies in [0, 1], and k of n mirrors n-k of n; shared wins count."""
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low < successes / n < high <= 1.0
    mirror_low, mirror_high = wilson_interval(n - successes, n)
    assert low == pytest.approx(1 - mirror_high)
    assert high == pytest.approx(1 - mirror_low)


def test_wilson_interval_narrows_with_more_games_and_widens_with_z():
    """The same rate over more games gives a narrower interval; a larger z gives a wider one."""
    widths = [high - low for low, high in (wilson_interval(0.3 * n, n) for n in (10, 100, 1000))]
    assert widths[0] > widths[1] > widths[2]
    low95, high95 = wilson_interval(30, 100)
    low99, high99 = wilson_interval(30, 100, z=2.576)
    assert low99 < low95 and high99 > high95


def test_mean_sd():
    """mean_sd gives the mean and the sample standard deviation, as the statistics module does."""
    values = [2, 4, 4, 4, 5, 5, 7, 9, 30, -3]
    mean, sd = mean_sd(values)
    assert mean == pytest.approx(statistics.mean(values))
    assert sd == pytest.approx(statistics.stdev(values))
    assert mean_sd([]) == (0.0, 0.0)
    assert mean_sd([7]) == (7.0, 0.0)
    assert mean_sd([3, 3, 3]) == (3.0, 0.0)


# ----------------------------------------------------------------------------------------- the runner


def test_simulate_same_seed_same_results():
    """The same run twice gives equal results, in game order, each game over and scored."""
    first = simulate(NAME, 3, 8, ["greedy", "random", "random"], seed=42)
    second = simulate(NAME, 3, 8, ["greedy", "random", "random"], seed=42)
    assert first == second
    assert [r.index for r in first] == list(range(8))
    for r in first:
        assert len(r.scores) == 3 and r.winners and r.decisions > 0


def test_simulate_different_seed_different_games():
    """Another run seed plays other games."""
    first = simulate(NAME, 2, 8, ["random"], seed=1)
    second = simulate(NAME, 2, 8, ["random"], seed=2)
    assert [r.seed for r in first] != [r.seed for r in second]
    assert [(r.scores, r.decisions) for r in first] != [(r.scores, r.decisions) for r in second]


def test_simulate_does_not_depend_on_workers():
    """One worker or two give the same results in the same order."""
    specs = ["greedy", "random"]
    assert simulate(NAME, 2, 24, specs, seed=9, workers=1) == simulate(NAME, 2, 24, specs, seed=9, workers=2)


def test_game_seeds_do_not_depend_on_batch_layout():
    """Game i is seeded derive_seed(seed, i) and plays the same whatever the batching: a short run is a prefix
    of a long one (other batch sizes), and each game equals that game played on its own."""
    specs = ["random", "greedy", "random"]
    long_run = simulate(NAME, 3, 40, specs, seed=77, workers=2)
    short_run = simulate(NAME, 3, 5, specs, seed=77, workers=1)
    assert short_run == long_run[:5]
    assert [r.seed for r in long_run] == [derive_seed(77, i) for i in range(40)]
    for i in (0, 13, 39):
        assert play_game(GAME, 3, derive_seed(77, i), specs, index=i) == long_run[i]


@pytest.mark.parametrize("workers", [1, 2])
def test_simulate_reports_progress_for_every_game(workers):
    """The progress callback is told of every finished game, exactly once."""
    told: list[int] = []
    simulate(NAME, 2, 20, ["random"], seed=3, workers=workers, progress=told.append)
    assert sum(told) == 20 and all(k > 0 for k in told)


def test_simulate_with_options_plays_the_option():
    """Options reach every game: each result is the game played with the run's options."""
    options = {"rocks_per_base": 2, "excavation": "dice"}
    for r in simulate(NAME, 2, 3, ["random"], seed=5, options=options):
        assert play_game(GAME, 2, r.seed, ["random", "random"], options, index=r.index) == r


@pytest.mark.parametrize(
    ("players", "specs", "kwargs", "named"),
    [
        (2, ["random", "random", "random"], {}, ["3 agents", "2 players"]),
        (3, ["random", "greedy"], {}, ["2 agents", "3 players"]),
        (2, ["random", "wizard"], {}, ["wizard"]),
        (2, ["random:nosuch=1"], {}, ["nosuch"]),
        (9, ["random"], {}, ["9"]),
        (2, ["random"], {"options": {"nosuch": 1}}, ["nosuch"]),
        (2, ["random"], {"games": 0}, ["games"]),
        (2, ["random"], {"workers": 0}, ["workers"]),
    ],
)
def test_simulate_refuses_a_bad_setup(players, specs, kwargs, named):
    """A wrong number of agents, an unknown agent or parameter, a bad player count, option, game or worker
    count: ValueError naming it, before any game is played."""
    kwargs = {"games": 3, **kwargs}
    told: list[int] = []
    with pytest.raises(ValueError) as info:
        simulate(NAME, players, kwargs.pop("games"), specs, progress=told.append, **kwargs)
    for word in named:
        assert word in str(info.value)
    assert told == []


def test_simulate_unknown_game():
    """An unknown game name is a ValueError naming it."""
    with pytest.raises(ValueError, match="no-such-game"):
        simulate("no-such-game", 2, 1, ["random"])


# ----------------------------------------------------------------------------------------- summaries


def result(index: int, scores: list[int], winners: list[int], decisions: int = 10, rounds=None) -> GameResult:
    return GameResult(index, index, scores, winners, decisions, rounds)


def test_summarize_shares_ties():
    """A tie shares the win: each of k winners gets 1/k; the shares sum to the number of games."""
    results = [
        result(0, [5, 3, 1], [0]),
        result(1, [4, 4, 2], [0, 1], decisions=20, rounds=3),
        result(2, [2, 2, 2], [0, 1, 2], decisions=30, rounds=5),
        result(3, [1, 6, 0], [1], decisions=40),
    ]
    summary = summarize(results, ["greedy", "random", "random"])
    wins = [s["wins"] for s in summary["seats"]]
    assert wins == pytest.approx([1 + 1 / 2 + 1 / 3, 1 / 2 + 1 / 3 + 1, 1 / 3])
    assert sum(wins) == pytest.approx(len(results))
    assert sum(s["win_rate"] for s in summary["seats"]) == pytest.approx(1.0)
    for seat, s in enumerate(summary["seats"]):
        assert s["seat"] == seat
        assert s["win_rate"] == pytest.approx(wins[seat] / 4)
        assert s["win_rate_ci95"] == pytest.approx(list(wilson_interval(wins[seat], 4)))
        assert (s["score_mean"], s["score_sd"]) == pytest.approx(mean_sd([r.scores[seat] for r in results]))
    assert [s["agent"] for s in summary["seats"]] == ["greedy", "random", "random"]
    length = summary["length"]
    assert summary["games"] == 4
    assert (length["decisions_min"], length["decisions_max"]) == (10, 40)
    assert length["decisions_mean"] == pytest.approx(25)
    assert length["rounds_mean"] == pytest.approx(4)  # only games that report their rounds count


def test_summarize_of_a_simulation():
    """Over real games the win shares sum to the number of games, one agent spec names every seat."""
    results = simulate(NAME, 4, 12, ["random"], seed=8)
    summary = summarize(results, ["random"])
    assert summary["games"] == 12
    assert [s["agent"] for s in summary["seats"]] == ["random"] * 4
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(12)
    for s in summary["seats"]:
        low, high = s["win_rate_ci95"]
        assert low <= s["win_rate"] <= high
        assert math.isfinite(s["score_sd"]) and s["score_sd"] >= 0


def test_statistics_count_the_games_where_a_count_happened():
    """Each statistic's mean per seat and per game, its share of its group, and the share of games in which
    any seat counted it at all."""
    results = [
        GameResult(0, 0, [1, 2], [1], 10, None, {"placed:a": [2, 0], "placed:b": [0, 0], "escaped": [0, 1]}),
        GameResult(1, 1, [3, 2], [0], 10, None, {"placed:a": [1, 1], "placed:b": [0, 2], "escaped": [0, 0]}),
        GameResult(2, 2, [3, 3], [0, 1], 10, None, {"placed:a": [0, 0], "placed:b": [0, 0], "escaped": [0, 0]}),
        GameResult(3, 3, [0, 5], [1], 10, None, {"placed:a": [0, 3], "placed:b": [1, 0], "escaped": [0, 0]}),
    ]
    stats = summarize_statistics(results)
    assert stats["placed:a"]["in_games"] == pytest.approx(3 / 4)
    assert stats["placed:b"]["in_games"] == pytest.approx(2 / 4)
    assert stats["escaped"]["in_games"] == pytest.approx(1 / 4)
    assert stats["placed:a"]["per_seat_mean"] == pytest.approx([3 / 4, 4 / 4])
    assert stats["placed:a"]["share"] == pytest.approx(7 / 10)
    assert stats["escaped"]["share"] is None


def test_wilson_interval_refuses_more_successes_than_games():
    """More wins than games is a caller's mistake, named as such."""
    with pytest.raises(ValueError, match="between 0 and n=10"):
        wilson_interval(11, 10)


# ----------------------------------------------------------------------------------------- Ray


# Both Ray tests run on one xdist worker, one after the other: two clusters starting at once on two cores
# would only slow each other down.
ray_tests = pytest.mark.xdist_group("ray")


@ray_tests
def test_the_ray_backend_gives_the_same_games_as_local_processes(monkeypatch):
    """A local Ray cluster plays the same batches: game for game the same results as one local process. It is
    a cluster of its own even where RAY_ADDRESS names another (Ray would join that one, or fail to)."""
    pytest.importorskip("ray")
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.1:1")
    local = simulate(NAME, 3, 12, ["greedy", "random", "random"], seed=44, workers=1)
    on_ray = simulate(NAME, 3, 12, ["greedy", "random", "random"], seed=44, workers=2, backend="ray")
    assert on_ray == local


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _session_members(session: int) -> list[int]:
    """The live processes of a session (Linux /proc: zombies have ended already)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while the folder was read
            continue
        if int(fields[3]) == session and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


@pytest.fixture
def ray_head(tmp_path):
    """A Ray head node of this test's own: `ray start --head --block` in a session of its own, on free ports and
    in its own temp folder (so no other Ray client on the machine finds it, and it finds no other). It is
    stopped by signalling that session only: `ray stop` would stop every Ray cluster on the machine."""
    pytest.importorskip("ray")
    ray_cli = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    port = _free_port()
    ports = {
        "--port": port,
        "--dashboard-agent-listen-port": _free_port(),
        "--metrics-export-port": _free_port(),
        "--runtime-env-agent-port": _free_port(),
    }
    command = [ray_cli, "start", "--head", "--block", "--num-cpus", "2", "--include-dashboard", "false"]
    command += [str(part) for pair in ports.items() for part in pair]
    # A short temp folder: Ray's sockets live under it, and a socket's path is at most 107 bytes.
    folder = tempfile.mkdtemp(prefix="ray-")
    command += ["--temp-dir", folder, "--disable-usage-stats"]
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    head = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=tmp_path,
        start_new_session=True,
    )
    said = []
    try:
        for line in head.stdout:  # readiness: `ray start` says when the cluster is up, or ends saying why not
            said.append(line)
            if "Ray runtime started" in line:
                break
        else:
            pytest.fail("`ray start --head` ended before the cluster was up:\n" + "".join(said[-20:]))
        yield f"127.0.0.1:{port}"
    finally:
        _stop_session(head)
        head.stdout.close()
        shutil.rmtree(folder, ignore_errors=True)
    assert not _session_members(head.pid), "a process of the test's Ray cluster outlived it"


def _stop_session(head: subprocess.Popen) -> None:
    """SIGTERM to the head, which stops the processes it started (signalling them all at once leaves it stuck
    stopping them); up to 30 s for the session to end, then SIGKILL to any process of it left."""
    head.terminate()
    deadline = time.monotonic() + 30
    while _session_members(head.pid) and time.monotonic() < deadline:  # waits for their ending, not a time
        time.sleep(0.1)
    for pid in _session_members(head.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    head.wait()


@ray_tests
def test_the_ray_backend_reaches_a_running_cluster_by_its_address(ray_head, monkeypatch):
    """`address` joins a running Ray cluster (started here with `ray start --head`) and plays the same games."""
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")
    on_cluster = simulate(NAME, 2, 6, ["greedy", "random"], seed=45, backend="ray", address=ray_head)
    assert on_cluster == simulate(NAME, 2, 6, ["greedy", "random"], seed=45)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [({"backend": "spark"}, "backend must be one of local, ray"), ({"address": "1.2.3.4:6379"}, "for the ray backend")],
)
def test_a_bad_backend_is_refused(kwargs, named):
    with pytest.raises(ValueError, match=named):
        simulate(NAME, 2, 2, ["random"], **kwargs)
