"""A load benchmark of the web server (not a test): `python -m dinotable.server.bench`.

Starts `dinotable serve` (on a fresh SQLite file unless `--database` names another), makes TABLES tables of
My Funny Dinos with SEATS people each, one WebSocket per seat, and optionally idle spectator sockets that read
every push (`--spectators`) and sockets that never read (`--stalled`: raw handshakes with a small receive
buffer), spread over the tables. Then every table plays random legal decisions at once: the seat to move picks
from the state its socket last received (after `--think` seconds on average; 0 loads the server as fast as it
answers), POSTs it, and waits until every seat's socket has the new state. One line per run says the rate,
the latency of a decision's answer (POST to answer, which comes once it is committed) at p50 and p99, the
push's at p99 (POST to the last seat's new state), the sockets attached, the never-reading ones the server
closed and the errors it logged. `--matrix` runs {SQLite, PostgreSQL given by `--postgres-url`} x {0.5 s
thinking, none} x {no extra sockets, 200 spectators + 10 never-reading} and prints a markdown table.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import IO, cast

import httpx2 as httpx  # the maintained httpx (the test client uses it too)
import websockets

# The server, logging its own INFO lines too (each socket it drops for not reading).
SERVE = (
    "import logging; logging.basicConfig(format='%(levelname)s: %(message)s');"
    "logging.getLogger('dinotable.server').setLevel(logging.INFO); from dinotable.cli.main import main; main()"
)
# Every socket and table comes from one address: the per-client limits are raised out of the way.
LIMITS = ("tables_per_minute=100000", "sockets=100000", "watched_tables=100000")
# Opening a socket on a loaded machine: a long handshake timeout, a few tries with exponential back-off,
# and only so many handshakes under way at once.
OPEN_TIMEOUT, OPEN_TRIES, FIRST_BACKOFF, OPENING = 60.0, 5, 0.5, 32
# A never-reading socket's receive window. The server's sends to it wait only once the server's own send
# buffer is full too, which the kernel grows to megabytes on loopback (about 2.8 MB here).
STALLED_RCVBUF = 4096
DRAIN_TIMEOUT = 3.0  # seconds for a never-reading socket's remains to end in the server's close, at the end
MATRIX_EXTRAS = (0, 0), (200, 10)  # (spectators, never-reading sockets)
MATRIX_THINKS = 0.5, 0.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """`dinotable serve` in a process of its own, and what its log said that went wrong."""

    process: subprocess.Popen
    port: int
    errors: list[str] = field(default_factory=list)
    drops: int = 0  # sockets it logged dropping for not reading

    @classmethod
    def start(cls, database: str) -> Server:
        port = free_port()
        args = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database", database, "--bot-pause", "0"]
        args += [part for limit in LIMITS for part in ("--limit", limit)]
        process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        server, seen, log = cls(process, port), [], cast(IO[str], process.stdout)  # a pipe, as asked
        for line in log:  # blocks until the next line, or the end if the server died
            seen.append(line)
            if "dinotable is serving on" in line:
                # Keep reading what the server logs, or a full pipe would stop it mid-request.
                threading.Thread(target=server.read_log, args=(log,), daemon=True).start()
                return server
        process.wait()
        raise SystemExit("the server did not start:\n" + "".join(seen))

    def read_log(self, log: IO[str]) -> None:
        for line in log:
            if "stopped reading" in line:
                self.drops += 1
            elif "ERROR" in line or "Traceback" in line:
                self.errors.append(line.strip())

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait()


@dataclass
class Run:
    """What one run measured."""

    decisions: int = 0
    elapsed: float = 0.0
    answers: list[float] = field(default_factory=list)  # seconds from a decision's POST to its answer
    pushes: list[float] = field(default_factory=list)  # seconds from the POST to the last seat's new state
    sockets: int = 0
    stalled: int = 0
    dropped: int = 0  # never-reading sockets the server closed
    logged_drops: int = 0  # sockets the server logged dropping
    load: float = 0.0  # the machine's load average (1 minute) as the decisions began: others' work skews it all
    errors: list[str] = field(default_factory=list)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] if ordered else float("nan")


async def backing_off(opening, gate: asyncio.Semaphore):
    """`opening()`'s connection, tried up to OPEN_TRIES times, waiting twice as long (and some) each time."""
    for attempt in range(OPEN_TRIES):
        try:
            async with gate:
                return await opening()
        except (OSError, TimeoutError, websockets.InvalidHandshake):
            if attempt == OPEN_TRIES - 1:
                raise
            await asyncio.sleep(FIRST_BACKOFF * 2**attempt * random.uniform(1, 1.5))


