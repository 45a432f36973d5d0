"""The lists an entry offers for a place: stations and squares, nearest first, named as the
players see them on the board (station names, "next to Ginza"), never by id or coordinates.

Stations: those the player's meeple touches first (where a pyramid can go), then every line's
stations in stop order, one group per line (LEFT/RIGHT jump between groups). Squares: those the
meeple can reach this turn that touch a station, nearest first, then "another square" for the
board cursor.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from companion.i18n import _
from companion.metro.board import BoardMap, Square, parse_stop_id
from companion.metro.state import MetroState
from companion.narrate import place_name, stations_at
from companion.ui.kit import Option

REACH = 2
"""Squares a meeple may move in one turn; a bicycle adds one (`BIKE`)."""
BIKE = 1
"""The box does not track bicycles: the squares a bicycle adds come after the others, in a
group of their own (LEFT/RIGHT jump to it)."""
JUMP = 3
"""LEFT/RIGHT in the square list jump three rows (no square in reach is more than four
presses away in a list of a dozen)."""
ELSEWHERE = "elsewhere"
"""The square option that opens the board cursor instead."""

StationReason = Callable[[str], str | None]


def meeple_square(state: MetroState, color: str) -> Square | None:
    m = state.meeples.get(color)
    return m.square if m is not None else None


def station_options(
    board: BoardMap, state: MetroState, color: str, why: StationReason
) -> tuple[list[Option], tuple[int, ...]]:
    """(options, group starts): next to the meeple first, then by line in stop order."""
    options: list[Option] = []
    groups: list[int] = []
    square = meeple_square(state, color)
    if square is not None:
        near = [sid for sid in board.stations if square in board.squares_touching_station(sid)]
        if near:
            groups.append(0)
            detail = _("next to the meeple")
            for sid in near:
                first = parse_stop_id(board.stations[sid].stops[0])[0]
                options.append(Option(board.stations[sid].name, sid, why(sid), first, None, detail))
    for lid, line in board.lines.items():
        groups.append(len(options))
        for stop in line.stops:
            st = board.station_of(stop.id)
            if st is None or (options and options[-1].value == st.id):
                continue
            options.append(Option(st.name, st.id, why(st.id), lid, None, stop.id))
    return options, tuple(dict.fromkeys(groups))


def reachable(
    board: BoardMap, state: MetroState, color: str, reach: int = REACH
) -> dict[Square, int]:
    """Squares the meeple can walk to in `reach` orthogonal steps around the other meeples,
    with the steps each takes (its own square excluded)."""
    start = meeple_square(state, color)
    if start is None:
        return {}
    taken = {m.square for p, m in state.meeples.items() if p != color and m.square is not None}
    steps = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if steps[here] == reach:
            continue
        for nxt in board.grid.neighbours(here):
            if nxt not in steps and nxt not in taken:
                steps[nxt] = steps[here] + 1
                todo.append(nxt)
    del steps[start]
    return steps


def square_options(
    board: BoardMap, state: MetroState, color: str
) -> tuple[list[Option], tuple[int, ...]]:
    """(options, group starts): the nearest reachable square next to each station (or pair of
    stations) in reach, nearest first; then those only a bicycle reaches; then the board
    cursor for any other square. The entry jumps `JUMP` rows (the groups are for reading)."""
    options: list[Option] = []
    groups = [0]
    seen: set[tuple[str, ...]] = set()
    walk = sorted(reachable(board, state, color, REACH + BIKE).items(), key=lambda kv: kv[1])
    for square, n in sorted(walk, key=lambda kv: (kv[1], kv[0])):
        names = tuple(stations_at(board, square))
        if not names or names in seen:
            continue
        if n > REACH and groups[-1] == 0 and options:
            groups.append(len(options))
        seen.add(names)
        detail = (
            (_("1 square") if n == 1 else _("{n} squares").format(n=n))
            if n <= REACH
            else _("{n} squares (bicycle)").format(n=n)
        )
        options.append(Option(place_name(board, square), square, None, detail=detail))
    groups.append(len(options))
    options.append(Option(_("Another square (on the board)"), ELSEWHERE))
    return options, tuple(dict.fromkeys(groups))


def squares_next_to(board: BoardMap, state: MetroState, color: str, station: str) -> list[Option]:
    """The free squares touching `station`, each named by what it touches, then the cursor."""
    taken = {m.square for p, m in state.meeples.items() if p != color and m.square is not None}
    free = sorted(sq for sq in board.squares_touching_station(station) if sq not in taken)
    options = [
        Option(place_name(board, sq), sq, None, detail=_square_side(board, sq, station))
        for sq in free
    ]
    options.append(Option(_("Another square (on the board)"), ELSEWHERE))
    return options


def _square_side(board: BoardMap, square: Square, station: str) -> str:
    """Where the square lies from the station: "above", "left"... (the board has no labels)."""
    stops = [board.stop(sid) for sid in board.stations[station].stops]
    sx = sum(s.x_mm for s in stops) / len(stops)
    sy = sum(s.y_mm for s in stops) / len(stops)
    cx, cy = board.grid.center(square)
    dx, dy = cx - sx, cy - sy
    grid = board.grid
    sides = []
    if abs(dy) > grid.square_h_mm / 3:
        sides.append(_("below") if dy > 0 else _("above"))
    if abs(dx) > grid.square_w_mm / 3 or not sides:
        sides.append(_("right") if dx > 0 else _("left"))
    return ", ".join(sides)
