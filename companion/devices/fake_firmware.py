"""A pretend LED controller for tests, benchmarks and `companion leds emulate`.

It sits on the far end of a pseudo-terminal pair (or a TCP socket), decodes the Adalight
frames it receives the way the firmware does, and greets with `Ada\\n` at start and whenever
it has been idle for `greet_every` seconds, so the writer's handshake works as with hardware.
Verbs: `unplug()` (the host sees EIO, as when the USB cable is pulled), `replug()` (a new pty
at a new path, as a real re-enumeration may give), `stall()`/`resume()` (stop reading, so the
host's writes back up and time out).
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import threading
import time
import tty
from collections.abc import Callable
from dataclasses import dataclass

from companion.devices.adalight import GREETING, Decoder, Frame


@dataclass(frozen=True)
class Received:
    frame: Frame
    at: float
    """time.monotonic() when its last byte arrived."""


class FakeFirmware:
    def __init__(
        self,
        greet_every: float = 1.0,
        on_frame: Callable[[Received], None] | None = None,
        keep: bool = True,
        max_leds: int = 65536,
    ) -> None:
        self.greet_every = greet_every
        self.on_frame = on_frame
        self.keep = keep
        self.frames: list[Received] = []
        self.decoder = Decoder(max_leds)
        self.greetings = 0
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._master: int | None = None
        self._slave: int | None = None
        self._generation = 0
        self._stalled = False
        self._stop = threading.Event()
        self.path = ""
        self._open_pty()
        self._thread = threading.Thread(target=self._run, name="fake-firmware", daemon=True)
        self._thread.start()

    # --- verbs -------------------------------------------------------------------------------

    def port(self) -> str:
        """The current path, for a writer whose port is a callable."""
        return self.path

    def unplug(self) -> None:
        with self._lock:
            self._close_fds()

    def replug(self) -> str:
        with self._lock:
            self._close_fds()
            self._open_pty()
            return self.path

    def stall(self) -> None:
        self._stalled = True

    def resume(self) -> None:
        self._stalled = False

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        with self._lock:
            self._close_fds()

    def wait_for(self, predicate: Callable[[list[Received]], bool], timeout: float = 5.0) -> bool:
        """Block until `predicate(frames)` holds (checked at every frame), or the timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.frames), timeout)

    @property
    def count(self) -> int:
        return self.decoder.frames

    # --- the pty and the reading thread ---------------------------------------------------

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        tty.setraw(master)
        self._master, self._slave = master, slave
        self._generation += 1
        self.path = os.ttyname(slave)
        self.decoder = Decoder(self.decoder.max_leds)
        os.write(master, GREETING)
        self.greetings += 1

    def _close_fds(self) -> None:
        for fd in (self._master, self._slave):
            if fd is not None:
                with contextlib.suppress(OSError):
                    os.close(fd)
        self._master = self._slave = None
        self._generation += 1

    def _run(self) -> None:
        last_heard = time.monotonic()
        while not self._stop.is_set():
            with self._lock:
                fd, generation = self._master, self._generation
            if fd is None or self._stalled:
                time.sleep(0.01)
                continue
            try:
                ready, _, _ = select.select([fd], [], [], 0.02)
            except (OSError, ValueError):
                continue
            now = time.monotonic()
            with self._lock:
                if generation != self._generation:
                    continue
                if ready:
                    try:
                        data = os.read(fd, 1 << 16)
                    except OSError:
                        data = b""
                    if data:
                        last_heard = now
                        self._accept(self.decoder.feed(data), now)
                elif now - last_heard >= self.greet_every:
                    try:
                        os.write(fd, GREETING)
                        self.greetings += 1
                    except OSError:
                        pass
                    last_heard = now

    def _accept(self, frames: list[Frame], now: float) -> None:
        for frame in frames:
            received = Received(frame, now)
            if self.keep:
                self.frames.append(received)
            if self.on_frame is not None:
                self.on_frame(received)
        if frames:
            self._cond.notify_all()


class SocketFirmware:
    """The same pretend controller behind a TCP port, for `socket://host:port` writers.
    Serves one connection at a time; greets each new one."""

    def __init__(
        self,
        port: int = 0,
        host: str = "127.0.0.1",
        greet_every: float = 1.0,
        on_frame: Callable[[Received], None] | None = None,
        on_connect: Callable[[str], None] | None = None,
        max_leds: int = 65536,
    ) -> None:
        self.greet_every = greet_every
        self.on_frame = on_frame
        self.on_connect = on_connect
        self.max_leds = max_leds
        self.decoder = Decoder(max_leds)
        self.server = socket.create_server((host, port))
        self.address = self.server.getsockname()
        self.url = f"socket://{self.address[0]}:{self.address[1]}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, name="fake-firmware-tcp", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self.server.close()
        self._thread.join(2)

    def _serve(self) -> None:
        self.server.settimeout(0.2)
        while not self._stop.is_set():
            try:
                conn, peer = self.server.accept()
            except (TimeoutError, OSError):
                continue
            if self.on_connect is not None:
                self.on_connect(f"{peer[0]}:{peer[1]}")
            with conn:
                self._talk(conn)

    def _talk(self, conn: socket.socket) -> None:
        self.decoder = Decoder(self.max_leds)
        conn.settimeout(0.05)
        last_heard = time.monotonic()
        try:
            conn.sendall(GREETING)
            while not self._stop.is_set():
                try:
                    data = conn.recv(1 << 16)
                except TimeoutError:
                    data = None
                now = time.monotonic()
                if data == b"":
                    return
                if data:
                    last_heard = now
                    for frame in self.decoder.feed(data):
                        if self.on_frame is not None:
                            self.on_frame(Received(frame, now))
                elif now - last_heard >= self.greet_every:
                    conn.sendall(GREETING)
                    last_heard = now
        except OSError:
            return
