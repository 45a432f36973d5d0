"""History -> Players' records: one page per roster player (LEFT/RIGHT or UP/DOWN turn them):
games and wins, best and average total per game and map, the Metro lines most often worth the
most in their games, their solo bests. Computed from the saved games each time it opens."""

from __future__ import annotations

import pygame

from companion import games
from companion.i18n import _
from companion.money import yen
from companion.records import PlayerStats, player_stats
from companion.ui.kit import (
    blit_text,
    draw_title,
    hint_bar,
    hint_height,
    margin,
    textlog,
    theme_color,
    wrap,
)
from companion.ui.screen import Action, AppContext, Input, Screen


def page_lines(st: PlayerStats) -> list[str]:
    """A player's page, one line each (wrapped on screen when long)."""
    lines = [_("Games: {games} · Wins: {wins}").format(games=st.games, wins=st.wins)]
    for (kind, map_), ms in sorted(st.by_map.items()):
        where = _(games.game(kind).title) + (f" · {map_.capitalize()}" if map_ else "")
        lines.append(_("{where} · games: {games}").format(where=where, games=ms.games))
        if ms.best is not None and ms.average is not None:
            lines.append(
                "    "
                + _("best {best} · average {average}").format(
                    best=yen(ms.best), average=yen(ms.average)
                )
            )
    if st.top_lines:
        top = ", ".join(f"{line} ×{n}" for line, n in st.top_lines.most_common(4))
        lines.append(_("Most valuable line at the end: {lines}").format(lines=top))
    for map_, best in sorted(st.solo_best.items()):
        lines.append(_("Solo best · {map}: {total}").format(map=map_.capitalize(), total=yen(best)))
    return lines


class RecordsScreen(Screen):
    name = "records"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.page = 0
        self.stats: list[PlayerStats] = []

    def enter(self) -> None:
        services = self.app.services
        names = {p.id: p.name for p in services.roster.players()}
        self.stats = player_stats(services.records(), names)
        self.page = min(self.page, max(0, len(self.stats) - 1))

    def handle(self, event: Input) -> None:
        a = event.action
        if a is Action.BACK:
            self.app.pop()
        elif a in (Action.RIGHT, Action.DOWN, Action.OK) and self.stats:
            self.page = (self.page + 1) % len(self.stats)
        elif a in (Action.LEFT, Action.UP) and self.stats:
            self.page = (self.page - 1) % len(self.stats)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = margin(theme, surface)
        if not self.stats:
            top = draw_title(surface, theme, _("Players' records"))
            lines = [_("No records yet: choose the players' names at setup (Settings → Players)")]
        else:
            st = self.stats[self.page]
            subtitle = f"{self.page + 1}/{len(self.stats)}"
            top = draw_title(surface, theme, st.name, subtitle)
            lines = page_lines(st)
        fnt = theme.font("medium")
        fg = theme_color(theme, "foreground")
        y = top + m
        bottom = h - hint_height(theme) - m
        for line in lines:
            for part in wrap(fnt, line, w - 4 * m):
                if y + fnt.get_linesize() > bottom:
                    textlog.left_out(line, "a player's records")
                    break
                y = blit_text(surface, fnt, part, fg, (2 * m, y), "topleft").bottom
            y += m // 2
        hints = [("lr", _("Player")), ("back", _("Back"))] if self.stats else [("back", _("Back"))]
        hint_bar(surface, theme, hints)
