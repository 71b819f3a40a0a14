"""`dinotable serve`: the web server (needs the `web` extra: pip install -e '.[web]')."""

from __future__ import annotations

import errno
import logging
import re
import socket
from typing import Annotated, NoReturn

import typer

# A short pause after each bot's move, so that a person can follow the bots in the browser.
BOT_PAUSE = 0.8
# The largest WebSocket message a client may send, in bytes.
WS_MAX_SIZE = 4096
# Seconds the server waits for open requests and sockets when told to stop (SIGTERM, Ctrl-C).
GRACE = 2


class HideTokens(logging.Filter):
    """Seat tokens ride in URLs (`/ws/tables/X?token=...`); the server's log must not hand out the seats."""

    TOKEN = re.compile(r"(token=)[^&\s\"']+")

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "token=" in message:
            record.msg, record.args = self.TOKEN.sub(r"\1(hidden)", message), ()
        return True


def log_config() -> dict:
    """uvicorn's own logging, with seat tokens hidden."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["hide_tokens"] = {"()": HideTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("hide_tokens")
    # The server's own lines (a socket dropped for not reading, a lost database connection) beside uvicorn's.
    config["loggers"]["dinotable"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return config


def claim(host: str, port: int) -> socket.socket:
    """The listening socket, claimed before anything else starts, so a port in use stops the server cleanly."""
    family, kind, proto, _, address = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    # Lets a restart reuse a port left in TIME_WAIT; a port another program listens on still refuses.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            free = next_free(host, port)
            refuse(f"port {port} is in use: make run PORT={free} (or dinotable serve --port {free})")
        refuse(f"cannot listen on {host}:{port}: {exc.strerror}")
    sock.listen(2048)
    return sock


def refuse(message: str) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code=1)


def next_free(host: str, port: int) -> int:
    """The first port after `port` that nothing listens on, to suggest."""
    for candidate in range(port + 1, min(port + 100, 65536)):
        with socket.socket() as probe:
            if probe.connect_ex((host if host not in ("0.0.0.0", "") else "127.0.0.1", candidate)) != 0:
                return candidate
    return 0


def serve(
    host: Annotated[str, typer.Option(help="the address to listen on (0.0.0.0: every network)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="the port to listen on")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="the database URL: sqlite:///path or postgresql+psycopg://user@host:port/db "
            "(default: DINOTABLE_DATABASE_URL, else sqlite:///./var/dinotable.db)"
        ),
    ] = None,
    bot_pause: Annotated[float, typer.Option(help="seconds of pause after each bot's move")] = BOT_PAUSE,
    bot_workers: Annotated[
        int | None,
        typer.Option(
            help="processes the bots think in (0: a thread of the server; default: one per CPU but one, at least 2)"
        ),
    ] = None,
    limit: Annotated[
        list[str] | None,
        typer.Option(
            help="what one client may ask, as NAME=N (repeatable): tables_per_minute, sockets, watched_tables, "
            "chat_per_minute, chat_per_table, messages_per_minute, body_bytes, bot_queue, analyses_per_hour "
            "(docs/server.md)"
        ),
    ] = None,
    analysis_budget: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="search iterations per decision of a finished game's analysis (default: the game's calibrated one)",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(help="proxies whose X-Forwarded-For names the client (the limits count per client address)"),
    ] = None,
) -> None:
    """Serve the games in a browser: a lobby to make tables, invite links per seat, bots in any seat."""
    try:
        import uvicorn

        from dinotable.server.app import create_app
        from dinotable.server.bots import default_workers
        from dinotable.server.db import Unwritable
        from dinotable.server.limits import Limits
    except ImportError as exc:
        typer.echo(f"dinotable serve needs the web extra ({exc.name} is missing): pip install -e '.[web]'", err=True)
        raise typer.Exit(code=2) from None
    try:
        limits = Limits.parse(limit or [])
    except ValueError as exc:
        refuse(f"--limit: {exc}")
    sock = claim(host, port)
    workers = default_workers() if bot_workers is None else bot_workers
    try:
        app = create_app(
            database, bot_pause=bot_pause, bot_workers=workers, limits=limits, analysis_budget=analysis_budget
        )
    except Unwritable as exc:
        sock.close()
        refuse(f"{exc}: give a database this process can write (--database, DINOTABLE_DATABASE_URL)")
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "") else host
    address = f"http://{shown_host}:{port}/ (database {app.state.server.engine.url!r})"

    class Server(uvicorn.Server):
        async def startup(self, sockets=None) -> None:
            await super().startup(sockets)
            if self.started:  # said only once it answers (the kill-and-restart test waits for this line)
                typer.echo(f"dinotable is serving on {address}")

    config = uvicorn.Config(
        app,
        log_level="info",
        access_log=False,
        log_config=log_config(),
        # A client only ever sends "the state again, please": a large frame is refused by its size.
        ws_max_size=WS_MAX_SIZE,
        # Compressing each push once per socket was a fifth of the server's time under load: a state is made
        # once and shared by every socket, so it is sent as it is.
        ws_per_message_deflate=False,
        # SIGTERM: stop accepting, close the sockets, and leave within seconds (a bot's decision being
        # thought is dropped, and thought again after a restart).
        timeout_graceful_shutdown=GRACE,
        forwarded_allow_ips=forwarded_allow_ips,
    )
    Server(config).run(sockets=[sock])
