"""A meeple standing across the camera's lean on a station's circles (`vision.centre_lean`): it
looks as round and as large as a pyramid, but its top leans beyond its foot, so its blob's
centre lies beyond the station's centre, where a pyramid's outline is its base."""

from __future__ import annotations

import math

import pytest

from companion.data import load_map
from companion.vision import render
from companion.vision.centre_lean import WEIGHT, centre_odds
from companion.vision.hardset import calibrate_hard, shoot_hard
from companion.vision.markers import load_layout
from companion.vision.model import MEEPLE, PYRAMID, Piece, PieceSizes, station_center
from companion.vision.reader import Reader

TOKYO = load_map("tokyo")
LAYOUT = load_layout(None, TOKYO.width_mm, TOKYO.height_mm)


def test_a_blob_centred_on_its_station_is_a_pyramid_one_half_a_lean_beyond_a_meeple():
    assert centre_odds(0.0, 6.0) == WEIGHT
    assert centre_odds(3.0, 6.0) == -WEIGHT
    # Between the two it says little; towards the camera it never says meeple.
    assert abs(centre_odds(1.5, 6.0)) < 0.6
    assert centre_odds(-2.0, 6.0) > 0


def test_near_the_camera_s_nadir_the_two_kinds_centres_meet_and_the_cue_fades():
    assert centre_odds(0.0, 0.0) == 0.0
    assert centre_odds(2.0, 0.0) == 0.0
    assert abs(centre_odds(0.4, 0.8)) < 0.4
    assert abs(centre_odds(0.0, 1.5)) < abs(centre_odds(0.0, 6.0))


class AcrossTheLean:
    """A hand that sets every meeple down across the camera's lean: its 16 mm length square to
    the line from the camera's nadir, its depth and its top's lean along it."""

    def __init__(self, nadir: tuple[float, float]) -> None:
        self.nadir = nadir
        self.place = render.place_pieces

    def __call__(self, board, pieces, rng, sizes: PieceSizes):
        nx, ny = self.nadir
        return [
            (p, math.atan2(p.y_mm - ny, p.x_mm - nx) + math.pi / 2 if p.kind == MEEPLE else a)
            for p, a in self.place(board, pieces, rng, sizes)
        ]


@pytest.mark.parametrize(
    ("lighting", "pose", "seed"), [("evening", "tilted", 930), ("lamp", "offset", 940)]
)
def test_a_meeple_across_the_lean_on_a_station_is_a_meeple_or_a_doubtful_call(
    monkeypatch, lighting, pose, seed
):
    """Meeples on the circles of stations far from the camera's nadir (4-8 mm of lean at their
    tops), each across the lean: read as meeples, and never as a confident pyramid. Without
    the cue, in evening light 2 of the 12 were pyramids, one with confidence 0.70."""
    session = calibrate_hard(TOKYO, LAYOUT, lighting, pose, seed)
    assert session.calibration is not None
    cal = session.calibration
    reader = Reader(TOKYO, LAYOUT, cal.reference, cal.colors)
    nadir = reader.camera.nadir[:2]
    far = sorted(TOKYO.stations, key=lambda s: -math.dist(station_center(TOKYO, s), nadir))
    colors = ("red", "blue", "yellow", "green")
    monkeypatch.setattr(render, "place_pieces", AcrossTheLean(nadir))
    meeples = 0
    for k, places in enumerate((far[0:4], far[4:8], far[20:24])):
        pieces = [
            Piece(
                MEEPLE,
                c,
                *station_center(TOKYO, s),
                square=TOKYO.grid.square_at(*station_center(TOKYO, s)),
            )
            for s, c in zip(places, colors, strict=True)
        ]
        shot = shoot_hard(TOKYO, LAYOUT, pieces, seed=seed + 20 + k, lighting=lighting, pose=pose)
        got = reader.read(shot.image).pieces
        assert len(got) == 4
        meeples += sum(p.kind == MEEPLE for p in got)
        assert all(p.confidence < 0.6 for p in got if p.kind == PYRAMID), got
    assert meeples >= 11
