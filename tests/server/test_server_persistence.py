"""Persistence, the same on SQLite and on PostgreSQL: the action log is the truth, and a table is its record
replayed (the issue's "Persistence" and "The action log is the truth")."""

from __future__ import annotations

import pytest
from sqlalchemy import insert, inspect, select
from sqlalchemy.exc import IntegrityError

from dinotable.server import db
from dinotable.server.store import now

from .helpers import client_for, new_table, play, state_of, tokens_of


def test_migrations_make_the_schema_of_the_code_and_run_again_harmlessly(db_url):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = db.connect(db_url)
    db.migrate(engine)
    db.migrate(engine)  # every server start runs them
    assert {"tables", "seats", "actions", "chat", "alembic_version"} <= set(inspect(engine).get_table_names())
    with engine.connect() as conn:
        assert conn.execute(select(db.metadata.tables["tables"].c.id)).all() == []
        differences = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert [d for d in differences if d[0] != "remove_fk"] == []
    engine.dispose()


def test_every_acknowledged_decision_is_in_the_log_and_a_new_server_replays_it(db_url):
    with client_for(db_url) as first:
        made = new_table(first, players=("human", "easy", "human"))
        table, tokens = made["table"], tokens_of(made)
        played = play(first, table, tokens, 15)
        first.post(f"/api/tables/{table}/chat", json={"token": tokens[2], "text": "nice dig"})
        before = {seat: state_of(first, table, token) for seat, token in [*tokens.items(), (None, None)]}
        with first.app.state.server.engine.connect() as conn:
            logged = conn.execute(
                select(db.actions.c.seq, db.actions.c.action).where(db.actions.c.table_id == table)
            ).all()
    assert [seq for seq, _ in logged] == list(range(played["seq"]))
    with client_for(db_url) as second:  # a fresh process: nothing in memory
        after = {seat: state_of(second, table, token) for seat, token in [*tokens.items(), (None, None)]}
        assert after == before
        assert after[2]["chat"][0]["text"] == "nice dig"
        # Play goes on where it was.
        final = play(second, table, tokens, 5)
        assert final["seq"] > played["seq"]


def test_the_log_holds_one_decision_per_sequence_number(db_url):
    with client_for(db_url) as client:
        made = new_table(client)
        table, tokens = made["table"], tokens_of(made)
        play(client, table, tokens, 1)
        engine = client.app.state.server.engine
        with pytest.raises(IntegrityError), engine.begin() as conn:
            conn.execute(insert(db.actions).values(table_id=table, seq=0, action=1, seat=0, at=now()))


def test_two_servers_sharing_the_database_never_both_take_the_same_turn(db_url):
    """Several server processes may share PostgreSQL: the second to act on a seq is refused as stale, and
    each sees the other's decisions."""
    with client_for(db_url) as one, client_for(db_url) as two:
        made = new_table(one)
        table, token = made["table"], made["seats"][0]["token"]
        seen_by_two = state_of(two, table, token)
        action = seen_by_two["legal"][0]["id"]
        assert one.post(f"/api/tables/{table}/actions", json={"token": token, "seq": 0, "action": action}).is_success
        late = two.post(f"/api/tables/{table}/actions", json={"token": token, "seq": 0, "action": action})
        assert late.status_code == 409 and "stale" in late.json()["error"]
        assert state_of(two, table, token) == state_of(one, table, token)
        assert one.app.state.server.store.counts(table)["actions"] == state_of(one, table)["seq"]


def test_a_take_back_removes_the_decision_from_the_log(db_url):
    with client_for(db_url) as client:
        made = new_table(client, seed=3)
        table, tokens = made["table"], tokens_of(made)
        for _ in range(200):
            state = state_of(client, table)
            seat = state["to_move"]
            mine = state_of(client, table, tokens[seat])
            body = {"token": tokens[seat], "seq": mine["seq"], "action": mine["legal"][-1]["id"]}
            after = client.post(f"/api/tables/{table}/actions", json=body).json()
            if after["can_undo"]:
                break
        assert after["can_undo"]
        client.post(f"/api/tables/{table}/undo", json={"token": tokens[seat], "seq": after["seq"]})
        assert client.app.state.server.store.counts(table)["actions"] == mine["seq"]
    with client_for(db_url) as again:
        assert state_of(again, table, tokens[seat]) == mine


def test_a_bot_takes_over_the_seat_of_a_player_who_leaves_and_the_result_says_so(db_url):
    with client_for(db_url) as client:
        made = new_table(client)
        table, tokens = made["table"], tokens_of(made)
        play(client, table, tokens, 2)
        left = client.post(f"/api/tables/{table}/leave", json={"token": tokens[1], "level": "easy"})
        assert left.status_code == 200 and left.json()["seat"] is None
        assert left.json()["seats"][1] == {
            "seat": 1,
            "name": "Player 2",
            "type": "bot",
            "level": "easy",
            "took_over": True,
            "connected": True,
        }
        refused = client.get(f"/api/tables/{table}", params={"token": tokens[1]})
        assert refused.status_code == 403  # the token that left works no more
    with client_for(db_url) as again:  # the take-over is stored
        final = play(again, table, {0: tokens[0]}, 400)
        assert final["over"] and final["outcome"]["bots_took_over"] == ["Player 2"]
        assert final["seats"][1]["took_over"] is True
