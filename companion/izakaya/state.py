"""An IZAKAYA game's state: the market, the players' yen, the bid pile, the board.

Money moves between four places only: the bank, the players, the bid pile and the six colour
stock cards. `from_bank` counts what the bank has paid out (setup included), so
`money_in_play(state) == state.from_bank` always holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from companion.izakaya.grid import Edge, Grid, Plot, Point

STOCK_COLORS = ("black", "mint", "white", "red", "blue", "purple")
"""The JIDOHANBAIKI colour stock cards in their row, left to right (the order is the table's
choice; the setup may give another)."""
START_PRICES = (100, 100, 200, 200, 300, 300)
CRATE = 6
"""Drinks of each colour in its crate."""
START_CASH = 1000
CLAIM_DISCS = 6
PYRAMIDS = 6
ACTIONS = 3
"""Action discs each player places in an action phase."""
END_TRIGGER = {2: 1500, 3: 2300, 4: 3000, 5: 4000}
"""The bid pile's total that triggers the end, by player count."""
FREE_PIECE_PLAYERS = 4
"""Lines of 3 discs give a free building piece from this many players up."""
MAX_FLOORS = 12

Phase = Literal["bidding", "actions", "over"]


@dataclass(frozen=True)
class Building:
    plot: Plot
    slot: int
    """0, or 1 for the second building of a card with two dark plot borders."""
    owner: int
    floors: int


@dataclass(frozen=True)
class IzakayaState:
    colors: tuple[str, ...]
    """Each seat's Metro colour."""
    grid: Grid
    stock: tuple[str, ...]
    prices: tuple[int, ...]
    crates: tuple[int, ...]
    cash: tuple[int, ...]
    order: tuple[int, ...]
    """Turn order: seats, first player first."""
    from_bank: int
    phase: Phase = "bidding"
    round: int = 0
    """The action phase being played (1 for the first), or the last one played when bidding."""
    turn: int = 0
    """Actions taken in this action phase: the current player is `order[turn % players]`."""
    pile: int = 0
    bids: tuple[int, ...] = ()
    """The last bids, by seat."""
    last_round: int | None = None
    """The action phase that ends the game, set once when the pile reaches the trigger."""
    colors_used: tuple[str, ...] = ()
    adjusted: bool = False
    bottles: tuple[tuple[Point, str], ...] = ()
    discs: tuple[tuple[Edge, int], ...] = ()
    claims: tuple[tuple[Plot, int], ...] = ()
    buildings: tuple[Building, ...] = ()
    free_piece: bool = False
    """The current player made a line of 3 discs: their free building piece comes next."""
    kept: tuple[int, ...] = ()
    """Each player's yen before the buildings scored (the tie-break), once the game is over."""

    @property
    def players(self) -> int:
        return len(self.colors)

    @property
    def current(self) -> int | None:
        """The seat whose action comes next, or None outside an action phase."""
        if self.phase != "actions":
            return None
        return self.order[self.turn % self.players]

    @property
    def trigger(self) -> int:
        return END_TRIGGER[self.players]

    def price(self, color: str) -> int:
        return self.prices[self.stock.index(color)]

    def bottle_at(self, point: Point) -> str | None:
        return dict(self.bottles).get(point)

    def disc_at(self, edge: Edge) -> int | None:
        return dict(self.discs).get(edge)

    def claimer(self, plot: Plot) -> int | None:
        return dict(self.claims).get(plot)

    def building(self, plot: Plot, slot: int) -> Building | None:
        return next((b for b in self.buildings if (b.plot, b.slot) == (plot, slot)), None)

    def discs_of(self, seat: int) -> set[Edge]:
        return {edge for edge, owner in self.discs if owner == seat}


def new_game(colors: Sequence[str], stock: Sequence[str] = STOCK_COLORS) -> IzakayaState:
    """Setup by player count; `colors` in the turn order drawn at setup."""
    n = len(colors)
    if n not in END_TRIGGER:
        raise ValueError(f"IZAKAYA takes 2 to 5 players, not {n}")
    if len(set(colors)) != n:
        raise ValueError("two players share a colour")
    if sorted(stock) != sorted(STOCK_COLORS):
        raise ValueError(f"the stock row holds the six colours {', '.join(STOCK_COLORS)}")
    cash = (START_CASH,) * n
    return IzakayaState(
        colors=tuple(colors),
        grid=Grid.for_players(n),
        stock=tuple(stock),
        prices=START_PRICES,
        crates=(CRATE,) * len(stock),
        cash=cash,
        order=tuple(range(n)),
        from_bank=sum(cash) + sum(START_PRICES),
    )


def money_in_play(state: IzakayaState) -> int:
    """Yen with the players, on the bid pile and on the stock cards."""
    return sum(state.cash) + state.pile + sum(state.prices)
