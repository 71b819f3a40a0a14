"""The tables a server process holds: each replayed in memory, kept in step with the database, and the
WebSockets watching it; every change goes through here (the routes are in `app`).

A change is written to the database before it is applied in memory or acknowledged, and is refused, with
nothing written, when the token is not the seat to move's, the sequence number is stale or the action is not
legal. Every method that reads or changes tables runs on the event loop with no awaiting between reading a
table and changing it, so changes never interleave and no thread touches a table.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import secrets
from collections import OrderedDict
from typing import Any

from fastapi import WebSocket
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, StrictInt, field_validator

import dinotable
from dinotable.core.errors import shown
from dinotable.core.words import clash_problem, lone_surrogate, name_problem, plain_line_problem
from dinotable.server import db
from dinotable.server.bots import Bots
from dinotable.server.clock import ClockRule, words
from dinotable.server.live import LiveTable, Seat, token_hash
from dinotable.server.replay import Replays
from dinotable.server.store import Stale, Store, now

# Seeds the server picks itself; a seed given must fit the database's signed 64-bit column.
SEED_BITS = 62
SEED_RANGE = (-(1 << 63), (1 << 63) - 1)
# The lobby lists at most this many of a person's tables at once.
MAX_LOBBY_TOKENS = 200
# Tables kept replayed in memory; beyond that, the least recently used one nobody watches is let go (it is
# replayed from the database when asked for again).
MAX_LIVE = 256


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def valid_unicode(cls, value):
        """Text that is not valid Unicode (a lone surrogate, as JSON may carry) is refused where it comes in."""
        if isinstance(value, str) and lone_surrogate(value):
            raise ValueError("not valid Unicode (a lone surrogate)")
        return value


class PlayerIn(Strict):
    type: str
    level: str | None = None
    name: str | None = None  # a person's display name (default "Player N"); a bot is named by its level


class ClockIn(Strict):
    bank: StrictInt
    increment: StrictInt = 0


class NewTable(Strict):
    game: str
    players: list[PlayerIn]
    options: dict[str, Any] | None = None
    seed: StrictInt | None = None
    clock: ClockIn | None = None


class ActionIn(Strict):
    token: str
    seq: StrictInt
    action: StrictInt


class UndoIn(Strict):
    token: str
    seq: StrictInt


class HandOverIn(Strict):
    """Leaving a seat, or handing over one whose time ran out: a bot of `level` plays on."""

    token: str
    level: str = "medium"


class ChatIn(Strict):
    token: str
    text: str


class NameIn(Strict):
    token: str
    name: str


class RematchIn(Strict):
    token: str | None = None


def seat_names(players: list[PlayerIn]) -> list[str]:
    """Each seat's display name: the person's own (default "Player N"), a bot's by its level ("Hard bot",
    then "Hard bot 2"); ApiError naming the seat whose name is refused."""
    names: list[str] = []
    for i, player in enumerate(players):
        if player.type == "bot":
            base = f"{str(player.level).capitalize()} bot"
            same = sum(1 for p in players[:i] if p.type == "bot" and p.level == player.level)
            names.append(base if same == 0 else f"{base} {same + 1}")
        else:
            names.append(f"Player {i + 1}" if player.name is None else player.name)
    for i, name in enumerate(names):
        problem = name_problem(name) or clash_problem(name, names[:i])
        if problem:
            raise ApiError(400, f"players.{i}.name: {problem}")
    return names


def rematch_token(token: str, table_id: str) -> str:
    """A person's token at a rematch, made from their old one: whoever holds the old link, and only they, can
    claim the seat again, however many times they ask."""
    return (
        base64.urlsafe_b64encode(hashlib.sha256(f"rematch {table_id} {token}".encode()).digest()[:16])
        .decode()
        .rstrip("=")
    )


class Server:
    """The tables in memory, kept in step with the database, and the WebSockets watching them."""

    def __init__(self, url: str, levels: dict[str, str], bot_pause: float, bot_workers: int = 0) -> None:
        self.url = url
        self.engine = db.connect(url)
        db.migrate(self.engine)
        self.store = Store(self.engine)
        self.levels = levels
        self.bots = Bots(levels, bot_workers)
        self.bot_pause = bot_pause
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        self.replays = Replays()
        self.sockets: dict[str, dict[WebSocket, int | None]] = {}
        self.thinking: set[str] = set()
        self.tasks: set[asyncio.Task] = set()
        self.now = now  # the time, as clocks read it (tests move it on)
        self.listening = asyncio.Event()  # set while other processes' changes are heard (PostgreSQL)
        self.unheard: set[str] = set()  # tables in memory that may have changed while nothing was heard

    def spawn(self, coroutine) -> None:
        """Runs a coroutine on the event loop, holding on to it until it ends (the loop keeps only weak
        references to its tasks)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # Reading tables
    def table(self, table_id: str) -> LiveTable:
        """The table as the database has it now: replayed again if another process changed it. While this
        process hears every change announced (PostgreSQL), a table in memory is taken as it is: another
        process's change drops it (`changed`), and a change made on a copy that is stale all the same is
        refused at its commit, which checks the revision."""
        table = self.live.get(table_id)
        if table is not None and self.listening.is_set() and table_id not in self.unheard:
            self.live.move_to_end(table_id)
            return table
        self.unheard.discard(table_id)
        revision = self.store.revision(table_id)
        if revision is None:
            self.live.pop(table_id, None)
            raise ApiError(404, f"there is no table {shown(table_id)}")
        if table is None or table.revision != revision:
            table = self.store.load(table_id)
            self.live[table_id] = table
        self.live.move_to_end(table_id)
        self.let_go()
        return table

    def let_go(self) -> None:
        """Keeps at most MAX_LIVE tables in memory (as far as watched ones allow), letting go of the least
        recently used tables that nobody watches and no bot is thinking at."""
        excess = len(self.live) - MAX_LIVE
        if excess <= 0:
            return
        for table_id in list(self.live)[:-1]:  # never the table just asked for
            if excess <= 0:
                break
            if not self.sockets.get(table_id) and table_id not in self.thinking:
                del self.live[table_id]
                excess -= 1

    def seat(self, table: LiveTable, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token (a spectator)."""
        if not token:
            return None
        try:
            return table.seat_of(token)
        except KeyError:
            raise ApiError(403, f"that token is not a seat's at table {table.id}") from None

    def player(self, table: LiveTable, token: str | None) -> int:
        """The seat a token belongs to, for what only a seat may do."""
        seat = self.seat(table, token)
        if seat is None:
            raise ApiError(403, "a seat's token is needed for that (a spectator may only watch)")
        return seat

    def connected(self, table_id: str) -> set[int]:
        return {seat for seat in self.sockets.get(table_id, {}).values() if seat is not None}

    def encoded(self, table: LiveTable, seat: int | None) -> str:
        """The table state for `seat` as JSON text, made once per change of the table: the answer to a
        decision and the pushes that follow it share it."""
        connected = self.connected(table.id)
        key = (table.revision, table.seq, frozenset(connected))
        if table.encoded_key != key:
            table.encoded_key, table.encoded = key, {}
        if seat not in table.encoded:
            doc = table.snapshot(seat, connected)
            if table.state.is_over:  # the chart after the game, from the record (public once it is over)
                doc["score_history"] = self.replays.of(table).score_history()
            table.encoded[seat] = json.dumps(doc, separators=(",", ":"))
        return table.encoded[seat]

    def answer(self, table: LiveTable, seat: int | None) -> Response:
        """The table state as an HTTP answer (already JSON: FastAPI's encoder would walk it again)."""
        return Response(self.encoded(table, seat), media_type="application/json")

    # Changing tables
    def create(self, body: NewTable, unclaimed: bool = False) -> dict:
        """Makes a table; `unclaimed`: its people's seats get their tokens later (a rematch, see `rematch`)."""
        try:
            game = dinotable.get_game(body.game)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        for i, player in enumerate(body.players):
            if player.type not in ("human", "bot"):
                raise ApiError(400, f"players.{i}.type: a seat is human or bot, not {shown(player.type)}")
            if player.type == "bot" and player.level not in self.levels:
                raise ApiError(
                    400,
                    f"players.{i}.level: a bot's level is one of {', '.join(self.levels)}, not {shown(player.level)}",
                )
            if player.type == "human" and player.level is not None:
                raise ApiError(400, f"players.{i}.level: only a bot has a level")
            if player.type == "bot" and player.name is not None:
                raise ApiError(400, f"players.{i}.name: a bot is named by its level")
        names = seat_names(body.players)
        seed = secrets.randbits(SEED_BITS) if body.seed is None else body.seed
        if not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
            raise ApiError(400, f"seed must fit in a signed 64-bit number, got {seed}")
        try:
            state = game.new_game(len(body.players), seed, body.options)
            rule = None if body.clock is None else ClockRule(body.clock.bank, body.clock.increment)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        table_id = secrets.token_urlsafe(6)
        tokens: dict[int, str] = {}
        seats = []
        for i, player in enumerate(body.players):
            if player.type == "human" and not unclaimed:
                tokens[i] = secrets.token_urlsafe(16)
            digest = token_hash(tokens[i]) if i in tokens else None
            seats.append(Seat(i, player.type, player.level, digest, names[i]))
        self.store.create(table_id, state, seats, self.now(), rule)
        out = []
        for s in seats:
            entry = {"seat": s.seat, "name": s.name, "type": s.type}
            if s.seat in tokens:
                entry |= {"token": tokens[s.seat], "url": f"/t/{table_id}?token={tokens[s.seat]}"}
            else:
                entry["level"] = s.level
            out.append(entry)
        return {"table": table_id, "seats": out, "spectator_url": f"/t/{table_id}"}

    def check_seq(self, table: LiveTable, seq: int) -> None:
        if seq != table.seq:
            raise ApiError(
                409, f"stale seq {seq}: the table is at seq {table.seq}, so fetch its state again and decide on that"
            )

    @contextlib.contextmanager
    def writing(self, table: LiveTable, then: str):
        """A change written to the database; if another process changed the table first, it is refused (409,
        saying what to do `then`) with nothing written, and the copy in memory goes."""
        try:
            yield
        except Stale:
            self.live.pop(table.id, None)
            raise ApiError(409, f"the table changed meanwhile: {then}") from None

    def act(self, table: LiveTable, seat: int, seq: int, action: int) -> None:
        state = table.state
        self.check_seq(table, seq)
        if state.is_over:
            raise ApiError(400, "the game is over: there is nothing more to decide")
        if state.current_player != seat:
            raise ApiError(403, f"it is not your turn: {table.name(state.current_player)} is to move")
        legal = state.legal_actions()
        if action not in legal:
            raise ApiError(
                400,
                f"action {action} is not legal now; the legal actions are {', '.join(map(str, legal[:40]))}"
                + (" and more" if len(legal) > 40 else ""),
            )
        self.commit(table, action)

    def commit(self, table: LiveTable, action: int) -> None:
        """Writes the decision, then applies it in memory: the database acknowledges it first."""
        at = self.now()
        with self.writing(table, "fetch its state again and decide on that"):
            self.store.record_action(table, table.seq, action, table.state.current_player, at)
        table.apply(action, at)

    def undo(self, table: LiveTable, seat: int, seq: int) -> None:
        """Takes back the seat's turn so far, as far as it may (`LiveTable.undo_span`)."""
        self.check_seq(table, seq)
        count, why = table.undo_span(seat)
        if not count:
            raise ApiError(400, f"cannot take back your turn: {why}")
        with self.writing(table, "fetch its state again"):
            self.store.remove_last_actions(table, count)
        table.take_back(count)

    def chat(self, table: LiveTable, seat: int, text: str) -> None:
        text = text.strip()
        if not text:
            raise ApiError(400, "text: a chat line needs some text")
        if len(text) > db.CHAT_LIMIT:
            raise ApiError(400, f"text: a chat line is at most {db.CHAT_LIMIT} characters, this one is {len(text)}")
        problem = plain_line_problem(text.replace("\t", " "))
        if problem:
            raise ApiError(400, f"text: a chat line is one line of plain text: {problem}")
        with self.writing(table, "send the line again"):
            line = self.store.add_chat(table, seat, text, self.now())
        table.chat.append(line)

    def rename(self, table: LiveTable, seat: int, name: str) -> LiveTable:
        """The seat's person changes its name, before its first decision; the table is replayed again, so
        that every line told so far names it anew."""
        if table.has_decided(seat):
            raise ApiError(400, "name: a name may be changed only before your first decision")
        problem = name_problem(name) or clash_problem(name, [s.name for s in table.seats if s.seat != seat])
        if problem:
            raise ApiError(400, f"name: {problem}")
        with self.writing(table, "change the name again"):
            self.store.rename(table, seat, name)
        self.live.pop(table.id, None)
        return self.table(table.id)

    def rematch(self, table: LiveTable, token: str | None) -> dict:
        """The finished table's rematch (made by the first to ask: the same seats, names, bot levels, options
        and clock, a new seed) and, for a seat's token, that person's link to it. A person's new token is made
        from the old one, so only the holder of the old link can claim the new seat, and the database keeps
        neither."""
        if not table.state.is_over:
            raise ApiError(400, "a rematch starts once the game is over")
        seat = self.seat(table, token)
        if table.rematch is None and seat is None:
            raise ApiError(403, "only a player at the table starts a rematch; a spectator may then watch it")
        if table.rematch is None:
            # A person's seat stays theirs; a bot keeps its level (and plays on for a person who left).
            players = [
                PlayerIn(type="human", name=s.name) if s.type == "human" else PlayerIn(type="bot", level=s.level)
                for s in table.seats
            ]
            state = table.state
            clock = None if table.clock is None else ClockIn(bank=table.clock.bank, increment=table.clock.increment)
            body = NewTable(game=table.game.name, players=players, options=state.options, clock=clock)
            made = self.create(body, unclaimed=True)
            with self.writing(table, "ask for the rematch again"):
                self.store.set_rematch(table, made["table"])
        new_id = table.rematch
        assert new_id is not None  # made just above, or before
        out: dict[str, object] = {"table": new_id, "spectator_url": f"/t/{new_id}"}
        if seat is not None and token is not None:
            new_token = rematch_token(token, new_id)
            new_seat = self.table(new_id).seats[seat]
            if new_seat.type != "human" or new_seat.token_hash not in (None, token_hash(new_token)):
                raise ApiError(409, "your seat at the rematch is played by a bot now: watch it as a spectator")
            if new_seat.token_hash is None:
                self.store.claim(new_id, seat, token_hash(new_token))
                self.live.pop(new_id, None)
            out |= {"seat": seat, "token": new_token, "url": f"/t/{new_id}?token={new_token}"}
        return out

    def check_level(self, level: str) -> None:
        if level not in self.levels:
            raise ApiError(400, f"level: a bot's level is one of {', '.join(self.levels)}, not {shown(level)}")

    def hand_to_bot(self, table: LiveTable, seat: int, level: str, out_of_time: bool = False) -> None:
        with self.writing(table, "try again"):
            self.store.take_over(table, seat, level, out_of_time)

    def time_out(self, table: LiveTable, seat: int, level: str) -> None:
        """`seat` hands the seat to move, whose time has run out, to a bot of `level`."""
        self.check_level(level)
        reading = table.clock_reading()
        if reading is None:
            raise ApiError(400, "this table has no clock, so no one runs out of time")
        if reading.running is None:
            raise ApiError(
                400,
                "no player's clock is running: " + ("the game is over" if table.state.is_over else "a bot is to move"),
            )
        if reading.running == seat:
            raise ApiError(403, "your own clock is running: to let a bot play on for you, leave the table instead")
        left = reading.left_now(self.now())
        if left > 0:
            raise ApiError(400, f"{table.name(reading.running)} still has {words(left)}")
        self.hand_to_bot(table, reading.running, level, out_of_time=True)

    # Telling the watchers, and the bots
    async def changed(self, table_id: str, revision: int) -> None:
        """A table changed, maybe in another process: the copy in memory goes, and its watchers here get the
        table replayed again."""
        table = self.live.get(table_id)
        if table is None or table.revision >= revision:
            return  # not held here, or this process's own change
        del self.live[table_id]
        if self.sockets.get(table_id):
            with contextlib.suppress(ApiError):  # no such table any more: nothing to push
                await self.broadcast(self.table(table_id))

    def hearing(self, listening: bool) -> None:
        """The announcements are heard again (or no more): changes made meanwhile went unheard, so every
        table in memory is checked against the database when next asked for."""
        self.unheard = set(self.live)
        if listening:
            self.listening.set()
        else:
            self.listening.clear()

    async def broadcast(self, table: LiveTable) -> None:
        watchers = self.sockets.get(table.id)
        if not watchers:
            return
        for websocket, seat in list(watchers.items()):
            try:
                await websocket.send_text(self.encoded(table, seat))
            except Exception:  # a socket that closed meanwhile; its handler removes it
                watchers.pop(websocket, None)

    def bot_to_move(self, table: LiveTable) -> bool:
        state = table.state
        return not state.is_over and table.seats[state.current_player].type == "bot"

    async def run_bots(self, table_id: str) -> None:
        """Bots decide, one after another, until a person is to move; one runner per table at a time."""
        if table_id in self.thinking:
            return
        self.thinking.add(table_id)
        try:
            while True:
                table = self.table(table_id)
                if not self.bot_to_move(table):
                    return
                seq = table.seq
                action = await self.bots.think(table)
                if self.bot_pause:
                    await asyncio.sleep(self.bot_pause)  # so that a person can follow the bots' moves
                table = self.table(table_id)
                if table.seq != seq:
                    continue  # the table changed meanwhile (another process): think again
                try:
                    self.commit(table, action)
                except ApiError:
                    continue
                await self.broadcast(table)
        finally:
            self.thinking.discard(table_id)
