"""The cheapest chain through a line's stops, each stop taking one of its options or none.

A stop left out is not free: the printed line then runs straight from the stop before it to
the stop after it, so a single left-out stop costs its `missing` price plus the cost of that
straight path (`skip`); a run of two or more costs `missing` each plus `gap` (their path is
not looked at). Before the first and after the last stop taken, only `missing` is paid. The
chain is exact (dynamic programming over stops taken), and each stop gets its min-marginal
margin: how much dearer the cheapest chain becomes when that stop must choose otherwise.
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, replace

import numpy as np

NONE = -1
"""A stop's choice when it is left out."""


@dataclass(frozen=True)
class ChainCosts:
    unary: list[np.ndarray]
    """Per stop: the cost of each option."""
    step: list[np.ndarray]
    """step[k][a, b]: the path from stop k's option a to stop k+1's option b."""
    skip: list[np.ndarray]
    """skip[k][a, c]: the path from stop k's option a to stop k+2's option c (k+1 left out)."""
    missing: float
    gap: float


def solve(costs: ChainCosts) -> tuple[list[int], list[float]]:
    """Each stop's choice (an option index, or NONE) and its margin."""
    choice, margins, _ = _solve(costs)
    return choice, margins


def _solve(costs: ChainCosts) -> tuple[list[int], list[float], float]:
    u, n, m, gap = costs.unary, len(costs.unary), costs.missing, costs.gap
    fwd, came = _forward(costs)
    bwd = _backward(costs)
    f_min = np.array([f.min() if len(f) else math.inf for f in fwd])
    h_min = np.array([(u[k] + bwd[k]).min() if len(u[k]) else math.inf for k in range(n)])
    # Jumps over a stop: from a stop taken (or the start, -1) to a later one (or the end, n).
    lo, hi = np.arange(-1, n)[:, None], np.arange(0, n + 1)[None, :]
    left = np.r_[0.0, f_min][:, None]
    right = np.r_[h_min, 0.0][None, :]
    edge = (hi - lo - 1) * m + np.where((lo >= 0) & (hi < n), gap, 0.0)
    edge = np.where((hi - lo >= 3) | (lo < 0) | (hi >= n), edge, math.inf)
    jump = left + edge + right
    choice = _back_track(costs, fwd, came)
    margins = []
    total = 0.0
    for k in range(n):
        over = jump[: k + 1, k + 1 :].min()
        if 0 < k < n - 1 and len(u[k - 1]) and len(u[k + 1]):
            tail = u[k + 1] + bwd[k + 1]
            over = min(over, float((fwd[k - 1][:, None] + m + costs.skip[k - 1] + tail).min()))
        marg = np.append(fwd[k] + bwd[k], over)
        pick = choice[k] if choice[k] != NONE else len(marg) - 1
        rest = np.delete(marg, pick)
        margins.append(float(rest.min() - marg[pick]) if len(rest) else math.inf)
        total = float(marg[pick])
    return choice, margins, total


def cheapest(costs: ChainCosts) -> float:
    """The cost of the cheapest chain."""
    return _cheapest(costs)[1]


def _cheapest(costs: ChainCosts) -> tuple[list[int], float]:
    """The cheapest chain's choices and cost, without margins."""
    n, m = len(costs.unary), costs.missing
    fwd, came = _forward(costs)
    ends = [float(f.min()) + (n - 1 - k) * m for k, f in enumerate(fwd) if len(f)]
    return _back_track(costs, fwd, came), min([n * m, *ends])


DISTINCT_TRIES = 24
"""How many chains one distinct search solves at most; past that it settles for the cheapest
left, which may take a circle twice (left to the caller's settling of claims)."""
DISTINCT_REACH = 12.0
"""Margins below this are searched for exactly among chains with distinct circles."""


@dataclass(frozen=True)
class _Node:
    total: float
    bans: frozenset[tuple[int, int]]
    """(stop, circle) pairs this chain may not take."""
    choice: list[int]
    margins: list[float]


def solve_distinct(
    costs: ChainCosts, ids: list[np.ndarray], *, exact: bool = True, tries: int = DISTINCT_TRIES
) -> tuple[list[int], list[float]]:
    """Like `solve`, but no two stops take one circle (`ids[k][i]`: the circle of stop k's
    option i). A line's stroke drawn back and forth between two circles costs nothing, so
    the cheapest chain alone may send two stops to the same circle (one of them a stop
    missing from the print). A margin below `DISTINCT_REACH` is that of the cheapest chain
    with distinct circles where the stop takes another circle or none; the others are lower
    bounds (as is any margin whose search ran out of `tries`, and all of them without `exact`)."""
    best, rest = _distinct(costs, ids, frozenset(), tries=tries)
    margins = []
    for k, low in enumerate(best.margins):
        for node in rest:
            same = node.choice[k] == best.choice[k]
            low = min(low, node.total - best.total + (node.margins[k] if same else 0.0))
        if exact and low < DISTINCT_REACH and best.choice[k] != NONE:
            circle = int(ids[k][best.choice[k]])
            other, _ = _distinct(costs, ids, frozenset({(k, circle)}), margins=False, tries=tries)
            low = max(low, other.total - best.total)
        margins.append(low)
    return best.choice, margins


