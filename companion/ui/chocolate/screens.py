"""Chocolate milk's screens: setup, and the market (plots, stock cards, players, the refill).

Inputs: a player's button (or OK, then the player) opens that player's entries: buy a drink,
sell, buy a crate; OK's list also undoes the last entry. Right: the last refill was drawn by
hand instead (choose the drink). Back leaves (the game is saved).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from companion.chocolate import codec
from companion.chocolate import game as G
from companion.games import CHOCOLATE
from companion.i18n import N_, _
from companion.money import yen
from companion.ui.chocolate.draw import (
    card_text,
    draw_board,
    draw_cards,
    draw_players,
    drink_text,
    refill_text,
)
from companion.ui.entries import TableScreen, reason, record
from companion.ui.kit import (
    MenuScreen,
    Option,
    chip_caption,
    draw_title,
    hint_bar,
    hint_height,
    player_chip,
    textlog,
    theme_color,
)
from companion.ui.kit.text import blit_text, wrap
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.seats_setup import SeatsSetup
from companion.ui.services import SavedGame

Items = list[tuple[Option, Callable[[], None]]]


class ChocolateHome(SeatsSetup):
    name = "chocolate-setup"
    KIND = codec.KIND
    TITLE = N_("Chocolate milk")

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.vending = True
        self.spare = 5

    def extra_options(self) -> list[Option]:
        return [
            Option(
                lambda: _("Vending machine"),
                detail=lambda: _("on") if self.vending else _("off"),
                on_change=self._vending,
            ),
            Option(
                lambda: _("Crates to buy"), detail=lambda: str(self.spare), on_change=self._spare
            ),
        ]

    def _vending(self, _delta: int) -> None:
        self.vending = not self.vending

    def _spare(self, delta: int) -> None:
        self.spare = min(16, max(0, self.spare + delta))

    def _count(self, delta: int) -> None:
        super()._count(delta)
        self.spare = max(0, 8 - len(self.seats))

    def setup_json(self) -> dict[str, object]:
        seed = random.SystemRandom().randrange(1 << 31)
        return codec.setup_to_json(tuple(self.seats), seed, self.vending, self.spare)

    def play_screen(self, session: SavedGame[object]) -> Screen:
        return ChocolateScreen(self.app, session)


class ChocolateScreen(TableScreen):
    name = "chocolate"
    spec = CHOCOLATE

    @property
    def state(self) -> G.ChocolateState:
        state = self.session.state
        assert isinstance(state, G.ChocolateState)
        return state

    def save(self, event: G.Event, cue: str = "coin") -> None:
        """Close the menus on top of this screen, then record."""
        while self.app.top is not self:
            self.app.pop()
        if record(self.app, self.session, event):
            self.app.play("fanfare" if self.state.over else cue)

    def other(self, event: Input) -> None:
        s = self.state
        if event.action is Action.RIGHT and s.last_refill is not None and not s.over:
            self.hand_menu()

    def menu(self, title: str, items: Items) -> None:
        self.app.push(MenuScreen(self.app, title, items))

    def player_menu(self, player: int) -> None:
        s = self.state
        name = self.names.label(s.seats[player].color)
        drinks = [d for plot in s.board for d in plot]
        buy = G.Buy(player, drinks[0], 0) if drinks else None
        crate = G.BuyCrate(player)
        held = [d for c in s.crates[player] for d in c]
        items: Items = [
            (
                Option(
                    _("Buy a drink: {cost}").format(cost=yen(G.PRICE, _)),
                    reason=reason(G.why_not(s, buy)) if buy else _("No drinks on the plots"),
                ),
                lambda: self.buy_menu(player),
            ),
            (
                Option(_("Sell drinks"), reason=None if held else _("No drinks to sell")),
                lambda: self.sell_menu(player),
            ),
            (
                Option(
                    _("Buy a crate: {cost}").format(cost=yen(G.CRATE_PRICE, _)),
                    reason=reason(G.why_not(s, crate)),
                ),
                lambda: self.save(crate, "beep"),
            ),
        ]
        self.menu(name, items)

    def buy_menu(self, player: int) -> None:
        s = self.state
        items: Items = [
            (
                Option(_("Plot {plot}: {drink}").format(plot=plot + 1, drink=drink_text(d))),
                lambda d=d: self.crate_menu(player, d),  # type: ignore[misc]
            )
            for plot, drinks in enumerate(s.board)
            for d in drinks
        ]
        self.menu(_("Which drink?"), items)

    def crate_menu(self, player: int, drink_id: int) -> None:
        s = self.state
        crates = len(s.crates[player])
        if crates == 1 and not s.vending:
            self.save(G.Buy(player, drink_id, 0))
            return
        items: Items = [
            (
                Option(_("Into crate {crate}").format(crate=c + 1)),
                lambda c=c: self.save(G.Buy(player, drink_id, c)),  # type: ignore[misc]
            )
            for c in range(crates)
        ]
        if s.vending:
            stuck = G.Buy(player, drink_id, G.STUCK)
            items.append((Option(_("It stayed in the machine")), lambda: self.save(stuck, "error")))
        self.menu(_("Did it fall out?") if s.vending else _("Which crate?"), items)

    def sell_menu(self, player: int) -> None:
        s = self.state
        held = [d for c in s.crates[player] for d in c]
        items: Items = []
        for kind in G.KINDS:
            for card in range(6):
                mine = tuple(d for d in held if G.matches(kind, card, d))
                if not mine:
                    continue
                price = G.card_price(s, kind, card)
                label = _("{card}: {count} × {price}").format(
                    card=card_text(kind, card), count=len(mine), price=yen(price, _)
                )
                sell = G.Sell(player, kind, card, mine)
                row = Option(label, detail=yen(price * len(mine), _))
                items.append((row, lambda e=sell: self.save(e)))  # type: ignore[misc]
        self.menu(_("Sell at which stock card?"), items)

    def hand_menu(self) -> None:
        s = self.state
        items: Items = [
            (Option(drink_text(d)), lambda d=d: self.save(G.HandRefill(d), "beep"))  # type: ignore[misc]
            for d in sorted(s.supply)
        ]
        self.menu(_("Which drink was drawn?"), items)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        s = self.state
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        mode = _("vending machine") if s.vending else _("strategic")
        top = draw_title(surface, theme, _("Chocolate milk"), mode)
        bottom = h - hint_height(theme) - m
        if s.over:
            self._draw_result(surface, theme, pygame.Rect(m, top, w - 2 * m, bottom - top))
            hint_bar(surface, theme, [("ok", _("Menu"))])
            return
        fg = theme_color(theme, "foreground")
        medium = theme.font("medium")
        line = medium.get_linesize()
        side = min(w * 8 // 25, bottom - top - 3 * line) - m
        board = pygame.Rect(m, top, side, side)
        draw_board(surface, theme, s, board)
        y = board.bottom + m // 2
        for text in wrap(medium, refill_text(s), side + m):
            if y + line > bottom:
                textlog.left_out(refill_text(s), "the refill text under the board")
                break
            y = blit_text(surface, medium, text, fg, (m, y)).bottom
        right = pygame.Rect(board.right + 2 * m, top, w - board.right - 3 * m, bottom - top)
        cards_bottom = draw_cards(surface, theme, s, right)
        players = pygame.Rect(right.x, cards_bottom + m, right.width, bottom - cards_bottom - m)
        draw_players(surface, theme, s, players, self.names)
        hints = [("ok", _("Player")), ("back", _("Menu"))]
        if s.last_refill is not None:
            hints.insert(1, ("right", _("Drawn by hand")))
        hint_bar(surface, theme, hints)

    def _draw_result(self, surface: pygame.Surface, theme: object, area: pygame.Rect) -> None:
        s = self.state
        fnt = theme.font("medium")  # type: ignore[attr-defined]
        fg, muted = theme_color(theme, "foreground"), theme_color(theme, "muted")
        line = min(fnt.get_linesize() + 4, area.height // (len(s.seats) + 1))
        places, totals = G.standings(s), G.totals(s)
        header = _("Total = cash + crates")
        blit_text(surface, fnt, header, muted, (area.right, area.y), "topright", area.width)
        for row, p in enumerate(sorted(range(len(s.seats)), key=lambda p: places[p]), start=1):
            y = area.y + row * line
            blit_text(surface, fnt, f"{places[p]}.", fg, (area.x, y))
            badge = player_chip(surface, fnt, s.seats[p].color, (area.x + 50, y + 2), line - 8)
            parts = f"{yen(s.cash[p], _)} + {yen(totals[p] - s.cash[p], _)}"
            room = area.right - fnt.size(parts)[0] - 24 - badge.right - 10
            said = chip_caption(fnt, self.names, s.seats[p].color, yen(totals[p], _), room)
            total = blit_text(surface, fnt, said, fg, (badge.right + 10, y))
            room = area.right - total.right - 24
            blit_text(surface, fnt, parts, muted, (area.right, y), "topright", room)
