"""What the players are entering on the IZAKAYA screen, step by step, as plain data: the bids,
then each action (which space, then its colour, intersection, plot, side or floors).

`Entry.event()` is the core event the current choices make; the screen records it. No
drawing here: `draw.py` shows an `Entry`, `play.py` feeds it the buttons.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion import izakaya as Z
from companion.i18n import N_
from companion.izakaya.grid import Edge

ACTIONS = (
    ("bottle", N_("Colour bottle")),
    ("adjust", N_("Price adjustment")),
    ("claim", N_("Claim a plot")),
    ("build", N_("Build")),
    ("pass", N_("Pass")),
)
MOVES = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


@dataclass
class Entry:
    mode: str = "menu"
    """"menu" (choose an action space), or an action key of `ACTIONS`."""
    step: int = 0
    menu: int = 0
    color: int = 0
    """A stock card's index: the bottle's colour, or the adjustment's source."""
    target: int = 1
    cursor: tuple[int, int] = (1, 1)
    """An intersection (bottle) or a plot (claim, build)."""
    side: str = "left"
    floors: int = 1
    slot: int = 0
    bids: list[int] = field(default_factory=list)
    bidder: int = 0

    def reset(self, state: Z.IzakayaState) -> None:
        """Back to the start of an entry for the state now shown."""
        self.mode, self.step, self.menu = ("build", 0, 0) if state.free_piece else ("menu", 0, 0)
        if state.phase == "bidding" or len(self.bids) != state.players:
            self.bids = [0] * state.players

    def actions(self, state: Z.IzakayaState) -> list[tuple[str, str]]:
        if state.free_piece:
            return [a for a in ACTIONS if a[0] in ("build", "pass")]
        return list(ACTIONS)

    def choose(self, state: Z.IzakayaState) -> None:
        """OK on the action menu: start entering that action."""
        key = self.actions(state)[self.menu][0]
        self.mode, self.step = key, 0
        if key == "bottle":
            self.cursor = _first_free_point(state)
        elif key in ("claim", "build"):
            n = state.grid.size
            self.cursor = (min(self.cursor[0], n - 1), min(self.cursor[1], n - 1))

    @property
    def picks_point(self) -> bool:
        return self.mode == "bottle" and self.step == 1

    @property
    def picks_plot(self) -> bool:
        return self.mode in ("claim", "build") and self.step == 0

    def move_cursor(self, state: Z.IzakayaState, direction: str) -> None:
        dr, dc = MOVES[direction]
        n = state.grid.size
        span = n + 1 if self.picks_point else n
        r, c = self.cursor
        for _ in range(span):
            r, c = (r + dr) % span, (c + dc) % span
            if not self.picks_point or state.grid.cards_at((r, c)) >= 2:
                break
        self.cursor = (r, c)

    def start_floors(self, state: Z.IzakayaState) -> None:
        built = state.building(self.cursor, self.slot)
        self.floors = built.floors if built else 1

    def edge(self, state: Z.IzakayaState) -> Edge | None:
        return state.grid.edge_of(self.cursor, self.side)

    def event(self, state: Z.IzakayaState) -> Z.Event | None:
        """The event the choices make (None: the choice is not complete, e.g. no such edge)."""
        stock = state.stock
        match self.mode:
            case "bottle":
                return Z.Bottle(stock[self.color], self.cursor)
            case "adjust":
                return Z.Adjust(stock[self.color], stock[self.target])
            case "claim":
                edge = self.edge(state)
                return None if edge is None else Z.Claim(edge, self.cursor)
            case "build":
                return Z.Build(self.cursor, self.floors, self.slot)
            case "pass":
                return Z.Pass()
        return None


def _first_free_point(state: Z.IzakayaState) -> tuple[int, int]:
    """Where a bottle may go first: a free 4-card intersection, else a free 2-card one."""
    points = state.grid.points()
    for cards in (4, 2):
        for p in points:
            if state.grid.cards_at(p) == cards and state.bottle_at(p) is None:
                return p
    return points[0]
