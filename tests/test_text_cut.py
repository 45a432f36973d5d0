"""The checker's cut fault (tests/textcheck.py): a line the kit shortened to fit is reported
with the text it was cut from; a text whose own words end in "…" is not cut."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.i18n import _
from companion.ui import kit
from companion.ui.kit import textlog
from companion.ui.kit.textlog import HINT, TextRecorder
from tests.textcheck import faults

SIZE = (800, 480)
WHITE = (255, 255, 255)
SENTENCE = "Maximiliano Ñoño already holds a share of line G"


def _faults(draw: Callable[[pygame.Surface, pygame.font.Font], None], cuts: bool = True):
    pygame.init()
    surface = pygame.Surface(SIZE)
    font = kit.Theme(SIZE).font("read")
    recorder = TextRecorder()
    with textlog.recording(recorder):
        draw(surface, font)
    return recorder, faults(recorder, SIZE, cuts)


def test_an_ellipsized_line_is_a_cut_naming_the_whole_text() -> None:
    def draw(surface: pygame.Surface, font: pygame.font.Font) -> None:
        kit.blit_text(surface, font, kit.ellipsize(font, SENTENCE, 200), WHITE, (10, 10))

    recorder, found = _faults(draw)
    (line,) = recorder.placed
    assert line.text.endswith("…") and line.full == SENTENCE
    assert found == [f"cut: {SENTENCE!r} shown as {line.text!r}"]
    assert _faults(draw, cuts=False)[1] == []


def test_a_wrapped_texts_last_line_cut_names_the_whole_text() -> None:
    def draw(surface: pygame.Surface, font: pygame.font.Font) -> None:
        for i, line in enumerate(kit.wrap_lines(font, SENTENCE, 250, 2)):
            kit.blit_text(surface, font, line, WHITE, (10, 10 + 40 * i))

    _recorder, found = _faults(draw)
    assert len(found) == 1 and found[0].startswith(f"cut: {SENTENCE!r} shown as ")


def test_a_condensed_line_is_whole_until_even_three_quarters_do_not_hold_it() -> None:
    def draw(width: int) -> Callable[[pygame.Surface, pygame.font.Font], None]:
        return lambda s, f: kit.blit_condensed(s, f, SENTENCE, WHITE, (10, 10), "topleft", width)

    pygame.init()
    full = kit.Theme(SIZE).font("read").size(SENTENCE)[0]
    assert _faults(draw(int(full * 0.8)))[1] == []
    assert _faults(draw(int(full * 0.5)))[1][0].startswith("cut: ")


def test_a_hint_may_be_cut() -> None:
    def draw(surface: pygame.Surface, font: pygame.font.Font) -> None:
        shown = kit.ellipsize(font, SENTENCE, 200)
        kit.blit_text(surface, font, shown, WHITE, (10, 10), kind=HINT)

    assert _faults(draw)[1] == []


def test_a_text_ending_in_its_own_ellipsis_is_not_a_cut(language: str) -> None:
    """ "Mirando el tablero…": the translation itself ends in "…", nothing was taken off."""
    text = _("Looking at the board...")

    def draw(surface: pygame.Surface, font: pygame.font.Font) -> None:
        kit.blit_text(surface, font, kit.ellipsize(font, text, 700), WHITE, (10, 10))

    recorder, found = _faults(draw)
    assert [p.text for p in recorder.placed] == [text] and found == []


def test_a_long_name_is_two_whole_lines_where_one_does_not_hold_it() -> None:
    """`kit.blit_whole`: "Maximiliano Ñoño" in a bid row's room, as the bids screen draws it."""

    def draw(surface: pygame.Surface, font: pygame.font.Font) -> None:
        kit.blit_whole(surface, font, "Maximiliano Ñoño", WHITE, (10, 40), "midleft", 160, 54)

    recorder, found = _faults(draw)
    assert [p.text for p in recorder.placed] == ["Maximiliano", "Ñoño"] and found == []
