"""The screen kit: text that is squeezed but never cut, one palette, one Option."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from companion.ui.kit import (
    PALETTE,
    Option,
    Theme,
    blit_text,
    colors_of,
    handle_options,
    render,
    theme_color,
    wrap,
)
from companion.ui.screen import Action, Input


@pytest.fixture
def fonts():
    pygame.font.init()
    return Theme((800, 480))


def test_a_line_too_wide_is_squeezed_to_the_width_not_cut(fonts):
    surface = pygame.Surface((200, 50))
    rect = blit_text(
        surface, fonts.font("big"), "Marunouchi " * 5, (255, 255, 255), (0, 0), max_width=150
    )
    assert rect.width == 150


def test_cached_lines_belong_to_their_font(fonts):
    small, big = pygame.font.Font(None, 12), pygame.font.Font(None, 40)
    assert (
        render(small, "¥200", (1, 2, 3)).get_height() < render(big, "¥200", (1, 2, 3)).get_height()
    )
    assert render(small, "¥200", (1, 2, 3)) is render(small, "¥200", (1, 2, 3))


def test_wrap_keeps_every_word(fonts):
    font = fonts.font("medium")
    text = "Red takes ¥200 from the bank; line G +¥200"
    lines = wrap(font, text, 150)
    assert len(lines) > 1 and " ".join(lines) == text


def test_one_palette_for_every_theme_and_for_none():
    assert theme_color(None, "alarm") == PALETTE["alarm"]
    assert Theme((800, 480)).colors == PALETTE
    assert colors_of(object()) == PALETTE


class App:
    def __init__(self):
        self.played, self.popped = [], 0

    def play(self, cue):
        self.played.append(cue)

    def pop(self):
        self.popped += 1


def test_one_option_for_settings_lists():
    app, values, started = App(), [0], []
    options = [
        Option("Players", detail=lambda: str(values[0]), on_change=lambda d: values.append(d)),
        Option("Closed", on_ok=lambda: started.append("closed"), reason="not yet"),
        Option("Start", on_ok=lambda: started.append("start")),
    ]
    index = handle_options(app, options, 0, Input(Action.RIGHT))
    assert values == [0, 1] and app.played == ["beep"] and options[0].shown_detail == "0"
    index = handle_options(app, options, index, Input(Action.DOWN))
    index = handle_options(app, options, index, Input(Action.OK))
    assert started == [] and app.played[-1] == "error"
    index = handle_options(app, options, index, Input(Action.DOWN))
    handle_options(app, options, index, Input(Action.OK))
    assert started == ["start"]
    handle_options(app, options, index, Input(Action.BACK))
    assert app.popped == 1


@pytest.mark.parametrize("subtitle", ["", "Saisissez chaque enchère ; l'ordre en découle"])
def test_a_title_too_long_for_the_screen_wraps_inside_the_margin_at_reading_size(fonts, subtitle):
    from companion.ui.kit import draw_title, textlog, title_height
    from tests.textcheck import faults

    surface = pygame.Surface((800, 480))
    recorder = textlog.TextRecorder()
    with textlog.recording(recorder):
        top = draw_title(surface, fonts, "Enchères pour l'ordre du tour " * 2, subtitle)
    edge = pygame.surfarray.array3d(surface)[800 - fonts.margin + 1 :, :top]
    assert not edge.any() and top == title_height(
        surface, fonts, "Enchères pour l'ordre du tour " * 2, subtitle
    )
    assert len(recorder.placed) >= 2 and not faults(recorder, (800, 480))
