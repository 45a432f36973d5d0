"""The overhead camera as the app uses it: started for the current game's map, polled per frame.

Configured by `[camera]` in the config file: `source` ("picamera2", a USB camera index such as
"0", a stream URL, "dir:PATH" of images) and `enabled`. Without a source there is no camera
(`services.camera` is None). OpenCV is imported only when a source is configured.

Nothing here blocks the frame loop: the calibration is loaded (or, for the demo's synthetic
camera, rendered and learnt) and the reader built in a starter thread, and the frames are read
in the camera service's own thread. The screens ask `latest_proposals(state)`, `status` (a
translated line) and `status_code`.

A reading is used only once it is *fresh*: two frames read after the game last changed, the
newest of them showing the accepted pieces. So an entry made by hand, or a train phase that moved
the meeples, is never undone by a reading taken before it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.errors import UserError, reject_unknown
from companion.i18n import _
from companion.metro import BoardMap, MetroState

if TYPE_CHECKING:
    import numpy as np

    from companion.vision.markers import MarkerLayout
    from companion.vision.model import Reading
    from companion.vision.proposals import Proposal
    from companion.vision.reader import Reader
    from companion.vision.service import CameraService
    from companion.vision.sources import FrameSource

log = logging.getLogger(__name__)
KEYS = ("enabled", "source")
WAITING = "waiting"
STARTING = "starting"
NOT_CALIBRATED = "not calibrated"
FAILED = "failed"
FRESH_FRAMES = 2
"""Frames read after a change of the game before the camera's proposals count again."""

SyntheticFactory = Callable[[BoardMap, "MarkerLayout"], "FrameSource"]
"""(board, marker layout) -> a frame source (the demo's renderer)."""


def parse_camera_table(table: dict[str, Any], file: Path | None) -> str | None:
    """The source string, or None when no camera is configured or it is disabled."""
    reject_unknown(table, KEYS, file, "camera")
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


