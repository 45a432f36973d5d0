"""The printed boards the map fit is measured on look like real prints: no two stations' circles
overlap, and every station stays within the promised distance of the default map."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pytest

from companion.data import load_map
from companion.metro.board import BoardMap
from companion.vision.fitboards import GAP_MM, printed_board


def _crowded(board: BoardMap, where: Mapping[str, tuple[float, float]]) -> list[str]:
    """Pairs of different stations' circles closer than `GAP_MM` apart."""
    ids = sorted(where)
    station = {sid: (st.id if (st := board.station_of(sid)) else sid) for sid in ids}
    out = []
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            if station[a] == station[b]:
                continue
            gap = math.dist(where[a], where[b]) - board.stop(a).radius_mm - board.stop(b).radius_mm
            if gap < GAP_MM:
                out.append(f"{a}-{b} {gap:.1f} mm")
    return out


@pytest.fixture(scope="module", params=["tokyo", "osaka"])
def board(request: pytest.FixtureRequest) -> BoardMap:
    return load_map(request.param)


def test_the_default_map_keeps_the_gap_between_stations(board: BoardMap) -> None:
    assert _crowded(board, {s.id: (s.x_mm, s.y_mm) for s in board.stops()}) == []


@pytest.mark.parametrize("seed", [0, 3, 7, 11, 19])
def test_no_two_stations_circles_overlap_on_a_printed_board(board: BoardMap, seed: int) -> None:
    printed = printed_board(board, seed)
    assert _crowded(board, printed.truth) == []
    moved = [
        math.dist(xy, (board.stop(s).x_mm, board.stop(s).y_mm)) for s, xy in printed.truth.items()
    ]
    assert max(moved) <= 30.0
    assert sum(d > 10.0 for d in moved) > len(moved) / 2


def test_a_printed_board_is_the_same_for_the_same_seed(board: BoardMap) -> None:
    assert printed_board(board, 5).truth == printed_board(board, 5).truth
    assert printed_board(board, 5).truth != printed_board(board, 6).truth
