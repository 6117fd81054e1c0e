"""The request guard: what every request must show before the app sees it.

- Host: requests must name this server (``--host``, ``localhost`` or ``127.0.0.1``), so a web
  page elsewhere cannot reach it by DNS rebinding (lifted for ``--host 0.0.0.0``).
- Same origin: a state-changing request (POST, PUT, PATCH, DELETE) and a WebSocket handshake
  that carry an ``Origin`` must carry this server's own (scheme, host and port); without one,
  ``Sec-Fetch-Site`` and ``Referer`` must not point elsewhere. Clients that are not browsers
  send none of them and are let through: only a browser can be tricked into sending a request.
- Content type: a state-changing request must say it sends JSON (or, on upload routes, raw or
  gzip bytes). The three types a plain HTML form or a "simple" cross-origin request may send
  (``text/plain``, ``multipart/form-data``, ``application/x-www-form-urlencoded``) are refused,
  so a page the person visits cannot post to the server without a CORS preflight, which it
  never answers.
- Size: a request body may be at most ``body_limit(path)`` bytes; a larger one is refused with
  413 whether it says its length or streams.

Every HTTP response also gets the security headers it is given (Content-Security-Policy...).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("parlour.web")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON_TYPES = frozenset({"application/json"})
BYTES_TYPES = frozenset({"application/json", "application/octet-stream", "application/gzip",
                         "application/x-gzip"})
DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
WEB_SCHEMES = {"ws": "http", "wss": "https"}

Origin = tuple[str, str, int]
"""An origin as compared: scheme, host name, port."""


class BodyTooLarge(HTTPException):
    """A request body over the route's limit (raised while it is read)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"the request body is larger than this route accepts "
                              f"({limit:,} bytes)")


def parse_origin(text: str) -> Origin | None:
    """``scheme://host[:port]`` as (scheme, host, port) with the default port filled in;
    None for anything else (``null``, a path, an unknown scheme)."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = WEB_SCHEMES.get(parts.scheme.lower(), parts.scheme.lower())
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def own_origin(scope: Scope, headers: Headers) -> Origin | None:
    """The origin the request was sent to: its scheme and its Host header."""
    scheme = str(scope.get("scheme", "http"))
    return parse_origin(f"{scheme}://{headers.get('host', '')}")


def host_name(host: str) -> str:
    """The host part of a Host header (``[::1]:8000`` -> ``::1``, ``localhost`` stays)."""
    try:
        name = urlsplit(f"//{host.strip()}").hostname
    except ValueError:
        return ""
    return name or ""


def cross_origin_reason(scope: Scope, headers: Headers) -> str | None:
    """Why the request looks sent by another site's page, or None when it does not."""
    own = own_origin(scope, headers)
    origin = headers.get("origin")
    if origin is not None:
        if own is None or parse_origin(origin) != own:
            return f"origin {origin!r} is not this server's"
        return None
    site = headers.get("sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return f"the request comes from another site (Sec-Fetch-Site: {site})"
    referer = headers.get("referer")
    if referer is not None and (own is None or parse_origin(_origin_of(referer)) != own):
        return "the request comes from another site's page (Referer)"
    return None


def _origin_of(url: str) -> str:
    try:
        parts = urlsplit(url)
    except ValueError:
        return ""
    return f"{parts.scheme}://{parts.netloc}"


class RequestGuard:
    """ASGI middleware applying the rules above to every HTTP request and WebSocket."""

    def __init__(self, app: ASGIApp, allowed_hosts: Collection[str] | None,
                 body_limit: Callable[[str], int], bytes_routes: Collection[str] = (),
                 headers: Mapping[str, str] | None = None) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts
        self.body_limit = body_limit
        self.bytes_routes = frozenset(bytes_routes)
        self.headers = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        refusal = self.refusal(scope, headers)
        if scope["type"] == "http":
            send = self.with_headers(send)
        if refusal is not None:
            status, reason = refusal
            log.warning("refused %s %s: %s", scope.get("method", "WebSocket"),
                        scope.get("path", ""), reason)
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4403, "reason": reason[:100]})
            else:
                await JSONResponse({"detail": reason}, status_code=status)(scope, receive, send)
            return
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            receive = self.limited(receive, self.body_limit(scope["path"]))
        await self.app(scope, receive, send)

    def with_headers(self, send: Send) -> Send:
        """`send` adding the guard's headers to the response (unless the app set them)."""
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start" and self.headers:
                present = {name.lower() for name, _ in message.get("headers", [])}
                message = {**message, "headers": [
                    *message.get("headers", []),
                    *((k, v) for k, v in self.headers if k not in present)]}
            await send(message)

        return send_with_headers

    def refusal(self, scope: Scope, headers: Headers) -> tuple[int, str] | None:
        """(status, one-line reason) if the request must be refused, else None."""
        host = headers.get("host", "")
        if self.allowed_hosts is not None and host_name(host) not in self.allowed_hosts:
            return 400, f"unknown host {host!r}"
        if scope["type"] == "websocket":
            origin = headers.get("origin")
            if origin is not None and parse_origin(origin) != own_origin(scope, headers):
                return 403, f"origin {origin!r} is not this server's"
            return None
        if scope["method"] in SAFE_METHODS:
            return None
        reason = cross_origin_reason(scope, headers)
        if reason is not None:
            return 403, reason
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        accepted = BYTES_TYPES if scope["path"] in self.bytes_routes else JSON_TYPES
        if media not in accepted:
            kinds = sorted(accepted, key=lambda kind: (kind != "application/json", kind))
            return 415, (f"content type {media or 'missing'!r} is not accepted here; send "
                         f"{', '.join(kinds)}")
        limit = self.body_limit(scope["path"])
        length = headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            return 413, str(BodyTooLarge(limit).detail)
        return None

    @staticmethod
    def limited(receive: Receive, limit: int) -> Receive:
        """`receive` that raises `BodyTooLarge` once more than `limit` bytes have come."""
        total = 0

        async def receive_limited() -> Message:
            nonlocal total
            message = await receive()
            if message["type"] == "http.request":
                total += len(message.get("body", b""))
                if total > limit:
                    raise BodyTooLarge(limit)
            return message

        return receive_limited
