"""The phone view's web app (Starlette): a fixed set of pages, the live feed, the downloads.

Read-only by construction: only GET and HEAD exist (anything else is 405), only the routes
below exist (anything else is 404), no request may carry a body (413) or a long address (414),
and the pages are read from the package once at start, never from a path a request names.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from companion.web import views
from companion.web.archive import Archive
from companion.web.bus import LiveBus

log = logging.getLogger(__name__)
PAGES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/app.css": ("app.css", "text/css; charset=utf-8"),
}
MAX_PATH = 256
MAX_HEADERS = 8192
"""Bytes of request headers (uvicorn's own limit only bounds a head that arrives in parts)."""
KEEPALIVE_SECONDS = 15.0
TICK_SECONDS = 0.25
"""How often a running Jutaku or Countdown clock is read again for the phones."""
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; form-action 'none'",
    ),
]


class Broadcaster:
    """Renders the latest snapshot once per change (in the server's thread) for every phone."""

    def __init__(self, bus: LiveBus) -> None:
        self.bus = bus
        self.version = 0
        self.text = "{}"
        self.clients = 0
        self.closed = False
        self._changed = asyncio.Event()
        self._wake = asyncio.Event()
        self._ticking = False
        self.loop: asyncio.AbstractEventLoop | None = None

    def render(self) -> None:
        _version, snapshot = self.bus.latest()
        data = views.live(snapshot, self.bus.clock())
        self._ticking = bool(data["running_clock"])
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        if text != self.text:
            self.version += 1
            self.text = text
            self._announce()

    def _announce(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    async def run(self) -> None:
        loop = self.loop = asyncio.get_running_loop()

        def wake() -> None:
            loop.call_soon_threadsafe(self._wake.set)

        stop = self.bus.listen(wake)
        try:
            while not self.closed:
                try:
                    self.render()
                except Exception:
                    log.exception("phone view: cannot show the snapshot")
                timeout = TICK_SECONDS if self._ticking else None
                with suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout)
                self._wake.clear()
        finally:
            stop()

    def close(self) -> None:
        self.closed = True
        self._wake.set()
        self._announce()

    async def wait(self, timeout: float) -> bool:
        """True when something changed within `timeout` seconds."""
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def stream(self) -> AsyncIterator[str]:
        self.clients += 1
        try:
            yield "retry: 1000\n\n"
            sent = -1
            while not self.closed:
                if sent != self.version:
                    sent = self.version
                    yield f"id: {sent}\nevent: live\ndata: {self.text}\n\n"
                elif not await self.wait(KEEPALIVE_SECONDS):
                    yield ": still here\n\n"
        finally:
            self.clients -= 1


class Guard:
    """Refuses what a read-only server never needs, before any route sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "lifespan":
                await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        refusal: tuple[int, str] | None = None
        if scope["method"] not in ("GET", "HEAD"):
            refusal = (405, "read-only: only GET")
        elif len(scope["path"]) > MAX_PATH or len(scope["query_string"]) > MAX_PATH:
            refusal = (414, "address too long")
        elif sum(len(k) + len(v) for k, v in scope["headers"]) > MAX_HEADERS:
            refusal = (431, "headers too large")
        elif not local_host(headers.get(b"host", b"").decode("latin-1")):
            refusal = (421, "open the box by its address")
        elif headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
            refusal = (413, "requests carry no body here")
        if refusal is not None:
            extra = {"Allow": "GET, HEAD"} if refusal[0] == 405 else {}
            response = PlainTextResponse(refusal[1], refusal[0], extra | {"Connection": "close"})
            await response(scope, receive, send)
            return

        async def with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


def local_host(host: str) -> bool:
    """A Host header a phone on the table's network sends: an IP address, `localhost` or a
    `.local` name. Any other name is a web page elsewhere reaching the box through a DNS name
    it controls (DNS rebinding), and is refused."""
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1 : name.find("]")] if "]" in name else ""
    elif name.count(":") == 1:
        name = name.split(":")[0]
    if name in ("localhost",) or name.endswith(".local"):
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _page(name: str) -> bytes:
    return resources.files("companion.web").joinpath("static", name).read_bytes()


def make_app(
    bus: LiveBus, archive: Archive, max_phones: int = 32, broadcaster: Broadcaster | None = None
) -> ASGIApp:
    """The phone view's ASGI app over `bus` (live) and `archive` (saved games)."""
    pages = {path: (_page(name), kind) for path, (name, kind) in PAGES.items()}
    broadcaster = broadcaster or Broadcaster(bus)

    def tr() -> Callable[[str], str]:
        return views.translator(bus.latest()[1].language)

    async def page(request: Request) -> Response:
        body, kind = pages[request.url.path]
        return Response(body, media_type=kind, headers={"Cache-Control": "no-cache"})

    async def live(request: Request) -> Response:
        return Response(broadcaster.text, media_type="application/json", headers=_no_store())

    async def events(request: Request) -> Response:
        if broadcaster.clients >= max_phones:
            return PlainTextResponse("too many phones", 503, {"Retry-After": "5"})
        headers = {**_no_store(), "X-Accel-Buffering": "no"}
        return StreamingResponse(
            broadcaster.stream(), media_type="text/event-stream", headers=headers
        )

    async def game_list(request: Request) -> Response:
        rows = await asyncio.to_thread(archive.games, tr())
        return JSONResponse(rows, headers=_no_store())

    async def chart(request: Request) -> Response:
        data = await asyncio.to_thread(archive.chart, request.path_params["game_id"])
        if data is None:
            return PlainTextResponse("no such Metro game", 404)
        return JSONResponse(data, headers=_no_store())

    async def export(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        data = await asyncio.to_thread(archive.export, game_id)
        if data is None:
            return PlainTextResponse("no such game", 404)
        body = json.dumps(data, indent=1, ensure_ascii=False)
        name = f"{data['format'].split('/')[-1].split('@')[0]}-{game_id}.json"
        return Response(body, media_type="application/json", headers=_download(name))

    async def all_games(request: Request) -> Response:
        text = await asyncio.to_thread(archive.csv, tr())
        body = "\ufeff" + text
        return Response(body, media_type="text/csv; charset=utf-8", headers=_download("games.csv"))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.create_task(broadcaster.run())
        app.state.broadcaster = broadcaster
        try:
            yield
        finally:
            broadcaster.close()
            task.cancel()
            archive.close()

    get = ["GET", "HEAD"]
    routes = [Route(path, page, methods=get) for path in pages]
    routes += [
        Route("/api/live", live, methods=get),
        Route("/api/events", events, methods=get),
        Route("/api/games", game_list, methods=get),
        Route("/api/games/{game_id:int}/chart", chart, methods=get),
        Route("/games/{game_id:int}.json", export, methods=get),
        Route("/games.csv", all_games, methods=get),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.broadcaster = broadcaster
    return Guard(app)


def _no_store() -> dict[str, str]:
    return {"Cache-Control": "no-store"}


def _download(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
