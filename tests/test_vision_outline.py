"""A blob's elongation by its second moments (`vision.outline`), and the kind call that uses it:
a square is round however it is turned, and a meeple lying on a diagonal, whose pixels fit a
square box, is still long."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from companion.data import load_map
from companion.vision.boardframe import board_scale
from companion.vision.model import MEEPLE, station_center
from companion.vision.outline import elongation
from companion.vision.pieces import PieceMaker
from companion.vision.seen_shapes import Shapes

# A red meeple on a station's circles in the hard set (lamp light, tilted camera), as the reader
# saw it at 0.7 px/mm: it lies on a diagonal, and its minimum-area rectangle is a 10 x 10 box.
DIAGONAL_MEEPLE = """
.......####
....#######
.##########
.##########
.##########
.##########
##########.
#########..
#######....
######.....
.####......
"""


def _pts(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return np.stack([xs, ys], 1).astype(np.float32)


def _drawn(w: float, h: float, angle_deg: float) -> np.ndarray:
    mask = np.zeros((60, 60), np.uint8)
    box = cv2.boxPoints(((30.0, 30.0), (w, h), angle_deg))
    cv2.fillPoly(mask, [np.round(box).astype(np.int32)], 1)
    return _pts(mask)


def _ascii(art: str, x0: int = 0, y0: int = 0) -> np.ndarray:
    rows = art.strip().splitlines()
    return np.array(
        [[x0 + x, y0 + y] for y, row in enumerate(rows) for x, c in enumerate(row) if c == "#"],
        np.float32,
    )


@pytest.mark.parametrize("angle", [0, 10, 22.5, 35, 45])
def test_a_square_is_round_and_a_two_by_one_rectangle_long_however_turned(angle):
    assert elongation(_drawn(13, 13, angle)) < 1.1
    assert 1.8 < elongation(_drawn(24, 12, angle)) < 2.2


def test_a_meeple_on_a_diagonal_is_long_though_its_box_is_square():
    pts = _ascii(DIAGONAL_MEEPLE)
    (_, _), (w, h), _ = cv2.minAreaRect(pts)
    assert max(w, h) / min(w, h) < 1.05
    assert elongation(pts) > 1.5


def test_too_few_pixels_say_nothing():
    assert elongation(np.zeros((3, 2), np.float32)) == 1.0


TOKYO = load_map("tokyo")


def _maker(hidden_by_print: bool) -> PieceMaker:
    """A piece maker as the hard set's lamp-light calibration measured the pieces (areas,
    elongations), seen straight from above, with or without print of the piece's colour
    round every station."""
    s = board_scale(TOKYO)
    size = (round(TOKYO.height_mm * s), round(TOKYO.width_mm * s))
    stations = {sid: station_center(TOKYO, sid) for sid in TOKYO.stations}
    yy, xx = np.mgrid[0 : size[0], 0 : size[1]]
    rings = np.zeros(size, bool)
    if hidden_by_print:
        for x, y in stations.values():
            d = np.hypot(xx - x * s, yy - y * s)
            rings |= (d > 3.5) & (d < 6.5)

    def same(x: float, y: float, h: float) -> tuple[float, float]:
        return (x, y)

    shapes = Shapes(371.0, 206.0, 1.02, 1.47)
    return PieceMaker(TOKYO, s, shapes, stations, same, same, lambda c: rings)


def _on(station: str) -> np.ndarray:
    s = board_scale(TOKYO)
    x, y = station_center(TOKYO, station)
    return _ascii(DIAGONAL_MEEPLE, math.floor(x * s) - 5, math.floor(y * s) - 5)


def test_a_meeple_on_a_station_lying_on_a_diagonal_is_a_sure_meeple():
    """Its area is a meeple's and its moments say long: a meeple, surely, although its pixels
    fit a square box and stand on a station's circles."""
    got = _maker(hidden_by_print=False).make(_on("awajicho"), "red", 1.0)
    assert [p.kind for p in got] == [MEEPLE]
    assert got[0].confidence >= 0.6


def test_where_print_of_its_colour_hides_a_pyramid_disc_the_box_counts_instead():
    """Print of the piece's colour round the station can bite a pyramid's outline into a long
    shape: there the elongation falls back to the minimum-area rectangle's."""
    maker = _maker(hidden_by_print=True)
    k = list(TOKYO.stations).index("awajicho")
    assert maker.discs.hidden("red", k) > 0.25
    pts = _on("awajicho")
    (_, _), (w, h), _ = cv2.minAreaRect(pts)
    assert maker._aspect(pts, "red", k, elongation(pts, pts.mean(0))) == pytest.approx(
        max(w, h) / min(w, h)
    )
