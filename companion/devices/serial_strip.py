"""The serial LED strip: one writer thread owns the port and speaks Adalight.

- `show()` only swaps the newest frame in under a lock and wakes the writer: it never waits
  for the port, so a stuck or unplugged strip cannot slow the screen loop.
- Frames go out paced at `fps`, capped by what the baud rate can carry (a FastLED sketch drops
  bytes that arrive while it writes the strip, so bursts are never sent); frames replaced before
  their turn are dropped, never queued. With nothing new, the last frame is sent again at
  least every `keepalive` seconds (WLED leaves realtime mode after 2.5 s of silence).
- After opening, the writer waits up to `handshake_timeout` for the firmware's `Ada` greeting
  (classic Arduinos reset when the port opens), then streams anyway.
- Any serial error (unplugging gives EIO) closes the port; it is reopened with exponential
  backoff. The port may be a callable, asked again at every attempt.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import time as clock_time
from typing import Protocol

from companion.colors import RGB
from companion.devices.adalight import MAGIC, wire_fps
from companion.devices.ledconfig import BrightnessStore, LedConfig
from companion.devices.leds import (
    BLACK,
    CLOSED,
    CONNECTED,
    RECONNECTING,
    WAITING,
    LedStrip,
    StripStatus,
    fit,
)
from companion.errors import UserError
from companion.i18n import N_

READ_TIMEOUT = 0.05


class Port(Protocol):
    """The part of pyserial's Serial the writer uses."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


Opener = Callable[[str, int, float], Port]


def serial_opener(url: str, baud: int, write_timeout: float) -> Port:
    import serial  # imported only when a real port is used

    port: Port = serial.serial_for_url(
        url, baudrate=baud, timeout=READ_TIMEOUT, write_timeout=write_timeout
    )
    return port


@dataclass
class WriterStats:
    frames: int = 0
    """Frames written, keep-alives included."""
    keepalives: int = 0
    dropped: int = 0
    """Frames replaced by a newer one before their turn."""
    bytes: int = 0
    connects: int = 0
    errors: int = 0
    bad_frames: int = 0
    """Frames with a colour that is not three ints 0-255, sent as black instead."""
    greeted: bool = False
    """The firmware's `Ada` was seen at the last connect."""


def describe(exc: BaseException) -> str:
    """A short reason for the screen: a known cause (an English source string, translated when
    shown), else the error's own text, cut short."""
    text = str(exc).strip() or type(exc).__name__
    errno_ = getattr(exc, "errno", None)
    lowered = text.lower()
    if "timeout" in lowered or "timed out" in lowered:
        return N_("the controller is not reading")
    if errno_ == 2 or "no such file" in lowered:
        return N_("not found")
    if errno_ == 5 or "input/output error" in lowered or "disconnected" in lowered:
        return N_("unplugged")
    if errno_ == 13 or "permission denied" in lowered:
        return N_("permission denied (is the user in the dialout group?)")
    if "refused" in lowered:
        return N_("connection refused")
    return text if len(text) <= 60 else text[:57] + "..."


class SerialStrip(LedStrip):
    @classmethod
    def open(
        cls,
        config: LedConfig,
        count: int,
        port: str | Callable[[], str],
        store: BrightnessStore | None,
        now: Callable[[], clock_time] | None,
    ) -> LedStrip:
        if not port:
            raise UserError("the serial LED strip needs a port", None, "leds.port")
        return cls(config, count, port, store=store, now=now)

    def __init__(
        self,
        config: LedConfig,
        count: int,
        port: str | Callable[[], str],
        opener: Opener | None = None,
        store: BrightnessStore | None = None,
        now: Callable[[], clock_time] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(config, count, store, now)
        self._port_source = port
        self._opener = opener or serial_opener
        self._mono = monotonic
        self.fps = min(config.fps, wire_fps(config.baud, count))
        """Frames a second actually aimed at: the configured fps, capped by the wire."""
        self.period = 1.0 / self.fps
        self.stats = WriterStats()
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._pending: list[RGB] | None = None
        self._last: list[RGB] = [BLACK] * count
        self._status = StripStatus(WAITING, port=self._port_name())
        self._thread = threading.Thread(target=self._run, name="led-writer", daemon=True)
        self._thread.start()

    # --- the caller's side: never blocks on I/O ------------------------------------------

    def show(self, colors: Sequence[RGB]) -> None:
        frame = fit(colors, self.count)
        with self._lock:
            if self._pending is not None:
                self.stats.dropped += 1
            self._pending = frame
        self._wake.set()

    @property
    def status(self) -> StripStatus:
        return self._status

    @property
    def alive(self) -> bool:
        """The writer thread is running (for the service watchdog)."""
        return self._thread.is_alive()

    def close(self, timeout: float = 2.0) -> None:
        self._stop.set()
        self._wake.set()
        self._thread.join(timeout)

    # --- the writer thread -----------------------------------------------------------------

    def _port_name(self) -> str:
        source = self._port_source
        if callable(source):
            try:
                return str(source())
            except Exception:
                return "?"
        return source

    def _run(self) -> None:
        backoff = self.config.reconnect_min
        while not self._stop.is_set():
            url = ""
            port: Port | None = None
            try:
                source = self._port_source
                url = source() if callable(source) else source
                self._status = StripStatus(WAITING, port=url)
                port = self._opener(url, self.config.baud, self.config.write_timeout)
                self.stats.greeted = self._handshake(port)
                self.stats.connects += 1
                self._status = StripStatus(CONNECTED, port=url)
                backoff = self.config.reconnect_min
                self._stream(port)
            except Exception as exc:  # any failure: report, back off, reopen
                self.stats.errors += 1
                self._status = StripStatus(RECONNECTING, describe(exc), url)
            finally:
                if port is not None:
                    with contextlib.suppress(Exception):
                        port.close()
            if not self._stop.is_set():
                self._stop.wait(backoff)
                backoff = min(backoff * 2, self.config.reconnect_max)
        self._status = StripStatus(CLOSED)

    def _handshake(self, port: Port) -> bool:
        deadline = self._mono() + self.config.handshake_timeout
        seen = b""
        while not self._stop.is_set() and self._mono() < deadline:
            seen = (seen + port.read(max(1, port.in_waiting)))[-16:]
            if MAGIC in seen:
                return True
        return False

    def _stream(self, port: Port) -> None:
        next_due = self._mono()
        last_sent = -1e9
        while not self._stop.is_set():
            self._wake.clear()
            now = self._mono()
            with self._lock:
                fresh = self._pending is not None
            keepalive_due = last_sent + self.config.keepalive
            if (fresh and now >= next_due) or now >= keepalive_due:
                with self._lock:
                    frame, self._pending = self._pending, None
                if frame is None:
                    frame = self._last
                    self.stats.keepalives += 1
                try:
                    data = self.wire_frame(frame)
                except (TypeError, ValueError):
                    self.stats.bad_frames += 1
                    frame = [BLACK] * self.count
                    data = self.wire_frame(frame)
                self._last = frame
                self._write(port, data)
                last_sent = now
                late = now - next_due
                next_due = next_due + self.period if 0 <= late < self.period else now + self.period
                continue
            if fresh:
                self._stop.wait(next_due - now)
            else:
                self._wake.wait(keepalive_due - now)
        with contextlib.suppress(Exception):
            self._write(port, self.wire_frame([BLACK] * self.count))

    def _write(self, port: Port, data: bytes) -> None:
        port.write(data)
        self.stats.frames += 1
        self.stats.bytes += len(data)
        waiting = port.in_waiting
        if waiting:
            port.read(waiting)
