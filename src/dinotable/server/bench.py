"""A load benchmark of the web server (not a test): `python -m dinotable.server.bench`.

Starts `dinotable serve` on a free port with a fresh SQLite file, makes TABLES tables of My Funny Dinos with
four people each, opens one WebSocket per seat (4 x TABLES sockets), and plays random legal decisions at all
tables at once: the seat to move picks from the state its socket last received (after `--think` seconds on
average; 0, the default, loads the server as fast as it answers), POSTs it, and every socket of the table
waits for the push that follows. Prints the decisions' latency (from the POST to its answer, which
comes once the decision is stored and pushed) at the median and the 99th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

import httpx2 as httpx  # the maintained httpx (the test client uses it too)
import websockets

SERVE = "from dinotable.cli.main import main; main()"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(database: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    args = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database", database, "--bot-pause", "0"]
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        if "Uvicorn running on" in line:
            # Keep reading what the server logs, or a full pipe would stop it mid-request.
            threading.Thread(target=process.stderr.read, daemon=True).start()
            return process, port
    raise SystemExit("the server did not start")


async def play_table(
    http, port: int, seats: int, decisions: int, think: float, rng: random.Random, latencies: list
) -> int:
    body = {"game": "my-funny-dinos", "players": [{"type": "human"}] * seats, "seed": rng.randrange(1 << 40)}
    made = (await http.post("/api/tables", json=body)).json()
    table, tokens = made["table"], [s["token"] for s in made["seats"]]
    sockets = [
        await websockets.connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}", max_size=None)
        for token in tokens
    ]
    try:
        latest = [json.loads(await ws.recv()) for ws in sockets]
        # A socket's connection makes the others' seats show as connected: read until each has seen all.
        for i, ws in enumerate(sockets):
            while not all(s["connected"] for s in latest[i]["seats"]):
                latest[i] = json.loads(await ws.recv())
        played = 0
        while played < decisions and not latest[0]["over"]:
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))  # a person thinking, on average `think` seconds
            mover = latest[0]["to_move"]
            mine = latest[mover]
            action = rng.choice(mine["legal"])["id"]
            began = time.perf_counter()
            answer = await http.post(
                f"/api/tables/{table}/actions", json={"token": tokens[mover], "seq": mine["seq"], "action": action}
            )
            latencies.append(time.perf_counter() - began)
            if answer.status_code != 200:
                raise SystemExit(f"refused: {answer.text}")
            latest = [json.loads(await ws.recv()) for ws in sockets]
            played += 1
        return played
    finally:
        for ws in sockets:
            await ws.close()


async def run(port: int, tables: int, seats: int, decisions: int, think: float, seed: int) -> None:
    latencies: list[float] = []
    limits = httpx.Limits(max_connections=tables, max_keepalive_connections=tables)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits, timeout=60) as http:
        began = time.perf_counter()
        counts = await asyncio.gather(
            *(
                play_table(http, port, seats, decisions, think, random.Random(seed + i), latencies)
                for i in range(tables)
            )
        )
        elapsed = time.perf_counter() - began
    latencies.sort()
    total = sum(counts)
    p50, p99 = latencies[len(latencies) // 2], latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(
        f"{tables} tables x {seats} WebSocket clients, {think:g} s thinking: {total} decisions in {elapsed:.1f} s "
        f"({total / elapsed:.0f} a second); latency p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=40, help="random decisions per table (or to the end)")
    parser.add_argument("--database", default=None, help="a database URL (default: SQLite in a temp folder)")
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds a seat thinks before deciding")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    database = args.database or f"sqlite:///{tempfile.mkdtemp(prefix='dinotable-bench-')}/bench.db"
    process, port = start(database)
    try:
        asyncio.run(run(port, args.tables, args.seats, args.decisions, args.think, args.seed))
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


if __name__ == "__main__":
    main()
