"""The mypy ratchet: the rules modules stay type-clean, and the rest may only get cleaner.

mypy runs once on src (with pyproject.toml's [tool.mypy]). Every error in a STRICT module fails the check:
these are the engines that every front end, agent and simulation trusts. The other modules (front ends,
agents, simulation, encodings, texts) still have errors; their count may not rise above OTHER_ERRORS, and
when a change lowers it, the check says so, and OTHER_ERRORS is lowered to match in the same change.

    .venv/bin/python tools/typecheck.py        # from the repository's root
    .venv/bin/python tools/typecheck.py --all  # the other modules' errors listed too

The strict set and the figure are the two constants below, and nowhere else.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

# The modules held at zero errors (globs from the repository's root): all of core, and each game's rules.
STRICT = (
    "src/dinotable/core/*.py",
    # Every game: the package (its Game), state, rules, scoring, decisions, action ids, content.
    "src/dinotable/games/*/__init__.py",
    "src/dinotable/games/*/state.py",
    "src/dinotable/games/*/rules.py",
    "src/dinotable/games/*/rules/*.py",
    "src/dinotable/games/*/scoring.py",
    "src/dinotable/games/*/decisions.py",
    "src/dinotable/games/*/actions.py",
    "src/dinotable/games/*/content*.py",
    "src/dinotable/games/*/components.py",
    "src/dinotable/games/*/reasons.py",
    # The rules by area (DinoGenics' board.py is its terminal board: presentation, not rules).
    "src/dinotable/games/dinogenics/park.py",
    "src/dinotable/games/dinogenics/rampage.py",
    "src/dinotable/games/dinogenics/risk.py",
    "src/dinotable/games/dinogenics/synth.py",
    "src/dinotable/games/dinogenics/step_values.py",
    "src/dinotable/games/dinogenics/weights.py",
    "src/dinotable/games/tiny_epic_dinosaurs/cards.py",
    "src/dinotable/games/tiny_epic_dinosaurs/effects.py",
    "src/dinotable/games/tiny_epic_dinosaurs/escapes.py",
    "src/dinotable/games/tiny_epic_dinosaurs/farm.py",
    "src/dinotable/games/tiny_epic_dinosaurs/feeding.py",
    "src/dinotable/games/tiny_epic_dinosaurs/grid.py",
    "src/dinotable/games/tiny_epic_dinosaurs/hunting.py",
    "src/dinotable/games/tiny_epic_dinosaurs/rival.py",
    "src/dinotable/games/tiny_epic_dinosaurs/spaces.py",
)

# The most errors mypy may report in all the other modules together. Lower it whenever the check says the
# count fell; never raise it to let a change through.
OTHER_ERRORS = 238

ROOT = Path(__file__).resolve().parent.parent
# "path:line: error: message  [code]", and the notes that follow an error about it.
_LINE = re.compile(r"^(?P<path>[^:\n]+\.pyi?):\d+(?::\d+)?: (?P<severity>error|note): ")


def _counted(n: int) -> str:
    return f"{n} mypy error{'' if n == 1 else 's'}"


def strict_files() -> set[str]:
    """The strict modules, as mypy names them (paths from the root); refuses a glob that matches nothing, so a
    renamed or moved module cannot leave the strict set unnoticed."""
    files: set[str] = set()
    for pattern in STRICT:
        matched = {path.relative_to(ROOT).as_posix() for path in ROOT.glob(pattern)}
        if not matched:
            sys.exit(f"typecheck: the strict glob {pattern!r} matches no file: update STRICT in tools/typecheck.py")
        files |= matched
    return files


def run_mypy() -> list[tuple[str, list[str]]]:
    """mypy's errors on src, each as (its file, its lines: the error and the notes after it)."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "pyproject.toml", "--no-pretty", "--no-color-output", "src"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode not in (0, 1):  # 2: mypy itself failed (a bad option, a crash), not the code
        sys.exit(f"typecheck: mypy failed (exit {done.returncode}):\n{done.stdout}{done.stderr}")
    errors: list[tuple[str, list[str]]] = []
    for line in done.stdout.splitlines():
        match = _LINE.match(line)
        if match is None:
            continue
        path = Path(match["path"]).as_posix()
        if match["severity"] == "error":
            errors.append((path, [line]))
        elif errors and errors[-1][0] == path:
            errors[-1][1].append(line)
    if done.returncode == 1 and not errors:
        sys.exit(f"typecheck: mypy failed, and no error could be read from its output:\n{done.stdout}{done.stderr}")
    return errors


def main(argv: list[str]) -> int:
    show_all = "--all" in argv
    strict = strict_files()
    errors = run_mypy()
    in_strict = [lines for path, lines in errors if path in strict]
    others = [(path, lines) for path, lines in errors if path not in strict]
    failed = False
    if in_strict:
        failed = True
        print(f"{_counted(len(in_strict))} in strict modules (STRICT in tools/typecheck.py); they must be fixed:")
        for lines in in_strict:
            print("\n".join(lines))
    if show_all and others:
        print(f"{_counted(len(others))} in the other modules:")
        for _, lines in others:
            print("\n".join(lines))
    if len(others) > OTHER_ERRORS:
        failed = True
        print(
            f"{_counted(len(others))} outside the strict modules, more than the recorded {OTHER_ERRORS} "
            f"(OTHER_ERRORS in tools/typecheck.py): the change adds {len(others) - OTHER_ERRORS}; fix them "
            "(`.venv/bin/python tools/typecheck.py --all` lists every error). Per file:"
        )
        for path, count in sorted(Counter(path for path, _ in others).items()):
            print(f"  {count:4}  {path}")
    elif len(others) < OTHER_ERRORS:
        print(
            f"{_counted(len(others))} outside the strict modules, fewer than the recorded {OTHER_ERRORS}: "
            f"lower OTHER_ERRORS in tools/typecheck.py to {len(others)}, so that they stay fixed."
        )
    print(
        f"mypy: {len(in_strict)} error{'' if len(in_strict) == 1 else 's'} in {len(strict)} strict modules; "
        f"{len(others)} elsewhere (at most {OTHER_ERRORS}){': FAILED' if failed else ''}"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
