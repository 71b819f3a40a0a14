"""Reinforcement-learning environments over the engines: observation encodings and action masks
(`encoding`), PettingZoo's AEC environment (`aec_env`), a Gymnasium environment for one seat (`GymEnv`), and
OpenSpiel games (`import dinotable.rl.openspiel` registers them). The layouts are documented in docs/rl.md.

Needs the `rl` extra (`pip install -e '.[rl]'`).
"""

from __future__ import annotations

from dinotable.core.observation import Encoder, Layout, Slice, action_mask, encoder_for, observation

__all__ = ["Encoder", "GymEnv", "Layout", "Slice", "action_mask", "aec_env", "encoder_for", "observation"]


def __getattr__(name: str):
    # The environments import their libraries only when asked for.
    if name == "aec_env":
        from dinotable.rl.pettingzoo_env import aec_env

        return aec_env
    if name == "GymEnv":
        from dinotable.rl.gym_env import GymEnv

        return GymEnv
    raise AttributeError(name)
