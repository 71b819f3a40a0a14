"""The database: a table's record (game, version, options, seed), its seats, its action log and its chat;
beside them, a finished table's analysis and the decisions at which each seat asked for a hint.

The action log is the truth: a table's state is its record replayed, and every accepted decision is written
with its sequence number in the transaction that acknowledges it. `revision` counts every change to a table
(a decision, a take-back, a chat line), so a server process sees when another one sharing the database has
changed a table, and two processes can never both write the same change (the update checks the revision it
read; the unique (table, seq) key is the last guard).
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    false,
    update,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DBAPIError

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_URL = "sqlite:///./var/dinotable.db"
# A chat line is at most this many characters (the API refuses longer ones).
CHAT_LIMIT = 300

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("version", String(32), nullable=False),
    Column("num_players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("revision", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    # A time bank per human seat, in seconds, and the seconds each of its decisions adds (none: no clock).
    Column("clock_bank", Integer),
    Column("clock_increment", Integer),
    # The table its players started for a rematch once this game was over (none yet: null).
    Column("rematch", String(32)),
    # Whether its players may ask for hints (chosen when the table was made).
    Column("hints", Boolean, nullable=False, server_default=false()),
)

seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("type", String(8), nullable=False),
    Column("level", String(16)),
    Column("token_hash", String(64), index=True),
    Column("name", String(64), nullable=False),
    # A bot that took over the seat of a player who left (the result says so).
    Column("took_over", Boolean, nullable=False, server_default=false()),
    # ... because its time ran out and another seat handed it over.
    Column("out_of_time", Boolean, nullable=False, server_default=false()),
)

actions = Table(
    "actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer),
    Column("at", DateTime(timezone=True), nullable=False),
)

chat = Table(
    "chat",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer),
    Column("text", String(CHAT_LIMIT), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

# A finished table's analysis, made once per rules version and search budget: `doc` is the review the
# browser shows (status "ready"), or `error` says why it failed (status "failed").
analyses = Table(
    "analyses",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("version", String(32), primary_key=True),
    Column("budget", Integer, primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("status", String(8), nullable=False),
    Column("doc", JSON),
    Column("error", Text),
    Column("made_at", DateTime(timezone=True), nullable=False),
)

# The decisions (by number) at which a seat asked for a hint: a seat's count is its rows. The hint itself
# is never kept.
hints = Table(
    "hints",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("seq", Integer, primary_key=True),
)


def connect(url: str) -> Engine:
    """An engine for `url` (sqlite:///path or postgresql+psycopg://...); SQLite's folder is made if missing."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url)

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):
            # WAL lets readers and the writer work side by side; a commit survives the process being killed.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Brings the database to the newest schema (`alembic upgrade head`); safe to run at every start."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Unwritable(Exception):
    """The database cannot be written (or made): the server refuses to start on it; the message says why."""


def ready(engine: Engine) -> None:
    """Brings the database to the newest schema and checks that this process can write it, so that a
    read-only file or server stops the server at its start instead of failing every change later."""
    try:
        migrate(engine)
        with engine.begin() as connection:  # a write that changes nothing, but needs the right to write
            connection.execute(update(tables).where(tables.c.id == "").values(revision=tables.c.revision))
    except DBAPIError as exc:
        said = str(exc.orig or exc).strip().splitlines()[0]
        raise Unwritable(f"cannot use the database {engine.url!r}: {said}") from None
