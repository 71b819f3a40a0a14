"""Hostile clients against a real `dinotable serve` process on loopback (the issue's figures): a socket that
never reads, hundreds of watchers, huge bodies, a frame flood, a crowd of bot tables, the quotas, a lone
surrogate, a read-only and a locked database, SIGTERM while bots think. Each test times or counts what the
issue names and asserts its figure; test_server_limits.py checks the same rules in-process."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import signal
import socket
import sqlite3
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx2 as httpx  # the maintained httpx (the test client uses it too)
import pytest
from websockets.asyncio.client import connect as connect_async
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from .helpers import free_port, tokens_of

SERVE = "from dinotable.cli.main import main; main()"
TWO_PEOPLE = [{"type": "human"}, {"type": "human"}]
HARD = {"type": "bot", "level": "hard"}


class Served:
    """A running `dinotable serve`: its process and port."""

    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process, self.port = process, port
        self.base = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws/tables"
        self.sockets: list[socket.socket] = []  # a test's own sockets, closed with the server

    def own(self, sock: socket.socket) -> socket.socket:
        self.sockets.append(sock)
        return sock

    def stop(self, sig: int = signal.SIGKILL) -> float:
        """Signals the server and waits for it to end; returns the seconds it took."""
        began = time.perf_counter()
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=30)
        self.drain.join()  # the pipe ends with the process
        return time.perf_counter() - began


@contextlib.contextmanager
def serving(database: str, *extra: str):
    """`dinotable serve` on a free port with `extra` arguments (`--limit sockets=1000`); killed at the end
    unless the test stopped it itself."""
    port = free_port()
    args = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database", database, "--bot-pause", "0"]
    process = subprocess.Popen([*args, *extra], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: list[str] = []
    for line in process.stdout:  # blocks until the next line, or the end if the server died
        log.append(line)
        if "dinotable is serving on" in line:
            break
    else:
        process.wait()
        raise AssertionError("the server did not start:\n" + "".join(log))
    served = Served(process, port)
    # Keep reading what the server logs, or a full pipe would stop it mid-request.
    served.drain = threading.Thread(target=lambda: log.extend(process.stdout), daemon=True)
    served.drain.start()
    try:
        yield served
    finally:
        for sock in served.sockets:
            sock.close()
        served.stop()
        process.stdout.close()


def new_table(http: httpx.Client, players: list[dict], seed: int = 1) -> dict:
    response = http.post("/api/tables", json={"game": "my-funny-dinos", "players": players, "seed": seed})
    assert response.status_code == 200, response.text
    return response.json()


def decide(http: httpx.Client, table: str, tokens: dict[int, str]) -> tuple[httpx.Response, float]:
    """The seat to move takes its last legal action; the answer and the seconds the POST took."""
    seat = http.get(f"/api/tables/{table}").json()["to_move"]
    mine = http.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
    body = {"token": tokens[seat], "seq": mine["seq"], "action": mine["legal"][-1]["id"]}
    return timed_post(http, f"/api/tables/{table}/actions", body)


def seq_of(http: httpx.Client, table: str) -> int:
    return http.get(f"/api/tables/{table}").json()["seq"]


def person_to_move(http: httpx.Client, table: str, token: str) -> dict:
    """Seat 0's state once it is to move (its bots have answered)."""

    def mine():
        state = http.get(f"/api/tables/{table}", params={"token": token}).json()
        return state if state["to_move"] == 0 else None

    return wait_for(mine, 20, "the person to move")


def timed_post(http: httpx.Client, path: str, body: dict) -> tuple[httpx.Response, float]:
    began = time.perf_counter()
    response = http.post(path, json=body)
    return response, time.perf_counter() - began


