"""Seeded randomness that is identical on every machine and free to copy.

A generator is one 64-bit integer (SplitMix64), so a game state carries it as a plain int: cloning a
state copies it for nothing, and replaying a record reproduces every die roll and shuffle exactly.
"""

from __future__ import annotations

import math

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_TO_UNIT = 1.0 / (1 << 53)
_LN2 = math.log(2)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int, negative ones included)."""
    return _mix(seed & MASK64)


def derive_seed(seed: int, *keys: int) -> int:
    """A new independent seed from a seed and a path of ints (game number, seat, ...)."""
    z = seed & MASK64
    for key in keys:
        z = _mix((z + _GOLDEN * ((key & MASK64) + 1)) & MASK64)
    return z


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator: returns (new state, 64 random bits)."""
    state = (state + _GOLDEN) & MASK64
    return state, _mix(state)


def next_float(state: int) -> tuple[int, float]:
    """Returns (new state, a float uniform in [0, 1))."""
    state = (state + _GOLDEN) & MASK64
    return state, (_mix(state) >> 11) * _TO_UNIT


def next_below(state: int, n: int) -> tuple[int, int]:
    """Returns (new state, an int uniform in range(n)); n must be positive."""
    state = (state + _GOLDEN) & MASK64
    return state, (_mix(state) * n) >> 64


def shuffle(state: int, items: list) -> int:
    """Fisher-Yates shuffle of items in place; returns the new state.

    All the swaps are read from one big random number by successive division, which is several times
    faster in Python than a generator call per swap; 64 bits beyond log2(n!) keep every order's chance
    within 2**-64 of uniform."""
    n = len(items)
    if n < 2:
        return state
    bits = int(math.lgamma(n + 1) / _LN2) + 65
    r = 0
    for _ in range((bits + 63) // 64):
        state = (state + _GOLDEN) & MASK64
        r = (r << 64) | _mix(state)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        items[i], items[j] = items[j], items[i]
    return state


def redeal(state: int, items: list) -> int:
    """Shuffles hidden items in place, as a determinization re-deals them; returns the new state.

    The items are sorted first, so the re-deal depends on which items are hidden and on the generator, never
    on the order they lay in (that order is the secret): a seat's copy of a copy gives the same re-deal."""
    items.sort()
    return shuffle(state, items)


class Rng:
    """An object wrapper for code outside the hot path (agents, simulation drivers)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def random(self) -> float:
        self.state, x = next_float(self.state)
        return x

    def below(self, n: int) -> int:
        self.state, x = next_below(self.state, n)
        return x

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        self.state = shuffle(self.state, items)
