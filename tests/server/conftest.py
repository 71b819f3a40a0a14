"""Fixtures of the server's tests: a database of each kind (SQLite in a temp folder; a throwaway PostgreSQL
cluster the tests start themselves), and a test client on a fresh app over it."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install -e '.[test]')")

from .helpers import client_for, free_port  # noqa: E402


def _missing(reason: str):
    """Without PostgreSQL the tests on it skip, visibly; under CI=true they fail, so a green CI cannot hide a
    missing install step."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL cluster in a temp folder on a free port (fsync off: it is thrown away), as the postgres
    user when the tests run as root (PostgreSQL refuses to run as root). Yields a function making a fresh
    database and returning its URL."""
    pytest.importorskip("psycopg", reason="psycopg is not installed (pip install -e '.[test]')")
    import psycopg

    bins = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in Path(p).parent.name.split(".")]
    )
    pgbin = bins[-1] if bins else None
    if pgbin is None or not Path(pgbin, "initdb").exists():
        _missing("PostgreSQL's server binaries are not installed (apt-get install -y postgresql)")
    as_root = os.geteuid() == 0
    if as_root and not shutil.which("runuser"):
        _missing("running as root without runuser, so PostgreSQL cannot be started as its own user")
    folder = tempfile.mkdtemp(prefix="dinotable-pg-")
    run_as = ["runuser", "-u", "postgres", "--"] if as_root else []
    if as_root:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    data = f"{folder}/data"
    subprocess.run(
        [*run_as, f"{pgbin}/initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"],
        check=True,
        capture_output=True,
    )
    settings = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c fsync=off -c synchronous_commit=off"
    subprocess.run(
        [*run_as, f"{pgbin}/pg_ctl", "-D", data, "-l", f"{folder}/log", "-w", "-o", settings, "start"],
        check=True,
        capture_output=True,
    )
    made = []

    def database() -> str:
        name = f"t{len(made)}"
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        made.append(name)
        return f"postgresql+psycopg://postgres@127.0.0.1:{port}/{name}"

    try:
        yield database
    finally:
        subprocess.run([*run_as, f"{pgbin}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """The same test on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/dinotable.db"
    return request.getfixturevalue("postgres")()


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path}/dinotable.db"


@pytest.fixture
def client(sqlite_url):
    with client_for(sqlite_url) as c:
        yield c
