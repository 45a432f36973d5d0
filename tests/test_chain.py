"""The map fit's chain solver against every possible chain of small lines."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.vision.chain import (
    DISTINCT_REACH,
    NONE,
    ChainCosts,
    cheapest,
    cheapest_distinct,
    solve,
    solve_distinct,
)


def _price(costs: ChainCosts, choice: tuple[int, ...]) -> float:
    """A chain's cost written out plainly: each stop's option or its missing price, and the
    path from the last stop taken (straight over one left out, unchecked over more)."""
    total = 0.0
    last: tuple[int, int] | None = None
    for k, option in enumerate(choice):
        if option == NONE:
            total += costs.missing
            continue
        total += float(costs.unary[k][option])
        if last is not None:
            j, a = last
            if k == j + 1:
                total += float(costs.step[j][a, option])
            elif k == j + 2:
                total += float(costs.skip[j][a, option])
            else:
                total += costs.gap
        last = (k, option)
    return total


@st.composite
def chains(draw: st.DrawFn) -> ChainCosts:
    sizes = draw(st.lists(st.integers(0, 3), min_size=1, max_size=5))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    n = len(sizes)
    return ChainCosts(
        [rng.uniform(0, 20, s) for s in sizes],
        [rng.uniform(0, 10, (sizes[k], sizes[k + 1])) for k in range(n - 1)],
        [rng.uniform(0, 10, (sizes[k], sizes[k + 2])) for k in range(n - 2)],
        draw(st.floats(2, 15)),
        draw(st.floats(0, 12)),
    )


@settings(max_examples=150, deadline=None)
@given(chains())
def test_the_chain_is_the_cheapest_and_each_margin_is_the_next_cheapest(costs):
    every = {
        choice: _price(costs, choice)
        for choice in itertools.product(*[[*range(len(u)), NONE] for u in costs.unary])
    }
    best = min(every.values())
    choice, margins = solve(costs)
    assert math.isclose(every[tuple(choice)], best, abs_tol=1e-9)
    assert math.isclose(cheapest(costs), best, abs_tol=1e-9)
    for k, margin in enumerate(margins):
        other = min((p for c, p in every.items() if c[k] != choice[k]), default=math.inf)
        assert math.isclose(other - best, margin, abs_tol=1e-9) or other == margin == math.inf


@st.composite
def chains_with_circles(draw: st.DrawFn) -> tuple[ChainCosts, list[np.ndarray]]:
    """Chains whose options are circles from a small pool, so that stops share some."""
    costs = draw(chains())
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    ids = [rng.choice(4, len(u), replace=False) for u in costs.unary]
    return costs, ids


def _distinct_circles(choice: tuple[int, ...], ids: list[np.ndarray]) -> bool:
    taken = [int(ids[k][i]) for k, i in enumerate(choice) if i != NONE]
    return len(taken) == len(set(taken))


@settings(max_examples=150, deadline=None)
@given(chains_with_circles())
def test_the_distinct_chain_is_the_cheapest_with_no_circle_taken_twice(drawn):
    costs, ids = drawn
    every = {
        choice: _price(costs, choice)
        for choice in itertools.product(*[[*range(len(u)), NONE] for u in costs.unary])
        if _distinct_circles(choice, ids)
    }
    best = min(every.values())
    choice, margins = solve_distinct(costs, ids)
    assert math.isclose(every[tuple(choice)], best, abs_tol=1e-9)
    assert math.isclose(cheapest_distinct(costs, ids), best, abs_tol=1e-9)
    for k, margin in enumerate(margins):
        other = min((p for c, p in every.items() if c[k] != choice[k]), default=math.inf)
        assert margin <= other - best + 1e-9, "a margin is never more than the real one"
        if choice[k] != NONE and other - best < DISTINCT_REACH:
            assert math.isclose(other - best, margin, abs_tol=1e-9)
