"""The shopping game's bookkeeping: cash, barrels, tuna, magazines, the market, the end.

Pure: `apply(state, event)` returns a new state or raises the `why_not` refusal. Money only
moves between the bank, the players and the market cards, so their sum never changes: a payout
comes from the bank, a price drop puts the card's ¥100 back in the bank, a tuna is paid to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from companion.jutaku.players import Seat, check_seats, ranks
from companion.metro.errors import N_, IllegalEvent
from companion.shopping.market import START_PRICES, Cart, Line, lowered, payout

Mode = Literal["dexterity", "economic"]
MODES: tuple[Mode, ...] = ("dexterity", "economic")
EXITS = 2
"""Each player leaves the shop twice (a mackerel barrel each time)."""
BARRELS_PER_PLAYER = 3
TUNA_COST = 500
"""The first tuna a player buys; each further one costs this much more."""
BANK = 100_000
"""The bank's yen at the start (a reference for the conservation check, not a limit)."""
MAX_NUMBER = 30
"""No crab or tuna has a number above this: a wrong entry is refused."""


@dataclass(frozen=True)
class Shopper:
    cash: int = 0
    barrels: int = 0
    magazines: int = 0
    tunas: int = 0
    """Tuna bought so far (the next one costs (tunas + 1) x ¥500)."""


@dataclass(frozen=True)
class ShoppingState:
    seats: tuple[Seat, ...]
    mode: Mode
    shoppers: tuple[Shopper, ...]
    prices: tuple[int, ...] = START_PRICES
    bank: int = BANK
    barrels_left: int = 0
    salmon_before: bool = False
    last_exit: tuple[int, tuple[Line, ...]] | None = None
    """The last exit's player and payout lines (shown until the next entry)."""
    over: bool = False
    stranded: int | None = None
    """The player left in the shop when the game ended (their cart pays nothing)."""

    @property
    def money(self) -> int:
        """Bank + players + market: the same at every moment of a game."""
        return self.bank + sum(s.cash for s in self.shoppers) + sum(self.prices)


@dataclass(frozen=True)
class Exit:
    """`player` leaves the shop with this cart (`companion.shopping.market.Cart`'s fields)."""

    player: int
    items: tuple[int, ...] = (0, 0, 0, 0)
    drinks: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    detergents: int = 0
    salmon: int = 0
    crabs: tuple[int, ...] = ()
    tunas: tuple[int, ...] = ()
    magazines: int = 0
    type: ClassVar[str] = "exit"

    @property
    def cart(self) -> Cart:
        return Cart(
            self.items,
            self.drinks,
            self.detergents,
            self.salmon,
            self.crabs,
            self.tunas,
            self.magazines,
        )


@dataclass(frozen=True)
class BuyTuna:
    """`player` pays the bank for a tuna before drawing it from the bag."""

    player: int
    type: ClassVar[str] = "buy_tuna"


Event = Exit | BuyTuna


def new_game(seats: Sequence[Seat], mode: Mode = "economic") -> ShoppingState:
    check_seats(seats)
    if len(seats) < 2:
        raise ValueError("the shopping game needs at least 2 players")
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}")
    return ShoppingState(
        seats=tuple(seats),
        mode=mode,
        shoppers=tuple(Shopper() for _seat in seats),
        barrels_left=BARRELS_PER_PLAYER * len(seats),
    )


def tuna_cost(state: ShoppingState, player: int) -> int:
    return TUNA_COST * (state.shoppers[player].tunas + 1)


def why_not(state: ShoppingState, event: Event) -> IllegalEvent | None:
    """Why the rules forbid `event` now, or None. Pure."""
    if state.over:
        return IllegalEvent("", N_("The game is over"))
    if not 0 <= event.player < len(state.shoppers):
        return IllegalEvent("player", N_("There is no player {player}"), player=event.player)
    who = state.shoppers[event.player]
    if isinstance(event, BuyTuna):
        cost = tuna_cost(state, event.player)
        if who.cash < cost:
            return IllegalEvent("player", N_("A tuna costs {cost} yen now"), cost=cost)
        return None
    if who.barrels >= EXITS:
        return IllegalEvent("player", N_("This player has already left the shop twice"))
    cart = event.cart
    counts = (*cart.counts, cart.detergents, cart.salmon, cart.magazines)
    if len(cart.items) != 4 or len(cart.drinks) != 6 or min(counts) < 0:
        return IllegalEvent("cart", N_("A cart holds no negative counts"))
    if any(not 1 <= n <= MAX_NUMBER for n in cart.crabs + cart.tunas):
        return IllegalEvent(
            "cart", N_("Crab and tuna numbers go from 1 to {most}"), most=MAX_NUMBER
        )
    return None


def apply(state: ShoppingState, event: Event) -> ShoppingState:
    refusal = why_not(state, event)
    if refusal is not None:
        raise refusal
    if isinstance(event, BuyTuna):
        cost = tuna_cost(state, event.player)
        who = state.shoppers[event.player]
        paid = replace(who, cash=who.cash - cost, tunas=who.tunas + 1)
        return replace(
            state, shoppers=_with(state, event.player, paid), bank=state.bank + cost, last_exit=None
        )
    return _exit(state, event)


def _with(state: ShoppingState, player: int, shopper: Shopper) -> tuple[Shopper, ...]:
    return tuple(shopper if i == player else s for i, s in enumerate(state.shoppers))


def _exit(state: ShoppingState, event: Exit) -> ShoppingState:
    cart = event.cart
    lines = payout(state.prices, cart, state.salmon_before)
    total = sum(line.amount for line in lines)
    prices = lowered(state.prices, cart)
    who = state.shoppers[event.player]
    out = replace(
        who,
        cash=who.cash + total,
        barrels=who.barrels + 1,
        magazines=who.magazines + cart.magazines,
    )
    shoppers = _with(state, event.player, out)
    done = [i for i, s in enumerate(shoppers) if s.barrels >= EXITS]
    over = len(done) >= len(shoppers) - 1
    stranded = next((i for i, s in enumerate(shoppers) if s.barrels < EXITS), None)
    return replace(
        state,
        shoppers=shoppers,
        prices=prices,
        bank=state.bank - total + sum(state.prices) - sum(prices),
        barrels_left=max(0, state.barrels_left - 1),
        salmon_before=state.salmon_before or cart.salmon > 0,
        last_exit=(event.player, lines),
        over=over,
        stranded=stranded if over else None,
    )


def standings(state: ShoppingState) -> tuple[int, ...]:
    """Each player's place: most yen first; a tie goes to most magazines; still tied, shared."""
    keys = [s.cash * 1000 + s.magazines for s in state.shoppers]
    return ranks(keys)
