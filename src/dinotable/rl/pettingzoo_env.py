"""PettingZoo's AEC environment over an engine: one agent per seat ("player_0", "player_1", ...), observations
`{"observation": float32 vector, "action_mask": int8 vector}` from the game's encoder (what the seat may see,
seat-relative), and actions as the engine's action ids. Chance (dice, shuffles, draws) and the engine's own
players (the Rival, Synth) stay inside the engine, so an agent only ever meets its own decisions.

Rewards come at the end of the game (`final_rewards`); see docs/rl.md.
"""

from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from dinotable.core.observation import action_mask, encoder_for
from dinotable.core.registry import get_game

REWARDS = ("outcome", "score")


def resolve_game(game):
    """A Game from a game or its name."""
    return get_game(game) if isinstance(game, str) else game


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    return reward


def check_render_mode(mode, modes: list[str]):
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode must be one of {', '.join(modes)} or None")
    return mode


def final_rewards(state, reward: str = "outcome") -> list[float]:
    """Each seat's reward for a finished game.

    "outcome": +1 for a win and -1 for a loss, read from the game's winners; seats tied for the win share
    one win and the losses of the others (each of k tied winners gets 2/k - 1, so 0 for a two-way tie). A
    solo or co-operative game (the outcome has a "result") gives every seat +1 when the table won, -1 when
    it lost.

    "score": the seat's score minus the best score among the others; in a solo or co-operative game, the
    score against what the table had to beat (the Rival's or Synth's score, the solo target, the scenario's
    objective). The co-operative game scores the players' average, as its rules do.
    """
    out = state.outcome()
    n = state.num_players
    if reward == "outcome":
        if "result" in out:
            return [1.0 if out["result"] == "won" else -1.0] * n
        winners = out["winners"]
        share = 2.0 / len(winners) - 1.0 if winners else -1.0
        return [share if seat in winners else -1.0 for seat in range(n)]
    scores = out["scores"]
    if "average" in out:  # DinoGenics' co-operative game: the averaged branches against Synth
        return [float(out["average"] - out["synth"])] * n
    if "automata" in out:  # Tiny Epic Dinosaurs' Rival
        best = max(a["total"] for a in out["automata"].values())
        return [float(s - best) for s in scores]
    if "target" in out:
        return [float(s - out["target"]) for s in scores]
    if "scenario" in out:  # a DinoGenics scenario: its objective's score and target (VP or Credits)
        goal = state.view(0)["objective"]
        return [float(goal["score"] - goal["target"])]
    if n == 1:
        return [float(scores[0])]
    return [float(s - max(scores[:seat] + scores[seat + 1 :])) for seat, s in enumerate(scores)]


def reward_range(game, num_players: int, reward: str) -> tuple[float, float]:
    """The lowest and highest reward (for OpenSpiel's utilities); the score margin is bounded loosely."""
    if reward == "outcome":
        return -1.0, 1.0
    return -1000.0, 1000.0


def seed_from(rng: random.Random) -> int:
    return rng.getrandbits(63)


class DinoAEC(AECEnv):
    """One match of a game for PettingZoo; `aec_env` makes it."""

    metadata = {"render_modes": ["ansi", "human"], "name": "dinotable_v0", "is_parallelizable": False}

    def __init__(self, game, num_players: int = 2, options=None, render_mode=None, reward="outcome") -> None:
        super().__init__()
        self.game = resolve_game(game)
        self.num_players = num_players
        self.options = dict(options or {})
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.metadata = {**self.metadata, "name": f"dinotable_{self.game.name.replace('-', '_')}_v0"}
        # A first game checks the player count and options at once, and lays out the encoding.
        self.state = self.game.new_game(num_players, 0, self.options)
        self.encoder = encoder_for(self.state)
        low, high = self.encoder.layout.bounds()
        size = self.game.num_distinct_actions
        self.possible_agents = [f"player_{seat}" for seat in range(num_players)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = random.Random()
        self._no_moves = np.zeros(size, dtype=np.int8)
        self._mask = self._no_moves  # the mover's mask, made once per decision
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None) -> None:
        # `options` here is PettingZoo's per-reset argument; the game's options are fixed at construction.
        if seed is not None:
            self._rng = random.Random(seed)
        self.state = self.game.new_game(self.num_players, seed_from(self._rng), self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._turn()

    def _turn(self) -> None:
        state = self.state
        if state.is_over:
            for agent, value in zip(self.possible_agents, final_rewards(state, self.reward), strict=True):
                self.rewards[agent] = value
                self.terminations[agent] = True
            self._mask = self._no_moves
        else:
            self.agent_selection = self.possible_agents[state.current_player]
            self._mask = action_mask(state)

    def observe(self, agent):
        seat = self.agent_seat[agent]
        state = self.state
        mask = self._mask if seat == state.current_player else self._no_moves
        # Copies: a learner may keep what it is handed while the game goes on.
        return {"observation": self.encoder.encode(state, seat), "action_mask": mask.copy()}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= action < self._mask.size or not self._mask[action]:
            raise ValueError(f"action {action} is not legal for {agent} now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.state.apply(int(action))
        self._turn()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = self.game.board_text(self.state, None)
        if self.state.is_over:
            text += "\n" + self.game.status_line(self.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return self.metadata["name"]


def aec_env(game, num_players: int = 2, options=None, render_mode=None, reward: str = "outcome") -> DinoAEC:
    """A PettingZoo AEC environment for `game` (a Game or its name): `num_players` seats, the game's
    `options`, rewards at the end by `reward` ("outcome" or "score", see `final_rewards`)."""
    return DinoAEC(game, num_players, options, render_mode, reward)
