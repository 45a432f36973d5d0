"""The plot grid's geometry: plots (cards), intersections (card corners) and edges.

Plots are (row, col), 0-based. An intersection is (row, col) of a card corner, 0..size. An
edge is ("v", row, col), the side between plots (row, col-1) and (row, col), or ("h", row,
col), between (row-1, col) and (row, col); only edges between two cards hold a disc.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Plot = tuple[int, int]
Point = tuple[int, int]
Edge = tuple[Literal["v", "h"], int, int]

SIZE_FOR_PLAYERS = {2: 3, 3: 3, 4: 4, 5: 5}


@dataclass(frozen=True)
class Grid:
    size: int
    blocked: tuple[Plot, ...] = ()
    """Cards turned to their blue side: no claim there (the 3x3 grid's centre)."""

    @classmethod
    def for_players(cls, players: int) -> Grid:
        size = SIZE_FOR_PLAYERS[players]
        return cls(size, ((1, 1),) if size == 3 else ())

    def plots(self) -> list[Plot]:
        return [(r, c) for r in range(self.size) for c in range(self.size)]

    def has_plot(self, plot: Plot) -> bool:
        return all(0 <= v < self.size for v in plot)

    def usable(self, plot: Plot) -> bool:
        return self.has_plot(plot) and plot not in self.blocked

    def points(self) -> list[Point]:
        """The intersections that can take a bottle (never an outer corner of one card)."""
        n = self.size
        return [(r, c) for r in range(n + 1) for c in range(n + 1) if self.cards_at((r, c)) >= 2]

    def cards_at(self, point: Point) -> int:
        """How many cards meet at this corner (4 inside, 2 on the rim, 1 at an outer corner)."""
        r, c = point
        return sum(self.has_plot((r - dr, c - dc)) for dr in (0, 1) for dc in (0, 1))

    def corners(self, plot: Plot) -> tuple[Point, ...]:
        r, c = plot
        return ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))

    def edges(self) -> list[Edge]:
        n = self.size
        vertical: list[Edge] = [("v", r, c) for r in range(n) for c in range(1, n)]
        horizontal: list[Edge] = [("h", r, c) for r in range(1, n) for c in range(n)]
        return vertical + horizontal

    def has_edge(self, edge: Edge) -> bool:
        kind, r, c = edge
        n = self.size
        if kind == "v":
            return 0 <= r < n and 1 <= c < n
        return kind == "h" and 1 <= r < n and 0 <= c < n

    def sides(self, edge: Edge) -> tuple[Plot, Plot]:
        """The two plots an edge lies between."""
        kind, r, c = edge
        return ((r, c - 1), (r, c)) if kind == "v" else ((r - 1, c), (r, c))

    def edge_of(self, plot: Plot, direction: str) -> Edge | None:
        """The edge on one side ("up", "down", "left", "right") of a plot, None on the rim."""
        r, c = plot
        sides: dict[str, Edge] = {
            "left": ("v", r, c),
            "right": ("v", r, c + 1),
            "up": ("h", r, c),
            "down": ("h", r + 1, c),
        }
        edge = sides[direction]
        return edge if self.has_edge(edge) else None


def midpoint(edge: Edge) -> tuple[int, int]:
    """The edge's middle in half-card units (row, col)."""
    kind, r, c = edge
    return (2 * r + 1, 2 * c) if kind == "v" else (2 * r, 2 * c + 1)


def lines_through(edge: Edge, held: set[Edge]) -> int:
    """How many straight lines of 3 discs (of one orientation, one card apart: along one grid
    line or side by side) include `edge`, counting the edges in `held`."""
    kind = edge[0]
    mine = {midpoint(e) for e in held if e[0] == kind} | {midpoint(edge)}
    r, c = midpoint(edge)
    count = 0
    for dr, dc in ((2, 0), (0, 2)):
        for start in (-2, -1, 0):
            cells = [(r + (start + k) * dr, c + (start + k) * dc) for k in range(3)]
            count += all(cell in mine for cell in cells)
    return count
