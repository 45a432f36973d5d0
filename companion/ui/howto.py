"""A game's "How to use the box" page: its registry entry's `howto` paragraphs, paged to fit
(Up/Down turn the pages), reached from the game's menu. New games only add the paragraphs."""

from __future__ import annotations

import pygame

from companion.games import GameSpec
from companion.i18n import _
from companion.ui import kit
from companion.ui.screen import Action, AppContext, Input, Screen


class HowToScreen(Screen):
    name = "howto"

    def __init__(self, app: AppContext, spec: GameSpec) -> None:
        super().__init__(app)
        self.spec = spec
        self.page = 0
        self.pages = 1

    def handle(self, event: Input) -> None:
        if event.action is Action.DOWN or event.action is Action.RIGHT:
            self.page = min(self.page + 1, self.pages - 1)
        elif event.action is Action.UP or event.action is Action.LEFT:
            self.page = max(self.page - 1, 0)
        elif event.action in (Action.BACK, Action.OK):
            self.app.pop()

    def paginate(self, fnt: pygame.font.Font, width: int, height: int) -> list[list[str]]:
        """Lines per page; a paragraph is followed by a blank line, never split across pages
        when it fits on one."""
        pages: list[list[str]] = [[]]
        rows = max(1, height // fnt.get_linesize())
        for paragraph in self.spec.howto:
            lines = [*kit.wrap(fnt, _(paragraph), width), ""]
            if pages[-1] and len(pages[-1]) + len(lines) - 1 > rows:
                pages.append([])
            for line in lines:
                if len(pages[-1]) >= rows:
                    pages.append([])
                if line or pages[-1]:
                    pages[-1].append(line)
        return [p for p in pages if p] or [[]]

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        w, h = surface.get_size()
        m = kit.margin(theme, surface)
        top = kit.draw_title(surface, theme, _(self.spec.title), _("How to use the box"))
        fnt = kit.font(theme, "medium")
        bottom = h - kit.hint_height(theme) - m
        pages = self.paginate(fnt, w - 4 * m, bottom - top)
        self.pages = len(pages)
        self.page = min(self.page, self.pages - 1)
        fg = kit.theme_color(theme, "foreground")
        y = top
        for line in pages[self.page]:
            kit.blit_text(surface, fnt, line, fg, (2 * m, y))
            y += fnt.get_linesize()
        hints = [("back", _("Close"))]
        if self.pages > 1:
            page = _("Page {n} of {total}").format(n=self.page + 1, total=self.pages)
            hints.insert(0, ("ud", page))
        kit.hint_bar(surface, theme, hints)
