"""A white drink on the board's light paper: its top is about as light as the paper, so its
colour hardly tells it apart; the change it makes does (its rim, its shaded side, its shadow).

The spot round a pyramid where a drink's seen disc (its base and its top leaning away from
the camera, `DRINK_DIAMETER_MM` across) changed most against the empty board, more than the
rest of the ring round the pyramid did, is the white drink if that change is a drink's: at
least `CHANGE` colour-change thresholds above the ring's median (a pyramid's soft shadow and
the light's noise stay below), a change a fit a pixel off cannot make (the colour distance to
the nearest of the empty board's 3 x 3 pixels round it, `STILL` margins above the ring's: a
printed line's edge a pixel off changes a lot but stays that near), not much darker than the
paper (a dark piece's shadow or side is), and its pixels nearer the white drink than any other
drink colour; and a change no pyramid's soft shadow makes (`shadow_only`): a white drink is a
lit white cylinder, its top lighter than the paper, or, on white print as light as it, its
shaded side and its own shadow dim the disc more than a soft shadow does. A change fainter
than a drink's is still a white drink's where its lit top glows over the paper (`glows`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from companion.vision.model import DRINK_DIAMETER_MM, DRINK_HEIGHT_MM

CHANGE = 0.6
"""The disc's mean change above the ring's median, in the change test's thresholds."""
FAINT = 0.5
CLEAR = 1.0
LIT = -1.5
"""A fainter change, down to `FAINT`, is a white drink's when it is also no shade (the disc
not darker than the paper by more than `LIT`: a white drink's top is lit, a piece's soft shadow
darkens) and clearly no fit a pixel off (`CLEAR` margins above the ring's, twice `STILL`'s
bar): a white drink on white print or cream paper changes it faintly."""
STILL = 0.5
"""The disc's mean distance to the empty board (3 x 3, in noise margins) above the ring's. Of
the 2,362 white drinks the 27 drinks sets' readings found, the nearest stood 0.66 above; the
one phantom, found with the bar at 0.3, stood 0.38 (the blurred lower edge of Nagahoribashi's
black pyramid on light paper, seed 13077's full board)."""
GLOW = 0.36
GLOW_SHARE = 0.4
GLOW_MEDIAN = 1.02
"""A fainter change still, down to `GLOW` (a confidence of 0.3, enough to ask), is a white
drink's when the disc glows: `GLOW_SHARE` of its pixels `BRIGHTER` than the empty board under
them and its median pixel `GLOW_MEDIAN` as light (a white drink's lit top on light paper,
which changes the paper's colour little)."""
DARKEST = -7.0
"""The disc's mean lightness against the empty board's (weighted Lab L): darker is not white."""
WHITE_SHARE = 0.7
"""The disc's share of pixels whose nearest drink colour is white."""
SEEN = 0.6
"""The share of the disc's area the ring must show (the rest hidden by other pieces)."""
ANGLES = 24
ROUGH = 1e-3
"""A disc whose float64 means are this far on the wrong side of a bar (or of the best's change)
cannot pass it: the float32 means that decide are within 1e-5 of them."""
BRIGHTER = 1.03
BRIGHT_SHARE = 0.02
DIMMED = 0.9
"""A disc with no more than `BRIGHT_SHARE` of its pixels `BRIGHTER` than the empty board
under them (channel by channel, `boardframe.light_ratio`) and its median pixel still `DIMMED`
as light or more is a shadow on light paper, not a white drink. On seven drinks samples the
white phantoms (a pyramid's shadow on a white stop circle; a mint or purple drink on print of
a near colour) had no pixel that bright and medians 0.93-0.97; the white drinks with so few
bright pixels had medians 0.82-0.87."""
REACH_MM = (5.0, 6.5, 8.0)
"""The disc centres' distances beyond the pyramid's ring (its inner edge)."""
CLOSE = 1e-9
"""Squared distances this near the squared radius (relative) are checked by `np.hypot`
(`closer_than`)."""

_TURNS = [(math.cos(a), math.sin(a)) for a in np.linspace(0, 2 * math.pi, ANGLES, endpoint=False)]
"""The cosine and sine of each of `ANGLES` directions round a pyramid (`spots_round`)."""

Lean = Callable[[float, float, float], tuple[float, float]]
Spots = list[tuple[float, float, float, float]]
"""Each disc `white_spot` tries round a pyramid: where the white drink would stand (x, y) and
its disc's centre (its base's and its leaning top's midpoint), board mm."""


def spots_round(centre: tuple[float, float], inner: float, lean: Lean) -> Spots:
    """The discs `white_spot` tries round a pyramid at `centre` (`REACH_MM`, `ANGLES`): fixed
    while the camera is."""
    cx, cy = centre
    spots = []
    for reach in REACH_MM:
        for cos, sin in _TURNS:
            x, y = cx + (inner + reach) * cos, cy + (inner + reach) * sin
            tx, ty = lean(x, y, DRINK_HEIGHT_MM)
            spots.append((x, y, (x + tx) / 2, (y + ty) / 2))
    return spots


def spot_discs(spots: Spots, xy_mm: np.ndarray) -> np.ndarray:
    """Spots x N: which of the points (N x 2, board mm) lie in each spot's disc."""
    at = np.array([spot[2:] for spot in spots])
    radius = DRINK_DIAMETER_MM / 2
    return closer_than(xy_mm[:, 0] - at[:, :1], xy_mm[:, 1] - at[:, 1:], radius)


