"""How elongated a blob is, from its second moments.

A pyramid's seen outline is its square base (its apex leans inside it), and a square's second
moments are the same in every direction, whatever way it is turned: its elongation is 1. A
meeple's footprint is about twice as long as deep, and the side the camera sees stretches it
along the lean. A blob's minimum-area rectangle, on the other hand, snaps to the pixel grid's
flat edges: a meeple a dozen pixels long lying on a diagonal can fit a square box.
"""

from __future__ import annotations

import math

import numpy as np


def elongation(pts: np.ndarray, centre: np.ndarray | None = None) -> float:
    """sqrt(largest / smallest) eigenvalue of the pixels' (N x 2) covariance, each pixel a unit
    square (so a one-pixel-wide line is not infinitely long): 1 for a square or a disc.
    `centre` is the pixels' mean when the caller has it."""
    if len(pts) < 5:
        return 1.0
    c = pts - (pts.sum(0) / len(pts) if centre is None else centre)
    n = len(pts)
    return elongation_of(
        float(np.dot(c[:, 0], c[:, 0])) / n,
        float(np.dot(c[:, 1], c[:, 1])) / n,
        float(np.dot(c[:, 0], c[:, 1])) / n,
    )


def elongation_of(sxx: float, syy: float, sxy: float) -> float:
    """The elongation from a blob's second moments about its centre (`vision.blob_moments`
    sums them for a whole frame's blobs at once): each pixel's own 1/12 is added here."""
    sxx, syy = sxx + 1 / 12, syy + 1 / 12
    mid, half = (sxx + syy) / 2, math.hypot((sxx - syy) / 2, sxy)
    return math.sqrt((mid + half) / max(mid - half, 1e-9))
