"""Light: the Pi camera's exposure set at calibration (a fake camera with picamera2's verbs),
and the reader refusing, with a message, a light it cannot read in."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from companion.data import load_map
from companion.vision.calibrate import calibrate
from companion.vision.exposure import TARGET_GREY, plan, settle
from companion.vision.hardset import shoot_hard
from companion.vision.markers import load_layout
from companion.vision.reader import Reader
from companion.vision.service import TOO_DARK, CameraService
from companion.vision.sources import PiCameraSource

BOARD = load_map("tests/data/vision-test.toml")
LAYOUT = load_layout(None, BOARD.width_mm, BOARD.height_mm)


class FakePicamera2:
    """A room whose board reads `scene` grey at 10 ms and unity gain; AE settles darker."""

    def __init__(self, scene: float, ae: tuple[int, float] = (20_000, 1.0)) -> None:
        self.scene = scene
        self.controls: dict[str, Any] = {}
        self.exposure, self.gain = ae
        self.camera_controls = {"ExposureTime": (60, 66_666, 10_000), "AnalogueGain": (1, 16, 1)}
        self.calls: list[dict[str, Any]] = []

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.calls.append(dict(controls))
        self.controls.update(controls)
        self.exposure = self.controls.get("ExposureTime", self.exposure)
        self.gain = self.controls.get("AnalogueGain", self.gain)

    def capture_metadata(self) -> dict[str, Any]:
        return {"ExposureTime": self.exposure, "AnalogueGain": self.gain, "ColourGains": (1.8, 1.4)}

    def capture_array(self, name: str = "main") -> np.ndarray:
        grey = min(255.0, self.scene * self.exposure / 10_000 * self.gain)
        return np.full((4, 4, 3), grey, np.float32)


def _grey(frame: np.ndarray) -> float:
    return float(frame.mean())


def test_plan_prefers_exposure_then_gain():
    assert plan(75, 10_000, 1.0) == (20_000, 1.0)
    exposure, gain = plan(30, 20_000, 1.0)
    assert exposure == 33_000 and gain == pytest.approx(100_000 / 33_000, rel=0.01)
    assert plan(250, 10_000, 2.0)[1] == 1.0


def test_settle_lands_the_board_in_range_and_locks_everything():
    cam = FakePicamera2(scene=30)
    result = settle(cam, _grey, sleep=lambda s: None)
    assert result.reached and abs(result.grey - TARGET_GREY) < 0.1 * TARGET_GREY
    assert cam.controls["AeEnable"] is False and cam.controls["AwbEnable"] is False
    assert cam.controls["ColourGains"] == (1.8, 1.4)
    assert cam.controls["ExposureTime"] <= 33_000
    assert result.gain > 1.0


def test_settle_in_a_room_too_dark_says_so_by_not_reaching():
    cam = FakePicamera2(scene=1.5)
    result = settle(cam, _grey, sleep=lambda s: None)
    assert not result.reached
    assert cam.gain == 8.0 and cam.exposure == 33_000


def test_pi_source_set_exposure_reports_a_board_out_of_view():
    from companion.vision.sources import CameraError

    source = PiCameraSource(camera=FakePicamera2(scene=100))
    with pytest.raises(CameraError):
        source.set_exposure(lambda frame: None)
    assert source.set_exposure(_grey).reached


def _session(lighting: str, seed: int):
    from companion.vision.calibrate import spot_pieces

    spots_pieces = spot_pieces(BOARD)
    empty = shoot_hard(BOARD, LAYOUT, [], seed=seed, lighting=lighting, pose="overhead")
    spots = shoot_hard(
        BOARD, LAYOUT, spots_pieces, seed=seed + 1, lighting=lighting, pose="overhead"
    )
    return calibrate(BOARD, LAYOUT, empty.image, spots.image)


def test_a_calibration_that_fails_in_the_dark_says_what_to_do():
    from companion.errors import UserError

    with pytest.raises(UserError, match="add light or raise the camera's exposure"):
        darker = shoot_hard(BOARD, LAYOUT, [], seed=3, lighting="dark", pose="overhead")
        spots = shoot_hard(BOARD, LAYOUT, [], seed=4, lighting="dark", pose="overhead")
        calibrate(BOARD, LAYOUT, darker.image, (spots.image * 0.5).astype(np.uint8))


def test_colours_closer_than_the_noise_are_refused_and_the_camera_says_so():
    cal = _session("shaded", 7)
    closest, a, b = cal.colors.closest_pair()
    assert a != b and closest > 0
    cal.colors.noise["diff"] = cal.colors.noise["level"] * closest / 200  # noise as wide as the gap
    assert cal.colors.too_dark()
    reader = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    shot = shoot_hard(BOARD, LAYOUT, [], seed=9, lighting="shaded", pose="overhead")
    reading = reader.read(shot.image)
    assert reading.rejected == "too dark" and reading.pieces == ()

    class Still:
        def read(self) -> np.ndarray:
            return shot.image

        def close(self) -> None:
            pass

    service = CameraService(Still, reader)
    service.step(Still())
    assert service.status.code == TOO_DARK and "light" in service.status.text()


def test_bright_light_has_no_light_warning_and_reads():
    cal = _session("shaded", 7)
    assert "unreadable" not in [w.code for w in cal.warnings]
    assert cal.colors.noise["lab"] > 0 and cal.colors.aspect
