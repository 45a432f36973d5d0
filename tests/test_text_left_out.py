"""The checker's left-out fault (tests/textcheck.py): a text meant for the player that a screen
did not draw for lack of room (`textlog.left_out`) is reported with where it had no room."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion import i18n
from companion.ui import kit
from companion.ui.kit import textlog
from companion.ui.kit.options import Option
from companion.ui.kit.textlog import TextRecorder
from tests.textcheck import faults

SIZE = (800, 480)
REASON = "Maximiliano Ñoño already holds a share of line G"


def _recorded(draw: Callable[[pygame.Surface, kit.Theme], None]) -> TextRecorder:
    pygame.init()
    surface = pygame.Surface(SIZE)
    recorder = TextRecorder()
    with textlog.recording(recorder):
        draw(surface, kit.Theme(SIZE))
    return recorder


def test_a_left_out_text_is_a_fault_saying_where_it_had_no_room() -> None:
    recorder = _recorded(lambda _s, _t: textlog.left_out(REASON, "a greyed row's reason"))
    fault = f"{REASON!r} left out: no room in a greyed row's reason"
    assert faults(recorder, SIZE, left_out=True) == [fault]
    assert faults(recorder, SIZE) == []
    assert faults(recorder, SIZE, left_out={"a greyed row's reason"}) == []


def test_nothing_is_kept_while_nothing_records() -> None:
    textlog.left_out(REASON, "a greyed row's reason")
    assert _recorded(lambda _s, _t: None).left == []


def test_a_cached_layer_replays_what_it_left_out() -> None:
    with textlog.capture() as layer:
        textlog.left_out(REASON, "the income track's columns")
    recorder = _recorded(lambda _s, _t: textlog.replay(layer))
    assert [gone.text for gone in recorder.left] == [REASON]


def test_the_hint_bar_reports_the_hints_it_has_no_room_for() -> None:
    hints = [("ok", "Confirm the whole thing"), ("back", "Back to where it started")] * 4

    def draw(surface: pygame.Surface, theme: kit.Theme) -> None:
        kit.hint_bar(surface, theme, hints)

    found = faults(_recorded(draw), SIZE, left_out=True)
    assert found and all("left out: no room in the hint bar" in f for f in found)


def test_a_greyed_rows_reason_too_long_beside_its_label_is_read_under_it(language: str) -> None:
    """Beside a long label the reason has no room: it goes on a line of its own, whole."""
    label = i18n._("Larger / smaller") + " · Marunouchi Marunouchi"
    options = [Option(label, reason=REASON), Option("Ginza")]

    def draw(surface: pygame.Surface, theme: kit.Theme) -> None:
        area = pygame.Rect(10, 60, 600, 300)
        kit.draw_options(surface, theme, None, area, options, 1)

    recorder = _recorded(draw)
    assert faults(recorder, SIZE, cuts=True, left_out=True) == []
    texts = [p.text for p in recorder.placed]
    first = recorder.placed[texts.index(label)]
    under = recorder.placed[texts.index(label) + 1 : texts.index("Ginza")]
    assert " ".join(p.text for p in under) == REASON
    assert all(p.rect.top >= first.rect.bottom - 4 for p in under)


def test_eight_jutaku_seats_say_their_plots_briefly_where_the_words_have_no_room(
    language: str,
) -> None:
    """Eight seats at 800x480 sit in two columns of half-width rows: where "0 of 4 plots" has
    no room even narrowed, the row says "0/4"; only a row too full for that leaves it out."""
    from companion.jutaku.jutaku import JutakuOptions
    from companion.jutaku.players import default_seats
    from companion.ui.jutaku import JutakuScreen
    from tests.screen_fakes import FakeApp

    app = FakeApp(None, SIZE)
    app.push(JutakuScreen(app, default_seats(8), JutakuOptions()))
    recorder = TextRecorder()
    with textlog.recording(recorder):
        app.draw()
    words = i18n._("{n} of {total} plots").format(n=0, total=4)
    shown = [p.text for p in recorder.placed]
    briefly = [t for t in shown if t.endswith("0/4")]
    assert briefly, shown
    assert len(briefly) + shown.count(words) + len(recorder.left) >= 8
    assert all(gone.text == words for gone in recorder.left)
