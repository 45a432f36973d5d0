"""End of the game: ranking with what each player got (a solo game: its score against the best
on its map and card set), payouts line by line, and a chart of every line's value over the
rounds. LEFT/RIGHT (or OK) turn the pages; BACK opens the game menu,
whose "Main menu" leaves: the final screen stays until the players choose so."""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import color_letter
from companion.i18n import _
from companion.metro.endgame import EndGameResult
from companion.metro.solo import SoloNews, is_solo, solo_news, solo_result
from companion.names import TableNames
from companion.narrate import describe_solo, tie_notes
from companion.ui import kit as c
from companion.ui.announce import announce
from companion.ui.kit import draw_title
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import current_metro, metro_names
from companion.voice import phrases

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
        self._chart_texts = c.textlog.Layer()
        self.page_count = 3
        self.solo_news = self._solo_news()

    def _solo_news(self) -> SoloNews | None:
        """A solo game's score against the earlier solo games on its map with its cards."""
        session = current_metro(self.app.services)
        state = session.state
        if not is_solo(state):
            return None
        cards = state.card_set(session.rules.board).name
        finished = solo_result(state, self.result, cards, session.game_id)
        earlier = [
            r
            for r in self.app.services.solo_results()
            if r.game_id is not None and r.game_id < session.game_id
        ]
        return solo_news(earlier, finished)

    def enter(self) -> None:
        if not self._played:
            self._played = True
            self.app.play("fanfare")
            announce(self.app, lambda: phrases.winner_phrase(self.result, self.names.short))

    @property
    def names(self) -> TableNames:
        return metro_names(self.app.services)

    def handle(self, event: Input) -> None:
        if event.action is Action.RIGHT:
            self.page = (self.page + 1) % self.page_count
        elif event.action is Action.LEFT:
            self.page = (self.page - 1) % self.page_count
        elif event.action is Action.OK:
            self.page = (self.page + 1) % self.page_count
        elif event.action is Action.BACK:
            from companion.games import METRO
            from companion.ui.gamemenu import game_menu_items
            from companion.ui.metro.menu import MetroMenu

            items = game_menu_items(self.app, METRO, [], self.app.pop)
            self.app.push(MetroMenu(self.app, _("Game menu"), items))

    def draw(self, surface: pygame.Surface) -> None:
        """Pages: the ranking, the payouts by line (on as many pages as their rows need), the
        chart."""
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        m = c.margin(theme, surface)
        probe = c.title_height(surface, theme, _("Payouts by line"), "1/9")
        height = surface.get_height() - c.hint_height(theme) - m - probe
        line_pages = self._line_pages(theme, surface.get_width() - 2 * m, height)
        self.page_count = len(line_pages) + 2
        self.page = min(self.page, self.page_count - 1)
        if self.page == 0:
            title = _("Final ranking")
        elif self.page == self.page_count - 1:
            title = _("Line values by round")
        else:
            title = _("Payouts by line")
        top = draw_title(surface, theme, title, f"{self.page + 1}/{self.page_count}")
        bottom = surface.get_height() - c.hint_height(theme) - m
        area = pygame.Rect(m, top, surface.get_width() - 2 * m, bottom - top)
        if self.page == 0:
            self._players(surface, theme, area)
        elif self.page == self.page_count - 1:
            self._draw_chart(surface, theme, area)
        else:
            self._lines(surface, theme, area, line_pages[self.page - 1])
        c.hint_bar(surface, theme, [("lr", _("Page")), ("back", _("Menu"))])

    def _players(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        """One column per player in ranking order (medal, chip, name), one row per part of
        the total, the total last in large type."""
        read, medium, big = c.font(theme, "read"), c.font(theme, "medium"), c.font(theme, "big")
        fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
        accent = c.theme_color(theme, "accent")
        m = c.margin(theme, surface)
        by_color = {p.color: p for p in self.result.players}
        cash_known = all(p.total is not None for p in self.result.players)
        players = [by_color[color] for color in self.result.ranking]
        rows: list[tuple[str, list[str]]] = []
        if cash_known:
            rows.append((_("Cash"), [c.yen(p.cash) if p.cash is not None else "" for p in players]))
        rows += [
            (_("Speculation"), [c.yen(p.speculation) for p in players]),
            (_("Stakes back"), [c.yen(p.stakes_returned) for p in players]),
            (_("Shares"), [c.yen(p.shares) for p in players]),
        ]
        if any(p.set_aside for p in players):  # Osaka cards: what Sell actions put aside
            rows.append((_("Set aside"), [c.yen(p.set_aside) for p in players]))
        rows.append((_("Loans"), [c.signed_yen(-p.loan_cost) if p.loans else "–" for p in players]))
        if current_metro(self.app.services).state.metro_drinks is not None:
            # fees and bonuses came in as cash: a row for reading, not one more part of the total
            drinks = [c.yen(p.drink_income) for p in players]
            if cash_known:
                rows.insert(1, (_("Drinks (in cash)"), drinks))
            else:
                rows.append((_("Drink income"), drinks))
        totals = [
            c.yen(p.total if cash_known and p.total is not None else p.earnings) for p in players
        ]
        total_label = _("Total") if cash_known else _("Earned")
        labels = [label for label, _v in rows] + [total_label]
        label_w = min(max(read.size(label)[0] for label in labels) + 2 * m, area.width * 2 // 5)
        col_w = (area.width - label_w) // max(1, len(players))
        chip_h = medium.get_linesize()
        # under the chips: the names (in two lines, narrowed, if need be) when they all fit,
        # else the chips' letters and the medals say who, the names by rank under the table
        table = self.names
        said = [table.short(p.color) for p in players]
        under = [c.two_lines(read, name, col_w - m) for name in said]
        if not all(under):
            under = []
        legend = [] if under or not table.chosen else rank_legend(read, said, area.width)
        name_rows = max((len(lines) for lines in under), default=0)
        y = area.y
        for i, p in enumerate(players):
            col = pygame.Rect(area.x + label_w + i * col_w, y, col_w, chip_h)
            fill = MEDALS[i] if i < 3 else (70, 74, 86)
            medal = pygame.Rect(0, y, chip_h, chip_h)
            chip_w = max(chip_h, medium.size(color_letter(p.color))[0] + chip_h // 2)
            medal.x = col.right - m - chip_w - 6 - chip_h
            c.badge(surface, medium, str(i + 1), fill, medal)
            c.player_chip(surface, medium, p.color, (medal.right + 6, y), chip_h)
            for k, line in enumerate(under[i] if under else []):
                pos = (col.right - m, y + chip_h + 2 + k * read.get_linesize())
                c.blit_condensed(surface, read, line, fg, pos, "topright", col_w - m)
        y += chip_h + name_rows * read.get_linesize() + 6
        row_h = read.get_linesize() + 2
        for n, (label, values) in enumerate(rows):
            if n % 2 == 0:
                pygame.draw.rect(surface, (28, 31, 40), (area.x, y, area.width, row_h))
            shown = c.ellipsize(read, label, label_w - m)
            c.blit_text(surface, read, shown, muted, (area.x, y + row_h // 2), "midleft")
            for i, value in enumerate(values):
                right = area.x + label_w + (i + 1) * col_w - m
                c.blit_text(surface, read, value, fg, (right, y + row_h // 2), "midright")
            y += row_h
        total_font = next(
            (f for f in (big, medium) if max(f.size(t)[0] for t in totals) <= col_w - m), read
        )
        y += 4
        cy = y + total_font.get_linesize() // 2
        c.blit_text(
            surface, read, c.ellipsize(read, total_label, label_w - m), fg, (area.x, cy), "midleft"
        )
        for i, total in enumerate(totals):
            right = area.x + label_w + (i + 1) * col_w - m
            c.blit_text(surface, total_font, total, accent, (right, cy), "midright")
        y = cy + total_font.get_linesize() // 2 + 6
        lh = read.get_linesize()
        for line in legend:
            c.blit_text(surface, read, line, fg, (area.x, y))
            y += lh
        labelled, named = tie_notes(self.result, table.label), tie_notes(self.result, table.short)
        for k, (note, short) in enumerate(zip(labelled, named, strict=True)):
            lines = self._note_lines(read, note, short, area.width, (area.bottom - y) // lh)
            if not lines:
                for gone in labelled[k:]:
                    c.textlog.left_out(gone, "the end table's notes")
                break
            for line in lines:
                c.blit_condensed(surface, read, line, muted, (area.x, y), "topleft", area.width)
                y += lh
        if self.solo_news is not None:
            y += 8
            for line in c.wrap(medium, describe_solo(self.solo_news), area.width):
                c.blit_text(surface, medium, line, accent, (area.x, y))
                y += medium.get_linesize()

    def _line_items(self, lp: Any) -> list[tuple[str, str, str]]:
        """(player, chip suffix, amount) of a line's payouts: shares, then speculations."""
        items = [(sh.player, str(sh.share), c.yen(sh.paid)) for sh in lp.shares]
        items += [(s.player, "", f"{c.yen(s.paid)} ({c.yen(s.stake)})") for s in lp.speculations]
        return items

    def _flow(
        self, theme: Any, lp: Any, width: int
    ) -> list[list[tuple[int, tuple[str, str, str]]]]:
        """A line's payouts in lines of (x offset, item) that fit `width`."""
        read = c.font(theme, "read")
        h = read.get_linesize() - 4
        lines: list[list[tuple[int, tuple[str, str, str]]]] = [[]]
        x = 0
        for item in self._line_items(lp):
            chip_w = max(h, read.size(color_letter(item[0]) + item[1])[0] + h // 2)
            need = chip_w + 4 + read.size(item[2])[0]
            if x and x + need > width:
                lines.append([])
                x = 0
            lines[-1].append((x, item))
            x += need + 16
        return lines

    def _line_rows(self) -> list[Any]:
        rows = [lp for lp in self.result.lines if lp.shares or lp.speculations]
        return rows or list(self.result.lines)

    def _lead_w(self, theme: Any) -> int:
        """The width of a row's badge and value."""
        read = c.font(theme, "read")
        values = max(read.size(c.yen(lp.value))[0] for lp in self.result.lines)
        return read.get_linesize() + 8 + values + 16

    def _line_pages(self, theme: Any, width: int, height: int) -> list[list[Any]]:
        """The payout rows split into pages that fit `height`."""
        read = c.font(theme, "read")
        line_h = read.get_linesize()
        room = width - self._lead_w(theme)
        pages: list[list[Any]] = [[]]
        used = line_h + 4
        for lp in self._line_rows():
            need = len(self._flow(theme, lp, room)) * line_h + 4
            if pages[-1] and used + need > height:
                pages.append([])
                used = line_h + 4
            pages[-1].append(lp)
            used += need
        return pages

    def _lines(
        self, surface: pygame.Surface, theme: Any, area: pygame.Rect, rows: list[Any]
    ) -> None:
        muted = c.theme_color(theme, "muted")
        fg = c.theme_color(theme, "foreground")
        rules = current_metro(self.app.services).rules
        read = c.font(theme, "read")
        line_h = read.get_linesize()
        legend = f"{_('Shares')}  ·  {_('Speculations: paid (stake)')}"
        c.blit_text(surface, read, c.ellipsize(read, legend, area.width), muted, area.topleft)
        lead = self._lead_w(theme)
        y = area.y + line_h + 4
        h = line_h - 4
        for n, lp in enumerate(rows):
            flow = self._flow(theme, lp, area.width - lead)
            row_h = len(flow) * line_h + 4
            if n % 2 == 0:
                pygame.draw.rect(surface, (28, 31, 40), (area.x, y, area.width, row_h))
            cy = y + line_h // 2 + 2
            badge = c.line_badge(
                surface, read, rules, lp.line, pygame.Rect(area.x, cy - h // 2, h, h)
            )
            value_right = area.x + lead - 16
            c.blit_text(surface, read, c.yen(lp.value), fg, (value_right, cy), "midright")
            del badge
            for k, items in enumerate(flow):
                ly = cy + k * line_h
                for x, (player, suffix, amount) in items:
                    chip = c.player_chip(
                        surface, read, player, (area.x + lead + x, ly - h // 2), h, suffix
                    )
                    c.blit_text(surface, read, amount, fg, (chip.right + 4, ly), "midleft")
            y += row_h

    @staticmethod
    def _note_lines(
        read: pygame.font.Font, note: str, short: str, width: int, room: int
    ) -> list[str]:
        """A tie note in at most `room` lines: as it is, else narrowed, else with the names
        alone (the chips say the colours); [] when none fits."""
        narrow = int(width / c.CONDENSED)
        for text, w in ((note, width), (note, narrow), (short, width), (short, narrow)):
            lines = c.wrap(read, text, w)
            if len(lines) <= room:
                return lines
        return []

    def _draw_chart(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        if self._chart is None or self._chart.get_size() != area.size:
            with c.textlog.capture() as texts:
                self._chart = self._render_chart(theme, area.size)
            self._chart_texts = texts
        surface.blit(self._chart, area)
        c.textlog.replay(self._chart_texts, area.topleft)

    def _render_chart(self, theme: Any, size: tuple[int, int]) -> pygame.Surface:
        chart = pygame.Surface(size)
        chart.fill(c.theme_color(theme, "background"))
        small = c.font(theme, "read")
        muted = c.theme_color(theme, "muted")
        rules = current_metro(self.app.services).rules
        label_w = small.get_linesize() + 8
        left, right = small.size("¥00,000")[0] + 8, size[0] - label_w - 8
        flat = [lid for lid, v in self.history.items() if not any(v)]
        lh = small.get_linesize()
        top, bottom = lh // 2 + 2, size[1] - lh * (2 if flat else 1) - lh // 2 - 6
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
            pos = (point(i, 0)[0], bottom + lh // 2 + 2)
            c.blit_text(chart, small, label, muted, pos, "midtop")
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


def rank_legend(fnt: pygame.font.Font, names: list[str], width: int) -> list[str]:
    """ "1. Ana   2. Bea ...": the names by rank, each whole on one line, in lines of `width`."""
    lines: list[str] = []
    for rank, name in enumerate(names, start=1):
        entry = f"{rank}. {name}"
        trial = f"{lines[-1]}   {entry}" if lines else entry
        if lines and fnt.size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(entry)
    return lines
