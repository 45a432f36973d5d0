"""`companion demo --game shopping|chocolate`: a short game of the shopping game or Chocolate
milk played by pressing buttons on the real screens, as the Metro demo does (`demo.Driver`).

Shopping: two players leave the shop twice each, the first with the rulebook's example cart
(two shirts, a red drink, a salmon, crab 6: ¥2,000), one buys a tuna; the game ends. Chocolate
milk: three players buy drinks (one refill drawn by hand instead), buy a crate and sell.
Then History shows the game.
"""

from __future__ import annotations

from typing import Any

from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Say, Wait
from companion.i18n import _
from companion.money import yen
from companion.ui.screen import Action, Input

GAMES = {"shopping": "Shopping game", "chocolate": "Chocolate milk"}
"""The demo's games: registry key -> main menu msgid."""


class MarketDemo(DemoScript):
    def __init__(self, app: App, game: str, say: Say, pace: float = 1.0) -> None:
        self.game = game
        super().__init__(app, 0, say, pace)

    def player(self, seat: int) -> Wait:
        """Press player `seat`'s own button."""
        self.app.inject(Input(player=seat, t=self.app.now()))
        self.log.presses += 1
        yield self.drive.gap

    def pick(self, text: str, screen: str = "commands") -> Wait:
        """In a command menu, choose the row whose label starts with `text`."""
        d = self.drive
        yield from d.wait_for(screen)
        menu = d.top
        labels = [opt.text for opt, _run in menu.items]
        index = next((i for i, t in enumerate(labels) if t.startswith(text)), None)
        if index is None:
            raise DemoError(f"{screen} has no row {text!r}: {labels}")
        yield from d.cursor_to(index, lambda: int(menu.cursor), len(labels))
        yield from d.press(Action.OK)

    def start(self) -> Wait:
        d = self.drive
        yield from d.pause(0.5)
        self.remember(_("Main menu: {game}").format(game=_(GAMES[self.game])))
        yield from d.main_item(GAMES[self.game])
        setup: Any = d.top
        labels = [opt.text for opt in setup.options()]
        yield from d.cursor_to(labels.index(_("Start the game")), lambda: setup.index, len(labels))
        yield from d.press(Action.OK)
        yield from d.wait_for(self.game)

    def script(self) -> Wait:
        yield from self.start()
        if self.game == "shopping":
            yield from self.shopping()
        else:
            yield from self.chocolate()
        d = self.drive
        yield from d.leave_game()
        yield from d.main_item("History")
        yield from d.wait_for("history")
        self.remember(_("History: the game just played"))
        yield from d.pause(1.0)
        yield from d.press(Action.BACK)
        yield from d.wait_for("main-menu")

    # --- the shopping game ------------------------------------------------------------------

    def cart(self, seat: int, rows: dict[str, int], crabs: tuple[int, ...] = ()) -> Wait:
        d = self.drive
        yield from self.player(seat)
        yield from self.pick(_("Leave the shop: the cart"))
        yield from d.wait_for("shopping-cart")
        cart: Any = d.top
        for label, count in rows.items():
            yield from self.row(cart, _(label))
            for _n in range(count):
                yield from d.press(Action.RIGHT)
        for number in crabs:
            yield from self.row(cart, _("Crabs"))
            yield from d.press(Action.RIGHT)
            yield from d.wait_for("number")
            entry: Any = d.top
            while entry.value != number:
                yield from d.press(Action.UP if entry.value < number else Action.DOWN)
            yield from d.press(Action.OK)
        yield from d.wait_for("shopping-cart")
        total = cart.total()
        yield from self.row(cart, _("Pay {total}").split("{")[0])
        yield from d.press(Action.OK)
        yield from d.wait_for("shopping-paid")
        self.log.entries += 1
        self.remember(
            _("Player {n} leaves the shop: paid {total}").format(n=seat + 1, total=yen(total))
        )
        yield from d.pause(1.0)
        yield from d.press(Action.OK)
        yield from d.wait_for("shopping")

    def row(self, cart: Any, text: str) -> Wait:
        labels = [opt.text for opt in cart.options()]
        index = next(i for i, label in enumerate(labels) if label.startswith(text))
        yield from self.drive.cursor_to(index, lambda: int(cart.cursor), len(labels))

    def shopping(self) -> Wait:
        d = self.drive
        red = _("{color} drink").format(color=_("Red"))
        example = {"Shirt/trousers": 2, "Salmon": 1}
        yield from self.cart(0, {**example, red: 1}, crabs=(6,))
        yield from self.cart(1, {"Washer/dryer": 1, "Detergents": 1, "Sheet/pillowcase": 1})
        yield from self.player(0)
        yield from self.pick(_("Buy a tuna: {cost}").split("{")[0])
        self.log.entries += 1
        self.remember(_("Player {n} buys a tuna").format(n=1))
        yield from d.wait_for("shopping")
        yield from self.cart(2, {"Bra/underwear/socks": 3, "Magazines/newspapers": 1})
        yield from self.cart(0, {"Washer/dryer": 1}, crabs=(15,))
        yield from self.cart(1, {"Salmon": 2})
        if not d.top.state.over:
            yield from self.cart(2, {"Shirt/trousers": 1})
        self.remember(_("End of the game: the ranking"))
        yield from d.pause(1.5)

    # --- Chocolate milk ---------------------------------------------------------------------

    def buy(self, seat: int) -> Wait:
        d = self.drive
        yield from self.player(seat)
        yield from self.pick(_("Buy a drink: {cost}").split("{")[0])
        yield from d.wait_for("commands")
        yield from d.press(Action.OK)  # the first drink on the plots
        yield from self.pick(_("Into crate {crate}").split("{")[0])
        yield from d.wait_for("chocolate")
        self.log.entries += 1
        self.remember(_("Player {n} buys a drink").format(n=seat + 1))

    def chocolate(self) -> Wait:
        d = self.drive
        for seat in (0, 1, 2, 0):
            yield from self.buy(seat)
        yield from d.press(Action.RIGHT)
        yield from d.wait_for("commands")
        yield from d.press(Action.OK)
        yield from d.wait_for("chocolate")
        self.log.entries += 1
        self.remember(_("The refill was drawn by hand instead"))
        yield from self.player(1)
        yield from self.pick(_("Buy a crate: {cost}").split("{")[0])
        yield from d.wait_for("chocolate")
        self.log.entries += 1
        self.remember(_("Player {n} buys a crate").format(n=2))
        yield from self.player(0)
        yield from self.pick(_("Sell drinks"))
        yield from d.wait_for("commands")
        yield from d.press(Action.OK)
        yield from d.wait_for("chocolate")
        self.log.entries += 1
        self.remember(_("Player {n} sells at a stock card").format(n=1))
        yield from d.pause(1.5)


def start_market_demo(app: App, game: str, say: Say, pace: float = 1.0) -> MarketDemo:
    script = MarketDemo(app, game, say, pace)
    app.tickers.append(script.tick)
    return script
