"""`dinotable calibrate [GAME ...]`: measure how well the analysis's chances to win match what happens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

import dinotable
from dinotable.cli.menu import progress_bar

out = Console(highlight=False, markup=False)


def calibrate(
    games_to_calibrate: Annotated[
        list[str] | None, typer.Argument(metavar="[GAME]...", help="games to calibrate (all three if none)")
    ] = None,
    games: Annotated[int, typer.Option("--games", help="calibration games per game and kind of table")] = 500,
    budget: Annotated[int | None, typer.Option("--budget", help="search iterations per decision")] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    workers: Annotated[int, typer.Option("--workers", help="processes playing and judging in parallel")] = 1,
    team: Annotated[bool, typer.Option("--team/--no-team", help="also solo and co-operative tables")] = True,
    output: Annotated[Path, typer.Option("--out", help="folder for the results (JSON, Markdown, PNG)")] = Path(
        "var/calibration"
    ),
    write: Annotated[
        bool, typer.Option("--write", help="keep the fitted maps in the analysis's calibration.toml")
    ] = False,
) -> None:
    """Play games between bots of mixed levels, ask the analysis for the mover's chance at a few decisions of
    each, fit the map from search value to chance on half of the games and measure it on the other half:
    a reliability table per game (Markdown), the diagrams (PNG) and the expected calibration error."""
    from dinotable.analysis.calibration import calibrate as run
    from dinotable.analysis.calibration import markdown, plot, tables_for, write_table

    names = games_to_calibrate or dinotable.list_games()
    for name in names:
        if name not in dinotable.list_games():
            raise typer.BadParameter(f"unknown game {name!r}; known games: {', '.join(dinotable.list_games())}")
    if games < 2:
        raise typer.BadParameter("calibration needs at least 2 games (one to fit the map, one to measure it)")
    runs = [(name, False) for name in names] + [(name, True) for name in names if team and tables_for(name, True)]
    output.mkdir(parents=True, exist_ok=True)
    results = []
    with progress_bar(Console(stderr=True)) as bar:
        for name, kind in runs:
            what = f"{name}, {'solo and co-op' if kind else 'competitive'}: games played and judged"
            task = bar.add_task(what, total=games)

            def advance(k: int, task=task) -> None:
                bar.advance(task, k)

            results.append(run(name, games, budget, seed, workers, kind, progress=advance))
    (output / "calibration.json").write_text(json.dumps(results) + "\n")
    text = "\n\n".join(markdown(result) for result in results)
    (output / "calibration.md").write_text(text + "\n")
    picture = plot(results, output / "calibration.png")
    out.print(text)
    out.print(f"\nwritten: {output / 'calibration.md'}, {picture}, {output / 'calibration.json'}")
    if write:
        write_table(results)
        out.print("the maps are kept in dinotable/analysis/calibration.toml")
