"""The tight second look at a blob (`vision.refine`): it grows a blob by the changed pixels of
its colour that join it, and never reaches beyond the blob's grown box."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.colormodel import ColorModel
from companion.vision.refine import Refiner

SIZE = 60


class FakeBoard:
    """A plain grey board: every pixel's colour is that grey, its light normalised to 1."""

    def __init__(self) -> None:
        self.ref = np.full((SIZE, SIZE, 3), 200, np.float32)
        self.norm = np.ones((SIZE, SIZE), np.float32)
        self.threshold = 30.0

    def board_distance(self, ys: np.ndarray, xs: np.ndarray, lab: np.ndarray) -> np.ndarray:
        return np.full(len(ys), 50.0, np.float32)


class FakeColors:
    """One piece colour: dark (weighted lightness under 20) is it, anything else is none."""

    def classify_lab(self, lab: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dark = lab[:, 0] < 20
        idx = np.where(dark, 0, -1).astype(np.int32)
        per_color = np.where(dark, 1.0, 99.0).astype(np.float32).reshape(-1, 1)
        return idx, per_color


def _tight(board: FakeBoard, image: np.ndarray) -> np.ndarray:
    """The change with no allowance, as `BoardFrame.compare` measures it on a board of one
    light (the local brightness ratio is 1 away from the pieces)."""
    return np.abs(image - board.ref).sum(axis=2)


def _pts(mask: np.ndarray) -> np.ndarray:
    ys, xs = np.nonzero(mask)
    return np.stack([xs, ys], 1).astype(np.float32)


def test_a_blob_grows_by_the_changed_pixels_of_its_colour_it_touches_and_no_further():
    board = FakeBoard()
    image = board.ref.copy()
    piece = np.zeros((SIZE, SIZE), bool)
    piece[20:32, 20:32] = True
    image[piece] = 30.0
    far = np.zeros((SIZE, SIZE), bool)
    far[50:56, 50:56] = True
    image[far] = 30.0
    found = piece.copy()
    found[:, 29:] = False
    refiner = Refiner(board, FakeColors(), margin=2.0, scale=1.0, pyramid_mm2=100.0)

    grown = refiner.refine(image, _pts(found), 0, _tight(board, image))

    got = np.zeros((SIZE, SIZE), bool)
    got[grown[:, 1].astype(int), grown[:, 0].astype(int)] = True
    assert got[found].all()
    assert got[piece].mean() > 0.9
    assert not got[far].any()
    assert not got[~piece].any()


def test_a_blob_with_nothing_changed_around_it_is_kept_as_it_is():
    board = FakeBoard()
    image = board.ref.copy()
    found = np.zeros((SIZE, SIZE), bool)
    found[20:30, 20:30] = True
    refiner = Refiner(board, FakeColors(), margin=2.0, scale=1.0, pyramid_mm2=100.0)

    pts = _pts(found)
    assert refiner.refine(image, pts, 0, _tight(board, image)) is pts


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_frames_blobs_refined_at_once_are_each_refined_alone(seed):
    """`refine_all`'s one colour pass gives each blob what its own `refine` gives, to the
    last bit, with a real colour model's classification (a matrix product) and a blob that
    gains one pixel, none or only pixels of another colour among them."""
    rng = np.random.default_rng(seed)
    board = DistanceBoard()
    image = rng.integers(0, 256, (SIZE, SIZE, 3)).astype(np.float32)
    colors = ColorModel(
        ["red", "blue", "black"],
        rng.uniform(-40, 160, (6, 3)).astype(np.float32),
        np.array([0, 0, 1, 1, 2, 2]),
        {"pyramid": 100.0, "meeple": 100.0},
    )
    refiner = Refiner(board, colors, margin=2.0, scale=1.0, pyramid_mm2=9.0)
    tight = rng.uniform(0, 60, (SIZE, SIZE)).astype(np.float32)
    blobs = []
    for _ in range(int(rng.integers(1, 7))):
        x, y = (int(v) for v in rng.integers(0, SIZE - 8, 2))
        mask = np.zeros((SIZE, SIZE), bool)
        mask[y : y + int(rng.integers(1, 8)), x : x + int(rng.integers(1, 8))] = True
        blobs.append((_pts(mask), int(rng.integers(0, 3))))
    lone = np.zeros((SIZE, SIZE), bool)
    lone[30, 30] = True
    tight[28:33, 28:33] = 0.0
    tight[29, 29] = 99.0
    blobs.append((_pts(lone), 0))

    at_once = refiner.refine_all(image, blobs, tight)

    for (pts, color), got in zip(blobs, at_once, strict=True):
        alone = refiner.refine(image, pts, color, tight)
        assert (got is pts) == (alone is pts)
        assert got.dtype == alone.dtype and np.array_equal(got, alone)


class DistanceBoard(FakeBoard):
    """A board whose distance to a pixel's colour depends on the pixel and its colour."""

    def board_distance(self, ys: np.ndarray, xs: np.ndarray, lab: np.ndarray) -> np.ndarray:
        return np.asarray(np.abs(lab).sum(1) * 0.2 + (ys + xs) % 7, np.float32)
