"""A piece's shadow on the paper beside it is no dark piece: a black meeple reflects far less
of the light than paper does, a shadow keeps half of it or more."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.data import load_map
from companion.metro.state import Meeple, new_state
from companion.vision.markers import load_layout
from companion.vision.model import MEEPLE
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session, shoot

BOARD = load_map("tokyo")


@pytest.fixture(scope="module")
def warm_offset() -> Reader:
    layout = load_layout(None, BOARD.width_mm, BOARD.height_mm)
    cal = calibrate_session(BOARD, layout, "warm", "offset", 900).calibration
    return Reader(BOARD, layout, cal.reference, cal.colors)


def test_a_blue_meeples_shadow_under_the_warm_lamp_is_no_black_meeple(warm_offset):
    """The drinks benchmark's board (6 frames a session, warm light, offset camera) where the
    shadow of the blue meeple on [9,5] was read as a black meeple beside it."""
    stations = {
        "ueno": "red",
        "takadanobaba": "red",
        "daimon": "green",
        "otemachi-west": "red",
        "tsukiji": "green",
        "toyosu": "yellow",
        "azabu-juban": "green",
        "asakusabashi": "blue",
        "omote-sando": "blue",
        "aoyama-itchome": "blue",
        "akihabara": "black",
        "nihombashi": "blue",
    }
    squares = {"red": (28, 13), "blue": (9, 5), "green": (23, 20), "yellow": (2, 2)}
    state = replace(
        new_state(BOARD, ["red", "blue", "green", "yellow", "black"]),
        stations=stations,
        meeples={c: Meeple(square=sq) for c, sq in squares.items()} | {"black": Meeple()},
    )
    layout = warm_offset.layout
    shot = shoot(BOARD, layout, state, seed=912, lighting="warm", pose="offset")
    meeples = sorted(
        (p.color, p.place) for p in warm_offset.read(shot.image).pieces if p.kind == MEEPLE
    )
    assert meeples == sorted((c, f"[{x},{y}]") for c, (x, y) in squares.items())
