"""The overhead camera as the app uses it: started for the current game's map, polled per frame.

Configured by `[camera]` in the config file: `source` ("picamera2", a USB camera index such as
"0", a stream URL, "dir:PATH" of images) and `enabled`. Without a source there is no camera
(`services.camera` is None). OpenCV is imported only when a source is configured. The reading
runs in the camera service's own thread; the screens ask `latest_proposals(state)` and `status`.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from companion.errors import UserError
from companion.i18n import _
from companion.metro import BoardMap, MetroState

log = logging.getLogger(__name__)
KEYS = ("enabled", "source")


def parse_camera_table(table: dict[str, Any], file: Path | None) -> str | None:
    """The source string, or None when no camera is configured or it is disabled."""
    for key in table:
        if key not in KEYS:
            raise UserError(f"unknown key; expected {', '.join(KEYS)}", file, f"camera.{key}")
    enabled = table.get("enabled", True)
    if not isinstance(enabled, bool):
        raise UserError("expected true or false", file, "camera.enabled")
    source = table.get("source")
    if source is None or not enabled:
        return None
    if isinstance(source, int) and not isinstance(source, bool):
        source = str(source)
    if not isinstance(source, str) or not source:
        raise UserError(
            'expected "picamera2", a camera number, a URL or "dir:PATH"', file, "camera.source"
        )
    return source


class CameraLink:
    def __init__(self, source: str, data_dir: Path) -> None:
        self.source = source
        self.data_dir = data_dir
        self.board: BoardMap | None = None
        self.service: Any = None
        self.problem: str | None = None

    def use_board(self, board: BoardMap) -> None:
        """Start reading for this map (calibration from `<data dir>/vision`)."""
        if self.board is not None and self.board.id == board.id:
            return
        self.close()
        self.board = board
        try:
            from companion.vision.calibrate import Calibration
            from companion.vision.markers import load_layout
            from companion.vision.reader import Reader
            from companion.vision.service import CameraService
            from companion.vision.sources import open_source

            layout = load_layout(None, board.width_mm, board.height_mm)
            cal = Calibration.load(self.data_dir / "vision")
            reader = Reader(board, layout, cal.reference, cal.colors)
            spec = int(self.source) if self.source.isdigit() else self.source
            self.service = CameraService(lambda: open_source(spec), reader)
            self.service.start()
            self.problem = None
        except UserError as exc:
            self.problem = exc.line()
            log.warning("camera: %s", self.problem)
        except Exception as exc:
            self.problem = repr(exc)
            log.exception("camera")

    @property
    def status(self) -> str:
        if self.service is not None:
            return str(self.service.status.text())
        if self.problem:
            return _("Camera not calibrated: run companion vision calibrate")
        return _("Camera waiting for a game")

    @property
    def version(self) -> int:
        return int(self.service.version) if self.service is not None else 0

    def latest_proposals(self, state: MetroState) -> list[Any]:
        """What the camera sees that the game does not have yet (empty during a train phase)."""
        if self.service is None or self.service.accepted is None or self.board is None:
            return []
        from companion.vision.proposals import proposals

        found: list[Any] = proposals(self.service.accepted, state, board=self.board)
        return found

    def close(self) -> None:
        if self.service is not None:
            try:
                self.service.stop()
            except Exception:
                log.exception("stopping the camera")
            self.service = None
        self.board = None
