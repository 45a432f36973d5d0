"""The reader's fast paths compute what their plain formulas say, and keep nothing from one
frame to the next but the board's own images."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from companion.data import load_map
from companion.vision.blob_moments import BlobMoments, measure_all
from companion.vision.blobs import BlobFinder, _own_sums, nonzero_flat, nonzero_xy, piece_box
from companion.vision.boardframe import (
    CLAMP,
    BoardFrame,
    Halver,
    Settings,
    Workspace,
    board_scale,
    median_rows,
    open_close,
    warp_to_board,
)
from companion.vision.colormodel import L_WEIGHT, MAX_DISTANCE, ColorModel, to_lab
from companion.vision.hands import HandTest
from companion.vision.markers import Locator, detect, load_layout
from companion.vision.outline import elongation
from companion.vision.render import render
from companion.vision.seen_shapes import Shapes, kmeans
from companion.vision.shading import lean_direction, rise
from companion.vision.station_discs import StationDiscs
from companion.vision.station_reach import StationReach

MINI = load_map("tests/data/mini.toml")


def _board_frame(seed: int = 0) -> tuple[BoardFrame, np.random.Generator]:
    rng = np.random.default_rng(seed)
    s = board_scale(MINI)
    w, h = round(MINI.width_mm * s), round(MINI.height_mm * s)
    reference = cv2.GaussianBlur(rng.integers(40, 230, (h, w, 3), dtype=np.uint8), (5, 5), 0)
    return BoardFrame(MINI, reference, s, Settings()), rng


def test_board_distance_is_the_least_over_the_3x3_neighbours() -> None:
    bf, rng = _board_frame()
    h, w = bf.ref_sum.shape
    ys, xs = rng.integers(0, h, 500), rng.integers(0, w, 500)
    lab = rng.uniform(-40, 80, (500, 3)).astype(np.float32)
    padded = np.pad(bf.ref_lab, ((1, 1), (1, 1), (0, 0)), mode="edge")
    plain = np.full(500, np.inf, np.float32)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            d = np.sqrt(((padded[ys + dy, xs + dx] - lab) ** 2).sum(1))
            plain = np.minimum(plain, d)
    assert bf.board_distance(ys, xs, lab).tobytes() == plain.tobytes()


def test_a_frame_reads_the_same_after_others_as_on_a_fresh_board_frame() -> None:
    bf, rng = _board_frame(1)
    ref = np.clip(bf.ref, 0, 255).astype(np.uint8)
    frames = []
    for _ in range(3):
        frame = ref.copy()
        x, y = rng.integers(10, ref.shape[1] - 30), rng.integers(10, ref.shape[0] - 30)
        frame[y : y + 14, x : x + 14] = rng.integers(0, 255, 3)
        frames.append(cv2.convertScaleAbs(frame, alpha=float(rng.uniform(0.8, 1.2))))
    first = bf.compare(frames[0])
    kept = (first.image.copy(), first.mask.copy(), first.diff.copy())
    assert np.count_nonzero(first.mask) > 0
    for frame in frames[1:]:
        bf.compare(frame)
    for again in (bf.compare(frames[0]), _board_frame(1)[0].compare(frames[0])):
        assert np.array_equal(again.image, kept[0])
        assert np.array_equal(again.mask, kept[1])
        assert np.array_equal(again.diff, kept[2])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3000), st.integers(1, 40), st.integers(1, 6))
def test_a_components_own_colour_sums_are_the_full_bincounts(
    seed: int, px: int, n: int, n_colors: int
) -> None:
    rng = np.random.default_rng(seed)
    per_color = rng.uniform(0, 90, (px + 50, n_colors)).astype(np.float32)
    sel = np.sort(rng.choice(len(per_color), px, replace=False))
    comp = rng.integers(0, n, px).astype(np.intp)
    key = comp * n_colors + rng.integers(0, n_colors, px)
    full = np.stack(
        [np.bincount(key, per_color[sel, k], minlength=n * n_colors) for k in range(n_colors)],
        1,
    ).reshape(n, n_colors, n_colors)
    one = np.flatnonzero(rng.random(n) < 0.7)
    colour = rng.integers(0, n_colors, n)
    got = _own_sums(comp, key, sel, per_color, one * n_colors + colour[one], n)
    assert got[one].tobytes() == full[one, colour[one]].tobytes()


@settings(max_examples=60, deadline=None)
@given(
    arrays(
        np.float32,
        st.tuples(st.integers(1, 6), st.integers(1, 6)),
        elements=st.floats(0, 90, width=32),
    )
)
def test_confidences_are_confidence_row_by_row(dists: np.ndarray) -> None:
    def plain(row: np.ndarray) -> float:
        order = np.sort(row)
        if len(order) < 2:
            return 1.0
        gap = float(order[1] - order[0]) / max(float(order[1]), 1e-6) * 2.5
        return min(1.0, max(0.0, gap))

    assert ColorModel.confidences(dists).tolist() == [plain(row) for row in dists]
    assert [ColorModel.confidence(row) for row in dists] == [plain(row) for row in dists]


@settings(max_examples=60, deadline=None)
@given(
    arrays(
        np.uint8,
        st.tuples(st.integers(1, 40), st.integers(1, 40)),
        elements=st.sampled_from([0, 0, 0, 1, 255]),
    )
)
def test_set_pixels_come_in_numpys_order(mask: np.ndarray) -> None:
    ys, xs = np.nonzero(mask)
    assert np.array_equal(nonzero_xy(mask), np.stack([xs, ys], 1).reshape(-1, 2))
    flat = nonzero_flat(mask)
    assert flat.dtype == np.int32
    assert np.array_equal(flat, np.flatnonzero(mask))
    assert nonzero_xy(mask).dtype == np.int32


def test_locator_keeps_its_fit_with_a_marker_covered() -> None:
    layout = load_layout(None, MINI.width_mm, MINI.height_mm)
    gray = cv2.cvtColor(render(MINI, layout, [], seed=3, pose="overhead").image, cv2.COLOR_BGR2GRAY)
    corners = detect(gray)[layout.markers[0].id]
    cv2.fillConvexPoly(gray, cv2.convexHull(corners.astype(np.int32)), 255)
    locator = Locator(layout)
    first, second = locator.locate(gray), locator.locate(gray)
    assert first is not None and second is not None
    assert (first.markers, first.cached) == (3, False)
    assert (second.markers, second.cached) == (3, True)
    assert np.array_equal(first.homography, second.homography)


def _random_blobs(rng: np.random.Generator, count: int, low: int, high: int) -> list[np.ndarray]:
    """`count` blobs of `low` to `high` pixel places (float32 x, y; repeats allowed), each in
    a 20 px square of an 80 x 60 image."""
    blobs = []
    for _ in range(count):
        n = int(rng.integers(low, high))
        x0, y0 = rng.integers(0, 60), rng.integers(0, 40)
        xs, ys = rng.integers(x0, x0 + 20, n), rng.integers(y0, y0 + 20, n)
        blobs.append(np.stack([xs, ys], 1).astype(np.float32))
    return blobs


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_frames_blob_moments_are_each_blobs_own(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    image = rng.uniform(0, 238, (60, 80, 3)).astype(np.float32)
    blobs = _random_blobs(rng, count, 3, 300)
    moments = BlobMoments(blobs)
    directions = rng.normal(size=(count, 2))
    directions /= np.hypot(directions[:, :1], directions[:, 1:])
    rises = moments.rises(image, directions)
    for j, (pts, elong) in enumerate(zip(blobs, moments.elongations(), strict=True)):
        centre = pts.sum(0) / len(pts)
        assert np.array_equal(moments.centres[j], centre)
        assert elong == pytest.approx(elongation(pts, centre), rel=1e-5)
        want = rise(image, pts, tuple(directions[j]))
        assert rises[j] == pytest.approx(want, rel=1e-4, abs=1e-5)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_the_rises_of_some_blobs_are_the_whole_batchs(seed: int, count: int) -> None:
    """The rises of the blobs asked for alone (their pixels gathered) are those the batch of
    every blob gives them, to the bit."""
    rng = np.random.default_rng(seed)
    image = rng.uniform(0, 238, (60, 80, 3)).astype(np.float32)
    blobs = _random_blobs(rng, count, 1, 400)
    moments = BlobMoments(blobs)
    directions = rng.normal(size=(count, 2))
    directions /= np.hypot(directions[:, :1], directions[:, 1:])
    every = moments.rises(image, directions)
    some = sorted({int(j) for j in rng.integers(0, count, int(rng.integers(1, count + 1)))})
    assert moments.rises(image, directions[some], some) == [every[j] for j in some]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 5), st.integers(0, 5))
def test_split_parts_measured_with_the_blobs_are_each_parts_own(
    seed: int, count: int, split: int
) -> None:
    """`measure_all` of a frame's blobs and of the parts split from them: every blob's
    measures those of the blobs alone, every part's those `PieceMaker._measure` gives it
    alone (its centre, station, lean and rectangle, its float32 elongation), to the bit."""
    rng = np.random.default_rng(seed)
    image = rng.uniform(0, 238, (90, 120, 3)).astype(np.float32)
    stations = rng.uniform(0, 120, (2, 7)).astype(np.float32)
    reach = StationReach({str(k): (float(x), float(y)) for k, (x, y) in enumerate(stations.T)})

    def blob() -> np.ndarray:
        mask = np.zeros((90, 120), np.uint8)
        cx, cy = int(rng.integers(15, 105)), int(rng.integers(15, 75))
        cv2.ellipse(
            mask,
            (cx, cy),
            (int(rng.integers(2, 14)), int(rng.integers(2, 9))),
            float(rng.uniform(0, 180)),
            0,
            360,
            1,
            -1,
        )
        mask[rng.uniform(size=mask.shape) < 0.05] = 0
        return nonzero_xy(mask).astype(np.float32)

    blobs = [blob() for _ in range(count)]
    parts = []
    for pts in blobs[:split]:
        if len(pts) >= 16:
            labels = kmeans(pts, 2)
            parts += [pts.compress(labels == g, axis=0) for g in (0, 1)]
    parts = [p for p in parts if len(p)]

    def foot(x: float, y: float) -> tuple[float, float]:
        return (x * 0.98 + 1.0, y * 1.01 - 0.5)

    def top(x: float, y: float) -> tuple[float, float]:
        return (x * 1.02, y * 1.03)

    def measured(these: list[np.ndarray], more: list[np.ndarray]) -> list:
        return measure_all(
            these, 1.3, (stations[0], stations[1]), foot, top, 60.0, image, True, more
        )

    both = measured(blobs, parts)
    alone = measured(blobs, [])
    assert len(both) == len([b for b in blobs if len(b)]) + len(parts)
    for got, want in zip(both, alone, strict=False):
        assert repr(got[1:]) == repr(want[1:])
    for got, pts in zip(both[len(alone) :], parts, strict=True):
        centre = pts.sum(0) / len(pts)
        assert got.pts is pts and np.array_equal(got.centre, centre)
        sx, sy = (v / 1.3 for v in centre.tolist())
        assert (got.x_mm, got.y_mm) == foot(sx, sy)
        assert (got.station, got.distance_mm) == reach.nearest(got.x_mm, got.y_mm)
        assert got.lean == lean_direction(sx, sy, top(sx, sy))
        assert got.elongation == elongation(pts, centre)
        assert got.rise is None
        assert got.rect == _min_area_sides(pts)


def _min_area_sides(pts: np.ndarray) -> tuple[float, float]:
    (_, _), (rw, rh), _ = cv2.minAreaRect(pts)
    return (min(rw, rh), max(rw, rh)) if len(pts) >= 5 else (0.0, 0.0)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_frames_blob_rectangles_are_each_blobs_own(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    blobs = []
    for k in range(count):
        # Blobs as the finder makes them (closed, row by row), one in another order and one
        # row by row, each row in another order.
        h, w = int(rng.integers(1, 30)), int(rng.integers(1, 30))
        angle, scale = float(rng.uniform(0, 180)), float(rng.uniform(0.3, 1.5))
        box = cv2.boxPoints(((40.0, 40.0), (w * scale + 1, h), angle)).astype(np.int32)
        mask = np.zeros((80, 80), np.uint8)
        cv2.fillConvexPoly(mask, box, 1)
        mask[rng.uniform(size=mask.shape) < 0.1] = 0
        pts = nonzero_xy(mask).astype(np.float32)
        if k == 1:
            pts = pts[rng.permutation(len(pts))]
        elif k == 2:
            pts = pts[np.lexsort((rng.permutation(len(pts)), pts[:, 1]))]
        blobs.append(pts)
    blobs = [b for b in blobs if len(b)]
    if not blobs:
        return
    moments = BlobMoments(blobs)
    assert moments.rects() == [_min_area_sides(pts) for pts in blobs]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_a_frames_disc_shares_are_each_blobs_own(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    camo = {c: rng.uniform(size=(90, 120)) < 0.3 for c in ("red", "blue")}
    stations = rng.uniform(-10, 130, (5, 2)).astype(np.float32)

    shift = [0.01]

    def discs() -> StationDiscs:
        return StationDiscs(
            1.0, Shapes(150.0, 100.0), stations, lambda x, y, h: (x + shift[0] * h, y), camo.get
        )

    blobs = [
        np.stack([rng.integers(-5, 125, n), rng.integers(-5, 95, n)], 1).astype(np.float32)
        for n in rng.integers(0, 200, count)
    ]
    colors = [str(rng.choice(["red", "blue"])) for _ in blobs]
    at = [int(k) for k in rng.integers(0, len(stations), count)]
    batch = discs()
    for _ in range(2):
        # The second frame's camera has moved: its discs are where it puts them.
        alone = discs()
        batch.explain_all(blobs, colors, at)
        batch.explain_all(blobs, colors, at)
        for pts, color, k in zip(blobs, colors, at, strict=True):
            if len(pts):
                assert batch.explained(pts, color, k) == alone.explained(pts, color, k)
                assert batch.hidden(color, k) == alone.hidden(color, k)
        shift[0] += float(rng.uniform(2, 9))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6))
def test_discs_kept_while_the_camera_stays_are_where_it_puts_them(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    camo = {c: rng.uniform(size=(90, 120)) < 0.3 for c in ("red", "blue")}
    stations = rng.uniform(-10, 130, (5, 2)).astype(np.float32)
    shift = [0.01]

    def lean(x: float, y: float, h: float) -> tuple[float, float]:
        return (x + shift[0] * h, y)

    kept = StationDiscs(1.0, Shapes(150.0, 100.0), stations, lean, camo.get, lambda: shift[0])
    for frame in range(6):
        blobs = [
            np.stack([rng.integers(-5, 125, n), rng.integers(-5, 95, n)], 1).astype(np.float32)
            for n in rng.integers(0, 200, count)
        ]
        colors = [str(rng.choice(["red", "blue"])) for _ in blobs]
        at = [int(k) for k in rng.integers(0, len(stations), count)]
        alone = StationDiscs(1.0, Shapes(150.0, 100.0), stations, lean, camo.get)
        kept.explain_all(blobs, colors, at)
        for pts, color, k in zip(blobs, colors, at, strict=True):
            if len(pts):
                assert kept.explained(pts, color, k) == alone.explained(pts, color, k)
                assert kept.hidden(color, k) == alone.hidden(color, k)
        if frame % 2:
            # The camera moves every second frame: the discs are placed again.
            shift[0] += float(rng.uniform(2, 9))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_kmeans_starts_each_point_at_its_nearest_start_centre(seed: int, n: int) -> None:
    """The start labels come from the farthest-point start's own distances: the labels are
    those of a start by np.argmin over every start centre's distances."""
    rng = np.random.default_rng(seed)
    mask = rng.uniform(size=(int(rng.integers(3, 25)), int(rng.integers(3, 25)))) < 0.6
    ys, xs = np.nonzero(mask)
    pts = np.stack([xs, ys], 1).astype(np.float32)
    if len(pts) < n:
        return
    centres = [0]
    d = ((pts - pts[0]) ** 2).sum(1)
    for _ in range(1, n):
        centres.append(int(np.argmax(d)))
        d = np.minimum(d, ((pts - pts[centres[-1]]) ** 2).sum(1))
    start = np.argmin(np.stack([((pts - pts[c]) ** 2).sum(1) for c in centres], 1), axis=1)
    crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 8, 0.05)
    _, want, _ = cv2.kmeans(
        pts, n, start.astype(np.int32).reshape(-1, 1), crit, 1, cv2.KMEANS_USE_INITIAL_LABELS
    )
    assert kmeans(pts, n).tolist() == want.ravel().tolist()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_stations_under_a_blob_are_those_a_search_of_all_finds(seed: int) -> None:
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-20, 220, (int(rng.integers(1, 80)), 2)).astype(np.float32)
    reach = StationReach({f"s{k}": (float(x), float(y)) for k, (x, y) in enumerate(centres)})
    scale = float(rng.uniform(0.5, 2.0))
    x0, y0 = rng.integers(0, 300, 2)
    pts = np.stack([rng.integers(x0, x0 + 40, 300), rng.integers(y0, y0 + 40, 300)], 1).astype(
        np.float32
    )
    lo, hi = pts.min(0) / scale - 8, pts.max(0) / scale + 8
    xy = reach.xy
    box = np.flatnonzero(
        (xy[:, 0] >= lo[0]) & (xy[:, 0] <= hi[0]) & (xy[:, 1] >= lo[1]) & (xy[:, 1] <= hi[1])
    )
    near = [k for k in box if np.hypot(*(pts / scale - xy[k]).T).min() < 6.0]
    assert reach.in_box(*lo.tolist(), *hi.tolist()).tolist() == box.tolist()
    assert reach.under(pts, scale).tolist() == near


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 400.0))
def test_reading_ahead_of_the_warp_warps_the_same(seed: int, spread: float) -> None:
    """The reader's warp (with its workspace: the part of the frame it reads is read ahead)
    gives the plain warp's board, the board anywhere in or out of the frame, or across the
    horizon."""
    rng = np.random.default_rng(seed)
    frame = cv2.GaussianBlur(rng.integers(0, 255, (360, 640, 3), dtype=np.uint8), (3, 3), 0)
    board = np.array([[0, 0], [200, 0], [200, 140], [0, 140]], np.float32)
    seen = np.array([[170, 80], [470, 90], [480, 290], [160, 280]], np.float32)
    seen += rng.uniform(-spread, spread, (4, 2)).astype(np.float32)
    homography = cv2.getPerspectiveTransform(board, seen)
    work = Workspace()
    for image in (frame, cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)):
        plain = warp_to_board(frame, homography, 1.5, (300, 210))
        got = warp_to_board(image, homography, 1.5, (300, 210), None, work)
        assert got.shape == plain.shape and np.array_equal(got, plain)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_halving_only_what_the_warp_reads_warps_the_same(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = cv2.GaussianBlur(rng.integers(0, 255, (360, 640, 3), dtype=np.uint8), (3, 3), 0)
    board = np.array([[0, 0], [200, 0], [200, 140], [0, 140]], np.float32)
    seen = np.array([[120, 60], [520, 80], [540, 330], [100, 300]], np.float32)
    seen += rng.uniform(-150, 150, (4, 2)).astype(np.float32)
    homography = cv2.getPerspectiveTransform(board, seen)
    halver, halver4, work = Halver(), Halver(), Workspace()
    for _ in range(2):
        plain = warp_to_board(frame, homography, 0.7, (140, 98))
        assert np.array_equal(warp_to_board(frame, homography, 0.7, (140, 98), halver), plain)
        # The Pi camera's BGRA frame, halved and warped in four channels, made BGR after.
        four = cv2.cvtColor(frame, cv2.COLOR_BGR2BGRA)
        got = warp_to_board(four, homography, 0.7, (140, 98), halver4, work)
        assert got.shape == plain.shape and np.array_equal(got, plain)
        assert np.array_equal(warp_to_board(four, homography, 0.7, (140, 98)), plain)
        frame = frame[:, ::-1].copy()


@settings(max_examples=80, deadline=None)
@given(
    arrays(
        np.float32,
        st.tuples(st.integers(1, 4), st.integers(1, 60)),
        elements=st.one_of(st.sampled_from([0.0, 0.5, 1.0, 2.0]), st.floats(0, 30, width=32)),
    )
)
def test_the_gains_median_is_numpys(values: np.ndarray) -> None:
    plain = np.median(values, axis=1)
    got = median_rows(values.copy())
    assert got.dtype == plain.dtype
    assert got.tobytes() == plain.tobytes()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_gain_is_the_median_ratio_over_pixels_not_near_black(seed: int) -> None:
    bf, rng = _board_frame(seed % 7)
    ref = np.clip(bf.ref, 0, 255).astype(np.uint8)
    frame = np.clip(ref * rng.uniform(0.3, 1.6, 3), 0, 255).astype(np.uint8)
    frame[rng.random(frame.shape[:2]) < 0.2, rng.integers(0, 3)] = rng.integers(0, 12)
    grid = frame[bf._sample].reshape(-1, 3).astype(np.float32)
    ok = (grid >= 9).all(1)
    plain = np.median(bf._ref_grid.T[ok] / grid[ok], axis=0)
    assert bf._gain(frame).tobytes() == plain.tobytes()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_change_tests_image_is_the_frame_gained_and_clamped(seed: int) -> None:
    bf, rng = _board_frame(seed % 7)
    ref = np.clip(bf.ref, 0, 255).astype(np.uint8)
    gain = rng.uniform(0.6, 1.6, 3)
    frame = np.clip(ref * gain + rng.normal(0, 6, ref.shape), 0, 255).astype(np.uint8)
    frame[10:30, 10:40] = rng.integers(200, 256, 3)  # a light piece, clipped when gained
    blurred = cv2.GaussianBlur(frame, (3, 3), 0)
    plain = blurred.astype(np.float32) * bf._gain(blurred).astype(np.float32)
    assert bf.compare(frame).image.tobytes() == np.minimum(plain, np.float32(238)).tobytes()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_change_tests_change_is_its_plain_formula(seed: int) -> None:
    """Within a rounding or two of the plain formula: the light ratio's division is folded into
    the reference, and the allowance taken off by a fused multiply-add."""
    bf, rng = _board_frame(seed % 7)
    ref = np.clip(bf.ref, 0, 255).astype(np.uint8)
    frame = np.clip(ref * rng.uniform(0.6, 1.6, 3) + rng.normal(0, 6, ref.shape), 0, 255)
    frame = frame.astype(np.uint8)
    frame[10:30, 10:40] = rng.integers(0, 256, 3)  # a piece
    got = bf.compare(frame)
    f = got.image
    f_sum = f[..., 0] + f[..., 1]
    f_sum += f[..., 2]
    alpha = (cv2.blur(f_sum, (5, 5)) / bf.ref_sum_blur)[..., None]
    change = np.abs(f - bf.ref * alpha)
    tight = change[..., 0] + change[..., 1] + change[..., 2]
    assert np.allclose(got.tight, tight, rtol=1e-6, atol=1e-4)
    loose = np.maximum(change - bf.ref_tol * alpha, 0)
    diff = loose[..., 0] + loose[..., 1] + loose[..., 2]
    assert np.allclose(got.diff, diff, rtol=1e-6, atol=1e-4)


@given(
    arrays(
        np.uint8,
        st.tuples(st.integers(1, 30), st.integers(1, 30)),
        elements=st.sampled_from([0, 0, 255]),
    )
)
def test_opening_then_closing_is_opencvs(mask: np.ndarray) -> None:
    k3 = np.ones((3, 3), np.uint8)
    plain = cv2.morphologyEx(cv2.morphologyEx(mask, cv2.MORPH_OPEN, k3), cv2.MORPH_CLOSE, k3)
    work = np.empty_like(mask)
    assert open_close(mask.copy(), k3, np.ones((5, 5), np.uint8), work).tobytes() == plain.tobytes()


@settings(max_examples=60, deadline=None)
@given(
    arrays(
        np.float32,
        st.tuples(st.integers(1, 200), st.just(3)),
        elements=st.one_of(st.sampled_from([0.0, 255.0]), st.floats(-40, 320, width=32)),
    )
)
def test_lab_is_opencvs_of_the_clipped_colours(bgr: np.ndarray) -> None:
    clipped = np.clip(bgr.reshape(1, -1, 3) / 255.0, 0, 1).astype(np.float32)
    plain = cv2.cvtColor(clipped, cv2.COLOR_BGR2Lab).reshape(-1, 3)
    plain[:, 0] *= L_WEIGHT
    assert to_lab(bgr).tobytes() == plain.tobytes()


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_nearest_colours_distance_is_its_row_minimum(seed: int) -> None:
    rng = np.random.default_rng(seed)
    colors = ColorModel.default()
    lab = to_lab(rng.uniform(0, 255, (300, 3)).astype(np.float32))
    idx, per_color, best = colors.nearest_colors(lab)
    plain_idx, plain_per_color = colors.classify_lab(lab)
    assert np.array_equal(idx, plain_idx) and np.array_equal(per_color, plain_per_color)
    assert best.tobytes() == per_color.min(axis=1).tobytes()
    near = idx >= 0
    assert np.array_equal(best[near], per_color[near, idx[near]])
    assert (idx == -1).tolist() == (best > MAX_DISTANCE).tolist()


def test_a_colour_without_prototypes_is_never_nearest() -> None:
    full = ColorModel.default()
    keep = full.owner != 2
    colors = ColorModel(full.names, full.prototypes[keep], full.owner[keep], full.area_mm2)
    lab = to_lab(np.random.default_rng(3).uniform(0, 255, (500, 3)).astype(np.float32))
    idx, per_color, _ = colors.nearest_colors(lab)
    assert np.isinf(per_color[:, 2]).all() and not (idx == 2).any()
    others = [c for c in range(len(full.names)) if c != 2]
    assert np.array_equal(per_color[:, others], full.nearest_colors(lab)[1][:, others])


@settings(max_examples=60, deadline=None)
@given(
    arrays(
        np.uint8,
        st.tuples(st.integers(1, 60), st.integers(1, 60)),
        elements=st.sampled_from([0, 0, 255]),
    )
)
def test_sixteen_bit_labels_give_the_same_component_statistics(mask: np.ndarray) -> None:
    # The hand test's coarse cells (`HandTest._arm`) are labelled with 16-bit labels.
    n32, _, stats32, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    n16, _, stats16, _ = cv2.connectedComponentsWithStats(mask, connectivity=8, ltype=cv2.CV_16U)
    assert n16 == n32
    assert np.array_equal(stats16, stats32)


class _Finder:
    """What `BlobFinder._mixed_blob` reads of its finder."""

    _one_piece_parts = BlobFinder._one_piece_parts

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self._close = np.ones((3, 3), np.uint8)
        self.colors = ColorModel(
            ["a", "b", "c"], np.zeros((3, 3)), np.arange(3), {"pyramid": 100.0}
        )


def _plain_mixed_blob(
    finder: _Finder,
    j: int,
    labels: np.ndarray,
    color_img: np.ndarray,
    row_img: np.ndarray,
    per_color: np.ndarray,
    colours: np.ndarray,
    min_px: float,
) -> list[tuple[int, np.ndarray, float]]:
    """The mixed blob's parts as the blob finder drew them before its components' statistics
    (every part's own mask, count and centre)."""
    comp, colors, rows = labels == j, color_img, row_img
    parts: list[tuple[int, np.ndarray]] = []
    for c in colours:
        sub = cv2.morphologyEx(
            (comp & (colors == c)).astype(np.uint8), cv2.MORPH_CLOSE, finder._close
        )
        m, lab2 = cv2.connectedComponents(sub, connectivity=8)
        parts += [(int(c), lab2 == k) for k in range(1, m)]
    close = 0.35 * math.sqrt(100.0) * finder.scale
    parts = sorted(parts, key=lambda cp: -int(np.count_nonzero(cp[1])))
    grouped: list[tuple[int, np.ndarray]] = []
    centres: list[np.ndarray] = []
    for c, part in parts:
        ys, xs = np.nonzero(part)
        centre = np.array([xs.sum() / len(xs), ys.sum() / len(ys)])
        for k, other in enumerate(centres):
            if math.dist(centre, other) < close:
                grouped[k] = (grouped[k][0], grouped[k][1] | part)
                break
        else:
            grouped.append((c, part))
            centres.append(centre)
    out = []
    for c, part in grouped:
        mine = rows[part & (rows >= 0)]
        if len(mine):
            c = int(np.argmin(per_color[mine].sum(axis=0) / len(mine)))
        by, bx = np.nonzero(part)
        if len(by) < min_px:
            continue
        mine = rows[part & (colors == c)]
        conf = ColorModel.confidence(per_color[mine].sum(axis=0) / len(mine)) if len(mine) else 0.5
        out.append((c, np.stack([bx, by], 1).astype(np.float32), conf))
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(4, 40), st.integers(4, 40), st.floats(1.0, 2.5))
def test_a_mixed_blobs_parts_are_the_plain_ones(seed: int, h: int, w: int, scale: float) -> None:
    rng = np.random.default_rng(seed)
    comp = cv2.dilate((rng.random((h, w)) < 0.3).astype(np.uint8), np.ones((2, 2), np.uint8))
    labels = comp.astype(np.int32) * 5
    color_img = np.where(comp > 0, rng.integers(-1, 3, (h, w)), -1).astype(np.int8)
    row_img = np.full((h, w), -1, np.int32)
    at = np.flatnonzero(color_img >= 0)
    row_img.ravel()[at] = np.arange(len(at))
    per_color = rng.uniform(0, 60, (len(at), 3)).astype(np.float32)
    colours = np.flatnonzero(np.bincount(color_img[color_img >= 0], minlength=3))
    min_px = float(rng.uniform(1, 30))
    finder = _Finder(scale)
    stat = np.array([0, 0, w, h])
    got = BlobFinder._mixed_blob(
        finder,  # type: ignore[arg-type]
        5,
        stat,
        labels,
        color_img,
        row_img,
        per_color,
        colours,
        min_px,
    )
    plain = _plain_mixed_blob(finder, 5, labels, color_img, row_img, per_color, colours, min_px)
    assert [(b.color, b.pts.tolist(), b.conf) for b in got] == [
        (c, pts.tolist(), conf) for c, pts, conf in plain
    ]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_thumbs_l1_norm_is_numpys_mean_difference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    a, b = rng.integers(0, 256, (2, 16, 16), dtype=np.uint8)
    if rng.uniform() < 0.5:
        b = np.clip(a.astype(np.int16) + rng.integers(-9, 10, (16, 16)), 0, 255).astype(np.uint8)
    plain = float(np.abs(a.astype(np.int16) - b.astype(np.int16)).mean())
    assert cv2.norm(a, b, cv2.NORM_L1) / a.size == plain


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.integers(1, 70),
    st.integers(1, 70),
    st.floats(0.002, 0.3),
    st.sampled_from([cv2.CV_16U, cv2.CV_32S]),
)
def test_a_piece_boxs_closing_and_labels_are_the_whole_masks(
    seed: int, h: int, w: int, share: float, ltype: int
) -> None:
    # The blob finder closes and labels its piece pixels' box (`piece_box`) alone: the box's
    # values and labels are the whole mask's, and the whole mask's closing sets nothing beyond.
    rng = np.random.default_rng(seed)
    mask = np.zeros((h, w), np.uint8)
    y0, x0 = int(rng.integers(0, h)), int(rng.integers(0, w))
    y1, x1 = int(rng.integers(y0, h)) + 1, int(rng.integers(x0, w)) + 1
    mask[y0:y1, x0:x1] = rng.uniform(size=(y1 - y0, x1 - x0)) < share
    ys, xs = np.nonzero(mask)
    if not len(ys):
        return
    close = np.ones((3, 3), np.uint8)
    whole = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, close)
    n, labels = cv2.connectedComponents(whole, connectivity=8, ltype=ltype)
    bx0, by0, bx1, by1 = piece_box(ys, xs, h, w)
    assert bx0 % 2 == 0 and by0 % 2 == 0
    box = cv2.morphologyEx(np.ascontiguousarray(mask[by0:by1, bx0:bx1]), cv2.MORPH_CLOSE, close)
    assert np.array_equal(box, whole[by0:by1, bx0:bx1])
    assert np.count_nonzero(box) == np.count_nonzero(whole)
    m, box_labels = cv2.connectedComponents(box, connectivity=8, ltype=ltype)
    assert m == n
    assert np.array_equal(box_labels, labels[by0:by1, bx0:bx1])


