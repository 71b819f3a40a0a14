"""Effects as registered step kinds: one shape for what action spaces, cards and events do, in every game.

An effect is a sequence of steps, each `(kind, value)`, read from content as a list of one-key tables
(`steps = [{ pay = { plant = 1 } }, { dinosaur = ["stegosaurus"] }]`). A game registers each kind of step
once, as a `StepKind`: how its content value is read and checked (`parse`, which names the file and entry
on a mistake), whether it can be done now (`can`), what it does (`run`) and how it reads (`text`). Loading
content refuses an unknown kind, naming the file and the entry.

Two nodes are explicit, with sequences as their values, parsed, checked and worded here: `choose` (one of
two to four sequences) and `optional` (a sequence the player may decline). How each is asked at the table
is the game's: it hands `Effects` the function that opens that decision, and a game that has none refuses
the node in its content. A step that asks the player something (`asks`) is skipped when, its turn come,
it cannot be done.

A step that asks the player to pick one of some action ids (take a Research card, hunt one of two species)
registers what it offers (`options`) and what the pick does (`perform`) instead of a `run`: with several
on offer it opens the game's `ask` decision, with one it just happens, with none it is skipped. The game's
decision lists `Effects.options` and answers with `Effects.perform`.

`run_from` runs a sequence from a step on, and stops after a step that opened a decision (its `run` returns
True), returning where to go on from: the game keeps that continuation its own way (a pending field, a task).
It may name the effect's `source` (the action space being resolved, say), which a `perform` is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

NODES = ("choose", "optional")
MAX_OPTIONS = 4


def _always(s, seat: int, value) -> bool:
    return True


@dataclass(frozen=True)
class StepKind:
    """One kind of step.

    parse(reader, value, where) -> the value the rules run on (compact: ints and tuples); raises
        reader.fail(where, ...) on a bad value
    run(s, seat, value, events) -> True if it opened a decision (the effect goes on after it), else False
    text(value) -> str: the step as the rules text reads it
    can(s, seat, value) -> bool: whether it can be done now (at least in part)
    asks: it asks the player something, so it is skipped when it cannot be done
    options(s, seat, value) -> list[int] and perform(s, seat, value, action, source, events): for a step
        that asks the player to pick one of some action ids, given instead of `run` (it then asks)
    """

    name: str
    parse: Callable[..., Any]
    run: Callable[..., bool] | None
    text: Callable[[Any], str]
    can: Callable[..., bool] = _always
    asks: bool = False
    options: Callable[..., list[int]] | None = None
    perform: Callable[..., None] | None = None

    def __post_init__(self) -> None:
        if (self.run is None) == (self.options is None) or (self.options is None) != (self.perform is None):
            raise ValueError(f"step kind {self.name!r}: give either `run`, or `options` with `perform`")
        if self.options is not None:
            object.__setattr__(self, "asks", True)


class Effects:
    """A game's step kinds, with the two nodes; reads, checks, runs and words sequences of steps.

    choose(s, seat, options, events) and optional(s, seat, steps, events) open the game's decision for
    that node (each returns True, as a step that opened a decision does); None: the game has no such node.
    ask(s, seat, step, events) opens the game's decision for a step with `options` (several on offer).
    """

    def __init__(
        self,
        choose: Callable[..., bool] | None = None,
        optional: Callable[..., bool] | None = None,
        ask: Callable[..., bool] | None = None,
    ):
        self.kinds: dict[str, StepKind] = {}
        self.nodes = {name: run for name, run in zip(NODES, (choose, optional), strict=True) if run}
        self.ask = ask

    def add(self, kind: StepKind) -> None:
        if kind.name in self.kinds or kind.name in NODES:
            raise ValueError(f"step kind {kind.name!r} is registered twice")
        if kind.options is not None and self.ask is None:
            raise ValueError(f"step kind {kind.name!r} offers options, and this game has no `ask` decision")
        self.kinds[kind.name] = kind

    # --- content ---------------------------------------------------------------------------------------
    def parse(self, reader, steps, where: str) -> tuple[tuple[str, Any], ...]:
        """A content list of one-key tables as (kind, value) steps; a ContentError names the entry."""
        if not isinstance(steps, list):
            raise reader.fail(where, "steps are a list of one-key tables")
        out = []
        for j, step in enumerate(steps):
            at = f"{where}[{j}]"
            if not isinstance(step, dict) or len(step) != 1:
                raise reader.fail(at, "a step is a table with one key")
            ((kind, value),) = step.items()
            if kind in NODES and kind not in self.nodes:
                raise reader.fail(at, f"this game has no {kind!r} steps")
            if kind == "choose":
                if not isinstance(value, list) or not 2 <= len(value) <= MAX_OPTIONS:
                    raise reader.fail(at, f"choose takes 2 to {MAX_OPTIONS} options, each a list of steps")
                value = tuple(self.parse(reader, option, f"{at}.choose[{k}]") for k, option in enumerate(value))
            elif kind == "optional":
                value = self.parse(reader, value, f"{at}.optional")
            elif kind in self.kinds:
                value = self.kinds[kind].parse(reader, value, at)
            else:
                known = ", ".join(sorted((*self.kinds, *self.nodes)))
                raise reader.fail(at, f"unknown step {kind!r} (expected one of {known})")
            out.append((kind, value))
        return tuple(out)

    # --- play ------------------------------------------------------------------------------------------
    def can(self, s, seat: int, steps) -> bool:
        """Whether some step of the sequence can be done now (a choice: some option; optional: always)."""
        for kind, value in steps:
            if kind == "choose":
                if any(self.can(s, seat, option) for option in value):
                    return True
            elif kind == "optional" or self.kinds[kind].can(s, seat, value):
                return True
        return False

    def run_from(self, s, seat: int, steps, i: int, events: list, source=None) -> int | None:
        """Runs steps[i:] in order until one opens a decision; returns the index to go on from after that
        decision, or None when the sequence is done. A choice none of whose options can be done is skipped."""
        while i < len(steps):
            kind, value = steps[i]
            i += 1
            node = self.nodes.get(kind)
            if node is not None:
                if (kind == "optional" or self.can(s, seat, ((kind, value),))) and node(s, seat, value, events):
                    return i
                continue
            record = self.kinds[kind]
            # A kind has either `run` or `options` with `perform` (StepKind.__post_init__), and a game with a
            # kind that has options has `ask` (add): invariants no static type of the fields can carry.
            if record.options is not None:
                offered = record.options(s, seat, value)
                if len(offered) > 1 and self.ask(s, seat, (kind, value), events):  # type: ignore[misc]
                    return i
                if len(offered) == 1:
                    record.perform(s, seat, value, offered[0], source, events)  # type: ignore[misc]
                continue
            if record.asks and not record.can(s, seat, value):
                continue  # an earlier step used up what this one needed
            if record.run(s, seat, value, events):  # type: ignore[misc]  # no options: it has `run`
                return i
        return None

    def options(self, s, seat: int, step) -> list[int]:
        """The action ids an asking step offers the seat now ([] if it cannot be done)."""
        kind, value = step
        return self.kinds[kind].options(s, seat, value)  # type: ignore[misc]  # an asking step's kind has options

    def perform(self, s, seat: int, step, action: int, events: list, source=None) -> None:
        """An asking step done with the option picked (an id `options` offered)."""
        kind, value = step
        self.kinds[kind].perform(s, seat, value, action, source, events)  # type: ignore[misc]  # as `options`

    # --- text ------------------------------------------------------------------------------------------
    def text(self, steps, sep: str = ", ") -> str:
        parts = []
        for kind, value in steps:
            if kind == "choose":
                parts.append(" or ".join(f"({self.text(option)})" for option in value))
            elif kind == "optional":
                parts.append(f"you may {self.text(value)}")
            else:
                parts.append(self.kinds[kind].text(value))
        return sep.join(parts)
