"""Chocolate milk's bookkeeping: the stock cards, the drinks on the plots and in the supply,
the players' cash and crates, the end and the scoring.

Pure: `apply(state, event)` returns a new state or raises the `why_not` refusal; the refill die
is `drinks.roll(seed, n)`, so a saved game folds to the same drinks. Money moves only between
the bank, the players and the stock cards (their sum never changes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Literal, TypeVar

from companion.chocolate.drinks import COLORS, SHAPES, color_of, first_board, refill, roll, shape_of
from companion.jutaku.players import Seat, check_seats, ranks
from companion.metro.errors import N_, IllegalEvent

Kind = Literal["color", "shape"]
KINDS: tuple[Kind, ...] = ("color", "shape")
T = TypeVar("T")
START_CASH = 500
PRICE = 100
"""A drink costs this, and adds this to its colour card and its shape card."""
CRATE_PRICE = 200
END_CASH = 2000
END_SET = 6
SET_YEN = 100
"""A crate scores n x n x this for its n drinks of one colour or shape."""
BANK = 100_000
"""The bank's yen at the start (a reference for the conservation check, not a limit)."""
STUCK = -1
"""The crate of a drink that stayed in the vending machine."""


@dataclass(frozen=True)
class ChocolateState:
    seats: tuple[Seat, ...]
    seed: int
    vending: bool
    """Bought drinks go through the vending machine (False: the strategic game)."""
    board: tuple[tuple[int, ...], ...]
    """The drinks on each of the 3x3 plots, row by row."""
    supply: frozenset[int]
    cash: tuple[int, ...]
    crates: tuple[tuple[tuple[int, ...], ...], ...]
    """Per player, per crate: the drinks in it."""
    spare_crates: int
    color_prices: tuple[int, ...] = (0,) * 6
    shape_prices: tuple[int, ...] = (0,) * 6
    machine: tuple[int, ...] = ()
    """Drinks that stayed in the vending machine."""
    bank: int = BANK
    rolls: int = 0
    last_refill: tuple[int, int] | None = None
    """(plot, drink) refilled last (by the die, or by hand when `by_hand`)."""
    by_hand: bool = False
    over: bool = False

    @property
    def money(self) -> int:
        return self.bank + sum(self.cash) + sum(self.color_prices) + sum(self.shape_prices)

    def owner(self, drink_id: int) -> tuple[int, int] | None:
        """(player, crate) holding this drink, or None."""
        for p, crates in enumerate(self.crates):
            for c, crate in enumerate(crates):
                if drink_id in crate:
                    return p, c
        return None

    def plot_of(self, drink_id: int) -> int | None:
        return next((i for i, plot in enumerate(self.board) if drink_id in plot), None)


@dataclass(frozen=True)
class Buy:
    """`player` moved and bought `drink` from the plot; it went into their crate `crate`
    (`STUCK`: it stayed in the vending machine)."""

    player: int
    drink: int
    crate: int = 0
    type: ClassVar[str] = "buy"


@dataclass(frozen=True)
class HandRefill:
    """The last refill was drawn by hand: `drink` instead of the die's."""

    drink: int
    type: ClassVar[str] = "hand_refill"


@dataclass(frozen=True)
class Sell:
    """`player` sells `drinks`, all matching the stock card (`kind`, `card`), at its price."""

    player: int
    kind: Kind
    card: int
    drinks: tuple[int, ...]
    type: ClassVar[str] = "sell"


@dataclass(frozen=True)
class BuyCrate:
    player: int
    type: ClassVar[str] = "buy_crate"


Event = Buy | HandRefill | Sell | BuyCrate


def new_game(
    seats: Sequence[Seat], seed: int, vending: bool = True, spare_crates: int | None = None
) -> ChocolateState:
    check_seats(seats)
    if len(seats) < 2:
        raise ValueError("Chocolate milk needs at least 2 players")
    board = first_board(seed)
    on_board = {d for plot in board for d in plot}
    return ChocolateState(
        seats=tuple(seats),
        seed=seed,
        vending=vending,
        board=board,
        supply=frozenset(range(len(COLORS) * len(SHAPES))) - on_board,
        cash=(START_CASH,) * len(seats),
        crates=(((),),) * len(seats),
        spare_crates=max(0, 8 - len(seats)) if spare_crates is None else spare_crates,
    )


def matches(kind: Kind, card: int, drink_id: int) -> bool:
    return (color_of(drink_id) if kind == "color" else shape_of(drink_id)) == card


def card_price(state: ChocolateState, kind: Kind, card: int) -> int:
    return (state.color_prices if kind == "color" else state.shape_prices)[card]


