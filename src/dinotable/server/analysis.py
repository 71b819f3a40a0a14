"""A finished table's analysis, made on the server: once, kept in the database, told to the table's watchers.

The analysis (`dinotable.analysis.engine`) judges every decision of the record with the search agent, in
chunks; each chunk waits for a bot worker in turn, at the priority of a table of bots only, so that a
person's bot never waits behind more than one chunk. At most MAX_RUNNING analyses run at once (the others
queue, "running" with nothing done). The review it gives (`dinotable.analysis.review`) is kept with the table
for the rules version and budget it was made at, so a second request, a restart or another process finds
it. A finished game's record is public, so its analysis is too: no token is needed.

While an analysis runs, the table's sockets are told how far it is, at most once every PROGRESS_INTERVAL
seconds (`{"analysis": {"status": "running", "done", "total"}}`), and `{"analysis": {"status": "ready"}}`
(or "failed", with the error) at the end; like a presence message, only the newest waits for a socket.
Shutting down drops an analysis in progress: nothing is kept, and it can be started again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dinotable.analysis.chances import is_team, mapping_for
from dinotable.analysis.engine import Plan, judge
from dinotable.analysis.review import review
from dinotable.core.rng import derive_seed
from dinotable.server.limits import Rate, TooMany
from dinotable.server.store import now
from dinotable.server.work import ApiError, Clash

if TYPE_CHECKING:
    from dinotable.server.live import LiveTable
    from dinotable.server.push import Watcher
    from dinotable.server.tables import Server

log = logging.getLogger("dinotable.server")

ANALYSIS_SEED_KEY = 5_100  # the analysis's seed, from the table's (apart from the game's own chance)
MAX_RUNNING = 2  # analyses searching at once; more wait their turn
PROGRESS_INTERVAL = 1.0  # seconds between two progress messages of a table's analysis
KEPT_ANSWERS = 8  # finished analyses kept in memory as JSON text


def signed(seed: int) -> int:
    """A 64-bit seed as the database's signed column keeps it (the generator reads it modulo 2**64)."""
    return seed - (1 << 64) if seed >= 1 << 63 else seed


def over_or_refused(table: LiveTable) -> None:
    """A table is analysed only once its game is over: before that, its record holds every secret."""
    if not table.state.is_over:
        raise ApiError(403, f"a table is analysed only once its game is over; meanwhile watch it live at /t/{table.id}")


@dataclass
class Progress:
    """An analysis running (or waiting its turn) in this process."""

    done: int
    total: int
    told_at: float = float("-inf")  # when its watchers were last told
    task: asyncio.Task | None = None

    def doc(self) -> dict:
        return {"status": "running", "done": self.done, "total": self.total}


