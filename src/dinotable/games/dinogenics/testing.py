"""Running one DinoGenics rule by itself, for tests.

A rule's test builds the position the rule speaks of (dinosaurs, fences, facilities and counters set in the flat
state) and then runs just that rule: one step of the Season, or one task of the task stack, looked up by the
name the engine itself uses (STAGES, TASKS), so the test calls what `settle` would call and no private function
of the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dinotable.core.contract import Event
from dinotable.games.dinogenics.rules.season import STAGES, TASKS

if TYPE_CHECKING:
    from dinotable.games.dinogenics.state import DinoGenicsState

_STAGE = dict(STAGES)


def run_stage(s: DinoGenicsState, name: str, events: list[Event]) -> bool | None:
    """Runs the Season step called `name` in STAGES ("order", "visitors", "feed", "rampage", "vp"...) once, as
    `settle` runs it; returns what the step returns (a repeating step: True when it opened a decision)."""
    if name not in _STAGE:
        raise KeyError(f"no Season step {name!r}; the steps are {', '.join(_STAGE)}")
    return _STAGE[name](s, events)


def run_task(s: DinoGenicsState, task: tuple, events: list[Event]) -> None:
    """Runs one task (e.g. ("face", seat, i, SLASH), ("mutants", seat, 1)) as `settle` runs it when it comes off
    the task stack: by its name in TASKS."""
    TASKS[task[0]](s, task, events)
