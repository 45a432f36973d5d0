"""The IZAKAYA screen's right-hand panel: the round, what to enter now, the market row, and
the bids, the action spaces or the ranking."""

from __future__ import annotations

from typing import Any

import pygame

from companion import izakaya as Z
from companion.colors import color_letter
from companion.i18n import _
from companion.jutaku.views import DRINK_POWERS
from companion.money import yen
from companion.names import NOBODY, TableNames
from companion.ui import kit
from companion.ui.izakaya.entry import Entry
from companion.ui.jutaku.screens import DRINK_RGB


def draw_panel(
    surface: pygame.Surface,
    area: pygame.Rect,
    state: Z.IzakayaState,
    entry: Entry,
    theme: Any,
    prompt: str,
    names: TableNames = NOBODY,
) -> None:
    fnt = theme.font("medium")
    m = theme.margin
    fg, accent = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "accent")
    y = _para(surface, fnt, prompt, accent, area, area.y)
    y = _market(surface, area, y + m, state, entry, theme)
    pile = _("Bids {pile} of {trigger}").format(
        pile=_unbroken(yen(state.pile, _)), trigger=_unbroken(yen(state.trigger, _))
    )
    if state.phase == "over":
        pile = ""
    elif state.last_round is not None and state.round == state.last_round:
        pile = _("Last action phase!")
    if pile:
        y = _para(surface, fnt, pile, fg, area, y + m)
    y += m
    if state.phase == "bidding":
        _bids(surface, area, y, state, entry, theme, names)
    elif state.phase == "over":
        _ranking(surface, area, y, state, theme, names)
    else:
        y = _order(surface, area, y, state, theme)
        if entry.mode == "menu":
            _actions(surface, area, y + m, state, entry, theme)


def _unbroken(amount: str) -> str:
    """An amount that a wrapped line never splits ("4.000 ¥" stays whole)."""
    return amount.replace(" ", "\u00a0")


def _para(
    surface: pygame.Surface,
    fnt: pygame.font.Font,
    text: str,
    color: tuple[int, int, int],
    area: pygame.Rect,
    y: int,
) -> int:
    """`text` wrapped to the panel's width (a word wider than it narrowed); the y below it."""
    for line in kit.wrap(fnt, text, area.width):
        pos = (area.x, y)
        y = kit.blit_condensed(surface, fnt, line, color, pos, "topleft", area.width).bottom
    return y


