"""The Pi camera's four-byte frames (BGRA, `vision.pixels`) read exactly as the same frames in
BGR: the markers, the calibration and every piece, to the bit."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.data import load_map
from companion.vision.calibrate import board_median_grey, calibrate
from companion.vision.hardset import hard_case, hard_photos, shoot_hard
from companion.vision.markers import Locator, load_layout
from companion.vision.model import Reading
from companion.vision.pixels import bgr_of, gray_of, has_alpha
from companion.vision.reader import Reader
from companion.vision.scenes import calibration_photos, random_state, shoot

TOKYO = load_map("tokyo")
TOKYO_LAYOUT = load_layout(None, TOKYO.width_mm, TOKYO.height_mm)
EASY = load_map("tests/data/vision-test.toml")
EASY_LAYOUT = load_layout(None, EASY.width_mm, EASY.height_mm)


def bgra(image: np.ndarray) -> np.ndarray:
    """A frame as the Pi camera's XRGB8888 gives it: [B, G, R, 255]."""
    return np.asarray(cv2.cvtColor(image, cv2.COLOR_BGR2BGRA))


def _same(a: Reading, b: Reading) -> None:
    assert (a.board_found, a.rejected, a.markers) == (b.board_found, b.rejected, b.markers)
    assert a.pieces == b.pieces


def test_pixels_give_the_same_grey_and_colours_for_either_layout():
    rng = np.random.default_rng(3)
    frame = rng.integers(0, 256, (90, 160, 3), dtype=np.uint8)
    four = bgra(frame)
    assert has_alpha(four) and not has_alpha(frame)
    assert np.array_equal(gray_of(four), gray_of(frame))
    assert np.array_equal(bgr_of(four), frame)
    assert bgr_of(frame) is frame


def _both(board, layout, empty, photo, frames):
    """Calibrate and read `frames` in order from BGR photos and from the BGRA same."""
    cal = calibrate(board, layout, empty, photo)
    cal4 = calibrate(board, layout, bgra(empty), bgra(photo))
    assert cal4.reference.shape == cal.reference.shape
    assert np.array_equal(cal4.reference, cal.reference)
    assert cal4.colors.to_json() == cal.colors.to_json()
    assert [w.code for w in cal4.warnings] == [w.code for w in cal.warnings]
    reader = Reader(board, layout, cal.reference, cal.colors)
    reader4 = Reader(board, layout, bgra(cal.reference), cal4.colors)
    for frame in frames:
        # Twice each: a fresh marker fit, then the cached correction.
        for _ in range(2):
            _same(reader.read(frame), reader4.read(bgra(frame)))
        assert np.array_equal(reader.last_frame.image, reader4.last_frame.image)
        assert np.array_equal(reader.last_frame.mask, reader4.last_frame.mask)


@pytest.mark.parametrize(("lighting", "pose"), [("shaded", "overhead"), ("dim", "tilted")])
def test_hard_frames_read_the_same_in_four_bytes(lighting, pose):
    rng = np.random.default_rng(41)
    empty, photo = hard_photos(TOKYO, TOKYO_LAYOUT, lighting, pose, seed=720)
    frames = []
    for i in range(2):
        case = hard_case(TOKYO, rng)
        kw = {"seed": 730 + i, "lighting": lighting, "pose": pose}
        frames.append(shoot_hard(TOKYO, TOKYO_LAYOUT, case.pieces, **kw).image)
    kw = {"seed": 740, "lighting": lighting, "pose": pose, "hand": True}
    frames.append(shoot_hard(TOKYO, TOKYO_LAYOUT, case.pieces, **kw).image)
    _both(TOKYO, TOKYO_LAYOUT, empty, photo, frames)


@pytest.mark.parametrize(("lighting", "pose"), [("daylight", "offset"), ("warm", "tilted")])
def test_easy_frames_read_the_same_in_four_bytes(lighting, pose):
    rng = np.random.default_rng(42)
    empty, photo = calibration_photos(EASY, EASY_LAYOUT, lighting, pose, seed=510)
    frames = [
        shoot(
            EASY,
            EASY_LAYOUT,
            random_state(EASY, rng, 30),
            seed=520 + i,
            lighting=lighting,
            pose=pose,
        ).image
        for i in range(2)
    ]
    _both(EASY, EASY_LAYOUT, empty, photo, frames)


def test_the_markers_and_the_exposure_grey_are_the_same_in_four_bytes():
    shot = shoot_hard(TOKYO, TOKYO_LAYOUT, [], seed=750, lighting="lamp", pose="offset")
    a = Locator(TOKYO_LAYOUT).locate(gray_of(shot.image))
    b = Locator(TOKYO_LAYOUT).locate(gray_of(bgra(shot.image)))
    assert a is not None and b is not None
    assert a.markers == b.markers and np.array_equal(a.homography, b.homography)
    grey = board_median_grey(TOKYO, TOKYO_LAYOUT, shot.image)
    assert board_median_grey(TOKYO, TOKYO_LAYOUT, bgra(shot.image)) == grey


def test_the_locator_reads_colour_frames_as_their_grey():
    """Detected, then cached (the thumbs made from colour crops), then moved: grey, BGR and
    BGRA frames give the same locations."""
    still = shoot_hard(TOKYO, TOKYO_LAYOUT, [], seed=751, lighting="lamp", pose="overhead")
    moved = shoot_hard(TOKYO, TOKYO_LAYOUT, [], seed=752, lighting="lamp", pose="offset")
    frames = [still.image, still.image, moved.image, moved.image]
    runs = []
    for convert in (gray_of, lambda f: f, bgra):
        locator = Locator(TOKYO_LAYOUT)
        runs.append([locator.locate(convert(f)) for f in frames])
    for locations in runs:
        assert all(loc is not None for loc in locations)
        assert [loc.cached for loc in locations] == [False, True, False, True]
        for loc, first in zip(locations, runs[0], strict=True):
            assert loc.markers == first.markers
            assert np.array_equal(loc.homography, first.homography)


def test_the_pi_camera_asks_for_four_bytes_and_hands_them_on_as_they_come(monkeypatch):
    import sys
    import types

    from companion.vision.sources import PiCameraSource

    frame = np.zeros((720, 1280, 4), np.uint8)
    asked: list[dict] = []

    class Picamera2:
        def create_video_configuration(self, main):
            asked.append(main)
            return {"main": main}

        def configure(self, config):
            pass

        def start(self):
            pass

        def capture_array(self, name="main"):
            return frame

    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=Picamera2))
    source = PiCameraSource()
    assert asked == [{"format": "XRGB8888", "size": (1280, 720)}]
    assert source.read() is frame
