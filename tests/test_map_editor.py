"""The map editor, driven headless with pygame events."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pygame
import pytest

from companion.data import REPO_ROOT, load_map
from companion.ui.map_editor import MapEditor, rewrite_map_text

TOKYO = REPO_ROOT / "calibration" / "maps" / "tokyo.toml"


@pytest.fixture
def editor(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    path = tmp_path / "tokyo.toml"
    shutil.copy(TOKYO, path)
    return MapEditor(path, pygame.Rect(0, 0, 1000, 728))


def _drag(editor, start, end):
    editor.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    editor.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))
    )
    editor.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def test_drag_one_stop_and_save_keeps_everything_else(editor):
    before = load_map(str(editor.path))
    stop = before.stop("G9")
    start = editor.view.to_screen(stop.x_mm, stop.y_mm)
    end = (start[0] + 20, start[1] - 10)
    _drag(editor, start, end)
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=0))

    after = load_map(str(editor.path))
    moved = after.stop("G9")
    ex, ey = editor.view.to_board(*end)
    assert abs(moved.x_mm - ex) < 1 and abs(moved.y_mm - ey) < 1
    assert (moved.x_mm, moved.y_mm) != (stop.x_mm, stop.y_mm)
    for s in before.stops():
        if s.id != "G9":
            assert after.stop(s.id) == s
    assert after.stations == before.stations and after.grid == before.grid
    old_lines = TOKYO.read_text(encoding="utf-8").splitlines()
    new_lines = editor.path.read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert len(changed) == 1 and "# G9 " in changed[0][1]
    assert (
        editor.path.with_name("tokyo.toml.orig").read_text(encoding="utf-8")
        == "\n".join(old_lines) + "\n"
    )


def test_undo_and_grid_keys(editor):
    stop = editor.board.stop("M1")
    start = editor.view.to_screen(stop.x_mm, stop.y_mm)
    _drag(editor, start, (start[0] + 30, start[1]))
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_u, mod=0))
    assert editor.board.stop("M1") == stop
    origin = editor.board.grid.origin_x_mm
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHTBRACKET, mod=0))
    editor.save()
    grid = load_map(str(editor.path)).grid
    assert grid.origin_x_mm == pytest.approx(origin + 0.5)
    assert grid.square_w_mm == pytest.approx(25.2)


def test_draw_headless_with_photo(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    photo = pygame.Surface((400, 280))
    photo.fill((120, 90, 60))
    path = tmp_path / "tokyo.toml"
    shutil.copy(TOKYO, path)
    editor = MapEditor(path, pygame.Rect(0, 0, 800, 600), photo)
    screen = pygame.Surface((800, 600))
    editor.draw(screen)
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0))
    editor.draw(screen)


def test_rewrite_handles_one_line_arrays():
    text = 'id = "x"\n[[lines]]\nid = "G"\nstops = [[1, 2], [3, 4]]  # short\n'
    out = rewrite_map_text(text, {"G": [(1.5, 2.0), (3.0, 4.25)]})
    assert out == 'id = "x"\n[[lines]]\nid = "G"\nstops = [[1.5, 2], [3, 4.2]]  # short\n'


def test_tool_runs_a_few_frames(tmp_path):
    path = tmp_path / "tokyo.toml"
    shutil.copy(TOKYO, path)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, str(REPO_ROOT / "tools" / "map_editor.py"), "--map", str(path),
         "--frames", "2", "--size", "640x480"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def test_save_refuses_a_file_it_cannot_rewrite(tmp_path):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    text = (
        'id = "m"\nname = "M"\nwidth_mm = 100\nheight_mm = 100\n'
        "[grid]\norigin_mm = [0, 0]\nsquare_mm = [20, 20]\ncolumns = 5\nrows = 5\n"
        '[[lines]]\nstops = [[10, 10], [50, 50]]\nid = "G"\nname = "Ginza"\ncolor = "#F39700"\n'
    )
    path = tmp_path / "m.toml"
    path.write_text(text, encoding="utf-8")
    editor = MapEditor(path, pygame.Rect(0, 0, 600, 500))
    editor.move_stop("G1", 15, 35)
    editor.save()
    assert path.read_text(encoding="utf-8") == text
    assert "Not saved" in editor.message


def test_rewrite_with_unchanged_positions_is_the_identity():
    board = load_map("tokyo")
    text = TOKYO.read_text(encoding="utf-8")
    stops = {line.id: [(s.x_mm, s.y_mm) for s in line.stops] for line in board.lines.values()}
    grid = board.grid
    out = rewrite_map_text(
        text,
        stops,
        (grid.origin_x_mm, grid.origin_y_mm),
        (grid.square_w_mm, grid.square_h_mm),
    )
    assert out == text


def _key(editor, key):
    editor.handle_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))


def test_quitting_with_unsaved_changes_asks_first(editor):
    _key(editor, pygame.K_RIGHT)
    assert editor.dirty
    _key(editor, pygame.K_ESCAPE)
    assert editor.running and editor.quit_asked
    _key(editor, pygame.K_LEFT)
    assert editor.running and not editor.quit_asked
    editor.handle_event(pygame.event.Event(pygame.QUIT))
    assert editor.running
    editor.handle_event(pygame.event.Event(pygame.QUIT))
    assert not editor.running


def test_quitting_after_saving_does_not_ask(editor):
    _key(editor, pygame.K_RIGHT)
    _key(editor, pygame.K_s)
    _key(editor, pygame.K_ESCAPE)
    assert not editor.running


def test_window_fits_the_desktop():
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    try:
        from map_editor import fit_window
    finally:
        sys.path.pop(0)
    assert fit_window((1280, 860), (1920, 1080)) == (1280, 860)
    w, h = fit_window((1280, 860), (1024, 600))
    assert w <= 0.9 * 1024 and h <= 0.9 * 600 and abs(w / h - 1280 / 860) < 0.01
    assert fit_window((1280, 860), (-1, -1)) == (1280, 860)
