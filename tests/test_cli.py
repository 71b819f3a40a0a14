"""The `dinotable` command: listing, rules, play (bots and a scripted person), replay, simulate, bench."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import dinotable
from dinotable.agents import AGENTS
from dinotable.cli import main as cli_main
from dinotable.cli.main import app
from dinotable.cli.play import HELP, play, score_lines, seat_names
from dinotable.core.options import parse_option_args
from dinotable.sim import simulate, summarize

NAME = "my-funny-dinos"
GAME = dinotable.get_game(NAME)
runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_consoles(monkeypatch):
    """Consoles as the command's own but wide and colourless, so that no message or cell is wrapped."""
    monkeypatch.setattr(cli_main, "out", Console(width=1000, highlight=False, markup=False, color_system=None))
    monkeypatch.setattr(cli_main, "err", Console(width=1000, stderr=True, highlight=False, color_system=None))


# One row of a score table: "player 2 (random)   12  10  3  6  31" (play) or "player 2   12 ..." (replay).
SCORE_ROW = re.compile(r"^\s*player (\d+)(?: \([^)]*\))?\s+(-?\d+(?:\s+-?\d+)*)\s*$")


def flat(text: str) -> str:
    """Text with every run of whitespace made one space, so that wrapped messages read as one line."""
    return " ".join(text.split())


def score_block(text: str, title: str = "Final scores:") -> tuple[dict[int, dict[str, int]], list[int]]:
    """The score table after `title` as {seat: {column: value}}, and the seats named on the line after it."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    header = lines[start + 1].split()
    rows: dict[int, dict[str, int]] = {}
    for line in lines[start + 2 :]:
        match = SCORE_ROW.match(line)
        if not match:
            break
        values = [int(v) for v in match[2].split()]
        assert len(values) == len(header), line
        rows[int(match[1]) - 1] = dict(zip(header, values, strict=True))
    after = lines[start + 2 + len(rows)] if start + 2 + len(rows) < len(lines) else ""
    return rows, sorted(int(n) - 1 for n in re.findall(r"player (\d+)", after))


def expected_rows(state) -> dict[int, dict[str, int]]:
    """The score breakdown the game itself reports, in the shape score_block reads."""
    rows = state.outcome().get("breakdown") or [{"total": s} for s in state.scores()]
    return {seat: {k: v for k, v in row.items() if isinstance(v, int)} for seat, row in enumerate(rows)}


def scripted(lines: list[str]):
    """A `read` callable that answers the prompts with `lines`, then raises EOFError as input() would."""
    answers = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def finished_record(seed: int = 4) -> dict:
    """The record of a whole game between two random agents."""
    state = play(GAME, ["random", "random"], seed, {}, read=scripted([]), write=lambda _: None)
    assert state.is_over
    return state.to_json()


# ----------------------------------------------------------------------------------------- games, rules


def test_games_lists_every_game():
    """`games` prints one line per registered game, my-funny-dinos among them, with its title."""
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert NAME in dinotable.list_games()
    for name in dinotable.list_games():
        line = next(line for line in result.stdout.splitlines() if line.split()[0] == name)
        assert dinotable.get_game(name).title in line


def test_rules_summary_names_every_option():
    """`rules GAME` shows the rules version, the provenance counts and every option."""
    result = runner.invoke(app, ["rules", NAME])
    assert result.exit_code == 0, result.output
    text = flat(result.stdout)
    assert GAME.version in text
    items = GAME.provenance()
    designed = sum(1 for i in items if i["provenance"] == "designed")
    assert f"{designed} designed" in text
    for spec in GAME.option_specs:
        assert spec.name in text


def test_rules_summary_as_json():
    """`rules GAME --json` gives the same summary as data: every option with its default and the counts."""
    result = runner.invoke(app, ["rules", NAME, "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == NAME and doc["version"] == GAME.version
    assert [o["name"] for o in doc["options"]] == [s.name for s in GAME.option_specs]
    assert doc["provenance_counts"]["designed"] == sum(1 for i in GAME.provenance() if i["provenance"] == "designed")


def table_items(text: str) -> list[tuple[str, str, str]]:
    """(kind, name, provenance) of every row of the provenance table (continuation lines skipped)."""
    items = []
    for line in text.splitlines():
        if not line.startswith("│"):
            continue
        kind, name, provenance, _ = (cell.strip() for cell in line.strip("│").split("│"))
        if kind:
            items.append((kind, name, provenance))
    return items


@pytest.mark.parametrize("show_all", [False, True])
def test_rules_provenance_table(show_all):
    """`rules --provenance` lists exactly the designed items (all of them); `--all` adds the rulebook ones."""
    args = ["rules", NAME, "--provenance"] + (["--all"] if show_all else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    items = GAME.provenance()
    wanted = items if show_all else [i for i in items if i["provenance"] == "designed"]
    assert any(i["provenance"] == "designed" for i in items)
    assert any(i["provenance"] == "rulebook" for i in items)
    shown = table_items(result.stdout)
    assert sorted(shown) == sorted((i["kind"], i["name"], i["provenance"]) for i in wanted)
    if not show_all:
        assert {p for _, _, p in shown} == {"designed"}
    assert f"({len(wanted)})" in result.stdout


@pytest.mark.parametrize("show_all", [False, True])
def test_rules_provenance_json(show_all):
    """`rules --provenance --json` is JSON: the designed items exactly as game.provenance() gives them."""
    args = ["rules", NAME, "--provenance", "--json"] + (["--all"] if show_all else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    items = GAME.provenance()
    assert shown == (items if show_all else [i for i in items if i["provenance"] == "designed"])
    if not show_all:
        assert all(i["provenance"] != "rulebook" for i in shown)


# ----------------------------------------------------------------------------------------- play: bots


@pytest.mark.parametrize(
    ("players", "option_args"),
    [
        ("greedy,random", []),
        ("random,greedy,random", ["-o", "rocks_per_base=2", "-o", "excavation=dice"]),
    ],
)
def test_play_all_bots_prints_final_scores_and_winner(players, option_args):
    """An all-bot game runs to its end and prints the game's own score breakdown and winners."""
    seed = 11
    result = runner.invoke(app, ["play", NAME, "--players", players, "--seed", str(seed), *option_args])
    assert result.exit_code == 0, result.output
    specs = players.split(",")
    state = play(
        GAME,
        specs,
        seed,
        parse_option_args(GAME.option_specs, option_args[1::2]),
        read=scripted([]),
        write=lambda _: None,
    )
    assert state.is_over
    rows, winners = score_block(result.stdout)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


