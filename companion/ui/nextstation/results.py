"""The results: every player's total, best first, as the score pad adds it up; tied players
share their place and the screen says so. Up takes the last score back (to correct it); OK or
Back return to the menu (the game is in history)."""

from __future__ import annotations

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.names import Names
from companion.nextstation import scoring as P
from companion.nextstation.game import Phase
from companion.ui.kit import blit_text, ellipsize, hint_bar, player_chip, wrap
from companion.ui.kit.palette import theme_color
from companion.ui.nextstation.flow import OFF, GameScreen
from companion.ui.screen import Action, Input

TIE_LINES = 3
"""Lines the shared places take under the ranking at most."""


def ties_text(
    standings: tuple[P.Standing, ...], players: tuple[str, ...], label: Names = color_name
) -> list[str]:
    """One sentence per shared place: "Tied for place 1: Red and Blue"."""
    out = []
    for place in sorted({s.place for s in standings if s.tied}):
        names = [label(players[s.player]) for s in standings if s.place == place]
        joined = _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
        out.append(_("Tied for place {place}: {names}").format(place=place, names=joined))
    return out


class ResultsScreen(GameScreen):
    name = "next-station-results"
    phases: tuple[Phase, ...] = ("over",)

    def enter(self) -> None:
        self.light(OFF)

    def handle(self, event: Input) -> None:
        if event.action is Action.UP:
            self.undo()
        elif event.action in (Action.OK, Action.BACK):
            self.open_menu()  # the results stay until a confirmed "Main menu"

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        s = self.state
        w, m = surface.get_width(), theme.margin
        top, bottom = self.frame(surface, _("Next Station Tokyo"), _("Results"))
        standings = s.standings
        medium = theme.font("medium")
        notes: list[str] = []  # whole sentences while they fit (the places say the ties too)
        for tie in ties_text(standings, s.setup.players, self.names.label):
            lines = wrap(medium, tie, w - 4 * m)
            if len(notes) + len(lines) <= TIE_LINES:
                notes += lines
        fnt = theme.font("big" if len(standings) <= 4 else "medium")
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        room = bottom - top - len(notes) * medium.get_linesize()
        row_h = min(fnt.get_linesize() + m, room // max(1, len(standings)))
        place_w = max(fnt.size(f"{n}.")[0] for n in range(1, len(standings) + 1))
        y = top
        for standing in standings:
            color = s.setup.players[standing.player]
            ink = accent if standing.place == 1 else fg
            mid = y + row_h // 2
            blit_text(surface, fnt, f"{standing.place}.", ink, (2 * m + place_w, mid), "midright")
            chip_h = min(row_h - 6, fnt.get_linesize())
            chip_pos = (3 * m + place_w, mid - chip_h // 2)
            chip = player_chip(surface, fnt, color, chip_pos, chip_h)
            points = _("{points} points").format(points=standing.total)
            total = blit_text(surface, fnt, points, ink, (w - 2 * m, mid), "midright")
            room_w = total.x - chip.right - 3 * m
            said = ellipsize(fnt, self.names.short(color), room_w)
            blit_text(surface, fnt, said, ink, (chip.right + m, mid), "midleft", room_w)
            y += row_h
        for note in notes:
            blit_text(surface, medium, note, accent, (2 * m, y), max_width=w - 4 * m)
            y += medium.get_linesize()
        hint_bar(surface, theme, [("ok", _("Menu")), ("up", _("Correct a score"))])