def cheapest_distinct(
    costs: ChainCosts, ids: list[np.ndarray], *, tries: int = DISTINCT_TRIES
) -> float:
    """The cost of the cheapest chain whose stops take distinct circles (`solve_distinct`)."""
    return _distinct(costs, ids, frozenset(), margins=False, tries=tries)[0].total


def _twice(choice: list[int], ids: list[np.ndarray]) -> tuple[int, list[int]] | None:
    """A circle two or more stops take, and those stops."""
    by: dict[int, list[int]] = {}
    for k, i in enumerate(choice):
        if i != NONE:
            by.setdefault(int(ids[k][i]), []).append(k)
    return next(((c, ks) for c, ks in by.items() if len(ks) > 1), None)


def _distinct(
    costs: ChainCosts,
    ids: list[np.ndarray],
    bans: frozenset[tuple[int, int]],
    *,
    margins: bool = True,
    tries: int = DISTINCT_TRIES,
) -> tuple[_Node, list[_Node]]:
    """Best first over bans (a ban only makes a chain dearer): the cheapest chain with
    distinct circles that keeps `bans`, and the chains left open, which with it cover every
    such chain (with their margins, or none)."""

    def node(bans: frozenset[tuple[int, int]]) -> _Node:
        unary = list(costs.unary)
        for k, circle in bans:
            unary[k] = np.where(ids[k] == circle, math.inf, unary[k])
        if not margins:
            choice, total = _cheapest(replace(costs, unary=unary))
            return _Node(total, bans, choice, [])
        choice, found, total = _solve(replace(costs, unary=unary))
        return _Node(total, bans, choice, found)

    root = node(bans)
    heap: list[tuple[float, int, _Node]] = [(root.total, 0, root)]
    seen = {root.bans}
    while True:
        top = heap[0][2]
        twice = _twice(top.choice, ids)
        if twice is None or len(seen) > tries:
            return top, [n for _, _, n in heap[1:]]
        heapq.heappop(heap)
        circle, stops = twice
        for keep in stops:
            more = top.bans | {(k, circle) for k in stops if k != keep}
            if more not in seen:
                seen.add(more)
                child = node(more)
                heapq.heappush(heap, (child.total, len(seen), child))
        if not heap:
            return top, []


def _forward(costs: ChainCosts) -> tuple[list[np.ndarray], list[list[tuple[int, int]]]]:
    """fwd[k][i]: the cheapest chain up to stop k taking option i; came: the stop taken
    before it and its option, (-1, -1) for none."""
    u, n, m, gap = costs.unary, len(costs.unary), costs.missing, costs.gap
    fwd: list[np.ndarray] = []
    came: list[list[tuple[int, int]]] = []
    for k in range(n):
        cols = np.arange(len(u[k]))
        offers: list[tuple[int, np.ndarray, np.ndarray]] = []
        for j, path, extra in ((k - 1, costs.step, 0.0), (k - 2, costs.skip, m)):
            if j >= 0 and len(fwd[j]):
                total = fwd[j][:, None] + path[j] + extra
                rows = np.argmin(total, axis=0)
                offers.append((j, total[rows, cols], rows))
        for j in range(k - 2):
            if len(fwd[j]):
                a = int(np.argmin(fwd[j]))
                price = float(fwd[j][a]) + (k - j - 1) * m + gap
                offers.append((j, np.full(len(cols), price), np.full(len(cols), a)))
        best = np.full(len(cols), k * m)
        src = [(-1, -1)] * len(cols)
        for j, vals, rows in offers:
            better = vals < best
            best[better] = vals[better]
            for i in np.nonzero(better)[0]:
                src[i] = (j, int(rows[i]))
        fwd.append(best + u[k])
        came.append(src)
    return fwd, came


def _backward(costs: ChainCosts) -> list[np.ndarray]:
    """bwd[k][i]: the cheapest rest of the chain after stop k takes option i."""
    u, n, m, gap = costs.unary, len(costs.unary), costs.missing, costs.gap
    bwd: list[np.ndarray] = [np.zeros(0)] * n
    for k in range(n - 1, -1, -1):
        best = np.full(len(u[k]), (n - 1 - k) * m)
        if k + 1 < n and len(u[k + 1]):
            best = np.minimum(best, (costs.step[k] + (u[k + 1] + bwd[k + 1])[None]).min(axis=1))
        if k + 2 < n and len(u[k + 2]):
            tail = (u[k + 2] + bwd[k + 2])[None]
            best = np.minimum(best, (costs.skip[k] + m + tail).min(axis=1))
        for l_ in range(k + 3, n):
            if len(u[l_]):
                best = np.minimum(best, float((u[l_] + bwd[l_]).min()) + (l_ - k - 1) * m + gap)
        bwd[k] = best
    return bwd


def _back_track(
    costs: ChainCosts, fwd: list[np.ndarray], came: list[list[tuple[int, int]]]
) -> list[int]:
    n, m = len(costs.unary), costs.missing
    choice = [NONE] * n
    ends = [
        (float(fwd[k][i]) + (n - 1 - k) * m, k, i) for k in range(n) for i in range(len(fwd[k]))
    ]
    if not ends or n * m <= min(ends)[0]:
        return choice
    _, k, i = min(ends)
    while k >= 0:
        choice[k] = i
        k, i = came[k][i]
    return choice
