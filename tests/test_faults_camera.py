"""Fault: the camera gone in the middle of a game, and back. The camera thread (the vision
part's CameraService) reports it and retries; the game goes on with entry by buttons, the
service status says so, and the watchdog keeps being fed: a lost camera is not a reason to
restart the box (only the button and LED threads are liveness checks)."""

from __future__ import annotations

import socket
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import numpy as np

from companion.app.boot import shutdown
from companion.app.cameralink import CameraLink
from companion.app.session import MetroSession
from companion.app.systemd import attach
from companion.config import Config, InputConfig
from companion.data import load_rules
from companion.metro.events import BuildStation, Invest
from companion.vision.model import Reading
from companion.vision.service import CAMERA_LOST, CameraService
from companion.vision.sources import CameraError
from tests.conftest import headless_app

MINI = Path(__file__).parent / "data" / "mini.toml"


def wait_until(predicate: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


class UsbCamera:
    """A camera with a cable: `unplug()` makes reads and opens fail, `replug()` mends it."""

    def __init__(self) -> None:
        self.plugged = threading.Event()
        self.plugged.set()
        self.opens = 0

    def open(self) -> UsbCamera:
        if not self.plugged.is_set():
            raise CameraError("no such device /dev/video0")
        self.opens += 1
        return self

    def read(self) -> np.ndarray:
        if not self.plugged.is_set():
            raise CameraError("read failed: the camera was unplugged")
        return np.zeros((48, 64, 3), np.uint8)

    def close(self) -> None:
        pass

    def unplug(self) -> None:
        self.plugged.clear()

    def replug(self) -> None:
        self.plugged.set()


class BoardReader:
    def read(self, frame: np.ndarray) -> Reading:
        return Reading(True)


def test_camera_gone_mid_game(tmp_path: Path) -> None:
    config = Config(input=InputConfig(gpio="off"), language="en")
    app = headless_app(tmp_path / "data", config)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    name = f"@companion-camera-test-{uuid.uuid4().hex}"
    listener.bind("\0" + name[1:])
    listener.setblocking(False)
    hook = attach(app, config, env={"NOTIFY_SOCKET": name, "WATCHDOG_USEC": "30000"})
    hook.signals.uninstall()
    usb = UsbCamera()
    camera = CameraService(usb.open, BoardReader(), interval=0.001, retry=0.01)  # type: ignore[arg-type]
    rules = load_rules(str(MINI))
    link = CameraLink("usb", tmp_path / "data")
    link.board, link.service = rules.board, camera  # the link over this service, as started
    app.services.camera = link
    session = MetroSession.new(app.services.store, rules, ["red", "blue"], map_name=str(MINI))
    app.services.session = session
    camera.start()
    try:
        assert wait_until(lambda: camera.status.code != "starting")
        app.run(max_frames=app.frames + 3)
        usb.unplug()
        assert wait_until(lambda: camera.status.code == CAMERA_LOST)
        assert "enter moves by hand" in camera.status.text()
        assert "Camera lost" in hook.describe(app)  # type: ignore[misc]

        pings = hook.watchdog.pings
        session.record(Invest("red", "G", 300))  # entry by buttons goes on
        session.record(BuildStation("blue", "ginza"))
        for _ in range(10):
            app.run(max_frames=app.frames + 2)
            time.sleep(0.011)
        assert hook.watchdog.pings > pings, "a lost camera must not starve the watchdog"
        again = MetroSession.load(app.services.store, rules, session.game_id)
        assert again.state == session.state and again.state.stations["ginza"] == "blue"

        opens = usb.opens
        usb.replug()
        assert wait_until(lambda: camera.status.code != CAMERA_LOST and usb.opens > opens)
    finally:
        camera.stop()
        app.services.camera = None  # stopped here, not by shutdown
        hook.stopping()
        listener.close()
        shutdown(app)
