"""`dinotable`: play, replay, simulate and benchmark the games from a terminal."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

import dinotable
from dinotable.agents import AGENTS, make_agent
from dinotable.cli.calibrate import calibrate
from dinotable.cli.menu import progress_bar
from dinotable.cli.play import play as play_game
from dinotable.cli.replay import replay_game
from dinotable.cli.review import review
from dinotable.cli.serve import serve
from dinotable.core.errors import ContentError, RecordError
from dinotable.core.options import parse_option_args
from dinotable.core.record import load_doc
from dinotable.core.record import replay as replay_record

app = typer.Typer(add_completion=False, no_args_is_help=True, help=__doc__)
out = Console(highlight=False, markup=False)
err = Console(stderr=True, highlight=False)

ContentArg = Annotated[
    Path | None,
    typer.Option(
        "--content", help="a folder of changed content files, each replacing the game's own of that name (a designer's)"
    ),
]
OptionArgs = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as name=value (repeatable); see `dinotable rules GAME`"),
]


def _fail(message: str) -> typer.Exit:
    # The message quotes what the user typed or a file held: escape it, so it is shown, not read as markup.
    err.print(f"[red]error:[/red] {escape(message)}", markup=True)
    return typer.Exit(code=2)


def _game(name: str, content: Path | None = None):
    from dinotable.core.registry import game_with_content

    try:
        return game_with_content(name, content)
    except (ValueError, ContentError) as exc:
        raise _fail(str(exc)) from None


def _progress_bar() -> Progress:
    return progress_bar(err)


def _options(game, args: list[str] | None) -> dict:
    try:
        return parse_option_args(game.option_specs, args or [])
    except ValueError as exc:
        raise _fail(str(exc)) from None


@app.command()
def games() -> None:
    """List the games."""
    for name in dinotable.list_games():
        game = _game(name)
        out.print(f"{name:<22} {game.title} ({game.min_players}-{game.max_players} players)")


@app.command()
def rules(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    provenance: Annotated[bool, typer.Option("--provenance", help="list every designed rule and component")] = False,
    all_items: Annotated[bool, typer.Option("--all", help="with --provenance: rulebook items too")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """A game's options, and where each of its rules and components comes from."""
    game = _game(game_name)
    items = game.provenance()
    if provenance:
        shown = items if all_items else [i for i in items if i["provenance"] == "designed"]
        if as_json:
            out.print_json(json.dumps(shown))
            return
        table = Table(title=f"{game.title}: {'all items' if all_items else 'designed items'} ({len(shown)})")
        for column in ("kind", "name", "provenance", "text"):
            table.add_column(column, overflow="fold")
        for item in shown:
            table.add_row(item["kind"], item["name"], item["provenance"], item["text"])
        out.print(table)
        return
    counts = {p: sum(1 for i in items if i["provenance"] == p) for p in ("rulebook", "published", "designed")}
    if as_json:
        summary = {
            "game": game.name,
            "title": game.title,
            "version": game.version,
            "players": [game.min_players, game.max_players],
            "provenance_counts": counts,
            "options": [
                {"name": s.name, "kind": s.kind, "default": s.default, "choices": list(s.choices), "help": s.help}
                for s in game.option_specs
            ],
        }
        print(json.dumps(summary, indent=1))
        return
    out.print(
        f"{game.title} ({game.name}), rules version {game.version}, {game.min_players}-{game.max_players} players"
    )
    out.print(
        f"Items: {counts['rulebook']} from the rulebook, {counts['published']} published, "
        f"{counts['designed']} designed (list them with --provenance)."
    )
    out.print("Options (-o name=value):")
    for spec in game.option_specs:
        choices = f" [{' | '.join(map(str, spec.choices))}]" if spec.choices else ""
        out.print(f"  {spec.name}{choices}, default {spec.default!r}: {spec.help}")


