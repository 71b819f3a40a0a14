"""Changes made by other server processes sharing a PostgreSQL database, pushed to this process's WebSockets.

Every change to a table is announced on a channel in the transaction that makes it (`store.CHANNEL`); each
process listens on its own connection and, for a table it has watchers of, replays the table again and
pushes the new state. Its own announcements it already knows (its copy is at that revision). SQLite has no
such channel: on SQLite one process serves the database.
"""

from __future__ import annotations

import asyncio
import logging

from sqlalchemy.engine import make_url

from dinotable.server.store import CHANNEL

log = logging.getLogger("dinotable.server")
# Seconds to wait before listening again after the connection was lost.
RETRY = 2.0


def conninfo(url: str) -> str:
    """The libpq address of a SQLAlchemy PostgreSQL URL (postgresql+psycopg://... -> postgresql://...)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(server) -> None:
    """Pushes other processes' changes until cancelled; reconnects when the connection drops."""
    import psycopg

    while True:
        try:
            async with await psycopg.AsyncConnection.connect(conninfo(server.url), autocommit=True) as conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                server.hearing(True)
                async for note in conn.notifies():
                    table_id, _, revision = note.payload.rpartition(":")
                    await server.changed(table_id, int(revision))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: the clients still get every change on request
            server.hearing(False)
            log.warning("not hearing other processes' changes (%s); trying again in %.0f s", exc, RETRY)
            await asyncio.sleep(RETRY)
