"""Soak at scale: seeded random play through every game, player count and option set, with the
conformance suite's soak check (`check_soak`: every invariant and the sanity of every decision point) at
every decision, until each configuration has played a decision budget.

A configuration's budget is split into parts of at most PART_DECISIONS decisions; part p of a configuration
plays games seeded derive_seed(seed, configuration seed, p, k) for k = 0, 1, ... until its share is played,
so the games played, and any failure, do not depend on the number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from dinotable.core.conformance import check_soak
from dinotable.core.golden import Configuration, configurations
from dinotable.core.registry import get_game
from dinotable.core.rng import derive_seed

PART_DECISIONS = 50_000


@dataclass
class Failure:
    """A soak game that broke: everything needed to play it again."""

    game: str
    num_players: int
    options: dict
    seed: int
    decision: int  # how many decisions the game had played when it broke
    error: str

    def replay(self) -> str:
        """A command that plays the same game through the same check."""
        return (
            'python -c "import dinotable; from dinotable.core.conformance import check_soak; '
            f"check_soak(dinotable.get_game('{self.game}'), {self.num_players}, {self.options!r}, {self.seed})\""
        )

    def __str__(self) -> str:
        return (
            f"{self.game} players={self.num_players} options={self.options} seed={self.seed}, "
            f"after {self.decision} decisions: {self.error}"
        )


@dataclass
class ConfigurationResult:
    """What one configuration played: decisions, games, and the CPU time its parts took (CPU time, not wall
    time, so that the speed it gives is the engine's, whatever else shares the cores)."""

    config: Configuration
    decisions: int = 0
    games: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    @property
    def decisions_per_cpu_s(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0


class _Counting:
    """The game, with check_invariants also noting how far the game under check has got: check_soak calls it
    at every decision point, the end included, so the last call's history is the game's length."""

    def __init__(self, game) -> None:
        self._game = game
        self.reached = 0

    def __getattr__(self, name: str):
        return getattr(self._game, name)

    def check_invariants(self, state) -> None:
        self.reached = len(state.history)
        self._game.check_invariants(state)


def part_seed(seed: int, config: Configuration, part: int) -> int:
    """The seed a part's games are derived from (game k of the part: derive_seed(part_seed, k))."""
    return derive_seed(seed, config.seed, part)


def _play_part(job: tuple) -> tuple[int, int, int, float, Failure | None]:
    """Plays one part; returns (configuration index, decisions, games, seconds, failure or None)."""
    index, config, seed, part, budget = job
    game = _Counting(get_game(config.game))
    base = part_seed(seed, config, part)
    decisions = games = 0
    start = time.process_time()
    while decisions < budget:
        game_seed = derive_seed(base, games)
        game.reached = 0
        try:
            check_soak(game, config.num_players, config.options, game_seed)
        except Exception as exc:  # any crash of the engine is a soak failure too, reported with its seed
            failure = Failure(
                config.game, config.num_players, config.options, game_seed, game.reached, f"{type(exc).__name__}: {exc}"
            )
            return index, decisions + game.reached, games, time.process_time() - start, failure
        decisions += game.reached
        games += 1
    return index, decisions, games, time.process_time() - start, None


def soak(
    decisions: int,
    workers: int = 1,
    configs: list[Configuration] | None = None,
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> list[ConfigurationResult]:
    """Plays at least `decisions` random decisions in each configuration (default: every game's), checked
    by check_soak at every decision, in `workers` processes; a failing part stops and reports its game.
    `progress(k)` is told of each k decisions played."""
    if decisions <= 0:
        raise ValueError("the number of decisions must be positive")
    if workers <= 0:
        raise ValueError("the number of workers must be positive")
    configs = configurations() if configs is None else configs
    results = [ConfigurationResult(config) for config in configs]
    parts = -(-decisions // PART_DECISIONS)
    # Part by part across configurations, so that every configuration advances and the cores stay busy.
    jobs = [
        (i, config, seed, part, decisions // parts + (part < decisions % parts))
        for part in range(parts)
        for i, config in enumerate(configs)
    ]

    def add(done: tuple) -> None:
        index, played, games, seconds, failure = done
        result = results[index]
        result.decisions += played
        result.games += games
        result.seconds += seconds
        if failure is not None:
            result.failures.append(failure)
        if progress:
            progress(played)

    if workers == 1:
        for job in jobs:
            add(_play_part(job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for future in as_completed([pool.submit(_play_part, job) for job in jobs]):
                add(future.result())
    for result in results:
        result.failures.sort(key=lambda f: f.seed)  # the same order whatever finished first
    return results


def soak_summary(results: list[ConfigurationResult], seconds: float, workers: int) -> dict:
    """The results as JSON: one row per configuration, and the totals."""
    rows = [
        {
            "game": r.config.game,
            "players": r.config.num_players,
            "options": r.config.options,
            "decisions": r.decisions,
            "games": r.games,
            "decisions_per_cpu_s": round(r.decisions_per_cpu_s, 1),
            "failures": [vars(f) for f in r.failures],
        }
        for r in results
    ]
    total = {
        "decisions": sum(r.decisions for r in results),
        "games": sum(r.games for r in results),
        "seconds": round(seconds, 3),
        "workers": workers,
    }
    return {"configurations": rows, "total": total}


def soak_table(results: list[ConfigurationResult], decisions: int, seconds: float, workers: int) -> list[str]:
    """The results as text: a line per configuration (games, decisions, decisions per CPU second), the totals."""
    rows = [("game", "players", "options", "games", "decisions", "per CPU s", "result")]
    rows += [
        (
            r.config.game,
            str(r.config.num_players),
            r.config.options_text(),
            f"{r.games:,}",
            f"{r.decisions:,}",
            f"{r.decisions_per_cpu_s:,.0f}",
            "FAILED" if r.failures else "ok",
        )
        for r in results
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [f"dinotable soak: at least {decisions:,} random decisions per configuration, every invariant checked"]
    lines += [
        "  ".join(
            cell.rjust(w) if i > 2 else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]
    total = sum(r.decisions for r in results)
    lines.append(
        f"total: {total:,} decisions in {sum(r.games for r in results):,} games, {len(results)} configurations, "
        f"{seconds:,.1f} s on {workers} worker(s) ({total / seconds if seconds else 0:,.0f} decisions/s); "
        "per CPU s: decisions per second of one core's time"
    )
    return lines
