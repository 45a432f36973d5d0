"""`companion vision check` names a missing marker by its corner and says why it is missing."""

from __future__ import annotations

import cv2

from companion.data import load_map
from companion.vision.check import missing_markers
from companion.vision.markers import detect, load_layout
from companion.vision.render import render

MINI = load_map("tests/data/mini.toml")


def test_the_readmes_tilted_render_has_every_marker_found() -> None:
    """Marker 1 lies whole 8 px below the top edge there: OpenCV's default detector dropped it
    (outlines within 3 px of the edge); the box's detector takes markers up to 1 px from it."""
    board = load_map("tokyo")
    layout = load_layout(None, board.width_mm, board.height_mm)
    image = render(board, layout, [], pose="tilted").image
    assert missing_markers(layout, image) == []


def test_a_covered_marker_and_one_outside_the_picture_are_told_apart() -> None:
    layout = load_layout(None, MINI.width_mm, MINI.height_mm)
    image = render(MINI, layout, [], seed=1, pose="overhead").image
    assert missing_markers(layout, image) == []
    corners = detect(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))[1]
    (x0, y0), (x1, y1) = corners.min(axis=0).astype(int), corners.max(axis=0).astype(int)

    covered = image.copy()
    covered[y0 - 4 : y1 + 4, x0 - 4 : x1 + 4] = (90, 110, 130)  # a cup over it
    assert missing_markers(layout, covered) == [
        "marker 1 (top right) is in the picture but not found: is it covered, in a reflection "
        "or out of focus?"
    ]
    cut = image[:, : (x0 + x1) // 2]  # the camera turned left: the right-hand markers go
    assert missing_markers(layout, cut) == [
        "bring marker 1 (top right) into view: it is outside the picture",
        "bring marker 2 (bottom right) into view: it is outside the picture",
    ]
