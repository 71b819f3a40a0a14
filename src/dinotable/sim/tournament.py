"""Round-robin tournaments between agents: every table of distinct agents, in every seat rotation, plays
the same number of games; per agent a win rate with its 95% interval, and a rating.

Ratings are OpenSkill's Plackett-Luce model (a TrueSkill-like Bayesian rating for games of any number of
players): each game ranks its seats by score, ties sharing a rank, and updates the agents at the table.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from openskill.models import PlackettLuce

from dinotable.core.rng import derive_seed
from dinotable.sim.results import ranks
from dinotable.sim.runner import simulate
from dinotable.sim.stats import mean_sd, wilson_interval


def seatings(num_agents: int, num_players: int) -> list[tuple[int, ...]]:
    """Every set of `num_players` distinct agents, each in every rotation of seats."""
    tables = []
    for group in combinations(range(num_agents), num_players):
        for shift in range(num_players):
            tables.append(group[shift:] + group[:shift])
    return tables


def tournament(
    game_name: str,
    agents: list[str],
    games: int,
    num_players: int = 2,
    seed: int = 0,
    workers: int = 1,
    options: dict | None = None,
    progress: Callable[[int], None] | None = None,
    content: str | None = None,
) -> dict:
    """Plays `games` games at each seating; returns per agent its record and rating, and head to head."""
    agents = [a.strip() for a in agents]
    if len(set(agents)) != len(agents):
        raise ValueError("each agent may enter the tournament once")
    if len(agents) < max(2, num_players):
        raise ValueError(f"a {num_players}-player tournament needs at least {max(2, num_players)} agents")
    tables = seatings(len(agents), num_players)
    played = []  # (table, results)
    for t, table in enumerate(tables):
        specs = [agents[i] for i in table]
        results = simulate(
            game_name, num_players, games, specs, derive_seed(seed, t), workers, options, progress, content
        )
        played.append((table, results))

    model = PlackettLuce()
    ratings = [model.rating(name=a) for a in agents]
    record = [{"games": 0, "wins": 0.0, "scores": []} for _ in agents]
    pair_games = [[0] * len(agents) for _ in agents]
    pair_wins = [[0.0] * len(agents) for _ in agents]
    for table, results in played:
        for r in results:
            for seat, a in enumerate(table):
                share = 1 / len(r.winners) if seat in r.winners else 0.0
                record[a]["games"] += 1
                record[a]["wins"] += share
                record[a]["scores"].append(r.scores[seat])
                for b in table:
                    if b != a:
                        pair_games[a][b] += 1
                        pair_wins[a][b] += share
            teams = [[ratings[a]] for a in table]
            for a, (new,) in zip(table, model.rate(teams, ranks=ranks(r)), strict=True):
                ratings[a] = new

    rows = []
    for i, name in enumerate(agents):
        rec = record[i]
        low, high = wilson_interval(rec["wins"], rec["games"])
        mean, sd = mean_sd(rec["scores"])
        rows.append(
            {
                "agent": name,
                "games": rec["games"],
                "wins": rec["wins"],
                "win_rate": rec["wins"] / rec["games"],
                "win_rate_ci95": [low, high],
                "score_mean": mean,
                "score_sd": sd,
                "rating": ratings[i].mu,
                "rating_sigma": ratings[i].sigma,
                "rating_ordinal": ratings[i].ordinal(),
            }
        )
    head_to_head = {
        a: {b: (pair_wins[i][j] / pair_games[i][j] if pair_games[i][j] else None) for j, b in enumerate(agents)}
        for i, a in enumerate(agents)
    }
    return {
        "game": game_name,
        "players": num_players,
        "seed": seed,
        "games_per_seating": games,
        "content": content,
        "seatings": len(tables),
        "agents": sorted(rows, key=lambda row: -row["rating_ordinal"]),
        "head_to_head": head_to_head,
        "rating_model": "OpenSkill Plackett-Luce (mu 25, sigma 25/3 at the start; ordinal = mu - 3 sigma)",
    }
