"""A run's results on disk, for reports and for any data tool: a folder with

games.csv   one row per game and seat: game, seed, seat, agent, score, rank (1 = won; tied seats share a
            rank), win (the seat's share of the win), decisions, rounds, and every statistic the game
            counts for that seat (Game.count_events, Game.final_counts)
run.json    what was run (game, players, agents, options, seed, content folder) and its summary
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from dinotable.sim.runner import GameResult

BASE_COLUMNS = ("game", "seed", "seat", "agent", "score", "rank", "win", "decisions", "rounds")


def ranks(result: GameResult) -> list[int]:
    """1 for the winners, then by score, tied seats sharing a rank."""
    n = len(result.scores)
    order = sorted(range(n), key=lambda s: (s not in result.winners, -result.scores[s]))
    out = [0] * n
    for place, seat in enumerate(order):
        prev = order[place - 1] if place else None
        same = (
            prev is not None
            and (prev in result.winners) == (seat in result.winners)
            and result.scores[prev] == result.scores[seat]
        )
        out[seat] = out[prev] if same else place + 1
    return out


def rows(results: list[GameResult], agent_specs: list[str]) -> list[dict]:
    if results and len(agent_specs) == 1:
        agent_specs = agent_specs * len(results[0].scores)
    out = []
    for r in results:
        rank = ranks(r)
        for seat, score in enumerate(r.scores):
            row = {
                "game": r.index,
                "seed": r.seed,
                "seat": seat,
                "agent": agent_specs[seat],
                "score": score,
                "rank": rank[seat],
                "win": 1 / len(r.winners) if seat in r.winners else 0.0,
                "decisions": r.decisions,
                "rounds": "" if r.rounds is None else r.rounds,
            }
            for name, values in (r.statistics or {}).items():
                row[name] = values[seat]
            out.append(row)
    return out


def write_run(folder: str | Path, meta: dict, results: list[GameResult], summary: dict) -> Path:
    """Writes games.csv and run.json into `folder` (made if missing); returns the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    table = rows(results, meta["agents"])
    columns = list(BASE_COLUMNS)
    for row in table:
        columns += [k for k in row if k not in columns]
    with (folder / "games.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns, restval=0)
        writer.writeheader()
        writer.writerows(table)
    (folder / "run.json").write_text(json.dumps({**meta, "summary": summary}, indent=1))
    return folder


def read_run(folder: str | Path) -> tuple[dict, list[dict]]:
    """The run's description and its rows (numbers as numbers). Raises ValueError naming what is wrong."""
    folder = Path(folder)
    if not (folder / "games.csv").is_file() or not (folder / "run.json").is_file():
        raise ValueError(f"{folder}: not a results folder (it needs games.csv and run.json; see simulate --out)")
    try:
        meta = json.loads((folder / "run.json").read_text())
    except json.JSONDecodeError as exc:
        raise ValueError(f"{folder / 'run.json'}: not valid JSON: {exc}") from None
    with (folder / "games.csv").open(newline="") as handle:
        reader = csv.DictReader(handle)
        missing = [c for c in BASE_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"{folder / 'games.csv'}: missing column {missing[0]!r}")
        table = []
        for line, raw in enumerate(reader, start=2):
            row = {}
            for key, value in raw.items():
                if key == "agent":
                    row[key] = value
                    continue
                try:
                    row[key] = None if value in ("", None) else _number(value)
                except ValueError:
                    raise ValueError(f"{folder / 'games.csv'}: line {line}, {key}: {value!r} is not a number") from None
            table.append(row)
    if not table:
        raise ValueError(f"{folder / 'games.csv'}: no games")
    return meta, table


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)