def wait_for(condition, seconds: float, what: str):
    """Polls `condition` until it gives something true, or fails after `seconds` saying `what` never came."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"{what}: not within {seconds} s")


@contextlib.contextmanager
def pinging(base: str, path: str):
    """Another client GETting `path` over and over in a thread while a test attacks; yields the GETs so far,
    each as (when it began, the seconds its answer took), and the statuses seen."""
    latencies: list[tuple[float, float]] = []
    statuses: set[int] = set()
    done = threading.Event()

    def run() -> None:
        with httpx.Client(base_url=base) as http:
            while not done.is_set():
                began = time.perf_counter()
                statuses.add(http.get(path).status_code)
                latencies.append((began, time.perf_counter() - began))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    wait_for(lambda: latencies, 5, "a first GET")
    try:
        yield latencies, statuses
    finally:
        done.set()
        thread.join(10)


def held_up(gets: list[tuple[float, float]]) -> bool:
    """Whether the other client was held up: its GETs answer in under 100 ms (nine in ten, so that one pause of
    a busy test machine is not taken for a stall) and none took a second (the stalls were 5 to 16 s)."""
    took = sorted(t for _, t in gets)
    return took[int(len(took) * 0.9)] >= 0.1 or took[-1] >= 1.0


# A WebSocket by hand, so a test controls its buffers and every byte it sends.
def raw_socket(served: Served, path: str, receive_buffer: int | None = None) -> socket.socket:
    """A WebSocket opened by hand (its receive buffer set before connecting, so the kernel keeps it small);
    reads the handshake's answer byte by byte, so no frame is taken off the socket."""
    sock = served.own(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
    if receive_buffer:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", served.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        byte = sock.recv(1)
        assert byte, f"the server closed during the handshake: {head!r}"
        head += byte
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def text_frame(payload: bytes) -> bytes:
    """A client's text frame (masked, as a client's must be) of under 126 bytes."""
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def read_frame(sock: socket.socket) -> tuple[int, bytes]:
    """The next frame from the server (unmasked, uncompressed: the hand-made handshake asked for no deflate)."""
    first, second = recv_exact(sock, 2)
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", recv_exact(sock, 2))[0]
    elif length == 127:
        length = struct.unpack("!Q", recv_exact(sock, 8))[0]
    return first & 0x0F, recv_exact(sock, length)


def recv_exact(sock: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        assert chunk, "the server closed the connection mid-frame"
        data += chunk
    return data


def unsent_bytes(server_port: int, client_port: int) -> int | None:
    """What the server's end of a loopback connection holds unsent (Linux's /proc/net/tcp tx_queue)."""
    table = Path("/proc/net/tcp")
    if not table.exists():
        return None
    for line in table.read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = int(fields[1].split(":")[1], 16), int(fields[2].split(":")[1], 16)
        if (local, remote) == (server_port, client_port):
            return int(fields[4].split(":")[0], 16)
    return None


def stuck_watcher(served: Served, http: httpx.Client, lines: int) -> tuple[str, dict, socket.socket]:
    """A table of two people whose chat holds `lines` long lines (so each state is large and a stalled socket's
    buffers fill within a few pushes), with seat 0's socket opened by a client that never reads."""
    made = new_table(http, TWO_PEOPLE, seed=5)
    table, tokens = made["table"], tokens_of(made)
    for i in range(lines):
        said = http.post(f"/api/tables/{table}/chat", json={"token": tokens[1], "text": f"{i:03} " + "d" * 290})
        assert said.status_code == 200, said.text
    return table, tokens, raw_socket(served, f"/ws/tables/{table}?token={tokens[0]}", receive_buffer=4096)


def test_a_socket_that_never_reads_delays_no_answer_and_the_others_get_every_state(tmp_path):
    with (
        serving(f"sqlite:///{tmp_path}/d.db", "--limit", "chat_per_minute=1000") as served,
        httpx.Client(base_url=served.base) as http,
    ):
        table, tokens, stuck = stuck_watcher(served, http, lines=400)
        received: list[dict] = []
        with connect(f"{served.ws}/{table}?token={tokens[1]}", max_queue=None) as normal:
            keep_reading(normal, received)
            latencies = []
            for i in range(30):
                response, took = decide(http, table, tokens)
                assert response.status_code == 200, response.text
                latencies.append(took)
                if i < 20:
                    body = {"token": tokens[0], "text": f"line {i}"}
                    response, took = timed_post(http, f"/api/tables/{table}/chat", body)
                    assert response.status_code == 200, response.text
                    latencies.append(took)
            final = response.json()
            assert max(latencies) < 1.0, f"slowest POST {max(latencies):.3f} s"
            assert final["seq"] == 30 and len(final["chat"]) == 420
            wait_for(
                lambda: any(m.get("seq") == 30 and len(m.get("chat", ())) == 420 for m in received),
                5,
                "the normal watcher's final state",
            )
            # The stalled socket was owed every state the normal one got (~8 MB); the kernel holds at most 4 MB
            # of them unsent, and the server at most one more state, so its sends stalled while the POSTs answered.
            owed = sum(len(json.dumps(m, separators=(",", ":"))) for m in received if "seq" in m)
            queued = unsent_bytes(served.port, stuck.getsockname()[1])
            if queued is not None:  # Linux tells it
                assert queued > 500_000, f"the server's send buffer holds only {queued} bytes"
                assert queued + 300_000 < owed, f"{queued} bytes queued of {owed} owed: the socket never stalled"


def test_a_socket_dropped_for_not_reading_is_let_go(tmp_path):
    with (
        serving(f"sqlite:///{tmp_path}/d.db", "--limit", "chat_per_minute=1000") as served,
        httpx.Client(base_url=served.base) as http,
    ):
        table, tokens, stuck = stuck_watcher(served, http, lines=400)
        for _ in range(40):  # ~6 MB of states: more than the server's kernel buffer takes
            assert decide(http, table, tokens)[0].status_code == 200
        queued = unsent_bytes(served.port, stuck.getsockname()[1])
        assert queued is None or queued > 500_000  # the socket's sends stalled
        # SEND_TIMEOUT (5 s) and two CLOSE_TIMEOUTs (1 s) later, seat 0 is no longer connected.
        wait_for(lambda: not http.get(f"/api/tables/{table}").json()["seats"][0]["connected"], 10, "seat 0 gone")


def test_watchers_coming_push_nothing_and_a_change_pushes_one_state_to_each(tmp_path):
    async def scenario(served: Served) -> dict:
        async with httpx.AsyncClient(base_url=served.base) as http:
            body = {"game": "my-funny-dinos", "players": TWO_PEOPLE, "seed": 1}
            made = (await http.post("/api/tables", json=body)).json()
            table, tokens = made["table"], tokens_of(made)

            async def watch():
                ws = await connect_async(f"{served.ws}/{table}", compression=None, max_queue=None)
                return ws, json.loads(await ws.recv())

            async def next_messages(sockets):
                return await asyncio.gather(*(asyncio.wait_for(ws.recv(), 10) for ws in sockets))

            async def decide_now():
                seat = (await http.get(f"/api/tables/{table}")).json()["to_move"]
                mine = (await http.get(f"/api/tables/{table}", params={"token": tokens[seat]})).json()
                body = {"token": tokens[seat], "seq": mine["seq"], "action": mine["legal"][-1]["id"]}
                assert (await http.post(f"/api/tables/{table}/actions", json=body)).status_code == 200
                return mine["seq"] + 1

            sockets = [(await watch())[0] for _ in range(50)]
            seq = await decide_now()
            pushed_to_50 = await next_messages(sockets)
            assert all(json.loads(m)["seq"] == seq for m in pushed_to_50)
            more = await asyncio.gather(*(watch() for _ in range(200)))
            assert {state["seq"] for _, state in more} == {seq}
            sockets += [ws for ws, _ in more]
            seq = await decide_now()
            pushed_to_250 = await next_messages(sockets)
            # The first socket's next message after its seq-1 state is the next decision's: the 200 spectators
            # coming told it nothing.
            assert [json.loads(m)["seq"] for m in pushed_to_250] == [seq] * 250
            for ws in sockets[-10:]:  # spectators going tell no one either
                await ws.close()
            sockets = sockets[:-10]
            said = await http.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": "hello"})
            assert said.status_code == 200
            after = await next_messages(sockets)
            # Exactly one message per change: the chat state came right after the decision's, nothing between.
            assert all(json.loads(m)["chat"][-1]["text"] == "hello" for m in after)
            figures = {"bytes_50": sum(map(len, pushed_to_50)), "bytes_250": sum(map(len, pushed_to_250))}
            figures |= {"state_50": len(pushed_to_50[0]), "state_250": len(pushed_to_250[0])}
            for ws in sockets:
                await ws.close()
            return figures

    limits = ["--limit", "sockets=1000", "--limit", "watched_tables=1000"]
    with serving(f"sqlite:///{tmp_path}/d.db", *limits) as served:
        figures = asyncio.run(scenario(served))
    # Every socket got the same state once: the bytes pushed grow as the watchers, five times for five times.
    assert figures["bytes_50"] == 50 * figures["state_50"] and figures["bytes_250"] == 250 * figures["state_250"]
    assert 4.5 <= figures["bytes_250"] / figures["bytes_50"] <= 5.5, figures


@pytest.mark.parametrize("chunked", [False, True])
def test_a_huge_body_is_refused_at_once_and_other_clients_wait_for_nothing(tmp_path, chunked):
    with serving(f"sqlite:///{tmp_path}/d.db") as served, httpx.Client(base_url=served.base) as http:
        table = new_table(http, TWO_PEOPLE)["table"]
        size = 17 * 1024 * 1024
        sock = served.own(socket.create_connection(("127.0.0.1", served.port), timeout=10))
        sent = [0]

        def send_body():
            block = b"x" * 65536
            with contextlib.suppress(OSError):  # the server may close before it is all sent
                while sent[0] < size:
                    sock.sendall(b"%x\r\n%s\r\n" % (len(block), block) if chunked else block)
                    sent[0] += len(block)
                sock.sendall(b"0\r\n\r\n" if chunked else b"")

        with pinging(served.base, f"/api/tables/{table}") as (latencies, statuses):
            began = time.perf_counter()
            framing = b"Transfer-Encoding: chunked" if chunked else b"Content-Length: %d" % size
            sock.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n%s\r\n\r\n" % framing
            )
            sender = threading.Thread(target=send_body, daemon=True)
            sender.start()
            head, body = read_response(sock)
            refused_after = time.perf_counter() - began
            sender.join(20)
            sent_by = time.perf_counter()
        assert head.startswith(b"HTTP/1.1 413"), (head.split(b"\r\n")[0], body)
        assert "body_bytes" in json.loads(body)["error"]
        assert refused_after < 1.0
        assert any(start < sent_by and start + took > began for start, took in latencies)  # asked meanwhile
        assert statuses == {200} and not held_up(latencies), sorted(t for _, t in latencies)[-5:]


def read_response(sock: socket.socket) -> tuple[bytes, bytes]:
    """An HTTP answer's head and its body (by Content-Length), read off a raw socket."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lengths = [int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")]
    while lengths and len(body) < lengths[0]:
        body += recv_exact(sock, lengths[0] - len(body))
    return head, body


def test_a_frame_flood_closes_the_socket_with_1008_and_other_clients_wait_little(tmp_path):
    with serving(f"sqlite:///{tmp_path}/d.db") as served, httpx.Client(base_url=served.base) as http:
        table = new_table(http, TWO_PEOPLE)["table"]
        flood = text_frame(b"x") * 20_000  # one mask for all: the server does not mind
        with pinging(served.base, f"/api/tables/{table}") as (latencies, statuses):
            sock = raw_socket(served, f"/ws/tables/{table}")

            def send_flood():
                with contextlib.suppress(OSError):  # the server closes long before the last frame
                    sock.sendall(flood)

            sender = threading.Thread(target=send_flood, daemon=True)
            sender.start()
            frames = [read_frame(sock)]
            while frames[-1][0] != 0x8:  # up to the close frame: its code, then its reason
                frames.append(read_frame(sock))
            sender.join(10)
        assert struct.unpack("!H", frames[-1][1][:2])[0] == 1008
        messages = [json.loads(payload) for _, payload in frames[:-1]]
        errors = [m["error"] for m in messages if "error" in m]
        assert len(errors) == 1 and "messages_per_minute" in errors[0]
        # At most the first state and one per message before the limit (the flood may close it before any).
        assert len(messages) - 1 <= 121
        # uvicorn parses every frame of a read (up to 256 KiB, ~3.7 us a frame) in one event-loop callback
        # before the app sees the first: the GETs caught behind one wait 40 to 120 ms here.
        assert statuses == {200} and not held_up(latencies), sorted(t for _, t in latencies)[-5:]


def test_a_persons_bot_moves_at_once_while_many_tables_of_hard_bots_play(tmp_path):
    limits = ["--limit", "tables_per_minute=1000", "--limit", "sockets=1000", "--limit", "watched_tables=1000"]
    with (
        serving(f"sqlite:///{tmp_path}/d.db", "--bot-workers", "2", *limits) as served,
        httpx.Client(base_url=served.base) as http,
        contextlib.ExitStack() as watching,
    ):
        crowd = [new_table(http, [HARD] * 4, seed=i)["table"] for i in range(20)]
        spectators = [watching.enter_context(connect(f"{served.ws}/{t}", max_queue=None)) for t in crowd]
        for ws in spectators:
            json.loads(ws.recv(timeout=10))

        def crowd_seq() -> int:
            return sum(seq_of(http, t) for t in crowd)

        wait_for(crowd_seq, 20, "the watched tables of bots playing")
        before = crowd_seq()
        made = new_table(http, [{"type": "human"}, {"type": "bot", "level": "medium"}], seed=3)
        table, token = made["table"], tokens_of(made)[0]
        waits = []
        while len(waits) < 3:
            mine = person_to_move(http, table, token)
            body = {"token": token, "seq": mine["seq"], "action": mine["legal"][0]["id"]}
            answer = http.post(f"/api/tables/{table}/actions", json=body)
            assert answer.status_code == 200, answer.text
            answered = time.perf_counter()
            if answer.json()["to_move"] != 1:
                continue  # the person decides again: no bot's move to time
            seq = answer.json()["seq"]
            wait_for(lambda s=seq: seq_of(http, table) > s, 5, "the medium bot's move")
            waits.append(time.perf_counter() - answered)
        assert max(waits) < 2.0, waits
        assert crowd_seq() > before  # the crowd of bots played on meanwhile


def test_each_quota_refuses_the_one_past_it_naming_the_limit(tmp_path):
    database = tmp_path / "d.db"
    with serving(f"sqlite:///{database}") as served, httpx.Client(base_url=served.base) as http:
        made = [new_table(http, TWO_PEOPLE, seed=i) for i in range(20)]
        refused = http.post("/api/tables", json={"game": "my-funny-dinos", "players": TWO_PEOPLE})
        assert refused.status_code == 429 and "tables_per_minute" in refused.json()["error"]
        with contextlib.ExitStack() as open_sockets:

            def watch(table: str) -> str:
                """What a new socket on `table` is told first: the state, or why it is closed (4429)."""
                ws = open_sockets.enter_context(connect(f"{served.ws}/{table}"))
                told = json.loads(ws.recv(timeout=10))
                if "error" in told:
                    with pytest.raises(ConnectionClosed):
                        ws.recv(timeout=10)
                    assert ws.close_code == 4429
                return told.get("error", "state")

            assert {watch(entry["table"]) for entry in made[:16]} == {"state"}
            assert "(watched_tables)" in watch(made[16]["table"])  # a 17th table
            assert {watch(entry["table"]) for entry in made[:16]} == {"state"}  # 32 sockets
            assert "(sockets)" in watch(made[0]["table"])  # the 33rd
        table, token = made[0]["table"], tokens_of(made[0])[0]
        for i in range(20):
            assert http.post(f"/api/tables/{table}/chat", json={"token": token, "text": f"{i}"}).status_code == 200
        refused = http.post(f"/api/tables/{table}/chat", json={"token": token, "text": "one more"})
        assert refused.status_code == 429 and "chat_per_minute" in refused.json()["error"]
    with contextlib.closing(sqlite3.connect(database)) as db:  # nothing refused was written
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 20
        assert db.execute("SELECT count(*) FROM chat").fetchone()[0] == 20


def test_a_lone_surrogate_or_a_control_character_in_chat_is_refused_in_json_and_nothing_written(tmp_path):
    database = tmp_path / "d.db"
    with serving(f"sqlite:///{database}") as served, httpx.Client(base_url=served.base) as http:
        made = new_table(http, TWO_PEOPLE)
        table, token = made["table"], tokens_of(made)[0]
        before = http.get(f"/api/tables/{table}").json()
        raw = b'{"token": "%s", "text": "\\ud800"}' % token.encode()
        response = http.post(f"/api/tables/{table}/chat", content=raw, headers={"content-type": "application/json"})
        assert response.status_code == 400
        assert response.headers["content-type"] == "application/json"
        assert "surrogate" in response.json()["error"] and response.json()["error"].startswith("text")
        response = http.post(f"/api/tables/{table}/chat", json={"token": token, "text": "a\u202eb"})
        assert response.status_code == 400 and "U+202E" in response.json()["error"]
        after = http.get(f"/api/tables/{table}").json()
        assert (after["seq"], after["chat"]) == (before["seq"], before["chat"]) == (0, [])
    with contextlib.closing(sqlite3.connect(database)) as db:
        assert db.execute("SELECT count(*) FROM chat").fetchone()[0] == 0
        assert db.execute("SELECT revision FROM tables WHERE id = ?", (table,)).fetchone()[0] == 0


def test_the_server_refuses_to_start_on_a_read_only_database(tmp_path):
    path = tmp_path / "d.db"
    with serving(f"sqlite:///{path}") as served:
        served.stop(signal.SIGTERM)  # the database made and migrated
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    began = time.perf_counter()
    ended = subprocess.run(
        [sys.executable, "-c", SERVE, "serve", "--port", str(free_port()), "--database", read_only],
        capture_output=True,
        text=True,
        timeout=30,
    )
    took, said = time.perf_counter() - began, ended.stdout + ended.stderr
    assert ended.returncode == 1 and took < 10, (took, said)
    assert "cannot use the database" in said and "readonly" in said, said


def test_a_locked_database_answers_503_meanwhile_other_tables_answer_and_nothing_changes(tmp_path):
    database = tmp_path / "d.db"
    with serving(f"sqlite:///{database}") as served, httpx.Client(base_url=served.base, timeout=30) as http:
        made = new_table(http, TWO_PEOPLE)
        table, tokens = made["table"], tokens_of(made)
        other = new_table(http, TWO_PEOPLE, seed=2)["table"]
        assert http.get(f"/api/tables/{other}").status_code == 200  # in memory now
        mine = http.get(f"/api/tables/{table}", params={"token": tokens[0]}).json()
        body = {"token": tokens[0], "seq": mine["seq"], "action": mine["legal"][0]["id"]}
        with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as holder:
            holder.execute("BEGIN EXCLUSIVE")
            with pinging(served.base, f"/api/tables/{other}") as (latencies, statuses):
                response, took = timed_post(http, f"/api/tables/{table}/actions", body)
            holder.execute("ROLLBACK")
        assert response.status_code == 503 and response.headers["content-type"] == "application/json"
        assert "locked" in response.json()["error"] and "nothing was changed" in response.json()["error"]
        assert 4.0 < took < 10.0  # SQLite's 5 s busy wait, then the refusal
        assert len(latencies) > 10 and statuses == {200}
        assert not held_up(latencies), sorted(t for _, t in latencies)[-5:]
        assert seq_of(http, table) == mine["seq"]  # the failed attempt changed nothing
        again = http.post(f"/api/tables/{table}/actions", json=body)
        assert again.status_code == 200 and again.json()["seq"] == mine["seq"] + 1


def test_sigterm_while_bots_think_exits_within_seconds_and_loses_no_acknowledged_decision(tmp_path):
    database = tmp_path / "d.db"
    url = f"sqlite:///{database}"
    with serving(url, "--bot-workers", "2") as served, httpx.Client(base_url=served.base) as http:
        made = new_table(http, [{"type": "human"}, *[HARD] * 3], seed=4)
        table, token = made["table"], tokens_of(made)[0]
        crowd = new_table(http, [HARD] * 2, seed=5)["table"]
        acknowledged: dict[int, int] = {}  # seq -> action, for every decision answered 200
        with connect(f"{served.ws}/{crowd}", max_queue=None) as spectator:
            wait_for(lambda: seq_of(http, crowd) >= 2, 20, "the bots-only table playing")
            while True:
                mine = person_to_move(http, table, token)
                action = mine["legal"][0]["id"]
                body = {"token": token, "seq": mine["seq"], "action": action}
                answer = http.post(f"/api/tables/{table}/actions", json=body)
                assert answer.status_code == 200, answer.text
                acknowledged[mine["seq"]] = action
                if len(acknowledged) >= 4 and answer.json()["to_move"] != 0:
                    break  # the bots are thinking now
            took = served.stop(signal.SIGTERM)
            pushed = [json.loads(m).get("seq", -1) for m in drained(spectator)]
        assert served.process.returncode in (0, -signal.SIGTERM), served.process.returncode
        assert took < 5.0, took
    with contextlib.closing(sqlite3.connect(database)) as db:
        written = dict(db.execute("SELECT seq, action FROM actions WHERE table_id = ?", (table,)).fetchall())
        crowd_written = db.execute("SELECT count(*) FROM actions WHERE table_id = ?", (crowd,)).fetchone()[0]
    assert {seq: written.get(seq) for seq in acknowledged} == acknowledged
    assert max(pushed) <= crowd_written  # every decision pushed had been written

    with serving(url, "--bot-workers", "2") as served, httpx.Client(base_url=served.base) as http:
        state = http.get(f"/api/tables/{table}", params={"token": token}).json()
        assert state["seq"] == len(written)
        while state["to_move"] == 0:  # the person decides until a bot is to move
            body = {"token": token, "seq": state["seq"], "action": state["legal"][0]["id"]}
            answer = http.post(f"/api/tables/{table}/actions", json=body)
            assert answer.status_code == 200, answer.text
            state = answer.json()
        wait_for(lambda: seq_of(http, table) > state["seq"], 20, "a bot's move after the restart")
        with connect(f"{served.ws}/{crowd}", max_queue=None) as spectator:
            json.loads(spectator.recv(timeout=10))
            wait_for(lambda: seq_of(http, crowd) > crowd_written, 20, "the bots-only table again")


def keep_reading(ws, into: list) -> None:
    """Reads a socket in a thread until it closes, keeping each message (as JSON) in `into`."""

    def run():
        with contextlib.suppress(ConnectionClosed):
            for message in ws:
                into.append(json.loads(message))

    threading.Thread(target=run, daemon=True).start()


def drained(ws, seconds: float = 5) -> list[str]:
    """Every message a socket receives until it closes (or sends nothing for `seconds`)."""
    out = []
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while True:
            out.append(ws.recv(timeout=seconds))
    return out
