"""The HTTP API and WebSocket of the web server (the contract is in docs/server.md).

Every request names its seat by the seat's secret token; no token is a spectator. A seat is sent only its
table state (`LiveTable.snapshot`): its view, its legal actions, and the log as it may be told it. A change
is written to the database before it is applied in memory or acknowledged, and is refused, with nothing
written, when the token is not the seat to move's, the sequence number is stale or the action is not legal.
Every handler that reads or changes a table holds the table's lock meanwhile (`tables.Server.changing`), and
answers as soon as the change is committed: the pushes to the table's WebSockets follow, each socket at its
own pace (`push`). What one client may ask is bounded (`limits`).
"""

from __future__ import annotations

import json
import os
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import dinotable
from dinotable.core.record import plain
from dinotable.server import db
from dinotable.server.bots import LEVELS
from dinotable.server.guard import SecurityHeaders, origin_refusal
from dinotable.server.limits import BodyLimit, Limits, Rate, TooMany
from dinotable.server.listen import listen
from dinotable.server.models import ActionIn, ChatIn, HandOverIn, HintIn, NameIn, NewTable, RematchIn, UndoIn
from dinotable.server.push import Watcher
from dinotable.server.tables import Server
from dinotable.server.work import ApiError

STATIC = Path(__file__).parent / "static"


