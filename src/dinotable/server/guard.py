"""What the server's answers carry to keep pages safe, and which pages may open a table's WebSocket.

Every answer says not to sniff its type, not to be framed, and to send no referrer (invite tokens ride in
URLs). The client's pages and files also get a Content-Security-Policy they satisfy: scripts only from the
server's own files (no inline script), connections only back to it. FastAPI's own API pages (/docs, /redoc)
load their scripts from a CDN, so they go without it.

A browser names the page that opens a WebSocket (`Origin`); only the server's own pages, and the origins
given (DINOTABLE_ORIGINS, comma-separated), may watch a table. A client that is not a browser sends no
Origin, and its token alone says which seat it is.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import MutableHeaders

from dinotable.core.errors import shown

HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
API_PAGES = ("/docs", "/redoc")


class SecurityHeaders:
    """ASGI middleware that adds the headers above to every HTTP answer."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = not scope["path"].startswith(API_PAGES)

        async def sending(message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers[name] = value
                if policy:
                    headers["content-security-policy"] = POLICY
            await send(message)

        await self.app(scope, receive, sending)


def origin_refusal(origin: str | None, host: str | None, allowed: frozenset[str]) -> str | None:
    """Why a WebSocket opened from the page at `origin` is refused, or None if it may watch."""
    if origin is None or origin in allowed:
        return None
    if host and urlsplit(origin).netloc == host:
        return None
    return f"a page from {shown(origin[:80])} may not watch tables of this server (only its own pages may)"
