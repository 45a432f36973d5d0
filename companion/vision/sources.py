"""Frame sources behind one interface: `read()` gives a frame or None (nothing new yet),
`close()` lets the device go. A frame is uint8, (h, w, 3) BGR or (h, w, 4) BGRA
(`vision.pixels`): the Pi camera's and the synthetic camera's come in four bytes a pixel, which
the reader warps quickest; the others BGR. `open_source(spec)` picks one from a config string:

    "picamera2"          the Pi's ribbon camera (picamera2 imported only then)
    "0", "1", ...        a USB camera by index (cv2.VideoCapture)
    "rtsp://...", "x.mp4"  a stream URL or a video file (cv2.VideoCapture)
    "dir:PATH"           a folder of images, looping (tests, demos, replaying a session)
    "synthetic"          the renderer, fed by a callable that returns the pieces to draw

A source that fails raises `CameraError`; the caller (CameraService) waits and opens it again.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import cv2
import numpy as np

from companion.vision.heap import release_free_memory

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp")
TRIM_EVERY = 8
"""The synthetic camera gives its renders' freed memory back every this many frames (see
`heap`): a render frees tens of MB the reader does not reuse."""


PI_FORMAT = "XRGB8888"
"""The Pi camera's pixel format: four bytes a pixel, B, G, R and 255 (see `PiCameraSource`)."""


class CameraError(Exception):
    """The camera cannot be opened or stopped giving frames."""


class FrameSource(Protocol):
    def read(self) -> np.ndarray | None:
        """The newest frame, uint8 (h, w, 3) BGR or (h, w, 4) BGRA, or None."""
        ...

    def close(self) -> None: ...


class VideoCaptureSource:
    def __init__(self, target: int | str, size: tuple[int, int] = (1280, 720)) -> None:
        self.target = target
        self.cap = cv2.VideoCapture(target)
        if not self.cap.isOpened():
            raise CameraError(f"cannot open camera {target!r}")
        if isinstance(target, int):
            self.cap.set(cv2.CAP_PROP_FRAME_WIDTH, size[0])
            self.cap.set(cv2.CAP_PROP_FRAME_HEIGHT, size[1])
        self._file = isinstance(target, str) and Path(target).is_file()

    def read(self) -> np.ndarray | None:
        ok, frame = self.cap.read()
        if not ok and self._file:
            self.cap.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self.cap.read()
        if not ok:
            raise CameraError(f"camera {self.target!r} stopped giving frames")
        return frame

    def close(self) -> None:
        self.cap.release()


class PiCameraSource:
    """The Pi's camera via picamera2 in "XRGB8888": (h, w, 4) frames of [B, G, R, 255] (its
    "RGB888" is [B, G, R]), handed on as they come: OpenCV 5 warps four channels quicker
    than three (4.11 at the same speed; docs/vision.md), so the fourth byte costs nothing."""

    def __init__(self, size: tuple[int, int] = (1280, 720), camera: Any = None) -> None:
        """`camera`: an opened Picamera2-like object (tests); otherwise picamera2 opens one."""
        if camera is not None:
            self.cam = camera
            return
        try:
            module: Any = importlib.import_module("picamera2")
        except ImportError as exc:
            raise CameraError(f"picamera2 is not installed ({exc})") from None
        try:
            self.cam = module.Picamera2()
            config = self.cam.create_video_configuration(main={"format": PI_FORMAT, "size": size})
            self.cam.configure(config)
            self.cam.start()
        except Exception as exc:  # picamera2 raises many kinds; all mean "no camera"
            raise CameraError(f"cannot start the Pi camera ({exc})") from None

    def read(self) -> np.ndarray | None:
        try:
            return np.asarray(self.cam.capture_array("main"))
        except Exception as exc:
            raise CameraError(f"the Pi camera stopped ({exc})") from None

    def set_exposure(self, board_grey: Callable[[np.ndarray], float | None]) -> Any:
        """At calibration: exposure and gain set so the board's median grey lands where the
        reader works best, then locked with the white balance (`exposure.settle`). Returns
        the `ExposureResult`; `board_grey(frame)` measures the board (see
        `calibrate.board_grey_of`)."""
        from companion.vision.exposure import settle

        try:
            return settle(self.cam, board_grey)
        except ValueError as exc:
            raise CameraError(str(exc)) from None

    def lock_exposure(self) -> None:
        """Freeze exposure and white balance (after calibration), so light stays comparable."""
        meta = self.cam.capture_metadata()
        self.cam.set_controls(
            {
                "AeEnable": False,
                "AwbEnable": False,
                "ExposureTime": meta["ExposureTime"],
                "AnalogueGain": meta["AnalogueGain"],
                "ColourGains": meta["ColourGains"],
            }
        )

    def close(self) -> None:
        try:
            self.cam.stop()
            self.cam.close()
        except Exception:
            pass


class FolderSource:
    """Images of a folder in name order, looping; `frame_of(name)` for tests."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise CameraError(f"no such folder {str(self.folder)!r}")
        self.files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise CameraError(f"no images in {str(self.folder)!r}")
        self.index = 0

    def read(self) -> np.ndarray | None:
        path = self.files[self.index % len(self.files)]
        self.index += 1
        frame = cv2.imread(str(path))
        if frame is None:
            raise CameraError(f"cannot read image {str(path)!r}")
        return frame

    def close(self) -> None:
        pass


class SyntheticSource:
    """The renderer as a camera: each read draws what `scene()` returns: a MetroState (the
    demo's game), a list of Pieces, or either in a (scene, hand) tuple. Frames are BGRA like
    the Pi camera's (`alpha=False`: the render's BGR), so the demo reads as the box does."""

    def __init__(
        self,
        board: Any,
        layout: Any,
        scene: Callable[[], Any],
        *,
        lighting: str = "daylight",
        pose: str = "overhead",
        seed: int = 0,
        alpha: bool = True,
    ) -> None:
        from companion.vision.render import render

        self._render = render
        self.board, self.layout, self.scene = board, layout, scene
        self.lighting, self.pose, self.seed = lighting, pose, seed
        self.alpha = alpha
        self.count = 0

    def read(self) -> np.ndarray | None:
        from companion.metro.state import MetroState
        from companion.vision.model import pieces_of_state

        got = self.scene()
        what, hand = got if isinstance(got, tuple) else (got, False)
        pieces = pieces_of_state(self.board, what) if isinstance(what, MetroState) else what
        self.count += 1
        shot = self._render(
            self.board,
            self.layout,
            list(pieces),
            seed=self.seed + self.count,
            lighting=self.lighting,
            pose=self.pose,
            hand=hand,
        )
        if self.count % TRIM_EVERY == 1:
            release_free_memory()
        return (
            np.asarray(cv2.cvtColor(shot.image, cv2.COLOR_BGR2BGRA)) if self.alpha else shot.image
        )

    def close(self) -> None:
        pass


def open_source(
    spec: str | int, *, synthetic: Callable[[], FrameSource] | None = None
) -> FrameSource:
    """A source from its config string (see the module docstring). "synthetic" needs the
    `synthetic` factory, since only the caller knows the board and the game."""
    if isinstance(spec, int):
        return VideoCaptureSource(spec)
    text = spec.strip()
    if text == "picamera2":
        return PiCameraSource()
    if text == "synthetic":
        if synthetic is None:
            raise CameraError("the synthetic camera needs a scene (a game state provider)")
        return synthetic()
    if text.startswith("dir:"):
        return FolderSource(text[4:])
    if text.isdigit():
        return VideoCaptureSource(int(text))
    return VideoCaptureSource(text)
