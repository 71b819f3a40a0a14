"""What one client may ask of the server (docs/server.md, "Limits"), the database failing under it, and the
bots' turns: each limit refused with 429 naming it and nothing written; sockets told only what is news to
them; a database that cannot be written answers 503 and changes nothing. The same attacks against a real
server process are in test_server_abuse.py."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from sqlalchemy import event
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from dinotable.server import db
from dinotable.server.app import create_app
from dinotable.server.bots import Turns
from dinotable.server.limits import Limits, Rate, TooMany
from dinotable.server.work import unavailable

from .helpers import FAST_LEVELS, client_for, new_table, state_of, tokens_of


def test_limits_are_set_by_name_and_a_bad_setting_is_named():
    assert Limits.parse(["sockets=5", "chat-per-minute=3"]) == Limits(sockets=5, chat_per_minute=3)
    with pytest.raises(ValueError, match="unknown limit 'socket'.*sockets"):
        Limits.parse(["socket=5"])
    with pytest.raises(ValueError, match="sockets needs a whole number"):
        Limits.parse(["sockets=many"])
    with pytest.raises(ValueError, match="at least 1"):
        Limits.parse(["sockets=0"])


def test_a_rate_refuses_past_its_limit_in_a_minute_and_allows_again_after(monkeypatch):
    moment = [1000.0]
    monkeypatch.setattr("dinotable.server.limits.time.monotonic", lambda: moment[0])
    rate = Rate("tables", "tables_per_minute")
    rate.take("a", 2)
    rate.take("a", 2)
    rate.take("b", 2)  # another client counts apart
    with pytest.raises(TooMany, match=r"at most 2 tables a minute from one client \(tables_per_minute\)"):
        rate.take("a", 2)
    moment[0] += 61
    rate.take("a", 2)


def test_a_body_over_the_limit_is_refused_unread_and_nothing_is_made(sqlite_url):
    with client_for(sqlite_url, limits=Limits(body_bytes=2000)) as client:
        before = client.app.state.server.store.table_count()
        body = {"game": "my-funny-dinos", "players": [{"type": "human", "name": "x" * 3000}]}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 413
        assert "body_bytes" in response.json()["error"]
        assert client.app.state.server.store.table_count() == before


def test_a_table_request_with_too_many_seats_is_refused_naming_the_field(client):
    response = client.post("/api/tables", json={"game": "my-funny-dinos", "players": [{"type": "human"}] * 17})
    assert response.status_code == 400
    assert response.json()["error"].startswith("players:")


def test_tables_past_the_clients_limit_a_minute_are_refused_and_not_made(sqlite_url):
    with client_for(sqlite_url, limits=Limits(tables_per_minute=2)) as client:
        new_table(client)
        new_table(client)
        count = client.app.state.server.store.table_count()
        response = client.post("/api/tables", json={"game": "my-funny-dinos", "players": [{"type": "human"}] * 2})
        assert response.status_code == 429
        assert "tables_per_minute" in response.json()["error"]
        assert client.app.state.server.store.table_count() == count


def test_chat_past_the_tables_and_the_clients_limits_is_refused_and_not_written(sqlite_url):
    with client_for(sqlite_url, limits=Limits(chat_per_table=2, chat_per_minute=3)) as client:
        made = new_table(client)
        table, tokens = made["table"], tokens_of(made)
        for text in ("one", "two"):
            assert client.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": text}).status_code == 200
        full = client.post(f"/api/tables/{table}/chat", json={"token": tokens[1], "text": "three"})
        assert full.status_code == 429 and "chat_per_table" in full.json()["error"]
        assert client.app.state.server.store.counts(table)["chat"] == 2
        other = new_table(client, seed=8)
        said = client.post(f"/api/tables/{other['table']}/chat", json={"token": tokens_of(other)[0], "text": "a"})
        assert said.status_code == 200  # the third line this minute
        again = client.post(f"/api/tables/{other['table']}/chat", json={"token": tokens_of(other)[0], "text": "b"})
        assert again.status_code == 429 and "chat_per_minute" in again.json()["error"]


def test_sockets_and_watched_tables_past_the_clients_limits_are_refused_naming_them(sqlite_url):
    with client_for(sqlite_url, limits=Limits(sockets=3, watched_tables=2)) as client:
        tables = [new_table(client, seed=i)["table"] for i in range(3)]
        with (
            client.websocket_connect(f"/ws/tables/{tables[0]}") as a,
            client.websocket_connect(f"/ws/tables/{tables[1]}") as b,
        ):
            a.receive_json(), b.receive_json()
            with client.websocket_connect(f"/ws/tables/{tables[2]}") as c:
                assert "watched_tables" in c.receive_json()["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    c.receive_json()
                assert closed.value.code == 4429
            with client.websocket_connect(f"/ws/tables/{tables[0]}") as d:  # a table it watches already
                d.receive_json()
                with client.websocket_connect(f"/ws/tables/{tables[1]}") as e:
                    assert "sockets" in e.receive_json()["error"]


def test_a_socket_sending_past_its_limit_is_told_and_closed(sqlite_url):
    with client_for(sqlite_url, limits=Limits(messages_per_minute=3)) as client:
        table = new_table(client)["table"]
        with client.websocket_connect(f"/ws/tables/{table}") as ws:
            ws.receive_json()
            for _ in range(4):
                ws.send_text("state")
            errors = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    message = ws.receive_json()
                    if "error" in message:
                        errors.append(message["error"])
            assert closed.value.code == 1008
            assert errors and "messages_per_minute" in errors[0]


def test_a_spectator_coming_pushes_nothing_and_a_seat_coming_or_going_pushes_only_who_is_connected(client):
    made = new_table(client)
    table, tokens = made["table"], tokens_of(made)
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        assert watcher.receive_json()["seq"] == 0
        with client.websocket_connect(f"/ws/tables/{table}") as other:
            other.receive_json()
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as seat:
            seat.receive_json()
            assert watcher.receive_json() == {"presence": [0]}  # not a state: the spectators said nothing
        assert watcher.receive_json() == {"presence": []}
        mine = state_of(client, table, tokens[0])
        body = {"token": tokens[0], "seq": 0, "action": mine["legal"][0]["id"]}
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200
        pushed = watcher.receive_json()
        assert pushed["seq"] == 1 and [s["connected"] for s in pushed["seats"]] == [False, False]


def test_a_table_of_bots_only_plays_only_while_watched(client):
    table = new_table(client, players=("easy", "easy"), seed=3)["table"]
    assert state_of(client, table)["seq"] == 0
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        ws.receive_json()
        assert state_of(client, table)["over"]


def test_a_persons_table_gets_the_next_worker_and_bots_only_tables_keep_one_free():
    async def scenario() -> list[str]:
        turns = Turns(2)
        order: list[str] = []
        release = asyncio.Event()

        async def bot(name: str, person: bool) -> None:
            async with turns.turn(person):
                order.append(name)
                await release.wait()

        first = [asyncio.create_task(bot(f"bots {i}", False)) for i in range(3)]
        await asyncio.sleep(0)
        assert order == ["bots 0"]  # one worker is kept for a table where a person sits
        person = asyncio.create_task(bot("person", True))
        await asyncio.sleep(0)
        assert order == ["bots 0", "person"]
        release.set()
        await asyncio.gather(*first, person)
        return order

    assert asyncio.run(scenario()) == ["bots 0", "person", "bots 1", "bots 2"]


def test_a_database_that_cannot_be_written_answers_503_and_nothing_changes(sqlite_url):
    with client_for(sqlite_url) as client:
        made = new_table(client)
        table, tokens = made["table"], tokens_of(made)
        mine = state_of(client, table, tokens[0])
        engine = client.app.state.server.engine

        @event.listens_for(engine, "connect")
        def read_only(connection, _record):
            connection.execute("PRAGMA query_only=1")

        engine.dispose()  # every connection from now on is read-only
        body = {"token": tokens[0], "seq": 0, "action": mine["legal"][0]["id"]}
        response = client.post(f"/api/tables/{table}/actions", json=body)
        assert response.status_code == 503
        assert "read-only" in response.json()["error"] and "nothing was changed" in response.json()["error"]
        chat = client.post(f"/api/tables/{table}/chat", json={"token": tokens[0], "text": "hello"})
        assert chat.status_code == 503
        after = state_of(client, table, tokens[0])
        assert after["seq"] == 0 and after["chat"] == []
        event.remove(engine, "connect", read_only)
        engine.dispose()
        assert client.post(f"/api/tables/{table}/actions", json=body).status_code == 200


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("database is locked", "another program holds it locked"),
        ("database or disk is full", "its disk is full"),
        ("attempt to write a readonly database", "it is read-only"),
        ("cannot execute UPDATE in a read-only transaction", "it is read-only"),
        ("connection refused", "it cannot be reached"),
    ],
)
def test_a_database_failure_is_named_in_words(said, named):
    failure = OperationalError("UPDATE tables", {}, sqlite3.OperationalError(said))
    error = unavailable(failure, writing=True)
    assert error.status == 503 and named in error.message


def test_the_server_refuses_a_database_it_cannot_write(tmp_path):
    path = tmp_path / "made.db"
    create_app(f"sqlite:///{path}", levels=FAST_LEVELS)  # made and migrated
    with pytest.raises(db.Unwritable, match="cannot use the database.*readonly"):
        create_app(f"sqlite:///file:{path}?mode=ro&uri=true", levels=FAST_LEVELS)


def test_a_failure_the_server_did_not_expect_is_still_answered_in_json(sqlite_url, monkeypatch):
    from fastapi.testclient import TestClient

    app = create_app(sqlite_url, levels=FAST_LEVELS)

    async def broken(_tokens):
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.state.server, "lobby", broken)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get("/api/tables", params={"tokens": "x"})
    assert response.status_code == 500
    assert "failed" in response.json()["error"] and "a bug" not in response.text
