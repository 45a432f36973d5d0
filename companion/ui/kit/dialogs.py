"""Boxes over the screen below: the one yes/no confirm, and a number entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.i18n import _
from companion.money import yen
from companion.ui.kit import textlog
from companion.ui.kit.options import Text, text_of
from companion.ui.kit.palette import theme_color
from companion.ui.kit.text import blit_text, ellipsize, wrap_lines
from companion.ui.kit.textlog import HINT
from companion.ui.screen import Action, AppContext, Input, Screen


class Dialog(Screen):
    """A panel over the shaded screen below."""

    opaque = False

    @property
    def theme(self) -> Any:
        return self.app.services.theme

    def panel(self, surface: pygame.Surface, title: str) -> tuple[pygame.Rect, int]:
        """Shade the screen, draw the panel with `title` on top; returns it and the title's
        bottom."""
        theme = self.theme
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        textlog.cover(surface.get_rect(), "a dialog", hides_reading=True)
        rect = pygame.Rect(0, 0, int(w * 0.8), int(h * 0.6))
        rect.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme_color(theme, "panel"), rect, border_radius=theme.margin)
        accent = theme_color(theme, "accent")
        pygame.draw.rect(surface, accent, rect, 3, border_radius=theme.margin)
        fnt = theme.font("medium")
        y = rect.y + theme.margin
        for line in wrap_lines(fnt, title, rect.width - 2 * theme.margin, 3):
            fg = theme_color(theme, "foreground")
            y = blit_text(surface, fnt, line, fg, (rect.centerx, y), "midtop", box=rect).bottom
        return rect, y


class ConfirmDialog(Dialog):
    """Yes/No with No preselected: LEFT/RIGHT/UP/DOWN toggle, OK confirms, BACK is No."""

    name = "confirm"

    def __init__(
        self,
        app: AppContext,
        question: Text,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.question = question
        self.on_yes = on_yes
        self.on_no = on_no
        self.yes = False

    def handle(self, event: Input) -> None:
        if event.action in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            self.yes = not self.yes
        elif event.action is Action.OK:
            self.app.pop()
            (self.on_yes if self.yes else (self.on_no or (lambda: None)))()
        elif event.action is Action.BACK:
            self.app.pop()
            if self.on_no is not None:
                self.on_no()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        rect, _y = self.panel(surface, text_of(self.question))
        font = theme.font("big")
        for i, (label, is_yes) in enumerate(((_("No"), False), (_("Yes"), True))):
            box = pygame.Rect(0, 0, rect.width // 3, font.get_linesize() + theme.margin)
            box.center = (rect.x + rect.width * (1 + 2 * i) // 4, rect.bottom - rect.height // 3)
            chosen = self.yes == is_yes
            fill = theme_color(theme, "selected" if chosen else "background")
            pygame.draw.rect(surface, fill, box, border_radius=theme.margin)
            if chosen:
                accent = theme_color(theme, "accent")
                pygame.draw.rect(surface, accent, box, 4, border_radius=theme.margin)
            fg = theme_color(theme, "foreground")
            blit_text(surface, font, label, fg, box.center, "center", box=box)


def confirm(app: AppContext, question: Text, yes: Callable[[], None]) -> None:
    """Ask a yes/no question over the current screen (No preselected, an arrow moves to Yes)."""
    app.push(ConfirmDialog(app, question, yes))


class NumberEntry(Dialog):
    """A number: UP/DOWN by `step`, RIGHT/LEFT by `big_step`, OK enters, BACK cancels."""

    name = "number"

    def __init__(
        self,
        app: AppContext,
        title: Text,
        value: int,
        on_done: Callable[[int], None],
        step: int = 100,
        big_step: int = 1000,
        minimum: int = 0,
        maximum: int = 100_000,
        fmt: Callable[[int], str] = yen,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.value = value
        self.on_done = on_done
        self.step, self.big_step = step, big_step
        self.minimum, self.maximum = minimum, maximum
        self.fmt = fmt

    def _add(self, delta: int) -> None:
        self.value = min(self.maximum, max(self.minimum, self.value + delta))

    def handle(self, event: Input) -> None:
        deltas = {
            Action.UP: self.step,
            Action.DOWN: -self.step,
            Action.RIGHT: self.big_step,
            Action.LEFT: -self.big_step,
        }
        if event.action in deltas:
            assert event.action is not None
            self._add(deltas[event.action])
        elif event.action is Action.OK:
            self.app.pop()
            self.on_done(self.value)
        elif event.action is Action.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        rect, _y = self.panel(surface, text_of(self.title))
        blit_text(
            surface,
            theme.font("huge"),
            self.fmt(self.value),
            theme_color(theme, "accent"),
            rect.center,
            "center",
        )
        small = theme.font("small")
        hint = _("Up/down: ±{step} · Left/right: ±{big} · OK").format(
            step=self.fmt(self.step), big=self.fmt(self.big_step)
        )
        blit_text(
            surface,
            small,
            ellipsize(small, hint, rect.width - 2 * theme.margin),
            theme_color(theme, "muted"),
            (rect.centerx, rect.bottom - theme.margin),
            "midbottom",
            kind=HINT,
            box=rect,
        )
