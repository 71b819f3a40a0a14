"""The HTTP API and WebSocket of the web server (the contract is in docs/server.md).

Every request names its seat by the seat's secret token; no token is a spectator. A seat is sent only its
table state (`LiveTable.snapshot`): its view, its legal actions, and the log as it may be told it. A change
is written to the database before it is applied in memory or acknowledged, and is refused, with nothing
written, when the token is not the seat to move's, the sequence number is stale or the action is not legal.
Every handler that reads or changes tables runs on the event loop (async, with no awaiting between reading a
table and changing it), so handlers never interleave and no thread touches a table.
"""

from __future__ import annotations

import json
import os
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import BackgroundTasks, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import dinotable
from dinotable.core.record import plain
from dinotable.server import db
from dinotable.server.bots import LEVELS
from dinotable.server.guard import SecurityHeaders, origin_refusal
from dinotable.server.listen import listen
from dinotable.server.live import token_hash
from dinotable.server.tables import (
    MAX_LOBBY_TOKENS,
    ActionIn,
    ApiError,
    ChatIn,
    HandOverIn,
    NameIn,
    NewTable,
    RematchIn,
    Server,
    UndoIn,
)

STATIC = Path(__file__).parent / "static"


def create_app(
    database_url: str | None = None,
    levels: dict[str, str] | None = None,
    bot_pause: float = 0.0,
    bot_workers: int = 0,
    origins: list[str] | None = None,
):
    """The app on `database_url` (else DINOTABLE_DATABASE_URL, else SQLite in ./var/dinotable.db); the
    database is migrated to the newest schema first. `levels` maps bot levels to agent specs; bots think in
    a pool of `bot_workers` processes (0: in a thread)."""
    url = database_url or os.environ.get("DINOTABLE_DATABASE_URL") or db.DEFAULT_URL
    given = origins if origins is not None else os.environ.get("DINOTABLE_ORIGINS", "").split(",")
    allowed = frozenset(o.strip().rstrip("/") for o in given if o.strip())
    server = Server(url, dict(levels or LEVELS), bot_pause, bot_workers)

    @asynccontextmanager
    async def lifespan(_app):
        if server.store.announces:
            server.spawn(listen(server))
        yield
        for task in list(server.tasks):
            task.cancel()
        server.bots.close()
        server.engine.dispose()

    app = FastAPI(title="dinotable", description="Play the dinosaur games at a shared table.", lifespan=lifespan)
    app.state.server = server
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError):
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError):
        return JSONResponse({"error": validation_message(exc)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException):
        message = str(exc.detail)
        if message == "There was an error parsing the body":  # Starlette's words, naming nothing
            message = "the request body could not be read as JSON (invalid text, or a number too long to read)"
        return JSONResponse({"error": message}, status_code=exc.status_code)

    def page(name: str):
        path = STATIC / name
        if not path.is_file():
            raise ApiError(404, f"the browser client is not installed (no {name})")
        return FileResponse(path)

    @app.get("/", include_in_schema=False)
    def lobby_page():
        return page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    def table_page(table_id: str):
        return page("table.html")

    @app.get("/r/{table_id}", include_in_schema=False)
    def replay_page(table_id: str):
        return page("replay.html")

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.get("/api/games")
    async def games() -> list[dict]:
        out = []
        for name in dinotable.list_games():
            game = dinotable.get_game(name)
            options = []
            for spec in game.option_specs:
                option = {
                    "name": spec.name,
                    "label": spec.label or spec.name,
                    "kind": spec.kind,
                    "default": plain(spec.default),
                    "help": spec.help,
                }
                if spec.choices:
                    option["choices"] = plain(spec.choices)
                if spec.choice_labels:
                    option["choice_labels"] = list(spec.choice_labels)
                if spec.choice_help:
                    option["choice_help"] = list(spec.choice_help)
                if spec.players is not None:
                    option["players"] = spec.players  # the player count the option needs when set
                options.append(option)
            out.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": options,
                    "bot_levels": list(server.levels),
                }
            )
        return out

    @app.get("/api/games/{name}/reference")
    async def reference(name: str) -> dict:
        """The rules at hand: the game in brief (How to play) and every component's reference entry, by its
        printed name, as the terminal's `help NAME` gives it."""
        try:
            game = dinotable.get_game(name)
        except ValueError as exc:
            raise ApiError(404, str(exc)) from None
        return {"how_to_play": plain(game.how_to_play()), "entries": game.reference()}

    @app.post("/api/tables")
    async def create_table(body: NewTable, background: BackgroundTasks) -> dict:
        created = server.create(body)
        background.add_task(server.run_bots, created["table"])
        return created

    @app.get("/api/tables")
    async def my_tables(tokens: str = "") -> list[dict]:
        given = [t for t in tokens.split(",") if t]
        if len(given) > MAX_LOBBY_TOKENS:
            raise ApiError(400, f"tokens: at most {MAX_LOBBY_TOKENS} tokens at once, got {len(given)}")
        hashes = {token_hash(t): t for t in given}
        found = dict(((table_id, seat), None) for table_id, seat in server.store.seats_of_tokens(list(hashes)))
        out = []
        for table_id, seat in found:
            table = server.table(table_id)
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

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, background: BackgroundTasks, token: str | None = None) -> Response:
        table = server.table(table_id)
        seat = server.seat(table, token)
        if server.bot_to_move(table):  # after a restart, the bots pick up where they were
            background.add_task(server.run_bots, table_id)
        return server.answer(table, seat)

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: ActionIn, background: BackgroundTasks) -> Response:
        table = server.table(table_id)
        seat = server.player(table, body.token)
        server.act(table, seat, body.seq, body.action)
        background.add_task(server.run_bots, table_id)
        await server.broadcast(table)
        return server.answer(table, seat)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: UndoIn) -> Response:
        table = server.table(table_id)
        seat = server.player(table, body.token)
        server.undo(table, seat, body.seq)
        await server.broadcast(table)
        return server.answer(table, seat)

    @app.post("/api/tables/{table_id}/chat")
    async def chat(table_id: str, body: ChatIn) -> Response:
        table = server.table(table_id)
        seat = server.player(table, body.token)
        server.chat(table, seat, body.text)
        await server.broadcast(table)
        return server.answer(table, seat)

    @app.post("/api/tables/{table_id}/name")
    async def rename(table_id: str, body: NameIn) -> Response:
        """The seat's person changes its display name, before its first decision."""
        table = server.table(table_id)
        seat = server.player(table, body.token)
        table = server.rename(table, seat, body.name)
        await server.broadcast(table)
        return server.answer(table, seat)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: RematchIn, background: BackgroundTasks) -> dict:
        """The finished table's rematch, made by the first to ask; a seat's token gets that person's link."""
        table = server.table(table_id)
        made = server.rematch(table, body.token)
        background.add_task(server.run_bots, made["table"])
        await server.broadcast(table)
        return made

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, body: HandOverIn, background: BackgroundTasks) -> Response:
        """The seat's player leaves and a bot of `level` plays on for it; the token works no more."""
        table = server.table(table_id)
        seat = server.player(table, body.token)
        server.check_level(body.level)
        server.hand_to_bot(table, seat, body.level)
        background.add_task(server.run_bots, table_id)
        await server.broadcast(table)
        return server.answer(table, None)

    @app.post("/api/tables/{table_id}/timeout")
    async def timeout(table_id: str, body: HandOverIn, background: BackgroundTasks) -> Response:
        """Another seat hands the seat to move, whose time has run out, to a bot of `level`."""
        table = server.table(table_id)
        seat = server.player(table, body.token)
        server.time_out(table, seat, body.level)
        background.add_task(server.run_bots, table_id)
        await server.broadcast(table)
        return server.answer(table, seat)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict:
        table = server.table(table_id)
        if not table.state.is_over:
            raise ApiError(403, "the record is given only once the game is over (it holds every secret)")
        return table.state.to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int = 0) -> dict:
        """The spectator's table state after the first `step` decisions of a finished game."""
        table = server.table(table_id)
        if not table.state.is_over:
            raise ApiError(
                403, f"a table is replayed only once its game is over; meanwhile watch it live at /t/{table_id}"
            )
        if not 0 <= step <= table.seq:
            raise ApiError(400, f"step {step} is out of range: this game's steps are 0 to {table.seq}")
        doc = server.replays.of(table).snapshot(table, step)
        return Response(json.dumps(doc, separators=(",", ":")), media_type="application/json")

    @app.websocket("/ws/tables/{table_id}")
    async def watch(websocket: WebSocket, table_id: str, token: str | None = None):
        await websocket.accept()
        try:
            refusal = origin_refusal(websocket.headers.get("origin"), websocket.headers.get("host"), allowed)
            if refusal:
                raise ApiError(403, refusal)
            table = server.table(table_id)
            seat = server.seat(table, token)
        except ApiError as exc:
            await websocket.send_json({"error": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        watchers = server.sockets.setdefault(table_id, {})
        watchers[websocket] = seat
        try:
            await server.broadcast(table)  # the newcomer gets the state; the others see who is connected
            if server.bot_to_move(table):
                server.spawn(server.run_bots(table_id))
            while True:
                message = await websocket.receive()  # any text message asks for the full state again
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    await websocket.send_json({"error": "a binary message means nothing here: send text"})
                    await websocket.close(code=1003)
                    break
                await websocket.send_text(server.encoded(server.table(table_id), seat))
        except WebSocketDisconnect:
            pass
        finally:
            watchers.pop(websocket, None)
            if table_id in server.live:
                await server.broadcast(server.live[table_id])

    return app


def validation_message(exc: RequestValidationError) -> str:
    """The first thing wrong with a request, naming the field (`seq: Input should be a valid integer`)."""
    errors = exc.errors()
    if not errors:
        return "the request is not valid"
    first = errors[0]
    if first.get("type") == "json_invalid":
        return f"the request body is not valid JSON ({first.get('ctx', {}).get('error', 'cannot be read')})"
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    if not where:
        return f"the request needs a JSON object body ({first.get('msg', 'missing')})"
    return f"{where}: {first.get('msg', 'is not valid')}"
