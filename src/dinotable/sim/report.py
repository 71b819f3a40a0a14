"""Reports designers can read: an HTML page with PNG plots beside it, from one run or two side by side.

For each run: seat win rates with 95% intervals, score distributions, game length, and every statistic
the game counts (how often, in how many games, and how it relates to winning: its mean for seats that won
and seats that did not, and the win rate of seats that did it at all against those that did not). Two runs
(for instance the printed content against a changed card) are shown column by column, with the difference.
"""

from __future__ import annotations

import html
from pathlib import Path

from dinotable.core.registry import get_game
from dinotable.sim.results import BASE_COLUMNS, read_run
from dinotable.sim.stats import mean_sd, wilson_interval


def _game(meta: dict):
    """The run's game, for its printed names; None for a game this installation does not know."""
    try:
        return get_game(meta["game"])
    except (KeyError, ValueError):
        return None


def _options_text(options: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) if options else "the defaults"


def analyse(meta: dict, table: list[dict]) -> dict:
    """Numbers of one run, from its rows."""
    players = int(meta["players"])
    games = len({row["game"] for row in table})
    seats = []
    for seat in range(players):
        mine = [row for row in table if row["seat"] == seat]
        wins = sum(row["win"] for row in mine)
        low, high = wilson_interval(wins, len(mine))
        mean, sd = mean_sd([row["score"] for row in mine])
        seats.append(
            {
                "seat": seat,
                "agent": mine[0]["agent"] if mine else "",
                "win_rate": wins / len(mine) if mine else 0.0,
                "ci95": (low, high),
                "score_mean": mean,
                "score_sd": sd,
                "scores": [row["score"] for row in mine],
            }
        )
    lengths = [row["decisions"] for row in table if row["seat"] == 0]
    stats = {}
    for name in (k for k in table[0] if k not in BASE_COLUMNS):
        values = [row[name] or 0 for row in table]
        won = [row[name] or 0 for row in table if row["win"] > 0]
        lost = [row[name] or 0 for row in table if row["win"] == 0]
        did = [row["win"] for row in table if row[name]]
        did_not = [row["win"] for row in table if not row[name]]
        per_game: dict = {}
        for row in table:
            per_game[row["game"]] = per_game.get(row["game"], 0) + (row[name] or 0)
        stats[name] = {
            "mean_per_game": sum(values) / games,
            "in_games": sum(1 for v in per_game.values() if v) / games,
            "mean_if_won": sum(won) / len(won) if won else None,
            "mean_if_not": sum(lost) / len(lost) if lost else None,
            "win_rate_if_done": sum(did) / len(did) if did else None,
            "win_rate_if_not": sum(did_not) / len(did_not) if did_not else None,
        }
    game = _game(meta)
    return {
        "meta": meta,
        "title": game.title if game else meta["game"],
        # Each statistic as the game's words name it ("placed:site_a" -> "workers on Site A").
        "labels": {name: game.count_label(name) if game else name for name in stats},
        "games": games,
        "players": players,
        "seats": seats,
        "lengths": lengths,
        "stats": stats,
    }


def _plots(runs: list[dict], labels: list[str], folder: Path, stem: str) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    files = []
    # Seat win rates with their intervals.
    fig, ax = plt.subplots(figsize=(6, 3.2))
    width = 0.8 / len(runs)
    for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
        xs = [s["seat"] + 1 + (k - (len(runs) - 1) / 2) * width for s in run["seats"]]
        rates = [s["win_rate"] for s in run["seats"]]
        errors = [
            [r - s["ci95"][0] for r, s in zip(rates, run["seats"], strict=True)],
            [s["ci95"][1] - r for r, s in zip(rates, run["seats"], strict=True)],
        ]
        ax.bar(xs, rates, width, yerr=errors, capsize=3, label=label)
    fair = 1 / runs[0]["players"]
    ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    ax.set_xlabel("seat")
    ax.set_ylabel("win rate")
    ax.set_xticks(range(1, runs[0]["players"] + 1))
    ax.legend(fontsize=8)
    files.append(_save(fig, plt, folder, f"{stem}-win-rates.png"))
    # Score distributions, one histogram per run (all seats).
    fig, ax = plt.subplots(figsize=(6, 3.2))
    for run, label in zip(runs, labels, strict=True):
        scores = [x for s in run["seats"] for x in s["scores"]]
        ax.hist(scores, bins=30, alpha=0.55, label=label)
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.legend(fontsize=8)
    files.append(_save(fig, plt, folder, f"{stem}-scores.png"))
    # Game length.
    fig, ax = plt.subplots(figsize=(6, 3.2))
    for run, label in zip(runs, labels, strict=True):
        ax.hist(run["lengths"], bins=30, alpha=0.55, label=label)
    ax.set_xlabel("decisions in a game")
    ax.set_ylabel("games")
    ax.legend(fontsize=8)
    files.append(_save(fig, plt, folder, f"{stem}-length.png"))
    # How often each statistic happens, and the win rate of the seats that did it.
    names = list(runs[0]["stats"])
    if names:
        fig, ax = plt.subplots(figsize=(7, max(2.5, 0.28 * len(names))))
        height = 0.8 / len(runs)
        for k, (run, label) in enumerate(zip(runs, labels, strict=True)):
            ys = [i + (k - (len(runs) - 1) / 2) * height for i in range(len(names))]
            rates = [run["stats"].get(n, {}).get("win_rate_if_done") or 0 for n in names]
            ax.barh(ys, rates, height, label=label)
        ax.axvline(1 / runs[0]["players"], color="grey", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(names)))
        ax.set_yticklabels([runs[0]["labels"][n] for n in names], fontsize=7)
        ax.set_xlabel("win rate of the seats that did it")
        ax.invert_yaxis()
        ax.legend(fontsize=8)
        files.append(_save(fig, plt, folder, f"{stem}-statistics.png"))
    return files


