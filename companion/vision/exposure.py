"""Setting a Pi camera's exposure and gain at calibration so the board lands in the light the
reader needs, then locking them (auto-exposure per frame would break the reference).

Works on a picamera2 `Picamera2` object (or anything with its verbs): `capture_array()`,
`capture_metadata()`, `set_controls()`, `camera_controls` ({name: (min, max, default)}).
Controls used: AeEnable, ExposureTime (us), AnalogueGain, AwbEnable, ColourGains.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

TARGET_GREY = 150.0
"""The board's median grey the camera is set for: bright, with room below the clip for glare."""
MAX_EXPOSURE_US = 33_000
"""Longest exposure that keeps 30 frames a second (a hand moving blurs beyond it anyway)."""
MAX_GAIN = 8.0


@dataclass(frozen=True)
class ExposureResult:
    exposure_us: int
    gain: float
    grey: float
    """The board's median grey with these settings."""
    colour_gains: tuple[float, float]

    @property
    def reached(self) -> bool:
        return abs(self.grey - TARGET_GREY) <= 0.15 * TARGET_GREY


def plan(
    grey: float,
    exposure_us: float,
    gain: float,
    *,
    target: float = TARGET_GREY,
    max_exposure_us: float = MAX_EXPOSURE_US,
    max_gain: float = MAX_GAIN,
    min_exposure_us: float = 100.0,
) -> tuple[int, float]:
    """Exposure and gain that should bring the board from `grey` to `target`: exposure first
    (it adds no noise), then analogue gain; never below unity gain."""
    total = exposure_us * gain * target / max(grey, 1.0)
    new_exposure = min(max(total, min_exposure_us), max_exposure_us)
    new_gain = min(max(total / new_exposure, 1.0), max_gain)
    return round(new_exposure), float(round(new_gain, 3))


def _limit(camera: Any, name: str, default: float) -> float:
    controls = getattr(camera, "camera_controls", {}) or {}
    if name in controls:
        _low, high, _default = controls[name]
        if high:
            return float(high)
    return default


def settle(
    camera: Any,
    board_grey: Callable[[np.ndarray], float | None],
    *,
    target: float = TARGET_GREY,
    tries: int = 5,
    settle_s: float = 0.3,
    sleep: Callable[[float], None] = time.sleep,
) -> ExposureResult:
    """Let auto-exposure and white balance run once, then fix exposure and gain by measuring
    the board (`board_grey(frame)`: its median grey, None when the markers are not seen) until
    it lands within 15 % of `target`, and lock everything. Raises ValueError when the board is
    never seen."""
    camera.set_controls({"AeEnable": True, "AwbEnable": True})
    sleep(settle_s)
    meta = camera.capture_metadata()
    exposure = float(meta["ExposureTime"])
    gain = float(meta["AnalogueGain"])
    colour_gains = tuple(float(g) for g in meta["ColourGains"])
    max_exposure = min(_limit(camera, "ExposureTime", MAX_EXPOSURE_US), MAX_EXPOSURE_US)
    max_gain = min(_limit(camera, "AnalogueGain", MAX_GAIN), MAX_GAIN)
    camera.set_controls(
        {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": int(exposure),
            "AnalogueGain": gain,
            "ColourGains": colour_gains,
        }
    )
    grey: float | None = None
    for attempt in range(tries + 1):
        sleep(settle_s)
        grey = board_grey(np.asarray(camera.capture_array()))
        if grey is None:
            raise ValueError("the board's markers are not in view")
        if abs(grey - target) <= 0.05 * target or attempt == tries:
            break
        new_exposure, new_gain = plan(
            grey, exposure, gain, target=target, max_exposure_us=max_exposure, max_gain=max_gain
        )
        if new_exposure == int(exposure) and math.isclose(new_gain, gain):
            break
        exposure, gain = float(new_exposure), new_gain
        camera.set_controls({"ExposureTime": new_exposure, "AnalogueGain": new_gain})
    assert grey is not None
    cg = (float(colour_gains[0]), float(colour_gains[1]))
    return ExposureResult(int(exposure), float(gain), float(grey), cg)
