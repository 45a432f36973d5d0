"""Where a blob's seen centre stands against its station: a cue for meeple or pyramid.

Seen by a camera a little off vertical, a standing piece's top shows displaced away from the
camera. A pyramid's apex leans inside its base, so its outline is its base square and the
blob's centre is the base's, on the station's centre where it was set down. A meeple's top
(18 mm up) leans out beyond its foot, so the outline of its foot, side and top is centred
about half that lean beyond where it stands. A meeple standing across the lean on a station's
circles looks as round and as large as a pyramid (its 16 mm across the lean, its depth and
lean along it), but its seen centre lies beyond the station's centre, along the lean.

The cue cannot tell a meeple set down on the near side of the circles from a pyramid, nor a
pyramid set down on the far side from a meeple; so it adds little (at most WEIGHT log-odds),
fades near the camera's nadir, and where it and the piece's size and shape disagree the call
is left to the game (`PieceMaker.piece`).
"""

from __future__ import annotations

import math

MEEPLE_SHIFT = 0.5
"""A meeple's seen centre lies this share of its top's lean beyond its foot."""
PYRAMID_SPREAD_MM = 1.2
MEEPLE_SPREAD_MM = 1.5
"""How far a pyramid's seen centre, and a meeple's, fall from where each kind's stands on a
station's centre (hands set pieces down a little off). Chosen with the weight on four hard
sets (the benchmark's and three of other seeds): every spread from 0.8 to 2 mm mends most of
the meeples read as pyramids; narrower pyramid spreads also turn real pyramids into meeples."""
WEIGHT = 1.5
"""Most log-odds the cue adds."""
FULL_LEAN_MM = 3.0
"""Below this lean of a meeple's top the two kinds' centres are near: the cue fades."""


def centre_odds(along_mm: float, lean_mm: float) -> float:
    """Log-odds for a pyramid from how far a blob's seen centre lies beyond its station's
    centre along the lean (mm, negative: towards the camera), where a meeple's top would lean
    `lean_mm`: the two kinds' spreads about their centres, compared."""
    if lean_mm <= 0:
        return 0.0
    p = along_mm / PYRAMID_SPREAD_MM
    m = (along_mm - MEEPLE_SHIFT * lean_mm) / MEEPLE_SPREAD_MM
    odds = max(-WEIGHT, min(WEIGHT, 0.5 * (m * m - p * p) + _SPREADS))
    return odds * min(1.0, lean_mm / FULL_LEAN_MM)


_SPREADS = math.log(MEEPLE_SPREAD_MM / PYRAMID_SPREAD_MM)