def _plain_arm(test: HandTest, diff: np.ndarray) -> bool:
    """`HandTest._arm` as it was: every coarse region's edge and size tested."""
    h, w = diff.shape
    coarse = cv2.resize(diff, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    limit = max(
        test.settings.hand_diff * test.board_frame.level / 200.0,
        2.0 * test.colors.noise.get("coarse", 0.0),
    )
    cm = cv2.compare(coarse, limit, cv2.CMP_GT)
    cm = cv2.morphologyEx(cm, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    _, _, stats, _ = cv2.connectedComponentsWithStats(cm, connectivity=8)
    cell_mm2 = (4 / test.scale) ** 2
    ch, cw = cm.shape
    m = max(1, round(40 * test.scale / 4))
    x, y, bw, bh, area = stats[1:].T
    touches = (x < m) | (y < m) | (x + bw > cw - m) | (y + bh > ch - m)
    mm2 = area * cell_mm2
    hand = test.settings.hand_mm2
    return bool(np.any((touches & (mm2 > hand)) | (mm2 > 2 * hand)))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_the_arm_test_on_large_regions_alone_is_the_whole_test(seed: int) -> None:
    # `HandTest._arm` tests only the regions larger than a hand: the answer every region's
    # test gives, with and without such a region, at the edge or inside.
    bf, _ = _board_frame(seed % 4)
    rng = np.random.default_rng(seed)
    h, w = bf.ref_sum.shape
    test = HandTest(bf, ColorModel.default(), Settings())
    limit = test.settings.hand_diff * bf.level / 200.0
    diff = (rng.uniform(size=(h, w)) < 0.02).astype(np.float32) * np.float32(4 * limit)
    for _ in range(int(rng.integers(0, 4))):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        r = int(rng.integers(2, max(3, w // 3)))
        cv2.circle(diff, (x, y), r, float(rng.uniform(0.5, 3) * limit), -1)
    assert test._arm(diff) == _plain_arm(test, diff)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.3, 3.0), st.floats(0.3, 3.0), st.floats(0.3, 3.0))
def test_the_gained_frame_is_the_gain_tables_lookup(
    seed: int, b: float, g: float, r: float
) -> None:
    """The frame made float, gained and clamped is what a lookup of its 256 levels so gained
    gives, bit for bit, and each compare's image is its own (not a kept image's)."""
    bf, rng = _board_frame(seed % 7)
    h, w = bf.ref_sum.shape
    blurred = rng.integers(0, 256, (h, w, 3), dtype=np.uint8)
    gain = np.array([b, g, r])
    levels = np.repeat(np.arange(256, dtype=np.float32)[:, None, None], 3, axis=2)
    table = np.minimum(cv2.transform(levels, np.diag(gain).astype(np.float32)), np.float32(CLAMP))
    got = bf._gained(blurred, gain)
    assert got.tobytes() == cv2.LUT(blurred, table).tobytes()
    first = bf.compare(blurred)
    kept = first.image.copy()
    bf.compare(255 - blurred)
    assert np.array_equal(first.image, kept)
