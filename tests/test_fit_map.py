"""The map fit on printed boards unlike the default map, and the owner's map in the data dir."""

from __future__ import annotations

import json
import math
import tomllib

import pytest

from companion import data
from companion.cli import main as cli
from companion.data import load_map, map_choice
from companion.vision.fitboards import photograph, printed_board, score
from companion.vision.fitmap import fit_map
from companion.vision.markers import load_layout


@pytest.fixture(scope="module")
def tokyo():
    board = load_map("tokyo")
    return board, load_layout(None, board.width_mm, board.height_mm)


@pytest.mark.parametrize(
    ("seed", "lighting", "pose"), [(1, "warm", "tilted"), (8, "window", "offset")]
)
def test_fit_places_stops_on_their_own_circles_and_reports_the_rest(tokyo, seed, lighting, pose):
    board, layout = tokyo
    printed = printed_board(board, seed)
    fit = fit_map(
        board, layout, photograph(printed, layout, seed=seed, lighting=lighting, pose=pose).image
    )
    got = score({s.stop_id: s.found for s in fit.stops.values()}, printed)
    assert got.wrong == 0
    # Issue 17 asks 95 % and none wrong: these two boards meet it, and so do the benchmark's 24
    # boards taken together (96.0 %, none wrong), though not every one of them does.
    assert got.within_3mm >= 0.95 * got.stops
    assert got.within_3mm + got.not_placed == got.stops
    assert all(fit.stops[sid].found is None for sid in printed.missing)
    assert all(s.confidence >= 0.5 for s in fit.placed())
    assert all(s.confidence < 0.5 for s in fit.not_placed())
    g = printed.board.grid
    assert abs(fit.grid.origin_mm[0] - g.origin_x_mm) < 1.5
    assert abs(fit.grid.origin_mm[1] - g.origin_y_mm) < 1.5
    assert abs(fit.grid.square_mm[0] - g.square_w_mm) < 0.1


@pytest.mark.parametrize(
    ("seed", "lighting", "pose", "missing"),
    [(4, "warm", "tilted", "H4"), (20, "dim", "offset", "Y7")],
)
def test_a_stop_missing_from_the_print_is_not_placed_on_a_rival_circle(
    tokyo, seed, lighting, pose, missing, shifted_lens
):
    """Two of the benchmark's boards (as rendered with the lens shifted, `render.shifted_lens`)
    where the fit once placed a stop missing from the print:
    H4 on H3's circle (H3 itself unsure, so nothing but H4's lead told them apart), Y7 on a
    patch of paper beside its line's stroke (a ring light on one side); and on the second,
    N5 on the circle of C4, a line of nearly its colour, nearer N5's expected place."""
    board, layout = tokyo
    printed = printed_board(board, seed)
    assert missing in printed.missing
    shot = photograph(printed, layout, seed=seed, lighting=lighting, pose=pose)
    fit = fit_map(board, layout, shot.image)
    got = score({s.stop_id: s.found for s in fit.stops.values()}, printed)
    assert fit.stops[missing].found is None and fit.stops[missing].confidence < 0.5
    assert got.wrong == 0


def test_fit_map_command_writes_the_map_and_a_report_and_keeps_the_original(
    tokyo, tmp_path, capsys
):
    import cv2

    board, layout = tokyo
    printed = printed_board(board, 2)
    photo = tmp_path / "empty.png"
    cv2.imwrite(
        str(photo), photograph(printed, layout, seed=2, lighting="daylight", pose="overhead").image
    )
    original = data.map_path("tokyo").read_text()
    assert (
        cli(["vision", "fit-map", "--photo", str(photo), "--out", str(tmp_path / "out"), "--json"])
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["placed"] + len(report["not_placed"]) == 167
    written = tomllib.loads((tmp_path / "out" / "tokyo.toml").read_text())
    assert written["grid"]["columns"] == board.grid.columns
    assert data.map_path("tokyo").read_text() == original
    fitted = load_map(str(tmp_path / "out" / "tokyo.toml"))
    moved = [f for f in report["fits"] if f["found"] is not None]
    assert moved and fitted.stop(moved[0]["stop"]).x_mm == pytest.approx(
        moved[0]["found"][0], abs=0.01
    )


def test_fit_map_without_markers_is_one_clear_line(tmp_path, capsys):
    import cv2
    import numpy as np

    photo = tmp_path / "blank.png"
    cv2.imwrite(str(photo), np.full((720, 1280, 3), 128, np.uint8))
    assert cli(["vision", "fit-map", "--photo", str(photo), "--out", str(tmp_path / "o")]) == 2
    assert "markers" in capsys.readouterr().err


def _shifted_text(dx: float) -> str:
    text = data.map_path("tokyo").read_text()
    return text.replace("[56.1, 398.8],  # G1", f"[{56.1 + dx}, 398.8],  # G1")


def test_the_owners_map_is_the_map_everywhere_and_back_to_default(tmp_path):
    data.use_owner_dir(tmp_path)
    assert not map_choice("tokyo").owner
    data.save_owner_map("tokyo", _shifted_text(4.0))
    assert map_choice("tokyo").owner
    assert load_map("tokyo").stop("G1").x_mm == pytest.approx(60.1)
    assert data.load_rules("tokyo").board.stop("G1").x_mm == pytest.approx(60.1)
    assert not list((tmp_path / "maps").glob(".*")), "no temporary file left behind"
    data.reset_owner_map("tokyo")
    assert load_map("tokyo").stop("G1").x_mm == pytest.approx(56.1)


@pytest.mark.parametrize(
    "text",
    ["format = 'companion/map@1'\nid = 'tokyo'\n[grid\n", "", "id = 'tokyo'\n"],
    ids=["half-written", "empty", "not a map"],
)
def test_a_corrupt_owners_map_falls_back_to_the_default_with_a_reason(tmp_path, text):
    data.use_owner_dir(tmp_path)
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "tokyo.toml").write_text(text)
    choice = map_choice("tokyo")
    assert not choice.owner and choice.problem and "tokyo.toml" in choice.problem
    assert load_map("tokyo").stop("G1").x_mm == pytest.approx(56.1)
    assert data.owner_map_problems(["tokyo"]) == [choice.problem]


