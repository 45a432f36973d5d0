"""Chocolate milk's 36 drinks (one of each colour and shape), the stock card order and the
refill die.

ASSUMPTION (docs/chocolate.md): the box numbers the stock cards 1-6 from the left in the order
below; the rulebook's example (a 3 then a 6 is the short black can, then the tallest black one)
fixes black as the third colour, the short can as the sixth shape and the tallest as the first.
Lay the cards out in this order, or read the screen's card numbers.
"""

from __future__ import annotations

import random

from companion.i18n import N_

COLORS = ("white", "mint", "black", "blue", "red", "purple")
SHAPES = ("tallest", "tall", "slim", "chubby", "can", "short can")
SHAPE_NAMES = {
    "tallest": N_("tallest"),
    "tall": N_("tall"),
    "slim": N_("slim"),
    "chubby": N_("chubby"),
    "can": N_("can"),
    "short can": N_("short can"),
}
COUNT = len(COLORS) * len(SHAPES)
"""Drink ids are colour x 6 + shape: 0..35."""


def drink(color: int, shape: int) -> int:
    return color * len(SHAPES) + shape


def color_of(drink_id: int) -> int:
    return drink_id // len(SHAPES)


def shape_of(drink_id: int) -> int:
    return drink_id % len(SHAPES)


def roll(seed: int, n: int) -> tuple[int, int]:
    """The `n`th roll of the game's die: colour then shape, 0-5 each (the die's 1-6)."""
    rng = random.Random(f"chocolate:{seed}:{n}")
    return rng.randrange(6), rng.randrange(6)


def first_board(seed: int) -> tuple[tuple[int, ...], ...]:
    """The setup's drinks on the 3x3 plots (two on the centre one), drawn at random."""
    drawn = random.Random(f"chocolate:{seed}:setup").sample(range(COUNT), 10)
    return tuple(
        tuple(drawn[8:]) if plot == 4 else (drawn[plot - (plot > 4)],) for plot in range(9)
    )


def refill(supply: frozenset[int], rolled: tuple[int, int]) -> int | None:
    """The drink the die gives from `supply`: the rolled colour, else the next colour to the
    right that is left (wrapping from the sixth to the first); in it the rolled shape, else the
    next shape to the right that is left. None when the supply is empty."""
    color, shape = rolled
    for dc in range(len(COLORS)):
        c = (color + dc) % len(COLORS)
        for ds in range(len(SHAPES)):
            s = (shape + ds) % len(SHAPES)
            if drink(c, s) in supply:
                return drink(c, s)
    return None
