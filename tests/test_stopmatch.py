"""The stop matcher's costs: the weak-ring doubt against each line's rings, touching circles."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.data import load_map
from companion.vision.circles import SECTORS, Circles
from companion.vision.stopmatch import RING_LEVEL_MIN, RINGED_COST, RINGED_SURE, StopMatcher

BOARD = load_map("tokyo")


def _matcher(xy: list[tuple[float, float]], ringed: list[float], radius: float) -> StopMatcher:
    n = len(xy)
    circles = Circles(
        np.array(xy, np.float64).reshape(n, 2),
        np.ones(n),
        np.full((n, 3), 0.6),
        np.array(ringed, np.float64),
        np.full(n, radius),
        np.full((n, SECTORS, 3), 0.6),
    )
    return StopMatcher(BOARD, circles, np.ones((200, 200, 3), np.float32), 2.0)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(-1.0, 1.0), min_size=1, max_size=20),
    st.floats(RING_LEVEL_MIN, RINGED_SURE),
)
def test_the_doubt_is_the_old_one_until_a_line_is_learnt_paler_and_then_never_more(ringed, level):
    m = _matcher([(10.0, 10.0)] * len(ringed), ringed, 6.0)
    idx = np.arange(len(ringed))
    old = RINGED_COST * np.clip((RINGED_SURE - np.array(ringed)) / 0.1, 0, None) ** 2
    assert np.allclose(m.doubt("H", idx), old)
    m.ring_level["H"] = level
    paler = m.doubt("H", idx)
    assert np.all(paler <= old + 1e-9)
    assert np.allclose(m.doubt("G", idx), old)
    assert np.all(paler[np.array(ringed) >= level] < 1e-9)


@given(st.floats(0.0, 30.0))
def test_touching_circles_are_never_two_consecutive_stops(apart):
    m = _matcher([(40.0, 40.0), (40.0 + apart, 40.0)], [0.5, 0.5], 6.0)
    cost = m._pairwise("G", np.array([0]), np.array([1]))[0, 0]
    assert math.isinf(cost) == (apart < 12.0)
