"""A markers' fit that drifts towards one corner (three markers in view): the reader aligns the
frame by quarters, so the print's edges there do not look like an arm over the board."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.data import load_map
from companion.vision.hardset import calibrate_hard, hard_case, shoot_hard
from companion.vision.markers import Location, load_layout
from companion.vision.reader import Reader
from companion.vision.scenes import score

BOARD = load_map("tokyo")
LAYOUT = load_layout(None, BOARD.width_mm, BOARD.height_mm)
DRIFT_PX = 4.0
"""How far (board px) the fit leaves the board's far corner: the reader's tolerance is 0.7."""


class DriftingLocator:
    """The real locator, with its fit bent so the lower right corner lands `DRIFT_PX` off."""

    def __init__(self, real, bend: np.ndarray) -> None:
        self.real, self.bend = real, bend

    def locate(self, gray: np.ndarray) -> Location | None:
        loc = self.real.locate(gray)
        return None if loc is None else replace(loc, homography=loc.homography @ self.bend)

    def expire(self) -> None:
        self.real.expire()


def bend(reader: Reader) -> np.ndarray:
    """A board-mm perspective moving only the lower right corner, by DRIFT_PX board px."""
    w, h = BOARD.width_mm, BOARD.height_mm
    d = DRIFT_PX / reader.scale
    src = np.float32([[0, 0], [w, 0], [0, h], [w, h]])
    dst = np.float32([[0, 0], [w, 0], [0, h], [w - d, h - d]])
    return np.asarray(cv2.getPerspectiveTransform(src, dst), np.float64)


@pytest.fixture(scope="module")
def session():
    cal = calibrate_hard(BOARD, LAYOUT, "lamp", "overhead", 4100).calibration
    assert cal is not None
    pieces = hard_case(BOARD, np.random.default_rng(41)).pieces
    shot = shoot_hard(BOARD, LAYOUT, pieces, seed=4111, lighting="lamp", pose="overhead")
    return cal, shot


def test_a_drifting_fit_is_read_not_taken_for_an_arm(session):
    cal, shot = session
    reader = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    straight = reader.read(shot.image)
    assert straight.rejected is None
    reader.locator = DriftingLocator(reader.locator, bend(reader))
    reading = reader.read(shot.image)
    assert reading.rejected is None
    right, wrong, phantoms = score(shot.pieces, list(reading.pieces))
    assert (right, wrong, phantoms) == score(shot.pieces, list(straight.pieces))
    assert right == len(shot.pieces) and phantoms == 0


def test_the_quarters_fit_undoes_the_drift(session):
    cal, shot = session
    reader = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    loc = reader.locator.locate(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY))
    assert loc is not None
    bf, s = reader.board_frame, reader.scale
    px = np.diag([s, s, 1.0])

    def corrected(homography: np.ndarray) -> np.ndarray:
        fit = bf.residual_fit(bf.warp(shot.image, homography))
        return homography @ np.linalg.inv(px) @ fit @ px

    want, drifted = corrected(loc.homography), loc.homography @ bend(reader)
    got = corrected(drifted)
    w, h = BOARD.width_mm, BOARD.height_mm
    corners = np.array([[[0, 0], [w, 0], [0, h], [w, h], [w / 2, h / 2]]], np.float64)
    back = np.linalg.inv(want)
    off = cv2.perspectiveTransform(cv2.perspectiveTransform(corners, got), back) - corners
    before = cv2.perspectiveTransform(cv2.perspectiveTransform(corners, drifted), back) - corners
    assert np.hypot(*before[0, 3]) * s > 3
    assert float(np.hypot(off[..., 0], off[..., 1]).max()) * s < DRIFT_PX / 2
