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


def flat(text: str) -> str:
    """Text with every run of whitespace made one space, so that wrapped messages read as one line."""
    return " ".join(text.split())


def fitted(text: str) -> str:
    """Text as the terminal prints it: each line longer than 80 wrapped."""
    return "\n".join(part for line in text.split("\n") for part in wrap(line))


def score_block(text: str, title: str = "Final scores:") -> tuple[dict[int, dict[str, int]], list[int]]:
    """The score table after `title` as {seat: {part: points, "Total": total}}, and the seats named on the
    line after it. The table (cli.play.score_lines) has a row per part of the score and a column per seat
    (then per automaton), each column flush right under its head, two spaces apart."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == title)
    header = lines[start + 1]
    end = start + 2
    while end < len(lines) and re.match(r"^\s+\S.*\s{2,}(-?\d+|\+ hidden)", lines[end]):
        end += 1
    table = lines[start + 2 : end]
    indent = min(len(line) - len(line.lstrip(" ")) for line in table)
    names = [re.split(r"\s{2,}", line.strip())[0] for line in table]
    left = indent + max(map(len, names)) + 2  # where the first column starts
    heads = list(re.finditer(r"player (\d+)(?: \([^)]*\))?|\S+(?: \S+)*", header[left:]))
    spans = []
    for match in heads:
        spans.append((spans[-1][1] + 2 if spans else left, left + match.end()))
    rows: dict[int, dict[str, int]] = {int(m[1]) - 1: {} for m in heads if m[1]}
    for name, line in zip(names, table, strict=True):
        for match, (a, b) in zip(heads, spans, strict=True):
            cell = line[a:b].strip()
            if match[1] and re.fullmatch(r"-?\d+", cell):
                rows[int(match[1]) - 1][name] = int(cell)
    after = lines[end] if end < len(lines) else ""
    return rows, sorted(int(n) - 1 for n in re.findall(r"player (\d+)", after))


def expected_rows(state) -> dict[int, dict[str, int]]:
    """The score the game itself counts (score_now as a spectator reads it), in the shape score_block reads."""
    out: dict[int, dict[str, int]] = {}
    for row in state.score_now(None):
        if "seat" in row:
            parts = {p["name"]: p["points"] for p in row["parts"] if p["points"] is not None}
            out[row["seat"]] = {**parts, "Total": row["total"]}
    return out


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
