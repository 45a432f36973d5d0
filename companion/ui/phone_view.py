"""Settings → Phone view: the address phones open, as text and as a QR code, and its state."""

from __future__ import annotations

import pygame
import segno

from companion.i18n import N_, _
from companion.ui import kit
from companion.ui.screen import Action, AppContext, Input, Screen

ALONE = N_("Only the box itself can open it: it has no network, or [web] host is 127.0.0.1.")
QUIET = 4
"""Modules of white around the code: the QR standard's quiet zone, which phones need."""


def qr_surface(text: str, size: int) -> pygame.Surface:
    """`text` as a black-on-white QR code at most `size` pixels square (whole pixels a module)."""
    matrix = segno.make(text, error="m").matrix
    modules = len(matrix) + 2 * QUIET
    scale = max(1, size // modules)
    surface = pygame.Surface((modules * scale, modules * scale))
    surface.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                surface.fill((0, 0, 0), ((x + QUIET) * scale, (y + QUIET) * scale, scale, scale))
    return surface


class PhoneViewScreen(Screen):
    name = "phone-view"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self._qr: tuple[str, int, pygame.Surface] | None = None

    def handle(self, event: Input) -> None:
        if event.action in (Action.BACK, Action.OK):
            self.app.pop()

    def _code(self, url: str, size: int) -> pygame.Surface:
        if self._qr is None or self._qr[:2] != (url, size):
            self._qr = (url, size, qr_surface(url, size))
        return self._qr[2]

    def lines(self) -> tuple[str | None, list[str]]:
        """The address to show (None: nothing to open) and the lines beside it."""
        web = self.app.services.web
        if web is None or not web.enabled:
            return None, [
                _("The phone view is off."),
                _("To turn it on, write [web] enabled = true in the config file and restart."),
            ]
        if not web.running:
            return None, [_("The phone view could not start:"), web.error]
        url = web.url()
        if "//127." in url or "//[::1]" in url or "//localhost" in url:
            return url, [_(ALONE)]
        return url, [
            _("Open this address on a phone on the same network:"),
            _("The page follows the game live and cannot change it."),
        ]

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        w, h = surface.get_size()
        m = kit.margin(theme, surface)
        top = kit.draw_title(surface, theme, _("Phone view"))
        bottom = h - kit.hint_height(theme) - m
        url, lines = self.lines()
        fg = kit.theme_color(theme, "foreground")
        x = 2 * m
        if url is not None:
            code = self._code(url, min(bottom - top, w * 2 // 5))
            surface.blit(code, (x, top))
            x += code.get_width() + 2 * m
        width = w - x - 2 * m
        y = top
        fnt = kit.font(theme, "read")
        for line in lines:
            for part in kit.wrap(fnt, line, width):
                kit.blit_text(surface, fnt, part, fg, (x, y))
                y += fnt.get_linesize()
            y += fnt.get_linesize() // 2
        if url is not None:
            big = kit.font(theme, "medium")
            typed = url.removeprefix("http://").removesuffix("/")
            for part in kit.wrap(big, typed, width):
                kit.blit_text(surface, big, part, kit.theme_color(theme, "accent"), (x, y))
                y += big.get_linesize()
        kit.hint_bar(surface, theme, [("back", _("Close"))])
