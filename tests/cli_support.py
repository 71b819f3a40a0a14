"""Helpers shared by the tests of the `dinotable` command (tests/test_cli_*.py): the runner, consoles wide
enough that nothing wraps, reading score tables, a scripted person."""

from __future__ import annotations

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import dinotable
from dinotable.cli import main as cli_main
from dinotable.cli.menu import wrap
from dinotable.cli.play import play

NAME = "my-funny-dinos"
GAME = dinotable.get_game(NAME)
TED = dinotable.get_game("tiny-epic-dinosaurs")
DG = dinotable.get_game("dinogenics")
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


def fitted(text: str) -> str:
    """Text as the terminal prints it: each line longer than 80 wrapped."""
    return "\n".join(part for line in text.split("\n") for part in wrap(line))


def score_block(text: str, title: str = "Final scores:") -> tuple[dict[int, dict[str, int]], list[int]]:
    """The score table after `title` as {seat: {column: value}}, and the seats named on the line after it.
    A table too wide for 80 columns is printed turned (a row per part of the score, a column per seat)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    header = lines[start + 1].split()
    rows: dict[int, dict[str, int]] = {}
    if not SCORE_ROW.match(lines[start + 2]):  # turned: the header names the seats
        seats = [int(n) - 1 for n in re.findall(r"player (\d+)", lines[start + 1])]
        end = start + 2
        while end < len(lines) and re.match(r"^\s*\S+(\s+-?\d+)+\s*$", lines[end]):
            key, *values = lines[end].split()
            values = values[: len(seats)]  # an automaton's column after the seats'
            for seat, value in zip(seats, values, strict=True):
                rows.setdefault(seat, {})[key] = int(value)
            end += 1
        after = lines[end] if end < len(lines) else ""
        return rows, sorted(int(n) - 1 for n in re.findall(r"player (\d+)", after))
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