# ----------------------------------------------------------------------------------------- play: a person


def test_play_human_commands_and_bad_input(tmp_path):
    """A person's bad numbers, garbage, help, board, scores, save and quit are each answered; nothing crashes."""
    seed = 21
    path = tmp_path / "mid.json"
    lines = ["99", "0", "foo", "²", "-3", "help", "board", "scores", "1", f"save {path}", "quit"]
    result = runner.invoke(
        app, ["play", NAME, "--players", "human,random", "--seed", str(seed)], input="\n".join(lines)
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    first = GAME.new_game(2, seed)
    assert first.current_player == 0  # the person's first prompt is at the opening position
    legal = first.legal_actions()
    assert len(legal) < 99
    assert f"There is no action 99: choose 1 to {len(legal)}" in out
    assert f"There is no action 0: choose 1 to {len(legal)}" in out
    for garbage in ("foo", "²", "-3"):
        assert f"{garbage!r} is not a choice" in out
    assert HELP in out
    assert out.count(GAME.board_text(first, 0)) >= 2  # shown at the prompt, and again for `board`
    names = seat_names(["human", "random"])
    assert "\n".join("  " + line for line in score_lines(first, names)) in out
    assert f"Saved to {path}" in out
    assert "Game left unfinished." in out
    assert "Traceback" not in result.output

    # The same person, played through play() itself, leaves the game in the state the file holds.
    written: list[str] = []
    state = play(GAME, ["human", "random"], seed, {}, read=scripted(lines), write=written.append)
    assert json.loads(path.read_text()) == state.to_json()
    assert state.history and not state.is_over

    # The saved game replays, showing the scores so far.
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    rows, _ = score_block(result.stdout, "Scores so far (the record ends before the game does):")
    assert rows == expected_rows(state)


@pytest.mark.parametrize("lines", [[], ["foo", "help"], ["1"]])
def test_play_human_end_of_input_leaves_the_game(lines):
    """End of input at the prompt ends the game politely (exit 0), whenever it comes."""
    result = runner.invoke(app, ["play", NAME, "--players", "human,greedy", "--seed", "3"], input="\n".join(lines))
    assert result.exit_code == 0, result.output
    assert "Game left unfinished." in result.stdout
    assert "Final scores:" not in result.stdout


def test_play_save_replays_to_the_same_final_scores(tmp_path):
    """A game saved at every prompt and played on to its end: the saved file replays, and the saved record
    followed by the rest of the game reproduces the final scores and winners the game itself printed."""
    path = tmp_path / "game.json"
    seed = 8
    answers = itertools.cycle([f"save {path}", "1"])  # save at every prompt, then take the first action

    def read(prompt: str) -> str:
        return next(answers)

    written: list[str] = []
    state = play(GAME, ["human", "greedy"], seed, {}, read=read, write=written.append)
    assert state.is_over
    played = "\n".join(written)
    played_rows, played_winners = score_block(played)
    assert played_rows == expected_rows(state)
    assert played_winners == sorted(state.winners())

    doc = json.loads(path.read_text())
    saved = doc["history"]
    assert state.history[: len(saved)] == saved and len(saved) < len(state.history)

    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "Scores so far" in result.stdout

    # The saved game, played on with the decisions that followed, is the finished game.
    loaded = GAME.from_json(doc)
    for action in state.history[len(saved) :]:
        loaded.apply(action)
    assert loaded == state
    full = tmp_path / "full.json"
    full.write_text(json.dumps({**doc, "history": state.history}))
    result = runner.invoke(app, ["replay", str(full)])
    assert result.exit_code == 0, result.output
    rows, winners = score_block(result.stdout)
    assert rows == played_rows
    assert winners == played_winners


def test_play_save_to_an_unwritable_place_is_answered(tmp_path):
    """Saving where no file can be written says so and the game goes on."""
    written: list[str] = []
    bad = tmp_path / "no-such-dir" / "game.json"
    state = play(GAME, ["human", "random"], 2, {}, read=scripted([f"save {bad}", "quit"]), write=written.append)
    assert not bad.exists()
    assert any(f"Could not save to {bad}" in line for line in written)
    assert written[-1] == "Game left unfinished."
    assert state.history == []


# ----------------------------------------------------------------------------------------- play: bad setup

PLAYERS = ["--players", "random,random"]


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["play", "no-such-game", *PLAYERS], ["no-such-game"]),
        (["play", NAME, *PLAYERS, "-o", "nosuch=1"], ["nosuch"]),
        (["play", NAME, *PLAYERS, "-o", "rocks_per_base"], ["rocks_per_base", "name=value"]),
        (["play", NAME, *PLAYERS, "-o", "rocks_per_base=7"], ["rocks_per_base", "7"]),
        (["play", NAME, *PLAYERS, "-o", "shaky_stacks=maybe"], ["shaky_stacks", "maybe"]),
        (["play", NAME, *PLAYERS, "-o", "[/x]=1"], ["[/x]"]),
        (["play", NAME, "--players", "random,wizard"], ["wizard"]),
        (["play", NAME, "--players", "human:x,random"], ["human:x"]),
        (["play", NAME, "--players", "greedy:depth=3,random"], ["depth"]),
        (["play", NAME, "--players", "random"], ["players", "1"]),
        (["play", NAME, "--players", ",".join(["random"] * 5)], ["players", "5"]),
    ],
)
def test_play_bad_setup_exits_2_naming_it(args, named):
    """A bad game, option, option value, agent or player count: exit code 2 and a message naming it."""
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message), (word, message)


