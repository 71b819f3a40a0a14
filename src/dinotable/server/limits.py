"""What one client may ask of the server: the limits, counted per client address, and the size of a request.

A client over a limit is refused with 429 and the limit it went over, named the way `--limit` sets it; a body
too large is refused with 413 before a byte of it is parsed. The defaults suit people at tables; a server
behind a proxy sees every client at the proxy's address unless uvicorn is told to trust its forwarded
headers (`--forwarded-allow-ips`).
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, fields

from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse


@dataclass(frozen=True)
class Limits:
    tables_per_minute: int = 20  # tables a client makes in a minute
    sockets: int = 32  # WebSockets a client has open at once
    watched_tables: int = 16  # tables a client watches at once
    chat_per_minute: int = 20  # chat lines a client sends in a minute
    chat_per_table: int = 500  # chat lines a table holds
    messages_per_minute: int = 120  # messages a WebSocket sends in a minute (each asks for the state)
    body_bytes: int = 16_384  # the body of any request
    bot_queue: int = 64  # tables where a person sits waiting for a bot's turn; past it, no new table with bots
    analyses_per_hour: int = 10  # analyses of finished tables a client starts in an hour (each is minutes of search)

    @classmethod
    def parse(cls, given: list[str]) -> Limits:
        """Limits from `name=value` settings (`--limit sockets=500`); ValueError naming a bad one."""
        known = {f.name for f in fields(cls)}
        values: dict[str, int] = {}
        for setting in given:
            name, _, value = setting.partition("=")
            name = name.strip().replace("-", "_")
            if name not in known:
                raise ValueError(f"unknown limit {name!r}: the limits are {', '.join(sorted(known))}")
            try:
                values[name] = int(value)
            except ValueError:
                raise ValueError(f"limit {name} needs a whole number, not {value.strip()[:20]!r}") from None
            if values[name] < 1:
                raise ValueError(f"limit {name} must be at least 1, not {values[name]}")
        return cls(**values)


class TooMany(Exception):
    """A client went over one of its limits; the message names it."""


class Rate:
    """Events per key in the last `window` seconds (a minute unless told), refused past `limit` (a sliding
    window); `span` names the window in the refusal ("an hour")."""

    WINDOW = 60.0

    def __init__(self, what: str, setting: str, window: float = WINDOW, span: str = "a minute") -> None:
        self.what, self.setting = what, setting
        self.window, self.span = window, span
        self.seen: dict[str, deque[float]] = {}

    def take(self, key: str, limit: int) -> None:
        """Counts one event of `key`, or raises TooMany (counting nothing) when `limit` were seen this minute."""
        moment = time.monotonic()
        times = self.seen.setdefault(key, deque())
        while times and times[0] <= moment - self.window:
            times.popleft()
        if len(times) >= limit:
            wait = max(1, round(times[0] + self.window - moment))
            raise TooMany(f"at most {limit} {self.what} {self.span} from one client ({self.setting}): wait {wait} s")
        times.append(moment)
        if len(self.seen) > 10_000:  # forget the clients that went quiet
            for quiet in [k for k, t in self.seen.items() if not t or t[-1] <= moment - self.window]:
                del self.seen[quiet]


class BodyLimit:
    """ASGI middleware refusing a request body over `limit` bytes (413), by its Content-Length before reading
    it, or as soon as a body sent in chunks goes past it."""

    def __init__(self, app, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self.refuse(scope, receive, send)
            return
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge(self.limit)
            return message

        try:
            await self.app(scope, counted, send)
        except BodyTooLarge:  # raised outside a route (a route answers it as any HTTP error, in JSON)
            await self.refuse(scope, receive, send)

    async def refuse(self, scope, receive, send) -> None:
        await JSONResponse({"error": too_large(self.limit)}, status_code=413)(scope, receive, send)


def too_large(limit: int) -> str:
    return f"the request body is over {limit} bytes (limit body_bytes): nothing was read"


class BodyTooLarge(HTTPException):
    """An HTTP error, so that the framework's body parsing passes it on rather than calling it bad JSON."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, too_large(limit))
