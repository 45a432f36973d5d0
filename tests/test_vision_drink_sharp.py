"""The sharp look at a drink's blob (`vision.drink_sharp`): the camera frame's own pixels round
it, and whether the blob fits a standing drink's silhouette."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from companion.metro.state import Meeple
from companion.metro.vehicles import VehicleId
from companion.vision.drink_proposals import settle
from companion.vision.drink_sharp import FILLS, FITS, SHARP_PX_PER_MM, silhouette_fit
from companion.vision.model import DRINK, DRINK_DIAMETER_MM
from tests.test_vision_drinks_frames import bench_frame, session_reader


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


def test_a_drink_the_board_frame_calls_a_meeple_is_read_by_the_sharp_look() -> None:
    """Osaka, 6 frames a session, daylight, camera offset (the lens centred): Osakako's blue
    drink is read as a blue meeple, and its blob in the board frame is long enough for one
    (`drink_shape.MEEPLE`); the camera frame's pixels, its shadow set aside, lie within a
    standing drink's silhouette: it is the drink. Without the sharp look it is not read."""
    state, shot, raw = bench_frame("osaka", "daylight/offset", 4, 6)
    assert state.drinks["osakako"] == "blue" and "blue" not in state.meeples
    game = replace(state, drinks={})
    assert {p.station: p.color for p in settle(raw, game).pieces if p.kind == DRINK}.get(
        "osakako"
    ) == "blue"
    reader = session_reader("osaka", "daylight/offset")
    reader.drinks.evidence.sharp = None
    plain = settle(reader.read(shot.image), game).pieces
    assert "osakako" not in {p.station for p in plain if p.kind == DRINK}


def test_a_green_meeples_mint_side_is_no_drink_by_the_sharp_look() -> None:
    """Tokyo, 6 frames a session, warm light, camera tilted: Green's meeple beside Yurakucho's
    pyramid shows a part of mint that the board frame's shape test takes for a drink; in the
    camera frame the blob reaches far outside a drink's silhouette: no drink, even with every
    meeple riding (the game knows no meeple's square)."""
    state, shot, raw = bench_frame("tokyo", "warm/tilted", 0, 6)
    assert "yurakucho" in state.stations and state.drinks.get("yurakucho") != "mint"
    game = replace(state, drinks={})
    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")
    riding = replace(game, meeples=dict.fromkeys(game.meeples, rider))
    assert ("drink", "mint", "yurakucho") not in {p.key() for p in settle(raw, riding).pieces}
    reader = session_reader("tokyo", "warm/tilted")
    reader.drinks.evidence.sharp = None
    plain = settle(reader.read(shot.image), riding).pieces
    assert ("drink", "mint", "yurakucho") in {p.key() for p in plain}
