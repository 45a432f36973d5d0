"""Drink colours under the camera on frames of the drinks benchmark (the lens centred): blue
told from purple by its share of red, a piece's shadow on a printed line of a drink colour no
drink, and a purple drink the piece reader took for a blue meeple."""

from __future__ import annotations

import numpy as np

from companion.vision.drink_colors import from_lab, red_share
from companion.vision.model import Reading
from companion.vision.render import Shot
from tests.test_vision_drinks_frames import bench_frame, session_reader, settled_drinks


def _without(
    map_id: str,
    session: str,
    shot: Shot,
    hues: bool = True,
    shadows: bool = True,
    changes: bool = True,
) -> Reading:
    """The shot read afresh by its session's reader with blue and purple by Lab alone
    (`hues=False`), shadows read as the board's colour (`shadows=False`), or a drink colour's
    blob taken however little it changed (`changes=False`: `DrinkEvidence._unchanged`)."""
    reader = session_reader(map_id, session)
    evidence = reader.drinks.evidence
    palette = evidence.palette
    if not hues:
        palette.hue_pairs = []
    if not shadows:
        palette.shadowed = None
    if not changes:
        evidence._unchanged = lambda *_args: False  # type: ignore[method-assign]
    return reader.read(shot.image)


def test_red_share_is_a_colours_chromaticity_at_any_brightness() -> None:
    bgr = np.array([[210.0, 100.0, 40.0], [105.0, 50.0, 20.0], [190.0, 70.0, 140.0]])
    share = red_share(bgr)
    assert share[0] == share[1] and share[0] < 0.15 < 0.3 < share[2]


def test_from_lab_undoes_to_lab() -> None:
    from companion.vision.colormodel import to_lab

    bgr = np.array([[210.0, 100.0, 40.0], [30.0, 30.0, 30.0], [40.0, 215.0, 215.0]], np.float32)
    assert np.allclose(from_lab(to_lab(bgr)), bgr, atol=1.0)


def test_a_blue_drinks_lit_top_is_blue_not_purple() -> None:
    """Osaka, window light, overhead: Shinsaibashi's blue drink's lit top is brighter than any
    blue face calibrated, and more of its pixels are nearest purple than blue in Lab; by their
    share of red they are blue."""
    state, shot, raw = bench_frame("osaka", "window/overhead", 5, 6)
    assert state.drinks["shinsaibashi"] == "blue"
    assert settled_drinks(state, raw).get("shinsaibashi") == "blue"
    lab_only = _without("osaka", "window/overhead", shot, hues=False)
    assert settled_drinks(state, lab_only).get("shinsaibashi") == "purple"


def test_a_meeples_shadow_on_a_red_line_is_no_red_drink() -> None:
    """Tokyo, daylight, overhead: Yellow's meeple stands on Hongo-sanchome's circles, and its
    shadow on the red Marunouchi line beside it looks like a red drink's shaded side; the board
    there is only dimmed alike in every channel, and the change test hardly sees it change:
    no drink, by either test alone."""
    state, shot, raw = bench_frame("tokyo", "daylight/overhead", 4, 6)
    assert "hongo-sanchome" not in state.drinks
    assert "hongo-sanchome" not in settled_drinks(state, raw)
    for shadows, changes in ((False, True), (True, False)):
        one = _without("tokyo", "daylight/overhead", shot, shadows=shadows, changes=changes)
        assert "hongo-sanchome" not in settled_drinks(state, one)
    neither = _without("tokyo", "daylight/overhead", shot, shadows=False, changes=False)
    assert settled_drinks(state, neither).get("hongo-sanchome") == "red"


def test_a_purple_drink_read_as_a_blue_meeple_is_the_drink() -> None:
    """Osaka, window light, camera offset: Takaida's purple drink is read as a blue meeple
    (purple is no Metro colour); hardly a pixel round it is blue: it is the drink."""
    state, _shot, raw = bench_frame("osaka", "window/offset", 1, 6)
    assert state.drinks["takaida"] == "purple" and "blue" not in state.meeples
    assert settled_drinks(state, raw).get("takaida") == "purple"