def connect(port: int, table: str, token: str | None, gate: asyncio.Semaphore):
    url = f"ws://127.0.0.1:{port}/ws/tables/{table}" + (f"?token={token}" if token else "")
    return backing_off(lambda: websockets.connect(url, open_timeout=OPEN_TIMEOUT, max_size=None), gate)


async def stall(port: int, table: str, gate: asyncio.Semaphore) -> socket.socket:
    """A spectator's WebSocket that, once its handshake is answered, never reads a byte."""

    async def opening() -> socket.socket:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, STALLED_RCVBUF)  # before connecting: it sets the window
        sock.setblocking(False)
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(loop.sock_connect(sock, ("127.0.0.1", port)), OPEN_TIMEOUT)
            key = base64.b64encode(os.urandom(16)).decode()
            request = (
                f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            )
            await loop.sock_sendall(sock, request.encode())
            head = await asyncio.wait_for(loop.sock_recv(sock, 1024), OPEN_TIMEOUT)  # its first bytes only
            if not head.startswith(b"HTTP/1.1 101"):
                raise websockets.InvalidHandshake(head[:80].decode(errors="replace"))
            return sock
        except BaseException:
            sock.close()
            raise

    return await backing_off(opening, gate)


async def closed_by_server(sock: socket.socket) -> bool:
    """Reads what the server had sent a never-reading socket: True when it ends in the server's close."""
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(DRAIN_TIMEOUT):
            while await loop.sock_recv(sock, 1 << 16):
                pass
        return True
    except TimeoutError:
        return False
    except OSError:  # reset: closed too
        return True
    finally:
        sock.close()


async def state_after(ws, seq: int) -> dict:
    """The socket's next table state at `seq` or later (skipping presence messages and older states)."""
    while True:
        doc = json.loads(await ws.recv())
        if "error" in doc:
            raise SystemExit(f"a socket was refused: {doc['error']}")
        if doc.get("seq", -1) >= seq:
            return doc


async def spectate(ws) -> None:
    """An idle spectator: reads every push (and makes nothing of it) until the socket closes."""
    try:
        while True:
            await ws.recv(decode=False)
    except websockets.ConnectionClosed:
        pass


async def play(http, table: tuple, decisions: int, think: float, rng: random.Random, run: Run) -> None:
    """Plays `decisions` at `table` (its id, its seats' tokens and sockets), timing each."""
    table_id, tokens, sockets = table
    latest = [await state_after(ws, 0) for ws in sockets]
    played = 0
    while played < decisions and not latest[0]["over"]:
        if think:
            await asyncio.sleep(rng.uniform(0, 2 * think))  # a person thinking, on average `think` seconds
        mover = latest[0]["to_move"]
        mine = latest[mover]
        body = {"token": tokens[mover], "seq": mine["seq"], "action": rng.choice(mine["legal"])["id"]}
        began = time.perf_counter()
        answer = await http.post(f"/api/tables/{table_id}/actions", json=body)
        run.answers.append(time.perf_counter() - began)
        if answer.status_code != 200:
            raise SystemExit(f"a decision was refused ({answer.status_code}): {answer.text}")
        seq = answer.json()["seq"]
        latest = [await state_after(ws, seq) for ws in sockets]
        run.pushes.append(time.perf_counter() - began)
        played += 1
    run.decisions += played


async def measure(port: int, args, think: float, spectators: int, stalled: int) -> Run:
    """Attaches every socket, then plays at every table at once."""
    tables, seats, decisions, seed = args.tables, args.seats, args.decisions, args.seed
    run, rng, gate = Run(), random.Random(seed), asyncio.Semaphore(OPENING)
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=120) as http:

        async def make() -> dict:
            async with gate:
                body = {"game": "my-funny-dinos", "players": [{"type": "human"}] * seats, "seed": rng.getrandbits(40)}
                answer = await http.post("/api/tables", json=body)
            if answer.status_code != 200:
                raise SystemExit(f"no table ({answer.status_code}): {answer.text}")
            return answer.json()

        made = await asyncio.gather(*(make() for _ in range(tables)))
        ids = [m["table"] for m in made]
        tokens = [[s["token"] for s in m["seats"]] for m in made]
        # Everything is attached before the first decision: the seats, then the extras spread over the tables.
        seated = await asyncio.gather(*(connect(port, ids[t], tok, gate) for t in range(tables) for tok in tokens[t]))
        watching = await asyncio.gather(*(connect(port, ids[i % tables], None, gate) for i in range(spectators)))
        readers = [asyncio.create_task(spectate(ws)) for ws in watching]
        stuck = await asyncio.gather(*(stall(port, ids[i % tables], gate) for i in range(stalled)))
        run.sockets, run.stalled = len(seated) + len(watching) + len(stuck), len(stuck)
        try:
            run.load, began = os.getloadavg()[0], time.perf_counter()
            at = [(ids[t], tokens[t], seated[t * seats : (t + 1) * seats]) for t in range(tables)]
            await asyncio.gather(
                *(play(http, at[t], decisions, think, random.Random(seed + t), run) for t in range(tables))
            )
            run.elapsed = time.perf_counter() - began
            run.dropped = sum(await asyncio.gather(*(closed_by_server(sock) for sock in stuck)))
        finally:
            await asyncio.gather(*(ws.close() for ws in [*seated, *watching]), return_exceptions=True)
            await asyncio.gather(*readers, return_exceptions=True)
    return run


