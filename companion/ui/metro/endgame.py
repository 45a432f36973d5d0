"""End of the game: ranking with what each player got, payouts line by line, and a chart of every
line's value over the rounds. LEFT/RIGHT (or OK) turn the pages; BACK opens the game menu,
whose "Main menu" leaves: the final screen stays until the players choose so."""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.metro.endgame import EndGameResult
from companion.narrate import tie_notes
from companion.ui import kit as c
from companion.ui.kit import draw_title
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import current_metro

MEDALS = ((230, 190, 40), (190, 196, 204), (196, 126, 60))


class EndGameScreen(Screen):
    name = "metro-end"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.page = 0
        self.result: EndGameResult = current_metro(app.services).end_game()
        self.history: dict[str, list[int]] = current_metro(app.services).value_history()
        self._played = False
        self._chart: pygame.Surface | None = None

    def enter(self) -> None:
        if not self._played:
            self._played = True
            self.app.play("fanfare")

    def handle(self, event: Input) -> None:
        if event.action is Action.RIGHT:
            self.page = (self.page + 1) % 3
        elif event.action is Action.LEFT:
            self.page = (self.page - 1) % 3
        elif event.action is Action.OK:
            self.page = (self.page + 1) % 3
        elif event.action is Action.BACK:
            from companion.games import METRO
            from companion.ui.gamemenu import game_menu_items
            from companion.ui.metro.menu import MetroMenu

            items = game_menu_items(self.app, METRO, [], self.app.pop)
            self.app.push(MetroMenu(self.app, _("Game menu"), items))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        titles = (_("Final ranking"), _("Payouts by line"), _("Line values by round"))
        top = draw_title(surface, theme, titles[self.page], f"{self.page + 1}/3")
        m = c.margin(theme, surface)
        area = pygame.Rect(
            m,
            top,
            surface.get_width() - 2 * m,
            surface.get_height() - c.hint_height(theme) - m - top,
        )
        (self._players, self._lines, self._draw_chart)[self.page](surface, theme, area)
        c.hint_bar(surface, theme, [("lr", _("Page")), ("back", _("Menu"))])

    def _players(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        big, small = c.font(theme, "big"), c.font(theme, "small")
        value_font = c.font(theme, "medium") if area.width >= 1200 else small
        fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
        by_color = {p.color: p for p in self.result.players}
        cash_known = all(p.total is not None for p in self.result.players)
        heads = [
            _("Cash"),
            _("Speculation"),
            _("Stakes back"),
            _("Shares"),
            _("Loans"),
            _("Total") if cash_known else _("Earned"),
        ]
        cols = [area.x + int(area.width * f) for f in (0.42, 0.53, 0.64, 0.75, 0.86, 1.0)]
        if not cash_known:
            heads[0] = ""
        gap = cols[1] - cols[0] - 6
        head_h = 0
        for head, x in zip(heads, cols, strict=True):
            words = c.wrap(small, head, gap)[:2]
            for i, word in enumerate(words):
                pos = (x, area.y + i * small.get_linesize())
                c.blit_text(surface, small, word, muted, pos, "topright", gap)
            head_h = max(head_h, len(words) * small.get_linesize())
        notes = tie_notes(self.result)
        for k, note in enumerate(reversed(notes)):
            bottom = area.bottom - k * small.get_linesize()
            c.blit_text(surface, small, note, muted, (area.x, bottom), "bottomleft", area.width)
        row_h = min(
            big.get_linesize() + 16,
            (area.height - head_h - len(notes) * small.get_linesize())
            // max(1, len(self.result.ranking)),
        )
        y = area.y + head_h + 4
        for place, color in enumerate(self.result.ranking, start=1):
            p = by_color[color]
            cy = y + row_h // 2
            medal = pygame.Rect(area.x, y + 4, row_h - 8, row_h - 8)
            fill = MEDALS[place - 1] if place <= 3 else (70, 74, 86)
            c.badge(surface, big, str(place), fill, medal)
            chip = c.player_chip(surface, big, color, (medal.right + 10, y + 4), row_h - 8)
            name_w = cols[0] - chip.right - value_font.size("¥0,000")[0] - 20
            if small.size(color_name(color))[0] <= name_w:
                c.blit_text(surface, small, color_name(color), fg, (chip.right + 8, cy), "midleft")
            total = p.total if cash_known and p.total is not None else p.earnings
            cash = c.yen(p.cash) if p.cash is not None and cash_known else ""
            loans = c.signed_yen(-p.loan_cost) if p.loans else "–"
            values = [cash, c.yen(p.speculation), c.yen(p.stakes_returned), c.yen(p.shares), loans]
            for value, x in zip(values, cols, strict=False):
                c.blit_text(surface, value_font, value, fg, (x, cy), "midright")
            c.blit_text(
                surface,
                big,
                c.yen(total),
                c.theme_color(theme, "accent"),
                (cols[-1], cy),
                "midright",
            )
            y += row_h

    def _lines(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        muted = c.theme_color(theme, "muted")
        fg = c.theme_color(theme, "foreground")
        rules = current_metro(self.app.services).rules
        rows = [lp for lp in self.result.lines if lp.shares or lp.speculations] or list(
            self.result.lines
        )
        medium = c.font(theme, "medium")
        fits = (len(rows) + 1) * (medium.get_linesize() + 8) <= area.height
        small = medium if fits else c.font(theme, "small")
        spec_x, share_x = area.x + int(area.width * 0.16), area.x + int(area.width * 0.56)
        head = c.font(theme, "small")
        c.blit_text(surface, head, _("Speculations: paid (stake)"), muted, (spec_x, area.y))
        c.blit_text(surface, head, _("Shares"), muted, (share_x, area.y))
        top = area.y + head.get_linesize() + 4
        row_h = max(
            small.get_linesize() + 4,
            min(small.get_linesize() * 2, (area.bottom - top) // max(1, len(rows))),
        )
        for i, lp in enumerate(rows):
            y = top + i * row_h
            cy = y + row_h // 2
            h = min(row_h - 6, small.get_linesize() + 4)
            c.line_badge(surface, small, rules, lp.line, pygame.Rect(area.x, cy - h // 2, h, h))
            c.blit_text(surface, small, c.yen(lp.value), fg, (area.x + h + 8, cy), "midleft")
            x = spec_x
            for s in lp.speculations:
                chip = c.player_chip(surface, small, s.player, (x, cy - h // 2), h)
                label = f"{c.yen(s.paid)} ({c.yen(s.stake)})"
                x = (
                    c.blit_text(surface, small, label, fg, (chip.right + 4, cy), "midleft").right
                    + 14
                )
            x = share_x
            for sh in lp.shares:
                chip = c.player_chip(surface, small, sh.player, (x, cy - h // 2), h, str(sh.share))
                x = (
                    c.blit_text(
                        surface, small, c.yen(sh.paid), fg, (chip.right + 4, cy), "midleft"
                    ).right
                    + 14
                )

    def _draw_chart(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        if self._chart is None or self._chart.get_size() != area.size:
            self._chart = self._render_chart(theme, area.size)
        surface.blit(self._chart, area)

    def _render_chart(self, theme: Any, size: tuple[int, int]) -> pygame.Surface:
        chart = pygame.Surface(size)
        chart.fill(c.theme_color(theme, "background"))
        small = c.font(theme, "small")
        muted = c.theme_color(theme, "muted")
        rules = current_metro(self.app.services).rules
        label_w = small.get_linesize() + 8
        left, right = small.size("¥00,000")[0] + 8, size[0] - label_w - 8
        flat = [lid for lid, v in self.history.items() if not any(v)]
        top, bottom = 8, size[1] - small.get_linesize() * (2 if flat else 1) - 10
        rounds = max((len(v) for v in self.history.values()), default=1)
        played = current_metro(self.app.services).state.round - 1
        peak = max((max(v) for v in self.history.values() if v), default=0)
        peak = max(1000, -(-peak // 1000) * 1000)

        def point(i: int, value: int) -> tuple[int, int]:
            x = left + (right - left) * i // max(1, rounds - 1)
            return x, bottom - (bottom - top) * value // peak

        step = max(1000, peak // 4 // 1000 * 1000)
        for v in range(0, peak + 1, step):
            y = point(0, v)[1]
            pygame.draw.line(chart, (48, 52, 64), (left, y), (right, y))
            c.blit_text(chart, small, c.yen(v), muted, (left - 6, y), "midright")
        for i in range(rounds):
            label = str(i + 1) if i < played or i < rounds - 1 else _("End")
            c.blit_text(chart, small, label, muted, (point(i, 0)[0], bottom + 4), "midtop")
        if flat:
            y = size[1] - small.get_linesize() - 2
            x = c.blit_text(chart, small, _("Never above ¥0:"), muted, (left, y)).right + 8
            hh = small.get_linesize()
            for lid in flat:
                c.line_badge(chart, small, rules, lid, pygame.Rect(x, y, hh, hh))
                x += hh + 4
        ends: list[tuple[int, str]] = []
        for lid, values in self.history.items():
            if not values or lid in flat:
                continue
            pts = [point(i, v) for i, v in enumerate(values)]
            color = c.line_rgb(rules, lid)
            if len(pts) > 1:
                pygame.draw.lines(chart, color, False, pts, 4)
            ends.append((pts[-1][1], lid))
        ends.sort()
        h = label_w - 4
        placed: list[int] = []
        for y, _lid in ends:
            placed.append(max(y, placed[-1] + h + 2) if placed else max(y, top + h // 2))
        limit = bottom
        for i in range(len(placed) - 1, -1, -1):
            placed[i] = min(placed[i], limit)
            limit = placed[i] - h - 2
        for y, (_y, lid) in zip(placed, ends, strict=True):
            c.line_badge(chart, small, rules, lid, pygame.Rect(right + 6, y - h // 2, h, h))
        return chart
