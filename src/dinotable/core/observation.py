"""Observations as fixed-length float32 vectors, laid out as named slices (OpenSpiel's observer style).

Each game has an Encoder (`Game.encoding`, in the game's package): built once per player count and option
set, it lays out its slices (`Layout.add`), then fills a vector for a seat from what that seat may see at
the table, and nothing else. The reinforcement-learning environments (`dinotable.rl`) and learned agents
(`agents.ppo`) read it. It reads the
state's fields directly rather than `view(seat)`, which builds text and dictionaries for people and costs
several engine decisions; the tests prove an encoding tells no secret by encoding copies determinized for the
seat (every copy the seat cannot tell apart must give the same vector), and that every entry stays within its
slice's declared range. Seats are listed from the observer's point of view: the observer first, then the
others in turn order, so one policy can play any seat.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Slice:
    name: str  # dotted, from the general to the particular: "seats.bones"
    start: int
    size: int
    doc: str  # what each entry holds, in the game's words, with its scale
    low: float = 0.0
    high: float = 1.0

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """The slices of one flat vector, in order."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str, low: float = 0.0, high: float = 1.0) -> slice:
        """Adds a slice of `size` entries after the others; returns it as an index into the vector."""
        if size < 0:
            raise ValueError(f"slice {name}: a size cannot be negative")
        if any(s.name == name for s in self.slices):
            raise ValueError(f"slice {name} is laid out twice")
        self.slices.append(Slice(name, self.size, size, doc, low, high))
        self.size += size
        return slice(self.size - size, self.size)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Each entry's lowest and highest value (for a Box space)."""
        low = np.empty(self.size, dtype=np.float32)
        high = np.empty(self.size, dtype=np.float32)
        for s in self.slices:
            low[s.start : s.stop] = s.low
            high[s.start : s.stop] = s.high
        return low, high

    def markdown(self) -> str:
        """The layout as a Markdown table (docs/rl.md is made from it)."""
        rows = ["| slice | entries | range | what each entry holds |", "| --- | --- | --- | --- |"]
        for s in self.slices:
            where = f"{s.start}" if s.size == 1 else f"{s.start}-{s.stop - 1}"
            rows.append(f"| `{s.name}` | {where} ({s.size}) | {s.low:g} to {s.high:g} | {s.doc} |")
        return "\n".join(rows)


class Encoder(ABC):
    """A game's observation encoding for one player count and option set."""

    def __init__(self, state) -> None:
        """Lays out the slices for the game, player count and options of `state` (a new game)."""
        self.game = state.game
        self.num_players = state.num_players
        self.layout = Layout()
        self._buffer: np.ndarray | None = None
        self.build(state)

    @property
    def size(self) -> int:
        return self.layout.size

    @abstractmethod
    def build(self, state) -> None:
        """Adds the slices (`self.layout.add`), keeping the index of each to fill."""

    @abstractmethod
    def fill(self, state, seat: int, out: np.ndarray) -> None:
        """Writes what `seat` may see of `state` into `out`, a vector of zeros of the layout's size."""

    def encode(self, state, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The vector for `seat`: written into `out` if given, else a new array (filled in a kept buffer and
        copied: an encoder may keep views of the vector it fills, which a fresh array would miss)."""
        if out is None:
            if self._buffer is None:
                self._buffer = np.zeros(self.layout.size, dtype=np.float32)
            else:
                self._buffer.fill(0.0)
            self.fill(state, seat, self._buffer)
            return self._buffer.copy()
        out.fill(0.0)
        self.fill(state, seat, out)
        return out

    def seats_from(self, seat: int) -> list[int]:
        """The seats as the observer lists them: itself first, then the others in turn order."""
        n = self.num_players
        return [(seat + k) % n for k in range(n)]


def encoder_class(game) -> type[Encoder]:
    """The game's Encoder class (`Game.encoding`)."""
    if not game.encoding:
        raise ValueError(f"{game.title} has no observation encoding")
    module, _, name = game.encoding.partition(":")
    return getattr(importlib.import_module(module), name)


def options_key(options: dict) -> tuple:
    return tuple(sorted((k, repr(v)) for k, v in options.items()))


_made: dict[tuple, Encoder] = {}


def encoder_for(state) -> Encoder:
    """The encoder for `state`'s game, player count and options (made once, then shared)."""
    key = (state.game.name, state.num_players, options_key(state.options))
    encoder = _made.get(key)
    if encoder is None:
        first = state.game.new_game(state.num_players, 0, state.options)
        encoder = _made[key] = encoder_class(state.game)(first)
    return encoder


def action_mask(state, seat: int | None = None) -> np.ndarray:
    """1 for each action id the seat may take now (all 0 when it is not to move), over
    `game.num_distinct_actions` ids."""
    mask = np.zeros(state.game.num_distinct_actions, dtype=np.int8)
    if not state.is_over and (seat is None or seat == state.current_player):
        mask[state.legal_actions()] = 1
    return mask


def observation(state, seat: int) -> np.ndarray:
    """What `seat` may see of `state`, as its game's float32 vector."""
    return encoder_for(state).encode(state, seat)