def bench(database: str | None, args, think: float, spectators: int, stalled: int) -> Run:
    url = database or f"sqlite:///{tempfile.mkdtemp(prefix='dinotable-bench-')}/bench.db"
    server = Server.start(url)
    try:
        run = asyncio.run(measure(server.port, args, think, spectators, stalled))
    finally:
        server.stop()
    run.errors, run.logged_drops = server.errors, server.drops
    return run


def figures(run: Run) -> tuple[float, float, float]:
    """The answer's p50 and p99 and the push's p99, in milliseconds."""
    return (
        1000 * percentile(run.answers, 0.5),
        1000 * percentile(run.answers, 0.99),
        1000 * percentile(run.pushes, 0.99),
    )


def line(run: Run, args, think: float) -> str:
    p50, p99, push = figures(run)
    said = (
        f"{args.tables} tables x {args.seats} WebSocket clients, {think:g} s thinking: {run.decisions} decisions in "
        f"{run.elapsed:.1f} s ({run.decisions / run.elapsed:.0f} a second); answer p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
        f"push p99 {push:.1f} ms; {run.sockets} sockets attached; load average {run.load:.1f} at the start"
    )
    if run.stalled:
        said += f", {run.dropped} of {run.stalled} never-reading ones closed by the server"
    if run.stalled or run.logged_drops:
        said += f" (its log: {run.logged_drops} dropped)"
    if run.errors:
        said += f"; THE SERVER LOGGED {len(run.errors)} ERRORS, the first: {run.errors[0]}"
    return said


def matrix(args) -> None:
    databases = [("SQLite", None)] + ([("PostgreSQL", args.postgres_url)] if args.postgres_url else [])
    rows = []
    for name, url in databases:
        for think in MATRIX_THINKS:
            for spectators, stalled in MATRIX_EXTRAS:
                run = bench(url, args, think, spectators, stalled)
                print(f"{name}: {line(run, args, think)}", flush=True)
                extra = f"{spectators} spectators + {stalled} never reading" if spectators or stalled else "none"
                if stalled:
                    extra += f" ({run.dropped} dropped)"
                if run.errors:
                    extra += f"; **{len(run.errors)} server errors**"
                cells = [name, f"{think:g} s" if think else "saturated (0)", extra]
                cells += [f"{run.decisions} ({run.decisions / run.elapsed:.0f}/s)", *(f"{f:.1f}" for f in figures(run))]
                rows.append(f"| {' | '.join(cells)} | {run.load:.1f} |")
    cpus = os.cpu_count()
    print(f"\n{args.tables} tables x {args.seats} seats, at most {args.decisions} decisions a table, {cpus} CPUs:")
    print("\n| database | think | extra sockets | decisions | p50 ms | p99 ms | push p99 ms | load |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=40, help="random decisions per table (or to the end)")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a seat thinks before deciding")
    parser.add_argument("--database", default=None, help="a database URL (default: SQLite in a temp folder)")
    parser.add_argument("--spectators", type=int, default=0, help="idle spectator sockets, spread over the tables")
    parser.add_argument("--stalled", type=int, default=0, help="sockets that never read, spread over the tables")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--matrix", action="store_true", help="run the matrix below and print a markdown table")
    parser.add_argument("--postgres-url", default=None, help="with --matrix: a postgresql+psycopg URL to run on too")
    args = parser.parse_args()
    if args.matrix:
        matrix(args)
    else:
        print(line(bench(args.database, args, args.think, args.spectators, args.stalled), args, args.think))


if __name__ == "__main__":
    main()
