import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from companion.colors import hex_to_rgb
from companion.data import load_map
from companion.devices.led_layout import LedLayout, Segment, default_layout
from companion.devices.leds import StripStatus
from companion.ui.strip_view import BACKGROUND, StripView


@pytest.fixture(scope="module")
def board():
    pygame.init()
    yield load_map("tests/data/mini.toml")
    pygame.quit()


def test_every_led_has_a_dot_and_lit_ones_show_their_colour(board):
    layout = default_layout(board)
    colors_of = {line.id: hex_to_rgb(line.color) for line in board.lines.values()}
    view = StripView(layout, (0, 520, 1024, 80), colors_of)
    assert sorted(view.centers) == list(range(layout.count))
    screen = pygame.Surface((1024, 600))
    colors = [(0, 0, 0)] * layout.count
    colors[layout.led("M3")] = (255, 0, 0)
    view.draw(screen, colors, StripStatus("connected"))
    assert tuple(screen.get_at(view.centers[layout.led("M3")]))[:3] == (255, 0, 0)
    assert tuple(screen.get_at(view.centers[layout.led("M2")]))[:3] != (255, 0, 0)


def test_a_long_strip_wraps_into_rows_and_stays_inside(board):
    segments = tuple(Segment(chr(65 + i), 25 * i, 25) for i in range(12))
    layout = LedLayout(300, segments)
    rect = pygame.Rect(0, 520, 1024, 80)
    view = StripView(layout, rect)
    assert len(view.centers) == 300
    assert all(rect.collidepoint(c) for c in view.centers.values())
    assert len({y for _, y in view.centers.values()}) > 1


def test_status_is_shown_when_the_strip_is_not_ok(board):
    layout = default_layout(board)
    view = StripView(layout, (0, 0, 600, 60))
    screen = pygame.Surface((600, 60))
    view.draw(screen, [], StripStatus("reconnecting", "unplugged"))
    corner = [tuple(screen.get_at((x, y)))[:3] for x in range(300, 600) for y in range(40, 60)]
    assert any(c not in (BACKGROUND, (48, 48, 56)) for c in corner)
