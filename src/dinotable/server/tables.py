"""The tables a server process holds: each replayed in memory, kept in step with the database, and the
WebSockets watching it; every change goes through here (the routes are in `app`).

A change is written to the database before it is applied in memory or acknowledged, and is refused, with
nothing written, when the token is not the seat to move's, the sequence number is stale or the action is not
legal. A change holds its table's lock from reading the table to applying the change, so changes to a table
never interleave; the database work runs in a thread meanwhile (`work`), and the table in memory is changed
only on the event loop. The answer goes out once the change is committed; the pushes to the table's
WebSockets follow, each socket at its own pace (`push`).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import secrets
from collections import OrderedDict

from fastapi.responses import Response

import dinotable
from dinotable.core.errors import shown
from dinotable.core.words import clash_problem, name_problem, plain_line_problem
from dinotable.server import db
from dinotable.server.analysis import Analyses
from dinotable.server.bots import Bots
from dinotable.server.clock import ClockRule, words
from dinotable.server.hints import Hints
from dinotable.server.limits import Limits, Rate, TooMany
from dinotable.server.live import LiveTable, Seat, token_hash
from dinotable.server.models import ClockIn, NewTable, PlayerIn
from dinotable.server.push import Watcher, Watchers
from dinotable.server.replay import Replay, Replays
from dinotable.server.store import Stale, Store, now
from dinotable.server.work import ApiError, Clash, Locks, Work

# Seeds the server picks itself; a seed given must fit the database's signed 64-bit column.
SEED_BITS = 62
SEED_RANGE = (-(1 << 63), (1 << 63) - 1)
# The lobby lists at most this many of a person's tables at once.
MAX_LOBBY_TOKENS = 200
# Tables kept replayed in memory; beyond that, the least recently used one nobody watches is let go (it is
# replayed from the database when asked for again).
MAX_LIVE = 256


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

    def __init__(
        self,
        url: str,
        levels: dict[str, str],
        bot_pause: float,
        bot_workers: int = 0,
        limits: Limits | None = None,
        analysis_budget: int | None = None,
    ) -> None:
        self.url = url
        self.engine = db.connect(url)
        db.ready(self.engine)
        self.store = Store(self.engine)
        self.work = Work()
        self.locks = Locks()
        self.limits = limits or Limits()
        self.levels = levels
        self.bots = Bots(levels, bot_workers)
        self.bot_pause = bot_pause
        self.live: OrderedDict[str, LiveTable] = OrderedDict()
        self.replays = Replays()
        self.watchers = Watchers()
        self.made = Rate("tables", "tables_per_minute")
        self.said = Rate("chat lines", "chat_per_minute")
        self.runners: dict[str, asyncio.Task] = {}  # per table, its bots' runner while one plays
        self.tasks: set[asyncio.Task] = set()
        self.now = now  # the time, as clocks read it (tests move it on)
        self.listening = asyncio.Event()  # set while other processes' changes are heard (PostgreSQL)
        self.unheard: set[str] = set()  # tables in memory that may have changed while nothing was heard
        self.analyses = Analyses(self, analysis_budget)  # finished tables' analyses (`analysis`)
        self.hints = Hints(self)  # hints at the tables that allow them (`hints`)

    def spawn(self, coroutine) -> asyncio.Task:
        """Runs a coroutine on the event loop, holding on to it until it ends (the loop keeps only weak
        references to its tasks)."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        self.bots.close()
        self.work.close()
        self.engine.dispose()

    # Reading tables
    async def table(self, table_id: str) -> LiveTable:
        """The table as the database has it now (see `_fetch`)."""
        async with self.locks.hold(table_id):
            return await self._fetch(table_id)

    @contextlib.asynccontextmanager
    async def changing(self, table_id: str):
        """The table, held for a change: no other request reads or changes it until the change is applied."""
        async with self.locks.hold(table_id):
            yield await self._fetch(table_id)

    async def _fetch(self, table_id: str) -> LiveTable:
        """The table as the database has it now: replayed again if another process changed it. While this
        process hears every change announced (PostgreSQL), a table in memory is taken as it is: another
        process's change drops it (`changed`), and a change made on a copy that is stale all the same is
        refused at its commit, which checks the revision."""
        table = self.live.get(table_id)
        if table is not None and self.listening.is_set() and table_id not in self.unheard:
            self.live.move_to_end(table_id)
            return table
        self.unheard.discard(table_id)
        revision = await self.work.read(self.store.revision, table_id)
        if revision is None:
            self.live.pop(table_id, None)
            raise ApiError(404, f"there is no table {shown(table_id)}")
        table = self.live.get(table_id)
        if table is None or table.revision != revision:
            table = await self.work.read(self.store.load, table_id)  # a replay: off the event loop
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
            if not self.watchers.of(table_id) and table_id not in self.runners:
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

    async def replay(self, table: LiveTable) -> Replay:
        """The finished table's replay, made off the event loop the first time it is asked for."""
        replay = self.replays.get(table)
        if replay is None:
            replay = await self.work.read(Replay, table)
            await self.work.read(replay.score_history)
            self.replays.keep(table, replay)
        return replay

    async def encoded(self, table: LiveTable, seat: int | None) -> str:
        """The table state for `seat` as JSON text, made once per change of the table: the answer to a
        decision and the pushes that follow it share it."""
        connected = self.watchers.connected(table.id)
        key = (table.revision, table.seq, connected)
        if table.encoded_key != key:
            table.encoded_key, table.encoded = key, {}
        if seat not in table.encoded:
            history = (await self.replay(table)).score_history() if table.state.is_over else None
            doc = table.snapshot(seat, connected)
            if history is not None:  # the chart after the game, from the record (public once it is over)
                doc["score_history"] = history
            text = json.dumps(doc, separators=(",", ":"))
            if table.encoded_key == key:  # unless the table changed while the replay was made
                table.encoded[seat] = text
            return text
        return table.encoded[seat]

    async def answer(self, table: LiveTable, seat: int | None) -> Response:
        """The table state as an HTTP answer (already JSON: FastAPI's encoder would walk it again)."""
        return Response(await self.encoded(table, seat), media_type="application/json")

    async def lobby(self, tokens: list[str]) -> list[dict]:
        """A person's tables, by the tokens their browser keeps: one entry per seat found."""
        if len(tokens) > MAX_LOBBY_TOKENS:
            raise ApiError(400, f"tokens: at most {MAX_LOBBY_TOKENS} tokens at once, got {len(tokens)}")
        hashes = [token_hash(t) for t in tokens]
        found = dict.fromkeys(await self.work.read(self.store.seats_of_tokens, hashes))
        out = []
        for table_id, seat in found:
            table = await self.table(table_id)
            state = table.state
            to_move = None if state.is_over else state.current_player
            out.append(
                {
                    "table": table_id,
                    "game": table.game.name,
                    "title": table.game.title,
                    "heading": table.heading(),
                    "seat": seat,
                    "to_move_name": None if to_move is None else table.name(to_move),
                    "your_turn": to_move == seat,
                    "over": state.is_over,
                    "seq": table.seq,
                }
            )
        return out

    # Changing tables
    async def write(self, table: LiveTable, then: str, fn, *args):
        """A change written to the database (in a thread); if another process changed the table first, it is
        refused (409, saying what to do `then`) with nothing written, and the copy in memory goes."""
        try:
            return await self.work.write(fn, table, *args)
        except (Stale, Clash):
            self.live.pop(table.id, None)
            raise ApiError(409, f"the table changed meanwhile: {then}") from None

    def check(self, rate: Rate, address: str, limit: int) -> None:
        try:
            rate.take(address, limit)
        except TooMany as exc:
            raise ApiError(429, str(exc)) from None

    async def create(self, body: NewTable, address: str, unclaimed: bool = False) -> dict:
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
        if any(p.type == "bot" for p in body.players) and self.bots.turns.queued() >= self.limits.bot_queue:
            raise ApiError(503, "every bot is busy at the tables already playing: try again in a minute")
        self.check(self.made, address, self.limits.tables_per_minute)
        table_id = secrets.token_urlsafe(6)
        tokens: dict[int, str] = {}
        seats = []
        for i, player in enumerate(body.players):
            if player.type == "human" and not unclaimed:
                tokens[i] = secrets.token_urlsafe(16)
            digest = token_hash(tokens[i]) if i in tokens else None
            seats.append(Seat(i, player.type, player.level, digest, names[i]))
        try:
            await self.work.write(self.store.create, table_id, state, seats, self.now(), rule, body.hints)
        except Clash:
            raise ApiError(409, "a table was just made under the same name: ask again") from None
        out = []
        for s in seats:
            entry = {"seat": s.seat, "name": s.name, "type": s.type}
            if s.seat in tokens:
                entry |= {"token": tokens[s.seat], "url": f"/t/{table_id}?token={tokens[s.seat]}"}
            else:
                entry["level"] = s.level
            out.append(entry)
        self.start_bots(table_id)
        return {"table": table_id, "seats": out, "spectator_url": f"/t/{table_id}"}

    def check_seq(self, table: LiveTable, seq: int) -> None:
        if seq != table.seq:
            raise ApiError(
                409, f"stale seq {seq}: the table is at seq {table.seq}, so fetch its state again and decide on that"
            )

    async def act(self, table_id: str, token: str, seq: int, action: int) -> tuple[LiveTable, int]:
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
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
            await self.commit(table, action)
        self.changed_here(table)
        return table, seat

    async def commit(self, table: LiveTable, action: int) -> None:
        """Writes the decision, then applies it in memory: the database acknowledges it first."""
        at = self.now()
        mover = table.state.current_player
        await self.write(
            table, "fetch its state again and decide on that", self.store.record_action, table.seq, action, mover, at
        )
        table.apply(action, at)

    async def undo(self, table_id: str, token: str, seq: int) -> tuple[LiveTable, int]:
        """Takes back the seat's turn so far, as far as it may (`LiveTable.undo_span`)."""
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
            self.check_seq(table, seq)
            count, why = table.undo_span(seat)
            if not count:
                raise ApiError(400, f"cannot take back your turn: {why}")
            await self.write(table, "fetch its state again", self.store.remove_last_actions, count)
            table.take_back(count)
        self.changed_here(table)
        return table, seat

    async def chat(self, table_id: str, token: str, text: str, address: str) -> tuple[LiveTable, int]:
        text = text.strip()
        if not text:
            raise ApiError(400, "text: a chat line needs some text")
        if len(text) > db.CHAT_LIMIT:
            raise ApiError(400, f"text: a chat line is at most {db.CHAT_LIMIT} characters, this one is {len(text)}")
        problem = plain_line_problem(text.replace("\t", " "))
        if problem:
            raise ApiError(400, f"text: a chat line is one line of plain text: {problem}")
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
            limit = self.limits.chat_per_table
            if len(table.chat) >= limit:
                raise ApiError(429, f"this table's chat is full: at most {limit} lines at a table (chat_per_table)")
            self.check(self.said, address, self.limits.chat_per_minute)
            line = await self.write(table, "send the line again", self.store.add_chat, seat, text, self.now())
            table.chat.append(line)
        self.changed_here(table)
        return table, seat

    async def rename(self, table_id: str, token: str, name: str) -> tuple[LiveTable, int]:
        """The seat's person changes its name, before its first decision; the table is replayed again, so
        that every line told so far names it anew."""
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
            if table.has_decided(seat):
                raise ApiError(400, "name: a name may be changed only before your first decision")
            problem = name_problem(name) or clash_problem(name, [s.name for s in table.seats if s.seat != seat])
            if problem:
                raise ApiError(400, f"name: {problem}")
            await self.write(table, "change the name again", self.store.rename, seat, name)
            self.live.pop(table_id, None)
            table = await self._fetch(table_id)
        self.changed_here(table)
        return table, seat

    async def rematch(self, table_id: str, token: str | None, address: str) -> dict:
        """The finished table's rematch (made by the first to ask: the same seats, names, bot levels, options
        and clock, a new seed) and, for a seat's token, that person's link to it. A person's new token is made
        from the old one, so only the holder of the old link can claim the new seat, and the database keeps
        neither."""
        async with self.changing(table_id) as table:
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
                clock = None if table.clock is None else ClockIn(bank=table.clock.bank, increment=table.clock.increment)
                body = NewTable(
                    game=table.game.name,
                    players=players,
                    options=table.state.options,
                    clock=clock,
                    hints=table.hints_allowed,
                )
                made = await self.create(body, address, unclaimed=True)
                await self.write(table, "ask for the rematch again", self.store.set_rematch, made["table"])
                self.changed_here(table)
        new_id = table.rematch
        assert new_id is not None  # made just above, or before
        out: dict[str, object] = {"table": new_id, "spectator_url": f"/t/{new_id}"}
        if seat is not None and token is not None:
            new_token = rematch_token(token, new_id)
            async with self.changing(new_id) as new_table:
                new_seat = new_table.seats[seat]
                if new_seat.type != "human" or new_seat.token_hash not in (None, token_hash(new_token)):
                    raise ApiError(409, "your seat at the rematch is played by a bot now: watch it as a spectator")
                if new_seat.token_hash is None:
                    await self.work.write(self.store.claim, new_id, seat, token_hash(new_token))
                    self.live.pop(new_id, None)
            out |= {"seat": seat, "token": new_token, "url": f"/t/{new_id}?token={new_token}"}
        return out

    def check_level(self, level: str) -> None:
        if level not in self.levels:
            raise ApiError(400, f"level: a bot's level is one of {', '.join(self.levels)}, not {shown(level)}")

    async def leave(self, table_id: str, token: str, level: str) -> LiveTable:
        """The seat's player leaves and a bot of `level` plays on for it."""
        self.check_level(level)
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
            await self.write(table, "try again", self.store.take_over, seat, level, False)
        self.changed_here(table)
        return table

    async def time_out(self, table_id: str, token: str, level: str) -> tuple[LiveTable, int]:
        """`seat` hands the seat to move, whose time has run out, to a bot of `level`."""
        self.check_level(level)
        async with self.changing(table_id) as table:
            seat = self.player(table, token)
            reading = table.clock_reading()
            if reading is None:
                raise ApiError(400, "this table has no clock, so no one runs out of time")
            if reading.running is None:
                raise ApiError(
                    400,
                    "no player's clock is running: "
                    + ("the game is over" if table.state.is_over else "a bot is to move"),
                )
            if reading.running == seat:
                raise ApiError(403, "your own clock is running: to let a bot play on for you, leave the table instead")
            left = reading.left_now(self.now())
            if left > 0:
                raise ApiError(400, f"{table.name(reading.running)} still has {words(left)}")
            await self.write(table, "try again", self.store.take_over, reading.running, level, True)
        self.changed_here(table)
        return table, seat

    # Telling the watchers, and the bots
    def changed_here(self, table: LiveTable) -> None:
        """A change this process made: its sockets are behind, and its bots may be to move."""
        self.watchers.changed(table.id)
        self.start_bots(table.id)

    async def changed(self, table_id: str, revision: int) -> None:
        """A table changed, maybe in another process: the copy in memory goes, and its watchers here get the
        table replayed again. Its own changes this process hears too, maybe before the change it is writing has
        reached memory: so it waits for the table's lock before comparing."""
        async with self.locks.hold(table_id):  # a change of this process may be on its way to memory
            table = self.live.get(table_id)
            if table is None or table.revision >= revision:
                return  # not held here, or this process's own change
            del self.live[table_id]
        self.watchers.changed(table_id)

    def hearing(self, listening: bool) -> None:
        """The announcements are heard again (or no more): changes made meanwhile went unheard, so every
        table in memory is checked against the database when next asked for."""
        self.unheard = set(self.live)
        if listening:
            self.listening.set()
        else:
            self.listening.clear()

    def admit(self, watcher: Watcher) -> str | None:
        """Takes on a new socket (or says why not): it is sent the state; if it is the first of its seat,
        the others are told the seat is connected."""
        limits = self.limits
        refusal = self.watchers.refusal(watcher.address, watcher.table_id, limits.sockets, limits.watched_tables)
        if refusal:
            return refusal
        before = self.watchers.connected(watcher.table_id)
        self.watchers.add(watcher)
        if self.watchers.connected(watcher.table_id) != before:
            self.watchers.presence(watcher.table_id, watcher)
        self.spawn(watcher.send(self.state_for))
        self.analyses.greet(watcher)  # a newcomer hears how an analysis in progress goes
        self.start_bots(watcher.table_id)  # after a restart, or a table of bots only waiting to be watched
        return None

    def forget(self, watcher: Watcher) -> None:
        """A socket closed: it is taken off its table; if it was its seat's last, the others are told."""
        before = self.watchers.connected(watcher.table_id)
        watcher.dropped = True
        watcher.wake.set()
        self.watchers.remove(watcher)
        if self.watchers.connected(watcher.table_id) != before:
            self.watchers.presence(watcher.table_id)
        self.let_go()

    async def state_for(self, watcher: Watcher) -> str | None:
        """The state a socket is due now (None: its table is gone). A push follows a change this process
        made or heard of (which let the old copy go), so a table in memory is taken as it is, without asking
        the database once per socket."""
        try:
            table = self.live.get(watcher.table_id) or await self.table(watcher.table_id)
            return await self.encoded(table, watcher.seat)
        except ApiError:
            return None

    def bot_to_move(self, table: LiveTable) -> bool:
        state = table.state
        return not state.is_over and table.seats[state.current_player].type == "bot"

    def start_bots(self, table_id: str) -> None:
        """Starts the table's bots' runner, unless one runs already."""
        if table_id not in self.runners:
            self.runners[table_id] = self.spawn(self.run_bots(table_id))

    async def idle(self, table_id: str) -> None:
        """Returns once no bot plays at the table (until a change starts them again)."""
        while (runner := self.runners.get(table_id)) is not None:
            await asyncio.wait([runner])

    async def run_bots(self, table_id: str) -> None:
        """Bots decide, one after another, until a person is to move. A table of bots only plays while
        someone watches it (and then after the tables where people sit)."""
        try:
            while True:
                table = await self.table(table_id)
                person = any(s.type == "human" for s in table.seats)
                if not self.bot_to_move(table) or not (person or self.watchers.of(table_id)):
                    return
                seq = table.seq
                action = await self.bots.think(table, person)
                if self.bot_pause:
                    await asyncio.sleep(self.bot_pause)  # so that a person can follow the bots' moves
                async with self.changing(table_id) as table:
                    if table.seq != seq:
                        continue  # the table changed meanwhile (another process): think again
                    try:
                        await self.commit(table, action)
                    except ApiError as exc:
                        if exc.status == 503:
                            return  # the database is failing: the bots go on at the next request
                        continue
                self.watchers.changed(table_id)
        except ApiError:
            return  # the table is gone
        finally:
            self.runners.pop(table_id, None)
