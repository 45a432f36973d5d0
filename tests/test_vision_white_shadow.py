"""A pyramid's shadow on a white stop circle is no white drink (`white_drink.shadow_only`), on
frames of the drinks benchmark (the lens centred): the shadow only dims the paper a little,
where a white drink's lit top is lighter than the paper or its side and shadow dim it more."""

from __future__ import annotations

import numpy as np
import pytest

from companion.vision import white_drink
from companion.vision.model import Reading
from companion.vision.render import Shot
from companion.vision.white_drink import glows, shadow_only
from tests.test_vision_drinks_frames import bench_frame, session_reader, settled_drinks

SEEDS = (1077, 5400)
"""The benchmark's `--seed 1077 --session-seed 5400` (Tokyo, 4 frames a session)."""


def _without_the_test(session: str, shot: Shot) -> Reading:
    """The benchmark's shot read with no brightness against the empty board: no shadow test
    for a white drink's change."""
    reader = session_reader("tokyo", session, SEEDS[1])
    reader.drinks.evidence.lit = None
    return reader.read(shot.image)


def test_a_disc_only_dimmed_a_little_is_a_shadow() -> None:
    shade = np.full(40, 0.95)
    assert shadow_only(shade)
    assert not shadow_only(np.concatenate([shade[:-4], np.full(4, 1.06)]))  # a lit top
    assert not shadow_only(np.full(40, 0.85))  # a white drink's side and shadow on white print
    assert not shadow_only(np.array([]))


def test_a_disc_glows_where_its_lit_top_is_brighter_than_the_paper() -> None:
    paper = np.full(40, 1.0)
    assert not glows(paper)
    assert glows(np.concatenate([paper[:20], np.full(20, 1.06)]))  # half of it lit
    assert not glows(np.concatenate([paper[:30], np.full(10, 1.2)]))  # a glint, not a top
    assert not glows(np.full(40, 0.95))  # a soft shadow
    assert not glows(np.array([]))


def test_no_white_drink_in_a_pyramids_shadow_on_a_white_stop_circle(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tokyo, warm light, camera tilted, a board without drinks: the pyramid's shadow on
    Ichigaya's white stop circle changed the paper as a white drink does (0.5 confidence); no
    pixel of it is lighter than the paper: no drink. The bar on standing apart from the empty
    board (`STILL`, 0.5 since wave 18) also keeps it out alone; with the bar as it was (0.3)
    and without the shadow test it is read white."""
    state, shot, raw = bench_frame("tokyo", "warm/tilted", 1, 4, *SEEDS, drinks=False)
    assert not state.drinks and "ichigaya" in state.stations
    assert not settled_drinks(state, raw)
    assert "ichigaya" not in settled_drinks(state, _without_the_test("warm/tilted", shot))
    monkeypatch.setattr(white_drink, "STILL", 0.3)
    assert settled_drinks(state, _without_the_test("warm/tilted", shot)).get("ichigaya") == "white"


def test_a_white_drink_by_a_pyramid_with_no_lit_pixel_is_still_read() -> None:
    """Tokyo, warm light, camera tilted: Gokokuji's white drink shows no pixel 3 % lighter
    than the paper, but its side and shadow dim its disc well below a soft shadow's: it is
    read."""
    state, _shot, raw = bench_frame("tokyo", "warm/tilted", 3, 4, *SEEDS)
    assert state.drinks["gokokuji"] == "white"
    assert settled_drinks(state, raw).get("gokokuji") == "white"
