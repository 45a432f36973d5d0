"""The score pad: one player's sheet as entered after the last round, its total, the ranking.

Lines: districts crossed (of 13) x the most stations the line has in one district, each line
on its own. Interchanges of 3, 4 and 5 lines (the Central Green Line counts as a line) score
5, 15 and 30. Tourist stamps: 10 for each corner region, 5 for each other outer region. Each of
the 8 Central Green Line stations left unconnected costs 3. Objectives: 10 each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

DISTRICTS = 13
MOST_STATIONS = 15
"""Highest "most stations in one district" the pad takes (the text gives no limit)."""
INTERCHANGE_POINTS = (5, 15, 30)
"""For an interchange of 3, 4 and 5 lines."""
MOST_INTERCHANGES = 30
CORNERS = 4
CORNER_POINTS = 10
OUTER = 4
OUTER_POINTS = 5
GREEN_STATIONS = 8
GREEN_PENALTY = 3
OBJECTIVE_POINTS = 10
MOST_OBJECTIVES = 3
"""ASSUMPTION: objectives completed per player at most (the text does not say how many)."""


@dataclass(frozen=True)
class Sheet:
    """What a player reads off their score pad."""

    lines: tuple[tuple[int, int], ...] = ((0, 0),) * 4
    """Per line (round order): (districts crossed, most stations in one district)."""
    interchanges: tuple[int, int, int] = (0, 0, 0)
    """How many interchanges of 3, 4 and 5 lines."""
    corners: int = 0
    """Tourist stamps in the four corner regions."""
    outer: int = 0
    """Tourist stamps in the other four outer regions."""
    unconnected: int = 0
    """Central Green Line stations no line of the player's connects."""
    objectives: int = 0


def line_points(districts: int, most: int) -> int:
    return districts * most


def parts(sheet: Sheet) -> tuple[int, int, int, int, int]:
    """Points of (lines, interchanges, stamps, green line, objectives)."""
    return (
        sum(line_points(d, m) for d, m in sheet.lines),
        sum(n * p for n, p in zip(sheet.interchanges, INTERCHANGE_POINTS, strict=True)),
        sheet.corners * CORNER_POINTS + sheet.outer * OUTER_POINTS,
        -GREEN_PENALTY * sheet.unconnected,
        sheet.objectives * OBJECTIVE_POINTS,
    )


def total(sheet: Sheet) -> int:
    return sum(parts(sheet))


def sheet_error(sheet: Sheet, lines: int, objectives: bool) -> tuple[str, str] | None:
    """(field, English reason) when a sheet cannot be a score pad's, else None."""
    if len(sheet.lines) != lines:
        return "lines", f"expected {lines} lines"
    for i, (districts, most) in enumerate(sheet.lines):
        if not 0 <= districts <= DISTRICTS:
            return f"lines[{i}]", f"districts: expected 0 to {DISTRICTS}"
        if not 0 <= most <= MOST_STATIONS:
            return f"lines[{i}]", f"stations: expected 0 to {MOST_STATIONS}"
    bounds = {
        "corners": CORNERS,
        "outer": OUTER,
        "unconnected": GREEN_STATIONS,
        "objectives": MOST_OBJECTIVES if objectives else 0,
    }
    for name, most_value in bounds.items():
        if not 0 <= getattr(sheet, name) <= most_value:
            return name, f"expected 0 to {most_value}"
    if not all(0 <= n <= MOST_INTERCHANGES for n in sheet.interchanges):
        return "interchanges", f"expected 0 to {MOST_INTERCHANGES} each"
    return None


@dataclass(frozen=True)
class Standing:
    place: int
    """1 for the best; tied players share a place (the next place is skipped)."""
    player: int
    total: int
    tied: bool


def ranking(sheets: Sequence[Sheet]) -> tuple[Standing, ...]:
    """Best total first; equal totals share their place (the game gives no tie rule)."""
    totals = [total(s) for s in sheets]
    order = sorted(range(len(sheets)), key=lambda p: (-totals[p], p))
    return tuple(
        Standing(
            place=1 + sum(t > totals[p] for t in totals),
            player=p,
            total=totals[p],
            tied=totals.count(totals[p]) > 1,
        )
        for p in order
    )
