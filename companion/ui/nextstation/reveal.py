"""The reveal screen: OK (or any player's button) turns the next station card.

The card fills the left of the screen (its symbol as a big shape), the right names it in words:
the symbol, the background, what a special card does, and the round's orange card. The round,
its line colour and its starting point are on top with the green count ("green 3 of 5"). After
the fifth green card the box waits for OK, then starts the next round (after the fourth: the
score pad). Up takes back a reveal; Back opens the game menu (leaving is its "Main menu").
"""

from __future__ import annotations

import pygame

from companion.colors import RGB, color_name
from companion.i18n import _, language
from companion.nextstation.deck import GREENS_PER_ROUND
from companion.nextstation.game import ROUNDS, EndRound, Phase, Reveal
from companion.ui.kit import blit_text, hint_bar, player_rgb, textlog, wrap
from companion.ui.kit.palette import theme_color
from companion.ui.nextstation.card import (
    BACKGROUND_RGB,
    card_kind,
    card_title,
    draw_card,
    special_help,
)
from companion.ui.nextstation.flow import OFF, GameScreen
from companion.ui.screen import Action, Input

ORANGE: RGB = (245, 150, 50)


def round_title(round_index: int) -> str:
    return _("Round {n} of {total}").format(n=round_index + 1, total=ROUNDS)


def line_text(color: str, round_index: int) -> str:
    return _("{color} line · from starting point {n}").format(
        color=color_name(color), n=round_index + 1
    )


class RevealScreen(GameScreen):
    name = "next-station-reveal"
    phases: tuple[Phase, ...] = ("reveal", "round-end")

    def enter(self) -> None:
        self.light_card()

    def light_card(self) -> None:
        card = self.state.card
        self.light(BACKGROUND_RGB[card.background] if card is not None else OFF)

    def handle(self, event: Input) -> None:
        if event.player is not None or event.action is Action.OK:
            self.turn()
        elif event.action is Action.UP:
            self.undo()
            self.light_card()
        elif event.action is Action.BACK:
            self.open_menu()

    def round_over(self) -> bool:
        return self.state.phase == "round-end"

    def turn(self) -> None:
        if self.round_over():
            if self.record(EndRound()):
                self.app.play("start")
                self.light(OFF)
            return
        if self.record(Reveal()):
            self.app.play("stop" if self.round_over() else "bell")
            self.light_card()

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.theme
        s = self.state
        w, m = surface.get_width(), theme.margin
        top, bottom = self.frame(surface, round_title(s.round), line_text(s.line, s.round))
        orange = self.orange_lines(w - 4 * m)
        if orange:
            bottom -= len(orange) * theme.font("medium").get_linesize() + m
            self._draw_orange(surface, orange, pygame.Rect(m, bottom + m // 2, w - 2 * m, 0))
        card_h = bottom - top
        card_w = min(card_h * 3 // 4, w * 2 // 5)
        card_rect = pygame.Rect(2 * m, top, card_w, card_h)
        stripe = pygame.Rect(m // 2, top, m, card_h)
        pygame.draw.rect(surface, player_rgb(s.line), stripe, border_radius=m // 2)
        card = s.card
        if card is None:
            self._draw_back(surface, card_rect)
        else:
            draw_card(surface, card, card_rect)
        x = card_rect.right + 2 * m
        self._draw_words(surface, pygame.Rect(x, top, w - x - m, card_h))
        self._draw_hints(surface)

    def orange_lines(self, width: int) -> list[str]:
        """The round's orange card, wrapped (at most two lines: longer effects are squeezed)."""
        orange = self.state.orange
        if orange is None:
            return []
        text = _("Orange card: {effect}").format(effect=orange.text(language()))
        rows = wrap(self.theme.font("medium"), text, width)
        return rows if len(rows) <= 2 else [rows[0], " ".join(rows[1:])]

    def _draw_orange(self, surface: pygame.Surface, rows: list[str], area: pygame.Rect) -> None:
        theme = self.theme
        fnt = theme.font("medium")
        area.height = len(rows) * fnt.get_linesize()
        applies = self.state.orange_applies
        band = area.inflate(0, theme.margin // 2)
        pygame.draw.rect(surface, ORANGE, band, 0 if applies else 3, border_radius=8)
        ink = (20, 20, 20) if applies else ORANGE
        for i, row in enumerate(rows):
            pos = (area.x + theme.margin, area.y + i * fnt.get_linesize())
            blit_text(surface, fnt, row, ink, pos, max_width=area.width - 2 * theme.margin)

    def _draw_back(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        theme = self.theme
        radius = rect.width // 10
        pygame.draw.rect(surface, theme_color(theme, "panel"), rect, border_radius=radius)
        muted = theme_color(theme, "muted")
        pygame.draw.rect(surface, muted, rect, 4, border_radius=radius)
        blit_text(surface, theme.font("huge"), "?", muted, rect.center, "center")

    def _draw_words(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.theme
        s = self.state
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        medium, big = theme.font("medium"), theme.font("big")
        greens = _("green {n} of {total}").format(n=s.greens, total=GREENS_PER_ROUND)
        y = blit_text(surface, big, greens, accent, area.topleft, max_width=area.width).bottom
        y += theme.margin
        card = s.card
        lines: list[tuple[str, pygame.font.Font, RGB]] = []
        if card is None:
            lines.append((_("OK: turn the first card"), medium, fg))
        else:
            lines.append((card_title(card), theme.font("huge"), fg))
            lines.append((card_kind(card), medium, fg))
            if s.ignored:
                lines.append((_("Ignored: it is the round's first card"), medium, accent))
            elif card.special:
                lines.append((special_help(card), medium, fg))
        if s.orange_applies:
            lines.append((_("Orange card: applies to this card"), medium, ORANGE))
        if s.phase == "round-end":
            end = _("Fifth green card: draw it, then OK")
            lines.append((end, medium, theme_color(theme, "good")))
        for smaller in (big, medium):  # the card's name shrinks until the words fit
            if card is None or self._height(lines, area.width) <= area.bottom - y:
                break
            lines[0] = (lines[0][0], smaller, fg)
        for i, (text, fnt, color) in enumerate(lines):
            rows = [text] if i == 0 and card is not None else wrap(fnt, text, area.width)
            for row in rows:
                if y + fnt.get_linesize() > area.bottom:
                    for gone, _f, _c in lines[i:]:
                        textlog.left_out(gone, "the card's words")
                    return  # never over the orange card's band
                blit_text(surface, fnt, row, color, (area.x, y), max_width=area.width)
                y += fnt.get_linesize()
            y += theme.margin // 2

    def _height(self, lines: list[tuple[str, pygame.font.Font, RGB]], width: int) -> int:
        """The height of the words when the first (the card's name) stays on one line."""
        rows = [1] + [len(wrap(fnt, text, width)) for text, fnt, _c in lines[1:]]
        gaps: int = len(lines) * int(self.theme.margin // 2)
        return gaps + sum(
            n * fnt.get_linesize() for n, (_t, fnt, _c) in zip(rows, lines, strict=True)
        )

    def _draw_hints(self, surface: pygame.Surface) -> None:
        s = self.state
        if s.phase == "round-end":
            ok = _("Score pad") if s.round + 1 == ROUNDS else _("Next round")
        else:
            ok = _("Next card")
        hint_bar(surface, self.theme, [("ok", ok), ("up", _("Undo")), ("back", _("Menu"))])
