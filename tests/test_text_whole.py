"""Lines a player reads whole or not at all: a toast confirming an entry and the camera's status
on the income track, at 800x480 in the three languages (`kit.blit_condensed`)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.i18n import _
from companion.ui import kit
from companion.ui.kit import textlog
from companion.ui.kit.textlog import TextRecorder
from companion.ui.metro.camera import CameraPrompts
from tests.textcheck import faults

SIZE = (800, 480)


@dataclass
class Toast:
    text: str
    level: str = "info"


def _drawn(draw) -> tuple[TextRecorder, pygame.Surface]:
    pygame.init()
    surface = pygame.Surface(SIZE)
    recorder = TextRecorder()
    with textlog.recording(recorder):
        draw(surface)
    return recorder, surface


def test_a_long_confirmation_toast_is_drawn_whole(language: str) -> None:
    """The drinks demo's "Blue builds a Mint vending machine at …", with Osaka's longest
    station name: narrowed, never cut, and still above the reading floor."""
    text = _("{player} builds a {drink} vending machine at {station}").format(
        player=_("Blue"), drink=_("Mint"), station="Tenjimbashisuji 6-chome"
    )
    theme = kit.Theme(SIZE)
    recorder, surface = _drawn(lambda s: kit.draw_toasts(s, theme, [Toast(text)]))
    assert [p.text for p in recorder.placed] == [text]
    assert faults(recorder, surface.get_size()) == []


def test_a_toast_too_long_to_narrow_ends_in_an_ellipsis() -> None:
    theme = kit.Theme(SIZE)
    text = "Tenjimbashisuji 6-chome " * 8
    recorder, surface = _drawn(lambda s: kit.draw_toasts(s, theme, [Toast(text)]))
    (line,) = recorder.placed
    assert line.text.endswith("…") and faults(recorder, surface.get_size()) == []


class _Camera:
    def __init__(self, code: str, status: str) -> None:
        self.status_code, self.status = code, status


class _Services:
    camera: _Camera | None = None


class _App:
    def __init__(self) -> None:
        self.services = _Services()


def _status(
    code: str, status: str, room: int, notices: tuple[str, ...] = ()
) -> tuple[list[str], CameraPrompts]:
    app = _App()
    app.services.camera = _Camera(code, status)
    prompts = CameraPrompts(app)  # type: ignore[arg-type]
    prompts.notices = list(notices)
    theme = kit.Theme(SIZE)
    right = SIZE[0] - theme.margin
    recorder, _surface = _drawn(lambda s: prompts.draw_status(s, theme, right, 8, right - room))
    return [p.text for p in recorder.placed], prompts


def test_the_camera_status_is_whole_or_a_camera_drawn_with_its_word(language: str) -> None:
    assert _status("ok", "", 400)[0] == [_("Camera: OK")]
    assert _status("ok", "", 70)[0] == ["OK"]  # beside a camera drawn in green
    lost = _("Camera lost, retrying: enter moves by hand")
    assert _status("lost", lost, 70)[0] == ["!"]
    unseen = ("Red's meeple not seen", "Blue's meeple not seen")
    assert _status("ok", "", 70, unseen)[0] == ["2"]  # the notices' number, muted


def test_a_camera_problem_is_a_toast_once_when_it_comes() -> None:
    _lines, prompts = _status("lost", "Camera lost, retrying: enter moves by hand", 70)
    assert prompts.news() == "Camera lost, retrying: enter moves by hand"
    assert prompts.news() is None
    prompts.camera.status_code = "ok"  # type: ignore[union-attr]
    assert prompts.news() is None
