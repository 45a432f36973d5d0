"""What the Jutaku and Countdown screens share: the layout of a `View`, sound cues, the strip.

The screens stay thin: the pure screen models (`companion.jutaku.views`) decide every text;
this module only lays them out, readable across a table (huge clock digits, one row per
player with the colour swatch, its letter and its name, never colour alone).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import pygame

from companion.colors import RGB
from companion.jutaku.clock import Cue
from companion.jutaku.views import View
from companion.ui.kit import Fonts, blit_text, chip, player_rgb


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


def tone_color(tone: str, colors: dict[str, RGB]) -> RGB:
    """One colour per meaning: green only for good (a good building, a win), red for not
    good, the accent for a warning, muted for a player who is out."""
    key = {"good": "good", "bad": "bad", "warn": "accent", "out": "muted"}.get(tone, "foreground")
    return colors[key]


def draw_view(
    surface: pygame.Surface, view: View, fonts: Fonts, colors: dict[str, RGB], now: float
) -> None:
    """Lay out a screen model: header, huge clock, headline, player rows, hints."""
    w, h = surface.get_size()
    m = max(6, h // 60)
    fg, muted, accent = colors["foreground"], colors["muted"], colors["accent"]
    small, medium = fonts.get(h // 18), fonts.get(h // 13)
    blit_text(surface, small, view.title, accent, (m * 2, m))
    blit_text(surface, small, view.clock_label, muted, (w - m * 2, m), "topright")

    clock_color = colors["bad"] if view.urgent else fg
    if view.paused and int(now * 2) % 2 == 0:
        clock_color = muted
    clock_font = fonts.get(int(h * 0.30))
    top = m + small.get_linesize()
    clock_w = w // 2 if view.entry else w - 4 * m
    clock_x = w // 4 + m if view.entry else w // 2
    clock_rect = blit_text(
        surface, clock_font, view.clock, clock_color, (clock_x, top), "midtop", clock_w
    )
    if view.entry:
        entry_font = fonts.get(int(h * 0.16))
        box = pygame.Rect(w // 2 + m, top + m, w // 2 - 3 * m, clock_rect.height - 2 * m)
        pygame.draw.rect(surface, colors["panel"], box, border_radius=m)
        pygame.draw.rect(surface, accent, box, 3, border_radius=m)
        blit_text(surface, entry_font, view.entry, accent, box.center, "center", box.width - 2 * m)
    y = clock_rect.bottom
    head_color = accent if not view.over else colors["good"]
    y = blit_text(
        surface, medium, view.headline, head_color, (w // 2, y), "midtop", w - 4 * m
    ).bottom
    y += m // 2

    hint_h = small.get_linesize() + m if view.hints else 0
    rows_area = pygame.Rect(m, y, w - 2 * m, h - y - hint_h - m)
    draw_rows(surface, view, fonts, colors, rows_area)
    if view.hints:
        blit_text(
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
        blit_text(surface, big, row.key, fg, key.center, "center", key.width)
        swatch = pygame.Rect(key.right + gap, key.y, side, side)
        fill = player_rgb(row.color)
        chip(surface, big, row.letter, fill, swatch, gap, colors["foreground"], pad=0)
        text_x = swatch.right + gap * 2
        name = row.name if row.name == row.color_name else f"{row.name} · {row.color_name}"
        short = row.main.isdigit() and len(row.main) <= 3
        figure = fonts.get(int(rect.height * (0.85 if short else 0.55)))
        main_w = min(figure.size(row.main)[0], int(rect.width * 0.4))
        anchor, y = ("midright", rect.centery) if short else ("bottomright", rect.bottom)
        main_rect = blit_text(
            surface, figure, row.main, fg, (rect.right - gap * 2, y), anchor, main_w
        )
        name_font = fonts.get(int(rect.height * 0.30))
        name_right = main_rect.left - gap if short else rect.right - gap
        name_rect = blit_text(
            surface, name_font, name, fg, (text_x, rect.y + gap), max_width=name_right - text_x
        )
        text_w = main_rect.left - text_x - gap * 2
        texts = []
        if row.status:
            texts.append((row.status, tone_color(row.tone, colors)))
        if row.detail:
            texts.append((row.detail, colors["muted"]))
        if texts:
            small = fonts.get(int(rect.height * (0.30 if len(texts) == 1 else 0.24)))
            top, bottom = name_rect.bottom, rect.bottom - gap
            step = (bottom - top) / len(texts)
            for k, (text, color) in enumerate(texts):
                y = int(top + step * (k + 0.5))
                blit_text(surface, small, text, color, (text_x, y), "midleft", text_w)