class _CountingReader:
    """The reader, counting the frames it has read (for freshness)."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.frames = 0

    def read(self, frame: np.ndarray) -> Reading:
        reading = self.reader.read(frame)
        self.frames += 1
        return reading


class CameraLink:
    def __init__(
        self,
        source: str,
        data_dir: Path,
        *,
        synthetic: SyntheticFactory | None = None,
        interval: float = 0.1,
        stable_frames: int = 3,
    ) -> None:
        """`source` "synthetic" takes its frames from `synthetic(board, layout)` and is
        calibrated from rendered photos of the empty board and the colour spots at start."""
        self.source = source
        self.data_dir = Path(data_dir)
        self.synthetic = synthetic
        self.interval = interval
        self.stable_frames = stable_frames
        self.board: BoardMap | None = None
        self.service: CameraService | None = None
        self.problem: str | None = None
        self._reader: _CountingReader | None = None
        self._starter: threading.Thread | None = None
        self._generation = 0
        self._lock = threading.Lock()
        self._state: MetroState | None = None
        self._changed_at = 0
        self._proposals_for: MetroState | None = None
        self._proposals_key: tuple[object, ...] = ()
        self._proposals: list[Proposal] = []

    # --- starting and stopping ----------------------------------------------------------------

    def use_board(self, board: BoardMap) -> None:
        """Start reading for this map, in the background (returns at once)."""
        if self.board is not None and (self.board is board or self.board == board):
            return
        self.close()
        from companion.vision.heap import share_arenas

        share_arenas()
        with self._lock:
            self._generation += 1
            generation = self._generation
            self.board = board
            self.problem = None
        self._starter = threading.Thread(
            target=self._start, args=(board, generation), name="camera-start", daemon=True
        )
        self._starter.start()

    def _start(self, board: BoardMap, generation: int) -> None:
        try:
            from companion.vision.calibrate import Calibration
            from companion.vision.heap import release_free_memory
            from companion.vision.markers import load_layout
            from companion.vision.reader import Reader
            from companion.vision.service import CameraService
            from companion.vision.sources import open_source

            layout = load_layout(None, board.width_mm, board.height_mm)
            folder = self.data_dir / "vision"
            if self.source == "synthetic":
                self._calibrate_synthetic(board, layout, folder)
            cal = Calibration.load(folder)
            reader: Any = _CountingReader(Reader(board, layout, cal.reference, cal.colors))
            release_free_memory()  # the calibration's and the reader's set-up's temporaries
            if self.source == "synthetic":
                factory = self.synthetic
                assert factory is not None, "the synthetic camera needs a frame factory"
                source = factory(board, layout)

                def opener() -> FrameSource:
                    return source
            else:
                spec: int | str = int(self.source) if self.source.isdigit() else self.source

                def opener() -> FrameSource:
                    return open_source(spec)

            service = CameraService(
                opener, reader, stable_frames=self.stable_frames, interval=self.interval
            )
            with self._lock:
                if generation != self._generation:
                    return
                self.service, self._reader = service, reader
                service.start()
        except UserError as exc:
            with self._lock:
                if generation == self._generation:
                    self.problem = NOT_CALIBRATED
            log.warning("camera: %s", exc.line())
        except Exception:
            with self._lock:
                if generation == self._generation:
                    self.problem = FAILED
            log.exception("camera")

    @staticmethod
    def _calibrate_synthetic(board: BoardMap, layout: MarkerLayout, folder: Path) -> None:
        """The demo's calibration, as a player would do it: photos of the empty board and of
        the colour spots, rendered, then learnt and saved like `companion vision calibrate`."""
        from companion.vision.scenes import calibrate_session

        calibrate_session(board, layout, "daylight", "overhead", 0).calibration.save(folder)

    def wait_started(self, timeout: float = 30.0) -> bool:
        """Block until the starter thread is done (tests and the demo's set-up only)."""
        starter = self._starter
        if starter is not None:
            starter.join(timeout)
        return self.service is not None

    def close(self) -> None:
        with self._lock:
            self._generation += 1
            service, self.service, self._reader = self.service, None, None
            self.board = None
        if service is not None:
            try:
                service.stop()
            except Exception:
                log.exception("stopping the camera")

    # --- what the screens ask -----------------------------------------------------------------

    @property
    def status_code(self) -> str:
        """ "ok", "starting", "no board", "rejected", "camera lost" (the service's), or
        "waiting" (no game yet), "not calibrated", "failed"."""
        service = self.service
        if service is not None:
            return str(service.status.code)
        if self.problem:
            return self.problem
        return STARTING if self.board is not None else WAITING

    @property
    def status(self) -> str:
        service = self.service
        if service is not None:
            return str(service.status.text())
        if self.problem == NOT_CALIBRATED:
            return _("Camera not calibrated: run companion vision calibrate")
        if self.problem:
            return _("Camera failed: enter moves by hand")
        if self.board is not None:
            return _("Camera: starting")
        return _("Camera waiting for a game")

    @property
    def version(self) -> int:
        service = self.service
        return int(service.version) if service is not None else 0

    @property
    def frames(self) -> int:
        reader = self._reader
        return reader.frames if reader is not None else 0

    def fresh(self, state: MetroState) -> bool:
        """Whether the accepted reading shows the board as it is now, after the game's last
        change (see the module docstring)."""
        service = self.service
        if service is None:
            return False
        frames = self.frames
        if self._state is None or (state is not self._state and state != self._state):
            self._state, self._changed_at = state, frames
        if frames < self._changed_at + FRESH_FRAMES:
            return False
        accepted, last = service.accepted, service.last
        if accepted is None or last is None or not last.ok:
            return False
        return bool(last.signature() == accepted.signature())

    def latest_proposals(self, state: MetroState) -> list[Proposal]:
        """What the camera sees that the game does not have (none during a train phase, none
        while the board is settling or the reading predates the game's last change)."""
        service, board = self.service, self.board
        if service is None or board is None:
            return []
        if self._reader is not None:
            self._reader.reader.read_drinks = state.metro_drinks is not None
        # The screens ask every frame; the answer only changes with a new camera frame or a new
        # game state, so it is computed once per (frame read, state) and reused.
        key = (self.frames, service.version, service.last)
        if state is self._proposals_for and key == self._proposals_key:
            return self._proposals
        found: list[Proposal] = []
        if self.fresh(state) and (accepted := service.accepted) is not None:
            from companion.vision.proposals import proposals

            found = proposals(accepted, state, board=board)
        self._proposals_for, self._proposals_key, self._proposals = state, key, found
        return found

    def meeples_touching(self, stop_id: str) -> list[str] | None:
        """Colours the camera sees on squares touching the stop (None without a reading)."""
        service, board = self.service, self.board
        if service is None or board is None or service.accepted is None:
            return None
        from companion.vision.proposals import meeples_touching

        return meeples_touching(service.accepted, board, stop_id)
