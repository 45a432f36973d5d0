"""Shared pieces of the Jutaku and Countdown screens: layout of a `View`, sound cues, setup list.

The screens stay thin: the pure screen models (`companion.jutaku.views`) decide every text;
this module only lays them out, readable across a table (huge clock digits, one row per
player with the colour swatch, its letter and its name, never colour alone).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from companion.colors import rgb, text_color_on
from companion.jutaku.clock import Cue
from companion.jutaku.views import View
from companion.ui.screen import Action, Input

RGB = tuple[int, int, int]
COLORS: dict[str, RGB] = {
    "background": (18, 22, 30),
    "foreground": (240, 240, 235),
    "accent": (255, 196, 0),
    "muted": (150, 155, 165),
    "good": (70, 200, 110),
    "bad": (235, 80, 70),
    "panel": (36, 42, 56),
    "selected": (60, 72, 100),
}


def cue_sound(cue: Cue) -> str:
    """The app's sound cue name for a referee cue (companion.devices.sound.CUES)."""
    if cue.kind == "beep":
        return "beep_last" if cue.remaining is not None and cue.remaining <= 5 else "beep"
    if cue.kind == "resume":
        return "start"
    if cue.kind == "pause":
        return "prompt"
    return cue.kind


def play_cues(app: Any, cues: Iterable[Cue]) -> None:
    """Play the cues; «¡alto!» first silences whatever is still sounding (everything stops)."""
    for cue in cues:
        if cue.kind == "stop":
            sound = getattr(getattr(app, "services", None), "sound", None)
            try:
                getattr(sound, "stop_all", lambda: None)()
            except Exception:
                logging.getLogger(__name__).exception("sound stop")
        app.play(cue_sound(cue))


def light_strip(app: Any, color: RGB | None) -> None:
    """Fill the LED strip with one colour (None: dark): the caller's colour at «¡alto!», red at
    the buzzer. Best effort: a missing or failing strip never stops the game."""
    leds = getattr(getattr(app, "services", None), "leds", None)
    if leds is None:
        return
    try:
        count = len(getattr(leds, "frame", None) or ()) or int(getattr(leds, "count", 60))
        leds.show([color or (0, 0, 0)] * count)
    except Exception:
        logging.getLogger(__name__).exception("LED strip")


class Fonts:
    """Fonts by pixel size, cached: the app's font (DejaVu when installed), else pygame's."""

    def __init__(self) -> None:
        self._cache: dict[int, pygame.font.Font] = {}
        try:
            from companion.app.services import FONT_PATH
        except ImportError:
            FONT_PATH = None
        self.path: str | None = FONT_PATH
        self.scale = 0.82 if FONT_PATH else 1.0
        """DejaVu draws larger than pygame's font at the same size."""

    def get(self, px: int) -> pygame.font.Font:
        px = max(10, round(px * self.scale))
        if px not in self._cache:
            if not pygame.font.get_init():
                pygame.font.init()
            self._cache[px] = pygame.font.Font(self.path, px)
        return self._cache[px]


def colors_of(app: Any) -> dict[str, RGB]:
    theme = getattr(getattr(app, "services", None), "theme", None)
    found = getattr(theme, "colors", None)
    return dict(found) if isinstance(found, dict) else COLORS


