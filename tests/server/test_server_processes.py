"""Several server processes sharing one PostgreSQL database: a change made through one is pushed to the
WebSockets of the other (announced on a channel in the change's own transaction), and tables nobody watches
are let go from memory."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from dinotable.server import tables as tables_module

from .helpers import client_for, new_table, state_of, tokens_of

# Only a guard against a test hanging for ever on a push that never comes; no test measures time.
HANG_GUARD = 60


def receive(ws, pool):
    return pool.submit(ws.receive_json).result(timeout=HANG_GUARD)


def test_a_decision_made_through_one_process_is_pushed_by_the_other(postgres):
    url = postgres()
    with client_for(url) as one, client_for(url) as other, ThreadPoolExecutor(1) as pool:
        assert one.portal.call(one.app.state.server.listening.wait) is True
        made = new_table(one)
        table, tokens = made["table"], tokens_of(made)
        with one.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws:
            assert receive(ws, pool)["seq"] == 0
            mover = state_of(other, table, tokens[0])
            body = {"token": tokens[0], "seq": 0, "action": mover["legal"][0]["id"]}
            assert other.post(f"/api/tables/{table}/actions", json=body).status_code == 200
            pushed = receive(ws, pool)
            assert pushed["seq"] == 1
            assert pushed["seat"] == 1  # the watcher's own view, not the mover's
            assert pushed == state_of(one, table, tokens[1])
            other.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": "from the other process"})
            assert receive(ws, pool)["chat"][-1]["text"] == "from the other process"


def test_a_process_never_decides_on_a_copy_another_process_has_changed(postgres):
    # While a process hears the announcements it reads a table it holds from memory; a change made through
    # another process either drops that copy first (a stale seq) or is caught at the commit (the revision):
    # either way the decision is refused, nothing is written, and the next read has the other's decision.
    url = postgres()
    with client_for(url) as one, client_for(url) as other:
        assert one.portal.call(one.app.state.server.listening.wait) is True
        made = new_table(one)
        table, tokens = made["table"], tokens_of(made)
        first = state_of(one, table, tokens[0])  # now held in one's memory
        body = {"token": tokens[0], "seq": 0, "action": first["legal"][0]["id"]}
        assert other.post(f"/api/tables/{table}/actions", json=body).status_code == 200
        counts = other.app.state.server.store.counts(table)
        again = one.post(f"/api/tables/{table}/actions", json=body)
        assert again.status_code == 409
        assert other.app.state.server.store.counts(table) == counts
        assert state_of(one, table, tokens[0])["seq"] == 1


def test_only_the_least_recently_used_unwatched_tables_are_let_go(sqlite_url, monkeypatch):
    monkeypatch.setattr(tables_module, "MAX_LIVE", 3)
    with client_for(sqlite_url) as client:
        server = client.app.state.server
        made = [new_table(client, seed=i) for i in range(5)]
        ids = [m["table"] for m in made]
        with client.websocket_connect(f"/ws/tables/{ids[0]}") as ws:
            ws.receive_json()
            for table in ids[1:]:
                state_of(client, table)
            # The watched table stays, however long ago it was read; the others make room, oldest first.
            assert list(server.live) == [ids[0], ids[3], ids[4]]
            again = state_of(client, ids[1])  # replayed from the database as it was
            assert again["seq"] == 0 and again["table"] == ids[1]
            assert ids[1] in server.live and len(server.live) == 3


def test_a_process_hearing_its_own_change_before_it_reaches_memory_keeps_its_table(sqlite_url):
    # A change's announcement can arrive while the process that wrote it has yet to apply it: the table must
    # not be taken for changed elsewhere (that replayed it from the database after every decision).
    with client_for(sqlite_url) as client:
        server = client.app.state.server
        table = new_table(client)["table"]
        held = client.portal.call(server.table, table)

        async def heard_while_writing() -> None:
            async with server.locks.hold(table):
                heard = asyncio.create_task(server.changed(table, held.revision + 1))
                await asyncio.sleep(0)  # the announcement is being handled
                held.revision += 1  # the write reaches memory
            await heard

        client.portal.call(heard_while_writing)
        assert server.live[table] is held