# ----------------------------------------------------------------------------------------- replay


def illegal_at(doc: dict, step: int) -> int:
    """An action id that is not legal after the record's first `step` decisions."""
    state = GAME.from_json({**doc, "history": doc["history"][:step]})
    return next(a for a in range(GAME.num_distinct_actions) if a not in state.legal_actions())


def test_replay_of_a_finished_game_shows_the_decisions_and_final_scores(tmp_path):
    """Replaying a finished record prints each decision and the game's own final scores and winners."""
    doc = finished_record()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = GAME.from_json(doc)
    rows, winners = score_block(result.stdout)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())
    assert f"{len(doc['history'])} decisions" in result.stdout


@pytest.mark.parametrize(
    "case",
    [
        "not-json",
        "binary",
        "not-an-object",
        "missing-field",
        "wrong-type",
        "wrong-game",
        "wrong-version",
        "bad-options",
        "illegal-action",
        "not-an-id",
        "past-the-end",
        "no-file",
    ],
)
def test_replay_of_a_malformed_record_exits_2(tmp_path, case):
    """Every kind of broken record is refused with exit code 2 and a message saying what is wrong."""
    doc = finished_record()
    path = tmp_path / "bad.json"
    step = len(doc["history"]) // 2
    if case == "not-json":
        path.write_text("{this is not json")
        named = ["JSON", str(path)]
    elif case == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81")
        named = [str(path)]
    elif case == "not-an-object":
        path.write_text("[1, 2, 3]")
        named = ["object"]
    elif case == "missing-field":
        del doc["seed"]
        named = ["seed"]
    elif case == "wrong-type":
        doc["history"] = "1,2,3"
        named = ["history"]
    elif case == "wrong-game":
        doc["game"] = "not-a-dino-game"
        named = ["not-a-dino-game"]
    elif case == "wrong-version":
        doc["version"] = "0.0-ancient"
        named = ["0.0-ancient"]
    elif case == "bad-options":
        doc["options"] = {"nosuch": 1}
        named = ["nosuch"]
    elif case == "illegal-action":
        bad = illegal_at(doc, step)
        doc["history"][step] = bad
        named = [f"step {step}", str(bad)]
    elif case == "not-an-id":
        doc["history"][step] = "dig"
        named = [f"step {step}", "dig"]
    elif case == "past-the-end":
        doc["history"].append(doc["history"][-1])
        named = [f"step {len(doc['history']) - 1}", "over"]
    else:
        path = tmp_path / "missing.json"
        named = [str(path)]
    if case not in ("not-json", "binary", "not-an-object", "no-file"):
        path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert word in message, (word, message)


