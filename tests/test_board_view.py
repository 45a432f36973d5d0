"""Drawing the board headless: geometry round-trips and every piece draws."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.data import load_map
from companion.metro.state import Meeple, Train, new_state
from companion.metro.vehicles import VehicleId as V
from companion.ui.board_view import BoardView, draw_legend

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(scope="module")
def board():
    return load_map("tokyo")


@pytest.fixture(scope="module")
def view(board):
    pygame.init()
    return BoardView(board, pygame.Rect(10, 20, 1024, 600))


def test_fits_the_rect_and_keeps_aspect(view, board):
    x0, y0 = view.to_screen(0, 0)
    x1, y1 = view.to_screen(board.width_mm, board.height_mm)
    assert view.rect.collidepoint(x0, y0) and x1 <= view.rect.right and y1 <= view.rect.bottom
    assert (x1 - x0) / (y1 - y0) == pytest.approx(board.width_mm / board.height_mm, rel=0.01)
    assert max(x1 - x0 - view.rect.w, y1 - y0 - view.rect.h) >= -1


@given(st.floats(0, 800), st.floats(0, 560))
def test_to_screen_to_board_round_trip(view, x, y):
    bx, by = view.to_board(*view.to_screen(x, y))
    assert abs(bx - x) <= 0.5 / view.scale + 1e-9 and abs(by - y) <= 0.5 / view.scale + 1e-9


def test_stop_at_finds_the_circle_under_the_pointer(view, board):
    stop = board.stop("G9")
    assert view.stop_at(*view.to_screen(stop.x_mm, stop.y_mm)) == stop
    assert view.stop_at(*view.to_screen(1, 1)) is None


def test_draws_map_and_every_kind_of_piece(view, board):
    state = new_state(board, ["red", "blue", "green", "yellow", "black"])
    state = replace(
        state,
        stations={"ginza": "red", "kayabacho": "blue", "otemachi": "black"},
        meeples={"red": Meeple(square=(3, 4)), "blue": Meeple(riding="G", boarded_at="G2"),
                 "green": Meeple(square=(0, 0))},
        trains={V("G"): Train(4, 1), V("E"): Train(16, -1), V("H"): Train(1, 1, started=True)},
        drinks={"ginza": "pink", "kayabacho": "mystery"},
    )  # fmt: skip
    surface = pygame.Surface((1044, 640))
    view.draw(surface, state, highlight_stops=["G5", "M1", "nope"])
    center = view.to_screen(*board.grid.center((3, 4)))
    assert surface.get_at(center)[:3] != surface.get_at(view.to_screen(1, 1))[:3]
    view.draw(surface, state, trains={V("G"): Train(4.5, 1), V("M"): Train(15, 1)})  # type: ignore[arg-type]
    view.draw(surface)
    draw_legend(surface, view)


def test_static_layer_is_cached(view):
    assert view.static_layer() is view.static_layer()


def test_fractional_train_sits_between_stops(view, board):
    a, b = board.stop("G4"), board.stop("G5")
    x, y = view.train_position("G", 4.5)
    assert x == pytest.approx((a.x_mm + b.x_mm) / 2) and y == pytest.approx((a.y_mm + b.y_mm) / 2)
    assert view.train_position("G", 16) == (board.stop("G16").x_mm, board.stop("G16").y_mm)


def test_render_map_png_writes_a_picture(tmp_path):
    import subprocess
    import sys

    from companion.data import REPO_ROOT

    out = tmp_path / "map.png"
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    tool = str(REPO_ROOT / "tools" / "render_map_png.py")
    result = subprocess.run(
        [sys.executable, tool, str(out), "--size", "400x280"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert pygame.image.load(str(out)).get_size() == (400, 280)
    bad = subprocess.run(
        [sys.executable, tool, str(out), "--map", "nowhere"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and "unknown map" in bad.stderr
