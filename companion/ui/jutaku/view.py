"""What the Jutaku and Countdown screens share: the layout of a `View`, sound cues, the strip.

The screens stay thin: the pure screen models (`companion.jutaku.views`) decide every text;
this module only lays them out, readable across a table (huge clock digits, one row per
player with the colour swatch, its letter and its name, never colour alone).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from functools import partial
from typing import Any

import pygame

from companion.colors import RGB
from companion.i18n import _
from companion.jutaku.clock import Cue
from companion.jutaku.views import Row, View
from companion.names import NAMED
from companion.ui.announce import announce
from companion.ui.kit import (
    Fonts,
    badge_rect,
    blit_condensed,
    blit_text,
    chip,
    ellipsize,
    fits_condensed,
    player_rgb,
    textlog,
    wrap_lines,
)
from companion.voice import phrases


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


def say_cues(
    app: Any, cues: Iterable[Cue], caller: str | None = None, floor: int | None = None
) -> None:
    """Announce the cues aloud: «¡alto!» with the caller's name (it cuts what is being said),
    the start (of Countdown's `floor`), the last seconds, the buzzer."""
    for cue in cues:
        announce(app, partial(phrases.cue_phrase, cue, caller, floor), cue.kind == "stop")


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
    """Lay out a screen model: header, huge clock, headline, player rows, the instructions.
    Every word is at the reading size or larger; what does not fit wraps, then ends in "…"."""
    w, h = surface.get_size()
    m = max(6, h // 60)
    fg, muted, accent = colors["foreground"], colors["muted"], colors["accent"]
    read, medium = fonts.role("read", h), fonts.get(h // 13)
    label = blit_text(surface, read, view.clock_label, muted, (w - m * 2, m), "topright")
    title = ellipsize(read, view.title, label.x - 4 * m)
    blit_text(surface, read, title, accent, (m * 2, m))

    clock_color = colors["bad"] if view.urgent else fg
    if view.paused and int(now * 2) % 2 == 0:
        clock_color = muted
    top = m + read.get_linesize()
    heads = wrap_lines(medium, view.headline, w - 4 * m, 2)
    hints = wrap_lines(read, "  ·  ".join(view.hints), w - 2 * m, 3) if view.hints else []
    hint_h = len(hints) * read.get_linesize() + (m if hints else 0)
    per_col = -(-len(view.rows) // (2 if len(view.rows) > 4 else 1))
    gap = max(3, h // 80)
    rows_min = per_col * (read.get_linesize() + 3 * gap)
    room = h - top - len(heads) * medium.get_linesize() - hint_h - rows_min - 2 * m
    clock_font = fonts.get(min(int(h * 0.30), int(room / 1.17 / fonts.scale)))
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
    for line in heads:
        y = blit_text(surface, medium, line, head_color, (w // 2, y), "midtop").bottom
    y += m // 2

    rows_area = pygame.Rect(m, y, w - 2 * m, h - y - hint_h - m)
    draw_rows(surface, view, fonts, colors, rows_area)
    hy = h - m - len(hints) * read.get_linesize()
    for line in hints:
        hy = blit_text(surface, read, line, muted, (w // 2, hy), "midtop").bottom


def draw_rows(
    surface: pygame.Surface, view: View, fonts: Fonts, colors: dict[str, RGB], area: pygame.Rect
) -> None:
    """One panel per player: key, colour chip with its letter, name, what happens to them,
    and the big figure. A row with room for two lines shows the name over the status; a
    lower one puts them on one line, the status and its detail as far as they fit whole."""
    rows = view.rows
    if not rows:
        return
    read = fonts.role("read", surface.get_height())
    line_h = read.get_linesize()
    columns = 2 if len(rows) > 4 else 1
    per_col = -(-len(rows) // columns)
    gap = max(3, area.height // 80)
    row_h = max(line_h + 2 * gap, min(area.height // per_col, area.height // 3))
    col_w = area.width // columns
    for i, row in enumerate(rows):
        col, line = divmod(i, per_col)
        rect = pygame.Rect(
            area.x + col * col_w + gap, area.y + line * row_h + gap, col_w - 2 * gap, row_h - gap
        )
        _draw_row(surface, row, fonts, colors, rect, gap, read)


def _draw_row(
    surface: pygame.Surface,
    row: Row,
    fonts: Fonts,
    colors: dict[str, RGB],
    rect: pygame.Rect,
    gap: int,
    read: pygame.font.Font,
) -> None:
    panel = colors["selected"] if row.highlight else colors["panel"]
    pygame.draw.rect(surface, panel, rect, border_radius=gap * 2)
    if row.highlight:
        pygame.draw.rect(surface, colors["accent"], rect, 3, border_radius=gap * 2)
    fg = colors["muted"] if row.dimmed else colors["foreground"]
    big = fonts.get(int(rect.height * 0.62))
    if big.get_height() < read.get_height():
        big = read
    side = rect.height - 2 * gap
    key = pygame.Rect(rect.x + gap, rect.y + gap, max(int(side * 0.7), read.get_height()), side)
    pygame.draw.rect(surface, colors["background"], key, border_radius=gap)
    key_font = big if big.size(row.key)[0] <= key.width else read
    blit_text(surface, key_font, row.key, fg, key.center, "center", box=key)
    swatch = badge_rect(big, row.letter, pygame.Rect(key.right + gap, key.y, side, side))
    chip(surface, big, row.letter, player_rgb(row.color), swatch, gap, colors["foreground"], pad=0)
    text_x = swatch.right + gap * 2
    short = row.main.isdigit() and len(row.main) <= 3
    figure = fonts.get(int(rect.height * (0.85 if short else 0.55)))
    if figure.get_height() < read.get_height():
        figure = read
    main_rect = blit_text(
        surface, figure, row.main, fg, (rect.right - gap * 2, rect.centery), "midright", box=rect
    )
    room = main_rect.left - gap * 2 - text_x
    status = [(t, c, b) for t, c, b in _statuses(row, colors) if t]
    two_lines = rect.height >= 2 * read.get_linesize() + 2 * gap
    if two_lines:
        full = (
            row.name
            if row.name == row.color_name
            else _(NAMED).format(name=row.name, color=row.color_name)
        )
        top = rect.centery - read.get_linesize()
        blit_condensed(surface, read, full, fg, (text_x, top), "topleft", room)
        if status:
            text = "  ·  ".join(t for t, _c, _b in status)
            pos = (text_x, top + read.get_linesize())
            blit_condensed(surface, read, text, status[0][1], pos, "topleft", room)
        return
    name = blit_condensed(surface, read, row.name, fg, (text_x, rect.centery), "midleft", room)
    x, dot = name.right + 2 * gap, "  ·  "
    for n, (text, color, brief) in enumerate(status):
        said = text if n == 0 else dot + text
        room = main_rect.left - 2 * gap - x
        if not fits_condensed(read, said, room) and brief:
            text, said = brief, brief if n == 0 else dot + brief
        if not fits_condensed(read, said, room):
            half = rect.width < surface.get_width() // 2
            where = "a seat's row in two columns" if half else "a seat's row"
            for gone, _color, _brief in status[n:]:
                textlog.left_out(gone, where)
            break
        if read.size(said)[0] > room:
            # narrowed whole (the detail's colour is the separator's, muted)
            pos = (x, rect.centery)
            x = blit_condensed(surface, read, said, color, pos, "midleft", room).right
            continue
        if n:
            x = blit_text(surface, read, dot, colors["muted"], (x, rect.centery), "midleft").right
        x = blit_text(surface, read, text, color, (x, rect.centery), "midleft").right


def _statuses(row: Row, colors: dict[str, RGB]) -> list[tuple[str, RGB, str]]:
    """(text, colour, its brief form for a row with no room for it, or "")."""
    return [
        (row.status, tone_color(row.tone, colors), ""),
        (row.detail, colors["muted"], row.brief),
    ]