@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="GAME")] = "my-funny-dinos",
    players: Annotated[
        str | None,
        typer.Option(
            help="one per seat: human, or an agent (" + ", ".join(AGENTS) + ") [default: human,greedy,random]"
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="the game's seed (random if not given)")] = None,
    option: OptionArgs = None,
    scenario: Annotated[
        str | None, typer.Option(help="a solo scenario (DinoGenics: CC1-CC7); one human player by default")
    ] = None,
    coop: Annotated[bool, typer.Option("--coop", help="the co-op scenario (DinoGenics: Synth Re-Activated)")] = False,
    load: Annotated[
        Path | None, typer.Option("--load", metavar="FILE", help="go on with a saved game (its own seats by default)")
    ] = None,
    names: Annotated[
        str | None, typer.Option(help="one name per seat, as every text calls it: Ana,Ben,Cy [default: player 1, ...]")
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help="allow `hint` at a person's prompt: the agent's three best choices with their chance to win "
            "(for this session only: a saved game does not keep it, and hints never change the game)",
        ),
    ] = False,
) -> None:
    """Play a game in the terminal, people and bots."""
    if load is not None:
        _play_saved(load, players, hints)
        return
    game = _game(game_name)
    if players is None:
        players = "human" if scenario else "human,human" if coop else "human,greedy,random"
    specs = [s.strip() for s in players.split(",") if s.strip()]
    _check_players(game, specs)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    extra = ([f"scenario={scenario}"] if scenario else []) + (["coop=true"] if coop else [])
    if extra and not {"scenario", "coop"} & {spec.name for spec in game.option_specs}:
        raise _fail(f"{game.name} has no scenarios")
    options = _options(game, [*(option or []), *extra])
    seat_names = None if names is None else [n.strip() for n in names.split(",")]
    try:
        trial = game.new_game(len(specs), seed, options)
        if seat_names is not None:
            trial.name_seats(seat_names)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    write = _styled_writer(game) if out.is_terminal else print
    play_game(game, specs, seed, options, read=input, write=write, clear=_clear(), names=seat_names, hints=hints)


def _check_players(game, specs: list[str]) -> None:
    """Each seat is a person or a known agent with good parameters: refused here, not mid-game."""
    for seat, spec in enumerate(specs):
        if spec == "human":
            continue
        if spec.split(":")[0] not in AGENTS:
            raise _fail(f"unknown player {spec!r}: use human or one of {', '.join(sorted(AGENTS))}")
        try:
            make_agent(spec, game, seat)
        except ValueError as exc:
            raise _fail(f"player {spec!r}: {exc}") from None


def _play_saved(path: Path, players: str | None, hints: bool = False) -> None:
    """`play --load FILE`: the saved game replayed, then played on with its seats (or `--players`)."""
    try:
        doc = load_doc(path)
        game = _game(doc["game"])
        state = replay_record(game, doc)
    except RecordError as exc:
        raise _fail(str(exc)) from None
    if state.is_over:
        raise _fail(f"{path}: that game is over; watch it with: dinotable replay {path}")
    specs = [s.strip() for s in players.split(",")] if players else doc.get("players") or ["human"] * state.num_players
    if len(specs) != state.num_players:
        raise _fail(f"--players names {len(specs)} seats; the saved game has {state.num_players}")
    _check_players(game, specs)
    write = _styled_writer(game) if out.is_terminal else print
    seed, options, where = state.seed, state.options, str(path)
    play_game(
        game,
        specs,
        seed,
        options,
        read=input,
        write=write,
        default_save=where,
        state=state,
        clear=_clear(),
        hints=hints,
    )


def _clear():
    """Hot-seat on a real terminal: the screen is cleared (ANSI) as it passes between people; elsewhere
    `play` scrolls the earlier screen away with blank lines."""
    return out.clear if out.is_terminal else None


def _styled_writer(game):
    """Prints game text on a terminal with the game's words in their styles (tile colours in colour)."""
    words = sorted(game.text_styles, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, words)) + r")\b") if words else None

    def write(line: str) -> None:
        text = Text(line)
        if pattern:
            for match in pattern.finditer(line):
                text.stylize(game.text_styles[match[1]], match.start(), match.end())
        out.print(text)

    return write


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(metavar="FILE")],
    step: Annotated[
        bool,
        typer.Option("--step", help="a screen per decision: what was decided, the table after it (q: no more stops)"),
    ] = False,
) -> None:
    """Replay a saved game, decision by decision, with the final scores."""
    try:
        doc = load_doc(path)
        game = _game(doc["game"])
        replay_record(game, doc)  # checks the whole record before showing any of it
    except RecordError as exc:
        raise _fail(str(exc)) from None
    replay_game(game, doc, step)