def _save(fig, plt, folder: Path, name: str) -> str:
    fig.tight_layout()
    fig.savefig(folder / name, dpi=100)
    plt.close(fig)
    return name


def _pct(value) -> str:
    return "" if value is None else f"{value:.1%}"


def _num(value) -> str:
    return "" if value is None else f"{value:.2f}"


def write_report(run_folders: list[str | Path], output: str | Path) -> dict:
    """Writes the HTML report (and its PNG plots beside it); returns the headline numbers of each run."""
    if not 1 <= len(run_folders) <= 2:
        raise ValueError("a report shows one run, or two side by side")
    loaded = [read_run(folder) for folder in run_folders]
    runs = [analyse(meta, table) for meta, table in loaded]
    if len(runs) == 2 and (runs[0]["meta"]["game"], runs[0]["players"]) != (
        runs[1]["meta"]["game"],
        runs[1]["players"],
    ):
        raise ValueError("two runs are compared only for the same game and player count")
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    labels = [Path(f).name or str(f) for f in run_folders]
    if len(labels) == 2 and labels[0] == labels[1]:
        labels = ["A", "B"]
    plots = _plots(runs, labels, output.parent, output.stem)

    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(runs[0]['title'])} report</title>",
        "<style>body{font-family:sans-serif;max-width:1000px;margin:2em auto}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,th:first-child"
        "{text-align:left}</style></head><body>",
        f"<h1>{e(runs[0]['title'])}: {runs[0]['players']} players</h1>",
    ]
    for run, label in zip(runs, labels, strict=True):
        meta = run["meta"]
        parts.append(
            f"<p><b>{e(label)}</b>: {run['games']} games, agents {e(', '.join(meta.get('agents', [])))}, "
            f"seed {e(str(meta.get('seed')))}, options: {e(_options_text(meta.get('options') or {}))}"
            + (f", content {e(str(meta['content']))}" if meta.get("content") else "")
            + "</p>"
        )
    parts.append("<h2>Seats</h2><table><tr><th>seat</th>")
    parts += [f"<th>{e(label)} win rate (95%)</th><th>{e(label)} score</th>" for label in labels]
    parts.append("</tr>")
    for seat in range(runs[0]["players"]):
        parts.append(f"<tr><td>{seat + 1}</td>")
        for run in runs:
            s = run["seats"][seat]
            low, high = s["ci95"]
            parts.append(
                f"<td>{_pct(s['win_rate'])} ({_pct(low)}-{_pct(high)})</td>"
                f"<td>{s['score_mean']:.1f} (sd {s['score_sd']:.1f})</td>"
            )
        parts.append("</tr>")
    parts.append("</table>")
    lengths = [mean_sd(run["lengths"]) for run in runs]
    parts.append(
        "<p>Game length: "
        + "; ".join(
            f"{e(label)} {m:.1f} decisions (sd {sd:.1f})" for label, (m, sd) in zip(labels, lengths, strict=True)
        )
        + "</p>"
    )
    parts += [f"<img src='{e(name)}' alt='{e(name)}'>" for name in plots[:3]]

    if runs[0]["stats"]:
        parts.append(
            "<h2>What happens in a game, and how it relates to winning</h2><p>per game: mean over games; in "
            "games: share of games where it happened; if won / if not: the mean for seats that won and that "
            "did not; win rate if done / if not: of seats that did it at least once and of those that did not.</p>"
        )
        parts.append("<table><tr><th>statistic</th>")
        columns = ("per game", "in games", "if won", "if not", "win rate if done", "if not")
        for label in labels:
            parts += [f"<th>{e(label)} {c}</th>" for c in columns]
        if len(runs) == 2:
            parts.append("<th>per game: B - A</th>")
        parts.append("</tr>")
        names = list(dict.fromkeys([*runs[0]["stats"], *runs[-1]["stats"]]))
        labels_of = {**runs[-1]["labels"], **runs[0]["labels"]}
        for name in names:
            parts.append(f"<tr><td>{e(labels_of[name])}</td>")
            for run in runs:
                st = run["stats"].get(name)
                if st is None:
                    parts.append("<td></td>" * len(columns))
                    continue
                parts.append(
                    f"<td>{_num(st['mean_per_game'])}</td><td>{_pct(st['in_games'])}</td>"
                    f"<td>{_num(st['mean_if_won'])}</td><td>{_num(st['mean_if_not'])}</td>"
                    f"<td>{_pct(st['win_rate_if_done'])}</td><td>{_pct(st['win_rate_if_not'])}</td>"
                )
            if len(runs) == 2:
                a = runs[0]["stats"].get(name, {}).get("mean_per_game")
                b = runs[1]["stats"].get(name, {}).get("mean_per_game")
                parts.append(f"<td>{_num(b - a) if a is not None and b is not None else ''}</td>")
            parts.append("</tr>")
        parts.append("</table>")
        parts += [f"<img src='{e(name)}' alt='{e(name)}'>" for name in plots[3:]]
    parts.append("</body></html>")
    output.write_text("\n".join(parts))
    return {
        label: {
            "games": run["games"],
            "win_rates": [s["win_rate"] for s in run["seats"]],
            "score_means": [s["score_mean"] for s in run["seats"]],
            "decisions_mean": mean_sd(run["lengths"])[0],
        }
        for label, run in zip(labels, runs, strict=True)
    } | {"plots": plots}
