"""The demo's camera: the synthetic renderer photographs the demo's table and the real reading
pipeline (calibrated from rendered photos at start) reads it. The table is the game's state plus
the pieces the scripted players have put down but not entered, so the proposals the screens show
come from pixels, not from the script.

    table = enable_demo_camera(app, data_dir)
    table.put_pyramid("red", "ginza")        # a player builds, without entering it
    yield from table.wait()                  # in the demo script: until the camera saw it
    # the income track then asks "Red built at Ginza?": a screen named "camera-proposal";
    # OK accepts it when table.expects(app.top.proposal), else BACK twice dismisses it
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.app.cameralink import CameraLink
from companion.metro.board import Square
from companion.metro.state import Meeple, MetroState

if TYPE_CHECKING:
    from companion.app.core import App
    from companion.app.services import Services

INTERVAL = 0.15
"""Seconds between frames: a render and a reading take 0.15-0.3 s here, so 2-3 a second."""
STABLE_FRAMES = 2


class DemoTable:
    """What lies on the demo's table: the game's state, plus pyramids and meeple moves the
    players made and have not entered yet. Thread-safe: the camera thread calls `scene()`."""

    def __init__(self, services: Services) -> None:
        self.services = services
        self.link: CameraLink | None = None
        self.hand = False
        self._built: dict[str, str] = {}
        self._moved: dict[str, Square] = {}
        self._drinks: dict[str, str] = {}
        self._lock = threading.Lock()
        self._changed_at = 0

    def put_pyramid(self, color: str, station: str) -> None:
        with self._lock:
            self._built[station] = color
            self._touch()

    def move_meeple(self, color: str, square: Square) -> None:
        with self._lock:
            self._moved[color] = square
            self._touch()

    def put_drink(self, station: str, drink: str) -> None:
        """METRO DRINKS: a vending machine (a drink of that colour) beside the pyramid."""
        with self._lock:
            self._drinks[station] = drink
            self._touch()

    def hand_over_board(self, on: bool) -> None:
        with self._lock:
            self.hand = on
            self._touch()

    def _touch(self) -> None:
        self._changed_at = self.link.frames if self.link is not None else 0

    def seen(self) -> bool:
        """The camera has read enough frames since the table last changed to have accepted it
        (then the income track shows its proposals within a frame or two)."""
        link = self.link
        if link is None or link.service is None:
            return False
        return link.frames >= self._changed_at + STABLE_FRAMES + 1  # +1: a frame begun before

    def wait(self, timeout: float = 30.0, step: float = 0.05) -> Iterator[float]:
        """For a demo script (a generator on the app's clock): yields `step` until the camera
        has seen the table, or `timeout` real seconds passed (the camera runs in real time,
        the headless demo on a virtual clock)."""
        deadline = time.monotonic() + timeout
        while not self.seen() and time.monotonic() < deadline:
            time.sleep(0.005)  # leave the CPU to the camera thread on a virtual clock
            yield step

    def expects(self, proposal: Any) -> bool:
        """Whether a camera proposal is a piece this table put down (not a misreading)."""
        with self._lock:
            if type(proposal).__name__ == "Built":
                return bool(self._built.get(proposal.station) == proposal.color)
            if type(proposal).__name__ == "Moved":
                return bool(self._moved.get(proposal.color) == proposal.square)
            if type(proposal).__name__ == "DrinkBuilt":
                return bool(self._drinks.get(proposal.station) == proposal.color)
        return False

    def scene(self) -> MetroState | tuple[MetroState, bool] | list[Any]:
        session = self.services.session
        if session is None:
            return []
        phase = session.phase
        state = phase.state if phase is not None else session.state
        with self._lock:
            for station in list(self._built):
                if station in state.stations:
                    del self._built[station]
            for station in list(self._drinks):
                if station in state.drinks:
                    del self._drinks[station]
            for color, square in list(self._moved.items()):
                m = state.meeples.get(color)
                if m is not None and m.square == square:
                    del self._moved[color]
            stations = {**state.stations, **self._built}
            meeples = dict(state.meeples)
            for color, square in self._moved.items():
                meeples[color] = Meeple(square=square)
            hand = self.hand
            drinks = {**state.drinks, **self._drinks}
        table = replace(state, stations=stations, meeples=meeples, drinks=drinks)
        return (table, True) if hand else table


def enable_demo_camera(app: App, data_dir: str | Path) -> DemoTable:
    """Give the app a synthetic camera over a DemoTable and return the table. The camera is
    calibrated and started in the background once a game's map is known (the app calls
    `use_board` each frame a Metro screen is shown); nothing here blocks."""
    from companion.vision.sources import SyntheticSource

    services = app.services
    table = DemoTable(services)

    def source(board: Any, layout: Any) -> SyntheticSource:
        return SyntheticSource(board, layout, table.scene, seed=2)

    link = CameraLink(
        "synthetic",
        Path(data_dir),
        synthetic=source,
        interval=INTERVAL,
        stable_frames=STABLE_FRAMES,
    )
    table.link = link
    if services.camera is not None:
        services.camera.close()
    services.camera = link
    if services.session is not None:
        link.use_board(services.session.rules.board)
    return table
