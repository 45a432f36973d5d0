"""The sharp look at a drink's blob (`vision.drink_sharp`): the camera frame's own pixels round
it, and whether the blob fits a standing drink's silhouette."""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.data import load_map
from companion.vision.drink_proposals import settle
from companion.vision.drink_sharp import FILLS, FITS, SHARP_PX_PER_MM, silhouette_fit
from companion.vision.markers import load_layout
from companion.vision.model import DRINK, DRINK_DIAMETER_MM, Reading
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session, shoot
from tests.test_vision_drinks_frames import ORDER, bench_frame


def _grid(inside: object) -> np.ndarray:
    """The sharp patch's pixel centres (mm) round the origin for which `inside(x, y)` holds."""
    step = 1 / SHARP_PX_PER_MM
    g = np.arange(-20, 20, step) + step / 2
    x, y = np.meshgrid(g, g)
    x, y = x.ravel(), y.ravel()
    keep = inside(x, y)  # type: ignore[operator]
    return np.stack([x[keep], y[keep]], 1)


def _swept_disc(lean: tuple[float, float], radius: float) -> np.ndarray:
    lx, ly = lean

    def inside(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        t = np.clip((x * lx + y * ly) / max(lx * lx + ly * ly, 1e-9), 0, 1)
        return np.asarray(np.hypot(x - t * lx, y - t * ly) <= radius)

    return _grid(inside)


def _capsule(angle: float, lean: tuple[float, float]) -> np.ndarray:
    """A 15 x 7.5 mm meeple's blob: its capsule at `angle`, swept by `lean`."""
    ux, uy = math.cos(angle), math.sin(angle)
    lx, ly = lean

    def inside(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        out = np.zeros(len(x), bool)
        for k in np.linspace(0, 1, 8):
            px, py = x - k * lx, y - k * ly
            t = np.clip(px * ux + py * uy, -3.75, 3.75)
            out |= np.hypot(px - t * ux, py - t * uy) <= 3.75
        return out

    return _grid(inside)


@pytest.mark.parametrize("lean", [(0.0, 0.0), (3.0, 0.0), (-2.0, 4.5)])
def test_a_drinks_blob_fits_its_silhouette(lean: tuple[float, float]) -> None:
    """A 10 mm disc swept by the lean, seen half a millimetre wider (the camera's blur), fits
    and fills its silhouette."""
    out, fill = silhouette_fit(_swept_disc(lean, DRINK_DIAMETER_MM / 2 + 0.5), lean)
    assert out <= FITS and fill >= 0.95


@pytest.mark.parametrize("angle", [math.pi / 2, math.pi / 4, 3 * math.pi / 4])
def test_a_meeple_lying_across_or_diagonally_to_the_lean_does_not_fit(angle: float) -> None:
    lean = (3.0, 0.0)
    out, _fill = silhouette_fit(_capsule(angle, lean), lean)
    assert out > FITS


def test_a_scrap_fits_but_does_not_fill() -> None:
    out, fill = silhouette_fit(_swept_disc((0.0, 0.0), 2.0), (0.0, 0.0))
    assert out == 0 and fill < FILLS


def test_a_drink_the_board_frame_cannot_tell_from_a_meeple_is_read_by_the_sharp_look() -> None:
    """Osaka, 6 frames a session, warm light, tilted camera: Nakatsu's black drink, read as a
    black meeple, whose blob in the board frame (with its shadow) reaches and spreads as a
    meeple's may (`drink_shape.UNSURE`): in the camera frame, its shadow set aside, it lies
    within a standing drink's silhouette, so it is read; without the sharp look it is not.
    The frame as the Pi camera gives it (BGRA) reads the same."""
    state, _shot, _raw = bench_frame("osaka", "warm/tilted", 3, 6)
    assert state.drinks["nakatsu"] == "black"
    board = load_map("osaka")
    layout = load_layout(None, board.width_mm, board.height_mm)
    seed = 400 + 100 * ORDER.index("warm/tilted")
    cal = calibrate_session(board, layout, "warm", "tilted", seed).calibration
    reader = Reader(board, layout, cal.reference, cal.colors)
    reader.read_drinks = True
    shot = shoot(board, layout, state, seed=seed + 13, lighting="warm", pose="tilted")
    game = replace(state, drinks={})

    def drinks(reading: Reading) -> dict[str | None, str]:
        return {p.station: p.color for p in settle(reading, game).pieces if p.kind == DRINK}

    seen = reader.read(shot.image)
    assert drinks(seen).get("nakatsu") == "black"
    four = reader.read(cv2.cvtColor(shot.image, cv2.COLOR_BGR2BGRA))
    assert four.pieces == seen.pieces
    reader.drinks.evidence.sharp = None
    assert "nakatsu" not in drinks(reader.read(shot.image))