# ----------------------------------------------------------------------------------------- simulate


def simulate_json(*extra: str) -> dict:
    result = runner.invoke(
        app,
        ["simulate", NAME, "--players", "3", "--games", "12", "--agents", "greedy,random,random", "--seed", "5"]
        + ["--json", *extra],
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_simulate_json_has_per_seat_statistics_and_length():
    """`simulate --json` parses and gives, per seat, win rate, its interval, score mean and sd; and game length."""
    summary = simulate_json()
    assert summary["games"] == 12 and summary["players"] == 3 and summary["seed"] == 5
    seats = summary["seats"]
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["agent"] for s in seats] == ["greedy", "random", "random"]
    for s in seats:
        low, high = s["win_rate_ci95"]
        assert 0.0 <= low <= s["win_rate"] <= high <= 1.0
        assert s["score_sd"] >= 0.0
    assert sum(s["wins"] for s in seats) == pytest.approx(12)
    length = summary["length"]
    for key in ("decisions_mean", "decisions_sd", "decisions_min", "decisions_max", "rounds_mean"):
        assert key in length
    assert 0 < length["decisions_min"] <= length["decisions_mean"] <= length["decisions_max"]

    # The numbers are the runner's own.
    specs = ["greedy", "random", "random"]
    expected = summarize(simulate(NAME, 3, 12, specs, seed=5), specs)
    assert summary["seats"] == expected["seats"]
    assert summary["length"] == expected["length"]


def test_simulate_json_does_not_depend_on_workers():
    """The same seed gives the same summary with one worker or two."""
    one = simulate_json("--workers", "1")
    two = simulate_json("--workers", "2")
    for key in ("games", "seats", "length"):
        assert one[key] == two[key]


