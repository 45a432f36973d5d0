"""The map fit's chain solver against every possible chain of small lines."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import example, given, settings
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


def _crowded() -> tuple[ChainCosts, list[np.ndarray]]:
    """Five stops sharing four circles, where the fit's bounded search runs out of tries and
    settles for a chain taking a circle twice (a hypothesis find)."""
    a = np.array
    costs = ChainCosts(
        [
            a([4.91034449, 15.07760372, 18.91615307]),
            a([3.20956087, 0.20006957, 0.28516502]),
            a([4.69507689, 11.98746628, 2.70054684]),
            a([10.37778139, 15.95890738, 3.55156389]),
            a([1.61286347, 18.33732585, 5.51104424]),
        ],
        [
            a(
                [
                    [4.05544054, 9.10219826, 3.48521476],
                    [7.77653906, 6.76910237, 6.16985005],
                    [0.01107359, 7.11620212, 0.88197684],
                ]
            ),
            a(
                [
                    [7.62518148, 1.4297369, 7.73545672],
                    [6.975855, 1.9299967, 3.53365286],
                    [6.60212708, 5.05557725, 3.91712243],
                ]
            ),
            a(
                [
                    [9.45764119, 2.69637869, 4.40056764],
                    [6.65747029, 2.05133963, 5.99139658],
                    [2.73319626, 4.23820851, 8.82376822],
                ]
            ),
            a(
                [
                    [0.93395738, 8.73716165, 6.62805152],
                    [0.98896134, 4.06254283, 5.26373177],
                    [2.13890877, 0.63129643, 9.12849007],
                ]
            ),
        ],
        [
            a(
                [
                    [9.44370609, 6.03176642, 6.83676514],
                    [6.23584724, 0.67716075, 2.11806074],
                    [0.03084543, 1.20642448, 0.03362177],
                ]
            ),
            a(
                [
                    [9.07124723, 1.68611537, 7.35921483],
                    [6.28550536, 9.0103083, 4.6722768],
                    [8.59492133, 4.91579523, 8.75944636],
                ]
            ),
            a(
                [
                    [2.74295694, 8.36043177, 3.39265062],
                    [6.91164546, 4.96068515, 8.1744051],
                    [8.8022531, 5.29763819, 2.56470702],
                ]
            ),
        ],
        12.0,
        1.0,
    )
    ids = [a(i) for i in ([0, 1, 2], [1, 3, 0], [0, 3, 1], [1, 0, 2], [2, 0, 3])]
    return costs, ids


def test_a_search_out_of_tries_settles_for_the_cheapest_left():
    costs, ids = _crowded()
    assert not _distinct_circles(tuple(solve_distinct(costs, ids)[0]), ids)
    assert _distinct_circles(tuple(solve_distinct(costs, ids, tries=10**6)[0]), ids)


@settings(max_examples=150, deadline=None)
@given(chains_with_circles())
@example(_crowded())
def test_the_distinct_chain_is_the_cheapest_with_no_circle_taken_twice(drawn):
    costs, ids = drawn
    every = {
        choice: _price(costs, choice)
        for choice in itertools.product(*[[*range(len(u)), NONE] for u in costs.unary])
        if _distinct_circles(choice, ids)
    }
    best = min(every.values())
    # Unbounded: the search itself is exact; the fit's bound on it (`DISTINCT_TRIES`) only
    # matters on pools as small as these, where a few circles serve every stop.
    choice, margins = solve_distinct(costs, ids, tries=10**6)
    assert math.isclose(every[tuple(choice)], best, abs_tol=1e-9)
    assert math.isclose(cheapest_distinct(costs, ids, tries=10**6), best, abs_tol=1e-9)
    for k, margin in enumerate(margins):
        other = min((p for c, p in every.items() if c[k] != choice[k]), default=math.inf)
        assert margin <= other - best + 1e-9, "a margin is never more than the real one"
        if choice[k] != NONE and other - best < DISTINCT_REACH:
            assert math.isclose(other - best, margin, abs_tol=1e-9)
