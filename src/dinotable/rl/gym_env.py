"""A Gymnasium environment that plays one seat of a game; the other seats are played by named agents
(`dinotable.agents`: "greedy", "random", "mcts:iters=200"...), and the engine's own players (the Rival,
Synth, a scenario) by the engine. Opponents decide from an `Observation`, a copy determinized for their
seat, so they read no secret either.

Observations are the game's float32 encoding for the seat; `action_masks()` gives the legal actions for
sb3-contrib's MaskablePPO. The reward comes at the end of the game (see `final_rewards`).
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from dinotable.agents import Observation, make_agent
from dinotable.core.observation import encoder_for
from dinotable.rl.pettingzoo_env import check_render_mode, check_reward, final_rewards, resolve_game


def opponent_specs(opponents: str, seat: int, num_players: int) -> dict[int, str]:
    """The agent spec of every seat but `seat`: one spec for all, or a comma list in turn order after it."""
    others = [(seat + k) % num_players for k in range(1, num_players)]
    specs = [s.strip() for s in opponents.split(",")] if opponents else []
    if len(specs) == 1:
        specs = specs * len(others)
    if len(specs) != len(others):
        raise ValueError(
            f"opponents: give one agent for every other seat, or a list of {len(others)} "
            f"(the seats after seat {seat} in turn order), got {len(specs)}"
        )
    return dict(zip(others, specs, strict=True))


class GymEnv(gym.Env):
    """One seat of a game, for Gymnasium. `game` is a Game or its name."""

    metadata = {"render_modes": ["ansi", "human"]}
    # The reward for an illegal action, which ends the episode (a masked policy never takes one).
    illegal_reward = -1.0

    def __init__(
        self,
        game,
        seat: int = 0,
        opponents: str = "greedy",
        num_players: int = 2,
        options=None,
        reward: str = "outcome",
        render_mode=None,
    ) -> None:
        self.game = resolve_game(game)
        self.num_players = num_players
        self.options = dict(options or {})
        self.reward = check_reward(reward)
        self.render_mode = check_render_mode(render_mode, self.metadata["render_modes"])
        self.state = self.game.new_game(num_players, 0, self.options)
        if not (type(seat) is int and 0 <= seat < num_players):
            raise ValueError(f"seat must be 0 to {num_players - 1}, got {seat!r}")
        self.seat = seat
        self.specs = opponent_specs(opponents, seat, num_players)
        for spec in set(self.specs.values()):
            make_agent(spec, self.game, 0)  # a bad spec fails here rather than at the first reset
        self.encoder = encoder_for(self.state)
        low, high = self.encoder.layout.bounds()
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.opponents: dict = {}
        self._legal: list[int] = []
        self._ended = False

    def _seed(self) -> int:
        return int(self.np_random.integers(1 << 62))

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.state = self.game.new_game(self.num_players, self._seed(), self.options)
        self._ended = False
        self.opponents = {s: make_agent(spec, self.game, self._seed()) for s, spec in self.specs.items()}
        self._play_others()
        return self._observe(), {}

    def _play_others(self) -> None:
        state = self.state
        while not state.is_over and state.current_player != self.seat:
            seat = state.current_player
            state.apply(self.opponents[seat].act(Observation(state, seat, self._seed())))
        self._legal = [] if state.is_over else state.legal_actions()

    def _observe(self) -> np.ndarray:
        return self.encoder.encode(self.state, self.seat)

    def action_masks(self) -> np.ndarray:
        """A bool per action id: True for the legal actions now (sb3-contrib's MaskablePPO reads it)."""
        mask = np.zeros(self.game.num_distinct_actions, dtype=bool)
        mask[self._legal] = True
        return mask

    def step(self, action):
        if self.state.is_over or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in self._legal:
            # As PettingZoo's TerminateIllegalWrapper does: an illegal action ends the episode as a loss.
            self._ended = True
            return self._observe(), self.illegal_reward, True, False, {"illegal_action": True}
        self.state.apply(int(action))
        self._play_others()
        over = self.state.is_over
        reward = final_rewards(self.state, self.reward)[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, over, False, {}

    def render(self):
        if self.render_mode is None:
            return None
        text = self.game.board_text(self.state, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
