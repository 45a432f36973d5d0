"""The demo's camera: the renderer photographs the scripted game's current state and the real
reading pipeline reads it, so the demo's proposals come from pixels, not from the script."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.metro.board import BoardMap
from companion.vision.markers import load_layout
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session
from companion.vision.service import CameraService
from companion.vision.sources import SyntheticSource


def synthetic_camera(
    board: BoardMap,
    scene: Callable[[], Any],
    *,
    lighting: str = "daylight",
    pose: str = "overhead",
    seed: int = 0,
    interval: float = 0.2,
    stable_frames: int = 2,
) -> CameraService:
    """A calibrated CameraService over a SyntheticSource. `scene()` returns the MetroState to
    photograph (or `(state, True)` for a hand over the board). Call `.start()` on it. Renders
    take 0.2-0.5 s each here, so readings lag the game by a second or so."""
    layout = load_layout(None, board.width_mm, board.height_mm)
    cal = calibrate_session(board, layout, lighting, pose, seed).calibration
    reader = Reader(board, layout, cal.reference, cal.colors)
    source = SyntheticSource(board, layout, scene, lighting=lighting, pose=pose, seed=seed + 2)
    return CameraService(lambda: source, reader, stable_frames=stable_frames, interval=interval)
