"""List, message and dialog pieces shared by the Metro screens.

`draw_options` is a list whose greyed entries carry the reason they cannot be chosen, with line
badges and player chips; the app's `companion.ui.widgets` has no such list, so it lives here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from companion.i18n import _
from companion.ui.metro import common as c
from companion.ui.screen import Action, AppContext, Input, Screen


@dataclass(frozen=True)
class Option:
    label: str
    value: Any
    reason: str | None = None
    """Why it cannot be chosen now (the option is greyed), or None."""
    line: str | None = None
    player: str | None = None
    detail: str = ""


def draw_options(
    surface: pygame.Surface,
    theme: Any,
    rules: Any,
    area: pygame.Rect,
    options: Sequence[Option],
    cursor: int,
) -> None:
    """A list with the cursor row highlighted, scrolled to keep the cursor visible."""
    fnt = c.font(theme, "medium")
    small = c.font(theme, "small")
    row_h = fnt.get_linesize() + 10
    rows = max(1, area.height // row_h)
    first = min(max(0, cursor - rows // 2), max(0, len(options) - rows))
    fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
    accent = c.theme_color(theme, "accent")
    for i, opt in enumerate(options[first : first + rows]):
        index = first + i
        y = area.y + i * row_h
        row = pygame.Rect(area.x, y, area.width, row_h - 4)
        if index == cursor:
            pygame.draw.rect(surface, (52, 58, 74), row, border_radius=8)
            pygame.draw.rect(surface, accent, row, width=3, border_radius=8)
        x = row.x + 8
        chip_h = row.height - 8
        if opt.line is not None:
            c.line_badge(surface, fnt, rules, opt.line, pygame.Rect(x, y + 2, chip_h, chip_h))
            x += chip_h + 10
        if opt.player is not None:
            x = c.player_chip(surface, fnt, opt.player, (x, y + 2), chip_h).right + 10
        color = fg if opt.reason is None else muted
        r = c.blit_text(surface, fnt, opt.label, color, (x, row.centery), "midleft")
        right = row.right - 10
        if opt.detail:
            right = c.blit_text(surface, fnt, opt.detail, color, (right, row.centery), "midright").x
        if opt.reason is not None:
            c.blit_text(
                surface,
                small,
                opt.reason,
                muted,
                (r.right + 16, row.centery),
                "midleft",
                max(0, right - r.right - 26),
            )
    if first > 0 or first + rows < len(options):
        c.blit_text(
            surface, small, f"{cursor + 1}/{len(options)}", muted, area.topright, "bottomright"
        )


def draw_error(surface: pygame.Surface, theme: Any, message: str) -> None:
    """The reason an entry was refused, in big type over the lower part of the screen."""
    fnt = c.font(theme, "big")
    w = surface.get_width() - 4 * c.margin(theme, surface)
    lines = c.wrap(fnt, message, w - 40)
    h = len(lines) * fnt.get_linesize() + 30
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - c.hint_height(theme) - 10)
    pygame.draw.rect(surface, (120, 24, 24), box, border_radius=12)
    pygame.draw.rect(surface, c.theme_color(theme, "bad"), box, width=4, border_radius=12)
    for i, line in enumerate(lines):
        pos = (box.centerx, box.y + 15 + i * fnt.get_linesize())
        c.blit_text(surface, fnt, line, (255, 255, 255), pos, "midtop", w - 30)


def draw_title(surface: pygame.Surface, theme: Any, title: str, subtitle: str = "") -> int:
    """Title bar; returns the y where the body starts."""
    m = c.margin(theme, surface)
    fnt = c.font(theme, "big")
    r = c.blit_text(surface, fnt, title, c.theme_color(theme, "accent"), (m, m))
    if subtitle:
        medium = c.font(theme, "medium")
        c.blit_text(
            surface,
            medium,
            subtitle,
            c.theme_color(theme, "foreground"),
            (r.right + 2 * m, r.centery),
            "midleft",
        )
    return r.bottom + m


class MenuScreen(Screen):
    """A list of commands: OK runs the one under the cursor (it decides whether to pop)."""

    name = "metro-menu"

    def __init__(
        self,
        app: AppContext,
        title: str,
        items: Sequence[tuple[Option, Callable[[], None]]],
        back: tuple[str, Callable[[], None]] | None = None,
    ) -> None:
        """`back`: what BACK does here and its hint (default: close the menu)."""
        super().__init__(app)
        self.title = title
        self.items = list(items)
        self.cursor = 0
        self.error = ""
        self.back = back

    def handle(self, event: Input) -> None:
        a = event.action
        self.error = ""
        if a is Action.BACK:
            if self.back is not None:
                self.back[1]()
            else:
                self.app.pop()
        elif a is Action.UP:
            self.cursor = (self.cursor - 1) % len(self.items)
        elif a is Action.DOWN:
            self.cursor = (self.cursor + 1) % len(self.items)
        elif a is Action.OK:
            opt, run = self.items[self.cursor]
            if opt.reason is not None:
                self.error = opt.reason
                self.app.play("error")
            else:
                run()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        m = c.margin(theme, surface)
        top = draw_title(surface, theme, self.title)
        area = pygame.Rect(
            m,
            top,
            surface.get_width() - 2 * m,
            surface.get_height() - c.hint_height(theme) - m - top,
        )
        session = self.app.services.session
        draw_options(
            surface,
            theme,
            session.rules if session else None,
            area,
            [o for o, _r in self.items],
            self.cursor,
        )
        back = self.back[0] if self.back is not None else _("Back")
        c.hint_bar(surface, theme, [("ud", _("Choose")), ("ok", _("Open")), ("back", back)])
        if self.error:
            draw_error(surface, theme, self.error)


def confirm(app: AppContext, question: str, yes: Callable[[], None]) -> None:
    """Ask a yes/no question over the current screen: the app's ConfirmDialog (No preselected,
    an arrow moves to Yes) when it is there, else `ConfirmScreen` (OK = yes)."""
    try:
        from companion.ui.widgets import ConfirmDialog  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        app.push(ConfirmScreen(app, question, yes))
        return
    app.push(ConfirmDialog(app, lambda: question, yes))


class ConfirmScreen(Screen):
    """A question over the screen below: OK = yes, BACK = no."""

    name = "metro-confirm"
    opaque = False

    def __init__(self, app: AppContext, question: str, yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.yes = yes

    def handle(self, event: Input) -> None:
        if event.action is Action.OK:
            self.app.pop()
            self.yes()
        elif event.action is Action.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        fnt = c.font(theme, "big")
        w = int(surface.get_width() * 0.8)
        lines = c.wrap(fnt, self.question, w - 40)
        h = (len(lines) + 1) * fnt.get_linesize() + 50
        box = pygame.Rect(0, 0, w, h)
        box.center = surface.get_rect().center
        pygame.draw.rect(surface, (40, 44, 56), box, border_radius=14)
        pygame.draw.rect(surface, c.theme_color(theme, "accent"), box, width=4, border_radius=14)
        y = box.y + 20
        for line in lines:
            y = c.blit_text(
                surface, fnt, line, c.theme_color(theme, "foreground"), (box.centerx, y), "midtop"
            ).bottom
        small = c.font(theme, "medium")
        y += 16
        r = c.key_cap(surface, small, "ok", (box.x + 30, y), c.theme_color(theme, "good"))
        c.blit_text(surface, small, _("Yes"), c.theme_color(theme, "good"), (r.right + 10, y))
        r = c.key_cap(surface, small, "back", (box.centerx + 20, y), c.theme_color(theme, "bad"))
        c.blit_text(surface, small, _("No"), c.theme_color(theme, "bad"), (r.right + 10, y))
