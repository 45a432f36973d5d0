"""The drink reader's speed-ups give the very answers of the plain computations they replace:
each board-frame pixel classified once a frame, the white drink's spots round a station kept
while the camera stays, distances under a bar by their squares, the colour distances summed
channel by channel, the silhouette's fill measured only when it is asked for."""

from __future__ import annotations

import math
from typing import Any

import cv2
import numpy as np
import pytest

from companion.data import load_map
from companion.vision import drink_evidence
from companion.vision.colormodel import MAX_DISTANCE, to_lab
from companion.vision.drink_colors import DrinkPalette
from companion.vision.drink_ring import near_segment
from companion.vision.drink_sharp import FITS, _nearest_board, silhouette_fit
from companion.vision.markers import load_layout
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session, random_state, shoot, with_drinks
from companion.vision.white_drink import closer_than, spot_discs, spots_round, white_spot
from tests.test_vision_drinks import ring_at_100

BOARD = load_map("tokyo")
LAYOUT = load_layout(None, BOARD.width_mm, BOARD.height_mm)


@pytest.fixture(scope="module")
def drinks_frame() -> tuple[Reader, np.ndarray]:
    """A reader with drinks on and a busy board with drinks in its light."""
    cal = calibrate_session(BOARD, LAYOUT, "daylight", "overhead", 700).calibration
    reader = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    reader.read_drinks = True
    rng = np.random.default_rng(5)
    state = with_drinks(random_state(BOARD, rng, 30), rng)
    shot = shoot(BOARD, LAYOUT, state, seed=712, lighting="daylight", pose="overhead")
    return reader, shot.image


