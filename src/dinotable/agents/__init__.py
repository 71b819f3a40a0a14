"""Agents: players that see only what their seat may see. Built from a spec string such as "greedy"
or "random"; parameters follow the name after colons ("name:key=value:key=value")."""

from __future__ import annotations

from dinotable.agents.base import Agent, Observation
from dinotable.agents.mcts import MCTSAgent
from dinotable.agents.ppo import PPOAgent
from dinotable.agents.simple import GreedyAgent, RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MCTSAgent, "ppo": PPOAgent}


def parse_spec(spec: str) -> tuple[str, dict]:
    name, *pairs = spec.strip().split(":")
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"agent spec {spec!r}: parameters are written key=value")
        try:
            params[key] = int(value)
        except ValueError:
            try:
                params[key] = float(value)
            except ValueError:
                params[key] = value
    return name, params


def make_agent(spec: str, game, seed: int) -> Agent:
    name, params = parse_spec(spec)
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}")
    # The caller gives the game and the seed; as spec parameters they would clash with those arguments.
    for key in ("game", "seed"):
        if key in params:
            raise ValueError(f"agent {name!r} takes no parameter {key!r} (the caller sets it)")
    return AGENTS[name](game, seed, **params)


__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "MCTSAgent",
    "Observation",
    "PPOAgent",
    "RandomAgent",
    "make_agent",
    "parse_spec",
]
