"""Settings → Phone view: the QR code on the box's screen reads back as the page's address
(decoded with OpenCV's QR reader, as a phone's camera would), at the smallest screen."""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import pygame

from companion.ui.phone_view import PhoneViewScreen, qr_surface
from companion.ui.settings import SettingsScreen
from tests.screen_fakes import FakeApp


@dataclass
class Running:
    enabled: bool = True
    running: bool = True
    error: str = ""

    def url(self) -> str:
        return "http://192.168.1.20:8080/"


def decode(surface: pygame.Surface) -> str:
    pixels = np.ascontiguousarray(pygame.surfarray.array3d(surface).swapaxes(0, 1))
    text, _points, _code = cv2.QRCodeDetector().detectAndDecode(pixels)
    return str(text)


def test_the_code_on_screen_is_the_address():
    app = FakeApp(None, (800, 480))
    app._services.web = Running()
    app.push(SettingsScreen(app))
    app.top.index = [item.text for item in app.top.items].index("Phone view")
    app.press("ok")
    assert isinstance(app.top, PhoneViewScreen)
    assert decode(app.draw()) == "http://192.168.1.20:8080/"
    app.press("back")
    assert isinstance(app.top, SettingsScreen)


def test_the_code_keeps_its_quiet_zone_and_whole_pixels():
    code = qr_surface("http://10.0.0.7:8080/", 200)
    assert code.get_width() <= 200 and code.get_width() == code.get_height()
    assert code.get_at((2, 2))[:3] == (255, 255, 255)
    assert decode(code) == "http://10.0.0.7:8080/"