def closer_than(dx: np.ndarray, dy: np.ndarray, r: float) -> np.ndarray:
    """`np.hypot(dx, dy) < r`, the same answers in a fraction of hypot's time: decided by the
    squared distance where that is clearly in or out (float64: both are within a few 1e-16
    of the true distance, relative), by hypot itself in the hair's breadth between."""
    if dx.dtype != np.float64 or dy.dtype != np.float64 or not r > 1e-100:
        return np.asarray(np.hypot(dx, dy) < r)
    d2 = dx * dx
    d2 += dy * dy
    r2 = r * r
    out: np.ndarray = d2 < r2 * (1 - CLOSE)
    band = d2 >= r2 * (1 - CLOSE)
    band &= d2 <= r2 * (1 + CLOSE)
    if band.any():
        near = np.nonzero(band)
        out[near] = np.hypot(dx[near], dy[near]) < r
    return out


def white_spot(
    xy_mm: np.ndarray,
    change: np.ndarray,
    still: np.ndarray,
    lighter: np.ndarray,
    white: np.ndarray,
    centre: tuple[float, float],
    inner: float,
    lean: Lean,
    scale: float,
    lit: Callable[[np.ndarray], np.ndarray] | None = None,
    looked: tuple[Spots, np.ndarray] | None = None,
) -> tuple[float, float, float] | None:
    """(x, y, strength) of the white drink round a pyramid at `centre`, or None. `xy_mm` are
    the ring's visible pixels (N x 2, board mm), `change` their colour change in thresholds,
    `still` their distance to the empty board's nearest 3 x 3 pixel in noise margins,
    `lighter` their lightness against the empty board, `white` whether white is their nearest
    drink colour, `lit` (when given) the brightness over the empty board's of the pixels a
    mask of them picks, asked of the best disc alone (`shadow_only`). `looked`: the spots round
    this pyramid and their discs over these points, when the caller kept them
    (`spots_round`, `spot_discs`)."""
    if len(xy_mm) == 0:
        return None
    radius = DRINK_DIAMETER_MM / 2
    need = SEEN * math.pi * radius * radius * scale * scale
    background = float(np.median(change))
    still_background = float(np.median(still))
    if looked is None:
        spots = spots_round(centre, inner, lean)
        discs = spot_discs(spots, xy_mm)
    else:
        spots, discs = looked
    counts = np.count_nonzero(discs, 1)
    # each disc's means in float64, to pass over the discs that cannot be the white drink (the
    # first disc of the most change that passes the bars; none under `FAINT`)
    values = np.stack([change, lighter, white, still], 1).astype(np.float64)
    rough = discs @ values / np.maximum(counts, 1)[:, None]
    rough -= (background, 0.0, 0.0, still_background)
    # the bars that do not hang on the best so far, for all the discs at once
    guesses, darks, shares, aparts = rough.T
    barred = (
        (counts < need)
        | (guesses < min(FAINT, GLOW) - ROUGH)
        | (darks < DARKEST - ROUGH)
        | (shares < WHITE_SHARE - ROUGH)
        | (aparts < STILL - ROUGH)
    )
    best: tuple[float, float, float] | None = None
    best_disc: np.ndarray | None = None
    sure = False
    for k in np.flatnonzero(~barred).tolist():
        x, y, _mx, _my = spots[k]
        guess = float(guesses[k])
        if best is not None and guess < best[2] - ROUGH:
            continue
        disc = discs[k]
        strength = float(change[disc].mean()) - background
        if best is not None and strength <= best[2]:
            continue
        light = float(lighter[disc].mean())
        stands = float(still[disc].mean()) - still_background
        if light > DARKEST and float(white[disc].mean()) >= WHITE_SHARE and stands >= STILL:
            best, best_disc = (x, y, strength), disc
            sure = strength >= CHANGE or (light >= LIT and stands >= CLEAR and strength >= FAINT)
    if best is None:
        return None
    if not sure and lit is not None and best_disc is not None and best[2] >= GLOW:
        sure = glows(lit(best_disc))
    if not sure:
        return None
    if lit is not None and best_disc is not None and shadow_only(lit(best_disc)):
        return None
    return best


def glows(ratio: np.ndarray) -> bool:
    """A disc's pixels, by their brightness over the empty board's (`ratio`), are lit white
    on the paper (`GLOW_SHARE`, `GLOW_MEDIAN`)."""
    if len(ratio) == 0:
        return False
    bright = float(np.count_nonzero(ratio >= BRIGHTER)) / len(ratio)
    return bright >= GLOW_SHARE and float(np.median(ratio)) >= GLOW_MEDIAN


def shadow_only(ratio: np.ndarray) -> bool:
    """A disc's pixels, by their brightness over the empty board's (`ratio`), are a shadow on
    the paper, not a white drink (`BRIGHTER`, `BRIGHT_SHARE`, `DIMMED`)."""
    if len(ratio) == 0:
        return False
    bright = float(np.count_nonzero(ratio >= BRIGHTER)) / len(ratio)
    return bright <= BRIGHT_SHARE and float(np.median(ratio)) >= DIMMED
