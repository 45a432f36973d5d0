"""The JIDOHANBAIKI market games as saved-game sessions: the shopping game, Chocolate milk."""

from __future__ import annotations

from companion.app.core_log import CoreLog
from companion.app.session import GameSession, Placing, Setup, Translate
from companion.chocolate import codec as chocolate_codec
from companion.chocolate import game as chocolate
from companion.money import yen
from companion.shopping import codec as shopping_codec
from companion.shopping import game as shopping


class ShoppingSession(GameSession[shopping.ShoppingState, shopping.Event]):
    KIND = shopping_codec.KIND

    @classmethod
    def make_log(cls, setup: Setup) -> CoreLog[shopping.ShoppingState, shopping.Event]:
        first = shopping_codec.initial(setup)
        return CoreLog(first, shopping.apply, shopping_codec.EVENTS, lambda s: s.over)

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        """Most yen first (most magazines breaks a tie), each player's yen."""
        if not self.finished:
            return ()
        state = self.state
        cash = [yen(s.cash, tr) for s in state.shoppers]
        return self.placings([s.color for s in state.seats], shopping.standings(state), cash, tr)


class ChocolateSession(GameSession[chocolate.ChocolateState, chocolate.Event]):
    KIND = chocolate_codec.KIND

    @classmethod
    def make_log(cls, setup: Setup) -> CoreLog[chocolate.ChocolateState, chocolate.Event]:
        first = chocolate_codec.initial(setup)
        return CoreLog(first, chocolate.apply, chocolate_codec.EVENTS, lambda s: s.over)

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        """Cash and crates together, most first."""
        if not self.finished:
            return ()
        state = self.state
        totals = [yen(total, tr) for total in chocolate.totals(state)]
        colors = [s.color for s in state.seats]
        return self.placings(colors, chocolate.standings(state), totals, tr)
