"""A meeple on a station's circles with no pyramid there, its lit end of a drink colour that
is part of the meeple's own (`LOOKALIKES`): the Osaka `companion demo --drinks` table, where
Green's meeple on [4,14], 4.6 mm from Osakako's centre, was read as a confident green pyramid
with a mint drink beside it ("Green built at Osakako?")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.data import load_map
from companion.metro.state import DrinksSetup, Meeple, MetroState, new_state
from companion.vision.drink_proposals import SURE
from companion.vision.markers import load_layout
from companion.vision.model import DRINK, PYRAMID, RECONCILE_DOUBT
from companion.vision.proposals import Built, DrinkBuilt, proposals
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session, shoot

BOARD = load_map("osaka")
LAYOUT = load_layout(None, BOARD.width_mm, BOARD.height_mm)
SQUARES = {"red": (21, 6), "blue": (13, 9), "green": (4, 14), "yellow": (21, 2)}


@pytest.fixture(scope="module")
def reader() -> Reader:
    """The demo camera's calibration (`CameraLink._calibrate_synthetic`)."""
    cal = calibrate_session(BOARD, LAYOUT, "daylight", "overhead", 0).calibration
    r = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    r.read_drinks = True
    return r


def _table() -> MetroState:
    state = new_state(BOARD, list(SQUARES), metro_drinks=DrinksSetup())
    meeples = {c: Meeple(square=sq) for c, sq in SQUARES.items()}
    return replace(
        state, stations={"cosmosquare": "green", "suminoekoen": "yellow"}, meeples=meeples
    )


@pytest.mark.parametrize("seed", [9, 12, 25])
def test_a_green_meeple_on_free_circles_is_no_sure_pyramid_with_a_mint_drink(
    reader: Reader, seed: int
) -> None:
    """Its mint end is asked of the shape test with the meeple in it (no drink shape), and a
    meeple turned pyramid by a drink beside it is no surer than that drink: no question."""
    state = _table()
    raw = reader.read(
        shoot(BOARD, LAYOUT, state, seed=seed, lighting="daylight", pose="overhead").image
    )
    at = [p for p in raw.pieces if p.station == "osakako"]
    assert all(p.confidence < SURE for p in at if p.kind == DRINK)
    assert all(p.confidence < RECONCILE_DOUBT for p in at if p.kind == PYRAMID)
    asked = proposals(raw, state, board=BOARD)
    assert not [p for p in asked if isinstance(p, (Built, DrinkBuilt))], asked