def why_not(state: ChocolateState, event: Event) -> IllegalEvent | None:
    """Why the rules forbid `event` now, or None. Pure."""
    if state.over:
        return IllegalEvent("", N_("The game is over"))
    if isinstance(event, HandRefill):
        if state.last_refill is None:
            return IllegalEvent("drink", N_("No drink was refilled"))
        if event.drink not in state.supply and event.drink != state.last_refill[1]:
            return IllegalEvent("drink", N_("That drink is not in the supply"))
        return None
    if not 0 <= event.player < len(state.seats):
        return IllegalEvent("player", N_("There is no player {player}"), player=event.player)
    cash = state.cash[event.player]
    if isinstance(event, Buy):
        if state.plot_of(event.drink) is None:
            return IllegalEvent("drink", N_("That drink is not on a plot"))
        if cash < PRICE:
            return IllegalEvent("player", N_("A drink costs {cost} yen"), cost=PRICE)
        stuck_ok = event.crate == STUCK and state.vending
        if not stuck_ok and not 0 <= event.crate < len(state.crates[event.player]):
            return IllegalEvent("crate", N_("This player has no such crate"))
        return None
    if isinstance(event, BuyCrate):
        if state.spare_crates <= 0:
            return IllegalEvent("player", N_("No crates are left"))
        if cash < CRATE_PRICE:
            return IllegalEvent("player", N_("A crate costs {cost} yen"), cost=CRATE_PRICE)
        return None
    if not 0 <= event.card < 6:
        return IllegalEvent("card", N_("There is no stock card {card}"), card=event.card)
    if not event.drinks or len(set(event.drinks)) != len(event.drinks):
        return IllegalEvent("drinks", N_("Choose the drinks to sell"))
    for d in event.drinks:
        held = state.owner(d)
        if held is None or held[0] != event.player:
            return IllegalEvent("drinks", N_("This player does not hold that drink"))
        if not matches(event.kind, event.card, d):
            return IllegalEvent("drinks", N_("Every drink sold must match the card"))
    return None


def apply(state: ChocolateState, event: Event) -> ChocolateState:
    refusal = why_not(state, event)
    if refusal is not None:
        raise refusal
    match event:
        case Buy():
            after = _buy(state, event)
        case HandRefill():
            after = _hand(state, event)
        case Sell():
            after = _sell(state, event)
        case BuyCrate():
            after = replace(
                state,
                cash=_add(state.cash, event.player, -CRATE_PRICE),
                bank=state.bank + CRATE_PRICE,
                crates=_set(state.crates, event.player, (*state.crates[event.player], ())),
                spare_crates=state.spare_crates - 1,
                last_refill=None,
            )
    return replace(after, over=ended(after))


def _add(values: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return tuple(v + delta if k == i else v for k, v in enumerate(values))


def _set(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return tuple(value if k == i else v for k, v in enumerate(values))


def _buy(state: ChocolateState, event: Buy) -> ChocolateState:
    plot = state.plot_of(event.drink)
    assert plot is not None
    left = tuple(d for d in state.board[plot] if d != event.drink)
    new = refill(state.supply, roll(state.seed, state.rolls))
    board = _set(state.board, plot, left + ((new,) if new is not None else ()))
    crates, machine = state.crates, state.machine
    if event.crate == STUCK:
        machine = (*machine, event.drink)
    else:
        mine = state.crates[event.player]
        crates = _set(
            crates, event.player, _set(mine, event.crate, (*mine[event.crate], event.drink))
        )
    c, s = color_of(event.drink), shape_of(event.drink)
    return replace(
        state,
        board=board,
        supply=state.supply - {new} if new is not None else state.supply,
        cash=_add(state.cash, event.player, -PRICE),
        bank=state.bank + PRICE - 2 * PRICE,
        color_prices=_add(state.color_prices, c, PRICE),
        shape_prices=_add(state.shape_prices, s, PRICE),
        crates=crates,
        machine=machine,
        rolls=state.rolls + 1,
        last_refill=(plot, new) if new is not None else None,
        by_hand=False,
    )


def _hand(state: ChocolateState, event: HandRefill) -> ChocolateState:
    assert state.last_refill is not None
    plot, rolled = state.last_refill
    board = _set(
        state.board, plot, tuple(event.drink if d == rolled else d for d in state.board[plot])
    )
    supply = (state.supply | {rolled}) - {event.drink}
    return replace(state, board=board, supply=supply, last_refill=(plot, event.drink), by_hand=True)


def _sell(state: ChocolateState, event: Sell) -> ChocolateState:
    price = card_price(state, event.kind, event.card)
    paid = price * len(event.drinks)
    sold = set(event.drinks)
    crates = tuple(tuple(d for d in crate if d not in sold) for crate in state.crates[event.player])
    prices = state.color_prices if event.kind == "color" else state.shape_prices
    reset = _set(prices, event.card, 0)
    return replace(
        state,
        cash=_add(state.cash, event.player, paid),
        bank=state.bank - paid + price,
        crates=_set(state.crates, event.player, crates),
        supply=state.supply | sold,
        color_prices=reset if event.kind == "color" else state.color_prices,
        shape_prices=reset if event.kind == "shape" else state.shape_prices,
        last_refill=None,
    )


def best_set(crate: Sequence[int]) -> tuple[Kind, int, int]:
    """The crate's best attribute: (kind, card, how many drinks share it); colour first."""
    best: tuple[Kind, int, int] = ("color", 0, 0)
    for kind in KINDS:
        for card in range(6):
            n = sum(1 for d in crate if matches(kind, card, d))
            if n > best[2]:
                best = (kind, card, n)
    return best


def crate_score(crate: Sequence[int]) -> int:
    n = best_set(crate)[2]
    return n * n * SET_YEN


def ended(state: ChocolateState) -> bool:
    """Any crate holds 6 drinks of one colour or shape, or a player has ¥2,000."""
    if any(c >= END_CASH for c in state.cash):
        return True
    return any(best_set(crate)[2] >= END_SET for crates in state.crates for crate in crates)


def totals(state: ChocolateState) -> tuple[int, ...]:
    return tuple(
        cash + sum(crate_score(c) for c in crates)
        for cash, crates in zip(state.cash, state.crates, strict=True)
    )


def standings(state: ChocolateState) -> tuple[int, ...]:
    """Places by total (cash + crates); tied players share the place (ruling 14)."""
    return ranks(totals(state))
