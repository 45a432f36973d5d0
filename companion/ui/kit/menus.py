"""Lists of options on screen: the app's menus (`ListMenu`), the game's command menus
(`MenuScreen`), a list whose greyed rows say why (`draw_options`), and the compact setup list of
the timer games (`draw_setup_list`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from companion.colors import RGB, color_name
from companion.i18n import _
from companion.ui.kit.banners import draw_error
from companion.ui.kit.chips import (
    badge_rect,
    color_chip,
    line_badge,
    player_chip,
    player_chip_width,
)
from companion.ui.kit.hints import arrow, draw_hint, draw_title, hint_bar, hint_height
from companion.ui.kit.options import Option, Text, cursor_step, press_option, text_of
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_condensed, blit_text, ellipsize, fits_condensed, wrap
from companion.ui.kit.textlog import HINT
from companion.ui.kit.theme import Fonts, font, margin
from companion.ui.screen import Action, AppContext, Input, Screen


class ListMenu(Screen):
    """A vertical menu: UP/DOWN select, OK activates, LEFT/RIGHT change a value, BACK leaves."""

    name = "menu"

    def __init__(self, app: AppContext, title: Text, items: Sequence[Option] = ()) -> None:
        super().__init__(app)
        self.title = title
        self.items: list[Option] = list(items)
        self.index = 0
        self.hint: Text = lambda: _("Up/down: choose · OK: select · Back: return")
        self.stacked = False
        """Rows of two lines: the label, and its detail under it in reading size."""

    @property
    def theme(self) -> Any:
        return self.app.services.theme

    def selected(self) -> Option | None:
        return self.items[self.index] if self.items else None

    def handle(self, event: Input) -> None:
        if not self.items:
            super().handle(event)
            return
        moved = cursor_step(self.index, len(self.items), event)
        if moved is not None:
            self.index = moved
        elif not press_option(self.app, self.items[self.index], event, ok_cue="beep"):
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        m = theme.margin
        top = draw_title(surface, theme, text_of(self.title), left=2 * m)
        fnt, read = theme.font("medium"), theme.font("read")
        row_h = fnt.get_linesize() + m + (read.get_linesize() if self.stacked else 0)
        bottom = h - theme.font("small").get_linesize() - 2 * m
        visible = max(1, (bottom - top) // row_h)
        first = min(max(0, self.index - visible // 2), max(0, len(self.items) - visible))
        fg, muted = theme_color(theme, "foreground"), theme_color(theme, "muted")
        accent = theme_color(theme, "accent")
        size = max(12, row_h // 3)
        scrolls = len(self.items) > visible
        gutter = size + m if scrolls else 0  # a column for the arrows that say rows are hidden
        for i, item in enumerate(self.items[first : first + visible], start=first):
            y = top + (i - first) * row_h
            rect = pygame.Rect(m * 2, y, w - 4 * m - gutter, row_h - m // 2)
            if i == self.index:
                pygame.draw.rect(surface, theme_color(theme, "selected"), rect, border_radius=m)
                pygame.draw.rect(surface, accent, rect, 3, border_radius=m)
            x = rect.x + m
            color = item.color
            if color is not None:
                wide = fnt.size(color_name(color))[0] + 20  # its name at full size, never shrunk
                swatch = pygame.Rect(x, rect.y + 4, max(rect.height * 3, wide), rect.height - 8)
                color_chip(surface, theme, color, swatch)
                x = swatch.right + m
            enabled = item.enabled is None or item.enabled()
            marker = "> " if i == self.index else "  "
            label_color = fg if enabled else muted
            right = rect.right - m
            if self.stacked:
                label_y = rect.y + m // 2 + fnt.get_linesize() // 2
                pos = (x, label_y)
                label = marker + item.text
                blit_condensed(surface, fnt, label, label_color, pos, "midleft", right - x, rect)
                indent = x + fnt.size(marker)[0]
                room = right - indent
                detail = item.detail_in(lambda v, r=room: fits_condensed(read, v, r))  # type: ignore[misc]
                pos = (indent, label_y + (fnt.get_linesize() + read.get_linesize()) // 2)
                blit_condensed(surface, read, detail, label_color, pos, "midleft", room, rect)
                continue
            if item.detail:
                room = (rect.right - x) // 2
                arrows = item.on_change is not None and i == self.index
                value = item.detail_in(
                    lambda v, a=arrows, r=room: fits_condensed(fnt, f"< {v} >" if a else v, r)  # type: ignore[misc]
                )
                if arrows:
                    value = f"< {value} >"
                pos = (rect.right - m, rect.centery)
                right = blit_condensed(surface, fnt, value, accent, pos, "midright", room, rect).x
                right -= m
            label = marker + item.text
            pos = (x, rect.centery)
            blit_condensed(surface, fnt, label, label_color, pos, "midleft", right - x, rect)
        x_arrow = w - 2 * m - size // 2
        if first > 0:
            arrow(surface, "up", (x_arrow, top + size), size, accent)
        if first + visible < len(self.items):
            arrow(surface, "down", (x_arrow, top + visible * row_h - size), size, accent)
        draw_hint(surface, theme, text_of(self.hint))


def draw_options(
    surface: pygame.Surface,
    theme: Any,
    rules: Any,
    area: pygame.Rect,
    options: Sequence[Option],
    cursor: int,
) -> None:
    """A list with the cursor row highlighted, scrolled to keep the cursor visible; a greyed row
    shows why it cannot be chosen: beside its label, else on lines of its own under it (the
    row grows). `rules` colours the line badges."""
    fnt = font(theme, "medium")
    read, small = font(theme, "read"), font(theme, "small")
    row_h = fnt.get_linesize() + 10
    laid = [_laid(fnt, read, opt, area.width, row_h - 12) for opt in options]
    heights = [row_h + len(under) * read.get_linesize() for *_r, under in laid]
    first, last = _window(heights, cursor, area.height)
    fg, muted = theme_color(theme, "foreground"), theme_color(theme, "muted")
    accent = theme_color(theme, "accent")
    y = area.y
    for index in range(first, last):
        opt, (label_end, label_font, beside, under) = options[index], laid[index]
        row = pygame.Rect(area.x, y, area.width, heights[index] - 4)
        right = row.x + label_end
        y += heights[index]
        if index == cursor:
            pygame.draw.rect(surface, theme_color(theme, "selected"), row, border_radius=8)
            pygame.draw.rect(surface, accent, row, width=3, border_radius=8)
        x = row.x + 8
        chip_h = row_h - 12
        cy = row.y + (row_h - 4) // 2
        if opt.line is not None:
            cell = pygame.Rect(x, row.y + 2, chip_h, chip_h)
            x = line_badge(surface, fnt, rules, opt.line, cell).right + 10
        color = opt.color
        if color is not None:
            x = player_chip(surface, fnt, color, (x, row.y + 2), chip_h).right + 10
        text_color = fg if opt.reason is None else muted
        if opt.detail:
            room = (row.right - 10 - x) // 2
            detail = opt.detail_in(lambda v, r=room: fits_condensed(fnt, v, r))  # type: ignore[misc]
            pos = (row.right - 10, cy)
            blit_condensed(surface, fnt, detail, text_color, pos, "midright", room, row)
        pos = (x, cy)
        r = blit_condensed(
            surface, label_font, opt.text, text_color, pos, "midleft", right - x, row
        )
        if beside and opt.reason is not None:
            pos = (r.right + 16, cy)
            blit_condensed(surface, read, opt.reason, muted, pos, "midleft", right - pos[0], row)
        top = row.y + row_h - 8
        for part in under:
            blit_condensed(surface, read, part, muted, (x, top), "topleft", row.right - 10 - x, row)
            top += read.get_linesize()
    if first > 0 or last < len(options):
        mark = f"{cursor + 1}/{len(options)}"
        blit_text(surface, small, mark, muted, area.topright, "bottomright", kind=HINT)


def _laid(
    fnt: pygame.font.Font, read: pygame.font.Font, opt: Option, width: int, chip_h: int
) -> tuple[int, pygame.font.Font, bool, list[str]]:
    """How `draw_options` lays a row `width` wide out (x from the row's left): where its label
    ends (left of the detail), the label's font, whether the reason goes beside the label, and
    the reason's lines under it when not."""
    x = 8
    if opt.line is not None:
        x += badge_rect(fnt, opt.line, pygame.Rect(0, 0, chip_h, chip_h)).width + 10
    color = opt.color
    if color is not None:
        x += player_chip_width(fnt, color, chip_h) + 10
    right = width - 10
    if opt.detail:
        room = (right - x) // 2
        detail = opt.detail_in(lambda v: fits_condensed(fnt, v, room))
        right -= min(room, fnt.size(detail)[0]) + 10
    label_font = fnt if fits_condensed(fnt, opt.text, right - x) else read
    if opt.reason is None:
        return right, label_font, False, []
    label_w = min(label_font.size(opt.text)[0], right - x)
    if fits_condensed(read, opt.reason, right - x - label_w - 16):
        return right, label_font, True, []
    under = width - 10 - x
    lines = (
        [opt.reason] if fits_condensed(read, opt.reason, under) else wrap(read, opt.reason, under)
    )
    return right, label_font, False, lines


def _window(heights: Sequence[int], cursor: int, room: int) -> tuple[int, int]:
    """The rows [first, last) shown in `room` pixels: as many as fit, the cursor's among them,
    as near their middle as the ends of the list allow."""
    if not heights:
        return 0, 0
    at = min(max(0, cursor), len(heights) - 1)
    first, last = at, at + 1
    grown = True
    while grown:
        grown = False
        sides = [(first - 1, last), (first, last + 1)]
        if at - first > last - 1 - at:
            sides.reverse()
        for lo, hi in sides:
            if lo >= 0 and hi <= len(heights) and sum(heights[lo:hi]) <= room:
                first, last, grown = lo, hi, True
                break
    return first, last


class MenuScreen(Screen):
    """A list of commands: OK runs the one under the cursor (it decides whether to pop); a
    greyed one shows its reason instead."""

    name = "commands"

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
        moved = cursor_step(self.cursor, len(self.items), event)
        if moved is not None:
            self.cursor = moved
        elif a is Action.BACK:
            if self.back is not None:
                self.back[1]()
            else:
                self.app.pop()
        elif a is Action.OK:
            opt, run = self.items[self.cursor]
            if opt.reason is not None:
                self.error = opt.reason
                self.app.play("error")
            else:
                run()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(theme_color(theme, "background"))
        m = margin(theme, surface)
        top = draw_title(surface, theme, self.title)
        area = pygame.Rect(
            m,
            top,
            surface.get_width() - 2 * m,
            surface.get_height() - hint_height(theme) - m - top,
        )
        session = self.app.services.session
        rules = session.rules if session else None
        draw_options(surface, theme, rules, area, [o for o, _r in self.items], self.cursor)
        back = self.back[0] if self.back is not None else _("Back")
        hint_bar(surface, theme, [("ud", _("Choose")), ("ok", _("Open")), ("back", back)])
        if self.error:
            draw_error(surface, theme, self.error)


def draw_setup_list(
    surface: pygame.Surface,
    title: str,
    options: Sequence[Option],
    index: int,
    hint: str,
    fonts: Fonts,
    colors: dict[str, RGB],
) -> None:
    """The timer games' setup: a big title, one compact row per option, a hint at the bottom."""
    w, h = surface.get_size()
    m = max(6, h // 60)
    big, fnt, small = fonts.get(h // 9), fonts.get(h // 13), fonts.role("small", h)
    y = blit_text(surface, big, title, colors["accent"], (2 * m, m)).bottom + m
    line = fnt.get_linesize() + m // 2
    rows = max(1, (h - y - small.get_linesize() - 2 * m) // line)
    first = min(max(0, index - rows // 2), max(0, len(options) - rows))
    for i, opt in enumerate(options[first : first + rows], start=first):
        rect = pygame.Rect(m, y, w - 2 * m, line)
        if i == index:
            pygame.draw.rect(surface, colors["selected"], rect, border_radius=m)
        right = w - 2 * m
        if opt.detail:
            room = (w - 4 * m) // 2
            marks = "‹ {} ›" if opt.on_change is not None else "{}"
            value = opt.detail_in(lambda v, f=marks, r=room: fnt.size(f.format(v))[0] <= r)  # type: ignore[misc]
            shown = ellipsize(fnt, marks.format(value), room)
            pos = (right, rect.centery)
            right = blit_text(surface, fnt, shown, colors["accent"], pos, "midright").x - m
        label = ellipsize(fnt, opt.text, right - 2 * m)
        blit_text(surface, fnt, label, colors["foreground"], (2 * m, rect.centery), "midleft")
        y += line
    muted = colors["muted"]
    shown = ellipsize(small, hint, w - 2 * m)
    blit_text(surface, small, shown, muted, (w // 2, h - m), "midbottom", kind=HINT)
