"""The camera for the app: a background thread that owns a frame source and the reader, and
keeps the latest accepted reading and a status. Nothing here blocks the caller; a lost camera
is reopened after a pause while the game goes on with manual entry. Any error inside the
thread is reported as "camera lost" and retried, so the thread never dies silently."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from companion.i18n import N_, _
from companion.vision.model import Reading
from companion.vision.reader import Reader
from companion.vision.sources import CameraError, FrameSource
from companion.vision.tracker import Tracker

OK = "ok"
STARTING = "starting"
NO_BOARD = "no board"
REJECTED = "rejected"
CAMERA_LOST = "camera lost"
TOO_DARK = "too dark"

_TEXT = {
    OK: N_("Camera: reading the board"),
    STARTING: N_("Camera: starting"),
    NO_BOARD: N_("Camera: board not found (are the four markers in view?)"),
    REJECTED: N_("Camera: waiting (hand over the board)"),
    CAMERA_LOST: N_("Camera lost, retrying: enter moves by hand"),
    TOO_DARK: N_("Camera: too dark to read the pieces (add light, then calibrate again)"),
}


@dataclass(frozen=True)
class Status:
    code: str
    detail: str = ""
    """The reject reason or the camera error, in English (logs)."""

    def text(self) -> str:
        return _(_TEXT[self.code])


class CameraService:
    """`start()`, then poll `status`, `accepted` and `version` from the UI loop."""

    def __init__(
        self,
        open_source: Callable[[], FrameSource],
        reader: Reader,
        stable_frames: int = 3,
        interval: float = 0.1,
        retry: float = 2.0,
    ) -> None:
        self._open = open_source
        self.reader = reader
        self.tracker = Tracker(stable_frames)
        self.interval = interval
        self.retry = retry
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status = Status(STARTING)
        self._accepted: Reading | None = None
        self._last: Reading | None = None
        self.version = 0
        """Goes up by one each time a new reading is accepted."""

    @property
    def status(self) -> Status:
        with self._lock:
            return self._status

    @property
    def accepted(self) -> Reading | None:
        with self._lock:
            return self._accepted

    @property
    def last(self) -> Reading | None:
        """The newest frame's reading, accepted or not (for a live view)."""
        with self._lock:
            return self._last

    def start(self) -> None:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="camera", daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _set(self, status: Status) -> None:
        with self._lock:
            self._status = status

    def step(self, source: FrameSource) -> None:
        """Read and process one frame (the thread's body; tests call it directly)."""
        frame = source.read()
        if frame is None:
            return
        reading = self.reader.read(frame)
        accepted = self.tracker.update(reading)
        with self._lock:
            self._last = reading
            if accepted is not None:
                self._accepted = accepted
                self.version += 1
            if not reading.board_found:
                self._status = Status(NO_BOARD)
            elif reading.rejected == TOO_DARK:
                self._status = Status(TOO_DARK)
            elif reading.rejected:
                self._status = Status(REJECTED, reading.rejected)
            else:
                self._status = Status(OK)

    def _run(self) -> None:
        source: FrameSource | None = None
        while not self._stop.is_set():
            try:
                if source is None:
                    source = self._open()
                self.step(source)
                self._stop.wait(self.interval)
            except Exception as exc:  # a camera error, or a bad frame OpenCV chokes on
                detail = (
                    str(exc) if isinstance(exc, CameraError) else f"{type(exc).__name__}: {exc}"
                )
                self._set(Status(CAMERA_LOST, detail))
                if source is not None:
                    source.close()
                    source = None
                self._stop.wait(self.retry)
        if source is not None:
            source.close()
