"""The score pad, entered with the buttons after the fourth round, one player at a time.

Up/Down choose a box of the pad, Left/Right change its number, OK saves the player's pad and
goes to the next player (after the last: the results); a player's own button opens their pad;
Back goes to the previous player. The right side adds the pad up as the printed pad does.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.nextstation import scoring as P
from companion.nextstation.game import Finish, Phase, Score
from companion.ui.kit import blit_text, fit, hint_bar, player_chip, render
from companion.ui.kit.palette import theme_color
from companion.ui.nextstation.flow import OFF, GameScreen
from companion.ui.screen import Action, AppContext, Input
from companion.ui.services import SavedGame


@dataclass(frozen=True)
class Box:
    group: str
    """The pad's section it is in (a heading row above its first box)."""
    label: str
    most: int


def boxes(lines: tuple[str, ...], objectives: bool) -> list[Box]:
    """The pad's boxes in entry order (the values of `values_of`)."""
    out: list[Box] = []
    for color in lines:
        group = _("{color} line").format(color=color_name(color))
        out.append(Box(group, _("Districts crossed"), P.DISTRICTS))
        out.append(Box(group, _("Stations in the top district"), P.MOST_STATIONS))
    inter, stamps = _("Interchanges"), _("Tourist stamps")
    out += [
        Box(inter, _("Of 3 lines"), P.MOST_INTERCHANGES),
        Box(inter, _("Of 4 lines"), P.MOST_INTERCHANGES),
        Box(inter, _("Of 5 lines"), P.MOST_INTERCHANGES),
        Box(stamps, _("Corner regions"), P.CORNERS),
        Box(stamps, _("Other outer regions"), P.OUTER),
        Box(_("Central Green Line"), _("Stations left unconnected"), P.GREEN_STATIONS),
    ]
    if objectives:
        out.append(Box(_("Objectives"), _("Completed"), P.MOST_OBJECTIVES))
    return out


def pad_rows(items: list[Box]) -> list[tuple[str, int | None]]:
    """The list as drawn: (heading, None) before each section, (label, box index) for a box."""
    rows: list[tuple[str, int | None]] = []
    for i, box in enumerate(items):
        if i == 0 or items[i - 1].group != box.group:
            rows.append((box.group, None))
        rows.append((box.label, i))
    return rows


def values_of(sheet: P.Sheet, objectives: bool) -> list[int]:
    values = [n for pair in sheet.lines for n in pair]
    values += [*sheet.interchanges, sheet.corners, sheet.outer, sheet.unconnected]
    return values + ([sheet.objectives] if objectives else [])


def sheet_of(values: list[int], lines: int) -> P.Sheet:
    pairs = tuple((values[2 * i], values[2 * i + 1]) for i in range(lines))
    rest = values[2 * lines :]
    return P.Sheet(
        lines=pairs,
        interchanges=(rest[0], rest[1], rest[2]),
        corners=rest[3],
        outer=rest[4],
        unconnected=rest[5],
        objectives=rest[6] if len(rest) > 6 else 0,
    )


