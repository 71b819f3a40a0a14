"""Is a predicted 70% a win seven times in ten? Measured, not assumed.

`calibrate(game)` plays games between bots of mixed levels (random, greedy, a short search), with player
counts drawn from the game's range, and at a few decisions of each it asks the analysis's search for the
mover's chance to win: the raw value the search found. On the games of even number it fits the map from
raw value to chance (`sigmoid(slope * logit(value) + shift)`, logistic regression on the results); on the
games of odd number, which the fit never saw, it bins the mapped chances and compares each bin with how
often those movers won: the reliability table and the expected calibration error (ECE: the bins' gaps,
weighted by their sizes). `calibration.toml` keeps each game's budget and map, with the figures measured.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from dinotable.agents import Observation, make_agent
from dinotable.analysis.chances import DATA, Analyst, calibrated, is_team, logit, mapping_for, result_for, stored_maps
from dinotable.core.registry import get_game
from dinotable.core.rng import Rng, derive_seed
from dinotable.sim.parallel import run_jobs

MIXED = ("random", "greedy", "mcts:iters=30")  # the levels a calibration game's seats are drawn from
BINS = 10
POINTS = 4  # decisions asked about in each game


@dataclass(frozen=True)
class Point:
    game_index: int
    players: int
    value: float  # the search's raw value for the mover
    result: float  # the mover's share of the win at the end


def _play(job: tuple) -> list[Point]:
    """One calibration game: played by mixed bots, then judged at POINTS of its decisions."""
    name, index, seed, budget, tables, levels = job
    game = get_game(name)
    rng = Rng(derive_seed(seed, index))
    options, players_range = tables[index % len(tables)]
    players = players_range[rng.below(len(players_range))]
    specs = [levels[rng.below(len(levels))] for _ in range(players)]
    state = game.new_game(players, derive_seed(seed, index, 1), options)
    agents = [make_agent(spec, game, derive_seed(seed, index, 2, s)) for s, spec in enumerate(specs)]
    asked: list = []
    while not state.is_over:
        seat = state.current_player
        obs = Observation(state, seat, derive_seed(seed, index, 3, len(state.history)))
        if len(obs.legal_actions) > 1:
            asked.append((state.clone(), seat))
        state.apply(agents[seat].act(obs))
    team = is_team(state)
    points = []
    for k in range(min(POINTS, len(asked))):
        before, seat = asked[rng.below(len(asked))]
        search = Analyst(game, derive_seed(seed, index, 4, k), team, iters=budget).search(
            Observation(before, seat, derive_seed(seed, index, 5, k))
        )
        value = search.value(search.preferred, seat) or 0.0
        points.append(Point(index, players, value, result_for(state, seat, team)))
    return points


def fit(points: list[Point]) -> tuple[float, float]:
    """slope and shift minimising the log loss of sigmoid(slope * logit(value) + shift) (Newton's method,
    each step halved until the loss falls), held toward the identity map (slope 1, shift 0) by a penalty
    worth about one game's points, so that a small sample, or one the values separate perfectly, still gives
    a finite map."""
    xs = [logit(p.value) for p in points]
    ys = [p.result for p in points]
    ridge = float(POINTS)

    def loss(a: float, b: float) -> float:
        total = ridge * ((a - 1.0) ** 2 + b * b) / 2
        for x, y in zip(xs, ys, strict=True):
            z = a * x + b
            total += math.log1p(math.exp(-abs(z))) + max(z, 0.0) - y * z  # log loss, written not to overflow
        return total

    a, b = 1.0, 0.0
    current = loss(a, b)
    for _ in range(100):
        ga, gb = ridge * (a - 1.0), ridge * b
        haa = hbb = ridge
        hab = 0.0
        for x, y in zip(xs, ys, strict=True):
            q = 1.0 / (1.0 + math.exp(-min(max(a * x + b, -30.0), 30.0)))
            ga += (q - y) * x
            gb += q - y
            w = q * (1 - q)
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6 and loss(a - step * da, b - step * db) > current:
            step /= 2
        a, b = a - step * da, b - step * db
        before, current = current, loss(a, b)
        if before - current < 1e-10:
            break
    return round(a, 4), round(b, 4)


def reliability(chances: list[float], results: list[float], bins: int = BINS) -> dict:
    """The predictions binned by chance (tenths): per bin its count, mean prediction and observed win rate;
    and the expected calibration error."""
    rows = []
    n = len(chances)
    ece = 0.0
    for b in range(bins):
        inside = [i for i, c in enumerate(chances) if min(int(c * bins), bins - 1) == b]
        if not inside:
            continue
        predicted = sum(chances[i] for i in inside) / len(inside)
        observed = sum(results[i] for i in inside) / len(inside)
        ece += len(inside) / n * abs(predicted - observed)
        rows.append(
            {"bin": [b / bins, (b + 1) / bins], "count": len(inside), "predicted": predicted, "observed": observed}
        )
    return {"rows": rows, "ece": ece, "count": n}


def tables_for(name: str, team: bool) -> list[tuple[dict, tuple[int, ...]]]:
    """The tables calibration games are played at, in turn: (options, player counts). Competitive: the
    game's own options, two to four players; team: every solo and co-operative way the game offers."""
    game = get_game(name)
    seats = tuple(range(max(2, game.min_players), min(4, game.max_players) + 1))
    if not team:
        return [({}, seats)]
    found = []
    for options in game.test_option_sets:
        for players in sorted({1, *seats}):
            try:
                state = game.new_game(players, 0, options)
            except ValueError:
                continue
            if is_team(state):
                found.append((options, players))
    grouped: dict = {}
    for options, players in found:
        grouped.setdefault(repr(options), (options, []))[1].append(players)
    return [(options, tuple(players)) for options, players in grouped.values()]


