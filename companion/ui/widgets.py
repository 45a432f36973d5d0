"""Reusable pieces: a list menu, a number entry, a yes/no dialog, the toast banner.

Labels are callables evaluated at draw time, so a language switch shows at once. Everything is
sized from `theme` (screen height), so it reads from across a table on 800x480.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from companion.colors import color_letter, color_name, rgb, text_color_on
from companion.i18n import _
from companion.ui.screen import Action, AppContext, Input, Screen

if TYPE_CHECKING:
    from companion.app.services import Theme

Text = Callable[[], str]


def blit_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: tuple[int, int, int],
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    image = font.render(text, True, color)
    if max_width is not None and image.get_width() > max_width > 0:
        scale = max_width / image.get_width()
        image = pygame.transform.smoothscale(
            image, (max_width, max(1, int(image.get_height() * scale)))
        )
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def player_chip(
    surface: pygame.Surface, theme: Theme, color: str, rect: pygame.Rect, with_name: bool = True
) -> None:
    """A colour swatch that always carries its letter (and the name when there is room)."""
    fill = rgb(color)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 5)
    pygame.draw.rect(surface, theme.colors["foreground"], rect, 2, border_radius=rect.height // 5)
    label = color_name(color) if with_name else color_letter(color)
    blit_text(
        surface,
        theme.font("small"),
        label,
        text_color_on(fill),
        rect.center,
        "center",
        rect.width - 8,
    )


def draw_title(surface: pygame.Surface, theme: Theme, text: str) -> int:
    """The screen title; returns the y where content starts."""
    m = theme.margin
    rect = blit_text(surface, theme.font("big"), text, theme.colors["accent"], (m * 2, m))
    return rect.bottom + m


def draw_hint(surface: pygame.Surface, theme: Theme, text: str) -> None:
    w, h = surface.get_size()
    blit_text(
        surface,
        theme.font("small"),
        text,
        theme.colors["muted"],
        (w // 2, h - theme.margin),
        "midbottom",
        w - 2 * theme.margin,
    )


@dataclass
class MenuItem:
    label: Text
    on_ok: Callable[[], None] | None = None
    value: Text | None = None
    """Shown right-aligned (a setting's current value); LEFT/RIGHT call on_change(-1/+1)."""
    on_change: Callable[[int], None] | None = None
    enabled: Callable[[], bool] | None = None
    swatch: Callable[[], str | None] | None = None
    """A player colour drawn (with its letter) before the label."""


class ListMenu(Screen):
    """A vertical menu: UP/DOWN select, OK activates, LEFT/RIGHT change a value, BACK leaves."""

    name = "menu"

    def __init__(self, app: AppContext, title: Text, items: Sequence[MenuItem] = ()) -> None:
        super().__init__(app)
        self.title = title
        self.items: list[MenuItem] = list(items)
        self.index = 0
        self.hint: Text = lambda: _("Up/down: choose · OK: select · Back: return")

    @property
    def theme(self) -> Theme:
        return self.app.services.theme

    def selected(self) -> MenuItem | None:
        return self.items[self.index] if self.items else None

    def handle(self, event: Input) -> None:
        if not self.items:
            super().handle(event)
            return
        item = self.items[self.index]
        if event.action is Action.UP:
            self.index = (self.index - 1) % len(self.items)
        elif event.action is Action.DOWN:
            self.index = (self.index + 1) % len(self.items)
        elif event.action in (Action.LEFT, Action.RIGHT) and item.on_change is not None:
            item.on_change(-1 if event.action is Action.LEFT else 1)
            self.app.play("beep")
        elif event.action is Action.OK:
            if item.enabled is not None and not item.enabled():
                self.app.play("error")
            elif item.on_ok is not None:
                self.app.play("beep")
                item.on_ok()
            elif item.on_change is not None:
                item.on_change(1)
        else:
            super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        w, h = surface.get_size()
        m = theme.margin
        top = draw_title(surface, theme, self.title())
        font = theme.font("medium")
        row_h = font.get_linesize() + m
        bottom = h - theme.font("small").get_linesize() - 2 * m
        visible = max(1, (bottom - top) // row_h)
        first = min(max(0, self.index - visible // 2), max(0, len(self.items) - visible))
        for i, item in enumerate(self.items[first : first + visible], start=first):
            y = top + (i - first) * row_h
            rect = pygame.Rect(m * 2, y, w - 4 * m, row_h - m // 2)
            enabled = item.enabled is None or item.enabled()
            if i == self.index:
                pygame.draw.rect(surface, theme.colors["selected"], rect, border_radius=m)
                pygame.draw.rect(surface, theme.colors["accent"], rect, 3, border_radius=m)
            x = rect.x + m
            color = item.swatch() if item.swatch is not None else None
            if color is not None:
                chip = pygame.Rect(x, rect.y + 4, rect.height * 3, rect.height - 8)
                player_chip(surface, theme, color, chip)
                x = chip.right + m
            fg = theme.colors["foreground"] if enabled else theme.colors["muted"]
            marker = "> " if i == self.index else "  "
            blit_text(surface, font, marker + item.label(), fg, (x, rect.centery), "midleft")
            if item.value is not None:
                value = item.value()
                if item.on_change is not None and i == self.index:
                    value = f"< {value} >"
                blit_text(
                    surface,
                    font,
                    value,
                    theme.colors["accent"],
                    (rect.right - m, rect.centery),
                    "midright",
                )
        draw_hint(surface, theme, self.hint())


class Dialog(Screen):
    """A box over the screen below."""

    opaque = False

    def panel(self, surface: pygame.Surface, title: str) -> tuple[pygame.Rect, int]:
        theme: Theme = self.app.services.theme
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        rect = pygame.Rect(0, 0, int(w * 0.8), int(h * 0.6))
        rect.center = (w // 2, h // 2)
        pygame.draw.rect(surface, theme.colors["panel"], rect, border_radius=theme.margin)
        pygame.draw.rect(surface, theme.colors["accent"], rect, 3, border_radius=theme.margin)
        title_rect = blit_text(
            surface,
            theme.font("medium"),
            title,
            theme.colors["foreground"],
            (rect.centerx, rect.y + theme.margin),
            "midtop",
            rect.width - 2 * theme.margin,
        )
        return rect, title_rect.bottom


class ConfirmDialog(Dialog):
    """Yes/No; LEFT/RIGHT/UP/DOWN toggle, OK confirms, BACK is No."""

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
        theme: Theme = self.app.services.theme
        rect, _y = self.panel(surface, self.question())
        font = theme.font("big")
        for i, (label, is_yes) in enumerate(((_("No"), False), (_("Yes"), True))):
            box = pygame.Rect(0, 0, rect.width // 3, font.get_linesize() + theme.margin)
            box.center = (rect.x + rect.width * (1 + 2 * i) // 4, rect.bottom - rect.height // 3)
            chosen = self.yes == is_yes
            fill = theme.colors["selected"] if chosen else theme.colors["background"]
            pygame.draw.rect(surface, fill, box, border_radius=theme.margin)
            if chosen:
                pygame.draw.rect(
                    surface, theme.colors["accent"], box, 4, border_radius=theme.margin
                )
            blit_text(surface, font, label, theme.colors["foreground"], box.center, "center")


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
        fmt: Callable[[int], str] = lambda v: f"¥{v:,}",
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
        theme: Theme = self.app.services.theme
        rect, _y = self.panel(surface, self.title())
        blit_text(
            surface,
            theme.font("huge"),
            self.fmt(self.value),
            theme.colors["accent"],
            rect.center,
            "center",
        )
        blit_text(
            surface,
            theme.font("small"),
            _("Up/down: ±{step} · Left/right: ±{big} · OK").format(
                step=self.fmt(self.step), big=self.fmt(self.big_step)
            ),
            theme.colors["muted"],
            (rect.centerx, rect.bottom - theme.margin),
            "midbottom",
            rect.width - 2 * theme.margin,
        )


def draw_toasts(surface: pygame.Surface, theme: Theme, toasts: Sequence[Any]) -> None:
    """Banners at the top of the screen: errors in red, device status and info in blue-grey."""
    w, h = surface.get_size()
    m = theme.margin
    font = theme.font("small")
    y = h - (font.get_linesize() + 2 * m) * (len(toasts) + 1)
    for toast in toasts:
        fill = theme.colors["bad"] if toast.level == "bad" else theme.colors["panel"]
        text = font.render(toast.text, True, theme.colors["foreground"])
        if text.get_width() > w - 6 * m:
            scale = (w - 6 * m) / text.get_width()
            size = (w - 6 * m, max(1, int(text.get_height() * scale)))
            text = pygame.transform.smoothscale(text, size)
        rect = text.get_rect(midtop=(w // 2, y + m // 2)).inflate(2 * m, m)
        pygame.draw.rect(surface, fill, rect, border_radius=m)
        pygame.draw.rect(surface, theme.colors["accent"], rect, 2, border_radius=m)
        surface.blit(text, text.get_rect(center=rect.center))
        y = rect.bottom + m // 2
