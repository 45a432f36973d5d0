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
        fnt, medium, read = c.font(theme, "big"), c.font(theme, "medium"), c.font(theme, "read")
        row_h = fnt.get_linesize() + 12
        w = surface.get_width()
        fg, accent = c.theme_color(theme, "foreground"), c.theme_color(theme, "accent")
        names = metro_names(self.app.services)
        state = current_metro(self.app.services).state
        said = {
            color: f"+{c.yen(bonus)}"
            if (bonus := state.player(color).bid_bonus)
            else names.short(color)
            for color in self.order
        }
        chip_h = row_h - 12
        order_w = (
            fnt.size("0.")[0] + 12 + max(c.player_chip_width(fnt, p, chip_h) for p in self.order)
        )

        def name_room(color: str, half: int) -> int:
            chip = c.player_chip_width(fnt, color, row_h - 12)
            return half - 2 * m - 6 - chip - 20 - fnt.size(c.yen(self.bids[color]))[0] - 10

        half = w // 2
        if not all(c.two_lines(read, said[p], name_room(p, half)) for p in self.order):
            while not c.two_lines(medium, _("New turn order"), order_w) and order_w < w // 3:
                order_w += m
            half = w - order_w - 2 * m  # the new order by chips alone: the names have the room
        for i, color in enumerate(self.order):
            y = top + i * row_h
            row = pygame.Rect(m, y, half - 2 * m, row_h - 6)
            if i == self.cursor:
                pygame.draw.rect(surface, accent, row, width=3, border_radius=8)
            chip = c.player_chip(surface, fnt, color, (row.x + 6, y + 3), row.height - 6)
            amount = c.blit_text(
                surface, fnt, c.yen(self.bids[color]), fg, (row.right - 10, row.centery), "midright"
            )
            pos = (chip.right + 10, row.centery)
            room = amount.x - pos[0] - 10
            c.blit_whole(surface, read, said[color], fg, pos, "midleft", room, row.height)
        muted = c.theme_color(theme, "muted")
        head = pygame.Rect(half + m, top, w - half - 2 * m, medium.get_linesize())
        lines = c.two_lines(medium, _("New turn order"), head.width) or [_("New turn order")]
        pitch = medium.get_ascent() + 4
        for k, line in enumerate(lines):
            c.blit_condensed(
                surface, medium, line, muted, (head.x, top + k * pitch), "topleft", head.width
            )
        y = top + medium.get_linesize() + (len(lines) - 1) * pitch + 6
        bottom = surface.get_height() - c.hint_height(theme) - m
        step = min(row_h, (bottom - y) // max(1, len(self.order)))
        for n, color in enumerate(self.result(), start=1):
            c.blit_text(surface, fnt, f"{n}.", fg, (half + m, y + step // 2), "midleft")
            chip = c.player_chip(
                surface,
                fnt if step == row_h else medium,
                color,
                (half + m + fnt.size("0.")[0] + 12, y + 3),
                step - 12,
            )
            pos = (chip.right + 10, chip.centery)
            room = w - pos[0] - m
            if c.two_lines(medium, names.short(color), room):
                c.blit_whole(
                    surface, medium, names.short(color), fg, pos, "midleft", room, step - 6
                )
            else:
                c.textlog.left_out(names.short(color), "the new turn order")
            y += step
        c.hint_bar(
            surface,
            theme,
            [("ud", _("Player")), ("lr", "±¥100"), ("ok", _("Confirm")), ("back", _("Back"))],
        )
        if self.error:
            draw_error(surface, theme, self.error)