def calibrate(
    name: str,
    games: int = 500,
    budget: int | None = None,
    seed: int = 0,
    workers: int = 1,
    team: bool = False,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    levels: tuple[str, ...] = MIXED,
) -> dict:
    """Plays `games` calibration games and returns the fitted map (from the even games), the reliability on
    the odd ones before and after the map, and the points themselves."""
    (_, budget) = mapping_for(name, team, budget)
    tables = tables_for(name, team)
    if not tables:
        raise ValueError(f"{name} has no solo or co-operative table")
    jobs = [(name, i, seed, budget, tables, levels) for i in range(games)]
    done = run_jobs(_play, jobs, workers, backend, progress=(lambda pts: progress(1)) if progress else None)
    points = [p for batch in done for p in batch]
    train = [p for p in points if p.game_index % 2 == 0]
    test = [p for p in points if p.game_index % 2 == 1]
    mapping = fit(train)
    results = [p.result for p in test]
    return {
        "game": name,
        "team": team,
        "tables": [[options, list(players)] for options, players in tables],
        "games": games,
        "budget": budget,
        "slope": mapping[0],
        "shift": mapping[1],
        "raw": reliability([p.value for p in test], results),
        "mapped": reliability([calibrated(p.value, mapping) for p in test], results),
        "points": [[p.game_index, p.players, round(p.value, 4), p.result] for p in points],
    }


def markdown(result: dict) -> str:
    """The reliability table of one calibration run, before and after the map, for docs/analysis.md."""
    kind = "solo and co-operative tables" if result["team"] else "competitive tables"
    raw, mapped = result["raw"], result["mapped"]
    lines = [
        f"**{get_game(result['game']).title}, {kind}**: {result['games']} games, budget {result['budget']} "
        f"iterations, map slope {result['slope']}, shift {result['shift']}; {mapped['count']} predictions "
        f"held out; ECE {raw['ece']:.3f} raw, **{mapped['ece']:.3f}** mapped.",
        "",
        "| predicted | predictions | mean predicted | observed win rate |",
        "| --- | --- | --- | --- |",
    ]
    for row in mapped["rows"]:
        low, high = row["bin"]
        lines.append(
            f"| {round(100 * low)}-{round(100 * high)}% | {row['count']} | {100 * row['predicted']:.1f}% "
            f"| {100 * row['observed']:.1f}% |"
        )
    return "\n".join(lines)


def plot(results: list[dict], path: Path) -> Path:
    """Reliability diagrams, one panel per run: the observed win rate against the predicted chance, before
    (grey) and after (colour) the map, each bin's dot sized by its count."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    columns = min(3, len(results))
    rows = -(-len(results) // columns)
    fig, axes = plt.subplots(rows, columns, figsize=(4.2 * columns, 4.4 * rows), squeeze=False)
    for ax in axes.flat[len(results) :]:
        ax.set_visible(False)
    for ax, result in zip(axes.flat, results, strict=False):
        ax.plot([0, 1], [0, 1], color="#999999", linestyle="--", linewidth=1, label="perfect")
        for key, colour, name in (("raw", "#b0a890", "search value"), ("mapped", "#2a6f97", "chance shown")):
            rows = result[key]["rows"]
            ax.plot(
                [r["predicted"] for r in rows], [r["observed"] for r in rows], color=colour, marker="o", linewidth=1.5,
                label=f"{name} (ECE {result[key]['ece']:.3f})",
            )  # fmt: skip
        kind = "solo and co-op" if result["team"] else "competitive"
        ax.set_title(f"{get_game(result['game']).title}\n{kind}, {result['mapped']['count']} predictions", fontsize=10)
        ax.set_xlabel("predicted chance to win")
        ax.set_ylabel("observed win rate")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.grid(alpha=0.3)
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def write_table(results: list[dict], path: Path = DATA) -> None:
    """calibration.toml from the runs: each game's budget, map and the error measured with it."""
    lines = [
        "# The analysis's budget (search iterations per decision) and the map from the search's raw value to a",
        "# chance to win, per game: `competitive` for seats against each other, `team` for a solo or",
        "# co-operative table. Written by `make calibrate` (dinotable.analysis.calibration); docs/analysis.md",
        "# has the reliability tables. Designed values, measured: the map is fitted on the even-numbered games,",
        "# the error (`ece`) measured on the odd ones.",
    ]
    for result in sorted(results, key=lambda r: (r["game"], r["team"])):
        lines += [
            "",
            f"[{result['game']}.{'team' if result['team'] else 'competitive'}]",
            f"budget = {result['budget']}",
            f"slope = {result['slope']}",
            f"shift = {result['shift']}",
            f"games = {result['games']}",
            f"ece = {round(result['mapped']['ece'], 4)}",
            f"ece_raw = {round(result['raw']['ece'], 4)}",
        ]
    path.write_text("\n".join(lines) + "\n")
    stored_maps.cache_clear()
