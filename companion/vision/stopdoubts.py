"""After-checks on the stop matcher's line-by-line matches: circles it found made doubtful.

The chains (`stopmatch`) each keep their line's order, but a chain alone cannot see three
things. A circle is made doubtful when its line's stroke runs straight past it (a patch beside
a stop missing from the print), or when an unsure neighbour would as soon have it as the
circle it took (the chain shifted along by one), beyond the lead it has on it; and stations
hold their circles together: a station whose circles came out scattered has them all made
doubtful.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from companion.vision.stopmatch import (
    REACH_MM,
    SURE_MARGIN,
    Match,
    StopMatcher,
)

STATION_SPREAD_MM = 10.0
RIVAL_SLACK = 1.0
"""A neighbour is a rival for a circle it likes nearly as well as its own (within this): which of
two close circles an unsure stop took says little."""
PAST_MM = np.array([-5.0, -2.5, 0.0, 2.5, 5.0])
PAST_OFF_MM = 3.0
"""Where the straight path from a stop's neighbours is looked at beside the stop's circle
(along it, from the circle's foot), and how far off that path the circle must be."""


def checked(matcher: StopMatcher, matches: dict[str, Match]) -> dict[str, Match]:
    """The matches with every after-check applied (bends, rivals, stations)."""
    return check_stations(matcher, check_rivals(matcher, check_bends(matcher, matches)))


def _pixels(matcher: StopMatcher, pts_mm: np.ndarray) -> np.ndarray:
    h, w = matcher.image.shape[:2]
    xs = np.clip(np.round(pts_mm[..., 0] * matcher.scale).astype(int), 0, w - 1)
    ys = np.clip(np.round(pts_mm[..., 1] * matcher.scale).astype(int), 0, h - 1)
    return np.asarray(matcher.image[ys, xs])


def runs_past(matcher: StopMatcher, line_id: str, a: int, c: int, b: int) -> bool:
    """Whether the line's stroke runs straight from circle a to circle b past circle c:
    inked on the straight path beside c and a little before and after, with c off that
    path. A stop's circle is where its line's stroke bends; a stroke running straight on
    beside it says the stop is missing from the print and the circle is paper."""
    pa, pb, pc = matcher.xy[a], matcher.xy[b], matcher.xy[c]
    ta, tb = float(matcher.trim[a]), float(matcher.trim[b])
    length = float(np.hypot(*(pb - pa)))
    if length <= ta + tb:
        return False
    u = (pb - pa) / length
    along = float(np.dot(pc - pa, u))
    off = abs(float(u[0] * (pc - pa)[1] - u[1] * (pc - pa)[0]))
    at = along + PAST_MM
    if off < PAST_OFF_MM or at.min() < ta or at.max() > length - tb:
        return False
    px = _pixels(matcher, pa[None] + at[:, None] * u[None])
    return bool(matcher.inked(line_id, px).all())


def check_rivals(matcher: StopMatcher, matches: dict[str, Match]) -> dict[str, Match]:
    """A found circle that a neighbouring stop of its line, itself unsure, would as soon
    have as the circle it took (`RIVAL_SLACK`) is only as sure as the lead it has on it:
    when a stop is missing (from the print or from the circles found), the chain may shift
    its neighbours along by one, each onto the next one's circle and the last onto a patch
    of paper, and nothing but that lead tells the shift from the truth."""
    for line in matcher.board.lines.values():
        stops = [s.id for s in line.stops]
        lead: dict[str, float] = {}
        for k, stop_id in enumerate(stops):
            c = matches[stop_id].circle
            if c is None:
                continue
            own = float(matcher.unary(stop_id, line.id, np.array([c]))[0])
            for j in (k - 1, k + 1):
                if not 0 <= j < len(stops) or matches[stops[j]].margin >= SURE_MARGIN:
                    continue
                if math.dist(matcher.expected[stops[j]], tuple(matcher.xy[c])) >= REACH_MM:
                    continue
                theirs = matches[stops[j]].circle
                if theirs is None:
                    continue
                other = float(matcher.unary(stops[j], line.id, np.array([c]))[0])
                if (
                    other
                    < float(matcher.unary(stops[j], line.id, np.array([theirs]))[0]) + RIVAL_SLACK
                ):
                    lead[stop_id] = min(lead.get(stop_id, math.inf), other - own)
        for stop_id, ahead in lead.items():
            if ahead < matches[stop_id].margin:
                matches[stop_id] = replace(matches[stop_id], margin=max(0.0, ahead))
    return matches


def check_bends(matcher: StopMatcher, matches: dict[str, Match]) -> dict[str, Match]:
    """A found circle that its line's stroke runs straight past is not placed."""
    for line in matcher.board.lines.values():
        for a, k, b in zip(line.stops, line.stops[1:], line.stops[2:], strict=False):
            ma, mk, mb = matches[a.id], matches[k.id], matches[b.id]
            if ma.circle is None or mk.circle is None or mb.circle is None:
                continue
            if runs_past(matcher, line.id, ma.circle, mk.circle, mb.circle):
                matches[k.id] = replace(mk, margin=0.0)
    return matches


def check_stations(matcher: StopMatcher, matches: dict[str, Match]) -> dict[str, Match]:
    """A station's circles move together: a found circle that moved apart from the surest
    of its station-mates is made doubtful."""
    for station in matcher.board.stations.values():
        found = [matches[s] for s in station.stops if matches[s].circle is not None]
        if len(found) < 2:
            continue
        anchor = max(found, key=lambda m: m.margin)
        ref = _moved(matcher, anchor)
        for m in found:
            spread = float(np.hypot(*(_moved(matcher, m) - ref)))
            if m is not anchor and spread > STATION_SPREAD_MM:
                matches[m.stop_id] = replace(m, margin=0.0)
    return matches


def _moved(matcher: StopMatcher, m: Match) -> np.ndarray:
    return np.asarray(matcher.xy[m.circle] - np.array(matcher.default[m.stop_id]))
