"""Bots as seat types: each level is one of the project's agents with a budget.

A bot decides from an Observation (a copy of the table determinized for its seat), so it reads no secret.
It thinks off the server's event loop: in a process pool when the server has one (`dinotable serve` does),
else in a worker thread. Each decision gets a fresh agent seeded from the table's seed, the seat and the
decision's number, so a decision does not depend on where it was thought, or on a restart in between.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

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


def _exit_with_parent() -> None:
    """A pool worker ends when the server does, even when the server was killed (a pool's workers would
    otherwise wait for work forever)."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=lambda: (parent.join(), os._exit(0)), daemon=True).start()


def decide(spec: str, seed: int, observation: Observation) -> int:
    """One bot decision (run in a worker process or thread)."""
    return make_agent(spec, observation.game, seed).act(observation)


class Bots:
    def __init__(self, levels: dict[str, str], workers: int = 0) -> None:
        self.levels = levels
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None

    def check(self, level: str | None) -> bool:
        return level in self.levels

    async def think(self, table) -> int:
        """The action the bot to move at `table` takes."""
        state = table.state
        seat = state.current_player
        spec = self.levels[table.seats[seat].level]
        observation = Observation(state, seat, derive_seed(state.seed, OBSERVATION_SEED_KEY, table.seq))
        seed = derive_seed(state.seed, AGENT_SEED_KEY + seat, table.seq)
        if self.workers and self.pool is None:
            # Spawned, not forked: the server's threads and sockets stay out of the workers.
            self.pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_exit_with_parent
            )
        if self.pool is not None:
            return await asyncio.get_running_loop().run_in_executor(self.pool, decide, spec, seed, observation)
        return await asyncio.to_thread(decide, spec, seed, observation)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)
            self.pool = None
