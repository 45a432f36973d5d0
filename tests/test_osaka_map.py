"""The default Osaka board map (calibration/maps/osaka.toml) and the script that builds it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from companion.data import REPO_ROOT, load_map, load_rules
from companion.metro import OSAKA

SHAPE = {
    # line: (name, stops, shares, disc spaces, small circles)
    "M": ("Midosuji", 14, 4, 4, 0),
    "B": ("Bus", 8, 1, 1, 6),
    "T": ("Tanimachi", 15, 4, 4, 0),
    "Y": ("Yotsubashi", 11, 3, 3, 0),
    "C": ("Chuo", 12, 3, 3, 0),
    "I": ("Imazatosuji", 9, 2, 2, 0),
    "S": ("Sennichimae", 10, 2, 2, 0),
    "N": ("Nagahori Tsurumi-ryokuchi", 11, 3, 3, 0),
    "K": ("Sakaisuji", 10, 3, 3, 0),
    "P": ("New Tram", 10, 3, 2, 8),
}
"""Golden: the map's shape as built from the real network (and the assumed share counts)."""


@pytest.fixture(scope="module")
def board():
    return load_map("osaka")


def test_ten_lines_in_the_tracks_order_with_their_shape(board):
    assert board.variant is OSAKA
    assert board.track_order == ("M", "B", "T", "Y", "C", "I", "S", "N", "K", "P")
    shape = {
        line.id: (line.name, line.length, line.shares, line.slots, len(board.small_circles(lid)))
        for lid, line in board.lines.items()
    }
    assert shape == SHAPE
    assert len(board.stations) == 66


def test_28_share_cards_and_1_to_4_of_everything(board):
    assert sum(line.shares for line in board.lines.values()) == 28
    assert {line.shares for line in board.lines.values()} == {1, 2, 3, 4}
    assert all(1 <= line.slots <= 4 for line in board.lines.values())


def test_twin_lines_have_end_stations_and_small_circles_between(board):
    for line_id, ends in (("P", ("cosmosquare", "suminoekoen")), ("B", ("taisho", "kitakagaya"))):
        line = board.lines[line_id]
        first, last = line.stops[0].id, line.stops[-1].id
        assert (board.station_of(first).id, board.station_of(last).id) == ends
        middle = tuple(s.id for s in line.stops[1:-1])
        assert board.small_circles(line_id) == middle
        assert all(board.station_of(s) is None for s in middle)
        # a small circle still has squares to board from
        assert all(board.squares_for_stop(s) for s in middle)
    assert all(not board.small_circles(lid) for lid in board.lines if lid not in "PB")


def test_interchanges_from_the_real_groups(board):
    def stops(station_id):
        return board.stations[station_id].stops

    assert stops("umeda") == ("M4", "T6", "Y1")  # Umeda, Higashi-Umeda, Nishi-Umeda
    assert stops("shinsaibashi") == ("M7", "Y4", "N4")  # Yotsubashi is Shinsaibashi's
    assert stops("cosmosquare") == ("C1", "P1")
    assert all(1 <= len(st.stops) <= 3 for st in board.stations.values())


def test_the_map_has_its_own_income_track_file():
    rules = load_rules("osaka")
    assert rules.track.pair(2900) == (2000, 900)


def test_the_builder_writes_the_same_file(tmp_path):
    out = tmp_path / "osaka.toml"
    subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "build_osaka_map.py"), str(out)],
        check=True,
        capture_output=True,
    )
    assert out.read_text("utf-8") == (REPO_ROOT / "calibration/maps/osaka.toml").read_text("utf-8")


def test_the_map_command_lists_it():
    done = subprocess.run(
        [sys.executable, "-m", "companion", "metro", "map", "--map", "osaka"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "small circles (no station): P2 P3 P4 P5 P6 P7 P8 P9" in done.stdout
    assert "B  Bus" in done.stdout and "1 share, 1 disc space" in done.stdout
