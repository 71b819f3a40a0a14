"""The schema's migrations carry a database forward with its tables in it: a table made before clocks existed
(schema 0002) plays on after `dinotable serve` migrates it to the newest schema, and each migration can be
undone. On SQLite and on PostgreSQL."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from alembic import command
from alembic.config import Config
from sqlalchemy import inspect, text

import dinotable
from dinotable.server import db

from .helpers import client_for, state_of


def alembic(engine, verb: str, target: str) -> None:
    config = Config()
    config.set_main_option("script_location", str(db.MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        getattr(command, verb)(config, target)


def columns(engine, table: str) -> set[str]:
    return {c["name"] for c in inspect(engine).get_columns(table)}


def test_a_table_made_before_clocks_plays_on_after_the_upgrade_and_the_upgrade_can_be_undone(db_url):
    engine = db.connect(db_url)
    alembic(engine, "upgrade", "0002")
    assert "clock_bank" not in columns(engine, "tables")
    game = dinotable.get_game("my-funny-dinos")
    state = game.new_game(2, 5)
    action = state.legal_actions()[0]
    at = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO tables (id, game, version, num_players, options, seed, revision, created)"
                " VALUES ('old', :game, :version, 2, :options, 5, 1, :at)"
            ),
            {"game": game.name, "version": game.version, "options": json.dumps(state.to_json()["options"]), "at": at},
        )
        for seat in (0, 1):
            conn.execute(
                text(
                    "INSERT INTO seats (table_id, seat, type, level, token_hash, name, took_over)"
                    " VALUES ('old', :seat, 'bot', 'easy', NULL, :name, false)"
                ),
                {"seat": seat, "name": f"player {seat + 1}"},
            )
        conn.execute(
            text("INSERT INTO actions (table_id, seq, action, seat, at) VALUES ('old', 0, :action, 0, :at)"),
            {"action": action, "at": at},
        )
    engine.dispose()

    with client_for(db_url) as client:  # the app migrates to the newest schema as it starts
        old = state_of(client, "old")
        assert old["seq"] >= 1 and old["clock"] is None
        assert not any(seat.get("out_of_time") for seat in old["seats"])
    engine = db.connect(db_url)
    assert {"clock_bank", "clock_increment"} <= columns(engine, "tables")
    assert "out_of_time" in columns(engine, "seats")
    alembic(engine, "downgrade", "0002")
    assert "clock_bank" not in columns(engine, "tables") and "out_of_time" not in columns(engine, "seats")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM actions WHERE table_id = 'old'")).scalar_one() >= 1
    engine.dispose()
