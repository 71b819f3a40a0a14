"""A policy trained with sb3-contrib's MaskablePPO (see examples/train_maskable_ppo.py), as an agent:
`ppo:path=FILE`. It decides from the seat's observation vector (`dinotable.rl`) and the legal actions, so it
reads no secret; it needs the `rl` extra."""

from __future__ import annotations

from pathlib import Path

from dinotable.agents.base import Agent, Observation

# Models loaded once per file and process: a simulation makes an agent per game.
_models: dict[str, object] = {}


def load(path: str):
    model = _models.get(path)
    if model is None:
        if not Path(path).is_file():
            raise ValueError(f"agent 'ppo': no model file {path} (train one with examples/train_maskable_ppo.py)")
        try:
            import torch
            from sb3_contrib import MaskablePPO
        except ImportError:
            raise ValueError("agent 'ppo' needs the rl extra: pip install -e '.[rl]'") from None
        torch.set_num_threads(1)  # one thread per process: more only contend on small networks
        model = _models[path] = MaskablePPO.load(path, device="cpu")
    return model


class PPOAgent(Agent):
    """Plays the trained policy's most likely legal action (so it needs no randomness of its own)."""

    name = "ppo"

    def __init__(self, game, seed: int = 0, path: str | None = None, **params) -> None:
        super().__init__(game, seed, **params)
        if not path:
            raise ValueError("agent 'ppo' needs path=FILE, a model saved by examples/train_maskable_ppo.py")
        self.model = load(str(path))
        self.actions = game.num_distinct_actions
        if self.model.action_space.n != self.actions:
            raise ValueError(
                f"agent 'ppo': the model at {path} chooses among {self.model.action_space.n} actions, "
                f"but {game.title} has {self.actions}: it was trained on another game"
            )

    def act(self, obs: Observation) -> int:
        import numpy as np

        vector = obs.features()
        if self.model.observation_space.shape != vector.shape:
            raise ValueError(
                f"agent 'ppo': the model sees {self.model.observation_space.shape[0]} numbers, but this table's "
                f"observation has {vector.size}: it was trained for another player count or options"
            )
        mask = np.zeros(self.actions, dtype=bool)
        mask[obs.legal_actions] = True
        action, _ = self.model.predict(vector, action_masks=mask, deterministic=True)
        return int(action)