class Analyses:
    """The analyses this process runs, and the finished ones it answers from the database."""

    def __init__(self, server: Server, budget: int | None = None) -> None:
        self.server = server
        self.budget = budget  # search iterations per decision; None: each game's calibrated budget
        self.running: dict[str, Progress] = {}
        self.slots = asyncio.Semaphore(MAX_RUNNING)
        self.started = Rate("analyses", "analyses_per_hour", window=3600.0, span="an hour")
        self.interval = PROGRESS_INTERVAL
        self.answers: OrderedDict[tuple, str] = OrderedDict()  # ready analyses' answers, by key

    def key(self, table: LiveTable) -> tuple[str, str, int]:
        """What an analysis is kept under: the table, the rules version and the search's budget."""
        _, budget = mapping_for(table.game.name, is_team(table.state), self.budget)
        return table.id, table.game.version, budget

    async def status(self, table_id: str) -> str:
        """The analysis's status as JSON text: running here, kept in the database (ready or failed), or none."""
        table = await self.server.table(table_id)
        over_or_refused(table)
        return (await self._status(table))[1]

    async def _status(self, table: LiveTable) -> tuple[str, str]:
        """The status's word, and the whole answer as JSON text."""
        progress = self.running.get(table.id)
        if progress is not None:
            return "running", _text(progress.doc())
        key = self.key(table)
        if key in self.answers:
            self.answers.move_to_end(key)
            return "ready", self.answers[key]
        row = await self.server.work.read(self.server.store.analysis, *key)
        if row is None:
            return "none", _text({"status": "none", "done": 0, "total": table.seq})
        if row["status"] == "failed":
            return "failed", _text({"status": "failed", "done": 0, "total": table.seq, "error": row["error"]})
        text = _text({"status": "ready", "done": table.seq, "total": table.seq, "review": row["doc"]})
        self.answers[key] = text
        while len(self.answers) > KEPT_ANSWERS:
            self.answers.popitem(last=False)
        return "ready", text

    async def start(self, table_id: str, address: str) -> str:
        """Starts the table's analysis unless it runs or is kept already (a failed one is tried again); the
        answer is its status, as `status` gives it. Only a start counts against the client's limit."""
        table = await self.server.table(table_id)
        over_or_refused(table)
        status, text = await self._status(table)
        if status in ("running", "ready"):
            return text
        if table_id in self.running:  # started by another request while this one read the database
            return _text(self.running[table_id].doc())
        try:
            self.started.take(address, self.server.limits.analyses_per_hour)
        except TooMany as exc:
            raise ApiError(429, str(exc)) from None
        progress = Progress(0, table.seq)
        self.running[table_id] = progress
        progress.task = self.server.spawn(self._run(table, progress))
        self._tell(table_id, progress.doc())
        return _text(progress.doc())

    async def idle(self, table_id: str) -> None:
        """Returns once no analysis of the table runs here (the tests wait on it)."""
        while (progress := self.running.get(table_id)) is not None and progress.task is not None:
            await asyncio.wait([progress.task])

    async def _run(self, table: LiveTable, progress: Progress) -> None:
        table_id, version, budget = self.key(table)
        seed = signed(derive_seed(table.state.seed, ANALYSIS_SEED_KEY))
        record = table.state.to_json()
        try:
            async with self.slots:
                plan = await asyncio.to_thread(Plan, record, None, budget, seed)  # a replay: off the event loop
                progress.total = plan.total
                results = []
                for job in plan.jobs:  # one chunk per turn, so a person's bot waits behind one chunk at most
                    result = await self.server.bots.run(judge, job, person=False)
                    results.append(result)
                    progress.done += result["steps"]
                    if time.monotonic() - progress.told_at >= self.interval:
                        self._tell(table_id, progress.doc())
                doc = await asyncio.to_thread(lambda: review(plan.assemble(results)))
            await self._keep(table_id, version, budget, seed, doc, None)
            self._tell(table_id, {"status": "ready"})
        except Exception as exc:  # not a cancellation: shutting down keeps nothing
            log.exception("the analysis of table %s failed", table_id)
            error = f"the analysis failed: {exc}" if str(exc) else f"the analysis failed ({type(exc).__name__})"
            try:
                await self._keep(table_id, version, budget, seed, None, error)
            except Exception:
                log.exception("the failed analysis of table %s could not be kept", table_id)
            self._tell(table_id, {"status": "failed", "error": error})
        finally:
            self.running.pop(table_id, None)

    async def _keep(self, table_id: str, version: str, budget: int, seed: int, doc, error) -> None:
        # Another process may have kept the same analysis first (the same seed gives the same one): it stays.
        with contextlib.suppress(Clash):
            await self.server.work.write(
                self.server.store.save_analysis, table_id, version, budget, seed, doc, error, now()
            )

    def greet(self, watcher: Watcher) -> None:
        """Tells a new socket of its table's analysis in progress, if one runs here."""
        progress = self.running.get(watcher.table_id)
        if progress is not None:
            watcher.analysed(progress.doc())

    def _tell(self, table_id: str, doc: dict) -> None:
        progress = self.running.get(table_id)
        if progress is not None:
            progress.told_at = time.monotonic()
        self.server.watchers.analysis(table_id, doc)


def _text(doc: dict) -> str:
    return json.dumps(doc, separators=(",", ":"))
