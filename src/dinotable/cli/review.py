"""`dinotable review RECORD`: where a finished game was won and lost, in 80 columns.

The analysis (`dinotable.analysis`) judges every decision of the record from its mover's seat; this command
shows what `dinotable.analysis.review` makes of it: a summary per seat, the five turning points each with the
table as its mover saw it then (the screen at a player's prompt, which is what the analysis judged the
decision on), and optionally the chart of
each seat's chance to win as a PNG and the whole review as JSON.
"""

from __future__ import annotations

import json
import textwrap
import time
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

import dinotable
from dinotable.cli.menu import WIDTH, progress_bar, wrap
from dinotable.cli.play import fit_screen
from dinotable.core.errors import RecordError
from dinotable.core.record import load_doc, replay, start

# The command's own consoles, errors and progress bar, as main.py's (which imports this module, so this one may
# not import it back): errors on stderr as "error: ...", exit 2; the bar on a terminal only.
out = Console(highlight=False, markup=False)
err = Console(stderr=True, highlight=False)


def _fail(message: str) -> typer.Exit:
    # soft_wrap: a long path in the message is left for the terminal to wrap, never cut by rich.
    err.print(f"[red]error:[/red] {escape(message)}", markup=True, soft_wrap=True)
    return typer.Exit(code=2)


def _progress_bar() -> Progress:
    return progress_bar(err)


LABELS_LINE = (
    "Labels, by the chance to win a decision gave up against the search's own choice: best (under 1%), good "
    "(under 5%), inaccuracy (5-10%), mistake (10-15%), blunder (15% or more). Luck: what the dice, tiles and "
    "cards that fell gave (+) or took (-), never counted as a loss. More in docs/analysis.md."
)


def review(
    path: Annotated[Path, typer.Argument(metavar="RECORD", help="a finished game's record (a saved game)")],
    seat: Annotated[
        int | None, typer.Option("--seat", metavar="N", help="judge only player N's decisions (1 is the first)")
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget", metavar="N", help="search iterations per decision (default: the game's calibrated budget)"
        ),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="the analysis's seed (the same seed, the same review)")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", help="processes judging decisions in parallel (more: faster, same result)")
    ] = 1,
    backend: Annotated[str, typer.Option(help="local (processes here) or ray (a Ray cluster)")] = "local",
    address: Annotated[str | None, typer.Option(help="the Ray cluster's address (default: a local one)")] = None,
    png: Annotated[
        Path | None, typer.Option("--png", metavar="FILE", help="draw each seat's chance to win as a PNG chart")
    ] = None,
    as_json: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="write the whole review (every decision) as JSON")
    ] = None,
) -> None:
    """Where a finished game was won and lost: each seat's mistakes and luck, the turning points, a chart.

    Every decision is judged by the search agent (the hard bot) from its mover's seat, knowing only what that
    seat knew: its chance to win before, and what the action taken cost against the agent's choice. Prints a
    summary per seat and the five turning points, each with the table as its mover saw it
    (docs/analysis.md tells how)."""
    from dinotable.analysis import analyse
    from dinotable.analysis.review import review as told

    try:
        doc = load_doc(path)  # its errors name the file already
    except RecordError as exc:
        raise _fail(str(exc)) from None
    try:
        game = dinotable.get_game(doc["game"])
        final = replay(game, doc)
    except (ValueError, RecordError) as exc:
        raise _fail(f"{path}: {exc}") from None
    if not final.is_over:
        raise _fail(
            f"{path}: the game is not finished, and only a finished game is reviewed "
            f"(go on with it: dinotable play --load {path})"
        )
    if seat is not None and not 1 <= seat <= final.num_players:
        raise _fail(f"--seat {seat}: this game's seats are 1 to {final.num_players}")
    if budget is not None and budget <= 0:
        raise _fail(f"--budget {budget}: the budget is a positive number of search iterations")
    for option, target in (("--png", png), ("--json", as_json)):  # refused now, not after the analysis
        if target is not None and not target.parent.is_dir():
            raise _fail(f"{option} {target}: there is no folder {target.parent} to write it in")
    total = len(doc["history"])
    started = time.perf_counter()
    try:
        with _progress_bar() as bar:
            task = bar.add_task(f"Analysing {game.title}, decision by decision", total=total)
            analysis = analyse(
                doc,
                seat=None if seat is None else seat - 1,
                budget=budget,
                seed=seed,
                workers=workers,
                backend=backend,
                address=address,
                progress=lambda done, _: bar.update(task, completed=done),
            )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    seconds = time.perf_counter() - started
    result = told(analysis)
    players = doc.get("players") or [None] * final.num_players
    for line in review_lines(game, doc, result, seconds):
        out.print(line)
    out.print(summary_table(result, final.scores(), players), width=WIDTH)
    for line in turning_lines(game, doc, result):
        out.print(line)
    # The files after the review is printed, so that a file that cannot be written loses nothing else.
    try:
        if as_json is not None:
            as_json.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
            out.print(*wrap(f"Wrote the review to {as_json}."), sep="\n")
        if png is not None:
            chart_png(result, game.title, png)
            out.print(*wrap(f"Wrote the chart to {png}."), sep="\n")
    except OSError as exc:
        raise _fail(f"cannot write {exc.filename}: {exc.strerror}") from None


