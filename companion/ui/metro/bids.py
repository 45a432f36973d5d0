"""Turn-order bids: each player's bid with left/right, then the new order (and the bids paid to
the bank when the box keeps cash). A Bid action's bonus (Tokyo cards) is shown beside the bid
("+¥200" after the player's chip) and counts in the order, never paid."""

from __future__ import annotations

import pygame

from companion.i18n import _
from companion.metro.errors import IllegalEvent
from companion.metro.events import AdjustCash, SetTurnOrder
from companion.narrate import explain
from companion.ui import kit as c
from companion.ui.kit import draw_error, draw_title
from companion.ui.metro.rounds import bid_order
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import current_metro, metro_names


class BidsScreen(Screen):
    name = "metro-bids"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        state = current_metro(app.services).state
        self.order = state.colors
        self.bids = {color: 0 for color in self.order}
        self.cursor = 0
        self.error = ""

    def result(self) -> tuple[str, ...]:
        """The new order: each bid plus the player's Bid-action bonus (Tokyo cards)."""
        state = current_metro(self.app.services).state
        totals = {c: bid + state.player(c).bid_bonus for c, bid in self.bids.items()}
        return bid_order(self.order, totals, state.round == 1)

    def handle(self, event: Input) -> None:
        a = event.action
        self.error = ""
        n = len(self.order)
        color = self.order[self.cursor]
        if a is Action.BACK:
            self.app.pop()
        elif a is Action.UP:
            self.cursor = (self.cursor - 1) % n
        elif a is Action.DOWN:
            self.cursor = (self.cursor + 1) % n
        elif a in (Action.LEFT, Action.RIGHT):
            step = 100 if a is Action.RIGHT else -100
            cash = current_metro(self.app.services).state.player(color).cash
            bid = max(0, self.bids[color] + step)
            self.bids[color] = bid if cash is None else min(bid, max(cash, 0))
        elif a is Action.OK:
            self._record()

    def _record(self) -> None:
        session = current_metro(self.app.services)
        try:
            session.record(SetTurnOrder(self.result()))
            for color in self.order:
                if self.bids[color] and session.state.player(color).cash is not None:
                    session.record(AdjustCash(color, -self.bids[color], "bid"))
        except IllegalEvent as exc:
            self.error = explain(exc, session.rules.board)
            self.app.play("error")
            return
        self.app.play("beep")
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        m = c.margin(theme, surface)
        top = draw_title(
            surface, theme, _("Turn-order bids"), _("Enter each bid; the order follows")
        )
        fnt = c.font(theme, "big")
        row_h = fnt.get_linesize() + 12
        half = surface.get_width() // 2
        fg, accent = c.theme_color(theme, "foreground"), c.theme_color(theme, "accent")
        names = metro_names(self.app.services)
        for i, color in enumerate(self.order):
            y = top + i * row_h
            row = pygame.Rect(m, y, half - 2 * m, row_h - 6)
            if i == self.cursor:
                pygame.draw.rect(surface, accent, row, width=3, border_radius=8)
            chip = c.player_chip(surface, fnt, color, (row.x + 6, y + 3), row.height - 6)
            amount = c.blit_text(
                surface, fnt, c.yen(self.bids[color]), fg, (row.right - 10, row.centery), "midright"
            )
            read = c.font(theme, "read")
            bonus = current_metro(self.app.services).state.player(color).bid_bonus
            said = f"+{c.yen(bonus)}" if bonus else names.short(color)
            pos = (chip.right + 10, row.centery)
            c.blit_whole(
                surface, read, said, fg, pos, "midleft", amount.x - pos[0] - 10, row.height
            )
        medium = c.font(theme, "medium")
        c.blit_text(
            surface, medium, _("New turn order"), c.theme_color(theme, "muted"), (half + m, top)
        )
        y = top + medium.get_linesize() + 6
        for n, color in enumerate(self.result(), start=1):
            c.blit_text(surface, fnt, f"{n}.", fg, (half + m, y))
            chip = c.player_chip(
                surface, fnt, color, (half + m + fnt.size("0.")[0] + 12, y + 3), row_h - 12
            )
            pos = (chip.right + 10, chip.centery)
            room = surface.get_width() - pos[0] - m
            c.blit_whole(surface, medium, names.short(color), fg, pos, "midleft", room, row_h - 6)
            y += row_h
        c.hint_bar(
            surface,
            theme,
            [("ud", _("Player")), ("lr", "±¥100"), ("ok", _("Confirm")), ("back", _("Back"))],
        )
        if self.error:
            draw_error(surface, theme, self.error)