def _order(
    surface: pygame.Surface, area: pygame.Rect, y: int, state: Z.IzakayaState, theme: Any
) -> int:
    """The turn order as colour chips, the current player's framed."""
    fnt = theme.font("medium")
    line = fnt.get_linesize()
    fg, accent = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "accent")
    label = _("Order")
    chips = sum(fnt.size(color_letter(c))[0] + line // 2 + 10 for c in state.colors)
    x = area.x + 3
    read = theme.font("read")
    label_font = fnt if fnt.size(label)[0] + 8 + chips <= area.width else read
    if label_font.size(label)[0] + 8 + chips <= area.width:
        pos = (area.x, y + line // 2)
        x = kit.blit_text(surface, label_font, label, fg, pos, "midleft").right + 8
    else:
        kit.textlog.left_out(label, "the turn order's label")
    for seat in state.order:
        chip = kit.player_chip(surface, fnt, state.colors[seat], (x, y + 2), line - 4)
        if seat == state.current:
            pygame.draw.rect(surface, accent, chip.inflate(6, 6), 3, border_radius=6)
        x = chip.right + 10
    return int(y + line)


def _market(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    state: Z.IzakayaState,
    entry: Entry,
    theme: Any,
) -> int:
    """The six stock cards, two rows of three: the drink's colour and its price."""
    fnt = theme.font("medium")
    line = fnt.get_linesize()
    width = area.width // 3
    chosen = _chosen_colors(state, entry)
    for k, color in enumerate(state.stock):
        x = area.x + (k % 3) * width
        top = y + (k // 3) * (line + 4)
        cell = pygame.Rect(x, top, width - 6, line)
        used = color in state.colors_used and state.phase == "actions"
        fill = DRINK_RGB[color]
        if used:
            back = kit.theme_color(theme, "background")
            fill = _mix(fill, back, 0.3)
        outline = kit.theme_color(theme, "accent") if k in chosen else None
        kit.chip(surface, fnt, yen(state.prices[k], _), fill, cell, line // 3, outline)
        if k in chosen:
            pygame.draw.rect(
                surface, outline or fill, cell.inflate(4, 4), 3, border_radius=line // 3
            )
    return int(y + 2 * (line + 4))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    """`share` of colour `a` over `b` (a stock card whose colour already has a disc is dim)."""
    return (
        round(a[0] * share + b[0] * (1 - share)),
        round(a[1] * share + b[1] * (1 - share)),
        round(a[2] * share + b[2] * (1 - share)),
    )


def _chosen_colors(state: Z.IzakayaState, entry: Entry) -> set[int]:
    if state.phase != "actions":
        return set()
    if entry.mode == "bottle":
        return {entry.color}
    if entry.mode == "adjust":
        return {entry.color} if entry.step == 0 else {entry.color, entry.target}
    return set()


def _rows(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    rows: list[tuple[str | None, str, str]],
    chosen: int | None,
    theme: Any,
) -> None:
    """Rows of (player colour or None, label, value on the right); a label too long for one
    line (a long name) is read size in two. When they do not all fit above the area's bottom,
    those around the `chosen` one."""
    fnt, read = theme.font("medium"), theme.font("read")
    line = fnt.get_linesize()
    fg, accent = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "accent")
    laid = [(row, _label_lines(fnt, read, row, area.width, line)) for row in rows]
    pitch = read.get_ascent() + 2  # two lines of a label, closer than the rows
    heights = [max(line, len(lines) * pitch) + 2 for _r, (_f, lines) in laid]
    first = 0 if chosen is None else chosen
    last = first + 1
    room = area.bottom - y + 2
    while True:  # widen the window around `chosen` while the rows fit
        grown = False
        sides = [(first, last + 1), (first - 1, last)]
        if chosen is not None and chosen - first < last - 1 - chosen:
            sides.reverse()
        for lo, hi in sides:
            if lo >= 0 and hi <= len(rows) and sum(heights[lo:hi]) <= room:
                first, last, grown = lo, hi, True
                break
        if not grown:
            break
    if chosen is None:
        for _color, label, _value in rows[last:]:
            kit.textlog.left_out(label, "a panel's rows")
    for i in range(first, last):
        (color, _label, value), (font, lines) = laid[i]
        row = pygame.Rect(area.x, y, area.width, heights[i] - 2)
        if i == chosen:
            pygame.draw.rect(surface, kit.theme_color(theme, "selected"), row, border_radius=6)
        x = area.x + 4
        if color is not None:
            pos = (x, row.centery - line // 2 + 2)
            x = kit.player_chip(surface, fnt, color, pos, line - 4).right + 6
        right = area.right - 4
        top = row.centery - pitch * len(lines) // 2
        if value:
            pos = (right, row.centery if len(lines) < 2 else top + pitch // 2)
            right = kit.blit_text(surface, fnt, value, accent, pos, "midright").x - 6
        for k, part in enumerate(lines):
            pos = (x, top + k * pitch + pitch // 2)
            width = right - x if k == 0 else area.right - 4 - x
            kit.blit_condensed(surface, font, part, fg, pos, "midleft", max(1, width))
        y += heights[i]


def _label_lines(
    fnt: pygame.font.Font,
    read: pygame.font.Font,
    row: tuple[str | None, str, str],
    width: int,
    line: int,
) -> tuple[pygame.font.Font, list[str]]:
    """The font and lines a row's label is drawn in: one line of `fnt`, else of `read`, else
    two of `read` (narrowed if need be)."""
    color, label, value = row
    room = width - 10 - (fnt.size(value)[0] + 6 if value else 0)
    if color is not None:
        room -= kit.player_chip_width(fnt, color, line - 4) + 6
    room = max(1, room)
    for font in (fnt, read):
        if kit.fits_condensed(font, label, room):
            return font, [label]
    wide = room + (fnt.size(value)[0] + 6 if value else 0)  # the second line under the value
    return read, kit.two_lines(read, label, room) or kit.two_lines(read, label, room, wide) or [
        label
    ]


def _bids(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    state: Z.IzakayaState,
    entry: Entry,
    theme: Any,
    names: TableNames,
) -> None:
    """Each player's yen (after the name chosen) and the bid being entered (a header names
    the two columns)."""
    header: list[tuple[str | None, str, str]] = [(None, _("Cash"), _("Bid"))]
    fnt, room = theme.font("medium"), area.width * 3 // 5
    rows: list[tuple[str | None, str, str]] = [
        (
            state.colors[s],
            kit.chip_caption(fnt, names, state.colors[s], yen(state.cash[s], _), room),
            yen(entry.bids[s], _),
        )
        for s in range(state.players)
    ]
    _rows(surface, area, y, header + rows, entry.bidder + 1, theme)


def _actions(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    state: Z.IzakayaState,
    entry: Entry,
    theme: Any,
) -> None:
    rows: list[tuple[str | None, str, str]] = [
        (None, _(label), "") for _key, label in entry.actions(state)
    ]
    _rows(surface, area, y, rows, entry.menu, theme)


def _ranking(
    surface: pygame.Surface,
    area: pygame.Rect,
    y: int,
    state: Z.IzakayaState,
    theme: Any,
    names: TableNames,
) -> None:
    rows: list[tuple[str | None, str, str]] = [
        (p.color, f"{p.rank}. {names.short(p.color)}", yen(p.total, _))
        for p in Z.result(state).players
    ]
    _rows(surface, area, y, rows, None, theme)


DRINK_NAMES = {key: name for key, name, _power in DRINK_POWERS}


def drink_label(color: str) -> str:
    """A stock card's colour by name (the cards are the JIDOHANBAIKI drinks' colours)."""
    return _(DRINK_NAMES.get(color, color))
