"""Reading and writing tables: every change is one transaction, and memory changes only once it commits.

A change names the revision it was made on; if another process sharing the database changed the table
first, the update finds no row of that revision and the change is refused as stale (nothing is written).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Engine

import dinotable
from dinotable.server import db
from dinotable.server.clock import ClockRule, aware
from dinotable.server.live import ChatLine, LiveTable, Seat, name_seats


class Stale(Exception):
    """The table changed (in another process, or another request) since it was read."""


def now() -> datetime:
    return datetime.now(UTC)


def stamp(moment: datetime) -> str:
    """A time as the API shows it: ISO 8601 in UTC."""
    return aware(moment).isoformat(timespec="seconds")


# The PostgreSQL channel on which every change to a table is announced as "table:revision", so that every
# server process sharing the database can push it to its own WebSockets.
CHANNEL = "dinotable_changes"


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.announces = engine.dialect.name == "postgresql"

    def create(
        self, table_id: str, state, seats: list[Seat], at: datetime, rule: ClockRule | None, hints: bool = False
    ) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                insert(db.tables).values(
                    id=table_id,
                    game=state.game.name,
                    version=state.game.version,
                    num_players=state.num_players,
                    options=state.to_json()["options"],
                    seed=state.seed,
                    revision=0,
                    created=at,
                    clock_bank=rule and rule.bank,
                    clock_increment=rule and rule.increment,
                    hints=hints,
                )
            )
            conn.execute(
                insert(db.seats),
                [
                    {
                        "table_id": table_id,
                        "seat": s.seat,
                        "type": s.type,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "name": s.name,
                    }
                    for s in seats
                ],
            )

    def revision(self, table_id: str) -> int | None:
        with self.engine.connect() as conn:
            return conn.execute(select(db.tables.c.revision).where(db.tables.c.id == table_id)).scalar()

    def load(self, table_id: str) -> LiveTable | None:
        """The table replayed from its record, or None if there is no such table."""
        with self.engine.connect() as conn:
            row = conn.execute(select(db.tables).where(db.tables.c.id == table_id)).mappings().first()
            if row is None:
                return None
            seat_rows = conn.execute(
                select(db.seats).where(db.seats.c.table_id == table_id).order_by(db.seats.c.seat)
            ).mappings()
            seats = [
                Seat(r["seat"], r["type"], r["level"], r["token_hash"], r["name"], r["took_over"], r["out_of_time"])
                for r in seat_rows
            ]
            history = conn.execute(
                select(db.actions.c.action, db.actions.c.at)
                .where(db.actions.c.table_id == table_id)
                .order_by(db.actions.c.seq)
            ).all()
            chat_rows = list(
                conn.execute(select(db.chat).where(db.chat.c.table_id == table_id).order_by(db.chat.c.seq)).mappings()
            )
            asked = conn.execute(select(db.hints.c.seat, db.hints.c.seq).where(db.hints.c.table_id == table_id)).all()
        game = dinotable.get_game(row["game"])
        state = game.new_game(row["num_players"], row["seed"], row["options"])
        name_seats(state, seats)
        rule = None if row["clock_bank"] is None else ClockRule(row["clock_bank"], row["clock_increment"] or 0)
        table = LiveTable(table_id, state, seats, aware(row["created"]), rule, revision=row["revision"])
        table.rematch = row["rematch"]
        table.hints_allowed = bool(row["hints"])
        table.hints_asked = {(seat, seq) for seat, seq in asked}
        for action, at in history:
            table.apply(action, aware(at))
        table.chat = [ChatLine(r["seat"], table.name(r["seat"]), r["text"], stamp(r["at"])) for r in chat_rows]
        return table

    def _bump(self, conn, table: LiveTable) -> None:
        done = conn.execute(
            update(db.tables)
            .where(db.tables.c.id == table.id, db.tables.c.revision == table.revision)
            .values(revision=table.revision + 1)
        )
        if done.rowcount != 1:
            raise Stale(table.id)
        if self.announces:  # delivered when (and only if) the transaction commits
            conn.execute(select(func.pg_notify(CHANNEL, f"{table.id}:{table.revision + 1}")))

    def record_action(self, table: LiveTable, seq: int, action: int, seat: int | None, at: datetime) -> None:
        """Writes decision number `seq`; returns only once it is committed (the acknowledgement)."""
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(insert(db.actions).values(table_id=table.id, seq=seq, action=action, seat=seat, at=at))
        table.revision += 1

    def remove_last_actions(self, table: LiveTable, count: int) -> None:
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(
                db.actions.delete().where(db.actions.c.table_id == table.id, db.actions.c.seq >= table.seq - count)
            )
        table.revision += 1

    def take_over(self, table: LiveTable, seat: int, level: str, out_of_time: bool = False) -> None:
        """A bot of `level` takes the seat over (its player left, or ran out of time); the seat's token works
        no more."""
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(
                update(db.seats)
                .where(db.seats.c.table_id == table.id, db.seats.c.seat == seat)
                .values(type="bot", level=level, token_hash=None, took_over=True, out_of_time=out_of_time)
            )
        table.revision += 1
        table.seats[seat] = Seat(seat, "bot", level, None, table.seats[seat].name, True, out_of_time)

    def rename(self, table: LiveTable, seat: int, name: str) -> None:
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(
                update(db.seats).where(db.seats.c.table_id == table.id, db.seats.c.seat == seat).values(name=name)
            )
        table.revision += 1

    def set_rematch(self, table: LiveTable, rematch_id: str) -> None:
        """Marks `rematch_id` as the finished table's rematch, in the same change as nothing else."""
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(update(db.tables).where(db.tables.c.id == table.id).values(rematch=rematch_id))
        table.revision += 1
        table.rematch = rematch_id

    def claim(self, table_id: str, seat: int, digest: str) -> bool:
        """Gives an unclaimed human seat of a rematch its token (by hash); False if it was claimed already."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(db.seats)
                .where(db.seats.c.table_id == table_id, db.seats.c.seat == seat, db.seats.c.token_hash.is_(None))
                .values(token_hash=digest)
            )
            if done.rowcount == 1:
                conn.execute(
                    update(db.tables).where(db.tables.c.id == table_id).values(revision=db.tables.c.revision + 1)
                )
                if self.announces:
                    revision = conn.execute(select(db.tables.c.revision).where(db.tables.c.id == table_id)).scalar()
                    conn.execute(select(func.pg_notify(CHANNEL, f"{table_id}:{revision}")))
        return done.rowcount == 1

    def record_hint(self, table: LiveTable, seat: int, seq: int) -> None:
        """Counts a hint `seat` asked for at decision `seq` (once per decision): a change every watcher sees."""
        with self.engine.begin() as conn:
            self._bump(conn, table)
            conn.execute(insert(db.hints).values(table_id=table.id, seat=seat, seq=seq))
        table.revision += 1
        table.hints_asked.add((seat, seq))

    def analysis(self, table_id: str, version: str, budget: int) -> dict | None:
        """The table's analysis made by these rules at this budget ({status, doc, error, ...}), or None."""
        a = db.analyses.c
        with self.engine.connect() as conn:
            row = (
                conn.execute(
                    select(db.analyses).where(a.table_id == table_id, a.version == version, a.budget == budget)
                )
                .mappings()
                .first()
            )
        return None if row is None else dict(row)

    def save_analysis(
        self, table_id: str, version: str, budget: int, seed: int, doc: dict | None, error: str | None, at: datetime
    ) -> None:
        """Keeps an analysis made (`doc`) or failed (`error`), in place of a failed one; if another process
        kept one first, that one stays (Clash)."""
        a = db.analyses.c
        with self.engine.begin() as conn:
            conn.execute(
                db.analyses.delete().where(
                    a.table_id == table_id, a.version == version, a.budget == budget, a.status == "failed"
                )
            )
            conn.execute(
                insert(db.analyses).values(
                    table_id=table_id,
                    version=version,
                    budget=budget,
                    seed=seed,
                    status="failed" if doc is None else "ready",
                    doc=doc,
                    error=error,
                    made_at=at,
                )
            )

    def add_chat(self, table: LiveTable, seat: int | None, text: str, moment: datetime) -> ChatLine:
        with self.engine.begin() as conn:
            self._bump(conn, table)
            seq = conn.execute(
                select(func.count()).select_from(db.chat).where(db.chat.c.table_id == table.id)
            ).scalar_one()
            conn.execute(insert(db.chat).values(table_id=table.id, seq=seq, seat=seat, text=text, at=moment))
        table.revision += 1
        return ChatLine(seat, table.name(seat), text, stamp(moment))

    def seats_of_tokens(self, hashes: list[str]) -> list[tuple[str, int]]:
        """(table, seat) for each token hash that belongs to a seat."""
        if not hashes:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(db.seats.c.table_id, db.seats.c.seat).where(db.seats.c.token_hash.in_(hashes))
            ).all()
        return [(r[0], r[1]) for r in rows]

    def table_count(self) -> int:
        with self.engine.connect() as conn:
            return conn.execute(select(func.count()).select_from(db.tables)).scalar_one()

    def counts(self, table_id: str) -> dict:
        """How many rows a table has per kind, and its revision (tests check that a refusal wrote nothing)."""
        with self.engine.connect() as conn:
            out = {"revision": conn.execute(select(db.tables.c.revision).where(db.tables.c.id == table_id)).scalar()}
            for name, t in (
                ("actions", db.actions),
                ("chat", db.chat),
                ("seats", db.seats),
                ("hints", db.hints),
                ("analyses", db.analyses),
            ):
                out[name] = conn.execute(
                    select(func.count()).select_from(t).where(t.c.table_id == table_id)
                ).scalar_one()
        return out
