"""Database work and long replays off the event loop, and one change at a time per table.

A request that reads or changes a table holds that table's lock (`Locks`) from reading the table to applying
the change, so changes to one table never interleave, while the database work itself runs in a thread: a
slow or locked database holds up the requests of that table, never another table's. Writes and reads have
threads of their own, so a write waiting on a lock leaves reads free. A database that cannot do the work
(locked past its busy wait, read-only, a full disk, gone) gives a 503 saying which, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy.exc import DBAPIError, IntegrityError

# Threads for the database: a write holds SQLite's one write lock, so a few suffice; reads run side by side.
WRITERS = 4
READERS = 8


class ApiError(Exception):
    """A request refused: the HTTP status and a message naming what was wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Clash(Exception):
    """Another change took the same place first (the database's unique key)."""


def unavailable(exc: DBAPIError, writing: bool) -> ApiError:
    """The 503 for a database failure, saying what the database said in words a person can act on."""
    said = str(exc.orig or exc).lower()
    if "read-only" in said or "readonly" in said or "read only" in said:
        why = "it is read-only"
    elif "locked" in said or "busy" in said:
        why = "another program holds it locked"
    elif "full" in said or "no space" in said:
        why = "its disk is full"
    else:
        why = "it cannot be reached"
    if writing:
        return ApiError(503, f"the database cannot take the change now ({why}); nothing was changed: try again later")
    return ApiError(503, f"the database cannot be read now ({why}): try again later")


class Work:
    """The threads the database work runs in."""

    def __init__(self) -> None:
        self.writers = ThreadPoolExecutor(WRITERS, thread_name_prefix="dinotable-write")
        self.readers = ThreadPoolExecutor(READERS, thread_name_prefix="dinotable-read")

    async def read(self, fn, *args):
        try:
            return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)
        except DBAPIError as exc:
            raise unavailable(exc, writing=False) from None

    async def write(self, fn, *args):
        try:
            return await asyncio.get_running_loop().run_in_executor(self.writers, fn, *args)
        except IntegrityError:
            raise Clash from None
        except DBAPIError as exc:
            raise unavailable(exc, writing=True) from None

    def close(self) -> None:
        self.writers.shutdown(wait=False, cancel_futures=True)
        self.readers.shutdown(wait=False, cancel_futures=True)


class Locks:
    """A lock per key, kept only while someone holds or waits for it."""

    def __init__(self) -> None:
        self.locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, key: str):
        lock, users = self.locks.setdefault(key, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self.locks[key]
