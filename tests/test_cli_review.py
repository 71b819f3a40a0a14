"""`dinotable review RECORD`: a finished game's analysis in 80 columns, its chart and its JSON."""

from __future__ import annotations

import json
import re

import pytest
from cli_support import (
    GAME,
    finished_record,
    flat,
    runner,
    wide_consoles,  # noqa: F401 (autouse: imported, it applies to this file's tests)
)

from dinotable.cli.main import app
from dinotable.cli.play import fit_screen
from dinotable.core.record import start

BUDGET = "20"  # search iterations per decision: enough to judge, small enough to be quick


@pytest.fixture(scope="module")
def record() -> dict:
    return finished_record(seed=4)


@pytest.fixture
def path(tmp_path, record):
    where = tmp_path / "game.json"
    where.write_text(json.dumps(record))
    return where


def review(*args: str):
    return runner.invoke(app, ["review", *map(str, args), "--budget", BUDGET])


def summary_rows(text: str) -> dict[str, str]:
    """The summary table's rows by seat name: 'player 2   lost, 28   32 ...'."""
    return {m[1]: m[0] for m in re.finditer(r"^(player \d)\s+(?:won|lost), \d+.*$", text, re.M)}


def board_before(record: dict, index: int) -> list[str]:
    state = start(GAME, record)
    for action in record["history"][:index]:
        state.apply(action)
    return fit_screen(GAME.screen_text(state, state.current_player))


def test_review_fits_80_columns_with_summary_and_turning_points(path, tmp_path, record):
    """Every line fits 80 columns; the summary has a row per seat with its counts; at most five turning points,
    each the text the review holds and the table as its mover saw it just before; the labels are explained."""
    out_json = tmp_path / "review.json"
    result = review(path, "--json", out_json)
    assert result.exit_code == 0, result.output
    text = result.stdout
    # A file's path longer than a line is kept whole on a line of its own (so that it can be copied).
    assert all(len(line) <= 80 or str(out_json) in line and " " not in line.strip() for line in text.splitlines())
    assert max(len(line) for line in text.splitlines() if str(out_json) not in line) <= 80
    doc = json.loads(out_json.read_text())
    rows = summary_rows(text)
    assert sorted(rows) == ["player 1", "player 2"]
    for seat in doc["summary"]:
        labels = seat["labels"]
        cells = rows[seat["name"]].split()
        # seat name (2 words), result (2), judged, inaccuracies, mistakes, blunders, average loss, luck
        assert cells[4:8] == [str(seat["decisions"]), *(str(labels[k]) for k in ("inaccuracy", "mistake", "blunder"))]
        assert cells[8] == f"{seat['average_loss']:.1%}" and cells[9] == f"{seat['luck']:+.0%}"
    points = doc["turning_points"]
    assert 1 <= len(points) <= 5
    listed = re.findall(r"^(\d)\. ", text, re.M)
    assert listed == [str(k) for k in range(1, len(points) + 1)]
    for number, point in enumerate(points, 1):
        assert f"{number}. {point['text']}" in flat(text)
        assert f"Decision {point['index'] + 1} of {len(record['history'])}" in text
        assert "\n".join(board_before(record, point["index"])) in text
    assert "docs/analysis.md" in text and "blunder (15% or more)" in flat(text)


def test_review_png_and_json(path, tmp_path):
    """--png writes a PNG chart; --json the whole review: summary, turning points, chart, every decision."""
    png, out_json = tmp_path / "chart.png", tmp_path / "review.json"
    result = review(path, "--png", png, "--json", out_json)
    assert result.exit_code == 0, result.output
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    doc = json.loads(out_json.read_text())
    assert doc["game"] == GAME.name and doc["budget"] == int(BUDGET)
    assert [s["seat"] for s in doc["summary"]] == [0, 1]
    assert doc["turning_points"] and all(p["text"] for p in doc["turning_points"])
    assert [s["seat"] for s in doc["chart"]["seats"]] == [0, 1]
    assert f"Wrote the chart to {png}." in flat(result.stdout)