def test_an_owners_map_with_other_stops_is_refused(tmp_path):
    data.use_owner_dir(tmp_path)
    text = data.map_path("tokyo").read_text().replace("  [56.1, 398.8],  # G1 Shibuya\n", "")
    with pytest.raises(data.UserError):
        data.save_owner_map("tokyo", text)
    assert not map_choice("tokyo").owner


def test_the_app_says_on_screen_when_the_owners_map_is_unreadable(tmp_path):
    from tests.conftest import headless_app

    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "tokyo.toml").write_text("broken = [")
    app = headless_app(tmp_path)
    assert any("default map" in t.text for t in app.toasts)


def test_the_camera_follows_a_fitted_map_with_the_same_id(tmp_path):
    from companion.app.cameralink import CameraLink

    link = CameraLink("dir:" + str(tmp_path / "none"), tmp_path)
    default = load_map("tokyo")
    link.use_board(default)
    data.use_owner_dir(tmp_path)
    data.save_owner_map("tokyo", _shifted_text(4.0))
    fitted = data.load_rules("tokyo").board
    assert fitted.id == default.id and fitted != default
    link.use_board(fitted)
    assert link.board is fitted
    link.wait_started(10)
    link.close()


def test_osakas_small_circles_are_found_at_their_own_size():
    from companion.metro.board import SMALL_CIRCLE
    from companion.vision.circles import evened, find_sizes
    from companion.vision.fitmap import SCALE, rectify

    board = load_map("osaka")
    layout = load_layout(None, board.width_mm, board.height_mm)
    printed = printed_board(board, 1)
    photo = photograph(printed, layout, seed=1, lighting="daylight", pose="overhead").image
    circles = find_sizes(
        evened(rectify(board, layout, photo), SCALE), SCALE, [6.0, 6.0 * SMALL_CIRCLE]
    )
    small = [s for s in board.drawn_small() if s in printed.truth]
    found = at_size = 0
    for stop_id in small:
        d = [math.dist(printed.truth[stop_id], tuple(xy)) for xy in circles.xy_mm]
        i = min(range(len(d)), key=d.__getitem__)
        found += d[i] < 3
        at_size += d[i] < 3 and abs(circles.radius_mm[i] - 6.0 * SMALL_CIRCLE) < 0.5
    assert found >= 0.8 * len(small)
    assert at_size >= 0.7 * len(small)


@pytest.fixture(scope="module")
def osaka():
    board = load_map("osaka")
    return board, load_layout(None, board.width_mm, board.height_mm)


@pytest.mark.parametrize(
    ("seed", "lighting", "pose", "placed"),
    [(5, "shaded", "offset", ("P4", "B2", "B3", "B4")), (1, "window", "tilted", ("N1", "N3"))],
)
def test_osakas_close_small_circles_and_a_station_beside_a_missing_stop_are_placed(
    osaka, seed, lighting, pose, placed
):
    """Two of the benchmark's Osaka boards. On the first, P4's small circle was lost to a
    weaker big candidate around it, and the bus line's chain sent two stops to one circle
    (its stroke drawn back and forth costs nothing), leaving B2-B4 with margins under 3. On
    the second, N2 is not printed and nothing but a millimetre told "N2 missing" from "N1
    missing, N2 on N1's circle", though N1's station-mates are found (a station is printed
    whole)."""
    board, layout = osaka
    printed = printed_board(board, seed)
    shot = photograph(printed, layout, seed=seed, lighting=lighting, pose=pose)
    fit = fit_map(board, layout, shot.image)
    got = score({s.stop_id: s.found for s in fit.stops.values()}, printed)
    assert got.wrong == 0
    for stop_id in placed:
        found = fit.stops[stop_id].found
        assert found is not None and math.dist(found, printed.truth[stop_id]) <= 3.0, stop_id
    assert got.within_3mm >= 0.95 * got.stops


@pytest.mark.parametrize(("name", "stops"), [("tokyo", ("H4",)), ("osaka", ("B2", "B3", "B4"))])
def test_a_pale_line_beside_a_patch_and_a_patch_inside_a_station_box_are_not_placed_wrong(
    name, stops
):
    """Board 18 (window, overhead) of the benchmark, aimed. Tokyo's H4 went on a patch of paper
    between the Hibiya and Asakusa strokes: its own circle's silver ring, lighter than its box
    in places, paid a dark line's weak-ring doubt. Osaka's bus line, B4 not printed, shifted
    along by one: B2 on a patch inside B1's station box, touching B1's circle."""
    board = load_map(name)
    layout = load_layout(None, board.width_mm, board.height_mm)
    printed = printed_board(board, 18)
    shot = photograph(printed, layout, seed=18, lighting="window", pose="overhead")
    fit = fit_map(board, layout, shot.image)
    got = score({s.stop_id: s.found for s in fit.stops.values()}, printed)
    assert got.wrong == 0
    for stop_id in stops:
        found = fit.stops[stop_id].found
        truth = printed.truth.get(stop_id)
        assert found is None or (truth is not None and math.dist(found, truth) <= 3.0), stop_id
    assert got.within_3mm >= 0.9 * got.stops
