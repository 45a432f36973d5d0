"""Stand-ins for parts that land later: a plain board drawing and a plain game screen.

`GamePlaceholder` is shown instead of the Metro screens until `companion.ui.metro` exists: the
income track as a table, and during a train phase the board with the trains and the last steps.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import color_letter, color_name, hex_to_rgb, rgb, text_color_on
from companion.i18n import _
from companion.metro import BoardMap, MetroState
from companion.narrate import describe_step
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.widgets import blit_text, draw_hint


class PlainBoardView:
    """Lines, stops, owned stations and trains, scaled into `rect` (until board_view lands)."""

    def __init__(self, board: BoardMap, rect: pygame.Rect) -> None:
        self.board = board
        self.rect = pygame.Rect(rect)
        self.scale = min(self.rect.width / board.width_mm, self.rect.height / board.height_mm)

    def to_screen(self, x_mm: float, y_mm: float) -> tuple[int, int]:
        return (int(self.rect.x + x_mm * self.scale), int(self.rect.y + y_mm * self.scale))

    def draw(
        self,
        surface: pygame.Surface,
        state: MetroState,
        highlight_stops: tuple[str, ...] = (),
        trains: dict[str, str] | None = None,
    ) -> None:
        width = max(3, int(self.scale * 2))
        for line in self.board.lines.values():
            points = [self.to_screen(s.x_mm, s.y_mm) for s in line.stops]
            if len(points) > 1:
                pygame.draw.lines(surface, hex_to_rgb(line.color), False, points, width)
        radius = max(4, int(self.board.stops().__next__().radius_mm * self.scale))
        owners = {
            stop_id: owner
            for station_id, owner in state.stations.items()
            for stop_id in self.board.stations[station_id].stops
        }
        for stop in self.board.stops():
            center = self.to_screen(stop.x_mm, stop.y_mm)
            owner = owners.get(stop.id)
            fill = rgb(owner) if owner else (250, 250, 250)
            pygame.draw.circle(surface, fill, center, radius)
            ring = (255, 196, 0) if stop.id in highlight_stops else (30, 30, 30)
            pygame.draw.circle(surface, ring, center, radius, 2)
        positions = trains or {lid: f"{lid}{t.stop}" for lid, t in state.trains.items()}
        for line_id, stop_id in positions.items():
            stop = self.board.stop(stop_id)
            x, y = self.to_screen(stop.x_mm, stop.y_mm)
            box = pygame.Rect(0, 0, radius * 3, radius * 2)
            box.center = (x, y - radius * 2)
            color = hex_to_rgb(self.board.lines[line_id].color)
            pygame.draw.rect(surface, color, box, border_radius=3)
            pygame.draw.rect(surface, (0, 0, 0), box, 2, border_radius=3)


def board_view(board: BoardMap, rect: Any) -> Any:
    try:
        from companion.ui.board_view import BoardView  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return PlainBoardView(board, rect)
    return BoardView(board, rect)


class GamePlaceholder(Screen):
    name = "game"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.shown = 0.0

    def handle(self, event: Input) -> None:
        if event.action is Action.BACK:
            self.app.pop()

    def update(self, now: float) -> None:
        session = self.app.services.session
        phase = session.phase if session is not None else None
        if phase is not None:
            self.app.services.led_update(phase, now)

    def draw(self, surface: pygame.Surface) -> None:
        services = self.app.services
        session = services.session
        theme = services.theme
        if session is None:
            return
        w, h = surface.get_size()
        m = theme.margin
        state = session.state
        fg, accent = theme.colors["foreground"], theme.colors["accent"]
        title = _("Round {n}").format(n=state.round)
        if state.phase == "ended":
            title = _("Game over")
        blit_text(surface, theme.font("big"), title, accent, (2 * m, m))
        font = theme.font("medium")
        x = 2 * m
        y = m + theme.font("big").get_linesize() + m
        for p in state.players:
            chip = pygame.Rect(x, y, font.get_linesize() * 2, font.get_linesize())
            pygame.draw.rect(surface, rgb(p.color), chip, border_radius=4)
            blit_text(
                surface,
                font,
                color_letter(p.color),
                text_color_on(rgb(p.color)),
                chip.center,
                "center",
            )
            cash = "" if p.cash is None else f"¥{p.cash:,}"
            x = blit_text(surface, font, cash, fg, (chip.right + m // 2, y)).right + 2 * m
        y += font.get_linesize() + m
        phase = session.phase
        left_w = w // 2 if phase is not None else w
        for line_id in session.rules.board.track_order:
            ls = state.lines[line_id]
            color = hex_to_rgb(session.rules.board.lines[line_id].color)
            tag = pygame.Rect(2 * m, y, font.get_linesize() * 2, font.get_linesize())
            pygame.draw.rect(surface, color, tag, border_radius=4)
            blit_text(surface, font, line_id, text_color_on(color), tag.center, "center")
            holders = " ".join(color_letter(c) for c in ls.shares)
            train = _("train") if line_id in state.trains else ""
            text = f"¥{ls.value:,}  {holders}  {train}"
            blit_text(surface, font, text, fg, (tag.right + m, y), max_width=left_w - tag.right)
            y += font.get_linesize()
            if y > h - 3 * font.get_linesize():
                break
        if state.phase == "ended":
            area = pygame.Rect(2 * m, y + m, w // 2, h // 2)
            self.draw_ranking(surface, session, area)
        if phase is not None:
            area = pygame.Rect(w // 2, y - 0, w // 2 - m, h // 2)
            area.top = m + theme.font("big").get_linesize()
            view = services.board_view(area)
            view.draw(surface, phase.state)
            font = theme.font("small")
            last = [
                describe_step(s, session.rules.board)
                for s in phase.steps[max(0, phase.acked - 3) : phase.acked]
            ]
            ty = area.bottom + m
            for line in last:
                blit_text(surface, font, line, fg, (w // 2, ty), max_width=w // 2 - m)
                ty += font.get_linesize()
        draw_hint(surface, theme, _("The game screens arrive soon · Back: menu"))

    def draw_ranking(self, surface: pygame.Surface, session: Any, area: pygame.Rect) -> None:
        theme = self.app.services.theme
        font = theme.font("medium")
        result = session.end_game()
        totals = {p.color: p.total if p.total is not None else p.earnings for p in result.players}
        y = area.y
        for place, color in enumerate(result.ranking, start=1):
            chip = pygame.Rect(area.x, y, font.get_linesize() * 3, font.get_linesize())
            pygame.draw.rect(surface, rgb(color), chip, border_radius=4)
            blit_text(
                surface,
                theme.font("small"),
                color_name(color),
                text_color_on(rgb(color)),
                chip.center,
                "center",
                chip.width - 4,
            )
            text = f"{place}.  ¥{totals[color]:,}"
            blit_text(surface, font, text, theme.colors["foreground"], (chip.right + 8, y))
            y += font.get_linesize() + theme.margin // 2
