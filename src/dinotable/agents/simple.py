"""The baseline agents: uniform random play, and greedy play by the game's own heuristic."""

from __future__ import annotations

from dinotable.agents.base import Agent, Observation
from dinotable.core.rng import Rng


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, game, seed: int = 0, **params) -> None:
        super().__init__(game, seed, **params)
        self.rng = Rng(seed)

    def act(self, obs: Observation) -> int:
        return self.rng.choice(obs.legal_actions)


class GreedyAgent(Agent):
    """Scores every legal action with the game's heuristic on one determinized copy and takes the best
    (ties broken at random). One ply, no search: a fair, fast opponent and a rollout policy for search."""

    name = "greedy"

    def __init__(self, game, seed: int = 0, **params) -> None:
        super().__init__(game, seed, **params)
        if game.heuristic is None:
            raise ValueError(f"{game.title} offers no heuristic, so the greedy agent cannot play it")
        self.heuristic = game.heuristic
        self.rng = Rng(seed)

    def act(self, obs: Observation) -> int:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        state = obs.determinize(self.rng.below(1 << 62))
        scores = self.heuristic.action_scores(state, obs.seat, legal)
        best = max(scores)
        top = [a for a, score in zip(legal, scores, strict=True) if score >= best - 1e-9]
        return top[0] if len(top) == 1 else self.rng.choice(top)