def test_simulate_table_output():
    """Without --json, simulate prints a table with one row per seat and the game length."""
    result = runner.invoke(app, ["simulate", NAME, "--games", "4", "--agents", "random", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Game length:" in result.stdout
    assert "95% interval" in result.stdout


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["no-such-game"], ["no-such-game"]),
        ([NAME, "-o", "nosuch=1"], ["nosuch"]),
        ([NAME, "-o", "rocks_per_base=7"], ["rocks_per_base", "7"]),
        ([NAME, "--agents", "wizard"], ["wizard"]),
        ([NAME, "--agents", "random:nosuch=1"], ["nosuch"]),
        ([NAME, "--agents", "random:seed=1"], ["seed"]),
        ([NAME, "--players", "5"], ["players", "5"]),
        ([NAME, "--players", "2", "--agents", "random,random,random"], ["3", "agents", "2"]),
        ([NAME, "--games", "0"], ["games"]),
        ([NAME, "--workers", "0"], ["workers"]),
    ],
)
def test_simulate_bad_setup_exits_2_naming_it(args, named):
    """simulate refuses a bad game, option, agent, player count or agent count with exit 2 and a message."""
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:")
    for word in named:
        assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", message), (word, message)


# ----------------------------------------------------------------------------------------- bench


def test_bench_json_gives_positive_rates():
    """`bench --seconds 0.2 --json` reports positive decisions/s, clone() time and search iterations/s."""
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.2", "--json", "--no-reference"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["reference"] is None
    (row,) = doc["games"]
    assert row["vs_reference"] is None
    assert row["game"] == NAME
    assert row["games"] >= 1
    assert row["decisions_per_s"] > 0
    assert row["clone_us"] > 0
    assert row["legal_apply_us"] > 0
    assert row["search_iters_per_s"] > 0


def test_bench_with_no_time_still_measures_one_game():
    """`bench --seconds 0` plays at least one game instead of dividing by zero."""
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    (row,) = doc["games"]
    assert row["games"] == 1
    assert row["decisions_per_s"] > 0 and row["clone_us"] > 0
    assert row["versus_reference"]["reference_per_s"] > 0  # the reference too plays at least one game


def test_bench_gives_each_game_as_a_ratio_to_openspiel_block_dominoes():
    """The reference, OpenSpiel's pure-Python block dominoes (the test extra installs it), is timed in the
    same run, in slices alternating with the game's, and each game's decisions/s in those slices is given
    over it, in the table as in --json."""
    pytest.importorskip("pyspiel", reason="OpenSpiel is in the test extra: `make test` installs it")
    result = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["reference"] == "python_block_dominoes"
    (row,) = doc["games"]
    versus = row["versus_reference"]
    assert versus["reference_per_s"] > 0 and versus["decisions_per_s"] > 0
    assert row["vs_reference"] == pytest.approx(versus["decisions_per_s"] / versus["reference_per_s"])
    table = runner.invoke(app, ["bench", "--game", NAME, "--seconds", "0.1"])
    assert table.exit_code == 0, table.output
    assert "x dominoes" in table.stdout and "python_block_dominoes" in table.stdout


@pytest.mark.parametrize(("args", "named"), [(["--game", "no-such-game"], "no-such-game"), (["--players", "9"], "9")])
def test_bench_bad_setup_exits_2(args, named):
    """bench refuses an unknown game or a player count the game does not allow, naming it."""
    result = runner.invoke(app, ["bench", "--seconds", "0", *args])
    assert result.exit_code == 2, result.output
    assert named in flat(result.stderr)


def test_play_help_names_every_agent():
    """`play --help` names every agent a seat can be given."""
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    for name in AGENTS:
        assert name in result.stdout


# ------------------------------------------------------------------------------- Tiny Epic Dinosaurs
TED = dinotable.get_game("tiny-epic-dinosaurs")