class ScoringScreen(GameScreen):
    name = "next-station-scoring"
    phases: tuple[Phase, ...] = ("scoring",)

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app, session)
        s = self.state
        self.drafts = [values_of(sheet or P.Sheet(), s.setup.objectives) for sheet in s.sheets]
        self.player = next((p for p, sheet in enumerate(s.sheets) if sheet is None), 0)
        self.index = 0

    @property
    def boxes(self) -> list[Box]:
        return boxes(self.state.setup.deck.lines, self.state.setup.objectives)

    @property
    def sheet(self) -> P.Sheet:
        return sheet_of(self.drafts[self.player], len(self.state.setup.deck.lines))

    def enter(self) -> None:
        self.light(OFF)

    def handle(self, event: Input) -> None:
        count = len(self.boxes)
        if event.player is not None:
            if 0 <= event.player < len(self.drafts):
                self.player, self.index = event.player, 0
                self.app.play("beep")
            return
        values = self.drafts[self.player]
        match event.action:
            case Action.UP:
                self.index = (self.index - 1) % count
            case Action.DOWN:
                self.index = (self.index + 1) % count
            case Action.LEFT | Action.RIGHT:
                step = 1 if event.action is Action.RIGHT else -1
                most = self.boxes[self.index].most
                values[self.index] = min(most, max(0, values[self.index] + step))
                self.app.play("beep")
            case Action.OK:
                self.save()
            case Action.BACK:
                if self.player > 0:
                    self.player, self.index = self.player - 1, 0
                else:
                    self.open_menu()

    def save(self) -> None:
        if not self.record(Score(self.player, self.sheet)):
            return
        self.app.play("coin")
        missing = [p for p, sheet in enumerate(self.state.sheets) if sheet is None]
        if missing:
            self.player, self.index = missing[0], 0
        elif self.record(Finish()):
            self.app.play("fanfare")

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        s = self.state
        w, m = surface.get_width(), theme.margin
        color = s.setup.players[self.player]
        who = _("{color} · player {n} of {total}").format(
            color=self.names.label(color), n=self.player + 1, total=len(s.setup.players)
        )
        top, bottom = self.frame(surface, _("Score pad"), who)
        split = w * 5 // 8
        self._draw_boxes(surface, pygame.Rect(m, top, split - 2 * m, bottom - top))
        self._draw_pad(surface, pygame.Rect(split, top, w - split - m, bottom - top))
        hint_bar(
            surface,
            theme,
            [("ud", _("Box")), ("lr", _("Number")), ("ok", _("Save")), ("back", _("Back"))],
        )

    def _draw_boxes(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.theme
        fnt = theme.font("medium")
        m = theme.margin
        row_h = fnt.get_linesize() + m // 3
        visible = max(1, area.height // row_h)
        rows = pad_rows(self.boxes)
        at = next(k for k, (_t, i) in enumerate(rows) if i == self.index)
        first = min(max(0, at - visible // 2), max(0, len(rows) - visible))
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        muted = theme_color(theme, "muted")
        values = self.drafts[self.player]
        for k, (text, i) in enumerate(rows[first : first + visible]):
            rect = pygame.Rect(area.x, area.y + k * row_h, area.width, row_h - 2)
            if i is None:
                if k == visible - 1:
                    break  # a heading without its first box: left for the next scroll
                blit_text(surface, fnt, text, muted, (rect.x, rect.centery), "midleft", rect.width)
                continue
            if i == self.index:
                pygame.draw.rect(surface, theme_color(theme, "selected"), rect, border_radius=8)
                pygame.draw.rect(surface, accent, rect, 3, border_radius=8)
            value = f"‹ {values[i]} ›" if i == self.index else str(values[i])
            v = blit_text(surface, fnt, value, accent, (rect.right - 8, rect.centery), "midright")
            label = fit(render(fnt, text, fg), v.x - rect.x - 2 * m - 8)
            surface.blit(label, label.get_rect(midleft=(rect.x + 2 * m, rect.centery)))

    def _draw_pad(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.theme
        s = self.state
        fnt, big = theme.font("medium"), theme.font("big")
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        pygame.draw.rect(surface, theme_color(theme, "panel"), area, border_radius=10)
        m = theme.margin
        x, y = area.x + m, area.y + m // 2
        width = area.width - 2 * m
        sheet = self.sheet
        line_h = fnt.get_linesize()
        for color, (districts, most) in zip(s.setup.deck.lines, sheet.lines, strict=True):
            chip = player_chip(surface, fnt, color, (x, y + 2), line_h - 4)
            text = f"{districts} × {most} = {P.line_points(districts, most)}"
            blit_text(surface, fnt, text, fg, (area.right - m, y), "topright", width - chip.width)
            y += line_h
        _lines, interchanges, stamps, green, objectives = P.parts(sheet)
        rows = [
            (_("pad:interchanges"), interchanges),
            (_("Stamps"), stamps),
            (_("Green Line"), green),
        ]
        if s.setup.objectives:
            rows.append((_("Objectives"), objectives))
        for label, points in rows:
            r = blit_text(surface, fnt, str(points), fg, (area.right - m, y), "topright")
            blit_text(surface, fnt, label, fg, (x, y), max_width=r.x - x - m)
            y += line_h
        total = _("Total {points}").format(points=P.total(sheet))
        blit_text(
            surface, big, total, accent, (area.centerx, area.bottom - m // 2), "midbottom", width
        )
