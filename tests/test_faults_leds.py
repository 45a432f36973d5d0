"""Fault: the LED controller unplugged mid-game and plugged back (behind a /dev/serial/by-id
style link, as the config recommends). test_serial_strip.py proves the writer reconnects; this
proves the appliance around it: the screen loop never waits, the watchdog keeps being fed while
the writer thread retries, the service status says what is wrong, and a writer thread that
really died stops the pings so systemd restarts the box."""

from __future__ import annotations

import os
import socket
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from companion.app.boot import shutdown
from companion.app.systemd import attach
from companion.config import Config, InputConfig
from companion.devices.fake_firmware import FakeFirmware
from companion.devices.ledconfig import LedConfig
from companion.devices.leds import CONNECTED, RECONNECTING
from companion.devices.serial_strip import SerialStrip
from tests.conftest import headless_app

FAST = LedConfig(
    baud=921600,
    fps=100,
    keepalive=0.2,
    write_timeout=0.1,
    reconnect_min=0.02,
    reconnect_max=0.1,
    handshake_timeout=0.5,
)


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


class NotifySocket:
    def __init__(self) -> None:
        self.name = f"@companion-leds-test-{uuid.uuid4().hex}"
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind("\0" + self.name[1:])
        self.sock.setblocking(False)

    def drain(self) -> list[str]:
        out = []
        while True:
            try:
                out.append(self.sock.recv(4096).decode())
            except BlockingIOError:
                return out


@pytest.fixture
def box(tmp_path: Path):  # type: ignore[no-untyped-def]
    config = Config(input=InputConfig(gpio="off"), language="en")
    app = headless_app(tmp_path / "data", config)
    notify = NotifySocket()
    hook = attach(app, config, env={"NOTIFY_SOCKET": notify.name, "WATCHDOG_USEC": "30000"})
    hook.signals.uninstall()
    try:
        yield app, hook, notify
    finally:
        hook.stopping()
        notify.sock.close()
        shutdown(app)


def plug_in(app, strip: SerialStrip) -> None:  # type: ignore[no-untyped-def]
    """The strip the app would open from `[leds] port` (its LED link holds it as `.strip`)."""
    leds = app.services.leds
    if hasattr(leds, "strip"):
        leds.strip = strip
    else:
        app.services.leds = strip


def frames(app, n: int = 5) -> None:  # type: ignore[no-untyped-def]
    app.run(max_frames=app.frames + n)


def test_unplugged_and_back_mid_game(box, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app, hook, notify = box
    firmware = FakeFirmware(greet_every=0.05)
    link = tmp_path / "usb-Arduino_Nano-if00-port0"
    os.symlink(firmware.path, link)
    strip = SerialStrip(FAST, 10, str(link))
    plug_in(app, strip)
    try:
        strip.show([(255, 0, 0)] * 10)
        assert wait_until(lambda: strip.status.state == CONNECTED)
        frames(app)
        assert any("READY=1" in m for m in notify.drain())

        firmware.unplug()
        link.unlink()  # as udev removes the /dev/serial/by-id link when the board is unplugged
        assert wait_until(lambda: strip.status.state == RECONNECTING)
        pings = hook.watchdog.pings
        for k in range(200):  # the game goes on: frames drawn, colours offered, never waiting
            strip.show([(k % 256, 0, 0)] * 10)
            frames(app, 2)
            if k >= 20 and hook.watchdog.pings > pings:
                break  # a watchdog interval (10 ms here) has passed; fast frames may take less
            time.sleep(0.002)
        assert strip.alive
        assert hook.watchdog.pings > pings, "a retrying writer is alive: keep feeding systemd"
        assert "LED strip reconnecting" in strip.status.text()
        assert "LED strip reconnecting" in hook.describe(app)  # type: ignore[misc]

        os.symlink(firmware.replug(), link)
        strip.show([(0, 255, 0)] * 10)
        assert wait_until(lambda: strip.status.state == CONNECTED)
        assert firmware.wait_for(lambda f: bool(f))
        frames(app)
    finally:
        strip.close()
        firmware.close()


def test_dead_writer_thread_stops_the_watchdog(box) -> None:  # type: ignore[no-untyped-def]
    app, hook, notify = box
    firmware = FakeFirmware(greet_every=0.05)
    strip = SerialStrip(FAST, 4, firmware.path)
    plug_in(app, strip)
    try:
        frames(app)
        assert hook.watchdog.pings >= 1
        notify.drain()
        strip.close()  # the writer thread ends, as if it had crashed
        assert not strip.alive
        pings = hook.watchdog.pings
        sent: list[str] = []
        for _ in range(200):  # until a watchdog interval (10 ms here) has passed: frames are fast
            frames(app, 2)
            sent += notify.drain()
            if any("LED writer" in m for m in sent):
                break
            time.sleep(0.002)
        assert hook.watchdog.pings == pings
        assert not any("WATCHDOG=1" in m for m in sent)
        assert any("LED writer" in m for m in sent)  # STATUS says why
    finally:
        firmware.close()
