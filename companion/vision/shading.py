"""How a piece's brightness runs along its lean: a cue for meeple or pyramid by shading.

Seen by a camera a little off vertical, a standing piece's top shows displaced away from the
camera (its lean), with the side that faces the camera between its foot and its top. A
meeple's top (head and shoulders) is level, and under room light from above a level face is
lit more than an upright one, so across a meeple's blob the brightness rises along the lean.
A pyramid's four faces all slope alike: which of them is brighter depends on where the lamp
stands, not on the lean. How much each kind rises in the room's light is measured on the
calibration photo (`Shapes.meeple_rise`, `pyramid_rise`); where the two do not differ (a lamp
low beside the camera lights a meeple's side), the cue says nothing.
"""

from __future__ import annotations

import math

import numpy as np

RISE_MIN = 0.2
RISE_GAP = 0.1
"""The cue counts when the calibration's meeples rise by RISE_MIN and by RISE_GAP more than
its pyramids."""
RISE_MID = 0.25
"""A blob rising more than this is more like a meeple (fitted with the weight)."""
RISE_SPREAD = 0.3
"""How much one piece's rise varies about its kind's (correlation units)."""
RISE_WEIGHT = 2.0
"""Most log-odds the cue adds (fitted on hard-set samples apart from the benchmark's)."""
RISE_LEAN_MM = 3.0
"""Below this lean of a meeple's top its side hardly shows: the cue fades with the lean."""
STRONG_RISE = (0.6, 0.75)
STRONG_LEAN_MM = (4.0, 6.0)
"""Where the calibration cannot say whether the cue holds (its pieces stand near the camera's
nadir, where a meeple's side hardly shows, and a black piece shows no shading), a rise from
the first to the second of STRONG_RISE, at a meeple's lean from the first to the second of
STRONG_LEAN_MM, still counts for a meeple, up to RISE_WEIGHT: a pyramid's faces seldom run
that steadily bright along the lean (1 in 100 on hard-set samples apart from the
benchmark's), a meeple's top and side there mostly do."""


def rise(image: np.ndarray, pts: np.ndarray, direction: tuple[float, float]) -> float:
    """Correlation (-1..1) between a blob's brightness (sum of B, G, R of `image` at its
    pixels, N x 2 x then y) and each pixel's position along `direction`."""
    if len(pts) < 8:
        return 0.0
    # The pixels by their place in the flattened image (one gather, several times quicker).
    at = pts[:, 1].astype(np.intp) * image.shape[1] + pts[:, 0].astype(np.intp)
    lit = image.reshape(-1, 3).take(at, axis=0)
    # B + G + R in float64 (exact for float32 channels, in any order): three whole-array adds
    # instead of a sum along a short axis.
    lum = lit[:, 0].astype(np.float64)
    lum += lit[:, 1]
    lum += lit[:, 2]
    along = pts[:, 0] * direction[0] + pts[:, 1] * direction[1]
    # np.std's and np.mean's steps, each deviation worked out once and its products summed
    # by np.dot (no temporary arrays; the same values to rounding).
    n = len(pts)
    d_lum = lum - lum.sum() / n
    d_along = along - along.sum() / n
    return correlation(
        float(np.dot(d_lum, d_lum)) / n,
        float(np.dot(d_along, d_along)) / n,
        float(np.dot(d_lum, d_along)) / n,
    )


def correlation(var_a: float, var_b: float, cov: float) -> float:
    """The correlation from two variances and their covariance; 0 where either is flat."""
    sa, sb = math.sqrt(var_a), math.sqrt(var_b)
    if sa <= 1e-6 or sb <= 1e-6:
        return 0.0
    return cov / (sa * sb)


def lean_direction(
    x: float, y: float, leaned: tuple[float, float]
) -> tuple[tuple[float, float], float]:
    """(unit direction, length mm) from a point on the board to where its top shows."""
    dx, dy = leaned[0] - x, leaned[1] - y
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return (0.0, 0.0), 0.0
    return (dx / n, dy / n), n


def holds(meeple_rise: float | None, pyramid_rise: float | None) -> bool:
    """Whether the calibration's pieces show the cue in this light."""
    if meeple_rise is None or pyramid_rise is None:
        return False
    return meeple_rise >= RISE_MIN and meeple_rise - pyramid_rise >= RISE_GAP


def shading_says(holding: bool, lean_mm: float) -> bool:
    """Whether a blob's rise can say anything here: always where the calibration shows the
    cue, else only as a strong rise at a lean where a meeple's side shows well."""
    return lean_mm > 0 and (holding or lean_mm > STRONG_LEAN_MM[0])


def rise_odds(
    value: float, meeple_rise: float | None, pyramid_rise: float | None, lean_mm: float
) -> float:
    """Log-odds for a pyramid from a blob's rise, given both kinds' rises at calibration and
    how far a meeple's top would lean here. Where the calibration shows no gap, only a rise
    that pyramids seldom show, far from the camera's nadir, counts (for a meeple)."""
    if meeple_rise is None or pyramid_rise is None or not holds(meeple_rise, pyramid_rise):
        return strong_rise_odds(value, lean_mm)
    # Five pieces a kind at calibration measure whether the cue holds in this light, not
    # where to split: over a lamp's places a pyramid rises 0 on average.
    mid = max(RISE_MID, (meeple_rise + pyramid_rise) / 2)
    z = max(-1.0, min(1.0, (value - mid) / RISE_SPREAD))
    return -RISE_WEIGHT * z * min(1.0, lean_mm / RISE_LEAN_MM)


def strong_rise_odds(value: float, lean_mm: float) -> float:
    """Log-odds for a pyramid (0 or less) from a rise few pyramids show, far from the nadir."""
    lo, hi = STRONG_RISE
    z = max(0.0, min(1.0, (value - lo) / (hi - lo)))
    near, far = STRONG_LEAN_MM
    return -RISE_WEIGHT * z * max(0.0, min(1.0, (lean_mm - near) / (far - near)))
