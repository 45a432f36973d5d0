"""The camera on the Osaka map: the renderer draws its board (small circles too) and the
reader finds the markers and reads the pieces on it, as on Tokyo's."""

from __future__ import annotations

import numpy as np

from companion.data import load_map
from companion.metro.board import SMALL_CIRCLE
from companion.vision.boardart import board_art
from companion.vision.markers import load_layout
from companion.vision.reader import Reader
from companion.vision.scenes import calibrate_session, random_state, score, shoot

OSAKA = load_map("osaka")
LAYOUT = load_layout(None, OSAKA.width_mm, OSAKA.height_mm)


def test_the_osaka_board_reads_and_rejects_a_hand():
    cal = calibrate_session(OSAKA, LAYOUT, "warm", "tilted", seed=51).calibration
    reader = Reader(OSAKA, LAYOUT, cal.reference, cal.colors)
    rng = np.random.default_rng(51)
    state = random_state(OSAKA, rng, 40)
    shot = shoot(OSAKA, LAYOUT, state, seed=52, lighting="warm", pose="tilted")
    right, wrong, phantoms = score(shot.pieces, list(reader.read(shot.image).pieces))
    assert wrong == 0 and phantoms == 0 and right == len(shot.pieces) >= 35
    hand = shoot(OSAKA, LAYOUT, state, seed=53, lighting="warm", pose="tilted", hand=True)
    assert reader.read(hand.image).rejected is not None


def test_small_circles_are_printed_small():
    art = board_art(OSAKA, LAYOUT)
    small = OSAKA.drawn_small()
    assert {"P2", "P9", "B2", "B7"} <= small and not small & {"P1", "P10", "B1", "B8", "M1"}
    station, circle = OSAKA.stop("P1"), OSAKA.stop("P5")
    assert art._radius(circle) == SMALL_CIRCLE * circle.radius_mm
    assert art._radius(station) == station.radius_mm
