"""Play many games: one process or several, with results that do not depend on how many.

Game i of a run is seeded with derive_seed(seed, i) and its agents with seeds derived from that, so a
game's result depends only on (seed, i): any number of workers gives the same results in the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dinotable.agents import Observation, make_agent
from dinotable.core.registry import game_with_content
from dinotable.core.rng import derive_seed
from dinotable.sim.parallel import check_backend, run_jobs
from dinotable.sim.stats import mean_sd, wilson_interval

AGENT_SEED_KEY = 1_000
OBSERVATION_SEED_KEY = 2_000


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    scores: list[int]
    winners: list[int]
    decisions: int
    rounds: int | None
    # What the game counts for designers, name -> one number per seat (Game.count_events, final_counts).
    statistics: dict | None = None


def play_game(
    game, num_players: int, seed: int, agent_specs: list[str], options: dict | None = None, index: int = 0
) -> GameResult:
    state = game.new_game(num_players, seed, options)
    agents = [make_agent(spec, game, derive_seed(seed, AGENT_SEED_KEY + seat)) for seat, spec in enumerate(agent_specs)]
    limit = game.max_decisions
    counts: dict = {}
    while not state.is_over:
        if len(state.history) >= limit:
            raise RuntimeError(f"{game.name} seed {seed}: no end after {limit} decisions")
        seat = state.current_player
        obs = Observation(state, seat, derive_seed(seed, OBSERVATION_SEED_KEY, len(state.history)))
        game.count_events(counts, state, state.apply(agents[seat].act(obs)))
    counts.update(game.final_counts(state))
    outcome = state.outcome()
    return GameResult(
        index,
        seed,
        state.scores(),
        state.winners(),
        len(state.history),
        outcome.get("rounds"),
        counts or None,
    )


def _play_batch(args: tuple) -> list[GameResult]:
    game_name, num_players, seed, agent_specs, options, content, indices = args
    game = game_with_content(game_name, content)
    return [play_game(game, num_players, derive_seed(seed, i), agent_specs, options, i) for i in indices]


def simulate(
    game_name: str,
    num_players: int,
    games: int,
    agent_specs: list[str],
    seed: int = 0,
    workers: int = 1,
    options: dict | None = None,
    progress: Callable[[int], None] | None = None,
    content: str | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Plays `games` games; returns their results in game order. `progress(k)` is told of each k finished.
    `content` is a folder whose content files replace the game's own of the same names (see
    registry.game_with_content).
    `backend` "local" plays in `workers` processes of this machine; "ray" sends the same batches to a Ray
    cluster (`address`, or a local one of `workers` CPUs), with the same results."""
    check_backend(backend, address, workers)
    if content is not None:
        content = str(Path(content).resolve())  # the same folder for every worker process
    game = game_with_content(game_name, content)
    agent_specs = list(agent_specs)
    if len(agent_specs) == 1:
        agent_specs *= num_players
    if len(agent_specs) != num_players:
        raise ValueError(f"{len(agent_specs)} agents given for {num_players} players: give one, or one per seat")
    game.new_game(num_players, seed, options)  # fail fast on a bad player count or option
    for seat, spec in enumerate(agent_specs):
        make_agent(spec, game, seat)  # ... and on a bad agent spec
    if games <= 0:
        raise ValueError("the number of games must be positive")
    batch = max(1, min(50, games // (workers * 8) or 1))
    jobs = [
        (game_name, num_players, seed, agent_specs, options, content, list(range(start, min(games, start + batch))))
        for start in range(0, games, batch)
    ]
    batches = run_jobs(
        _play_batch, jobs, workers, backend, address, (lambda done: progress(len(done))) if progress else None
    )
    return [result for batch in batches for result in batch]


def summarize(results: list[GameResult], agent_specs: list[str]) -> dict:
    """Per seat: win rate (ties shared) with a 95% Wilson interval, score mean and spread; game length."""
    n = len(results)
    num_players = len(results[0].scores) if results else len(agent_specs)
    if len(agent_specs) == 1:
        agent_specs = agent_specs * num_players
    seats = []
    for seat in range(num_players):
        wins = sum(1 / len(r.winners) for r in results if seat in r.winners)
        low, high = wilson_interval(wins, n)
        mean, sd = mean_sd([r.scores[seat] for r in results])
        seats.append(
            {
                "seat": seat,
                "agent": agent_specs[seat],
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "win_rate_ci95": [low, high],
                "score_mean": mean,
                "score_sd": sd,
            }
        )
    decisions_mean, decisions_sd = mean_sd([r.decisions for r in results])
    rounds = [r.rounds for r in results if r.rounds is not None]
    rounds_mean, rounds_sd = mean_sd(rounds)
    return {
        "games": n,
        "seats": seats,
        "statistics": summarize_statistics(results),
        "length": {
            "decisions_mean": decisions_mean,
            "decisions_sd": decisions_sd,
            "decisions_min": min((r.decisions for r in results), default=0),
            "decisions_max": max((r.decisions for r in results), default=0),
            "rounds_mean": rounds_mean,
            "rounds_sd": rounds_sd,
        },
    }


def summarize_statistics(results: list[GameResult]) -> dict:
    """Per statistic: the mean per game for each seat and for the table, the share of games in which it
    happened at all, and for names grouped as "group:item" (e.g. "placed:hunt"), the item's share of its
    group."""
    n = len(results)
    names: dict = {}
    for r in results:
        for name in r.statistics or {}:
            names.setdefault(name, None)
    totals = {}
    happened = {}
    for name in names:
        per_seat = [0.0] * len(results[0].scores)
        games = 0
        for r in results:
            values = (r.statistics or {}).get(name, ())
            games += any(values)
            for seat, value in enumerate(values):
                per_seat[seat] += value
        totals[name] = per_seat
        happened[name] = games
    groups: dict = {}
    for name, per_seat in totals.items():
        if ":" in name:
            group = name.split(":", 1)[0]
            groups[group] = groups.get(group, 0.0) + sum(per_seat)
    out = {}
    for name, per_seat in totals.items():
        group_total = groups.get(name.split(":", 1)[0]) if ":" in name else None
        out[name] = {
            "mean": sum(per_seat) / n if n else 0.0,
            "per_seat_mean": [v / n if n else 0.0 for v in per_seat],
            "share": sum(per_seat) / group_total if group_total else None,
            "in_games": happened[name] / n if n else 0.0,
        }
    return out
