"""After `kill -9` and a restart every acknowledged action is there and play continues (the issue's "The
action log is the truth"): a real `dinotable serve` process on a temp SQLite file."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading

import httpx2 as httpx  # the maintained httpx (the test client uses it too)
from websockets.sync.client import connect

import dinotable

from .helpers import free_port, tokens_of

SERVE = "from dinotable.cli.main import main; main()"


def start(database: str) -> tuple[subprocess.Popen, str]:
    """`dinotable serve` on a free port; returns once it says it serves."""
    port = free_port()
    args = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database", database, "--bot-pause", "0"]
    process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    seen = []
    for line in process.stdout:  # blocks until the next line, or the end if the server died
        seen.append(line)
        if "dinotable is serving on" in line:
            # Keep reading what the server logs, or a full pipe would stop it mid-request.
            process.log = seen
            process.drain = threading.Thread(target=lambda: seen.extend(process.stdout), daemon=True)
            process.drain.start()
            return process, f"http://127.0.0.1:{port}"
    process.wait()
    raise AssertionError("the server did not start:\n" + "".join(seen))


def test_every_acknowledged_action_survives_kill_9_and_play_continues(tmp_path):
    database = f"sqlite:///{tmp_path}/dinotable.db"
    process, base = start(database)
    acknowledged = []
    try:
        with httpx.Client(base_url=base) as http:
            made = http.post(
                "/api/tables", json={"game": "my-funny-dinos", "players": [{"type": "human"}] * 2, "seed": 11}
            ).json()
            table, tokens = made["table"], tokens_of(made)
            state = http.get(f"/api/tables/{table}").json()
            for _ in range(12):
                seat = state["to_move"]
                mine = http.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
                action = mine["legal"][-1]["id"]
                response = http.post(
                    f"/api/tables/{table}/actions", json={"token": tokens[seat], "seq": mine["seq"], "action": action}
                )
                assert response.status_code == 200  # acknowledged
                acknowledged.append(action)
                state = response.json()
            seen = http.get(f"/api/tables/{table}", params={"token": tokens[0]}).json()
        with connect(f"ws{base.removeprefix('http')}/ws/tables/{table}?token={tokens[1]}") as ws:
            assert json.loads(ws.recv())["seat"] == 1
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.drain.join()  # the pipe ends with the process
        process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    log = "".join(process.log)
    assert "WebSocket /ws/tables/" in log and tokens[1] not in log  # the log does not hand out seats

    process, base = start(database)
    try:
        with httpx.Client(base_url=base) as http:
            again = http.get(f"/api/tables/{table}", params={"token": tokens[0]}).json()
            assert again == seen
            # What the server replays is the acknowledged decisions, played on the table's own record.
            truth = dinotable.get_game("my-funny-dinos").new_game(2, 11, {})
            for action in acknowledged:
                truth.apply(action)
            assert again["view"] == truth.view(0) and again["seq"] == len(truth.history)
            # Play continues where it stopped.
            seat = truth.current_player
            mine = http.get(f"/api/tables/{table}", params={"token": tokens[seat]}).json()
            body = {"token": tokens[seat], "seq": mine["seq"], "action": mine["legal"][0]["id"]}
            assert http.post(f"/api/tables/{table}/actions", json=body).status_code == 200
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
        process.drain.join()  # the pipe ends with the process
        process.stdout.close()
