"""The WebSockets watching tables: each has its own sender, so no change ever waits on a client.

A change marks every socket of its table as behind; each socket's sender then sends its seat the table state
as it is at that moment (made once per change and viewer, and shared). A socket that is behind by several
changes gets only the newest state, so what waits for a socket is one flag, not a queue of states. A send
that takes longer than SEND_TIMEOUT (a client that stopped reading) drops the socket: the client reconnects
and is sent the whole state, as after any drop. A seat coming or going is told to the other sockets as a
small presence message (who is connected); a spectator coming or going is told to no one. A finished
table's analysis in progress is told the same way, as a small message of which only the newest waits.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import Awaitable, Callable

from starlette.websockets import WebSocket

log = logging.getLogger("dinotable.server")
# Seconds a single send may take before the socket is dropped.
SEND_TIMEOUT = 5.0
# Seconds a dropped socket's close may take before its connection is given up.
CLOSE_TIMEOUT = 1.0


class Watcher:
    """One WebSocket watching a table as `seat` (None: a spectator), from client `address`."""

    def __init__(self, websocket: WebSocket, table_id: str, seat: int | None, address: str) -> None:
        self.websocket, self.table_id, self.seat, self.address = websocket, table_id, seat, address
        self.behind = True  # the state is due (a newcomer gets it first)
        self.presence: list[int] | None = None  # the connected seats, when that is news and no state is due
        self.analysis: dict | None = None  # the table's analysis's progress, when that is news
        self.wake = asyncio.Event()
        self.wake.set()
        self.dropped = False
        self.sent_bytes = 0

    def changed(self) -> None:
        self.behind, self.presence = True, None
        self.wake.set()

    def arrived(self, connected: list[int]) -> None:
        if not self.behind:
            self.presence = connected
            self.wake.set()

    def analysed(self, progress: dict) -> None:
        self.analysis = progress
        self.wake.set()

    async def send(self, make_state: Callable[[Watcher], Awaitable[str | None]]) -> None:
        """Sends what is due, each time something is, until the socket closes or falls behind.
        `make_state` gives the state for this socket now (None: the table is gone)."""
        try:
            while not self.dropped:
                await self.wake.wait()
                self.wake.clear()
                if self.behind:
                    self.behind, self.presence = False, None
                    text = await make_state(self)
                elif self.presence is not None:
                    text = json.dumps({"presence": self.presence}, separators=(",", ":"))
                    self.presence = None
                elif self.analysis is not None:
                    text = json.dumps({"analysis": self.analysis}, separators=(",", ":"))
                    self.analysis = None
                else:
                    continue
                if self.analysis is not None:
                    self.wake.set()  # the state went first; the analysis's news goes next
                if text is None:
                    continue
                await asyncio.wait_for(self.websocket.send_text(text), SEND_TIMEOUT)
                self.sent_bytes += len(text)
        except TimeoutError:
            log.info("dropped a WebSocket of table %s that stopped reading", self.table_id)
            await self.drop(1013, "this connection fell behind: reconnect for the whole state")
        except Exception:  # the socket closed meanwhile; its handler takes it off the table
            self.dropped = True

    async def drop(self, code: int, why: str) -> None:
        """Tells the client why, and closes the socket with `code`, giving up on a client that takes neither."""
        self.dropped = True
        self.wake.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.send_json({"error": why}), CLOSE_TIMEOUT)
        try:
            await asyncio.wait_for(self.websocket.close(code=code), CLOSE_TIMEOUT)
        except Exception:
            self.cut()

    def cut(self) -> None:
        """Ends the connection at once, whatever is still waiting to be sent: a client that reads nothing
        would otherwise hold it, and the kernel's buffers, for good. uvicorn offers the app no way to do this,
        so it is done on the protocol behind the socket's `receive` (its `send` is wrapped), when there is one."""
        protocol = getattr(getattr(self.websocket, "_receive", None), "__self__", None)
        transport = getattr(protocol, "transport", None)
        if transport is not None and hasattr(transport, "abort"):
            transport.abort()


class Watchers:
    """Every socket watching a table here: by table, the seats connected, and what each client holds."""

    def __init__(self) -> None:
        self.by_table: dict[str, set[Watcher]] = {}
        self.seats: dict[str, Counter[int]] = {}
        self.clients: dict[str, Counter[str]] = {}  # per address: its sockets per table

    def refusal(self, address: str, table_id: str, sockets: int, tables: int) -> str | None:
        """Why a new socket from `address` would go over its limits, or None."""
        held = self.clients.get(address, Counter())
        if sum(held.values()) >= sockets:
            return f"at most {sockets} WebSockets open at once from one client (sockets): close one first"
        if table_id not in held and len(held) >= tables:
            return f"at most {tables} tables watched at once from one client (watched_tables): close one first"
        return None

    def add(self, watcher: Watcher) -> None:
        self.by_table.setdefault(watcher.table_id, set()).add(watcher)
        self.clients.setdefault(watcher.address, Counter())[watcher.table_id] += 1
        if watcher.seat is not None:
            self.seats.setdefault(watcher.table_id, Counter())[watcher.seat] += 1

    def remove(self, watcher: Watcher) -> None:
        """Takes the socket off its table (once, however often it is asked)."""
        table = self.by_table.get(watcher.table_id)
        if table is None or watcher not in table:
            return
        table.discard(watcher)
        if not table:
            del self.by_table[watcher.table_id]
        _uncount(self.clients, watcher.address, watcher.table_id)
        if watcher.seat is not None:
            _uncount(self.seats, watcher.table_id, watcher.seat)

    def of(self, table_id: str) -> set[Watcher]:
        return self.by_table.get(table_id, set())

    def connected(self, table_id: str) -> frozenset[int]:
        """The seats with a socket open on the table."""
        return frozenset(self.seats.get(table_id, ()))

    def changed(self, table_id: str) -> None:
        for watcher in self.of(table_id):
            watcher.changed()

    def analysis(self, table_id: str, progress: dict) -> None:
        """Tells the table's sockets how its analysis goes (`{"status": ..., ...}`)."""
        for watcher in self.of(table_id):
            watcher.analysed(progress)

    def presence(self, table_id: str, newcomer: Watcher | None = None) -> None:
        """Tells the table's other sockets which seats are connected now."""
        connected = sorted(self.connected(table_id))
        for watcher in self.of(table_id):
            if watcher is not newcomer:
                watcher.arrived(connected)


def _uncount(counts: dict, key, item) -> None:
    counts[key][item] -= 1
    if counts[key][item] <= 0:
        del counts[key][item]
    if not counts[key]:
        del counts[key]