def review_lines(game, doc: dict, result: dict, seconds: float) -> list[str]:
    """The heading: the game, what was judged and how."""
    judged = sum(s["decisions"] for s in result["summary"])
    players, total = plural(doc["num_players"], "player"), len(doc["history"])
    if len(result["summary"]) > 1:
        judged_text = f"all {total} decisions" if judged == total else f"the {judged} of its {total} with a choice"
    else:
        judged_text = f"{result['summary'][0]['name']}'s {judged} of its {total} decisions"
    heading = (
        f"{game.title}, {players}, seed {doc['seed']}: {judged_text} judged, each by a search of "
        f"{result['budget']} iterations ({seconds:.1f} s)."
    )
    return [*wrap(heading), ""]


def summary_table(result: dict, scores: list[int], players: list) -> Table:
    """A row per seat analysed: its result, the decisions judged and how many were each kind of error, its
    mean loss and its luck in all, in chance to win."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True)
    heads = ("seat", "result", "decisions\njudged", "inaccu-\nracies", "mistakes", "blunders", "average\nloss", "luck")
    for column in heads:
        table.add_column(column, justify="left" if column in ("seat", "result") else "right")
    for row in result["summary"]:
        spec = players[row["seat"]]
        name = row["name"] + (f" ({spec})" if spec else "")
        outcome = "won" if row["won"] else "lost"
        if not result["team"]:
            outcome += f", {scores[row['seat']]}"
        labels = row["labels"]
        table.add_row(
            name,
            outcome,
            str(row["decisions"]),
            str(labels["inaccuracy"]),
            str(labels["mistake"]),
            str(labels["blunder"]),
            f"{row['average_loss']:.1%}",
            f"{row['luck']:+.0%}",
        )
    return table


def turning_lines(game, doc: dict, result: dict) -> list[str]:
    """The turning points, largest first: each its text and the table before it (at most 14 lines, as the
    replay's step screens show it), then how the labels are defined."""
    points = result["turning_points"]
    total = len(doc["history"])
    lines = [""]
    if not points:
        lines += wrap("No turning points: no decision lost 5% or more, and no chance moved a seat's by 5%.")
    else:
        what = "The turning point" if len(points) == 1 else f"The {len(points)} turning points, the largest first,"
        lines += wrap(f"{what} with the table just before it:")
    screens = boards_before(game, doc, [point["index"] for point in points])
    shown: dict[int, int] = {}
    for number, point in enumerate(points, 1):
        index = point["index"]
        lines.append("")
        lines += hanging(f"{number}. {point['text']}", "   ")
        if index in shown:  # a decision both costly and unlucky: its table is the one shown already
            lines.append(f"   Decision {index + 1} of {total}: its table is shown at {shown[index]} above.")
            continue
        shown[index] = number
        who, screen = screens[index]
        lines.append(f"   Decision {index + 1} of {total}. The table as {who} saw it then (you: {who}):")
        lines += screen
    lines.append("")
    lines += wrap(LABELS_LINE)
    return lines


def plural(count: int, word: str) -> str:
    return f"{count} {word}" + ("" if count == 1 else "s")


def hanging(text: str, indent: str) -> list[str]:
    """Text wrapped at 80 columns, its lines after the first indented (under a list item's text)."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False)


def boards_before(game, doc: dict, indices: list[int]) -> dict[int, tuple[str, list[str]]]:
    """The mover's name and the table before each decision of `indices` (that many decisions into the
    record) as the mover saw it, "you" being the mover: what the analysis judged the decision on (its own
    hand, not the others'), at most 14 lines of at most 80 as at a player's prompt and in the replay."""
    state, done, screens = start(game, doc), 0, {}
    for index in sorted(set(indices)):
        for action in doc["history"][done:index]:
            state.apply(action)
        done = index
        mover = state.current_player
        screens[index] = (game.seat_name(state, mover), fit_screen(game.screen_text(state, mover)))
    return screens


def chart_png(result: dict, title: str, path: Path) -> Path:
    """Each analysed seat's chance to win over the decisions, a line per seat, its Rounds or Seasons marked
    along the bottom and the turning points as numbered dots (the numbers of the terminal's list)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    chart = result["chart"]
    fig, ax = plt.subplots(figsize=(8, 4))
    colours = {}
    for series in chart["seats"]:
        xs = [x + 1 for x, _ in series["points"]]
        ys = [y for _, y in series["points"]]
        (line,) = ax.plot(xs, ys, linewidth=1.4, label=series["name"])
        colours[series["seat"]] = line.get_color()
    chances = {(d["index"], d["seat"]): d["chance"] for d in result["decisions"]}
    numbers: dict[tuple[int, int], list[str]] = {}  # a decision both costly and unlucky is one dot
    for number, point in enumerate(result["turning_points"], 1):
        numbers.setdefault((point["index"], point["seat"]), []).append(str(number))
    for (index, seat), labels in numbers.items():
        y = chances.get((index, seat))
        if y is None:
            continue
        ax.plot([index + 1], [y], "o", markersize=7, color=colours.get(seat, "black"), markeredgecolor="black")
        ax.annotate(
            ", ".join(labels), (index + 1, y), textcoords="offset points", xytext=(0, 7), ha="center", fontsize=8
        )
    word = chart["round_word"]
    starts = chart["rounds"]
    step = max(1, -(-len(starts) // 12))  # at most about 12 labelled Rounds, so that the labels never overlap
    for k, (index, _) in enumerate(starts):
        ax.axvline(index + 1, color="grey", linewidth=0.5, alpha=0.5 if k % step == 0 else 0.2)
    ax.set_xticks([index + 1 for index, _ in starts[::step]])
    ax.set_xticklabels([str(number) for _, number in starts[::step]], fontsize=8)
    ax.set_xlim(0.5, chart["decisions"] + 1.5)
    ax.set_ylim(-0.03, 1.08)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_xlabel(f"{word} (a grey line where each {word} begins; in between, decision by decision)")
    ax.set_ylabel("chance to win")
    ax.set_title(
        f"{title}: each seat's chance to win before each of its decisions\n"
        "(numbered dots: the turning points, as the terminal lists them; at the end, the result)",
        fontsize=10,
    )
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100, format="png")
    finally:
        plt.close(fig)
    return path
