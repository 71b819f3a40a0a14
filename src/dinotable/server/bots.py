"""Bots as seat types: each level is one of the project's agents with a budget.

A bot decides from an Observation (a copy of the table determinized for its seat), so it reads no secret;
it thinks in a worker thread, off the server's event loop.
"""

from __future__ import annotations

from dinotable.agents import Observation, make_agent
from dinotable.core.rng import derive_seed

# Level -> agent spec (see dinotable.agents). MCTS stops at its iterations or its seconds, whichever first.
LEVELS: dict[str, str] = {
    "easy": "random",
    "medium": "greedy",
    "hard": "mcts:iters=300:seconds=4",
}
# Seeds a table's bots and their observations draw from, apart from the game's own chance.
AGENT_SEED_KEY = 3_000
OBSERVATION_SEED_KEY = 3_100


class Bots:
    """The agents of one table's bot seats, made on first use."""

    def __init__(self, levels: dict[str, str]) -> None:
        self.levels = levels
        self.agents: dict[tuple[str, int], object] = {}

    def observe(self, table) -> Observation:
        state = table.state
        return Observation(state, state.current_player, derive_seed(state.seed, OBSERVATION_SEED_KEY, table.seq))

    def agent(self, table, seat: int):
        key = (table.id, seat)
        if key not in self.agents:
            spec = self.levels[table.seats[seat].level]
            self.agents[key] = make_agent(spec, table.game, derive_seed(table.state.seed, AGENT_SEED_KEY + seat))
        return self.agents[key]
