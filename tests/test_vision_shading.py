"""Telling meeples from other things (`vision.shading`, `pieces.one_meeple_each`): a meeple's
level top, lit from above, makes its brightness rise along its lean, while a pyramid's sloping
faces follow the lamp; and each player has one meeple."""

from __future__ import annotations

import numpy as np

from companion.vision.colormodel import ColorModel
from companion.vision.shading import lean_direction, rise, rise_odds, shading_says


def _blob(x0: int, y0: int, w: int, h: int) -> np.ndarray:
    return np.array([[x, y] for y in range(y0, y0 + h) for x in range(x0, x0 + w)], np.float32)


def test_brightness_rising_along_the_lean_is_a_rise_of_one():
    image = np.zeros((40, 40, 3), np.float32)
    image[:, :, :] = np.arange(40, dtype=np.float32)[None, :, None]
    pts = _blob(10, 10, 12, 12)
    assert rise(image, pts, (1.0, 0.0)) > 0.99
    assert rise(image, pts, (-1.0, 0.0)) < -0.99
    assert abs(rise(image, pts, (0.0, 1.0))) < 0.01


def test_a_flat_blob_or_a_tiny_one_says_nothing():
    image = np.full((20, 20, 3), 90, np.float32)
    assert rise(image, _blob(2, 2, 8, 8), (1.0, 0.0)) == 0.0
    assert rise(image, _blob(2, 2, 2, 2), (1.0, 0.0)) == 0.0


def test_lean_direction_points_from_the_foot_to_the_top():
    (dx, dy), n = lean_direction(10.0, 10.0, (13.0, 14.0))
    assert (round(dx, 3), round(dy, 3), round(n, 3)) == (0.6, 0.8, 5.0)
    assert lean_direction(1.0, 1.0, (1.0, 1.0)) == ((0.0, 0.0), 0.0)


def test_a_rise_like_the_calibrated_meeples_is_evidence_for_a_meeple():
    meeple, pyramid = 0.45, -0.05
    assert rise_odds(0.6, meeple, pyramid, lean_mm=6.0) < -1.5
    assert rise_odds(-0.4, meeple, pyramid, lean_mm=6.0) > 1.5
    # Near the camera's nadir a meeple's side does not show: the cue fades.
    assert abs(rise_odds(0.6, meeple, pyramid, lean_mm=0.5)) < 0.5


def test_without_a_measured_gap_only_a_strong_rise_far_from_the_nadir_counts():
    # A lamp low beside the camera lights the meeples' sides: they rise no more than pyramids.
    for meeple, pyramid in ((None, None), (0.3, 0.25), (0.1, -0.4)):
        assert rise_odds(0.5, meeple, pyramid, 6.0) == 0.0
        assert rise_odds(-0.9, meeple, pyramid, 6.0) == 0.0
        assert rise_odds(0.9, meeple, pyramid, 3.0) == 0.0
        # Pyramids seldom rise so much, whatever the lamp: a meeple's top beside its side.
        assert rise_odds(0.9, meeple, pyramid, 6.0) == -2.0
        assert -2.0 < rise_odds(0.7, meeple, pyramid, 5.0) < 0.0
    assert not shading_says(False, 3.0) and shading_says(False, 4.5)
    assert shading_says(True, 0.5) and not shading_says(True, 0.0)


def test_the_calibrated_rises_are_kept_in_colors_json():
    model = ColorModel.default()
    model.rise = {"meeple": 0.4, "pyramid": -0.1}
    again = ColorModel.from_json(model.to_json())
    assert again.rise == {"meeple": 0.4, "pyramid": -0.1}
    assert (again.shapes().meeple_rise, again.shapes().pyramid_rise) == (0.4, -0.1)
    old = model.to_json()
    del old["rise"]
    assert ColorModel.from_json(old).shapes().meeple_rise is None


def test_each_player_has_one_meeple_the_surest_of_a_colour_is_it():
    from companion.vision.model import MEEPLE, PYRAMID, Piece
    from companion.vision.pieces import one_meeple_each

    real = Piece(MEEPLE, "green", 400.0, 200.0, (16, 8), None, 0.9)
    shade = Piece(MEEPLE, "green", 275.0, 10.0, (11, 0), None, 0.78)
    other = Piece(MEEPLE, "black", 276.0, 14.0, (11, 0), None, 0.95)
    pyramid = Piece(PYRAMID, "green", 100.0, 100.0, None, "a1", 0.5)
    assert one_meeple_each([shade, other, real, pyramid]) == [other, real, pyramid]
