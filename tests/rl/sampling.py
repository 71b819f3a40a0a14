"""What the encoding tests share: states sampled from seeded random games, and an encoding read back slice by
slice in the view's units."""

from __future__ import annotations

import random

import numpy as np

from dinotable.rl import encoder_for


def sampled_states(game, num_players: int, options: dict, seeds=range(1), every: int = 7, decisions=None):
    """A state every `every` decisions of each seeded random game (up to `decisions` of them), then its last."""
    for seed in seeds:
        state = game.new_game(num_players, seed, options)
        rng = random.Random(seed)
        step = 0
        while not state.is_over and (decisions is None or step < decisions):
            if step % every == 0:
                yield state.clone()
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        yield state


class Reading:
    """The encoding of `state` for `seat`, read back slice by slice in the view's units."""

    def __init__(self, state, seat: int) -> None:
        self.encoder = encoder_for(state)
        self.vector = self.encoder.encode(state, seat)
        self.slices = {s.name: s for s in self.encoder.layout.slices}

    def __call__(self, name: str, per: int | None = None) -> np.ndarray:
        """The slice's entries, as rows of `per` entries if given."""
        s = self.slices[name]
        values = self.vector[s.start : s.stop].astype(np.float64)
        return values.reshape(-1, per) if per else values

    def counts(self, name: str, per: int | None = None) -> list:
        """The slice's entries back in the view's units: divided by the scale its doc states (`Encoder.scale`)."""
        s = self.slices[name]
        scale = self.encoder.scale[s.start : s.stop].astype(np.float64)
        values = np.rint(self.vector[s.start : s.stop] / scale).astype(int)
        return (values.reshape(-1, per) if per else values).tolist()

    def names(self, name: str, names: list[str], per: int | None = None):
        """The names whose entries hold 1 (by row if `per`)."""
        rows = self(name, per) if per else [self(name)]
        out = [[names[i % len(names)] for i in np.flatnonzero(row)] for row in rows]
        return out if per else out[0]

    def ones(self, name: str, per: int | None = None) -> list:
        """The positions holding 1 (by row if `per`); fails if the slice holds anything but 0 and 1."""
        rows = self(name, per) if per else [self(name)]
        assert all(set(np.unique(row)) <= {0.0, 1.0} for row in rows), f"{name} is not made of 0 and 1"
        out = [np.flatnonzero(row).tolist() for row in rows]
        return out if per else out[0]
