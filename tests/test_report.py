"""Results on disk (simulate --out), designer reports (one run or two side by side), and runs with a
changed content folder (--content)."""

from __future__ import annotations

import csv
import html
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import dinotable
from dinotable.cli.main import app
from dinotable.core.errors import ContentError
from dinotable.core.registry import game_with_content
from dinotable.games.dinogenics.content import CONTENT_DIR
from dinotable.sim import simulate
from dinotable.sim.report import write_report
from dinotable.sim.results import read_run, write_run

runner = CliRunner()
DG = dinotable.get_game("dinogenics")
FERRY = "steps = [{ gain = { credits = 3 } }]"


def run_to(folder: Path, *args: str) -> None:
    result = runner.invoke(app, ["simulate", *args, "--out", str(folder)])
    assert result.exit_code == 0, result.output


def test_simulate_out_writes_a_row_per_game_and_seat(tmp_path):
    """games.csv: one row per game and seat with rank 1 for the winners and win shares summing to one per
    game, and the game's statistics; run.json: what was run and its summary."""
    run_to(tmp_path / "a", "my-funny-dinos", "--players", "3", "--games", "5", "--agents", "greedy", "--seed", "2")
    with (tmp_path / "a" / "games.csv").open() as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 15 and {r["seat"] for r in rows} == {"0", "1", "2"}
    for game in {r["game"] for r in rows}:
        mine = [r for r in rows if r["game"] == game]
        assert sum(float(r["win"]) for r in mine) == pytest.approx(1.0)
        assert all((r["rank"] == "1") == (float(r["win"]) > 0) for r in mine)
    meta = json.loads((tmp_path / "a" / "run.json").read_text())
    assert meta["game"] == "my-funny-dinos" and meta["agents"] == ["greedy"] and meta["summary"]["games"] == 5
    read_meta, table = read_run(tmp_path / "a")
    assert read_meta["seed"] == 2 and len(table) == 15 and isinstance(table[0]["score"], int)


def test_read_run_refuses_what_is_not_a_run(tmp_path):
    with pytest.raises(ValueError, match="not a results folder"):
        read_run(tmp_path)
    results = simulate("my-funny-dinos", 2, 2, ["random"], seed=1)
    write_run(tmp_path, {"game": "my-funny-dinos", "players": 2, "agents": ["random"], "seed": 1}, results, {})
    text = (tmp_path / "games.csv").read_text().splitlines()
    (tmp_path / "games.csv").write_text("\n".join([text[0], text[1].replace(",random,", ",random,x", 1)]))
    with pytest.raises(ValueError, match="line 2, score: 'x"):
        read_run(tmp_path)


def test_a_report_of_one_run_has_its_seats_statistics_and_plots(tmp_path):
    run_to(tmp_path / "run", "dinogenics", "--players", "2", "--games", "4", "--agents", "greedy", "--seed", "3")
    result = runner.invoke(app, ["report", str(tmp_path / "run"), "-o", str(tmp_path / "out" / "report.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "report.html").read_text()
    assert "win rate if done" in page and "<h2>Seats</h2>" in page
    # The game and its statistics in the game's words: its title, the labels it gives its counts.
    assert "<h1>DinoGenics: 2 players</h1>" in page and "options: the defaults" in page
    assert f"<td>{html.escape(DG.count_label('created:t_rex'))}</td>" in page
    pngs = sorted(p.name for p in (tmp_path / "out").glob("*.png"))
    assert pngs == ["report-length.png", "report-scores.png", "report-statistics.png", "report-win-rates.png"]
    assert all((tmp_path / "out" / p).stat().st_size > 1000 for p in pngs)
    assert "run: 4 games" in result.stdout


def test_a_changed_content_folder_changes_the_game_and_the_report_shows_it(tmp_path):
    """--content plays the game from a folder holding a changed copy of one of its content files (the
    Ferry of mainland.toml paying 6 credits instead of 3; the other files are the game's own); the report of
    both runs side by side shows the difference in how often the Ferry is used."""
    folder = tmp_path / "ferry"
    folder.mkdir()
    text = (CONTENT_DIR / "mainland.toml").read_text()
    assert text.count(FERRY) == 1
    (folder / "mainland.toml").write_text(text.replace(FERRY, "steps = [{ gain = { credits = 6 } }]"))
    changed = game_with_content("dinogenics", folder)
    assert changed is not DG and changed.content.spaces[DG.content.space_index("ferry")].steps[0][1][0][1] == 6
    args = ("dinogenics", "--players", "2", "--games", "12", "--agents", "greedy", "--seed", "5")
    run_to(tmp_path / "base", *args)
    run_to(tmp_path / "changed", *args, "--content", str(folder))
    _, base = read_run(tmp_path / "base")
    meta, new = read_run(tmp_path / "changed")
    assert meta["content"] == str(folder)
    assert sum(r["placed:ferry"] for r in new) > sum(r["placed:ferry"] for r in base)
    summary = write_report([tmp_path / "base", tmp_path / "changed"], tmp_path / "cmp.html")
    assert set(summary) == {"base", "changed", "plots"}
    assert "per game: B - A" in (tmp_path / "cmp.html").read_text()


def test_a_bad_content_folder_is_refused_naming_what_is_wrong(tmp_path):
    (tmp_path / "notes.txt").write_text("not content")
    with pytest.raises(ValueError, match="none of the game's content files there .content.toml or species.toml"):
        game_with_content("dinogenics", tmp_path)
    (tmp_path / "content.toml").write_text("version = 1\n")  # in place of the game's: no numbers now
    with pytest.raises(ContentError, match="^content.toml, species.toml, .*: top level: missing 'numbers'"):
        game_with_content("dinogenics", tmp_path)
    result = runner.invoke(app, ["simulate", "dinogenics", "--games", "1", "--content", str(tmp_path)])
    assert result.exit_code == 2 and "content.toml" in result.output
    (tmp_path / "content.toml").unlink()
    (tmp_path / "specie.toml").write_text("")
    (tmp_path / "species.toml").write_text("[coop]\n")
    with pytest.raises(ContentError, match="^specie.toml: not one of the game's content files .content.toml, "):
        game_with_content("dinogenics", tmp_path)
    (tmp_path / "specie.toml").unlink()
    with pytest.raises(ContentError, match="^species.toml, coop.toml: coop: defined in both files"):
        game_with_content("dinogenics", tmp_path)


def test_reports_compare_only_runs_of_the_same_game(tmp_path):
    run_to(tmp_path / "a", "my-funny-dinos", "--players", "2", "--games", "2")
    run_to(tmp_path / "b", "dinogenics", "--players", "2", "--games", "1")
    result = runner.invoke(app, ["report", str(tmp_path / "a"), str(tmp_path / "b"), "-o", str(tmp_path / "r.html")])
    assert result.exit_code == 2 and "same game and player count" in result.output