def test_review_one_seat(path, tmp_path):
    """--seat 1 judges and summarises the first seat alone (seats are counted from 1, as at the prompt)."""
    out_json = tmp_path / "review.json"
    result = review(path, "--seat", "1", "--json", out_json)
    assert result.exit_code == 0, result.output
    assert sorted(summary_rows(result.stdout)) == ["player 1"]
    doc = json.loads(out_json.read_text())
    assert [s["seat"] for s in doc["summary"]] == [0]
    assert {d["seat"] for d in doc["decisions"]} == {0}
    assert all(p["seat"] == 0 for p in doc["turning_points"])


def test_review_same_record_and_seed_same_review(path, tmp_path):
    """The same record and seed give the same review, in one process or two."""
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert review(path, "--seed", "3", "--json", first).exit_code == 0
    assert review(path, "--seed", "3", "--workers", "2", "--json", second).exit_code == 0
    assert first.read_text() == second.read_text()


@pytest.mark.parametrize(
    ("make", "args", "named"),
    [
        (lambda r: {**r, "history": r["history"][:10]}, [], "the game is not finished"),
        (lambda r: r, ["--seat", "3"], "--seat 3: this game's seats are 1 to 2"),
        (lambda r: r, ["--seat", "0"], "--seat 0: this game's seats are 1 to 2"),
        (lambda r: r, ["--budget", "0"], "--budget 0"),
        (lambda r: r, ["--backend", "spark"], "backend must be one of local, ray"),
        (lambda r: {"hello": 1}, [], "record is missing the field(s)"),
        (lambda r: {**r, "history": [*r["history"], 99999]}, [], "game.json"),
    ],
)
def test_review_refuses_with_a_message(tmp_path, record, make, args, named):
    """A record that is not one, an unfinished game, a seat or budget the game lacks: exit 2, saying which."""
    where = tmp_path / "game.json"
    where.write_text(json.dumps(make(record)))
    result = runner.invoke(app, ["review", str(where), *args])
    assert result.exit_code == 2, result.output
    message = flat(result.stderr)
    assert message.startswith("error:") and named in message
    assert "Traceback" not in result.output


def test_review_missing_file(tmp_path):
    result = runner.invoke(app, ["review", str(tmp_path / "nowhere.json")])
    assert result.exit_code == 2
    assert "cannot read record" in flat(result.stderr) and "nowhere.json" in flat(result.stderr)


def test_review_refuses_an_output_file_in_no_folder_before_analysing(path, tmp_path):
    for option in ("--png", "--json"):
        target = tmp_path / "no-such-folder" / "out"
        result = runner.invoke(app, ["review", str(path), option, str(target)])
        assert result.exit_code == 2
        assert f"{option} {target}: there is no folder" in flat(result.stderr)
        assert "turning points" not in result.stdout  # refused before any analysis


def test_calibrate_writes_the_reliability_table_diagram_and_points(tmp_path):
    """`make calibrate` runs this command on 500 games a game; here on 4, with a tiny budget."""
    out = tmp_path / "calibration"
    result = runner.invoke(
        app, ["calibrate", "my-funny-dinos", "--games", "4", "--budget", "5", "--no-team", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "| predicted | predictions | mean predicted | observed win rate |" in result.output
    assert (out / "calibration.png").read_bytes()[:4] == b"\x89PNG"
    runs = json.loads((out / "calibration.json").read_text())
    assert [(r["game"], r["team"], r["games"], r["budget"]) for r in runs] == [("my-funny-dinos", False, 4, 5)]


def test_calibrate_refuses_an_unknown_game_by_name():
    result = runner.invoke(app, ["calibrate", "no-such-game", "--games", "4"])
    assert result.exit_code == 2 and "no-such-game" in flat(result.output)