@app.command()
def simulate(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    players: Annotated[int, typer.Option(help="number of players")] = 2,
    games: Annotated[int, typer.Option(help="number of games")] = 100,
    agents: Annotated[str, typer.Option(help="one agent for all seats, or one per seat, comma-separated")] = "random",
    seed: Annotated[int, typer.Option(help="the run's seed; game i uses a seed derived from it")] = 0,
    workers: Annotated[int, typer.Option(help="processes to play in (results do not depend on it)")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    option: OptionArgs = None,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="write games.csv (a row per game and seat) and run.json here")
    ] = None,
    content: ContentArg = None,
    backend: Annotated[str, typer.Option(help="local (processes here) or ray (a Ray cluster)")] = "local",
    address: Annotated[str | None, typer.Option(help="the Ray cluster's address (default: a local one)")] = None,
) -> None:
    """Play many games between agents; per-seat win rates with 95% intervals, scores, game length."""
    from dinotable.sim import simulate as run
    from dinotable.sim import summarize

    game = _game(game_name, content)
    options = _options(game, option)
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    start = time.perf_counter()
    try:
        with _progress_bar() as bar:
            task = bar.add_task(f"{game.title}", total=games)
            results = run(
                game_name,
                players,
                games,
                specs,
                seed=seed,
                workers=workers,
                options=options,
                progress=lambda k: bar.advance(task, k),
                content=str(content) if content else None,
                backend=backend,
                address=address,
            )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    elapsed = time.perf_counter() - start
    summary = summarize(results, specs)
    summary.update(game=game_name, players=players, seed=seed, options=options, seconds=round(elapsed, 3))
    if out_dir is not None:
        from dinotable.sim.results import write_run

        meta = {"game": game_name, "players": players, "agents": specs, "options": options, "seed": seed}
        meta["content"] = str(content) if content else None
        try:
            write_run(out_dir, meta, results, summary)
        except OSError as exc:
            raise _fail(f"cannot write the results to {out_dir}: {exc.strerror}") from None
        err.print(f"results written to {out_dir}/games.csv and {out_dir}/run.json")
    if as_json:
        print(json.dumps(summary, indent=1))
        return
    table = Table(title=f"{game.title}: {games} games, {players} players, seed {seed} ({elapsed:.1f} s)")
    for column in ("seat", "agent", "win rate", "95% interval", "score mean", "score sd"):
        table.add_column(column, justify="right")
    for s in summary["seats"]:
        low, high = s["win_rate_ci95"]
        table.add_row(
            str(s["seat"] + 1),
            s["agent"],
            f"{s['win_rate']:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{s['score_mean']:.2f}",
            f"{s['score_sd']:.2f}",
        )
    out.print(table)
    length = summary["length"]
    out.print(
        f"Game length: {length['decisions_mean']:.1f} decisions (sd {length['decisions_sd']:.1f}, "
        f"{length['decisions_min']}-{length['decisions_max']}), {length['rounds_mean']:.1f} rounds. "
        "Ties share the win."
    )
    if summary["statistics"]:
        stats = Table(
            title="Statistics, mean per game (share: of its group, e.g. of all placements; "
            "in games: share of games where it happened)"
        )
        seats = (f"seat {s['seat'] + 1}" for s in summary["seats"])
        for column in ("statistic", "all seats", "share", "in games", *seats):
            stats.add_column(column, justify="left" if column == "statistic" else "right")
        for name, stat in summary["statistics"].items():
            share = f"{stat['share']:.1%}" if stat["share"] is not None else ""
            per_seat = (f"{v:.2f}" for v in stat["per_seat_mean"])
            stats.add_row(name, f"{stat['mean']:.2f}", share, f"{stat['in_games']:.1%}", *per_seat)
        out.print(stats)


