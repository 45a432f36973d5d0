"""Markers, tracker, proposals, frame sources and the camera service."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

import cv2
import numpy as np
import pytest

from companion.data import load_map, read_toml
from companion.errors import UserError
from companion.metro.state import Meeple, new_state
from companion.vision.calibrate import default_spots, light_warnings
from companion.vision.markers import (
    Locator,
    corner_of,
    default_layout,
    detect,
    load_layout,
    markers_sheet,
    parse_layout,
)
from companion.vision.model import MEEPLE, PYRAMID, Piece, Reading, station_center
from companion.vision.proposals import Built, Conflict, Missing, Moved, meeples_touching, proposals
from companion.vision.render import render
from companion.vision.service import CAMERA_LOST, NO_BOARD, OK, REJECTED, CameraService
from companion.vision.sources import CameraError, SyntheticSource, open_source
from companion.vision.tracker import Tracker

MINI = load_map("tests/data/mini.toml")


def test_markers_sheet_decodes_every_marker_at_true_scale():
    layout = parse_layout(read_toml("calibration/markers.toml"), 600, 400)
    sheet = markers_sheet(layout, dpi=300)
    assert sorted(detect(sheet)) == [0, 1, 2, 3]
    side = max(np.ptp(c[:, 0]) for c in detect(sheet).values())
    assert side == pytest.approx(40 / 25.4 * 300, rel=0.03)


def test_markers_sheet_prints_each_marker_at_its_board_corner():
    layout = parse_layout(read_toml("calibration/markers.toml"), 600, 400)
    sheet = markers_sheet(layout, dpi=150)
    h, w = sheet.shape
    for mid, corners in detect(sheet).items():
        cx, cy = corners.mean(axis=0)
        seen = ("top" if cy < h / 2 else "bottom") + "-" + ("left" if cx < w / 2 else "right")
        assert seen == corner_of(layout, layout.by_id()[mid])
    assert {corner_of(layout, m) for m in layout.markers} == {
        "top-left",
        "top-right",
        "bottom-right",
        "bottom-left",
    }
    assert corner_of(layout, layout.by_id()[3]) == "bottom-left"


def test_layout_is_anchored_to_the_board_corners():
    layout = parse_layout(read_toml("calibration/markers.toml"), 600, 400)
    by_id = layout.by_id()
    assert by_id[0].corners_mm[0] == (-45, -45)
    assert by_id[2].corners_mm[0] == (605, 405)
    with pytest.raises(UserError):
        parse_layout({"markers": [{"id": 1}]}, 600, 400)
    small = default_layout(200, 160)
    assert all(m.size_mm <= 40 for m in small.markers)


def test_locator_finds_the_board_again_after_a_nudge():
    layout = load_layout(None, MINI.width_mm, MINI.height_mm)
    locator = Locator(layout)
    a = render(MINI, layout, [], seed=1, pose="overhead")
    b = render(MINI, layout, [], seed=2, pose="tilted")
    for shot in (a, a, b):
        loc = locator.locate(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY))
        assert loc is not None
        pts = np.array([[[0, 0]], [[200, 160]]], np.float32)
        err = cv2.perspectiveTransform(pts, loc.homography) - cv2.perspectiveTransform(
            pts, shot.homography
        )
        assert np.abs(err).max() < 2.0
    assert loc.cached is False


def _reading(*pieces: Piece, ok: bool = True) -> Reading:
    return Reading(True, None if ok else "hand", tuple(pieces))


def test_tracker_accepts_after_n_identical_frames_and_ignores_hands():
    t = Tracker(3)
    a = _reading(Piece(PYRAMID, "red", 90, 30, station="ginza"))
    b = _reading(
        Piece(PYRAMID, "red", 90, 30, station="ginza"), Piece(MEEPLE, "blue", 30, 50, (1, 2))
    )
    assert t.update(a) is None and t.update(a) is None
    assert t.update(a) is a
    assert t.update(a) is None  # already accepted
    assert t.update(b) is None and t.update(_reading(ok=False)) is None
    assert t.update(b) is None and t.update(b) is None
    assert t.update(b) is b and t.accepted is b


def test_proposals_compare_the_reading_with_the_game():
    state = replace(
        new_state(MINI, ["red", "blue", "green"]),
        stations={"ginza": "red", "ueno": "green", "roppongi": "blue"},
        meeples={"blue": Meeple(square=(1, 1)), "green": Meeple(square=(5, 5))},
    )
    reading = _reading(
        Piece(PYRAMID, "red", 90, 30, station="ginza"),
        Piece(PYRAMID, "blue", 10, 30, station="shibuya"),
        Piece(PYRAMID, "red", 190, 30, station="ueno"),
        Piece(PYRAMID, "blue", 120, 130, station="roppongi"),
        Piece(MEEPLE, "blue", 70, 150, (3, 7)),
        Piece(MEEPLE, "green", 110, 110, (5, 5)),
    )
    got = proposals(reading, state)
    assert got == [
        Built("blue", "shibuya"),
        Conflict("ueno", "red", "green"),
        Moved("blue", (3, 7), (1, 1)),
    ]
    assert got[0].text(MINI) == "Blue built at Shibuya"
    assert got[2].text(MINI) == "Blue moved to [3,7]"
    assert proposals(reading, replace(state, phase="train")) == []
    gone = proposals(_reading(), state)
    assert Missing(PYRAMID, "red", "ginza") in gone and Missing(MEEPLE, "green", "[5,5]") in gone


def test_meeples_touching_a_stop():
    reading = _reading(
        Piece(MEEPLE, "red", 90, 30, (4, 1)),
        Piece(MEEPLE, "blue", 190, 10, (9, 0)),
        Piece(PYRAMID, "green", 90, 30, station="ginza"),
    )
    assert meeples_touching(reading, MINI, "G3") == ["red"]
    assert meeples_touching(reading, MINI, "H1") == []
    assert meeples_touching(
        replace(reading, pieces=(Piece(MEEPLE, "blue", 10, 130, (0, 6)),)), MINI, "H1"
    ) == ["blue"]


def test_folder_source_loops_and_bad_specs_raise_camera_error(tmp_path):
    for i in range(2):
        cv2.imwrite(str(tmp_path / f"{i}.png"), np.full((4, 4, 3), i * 100, np.uint8))
    src = open_source(f"dir:{tmp_path}")
    assert [int(src.read()[0, 0, 0]) for _ in range(3)] == [0, 100, 0]
    with pytest.raises(CameraError):
        open_source(f"dir:{tmp_path / 'nope'}")
    with pytest.raises(CameraError):
        open_source(str(tmp_path / "missing.mp4"))
    with pytest.raises(CameraError):
        open_source("synthetic")


def test_synthetic_source_draws_the_game_state():
    layout = load_layout(None, MINI.width_mm, MINI.height_mm)
    state = replace(new_state(MINI, ["red"]), stations={"ginza": "red"})
    src = SyntheticSource(MINI, layout, lambda: state)
    frame = src.read()
    assert frame is not None and frame.shape == (720, 1280, 4)
    assert (frame[..., 3] == 255).all()
    again = SyntheticSource(MINI, layout, lambda: state, alpha=False).read()
    assert again is not None and np.array_equal(frame[..., :3], again)


class FakeReader:
    """Returns scripted readings, one per frame."""

    def __init__(self, readings):
        self.readings = list(readings)

    def read(self, frame):
        return self.readings.pop(0) if self.readings else self.readings_last

    readings_last = Reading(True, None, ())


class FakeSource:
    def __init__(self, fail_after: int | None = None):
        self.reads = 0
        self.fail_after = fail_after
        self.closed = False

    def read(self):
        self.reads += 1
        if self.fail_after is not None and self.reads > self.fail_after:
            raise CameraError("unplugged")
        return np.zeros((2, 2, 3), np.uint8)

    def close(self):
        self.closed = True


def test_camera_service_status_and_accepted_reading():
    a = _reading(Piece(PYRAMID, "red", 90, 30, station="ginza"))
    reader = FakeReader([Reading(False, "no board"), a, _reading(ok=False), a, a, a])
    svc = CameraService(lambda: FakeSource(), reader, stable_frames=3)
    src = FakeSource()
    svc.step(src)
    assert svc.status.code == NO_BOARD
    svc.step(src)
    svc.step(src)
    assert svc.status.code == REJECTED and svc.status.detail == "hand"
    svc.step(src)
    svc.step(src)
    assert svc.accepted is None
    svc.step(src)
    assert svc.status.code == OK and svc.accepted is not None and svc.version == 1


def test_camera_service_thread_reports_a_lost_camera_and_retries():
    opened = []
    gate = threading.Event()

    def open_source():
        opened.append(1)
        if len(opened) >= 2:
            gate.set()
        return FakeSource(fail_after=1)

    svc = CameraService(open_source, FakeReader([]), interval=0.001, retry=0.01)
    svc.start()
    try:
        assert gate.wait(5)
        deadline = time.monotonic() + 5
        while svc.status.code != CAMERA_LOST and time.monotonic() < deadline:
            time.sleep(0.005)
        assert svc.status.code == CAMERA_LOST
        assert svc.status.text()
    finally:
        svc.stop()


def test_light_warnings_and_default_spots():
    dark = np.full((100, 100, 3), 30, np.uint8)
    assert [w.code for w in light_warnings(dark)] == ["dark"]
    glare = np.full((100, 100, 3), 180, np.uint8)
    glare[:20] = 255
    assert "glare" in [w.code for w in light_warnings(glare)]
    cast = np.zeros((100, 100, 3), np.uint8)
    cast[:] = (60, 150, 230)
    assert "cast" in [w.code for w in light_warnings(cast)]
    spots = default_spots(MINI)
    assert len(spots) == 10 and len({(s.x_mm, s.y_mm) for s in spots}) == 10


def test_reconcile_uses_the_game_to_settle_doubtful_kinds():
    state = replace(
        new_state(MINI, ["red", "blue"]),
        stations={"ginza": "blue"},
        meeples={"red": Meeple(square=(0, 0))},
    )
    gx, gy = station_center(MINI, "ginza")
    reading = _reading(
        Piece(PYRAMID, "red", 48, 28, station="shibuya", confidence=0.3),
        Piece(MEEPLE, "blue", gx + 1, gy + 1, MINI.grid.square_at(gx + 1, gy + 1), confidence=0.4),
    )
    assert proposals(reading, state, board=MINI) == [Moved("red", (2, 1), (0, 0))]
    assert proposals(reading, state)[0] == Built("red", "shibuya")


def test_a_player_has_one_meeple_so_a_second_one_read_moves_nothing():
    state = replace(
        new_state(MINI, ["red", "blue"]),
        meeples={"red": Meeple(square=(1, 1)), "blue": Meeple(square=(5, 5))},
    )
    stayed = Piece(MEEPLE, "red", 30, 30, (1, 1), confidence=0.7)
    drink = Piece(MEEPLE, "red", 90, 30, (4, 1), confidence=0.9)
    assert proposals(_reading(stayed, drink), state) == [Missing(MEEPLE, "blue", "[5,5]")]
    near = Piece(MEEPLE, "blue", 70, 70, (3, 3), confidence=0.5)
    far = Piece(MEEPLE, "blue", 150, 110, (7, 5), confidence=0.8)
    moved = proposals(_reading(stayed, far, near), state)
    assert moved == [Moved("blue", (7, 5), (5, 5))]


def test_render_is_deterministic_for_a_seed_and_writes_truth():
    layout = load_layout(None, MINI.width_mm, MINI.height_mm)
    pieces = [
        Piece(PYRAMID, "black", 10, 30, station="shibuya"),
        Piece(MEEPLE, "red", 50, 70, (2, 3)),
    ]
    a = render(MINI, layout, pieces, seed=5, lighting="warm", pose="tilted", hand=True)
    b = render(MINI, layout, pieces, seed=5, lighting="warm", pose="tilted", hand=True)
    c = render(MINI, layout, pieces, seed=6, lighting="warm", pose="tilted", hand=True)
    assert np.array_equal(a.image, b.image) and not np.array_equal(a.image, c.image)
    truth = a.truth()
    assert truth["hand"] is True and [p["kind"] for p in truth["pieces"]] == ["pyramid", "meeple"]