def test_play_tiny_epic_dinosaurs_a_person_plays_a_whole_game():
    """A person choosing the first option every time plays through every phase to the final scores."""
    seed = 3
    result = runner.invoke(
        app, ["play", TED.name, "--players", "human,random", "--seed", str(seed)], input="1\n" * 3000
    )
    assert result.exit_code == 0, result.output
    text = result.stdout
    for phase in ("Allocate Dinofarmers", "Adapt the Farm", "choosing a Private Contract to keep"):
        assert phase in text
    assert "Enclosures:" in text and "Farms: p plant" in text
    state = play(TED, ["human", "random"], seed, {}, read=scripted(["1"] * 3000), write=lambda _: None)
    rows, winners = score_block(text)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_play_solo_lists_the_rival_and_names_who_won(seed):
    """Solo: the final scores list the Rival after the player, and the last line names the winner, the
    Rival when the player did not beat it."""
    result = runner.invoke(app, ["play", TED.name, "--players", "greedy", "--seed", str(seed)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index("Final scores:")
    player, rival = lines[start + 2].split(), lines[start + 3].split()
    assert rival[0] == "Rival"
    state = play(TED, ["greedy"], seed, {}, read=scripted([]), write=lambda _: None)
    assert int(player[-1]) == state.scores()[0]
    assert int(rival[-1]) == state.outcome()["automata"]["Rival"]["total"]
    verdict = lines[start + 4]
    if state.winners():
        assert verdict == "Winner: player 1 (greedy)"
        assert int(player[-1]) >= int(rival[-1])
    else:
        assert verdict == "Nobody at the table wins: Rival wins."
        assert int(player[-1]) <= int(rival[-1])


def test_simulate_reports_action_space_shares():
    """`simulate --json` sums the game's statistics: each action space's share of all placements."""
    result = runner.invoke(
        app, ["simulate", TED.name, "--players", "3", "--games", "4", "--agents", "random", "--json"]
    )
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    placed = {k: v for k, v in stats.items() if k.startswith("placed:")}
    assert {k.split(":")[1] for k in placed} == {TED.content.spaces[i].id for i in TED.content.spaces_for[3]}
    assert sum(v["share"] for v in placed.values()) == pytest.approx(1.0)
    for v in placed.values():
        assert sum(v["per_seat_mean"]) == pytest.approx(v["mean"])
    assert stats["escaped"]["share"] is None


def test_rules_provenance_lists_tiny_epic_dinosaurs_designs():
    """The designed rules, farms, spaces and cards of Tiny Epic Dinosaurs are all listed as designed."""
    result = runner.invoke(app, ["rules", TED.name, "--provenance", "--json"])
    assert result.exit_code == 0, result.output
    shown = {(i["kind"], i["name"]) for i in json.loads(result.stdout)}
    assert ("rule", "exact strength") in shown
    assert all(("farm", f.name) in shown for f in TED.content.farms)
    assert all(("research card", c.name) in shown for c in TED.content.research)
    assert all(("rival card", c.name) in shown for c in TED.content.rival_cards)


# ------------------------------------------------------------------------------------------- DinoGenics
DG = dinotable.get_game("dinogenics")


def test_play_dinogenics_a_person_plays_a_whole_game():
    """A person choosing the first option every time plays all 7 Seasons to the final scores; the board
    shows the Mainland, the parks as grids and the person's own hand."""
    seed = 5
    result = runner.invoke(app, ["play", DG.name, "--players", "human,greedy", "--seed", str(seed)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    text = result.stdout
    for shown in ("Season 1 of 7", "Season 7 of 7", "Mainland:", "DinoGenics IOM", "Your DNA:", "Park: two letters"):
        assert shown in text
    state = play(DG, ["human", "greedy"], seed, {}, read=scripted(["1"] * 3000), write=lambda _: None)
    rows, winners = score_block(text)
    assert rows == expected_rows(state)
    assert winners == sorted(state.winners())


def test_play_dinogenics_scenario_one_person_sees_the_objective_and_grade():
    """`play dinogenics --scenario CC4`: one human seat by default; the game ends with the scenario's
    objective (met or not) and the grade text that applies, as outcome() reports them."""
    seed = 3
    result = runner.invoke(app, ["play", DG.name, "--scenario", "CC4", "--seed", str(seed)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    state = play(DG, ["human"], seed, {"scenario": "CC4"}, read=scripted(["1"] * 3000), write=lambda _: None)
    outcome = state.outcome()
    met = "met" if outcome["objective_met"] else "not met"
    assert f"Scenario CC4: objective {met}. {outcome['grade']}" in result.stdout
    assert "IntelliGen Designs:" in result.stdout  # the expansion is in play


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--scenario", "CC9"], "scenario"),
        (["--scenario", "CC1", "--players", "human,greedy"], "a solo scenario is for 1 player"),
        (["--coop", "--players", "human"], "coop"),
    ],
)
def test_play_dinogenics_bad_scenario_or_coop_is_refused(args, message):
    result = runner.invoke(app, ["play", DG.name, *args])
    assert result.exit_code != 0 and message in result.output


def test_play_dinogenics_coop_two_people_against_synth():
    """`play dinogenics --coop`: two human seats by default (West and East Branches) play Synth Re-Activated
    to the end; the final block lists Synth, and the result is the averaged score against Synth's."""
    seed = 4
    result = runner.invoke(app, ["play", DG.name, "--coop", "--seed", str(seed)], input="1\n" * 4000)
    assert result.exit_code == 0, result.output
    state = play(DG, ["human", "human"], seed, {"coop": True}, read=scripted(["1"] * 4000), write=lambda _: None)
    assert "Synth" in result.stdout and "Synth's park" in result.stdout
    outcome = state.outcome()
    if outcome["victory"]:
        assert "Shared win" in result.stdout
    else:
        assert "Nobody at the table wins: Synth wins." in result.stdout


def test_play_scenario_for_a_game_without_scenarios_is_refused():
    result = runner.invoke(app, ["play", "my-funny-dinos", "--scenario", "CC1"])
    assert result.exit_code != 0 and "has no scenarios" in result.output


def test_bench_with_an_option_runs_the_expansion():
    """`bench --game dinogenics -o expansion=true` measures the game with the option; an option without
    --game is refused."""
    args = ["bench", "--game", DG.name, "--seconds", "0.05", "-o", "expansion=true", "--json", "--no-reference"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"][0]["options"] == {"expansion": True}
    assert runner.invoke(app, ["bench", "-o", "expansion=true"]).exit_code != 0


def test_simulate_dinogenics_counts_species_and_spaces():
    """`simulate --json` for DinoGenics gives placements per space (their shares sum to one), dinosaurs
    created per species, and in how many games each happened."""
    result = runner.invoke(app, ["simulate", DG.name, "--players", "3", "--games", "4", "--agents", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)["statistics"]
    placed = {k: v for k, v in stats.items() if k.startswith("placed:")}
    assert {k.split(":")[1] for k in placed} == {sp.key for sp in DG.content.spaces} | {"private_airport"}
    assert sum(v["share"] for v in placed.values()) == pytest.approx(1.0)
    created = {k.split(":")[1] for k in stats if k.startswith("created:")}
    assert created == {sp.key for sp in DG.content.species}
    for v in stats.values():
        assert 0.0 <= v["in_games"] <= 1.0
        assert (v["in_games"] > 0) == (v["mean"] > 0)


def test_rules_provenance_lists_dinogenics_designs():
    """Every designed rule, space, facility, Manipulation card and Breaking News card of DinoGenics is
    listed as designed; the published species table is not."""
    result = runner.invoke(app, ["rules", DG.name, "--provenance", "--json"])
    assert result.exit_code == 0, result.output
    shown = {(i["kind"], i["name"]) for i in json.loads(result.stdout)}
    assert ("rule", "building pens") in shown and ("rule", "damage targets") in shown
    assert all(("breaking news", f"{n.number} {n.name}") in shown for n in DG.content.news if not n.chaos)
    assert all(("breaking news", f"Chaos Theory: {n.name}") in shown for n in DG.content.news if n.chaos)
    assert ("specialist", "security_officer") in shown and ("facility", "convention_center") in shown
    assert ("manipulation card", "black_market") in shown
    assert ("species", "t_rex") not in shown  # published
    assert ("species", "mutant") in shown  # its goats and breeding rule are designed
