"""Decisions as registered records, and one action-id layout: the machinery every game's rules run on.

A game asks its players for a few kinds of decision (excavate a tile; place a Dinofarmer; pick a DNA card).
Each kind is one `Decision`: its legal action ids, what an action does, its text and its structured
description, with the named context (a NamedTuple) the state holds in `s.ctx` while it is open. A game
registers its kinds once in a `Decisions` table, whose order gives each kind its phase number (`s.phase`);
`core.flat.FlatState` dispatches `legal_actions`, `apply`, `action_text` and `action_info` through it, so
adding a kind of decision touches one record, not four if-chains in three files.

`ActionLayout` is the action-id space as named ranges ("dig" 0-39, "pick" 40-79, "pass" 80): a game adds its
ranges once, reads an id back with `kind(a)`, and its docs hold the table `markdown()` writes.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass


def _no_info(s: object, action: int, ctx: object) -> dict:
    return {}


@dataclass(frozen=True)
class Decision:
    """One kind of decision.

    legal(s, ctx) -> the action ids on offer, in a fixed order
    apply(s, action, ctx, events) -> None: what the chosen action does
    text(s, action, ctx) -> str: the action as the seat to move reads it
    told(s, action, ctx) -> str: the action as anyone else reads it, from what they may see only (the
        kept card unnamed: "Keep one DNA card"); None: `text`, for a decision whose options all can see
    info(s, action, ctx) -> dict: the board elements the action touches, JSON-ready, in the names the
        game's view uses (`action_info` adds the decision's name as "decision" and the id's range as "kind")
    context: the NamedTuple type of `s.ctx` while the decision is open, which its functions take as `ctx: That`
        (None: it needs none, and they take `ctx: object`, unread)
    """

    name: str
    legal: Callable[..., Sequence[int]]
    apply: Callable[..., None]
    text: Callable[..., str]
    info: Callable[..., dict] = _no_info
    context: type | None = None
    told: Callable[..., str] | None = None


def _nothing(s: object, ctx: object) -> tuple:
    return ()


def _refuse(s: object, action: int, ctx: object, events: list) -> None:
    raise AssertionError("no action is legal once the game is over")


GAME_OVER = Decision("game over", legal=_nothing, apply=_refuse, text=lambda s, a, ctx: "")


class Decisions:
    """A game's decision kinds; each one's phase number is its place in registration order."""

    def __init__(self) -> None:
        self._kinds: list[Decision] = []
        self._names: dict[str, int] = {}

    def add(self, decision: Decision) -> int:
        """Registers a kind and returns its phase number; a name is registered once."""
        if decision.name in self._names:
            raise ValueError(f"decision {decision.name!r} is registered twice")
        self._names[decision.name] = len(self._kinds)
        self._kinds.append(decision)
        return len(self._kinds) - 1

    def __getitem__(self, phase: int) -> Decision:
        return self._kinds[phase]

    def __len__(self) -> int:
        return len(self._kinds)

    def __iter__(self) -> Iterator[Decision]:
        return iter(self._kinds)

    def phase(self, name: str) -> int:
        return self._names[name]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self._kinds)


class ActionLayout:
    """The action ids as consecutive named ranges."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ranges: list[tuple[str, int, int]] = []  # name, first id, count
        self.size = 0

    @classmethod
    def of(cls, sizes: dict[str, int]) -> ActionLayout:
        """A layout of these ranges, in the dict's order."""
        layout = cls()
        for name, count in sizes.items():
            layout.add(name, count)
        return layout

    def first_ids(self, ids: type):
        """The first id of each range as the game's NamedTuple `ids` (one field per range, by name)."""
        return ids(**{name: first for name, first, _ in self._ranges})

    def add(self, name: str, count: int = 1) -> int:
        """A range of `count` ids after the last one; returns its first id."""
        if count < 1:
            raise ValueError(f"action range {name!r} needs at least one id, not {count}")
        if any(name == n for n, _, _ in self._ranges):
            raise ValueError(f"action range {name!r} is laid out twice")
        first = self.size
        self._starts.append(first)
        self._ranges.append((name, first, count))
        self.size += count
        return first

    def kind(self, action: int) -> tuple[str, int]:
        """The range an id falls in and its offset there: ('pick', 7) for the eighth id of 'pick'."""
        if not 0 <= action < self.size:
            raise ValueError(f"action id {action} is outside 0-{self.size - 1}")
        name, first, _ = self._ranges[bisect_right(self._starts, action) - 1]
        return name, action - first

    def rows(self) -> list[tuple[str, int, int]]:
        """(name, first id, last id) per range, for the docs' action-id tables."""
        return [(name, first, first + count - 1) for name, first, count in self._ranges]

    def markdown(self, meanings: dict[str, str]) -> str:
        """The docs' action-id table: a row per range with what its ids mean (`meanings`, by range name)."""
        lines = ["| ids | kind | meaning |", "| --- | --- | --- |"]
        for name, first, last in self.rows():
            ids = str(first) if first == last else f"{first}-{last}"
            lines.append(f"| {ids} | `{name}` | {meanings[name]} |")
        return "\n".join(lines)