def create_app(
    database_url: str | None = None,
    levels: dict[str, str] | None = None,
    bot_pause: float = 0.0,
    bot_workers: int = 0,
    origins: list[str] | None = None,
    limits: Limits | None = None,
    analysis_budget: int | None = None,
):
    """The app on `database_url` (else DINOTABLE_DATABASE_URL, else SQLite in ./var/dinotable.db); the
    database is migrated to the newest schema first, and refused (db.Unwritable) if it cannot be written.
    `levels` maps bot levels to agent specs; bots think in a pool of `bot_workers` processes (0: in a
    thread). `limits`: what one client may ask (`limits.Limits`). `analysis_budget`: search iterations per
    decision of a finished table's analysis (None: each game's calibrated budget)."""
    url = database_url or os.environ.get("DINOTABLE_DATABASE_URL") or db.DEFAULT_URL
    given = origins if origins is not None else os.environ.get("DINOTABLE_ORIGINS", "").split(",")
    allowed = frozenset(o.strip().rstrip("/") for o in given if o.strip())
    server = Server(url, dict(levels or LEVELS), bot_pause, bot_workers, limits, analysis_budget)

    @asynccontextmanager
    async def lifespan(_app):
        if server.store.announces:
            server.spawn(listen(server))
        yield
        server.close()

    app = FastAPI(title="dinotable", description="Play the dinosaur games at a shared table.", lifespan=lifespan)
    app.state.server = server
    app.add_middleware(BodyLimit, limit=server.limits.body_bytes)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError):
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def failure(_request: Request, _exc: Exception):
        # Logged by the server with its traceback; the client gets JSON like every other error.
        return JSONResponse({"error": "the server failed on this request; the failure is in its log"}, status_code=500)

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

    def address(request: Request | WebSocket) -> str:
        return request.client.host if request.client else "unknown"

    @app.post("/api/tables")
    async def create_table(body: NewTable, request: Request) -> dict:
        return await server.create(body, address(request))

    @app.get("/api/tables")
    async def my_tables(tokens: str = "") -> list[dict]:
        return await server.lobby([t for t in tokens.split(",") if t])

    @app.get("/api/tables/{table_id}")
    async def table_state(table_id: str, token: str | None = None) -> Response:
        table = await server.table(table_id)
        seat = server.seat(table, token)
        if server.bot_to_move(table):  # after a restart, the bots pick up where they were
            server.start_bots(table_id)
        return await server.answer(table, seat)

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, body: ActionIn) -> Response:
        table, seat = await server.act(table_id, body.token, body.seq, body.action)
        return await server.answer(table, seat)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, body: UndoIn) -> Response:
        table, seat = await server.undo(table_id, body.token, body.seq)
        return await server.answer(table, seat)

    @app.post("/api/tables/{table_id}/chat")
    async def chat(table_id: str, body: ChatIn, request: Request) -> Response:
        table, seat = await server.chat(table_id, body.token, body.text, address(request))
        return await server.answer(table, seat)

    @app.post("/api/tables/{table_id}/name")
    async def rename(table_id: str, body: NameIn) -> Response:
        """The seat's person changes its display name, before its first decision."""
        table, seat = await server.rename(table_id, body.token, body.name)
        return await server.answer(table, seat)

    @app.post("/api/tables/{table_id}/rematch")
    async def rematch(table_id: str, body: RematchIn, request: Request) -> dict:
        """The finished table's rematch, made by the first to ask; a seat's token gets that person's link."""
        return await server.rematch(table_id, body.token, address(request))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, body: HandOverIn) -> Response:
        """The seat's player leaves and a bot of `level` plays on for it; the token works no more."""
        table = await server.leave(table_id, body.token, body.level)
        return await server.answer(table, None)

    @app.post("/api/tables/{table_id}/timeout")
    async def timeout(table_id: str, body: HandOverIn) -> Response:
        """Another seat hands the seat to move, whose time has run out, to a bot of `level`."""
        table, seat = await server.time_out(table_id, body.token, body.level)
        return await server.answer(table, seat)

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict:
        table = await server.table(table_id)
        if not table.state.is_over:
            raise ApiError(403, "the record is given only once the game is over (it holds every secret)")
        return table.state.to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, step: int = 0) -> dict:
        """The spectator's table state after the first `step` decisions of a finished game."""
        table = await server.table(table_id)
        if not table.state.is_over:
            raise ApiError(
                403, f"a table is replayed only once its game is over; meanwhile watch it live at /t/{table_id}"
            )
        if not 0 <= step <= table.seq:
            raise ApiError(400, f"step {step} is out of range: this game's steps are 0 to {table.seq}")
        doc = (await server.replay(table)).snapshot(table, step)
        return Response(json.dumps(doc, separators=(",", ":")), media_type="application/json")

    @app.post("/api/tables/{table_id}/analysis")
    async def start_analysis(table_id: str, request: Request) -> Response:
        """Starts the finished table's analysis (unless it runs or is made already); answers its status."""
        text = await server.analyses.start(table_id, address(request))
        return Response(text, media_type="application/json")

    @app.get("/api/tables/{table_id}/analysis")
    async def analysis(table_id: str) -> Response:
        """The finished table's analysis: its status, and the review once it is ready."""
        return Response(await server.analyses.status(table_id), media_type="application/json")

    @app.post("/api/tables/{table_id}/hint")
    async def ask_hint(table_id: str, body: HintIn) -> dict:
        """The best choices for the seat to move, for it alone, at a table that allows hints."""
        return await server.hints.ask(table_id, body.token, body.seq)

    @app.websocket("/ws/tables/{table_id}")
    async def watch(websocket: WebSocket, table_id: str, token: str | None = None):
        """Pushes the table's state to the socket after every change; any text message asks for it again."""
        await websocket.accept()
        try:
            refusal = origin_refusal(websocket.headers.get("origin"), websocket.headers.get("host"), allowed)
            if refusal:
                raise ApiError(403, refusal)
            table = await server.table(table_id)
            watcher = Watcher(websocket, table_id, server.seat(table, token), address(websocket))
            refusal = server.admit(watcher)
            if refusal:
                raise ApiError(429, refusal)
        except ApiError as exc:
            await websocket.send_json({"error": exc.message})
            await websocket.close(code=4000 + exc.status)
            return
        asked = Rate("messages", "messages_per_minute")
        try:
            while not watcher.dropped:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if message.get("text") is None:
                    await watcher.drop(1003, "a binary message means nothing here: send text")
                    break
                try:
                    asked.take("", server.limits.messages_per_minute)
                except TooMany as exc:
                    await watcher.drop(1008, str(exc))
                    break
                watcher.changed()  # the state is sent again (once, however many ask before it goes)
        except WebSocketDisconnect:
            pass
        finally:
            server.forget(watcher)

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
