"""Bots as seat types: each level is one of the project's agents with a budget.

A bot decides from an Observation (a copy of the table determinized for its seat), so it reads no secret.
It thinks off the server's event loop: in a process pool when the server has one (`dinotable serve` does,
one process per CPU but one, and at least two), else in a worker thread. Each decision gets a fresh agent
seeded from the table's seed, the seat and the decision's number, so a decision does not depend on where it
was thought, or on a restart in between.

The workers are shared fairly: a table's bots wait for a worker in turn with every other table's (one
decision at a time, then to the back of the line), and a table where a person sits goes before a table of
bots only. A table of bots only may use all workers but one, so a person's bot never waits behind them.
Other search work takes turns the same way (`run`): a hint as a person's, a finished table's analysis a
chunk at a time as a table of bots only's.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
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


def default_workers() -> int:
    """The bot processes a server starts with: one per CPU but one (the server's own), and at least two, so
    that one is always free for a table where a person sits."""
    return max(2, (os.cpu_count() or 1) - 1)


class Turns:
    """Workers handed out in turn: persons' tables first, then bots-only tables, each in the order they
    asked; bots-only tables hold at most `workers - 1` at once (all of them when there is only one)."""

    def __init__(self, workers: int) -> None:
        self.free = workers
        self.bots_only_cap = max(1, workers - 1)
        self.bots_only = 0
        self.waiting: list[tuple[int, int, asyncio.Future]] = []
        self.order = itertools.count()

    def queued(self) -> int:
        return len(self.waiting)

    @contextlib.asynccontextmanager
    async def turn(self, person: bool):
        ticket = (0 if person else 1, next(self.order), asyncio.get_running_loop().create_future())
        heapq.heappush(self.waiting, ticket)
        self._hand_out()
        try:
            await ticket[2]
        except BaseException:
            if ticket[2].done() and not ticket[2].cancelled():
                self._give_back(person)  # handed a worker just as it was cancelled
            else:
                self.waiting.remove(ticket)
                heapq.heapify(self.waiting)
            raise
        try:
            yield
        finally:
            self._give_back(person)

    def _give_back(self, person: bool) -> None:
        self.free += 1
        if not person:
            self.bots_only -= 1
        self._hand_out()

    def _hand_out(self) -> None:
        skipped = []
        while self.free and self.waiting:
            ticket = heapq.heappop(self.waiting)
            if ticket[0] and self.bots_only >= self.bots_only_cap:
                skipped.append(ticket)  # a bots-only table waits for one of its own to end
                continue
            self.free -= 1
            self.bots_only += 1 if ticket[0] else 0
            ticket[2].set_result(None)
        for ticket in skipped:
            heapq.heappush(self.waiting, ticket)


def decide(spec: str, seed: int, observation: Observation) -> int:
    """One bot decision (run in a worker process or thread)."""
    return make_agent(spec, observation.game, seed).act(observation)


class Bots:
    def __init__(self, levels: dict[str, str], workers: int = 0) -> None:
        self.levels = levels
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.turns = Turns(max(1, workers))

    def check(self, level: str | None) -> bool:
        return level in self.levels

    async def think(self, table, person: bool) -> int:
        """The action the bot to move at `table` takes, once it has a worker (`person`: a person sits there)."""
        async with self.turns.turn(person):
            return await self._think(table)

    async def run(self, fn, *args, person: bool):
        """`fn(*args)` (a module-level function: it may run in a worker process) once it has a worker, in turn
        with the bots (`person`: at a person's priority, else at a table of bots only's)."""
        async with self.turns.turn(person):
            return await self._run(fn, *args)

    async def _think(self, table) -> int:
        state = table.state
        seat = state.current_player
        spec = self.levels[table.seats[seat].level]
        observation = Observation(state, seat, derive_seed(state.seed, OBSERVATION_SEED_KEY, table.seq))
        seed = derive_seed(state.seed, AGENT_SEED_KEY + seat, table.seq)
        return await self._run(decide, spec, seed, observation)

    async def _run(self, fn, *args):
        if self.workers and self.pool is None:
            # Spawned, not forked: the server's threads and sockets stay out of the workers.
            self.pool = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"), initializer=_exit_with_parent
            )
        if self.pool is not None:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        return await asyncio.to_thread(fn, *args)

    def close(self) -> None:
        """Stops the workers at once: a decision being thought is dropped (it is thought again after a
        restart, to the same action)."""
        if self.pool is not None:
            workers = list(getattr(self.pool, "_processes", {}).values())  # the pool offers no way to stop them
            self.pool.shutdown(wait=False, cancel_futures=True)
            for process in workers:
                with contextlib.suppress(Exception):
                    process.terminate()
            self.pool = None