@app.command()
def tournament(
    game_name: Annotated[str, typer.Argument(metavar="GAME")],
    agents: Annotated[str, typer.Option(help="the agents, comma-separated (at least as many as players)")],
    games: Annotated[int, typer.Option(help="games at each seating (every table, every seat rotation)")] = 20,
    players: Annotated[int, typer.Option(help="number of players at a table")] = 2,
    seed: Annotated[int, typer.Option(help="the tournament's seed")] = 0,
    workers: Annotated[int, typer.Option(help="processes to play in (results do not depend on it)")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
    option: OptionArgs = None,
    content: ContentArg = None,
) -> None:
    """Round robin between agents: every table of distinct agents in every seat rotation plays the same
    number of games; win rates with 95% intervals, ratings (OpenSkill), and head to head."""
    from dinotable.sim.tournament import seatings
    from dinotable.sim.tournament import tournament as run

    game = _game(game_name, content)
    options = _options(game, option)
    specs = [a.strip() for a in agents.split(",") if a.strip()]
    start = time.perf_counter()
    try:
        total = games * len(seatings(len(specs), players)) if len(specs) >= players else games
        with _progress_bar() as bar:
            task = bar.add_task(f"{game.title} tournament", total=total)
            result = run(
                game_name,
                specs,
                games,
                players,
                seed,
                workers,
                options,
                lambda k: bar.advance(task, k),
                str(content) if content else None,
            )
    except ValueError as exc:
        raise _fail(str(exc)) from None
    result["seconds"] = round(time.perf_counter() - start, 3)
    if as_json:
        print(json.dumps(result, indent=1))
        return
    table = Table(
        title=f"{game.title}: {players}-player tournament, {result['seatings']} seatings x {games} games, seed {seed}"
    )
    for column in ("agent", "games", "win rate", "95% interval", "score mean", "rating", "ordinal"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for row in result["agents"]:
        low, high = row["win_rate_ci95"]
        table.add_row(
            row["agent"],
            str(row["games"]),
            f"{row['win_rate']:.1%}",
            f"{low:.1%} - {high:.1%}",
            f"{row['score_mean']:.2f}",
            f"{row['rating']:.1f} +- {row['rating_sigma']:.1f}",
            f"{row['rating_ordinal']:.1f}",
        )
    out.print(table)
    names = [row["agent"] for row in result["agents"]]
    h2h = Table(title="Head to head: the row agent's share of wins in games with the column agent")
    h2h.add_column("")
    for name in names:
        h2h.add_column(name, justify="right")
    for a in names:
        cells = (result["head_to_head"][a][b] for b in names)
        h2h.add_row(a, *("" if v is None else f"{v:.1%}" for v in cells))
    out.print(h2h)
    out.print(f"Ratings: {result['rating_model']}. Ties share the win. {result['seconds']:.1f} s.")


@app.command()
def report(
    runs: Annotated[list[Path], typer.Argument(metavar="RUN [RUN]", help="results folders from simulate --out")],
    output: Annotated[Path, typer.Option("-o", "--output", help="the HTML file (PNG plots go beside it)")] = Path(
        "report.html"
    ),
) -> None:
    """A report designers can read, from one run or two side by side: seat win rates with intervals, scores,
    game length, and how each statistic (spaces, cards, species) relates to winning."""
    from dinotable.sim.report import write_report

    try:
        headline = write_report(runs, output)
    except ValueError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"cannot write the report to {output}: {exc.strerror}") from None
    for label, numbers in headline.items():
        if label == "plots":
            continue
        rates = ", ".join(f"{r:.1%}" for r in numbers["win_rates"])
        out.print(
            f"{label}: {numbers['games']} games; seat win rates {rates}; "
            f"{numbers['decisions_mean']:.0f} decisions a game"
        )
    out.print(f"report written to {output} with {len(headline['plots'])} plots beside it")


@app.command()
def bench(
    game_name: Annotated[str | None, typer.Option("--game", help="one game (default: every game)")] = None,
    seconds: Annotated[float, typer.Option(help="random-play time per game")] = 3.0,
    players: Annotated[int | None, typer.Option(help="player count (default: 3 where allowed)")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: OptionArgs = None,
    with_reference: Annotated[
        bool, typer.Option("--reference/--no-reference", help="also time OpenSpiel's python_block_dominoes")
    ] = True,
) -> None:
    """Engine speed on one core: random-play games/s and decisions/s, clone() and legal_actions()+apply(),
    the search agent's iterations per second, and decisions/s as a ratio to OpenSpiel's pure-Python block
    dominoes played in the same run (with the `bench` extra installed; `make bench` installs it)."""
    from dinotable.sim.bench import REFERENCE, bench_game, bench_table, versus_reference

    names = [game_name] if game_name else dinotable.list_games()
    if option and not game_name:
        raise _fail("--option needs --game: options belong to one game")
    try:
        rows = [
            bench_game(name, seconds=seconds, num_players=players, options=_options(_game(name), option))
            for name in names
        ]
    except ValueError as exc:  # a player count the game does not allow
        raise _fail(str(exc)) from None
    for r in rows:
        versus = versus_reference(r["game"], r["players"], r["options"], seconds) if with_reference else None
        r["versus_reference"] = versus
        r["vs_reference"] = versus["ratio"] if versus else None
    if as_json:
        print(json.dumps({"games": rows, "reference": REFERENCE if with_reference else None}, indent=1))
        return
    print("\n".join(bench_table(rows)))
    if with_reference and not rows[0]["vs_reference"]:
        print(f"x dominoes: OpenSpiel is not installed (pip install -e '.[bench]') - no {REFERENCE} reference")


@app.command()
def golden(
    update: Annotated[
        bool, typer.Option("--update/--check", help="rewrite files (refused for an unversioned rules change)")
    ] = False,
    presentation: Annotated[
        bool, typer.Option("--presentation", help="with --update: accept a change of wording or of what views show")
    ] = False,
    game_name: Annotated[str | None, typer.Option("--game", help="one game (default: every game)")] = None,
    folder: Annotated[Path, typer.Option("--dir", help="the golden files' folder")] = Path("tests/golden"),
) -> None:
    """Check the golden games against the code (the default), or record them again with --update.

    Each golden file is a seeded game with a rules digest and a presentation digest per decision. --update
    records missing files and removes orphans; it rewrites a file whose rules digest moved only when the
    game's rules version differs from the recorded one and the game's CHANGES.md has a section for it, and
    one whose presentation alone moved only with --presentation."""
    from dinotable.core import golden as golden_files

    if presentation and not update:
        raise _fail("--presentation goes with --update")
    games = [_game(game_name).name] if game_name else None
    if not update and not folder.is_dir():
        raise _fail(f"no golden folder at {folder}: run from the repository's root or give --dir")
    if update:
        results = golden_files.update(folder, games, presentation=presentation)
    else:
        results = golden_files.check(folder, games)
    counts: dict[str, int] = {}
    for result in results:
        counts[result.status] = counts.get(result.status, 0) + 1
        if result.status != "unchanged":
            print(f"{result.status}: {result.path}")
            for line in result.detail:
                print(f"  {line}")
    print(f"{len(results)} golden files: " + ", ".join(f"{n} {status}" for status, n in sorted(counts.items())))
    bad = {"refused"} if update else {"differs", "missing", "orphan"}
    if bad & set(counts):
        hint = "" if update else " (dinotable golden --update records them again; see CHANGES.md in each game)"
        print(f"golden files do not match the code{hint}")
        raise typer.Exit(code=1)


@app.command()
def soak(
    decisions: Annotated[int, typer.Option(help="random decisions to play in each configuration")] = 1_000_000,
    workers: Annotated[int, typer.Option(help="processes to play in (the games do not depend on it)")] = 2,
    game_name: Annotated[str | None, typer.Option("--game", help="one game (default: every game)")] = None,
    players: Annotated[int | None, typer.Option(help="one player count (default: every one)")] = None,
    seed: Annotated[int, typer.Option(help="the run's seed")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="print the results as JSON")] = False,
) -> None:
    """Random play at scale: every game, player count and option set (each module, scenario and mode) plays
    at least --decisions decisions, with every invariant and decision point checked; a failure prints the
    game, options, player count and seed to replay it, and the command exits 1."""
    from dinotable.core.golden import configurations
    from dinotable.sim.soak import soak as run
    from dinotable.sim.soak import soak_summary, soak_table

    configs = configurations([_game(game_name).name] if game_name else None)
    configs = [c for c in configs if players is None or c.num_players == players]
    if not configs:
        raise _fail(f"no configuration with {players} players")
    start = time.perf_counter()
    try:
        with _progress_bar() as bar:
            task = bar.add_task("soak", total=decisions * len(configs))
            results = run(decisions, workers, configs, seed, lambda k: bar.advance(task, k))
    except ValueError as exc:
        raise _fail(str(exc)) from None
    elapsed = time.perf_counter() - start
    if as_json:
        print(json.dumps(soak_summary(results, elapsed, workers), indent=1))
    else:
        print("\n".join(soak_table(results, decisions, elapsed, workers)))
    failures = [f for r in results for f in r.failures]
    for failure in failures:
        print(f"FAILED {failure}", file=sys.stderr)
        print(f"  replay: {failure.replay()}", file=sys.stderr)
    if failures:
        raise typer.Exit(code=1)


app.command()(review)
app.command()(calibrate)
app.command()(serve)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
