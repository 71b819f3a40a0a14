"""What an agent sees and how it answers.

An agent is handed an Observation when its seat must decide: the seat's view, the legal actions and
their text, and determinized copies of the state for search. It never gets the true state, so it cannot
read hidden tiles, other hands or the future of the dice, not even by looking inside the Observation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod


class Observation:
    """Built on a copy of the state determinized for the seat: it shows the seat's view, legal actions
    and action texts exactly as the true state would (the conformance suite checks that), while the
    hidden tiles, hands and future chance in it are re-dealt, so nothing an agent reaches is a secret."""

    __slots__ = ("_state", "seat", "legal_actions")

    def __init__(self, state, seat: int, seed: int) -> None:
        self._state = state.determinize(seat, seed)
        self.seat = seat
        self.legal_actions: list[int] = self._state.legal_actions()

    @property
    def game(self):
        return self._state.game

    def view(self) -> dict:
        return self._state.view(self.seat)

    def action_text(self, action: int) -> str:
        return self._state.action_text(action)

    def features(self):
        """This seat's observation as a float32 vector (`core.observation`; needs numpy, in the rl extra),
        for learned agents."""
        from dinotable.core.observation import observation

        return observation(self._state, self.seat)

    def determinize(self, seed: int):
        """A copy of the state consistent with this seat's view, everything hidden re-dealt from `seed`."""
        return self._state.determinize(self.seat, seed)


class Agent(ABC):
    """A player that decides from Observations. Its own randomness comes from its seed."""

    name: str = "agent"

    def __init__(self, game, seed: int = 0, **params) -> None:
        if params:
            raise ValueError(f"agent {self.name!r} takes no parameter {sorted(params)[0]!r}")
        self.game = game
        self.seed = seed

    @abstractmethod
    def act(self, obs: Observation) -> int: ...