def _plain_classify(
    palette: DrinkPalette, frame: object, ys: np.ndarray, xs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`DrinkPalette.classify` as it was: every pixel worked out at every look, each colour's
    distance by a column pick and min."""
    bgr = palette.colors_at(frame, ys, xs)
    lab = to_lab(bgr)
    d2 = ((lab[:, None, :] - palette.protos[None, :, :]) ** 2).sum(2)
    per = np.full((len(lab), len(palette.names)), np.inf, np.float32)
    for i in range(len(palette.names)):
        per[:, i] = np.sqrt(d2[:, palette.owner == i].min(1))
    idx, per = palette.split_hues(bgr, np.argmin(per, 1), per)
    best = per[np.arange(len(idx)), idx]
    board = palette.board_distance(ys, xs, lab)
    ok = (best < MAX_DISTANCE) & (best + palette.margin < board) & (idx != palette.white_index)
    if palette.shadowed is not None and ok.any():
        ok &= ~palette.shadowed(frame, ys, xs)
    return idx, per, ok


def test_each_ring_pixel_is_classified_once_a_frame(drinks_frame) -> None:
    """The drink reader looks at a ring's pixels many times a frame (its drink colours, the
    same once a meeple is set aside, the white drink's change, the shape round a blob): each
    pixel's colour is worked out at the first look, and the answers are the plain ones."""
    reader, image = drinks_frame
    palette = reader.drinks.evidence.palette
    inner = palette.colors_at
    asked: list[np.ndarray] = []

    def counted(frame: object, ys: np.ndarray, xs: np.ndarray) -> np.ndarray:
        asked.append(ys * palette._width + xs)
        return inner(frame, ys, xs)

    palette.colors_at = counted  # type: ignore[method-assign]
    try:
        reading = reader.read(image)
    finally:
        palette.colors_at = inner  # type: ignore[method-assign]
    assert any(p.kind == "drink" for p in reading.pieces)
    every = np.concatenate(asked)
    assert len(asked) > 5
    assert len(every) == len(np.unique(every))  # no pixel worked out twice
    # the answers for the frame's pixels, looked at in any order, are the plain ones
    frame = reader.last_frame
    rng = np.random.default_rng(1)
    for _ in range(3):
        pick = rng.choice(every, 500, replace=False)
        ys, xs = pick // palette._width, pick % palette._width
        for got, want in zip(
            palette.classify(frame, ys, xs), _plain_classify(palette, frame, ys, xs), strict=True
        ):
            assert got.dtype == want.dtype
            np.testing.assert_array_equal(got, want)
    lab, nearest, board = palette.seen(frame, ys, xs)
    np.testing.assert_array_equal(lab, to_lab(palette.colors_at(frame, ys, xs)))
    np.testing.assert_array_equal(board, palette.board_distance(ys, xs, lab))
    np.testing.assert_array_equal(nearest, palette.nearest(lab)[0])


def test_the_white_drinks_spots_are_kept_while_the_camera_stays(
    drinks_frame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The 72 spots a white drink is looked for round each station, and their discs over its
    ring, are worked out once while the camera stays, and again when it moves."""
    reader, image = drinks_frame
    reader.drinks.evidence._spots.clear()
    made: list[str] = []

    def counted(centre: tuple[float, float], inner: float, lean: Any) -> Any:
        made.append("spots")
        return spots_round(centre, inner, lean)

    monkeypatch.setattr(drink_evidence, "spots_round", counted)
    first = reader.read(image)
    worked_out = len(made)
    again = reader.read(image)
    assert worked_out > 0 and len(made) == worked_out  # the camera stayed: all kept
    assert again.pieces == first.pieces
    nx, ny, height = reader.camera.nadir
    reader.camera.nadir = (nx + 5.0, ny, height)  # as if the camera moved
    evidence = reader.drinks.evidence
    station = next(iter(evidence._spots))
    ys, xs = evidence.rings.ring(station)
    looked = evidence._looked(station, evidence.rings.centre(station), ys, xs)
    assert len(made) == worked_out + 1
    assert looked is not None
    xy = np.stack([xs, ys], 1).astype(np.float64) / evidence.scale
    fresh = spots_round(evidence.rings.centre(station), evidence.rings.inner, evidence.lean)
    assert looked[0] == fresh
    np.testing.assert_array_equal(looked[1], spot_discs(fresh, xy))
    reader.camera.nadir = (nx, ny, height)


def test_a_white_spot_from_kept_discs_is_the_one_worked_out_afresh() -> None:
    def leaning(x: float, y: float, h: float) -> tuple[float, float]:
        return x + 0.01 * h, y - 0.02 * h

    xy, change = ring_at_100(
        lambda p: (
            np.where(np.hypot(p[:, 0] - 113, p[:, 1] - 103) < 5, 1.5, 0.1) + 0.01 * np.sin(p[:, 0])
        )
    )
    n = len(xy)
    args = (xy, change, change, np.full(n, 0.5), np.ones(n, bool), (100.0, 100.0), 9.0)
    spots = spots_round((100.0, 100.0), 9.0, leaning)
    kept = white_spot(*args, leaning, 2.0, looked=(spots, spot_discs(spots, xy)))
    assert kept is not None
    assert kept == white_spot(*args, leaning, 2.0)


def test_a_distance_under_a_bar_by_its_square_is_hypots_answer() -> None:
    rng = np.random.default_rng(3)
    angle = rng.uniform(0, 2 * math.pi, 200_000)
    for r in (0.7, 5.0, 13.3):
        # points on the circle itself, where the square and the root may round apart
        dx, dy = r * np.cos(angle), r * np.sin(angle)
        np.testing.assert_array_equal(closer_than(dx, dy, r), np.hypot(dx, dy) < r)
    x, y = rng.uniform(0, 40, 5000), rng.uniform(0, 40, 5000)
    for _ in range(50):
        a = (float(rng.uniform(0, 40)), float(rng.uniform(0, 40)))
        b = (a[0] + float(rng.uniform(-5, 5)), a[1] + float(rng.uniform(-5, 5)))
        r = float(rng.uniform(0.5, 10))
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = np.clip(((x - a[0]) * dx + (y - a[1]) * dy) / (dx * dx + dy * dy), 0, 1)
        want = np.hypot(x - (a[0] + t * dx), y - (a[1] + t * dy)) < r
        np.testing.assert_array_equal(near_segment(x, y, a, b, r), want)


def test_the_drink_colours_distances_summed_channel_by_channel_are_the_plain_ones(
    drinks_frame,
) -> None:
    palette = drinks_frame[0].drinks.evidence.palette
    rng = np.random.default_rng(4)
    lab = (rng.random((50_000, 3)) * [50, 200, 200] - [0, 100, 100]).astype(np.float32)
    d2 = ((lab[:, None, :] - palette.protos[None, :, :]) ** 2).sum(2)
    per = np.full((len(lab), len(palette.names)), np.inf, np.float32)
    for i in range(len(palette.names)):
        per[:, i] = np.sqrt(d2[:, palette.owner == i].min(1))
    idx, got = palette.nearest(lab)
    assert got.dtype == per.dtype
    np.testing.assert_array_equal(got, per)
    np.testing.assert_array_equal(idx, np.argmin(per, 1))
    # the sharp look's distance to the empty board's nearest neighbour, the same way
    lab2 = lab[: 52 * 52].reshape(52, 52, 3)
    ref = lab[-52 * 52 :].reshape(52, 52, 3)
    padded = cv2.copyMakeBorder(ref, 2, 2, 2, 2, cv2.BORDER_REPLICATE)
    want = np.full((52, 52), np.inf, np.float32)
    for dy in range(5):
        for dx in range(5):
            d = lab2 - padded[dy : dy + 52, dx : dx + 52]
            np.minimum(want, np.sqrt((d * d).sum(2)), out=want)
    np.testing.assert_array_equal(_nearest_board(lab2, ref), want)


def test_the_silhouettes_fill_is_measured_only_when_asked_for() -> None:
    rng = np.random.default_rng(6)
    lean = (1.5, -2.0)
    disc = rng.uniform(-4.5, 4.5, (4000, 2))
    disc = disc[np.hypot(disc[:, 0], disc[:, 1]) < 4.5]
    long = np.stack([rng.uniform(-8, 8, 3000), rng.uniform(-2, 2, 3000)], 1)
    out, fill = silhouette_fit(disc, lean)
    assert (out, fill) == silhouette_fit(disc, lean, FITS)
    assert out <= FITS and fill > 0.5
    out, fill = silhouette_fit(long, lean)
    cut = silhouette_fit(long, lean, FITS)
    assert out > FITS and cut[0] == out and math.isnan(cut[1]) and fill > 0
