"""`make run PORT=... HOST=...` and a port in use (issue 30, "Ports"): refused before anything claims to serve."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from .helpers import free_port

SERVE = "from dinotable.cli.main import main; main()"
ROOT = Path(__file__).resolve().parents[2]


def test_a_port_in_use_is_refused_before_anything_starts(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        database = tmp_path / "dinotable.db"
        args = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--database", f"sqlite:///{database}"]
        done = subprocess.run(args, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert f"port {port} is in use: make run PORT=" in done.stderr
    suggested = int(done.stderr.split("make run PORT=")[1].split()[0])
    assert suggested > port
    assert "serving" not in done.stdout + done.stderr  # nothing claimed to serve
    assert not database.exists()  # nothing half-started: no database made


def test_make_run_passes_the_port_and_host_to_the_server():
    free = str(free_port())
    shown = subprocess.run(
        ["make", "-n", "run", f"PORT={free}", "HOST=0.0.0.0"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert f"dinotable serve --host 0.0.0.0 --port {free}" in shown
    default = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert "dinotable serve --host 127.0.0.1 --port 8000" in default
