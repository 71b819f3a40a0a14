"""A finished table's analysis on the server (docs/server.md, "Analysis and hints"): refused before the end,
made once in the bot workers and kept in the database (a second request, a restart find it), its progress
pushed to the table's sockets, a failure kept as failed, a run dropped at shutdown started again, and the
client's limit on starting analyses."""

from __future__ import annotations

import logging
import threading
import time

import pytest

from dinotable.analysis.engine import CHUNK, judge
from dinotable.server.limits import Limits

from .helpers import client_for, new_table, play, state_of, tokens_of

BUDGET = 20  # search iterations per decision: enough to judge, small enough to be quick


def finished_table(client, seed: int = 11) -> str:
    """A My Funny Dinos table of two easy bots, played to the end while someone watches it."""
    table = new_table(client, players=("easy", "easy"), seed=seed)["table"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        assert state_of(client, table)["over"]
    return table


def finished(client, table: str) -> dict:
    """The analysis once it has stopped running here."""
    client.portal.call(client.app.state.server.analyses.idle, table)
    response = client.get(f"/api/tables/{table}/analysis")
    assert response.status_code == 200, response.text
    return response.json()


def kept(client, table: str) -> dict:
    """The table's analysis as the database keeps it."""
    server = client.app.state.server
    return server.store.analysis(*server.analyses.key(server.live[table]))


def told_until_done(ws) -> list[dict]:
    """The analysis messages a socket receives, up to the one that says it is no longer running."""
    told = []
    while not told or told[-1]["status"] == "running":
        message = ws.receive_json()
        assert list(message) == ["analysis"], message
        told.append(message["analysis"])
    return told


@pytest.fixture
def judged(monkeypatch) -> list[int]:
    """The first decision of every chunk the server judges (the bots think in a thread in these tests)."""
    calls: list[int] = []

    def counted(job):
        calls.append(job[1])
        return judge(job)

    monkeypatch.setattr("dinotable.server.analysis.judge", counted)
    return calls


def test_a_table_is_analysed_only_once_its_game_is_over(sqlite_url):
    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        made = new_table(client)
        table = made["table"]
        play(client, table, tokens_of(made), 2)
        for response in (client.post(f"/api/tables/{table}/analysis"), client.get(f"/api/tables/{table}/analysis")):
            assert response.status_code == 403
            assert response.json()["error"] == (
                f"a table is analysed only once its game is over; meanwhile watch it live at /t/{table}"
            )
        assert client.app.state.server.store.counts(table)["analyses"] == 0
        assert client.post("/api/tables/nosuchtable/analysis").status_code == 404


def test_an_analysis_runs_to_its_review_with_the_turning_points_and_the_chart(sqlite_url):
    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        bots = client.app.state.server.bots
        priorities = []
        run = bots.run

        async def watched(fn, *args, person):
            priorities.append(person)
            return await run(fn, *args, person=person)

        bots.run = watched
        steps = state_of(client, table)["seq"]
        assert client.get(f"/api/tables/{table}/analysis").json() == {"status": "none", "done": 0, "total": steps}
        started = client.post(f"/api/tables/{table}/analysis")
        assert started.status_code == 200
        assert started.json() == {"status": "running", "done": 0, "total": steps}
        doc = finished(client, table)
        assert (doc["status"], doc["done"], doc["total"]) == ("ready", steps, steps)
        review = doc["review"]
        assert review["game"] == "my-funny-dinos" and review["budget"] == BUDGET
        assert [s["name"] for s in review["summary"]] == ["Easy bot", "Easy bot 2"]  # the table's names
        assert review["turning_points"], "random play makes mistakes"
        for point in review["turning_points"]:
            assert point["kind"] in ("luck", "inaccuracy", "mistake", "blunder") and point["text"]
        chart = review["chart"]
        assert chart["decisions"] == steps and [s["seat"] for s in chart["seats"]] == [0, 1]
        assert all(0 <= chance <= 1 for s in chart["seats"] for _, chance in s["points"])
        assert [d["index"] for d in review["decisions"]] == list(range(steps))
        # A chunk a turn, each at the priority of a table of bots only.
        assert priorities == [False] * len(range(0, steps, CHUNK))


def test_an_analysis_is_made_once_and_a_new_server_finds_it(db_url, judged):
    """On SQLite and on PostgreSQL."""
    with client_for(db_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        assert client.post(f"/api/tables/{table}/analysis").status_code == 200
        first = finished(client, table)
        assert first["status"] == "ready" and sorted(judged) == list(range(0, first["total"], CHUNK))
        calls = len(judged)
        again = client.post(f"/api/tables/{table}/analysis")  # asked again: answered from what is kept
        assert again.json() == first and len(judged) == calls
        assert client.app.state.server.store.counts(table)["analyses"] == 1
        made_at = kept(client, table)["made_at"]
    with client_for(db_url, analysis_budget=BUDGET) as second:  # a restart: nothing in memory
        assert second.get(f"/api/tables/{table}/analysis").json() == first
        assert second.post(f"/api/tables/{table}/analysis").json() == first
        assert kept(second, table)["made_at"] == made_at
    assert len(judged) == calls


def test_the_watchers_are_told_how_the_analysis_goes_and_when_it_is_ready(sqlite_url):
    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        steps = state_of(client, table)["seq"]
        client.app.state.server.analyses.interval = 0  # every chunk told (by default at most once a second)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            assert ws.receive_json()["seq"] == steps
            assert client.post(f"/api/tables/{table}/analysis").status_code == 200
            told = told_until_done(ws)
        assert told[-1] == {"status": "ready"}
        assert all(t == {"status": "running", "done": t["done"], "total": steps} for t in told[:-1])
        dones = [t["done"] for t in told[:-1]]
        assert dones[0] == 0 and dones == sorted(dones) and max(dones) > 0
        assert finished(client, table)["status"] == "ready"


@pytest.mark.timeout(60)
def test_progress_is_told_at_most_about_once_a_second(sqlite_url):
    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            began = time.monotonic()
            client.post(f"/api/tables/{table}/analysis")
            told = told_until_done(ws)
            took = time.monotonic() - began
        assert told[-1] == {"status": "ready"}
        assert len(told) - 1 <= 1 + took  # a message per chunk would be five


def test_a_failed_analysis_is_kept_as_failed_and_may_be_started_again(sqlite_url, monkeypatch, caplog):
    def broken(job):
        raise RuntimeError("the search ran out of worlds")

    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        monkeypatch.setattr("dinotable.server.analysis.judge", broken)
        with caplog.at_level(logging.ERROR, logger="dinotable.server"):
            with client.websocket_connect(f"/ws/tables/{table}") as ws:
                ws.receive_json()
                client.post(f"/api/tables/{table}/analysis")
                told = told_until_done(ws)
            failed = finished(client, table)
        error = "the analysis failed: the search ran out of worlds"
        assert failed == {"status": "failed", "done": 0, "total": failed["total"], "error": error}
        assert told[-1] == {"status": "failed", "error": error}
        assert f"the analysis of table {table} failed" in caplog.text
    monkeypatch.setattr("dinotable.server.analysis.judge", judge)
    with client_for(sqlite_url, analysis_budget=BUDGET) as second:  # kept: a restart still says so
        assert second.get(f"/api/tables/{table}/analysis").json() == failed
        assert second.post(f"/api/tables/{table}/analysis").json()["status"] == "running"
        assert finished(second, table)["status"] == "ready"
        assert second.app.state.server.store.counts(table)["analyses"] == 1


@pytest.mark.timeout(60)
def test_an_analysis_dropped_at_shutdown_keeps_nothing_and_starts_again(sqlite_url, monkeypatch):
    """Shutting down cancels the analysis's task (`Server.close`): nothing is kept, and it starts again. A
    socket that comes while it runs is told how far it is."""
    began, release = threading.Event(), threading.Event()

    def held(job):
        began.set()
        release.wait(30)
        return judge(job)

    with client_for(sqlite_url, analysis_budget=BUDGET) as client:
        table = finished_table(client)
        monkeypatch.setattr("dinotable.server.analysis.judge", held)
        client.post(f"/api/tables/{table}/analysis")
        assert began.wait(30)
        steps = state_of(client, table)["seq"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:  # a newcomer hears how it goes
            assert ws.receive_json()["seq"] == steps
            assert ws.receive_json() == {"analysis": {"status": "running", "done": 0, "total": steps}}
        analyses = client.app.state.server.analyses

        async def drop() -> None:
            task = analyses.running[table].task
            task.cancel()
            await analyses.idle(table)

        client.portal.call(drop)
        release.set()
        assert client.get(f"/api/tables/{table}/analysis").json()["status"] == "none"
        assert client.app.state.server.store.counts(table)["analyses"] == 0
        assert client.post(f"/api/tables/{table}/analysis").json()["status"] == "running"
        assert finished(client, table)["status"] == "ready"


def test_analyses_past_the_clients_limit_an_hour_are_refused_naming_it(sqlite_url):
    assert Limits.parse(["analyses-per-hour=3"]) == Limits(analyses_per_hour=3)
    with client_for(sqlite_url, analysis_budget=BUDGET, limits=Limits(analyses_per_hour=1)) as client:
        first, second = finished_table(client, seed=11), finished_table(client, seed=12)
        assert client.post(f"/api/tables/{first}/analysis").status_code == 200
        refused = client.post(f"/api/tables/{second}/analysis")
        assert refused.status_code == 429
        assert refused.json()["error"].startswith("at most 1 analyses an hour from one client (analyses_per_hour)")
        assert client.get(f"/api/tables/{second}/analysis").json()["status"] == "none"
        # Asking again about an analysis started or made starts nothing, so it counts nothing.
        assert client.post(f"/api/tables/{first}/analysis").status_code == 200
        assert finished(client, first)["status"] == "ready"
        assert client.post(f"/api/tables/{first}/analysis").json()["status"] == "ready"


@pytest.mark.timeout(120)
def test_an_analysis_runs_in_the_worker_processes_of_a_served_table(sqlite_url):
    """As `dinotable serve` runs it: the chunks are judged in the bot processes."""
    with client_for(sqlite_url, analysis_budget=BUDGET, bot_workers=2) as client:
        table = finished_table(client)
        assert client.post(f"/api/tables/{table}/analysis").status_code == 200
        doc = finished(client, table)
        assert doc["status"] == "ready" and doc["review"]["chart"]["decisions"] == doc["total"]
        assert client.app.state.server.bots.pool is not None
