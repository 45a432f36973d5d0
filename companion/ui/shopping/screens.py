"""The shopping game's screens: setup, the market with the players, the cart at the exit.

Inputs: a player's button (or OK, then the player) opens that player's entries: leave the shop
with a cart, buy a tuna; OK's list also undoes the last entry. Back leaves (the game is saved).
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import DRINK_COLORS, drink_name
from companion.games import SHOPPING
from companion.i18n import N_, _
from companion.money import yen
from companion.names import table_names
from companion.shopping import codec
from companion.shopping import game as G
from companion.shopping.market import CATEGORIES, DRINKS, GARMENTS, Line, payout
from companion.ui.entries import TableScreen, reason, record
from companion.ui.kit import (
    MenuScreen,
    NumberEntry,
    Option,
    chip,
    chip_caption,
    draw_options,
    draw_title,
    handle_options,
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
from companion.ui.shopping.lines import category_name, line_text, mode_name, reminder


class ShoppingHome(SeatsSetup):
    name = "shopping-setup"
    KIND = codec.KIND
    TITLE = N_("Shopping game")

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.mode: G.Mode = "economic"

    def extra_options(self) -> list[Option]:
        return [
            Option(lambda: _("Mode"), detail=lambda: mode_name(self.mode), on_change=self._mode)
        ]

    def _mode(self, _delta: int) -> None:
        self.mode = "dexterity" if self.mode == "economic" else "economic"

    def setup_json(self) -> dict[str, object]:
        return codec.setup_to_json(tuple(self.seats), self.mode)

    def play_screen(self, session: SavedGame[object]) -> Screen:
        return ShoppingScreen(self.app, session)


def _state(session: SavedGame[object]) -> G.ShoppingState:
    state = session.state
    assert isinstance(state, G.ShoppingState)
    return state


class ShoppingScreen(TableScreen):
    name = "shopping"
    spec = SHOPPING

    @property
    def state(self) -> G.ShoppingState:
        return _state(self.session)

    def player_menu(self, player: int) -> None:
        s = self.state
        leave, tuna = G.Exit(player), G.BuyTuna(player)
        cost = yen(G.tuna_cost(s, player), _)

        def buy() -> None:
            self.app.pop()
            if record(self.app, self.session, tuna):
                self.app.play("coin")

        def cart() -> None:
            self.app.replace(CartScreen(self.app, self.session, player))

        def why(event: G.Event) -> str | None:
            return reason(G.why_not(s, event))

        items = [
            (Option(_("Leave the shop: the cart"), reason=why(leave)), cart),
            (
                Option(
                    _("Buy a tuna: {cost}").format(cost=cost), reason=reason(G.why_not(s, tuna))
                ),
                buy,
            ),
        ]
        self.app.push(MenuScreen(self.app, self.names.label(s.seats[player].color), items))

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        s = self.state
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        muted = theme_color(theme, "muted")
        top = draw_title(surface, theme, _("Shopping game"), mode_name(s.mode))
        bottom = h - hint_height(theme) - m // 2
        split = w * 3 // 5
        if s.over:
            self._draw_result(surface, theme, pygame.Rect(m, top, w - 2 * m, bottom - top))
        else:
            y = self._draw_market(surface, theme, pygame.Rect(m, top, split - 2 * m, bottom - top))
            medium = theme.font("medium")
            for text in wrap(medium, reminder(s.mode), split - 2 * m):
                if y + medium.get_linesize() > bottom:
                    textlog.left_out(reminder(s.mode), "the shopping reminder")
                    break
                y = blit_text(surface, medium, text, muted, (m, y)).bottom
            players = pygame.Rect(split, top, w - split - m, bottom - top)
            self._draw_players(surface, theme, players)
        hints = [("ok", _("Menu"))] if s.over else [("ok", _("Player")), ("back", _("Menu"))]
        hint_bar(surface, theme, hints)

    def _draw_market(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> int:
        """The ten price cards; returns the y below them."""
        s = self.state
        fnt = theme.font("medium")
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        line = fnt.get_linesize()
        y = area.y
        for i, key in enumerate(GARMENTS):
            blit_text(surface, fnt, category_name(key), fg, (area.x, y), max_width=area.width - 110)
            blit_text(surface, fnt, yen(s.prices[i], _), accent, (area.right, y), "topright")
            y += line
        half = area.width // 2
        for k, key in enumerate(DRINKS):
            x = area.x + (k % 2) * half
            yy = y + (k // 2) * line
            price = yen(s.prices[len(GARMENTS) + k], _)
            right = blit_text(surface, fnt, price, accent, (x + half - 12, yy), "topright")
            box = pygame.Rect(x, yy + 2, right.x - x - 8, line - 4)
            chip(surface, fnt, drink_name(key), DRINK_COLORS[key], box, 6, pad=8)
        return int(y + (len(DRINKS) + 1) // 2 * line + 4)

    def _draw_players(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        s = self.state
        fnt = theme.font("medium")
        fg = theme_color(theme, "foreground")
        line = fnt.get_linesize() + 2
        rows = min(len(s.seats), max(1, area.height // line - 1))
        muted = theme_color(theme, "muted")
        blit_text(surface, fnt, _("Barrels"), muted, (area.right, area.y), "topright")
        area = area.move(0, line)
        names = self.names
        for seat in s.seats[rows:]:
            textlog.left_out(self.names.label(seat.color), "the shoppers' rows")
        for p, (seat, who) in enumerate(list(zip(s.seats, s.shoppers, strict=True))[:rows]):
            y = area.y + p * line
            badge = player_chip(surface, fnt, seat.color, (area.x, y + 2), line - 6)
            marks = f"{who.barrels}/{G.EXITS}"
            mark = blit_text(surface, fnt, marks, fg, (area.right, y), "topright")
            room = mark.x - badge.right - 20
            text = chip_caption(fnt, names, seat.color, yen(who.cash, _), room)
            blit_text(surface, fnt, text, fg, (badge.right + 8, y))

    def _draw_result(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        s = self.state
        fnt = theme.font("medium")
        fg, muted = theme_color(theme, "foreground"), theme_color(theme, "muted")
        line = fnt.get_linesize() + 2
        places = G.standings(s)
        order = sorted(range(len(s.seats)), key=lambda p: places[p])
        y = area.y
        for p in order:
            seat, who = s.seats[p], s.shoppers[p]
            blit_text(surface, fnt, f"{places[p]}.", fg, (area.x, y))
            badge = player_chip(surface, fnt, seat.color, (area.x + 50, y + 2), line - 6)
            mags = _("{count} magazines").format(count=who.magazines)
            shown = blit_text(surface, fnt, mags, muted, (area.right, y), "topright")
            room = shown.x - badge.right - 30
            text = chip_caption(fnt, self.names, seat.color, yen(who.cash, _), room)
            blit_text(surface, fnt, text, fg, (badge.right + 10, y))
            y += line
        if s.stranded is not None:
            text = _("{player} stayed in the shop: that cart pays nothing").format(
                player=self.names.label(s.seats[s.stranded].color)
            )
            for part in wrap(fnt, text, area.width):
                y = blit_text(surface, fnt, part, muted, (area.x, y + 4)).bottom


COUNTS = (*CATEGORIES, "detergents", "salmon", "magazines")


class CartScreen(Screen):
    """A player's cart at the exit: LEFT/RIGHT change each count (crabs and tunas: RIGHT adds
    one by its number, LEFT takes the last off); the payout on the right; OK on "Pay" saves."""

    name = "shopping-cart"

    def __init__(self, app: AppContext, session: SavedGame[object], player: int) -> None:
        super().__init__(app)
        self.session = session
        self.player = player
        self.counts = dict.fromkeys(COUNTS, 0)
        self.crabs: list[int] = []
        self.tunas: list[int] = []
        self.cursor = 0

    def exit_event(self) -> G.Exit:
        c = self.counts
        return G.Exit(
            self.player,
            items=tuple(c[k] for k in GARMENTS),
            drinks=tuple(c[k] for k in DRINKS),
            detergents=c["detergents"],
            salmon=c["salmon"],
            crabs=tuple(self.crabs),
            tunas=tuple(self.tunas),
            magazines=c["magazines"],
        )

    def _change(self, key: str, delta: int) -> None:
        self.counts[key] = min(20, max(0, self.counts[key] + delta))

    def _numbers(self, numbers: list[int], title: str, delta: int) -> None:
        if delta < 0:
            if numbers:
                numbers.pop()
            return
        entry = NumberEntry(
            self.app,
            title,
            4,
            numbers.append,
            step=1,
            big_step=5,
            minimum=1,
            maximum=G.MAX_NUMBER,
            fmt=str,
        )
        self.app.push(entry)

    def options(self) -> list[Option]:
        names = {
            "detergents": _("Detergents"),
            "salmon": _("Salmon"),
            "magazines": _("Magazines/newspapers"),
        }
        opts = [
            Option(
                names.get(key) or category_name(key),
                detail=str(self.counts[key]),
                on_change=lambda d, key=key: self._change(key, d),  # type: ignore[misc]
            )
            for key in COUNTS
        ]
        crab_title, tuna_title = _("Crab number"), _("Tuna number")
        opts.insert(
            12,
            Option(
                _("Crabs"),
                detail=" + ".join(map(str, self.crabs)) or "0",
                on_change=lambda d: self._numbers(self.crabs, crab_title, d),
            ),
        )
        opts.insert(
            13,
            Option(
                _("Tunas"),
                detail=" + ".join(map(str, self.tunas)) or "0",
                on_change=lambda d: self._numbers(self.tunas, tuna_title, d),
            ),
        )
        total = yen(self.total(), _)
        opts.append(Option(_("Pay {total}").format(total=total), on_ok=self.pay))
        return opts

    def lines(self) -> tuple[Line, ...]:
        s = _state(self.session)
        return payout(s.prices, self.exit_event().cart, s.salmon_before)

    def total(self) -> int:
        return sum(line.amount for line in self.lines())

    def pay(self) -> None:
        event = self.exit_event()
        if record(self.app, self.session, event):
            self.app.play("coin")
            self.app.replace(ExitPaid(self.app, self.session))

    def handle(self, event: Input) -> None:
        self.cursor = handle_options(self.app, self.options(), self.cursor, event)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        s = _state(self.session)
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        seat = s.seats[self.player]
        top = draw_title(
            surface, theme, _("Cart"), table_names(self.session.setup).label(seat.color)
        )
        split = w * 3 // 5
        area = pygame.Rect(m, top, split - 2 * m, h - top - hint_height(theme) - m)
        draw_options(surface, theme, None, area, self.options(), self.cursor)
        draw_payout(
            surface, theme, self.lines(), pygame.Rect(split, top, w - split - m, area.height)
        )
        hint_bar(surface, theme, [("ud", _("Choose")), ("lr", _("Count")), ("back", _("Cancel"))])


def draw_payout(
    surface: pygame.Surface, theme: Any, lines: tuple[Line, ...], area: pygame.Rect
) -> None:
    """Each payout line with its amount, then the total, in `area`."""
    fnt = theme.font("medium")
    fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
    pygame.draw.rect(surface, theme_color(theme, "panel"), area, border_radius=8)
    step = fnt.get_linesize()
    room = max(1, (area.height - 2 * step) // step)
    y = area.y + 6
    shown = lines if len(lines) <= room else lines[: room - 1]
    for line in shown:
        amount = yen(line.amount, _)
        right = blit_text(surface, fnt, amount, fg, (area.right - 8, y), "topright")
        width = right.x - area.x - 20
        blit_text(surface, fnt, line_text(line), fg, (area.x + 8, y), max_width=width)
        y += step
    if len(shown) < len(lines):
        rest = sum(line.amount for line in lines[len(shown) :])
        blit_text(surface, fnt, f"… {yen(rest, _)}", fg, (area.right - 8, y), "topright")
    total = yen(sum(line.amount for line in lines), _)
    blit_text(
        surface,
        fnt,
        _("Total {total}").format(total=total),
        accent,
        (area.right - 8, area.bottom - 6),
        "bottomright",
    )


class ExitPaid(Screen):
    """What the bank paid at the exit, the mackerel barrel, and the prices lowered."""

    name = "shopping-paid"

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app)
        self.session = session

    def handle(self, event: Input) -> None:
        if event.action in (Action.OK, Action.BACK) or event.player is not None:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        s = _state(self.session)
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        player, lines = s.last_exit if s.last_exit is not None else (0, ())
        who = table_names(self.session.setup).label(s.seats[player].color)
        top = draw_title(surface, theme, _("{player} leaves the shop").format(player=who))
        fnt = theme.font("medium")
        fg = theme_color(theme, "foreground")
        barrel = _("+1 mackerel barrel ({count}/2)").format(count=s.shoppers[player].barrels)
        blit_text(surface, fnt, barrel, fg, (m, top))
        top += fnt.get_linesize() + m
        bottom = h - hint_height(theme) - m
        if s.over:
            bottom -= fnt.get_linesize()
            end = _("The game is over")
            blit_text(surface, fnt, end, theme_color(theme, "accent"), (m, bottom))
        draw_payout(surface, theme, lines, pygame.Rect(m, top, w - 2 * m, bottom - top - m))
        hint_bar(surface, theme, [("ok", _("Continue"))])
