"""The default Tokyo board map (calibration/maps/tokyo.toml) and the script that builds it."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from pathlib import Path

import pytest

from companion.data import REPO_ROOT, load_map

TRACK_ORDER = ("G", "M", "H", "T", "C", "Y", "Z", "N", "A", "I", "S", "E")
NAMES = {
    "G": "Ginza", "M": "Marunouchi", "H": "Hibiya", "T": "Tozai", "C": "Chiyoda",
    "Y": "Yurakucho", "Z": "Hanzomon", "N": "Namboku", "A": "Asakusa", "I": "Mita",
    "S": "Shinjuku", "E": "Oedo",
}  # fmt: skip


@pytest.fixture(scope="module")
def board():
    return load_map("tokyo")


def test_twelve_lines_in_track_order_with_names_colours_shares(board):
    assert board.track_order == TRACK_ORDER
    for line in board.lines.values():
        assert line.name == NAMES[line.id]
        assert line.color.startswith("#") and len(line.color) == 7
        assert (line.shares, line.slots) == (3, 3)
    assert len({line.color.upper() for line in board.lines.values()}) == 12


def test_each_line_has_8_to_16_stops_numbered_from_1(board):
    for line in board.lines.values():
        assert 8 <= line.length <= 16, line.id
        assert [s.number for s in line.stops] == list(range(1, line.length + 1))


def test_every_stop_is_in_exactly_one_station_of_1_to_3_stops(board):
    seen = [sid for station in board.stations.values() for sid in station.stops]
    assert sorted(seen) == sorted(s.id for s in board.stops())
    for station in board.stations.values():
        assert 1 <= len(station.stops) <= 3
        assert station.id.isascii() and station.id == station.id.lower()
        assert station.name_ja


def test_same_line_double_stops_of_the_rulebook(board):
    assert board.station_of("H6") == board.station_of("H7")
    assert board.station_of("T6") == board.station_of("T7")


def test_multi_line_stations(board):
    ginza = board.stations["ginza"]
    assert {sid[0] for sid in ginza.stops} == {"G", "M", "H"}
    multi = [s for s in board.stations.values() if len({sid[0] for sid in s.stops}) > 1]
    assert len(multi) >= 20


def test_stops_of_one_station_sit_together(board):
    for station in board.stations.values():
        stops = [board.stop(sid) for sid in station.stops]
        for a, b in itertools.combinations(stops, 2):
            assert math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) < 2 * a.radius_mm + 6


def test_no_two_circles_overlap(board):
    for a, b in itertools.combinations(list(board.stops()), 2):
        gap = math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm))
        assert gap >= a.radius_mm + b.radius_mm + 1, (a.id, b.id, gap)


def test_every_stop_is_touched_by_a_square_and_every_station_reachable(board):
    for stop in board.stops():
        assert board.squares_touching_stop(stop.id), stop.id
    for station in board.stations:
        assert board.squares_touching_station(station), station


def test_grid_square_size_and_board_size(board):
    assert 20 <= board.grid.square_w_mm <= 30
    assert board.grid.square_w_mm == board.grid.square_h_mm
    x0, y0, _, _ = board.grid.rect((0, 0))
    _, _, x1, y1 = board.grid.rect((board.grid.columns - 1, board.grid.rows - 1))
    assert x0 >= 0 and y0 >= 0 and x1 <= board.width_mm and y1 <= board.height_mm


def test_build_script_reproduces_the_committed_map(tmp_path: Path):
    out = tmp_path / "tokyo.toml"
    subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "build_tokyo_map.py"), str(out)],
        check=True,
        capture_output=True,
    )
    committed = REPO_ROOT / "calibration" / "maps" / "tokyo.toml"
    assert out.read_bytes() == committed.read_bytes()
