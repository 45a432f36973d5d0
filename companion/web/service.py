"""Running the phone view: uvicorn in its own daemon thread, on one socket bound where configured.

The socket is bound here, in the caller's thread, so a busy port is reported at once (the box
shows it) instead of ending the server thread. `GuardedH11` closes a connection that has not
sent a whole request head within `HEAD_SECONDS`: a client that dribbles its headers byte by
byte holds one socket for a few seconds, never the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from pathlib import Path

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from companion.web.archive import Archive
from companion.web.bus import LiveBus
from companion.web.config import WebConfig
from companion.web.server import Broadcaster, make_app

log = logging.getLogger(__name__)
HEAD_SECONDS = 5.0
MAX_HEAD_BYTES = 8192


class GuardedH11(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's head."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._head_deadline = self.loop.call_later(HEAD_SECONDS, self._head_too_slow)

    def _head_too_slow(self) -> None:
        idle = self.cycle is None or self.cycle.response_complete
        if idle and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        self._head_deadline.cancel()
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head_deadline.cancel()
        super().connection_lost(exc)


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on exactly (host, port); OSError if it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(64)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


class PhoneView:
    """The web server for phones: `start`, `stop`; `port` is the one it listens on."""

    def __init__(self, config: WebConfig, bus: LiveBus, data_dir: Path) -> None:
        self.config = config
        self.bus = bus
        self.data_dir = data_dir
        self.port = config.port
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._sock: socket.socket | None = None
        self._broadcaster: Broadcaster | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        self._sock = bind(self.config.host, self.config.port)
        self.port = self._sock.getsockname()[1]
        self._broadcaster = Broadcaster(self.bus)
        app = make_app(self.bus, Archive(self.data_dir), self.config.max_phones, self._broadcaster)
        config = uvicorn.Config(
            app,
            http=GuardedH11,
            ws="none",
            lifespan="on",
            log_level="warning",
            access_log=False,
            server_header=False,
            proxy_headers=False,
            limit_concurrency=self.config.max_phones + 16,
            timeout_keep_alive=5,
            timeout_graceful_shutdown=1,
            h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        )
        self._server = uvicorn.Server(config)
        sock = self._sock
        server = self._server
        self._thread = threading.Thread(
            target=lambda: server.run(sockets=[sock]), name="phone-view", daemon=True
        )
        self._thread.start()

    def wait_started(self, timeout: float = 5.0) -> bool:
        """For tests and benchmarks: True once the server answers."""
        server = self._server
        if server is None:
            return False
        end = threading.Event()
        for _ in range(int(timeout / 0.02)):
            if server.started:
                return True
            end.wait(0.02)
        return server.started

    def stop(self, timeout: float = 3.0) -> None:
        server, thread = self._server, self._thread
        if server is not None:
            loop = self._broadcaster.loop if self._broadcaster is not None else None
            if loop is not None and not loop.is_closed():
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(self._broadcaster.close)  # type: ignore[union-attr]
            server.should_exit = True
        if thread is not None:
            thread.join(timeout)
        if self._sock is not None:
            self._sock.close()
        self._server = self._thread = self._sock = self._broadcaster = None