def blit(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
) -> pygame.Rect:
    image = font.render(text, True, color)
    if max_width is not None and image.get_width() > max_width > 0:
        scale = max_width / image.get_width()
        size = (max_width, max(1, int(image.get_height() * scale)))
        image = pygame.transform.smoothscale(image, size)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_view(
    surface: pygame.Surface, view: View, fonts: Fonts, colors: dict[str, RGB], now: float
) -> None:
    """Lay out a screen model: header, huge clock, headline, player rows, hints."""
    w, h = surface.get_size()
    m = max(6, h // 60)
    fg, muted, accent = colors["foreground"], colors["muted"], colors["accent"]
    small, medium = fonts.get(h // 18), fonts.get(h // 13)
    blit(surface, small, view.title, accent, (m * 2, m))
    blit(surface, small, view.clock_label, muted, (w - m * 2, m), "topright")

    clock_color = colors["bad"] if view.urgent else fg
    if view.paused and int(now * 2) % 2 == 0:
        clock_color = muted
    clock_font = fonts.get(int(h * 0.30))
    top = m + small.get_linesize()
    clock_w = w // 2 if view.entry else w - 4 * m
    clock_x = w // 4 + m if view.entry else w // 2
    clock_rect = blit(
        surface, clock_font, view.clock, clock_color, (clock_x, top), "midtop", clock_w
    )
    if view.entry:
        entry_font = fonts.get(int(h * 0.16))
        box = pygame.Rect(w // 2 + m, top + m, w // 2 - 3 * m, clock_rect.height - 2 * m)
        pygame.draw.rect(surface, colors["panel"], box, border_radius=m)
        pygame.draw.rect(surface, accent, box, 3, border_radius=m)
        blit(surface, entry_font, view.entry, accent, box.center, "center", box.width - 2 * m)
    y = clock_rect.bottom
    head_color = accent if not view.over else colors["good"]
    y = blit(surface, medium, view.headline, head_color, (w // 2, y), "midtop", w - 4 * m).bottom
    y += m // 2

    hint_h = small.get_linesize() + m if view.hints else 0
    rows_area = pygame.Rect(m, y, w - 2 * m, h - y - hint_h - m)
    draw_rows(surface, view, fonts, colors, rows_area)
    if view.hints:
        blit(
            surface, small, "  ·  ".join(view.hints), muted, (w // 2, h - m), "midbottom", w - 2 * m
        )


def draw_rows(
    surface: pygame.Surface, view: View, fonts: Fonts, colors: dict[str, RGB], area: pygame.Rect
) -> None:
    rows = view.rows
    if not rows:
        return
    columns = 2 if len(rows) > 4 else 1
    per_col = -(-len(rows) // columns)
    gap = max(3, area.height // 80)
    row_h = min(area.height // per_col, area.height // 3)
    col_w = area.width // columns
    for i, row in enumerate(rows):
        col, line = divmod(i, per_col)
        rect = pygame.Rect(
            area.x + col * col_w + gap, area.y + line * row_h + gap, col_w - 2 * gap, row_h - gap
        )
        panel = colors["selected"] if row.highlight else colors["panel"]
        pygame.draw.rect(surface, panel, rect, border_radius=gap * 2)
        if row.highlight:
            pygame.draw.rect(surface, colors["accent"], rect, 3, border_radius=gap * 2)
        fg = colors["muted"] if row.dimmed else colors["foreground"]
        big = fonts.get(int(rect.height * 0.62))
        side = rect.height - 2 * gap
        key = pygame.Rect(rect.x + gap, rect.y + gap, int(side * 0.7), side)
        pygame.draw.rect(surface, colors["background"], key, border_radius=gap)
        blit(surface, big, row.key, fg, key.center, "center", key.width)
        swatch = pygame.Rect(key.right + gap, key.y, side, side)
        fill = rgb(row.color) if row.color in _known_colors() else (128, 128, 128)
        pygame.draw.rect(surface, fill, swatch, border_radius=gap)
        pygame.draw.rect(surface, colors["foreground"], swatch, 2, border_radius=gap)
        blit(surface, big, row.letter, text_color_on(fill), swatch.center, "center", swatch.width)
        text_x = swatch.right + gap * 2
        name = row.name if row.name == row.color_name else f"{row.name} · {row.color_name}"
        short = row.main.isdigit() and len(row.main) <= 3
        figure = fonts.get(int(rect.height * (0.85 if short else 0.55)))
        main_w = min(figure.size(row.main)[0], int(rect.width * 0.4))
        anchor, y = ("midright", rect.centery) if short else ("bottomright", rect.bottom)
        main_rect = blit(surface, figure, row.main, fg, (rect.right - gap * 2, y), anchor, main_w)
        name_font = fonts.get(int(rect.height * 0.30))
        name_right = main_rect.left - gap if short else rect.right - gap
        name_rect = blit(
            surface, name_font, name, fg, (text_x, rect.y + gap), max_width=name_right - text_x
        )
        text_w = main_rect.left - text_x - gap * 2
        texts = []
        if row.status:
            texts.append((row.status, colors["accent"] if row.highlight else colors["good"]))
        if row.detail:
            texts.append((row.detail, colors["muted"]))
        if texts:
            small = fonts.get(int(rect.height * (0.30 if len(texts) == 1 else 0.24)))
            top, bottom = name_rect.bottom, rect.bottom - gap
            step = (bottom - top) / len(texts)
            for k, (text, color) in enumerate(texts):
                y = int(top + step * (k + 0.5))
                blit(surface, small, text, color, (text_x, y), "midleft", text_w)


def _known_colors() -> set[str]:
    from companion.colors import PLAYER_COLORS

    return set(PLAYER_COLORS)


@dataclass
class Option:
    """One line of a setup list: a label, a value shown on the right, what LEFT/RIGHT/OK do."""

    label: Callable[[], str]
    value: Callable[[], str] | None = None
    on_change: Callable[[int], None] | None = None
    on_ok: Callable[[], None] | None = None


def handle_options(app: Any, options: list[Option], index: int, event: Input) -> int:
    """One input on a setup list (both games' setup screens): UP/DOWN move, LEFT/RIGHT change
    the value, OK acts (or changes), BACK leaves. Returns the new cursor index."""
    index = min(index, len(options) - 1)
    opt = options[index]
    if event.action is Action.UP:
        return (index - 1) % len(options)
    if event.action is Action.DOWN:
        return (index + 1) % len(options)
    if event.action in (Action.LEFT, Action.RIGHT) and opt.on_change is not None:
        opt.on_change(-1 if event.action is Action.LEFT else 1)
        app.play("beep")
    elif event.action is Action.OK:
        if opt.on_ok is not None:
            opt.on_ok()
        elif opt.on_change is not None:
            opt.on_change(1)
    elif event.action is Action.BACK:
        app.pop()
    return index


def draw_options(
    surface: pygame.Surface,
    title: str,
    options: list[Option],
    index: int,
    hint: str,
    fonts: Fonts,
    colors: dict[str, RGB],
) -> None:
    w, h = surface.get_size()
    m = max(6, h // 60)
    big, font = fonts.get(h // 9), fonts.get(h // 16)
    y = blit(surface, big, title, colors["accent"], (2 * m, m)).bottom + m
    line = font.get_linesize() + m // 2
    first = max(0, min(index - 3, len(options) - (h - y - 3 * m) // line))
    for i, opt in enumerate(options[first:], start=first):
        if y + line > h - font.get_linesize() - m:
            break
        rect = pygame.Rect(m, y, w - 2 * m, line)
        if i == index:
            pygame.draw.rect(surface, colors["selected"], rect, border_radius=m)
        blit(surface, font, opt.label(), colors["foreground"], (2 * m, y + m // 4))
        if opt.value is not None:
            value = opt.value()
            text = f"‹ {value} ›" if opt.on_change is not None else value
            blit(surface, font, text, colors["accent"], (w - 2 * m, y + m // 4), "topright")
        y += line
    blit(
        surface, fonts.get(h // 22), hint, colors["muted"], (w // 2, h - m), "midbottom", w - 2 * m
    )
