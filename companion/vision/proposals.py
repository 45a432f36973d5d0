"""What the camera saw, as proposals against the game state ("Red built at Ginza?").

Pure: no OpenCV, no I/O. The app shows each proposal with OK / Fix and never changes the game
on its own (nor during a train phase: the caller checks the phase).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from companion.colors import color_name
from companion.i18n import N_, _
from companion.metro.board import BoardMap, Square
from companion.metro.state import MetroState
from companion.vision.drink_proposals import DrinkBuilt, beside_a_drink, drink_proposals, settle
from companion.vision.model import (
    MEEPLE,
    PROPOSAL_CONFIDENCE,
    PYRAMID,
    RECONCILE_DOUBT,
    Piece,
    Reading,
    station_center,
)
from companion.vision.station_proposal import StationProposal


@dataclass(frozen=True)
class Built(StationProposal):
    """A pyramid stands on a station the game has no owner for."""

    message = N_("{color} built at {station}")


@dataclass(frozen=True)
class Moved:
    """A meeple stands on a square other than the game's (or it left its train)."""

    color: str
    square: Square
    before: Square | None

    def text(self, board: BoardMap) -> str:
        return _("{color} moved to [{col},{row}]").format(
            color=color_name(self.color), col=self.square[0], row=self.square[1]
        )


@dataclass(frozen=True)
class Missing:
    """The game has a piece the camera does not see (taken off, hidden or misread)."""

    kind: str
    color: str
    place: str

    def text(self, board: BoardMap) -> str:
        if self.kind == PYRAMID:
            where = board.stations[self.place].name if self.place in board.stations else self.place
            return _("{color}'s pyramid at {station} is not seen").format(
                color=color_name(self.color), station=where
            )
        return _("{color}'s meeple is not seen on the board").format(color=color_name(self.color))


@dataclass(frozen=True)
class Conflict:
    """A pyramid of another colour than the station's owner."""

    station: str
    seen: str
    owner: str

    def text(self, board: BoardMap) -> str:
        return _("{station} belongs to {owner} but a {seen} pyramid stands there").format(
            station=board.stations[self.station].name,
            owner=color_name(self.owner),
            seen=color_name(self.seen),
        )


Proposal = Built | Moved | Missing | Conflict | DrinkBuilt


def reconcile(
    reading: Reading, state: MetroState, board: BoardMap, doubt: float = RECONCILE_DOUBT
) -> Reading:
    """Settle doubtful meeple-or-pyramid calls with what the game knows: a player has one
    meeple, and a pyramid stays where it was built. A doubtful "pyramid" of a colour whose
    meeple is not seen, on a station that colour does not own, is that meeple; a doubtful
    "meeple" on a station its colour owns, where no pyramid is seen, is that pyramid."""
    pieces = list(reading.pieces)
    sure_meeples = {p.color for p in pieces if p.kind == MEEPLE and p.confidence >= doubt}
    seen_pyramids = {p.station for p in pieces if p.kind == PYRAMID}
    players = set(state.colors)
    out = []
    for p in pieces:
        if p.confidence < doubt and p.kind == PYRAMID and p.station is not None:
            if (
                state.stations.get(p.station) != p.color
                and p.color in players
                and p.color not in sure_meeples
            ):
                square = board.grid.square_at(p.x_mm, p.y_mm)
                if square is not None:
                    p = replace(p, kind=MEEPLE, station=None, square=square)
                    sure_meeples.add(p.color)
        elif p.confidence < doubt and p.kind == MEEPLE:
            for station_id, owner in state.stations.items():
                if owner != p.color or station_id in seen_pyramids:
                    continue
                x, y = station_center(board, station_id)
                if math.hypot(x - p.x_mm, y - p.y_mm) < 8.0:
                    p = replace(p, kind=PYRAMID, station=station_id, square=None)
                    seen_pyramids.add(station_id)
                    break
        out.append(p)
    return replace(reading, pieces=tuple(out))


def proposals(
    reading: Reading,
    state: MetroState,
    min_confidence: float = PROPOSAL_CONFIDENCE,
    board: BoardMap | None = None,
) -> list[Proposal]:
    """Differences between an accepted reading and the game, most useful first: builds (and
    METRO DRINKS' vending machines), moves, conflicts, then pieces the camera lost sight of.
    Pieces below `min_confidence` are ignored. With the board, doubtful meeple/pyramid calls
    are first settled by `reconcile`; each player has one meeple (`settle_meeples`). Outside
    the action phase there are none."""
    if state.phase != "action":
        return []  # never during a train phase (pieces move by the rules then) or after the end
    if board is not None:
        reading = reconcile(reading, state, board)
    reading = settle_meeples(settle(reading, state, board), state)
    seen = [p for p in reading.pieces if p.confidence >= min_confidence]
    out: list[Proposal] = []
    pyramids = {p.station: p.color for p in seen if p.kind == PYRAMID and p.station}
    for station, color in sorted(pyramids.items()):
        owner = state.stations.get(station)
        if owner is None:
            out.append(Built(color, station))
        elif owner != color:
            out.append(Conflict(station, color, owner))
    out += drink_proposals(reading, state, min_confidence)
    meeples = {p.color: p.square for p in seen if p.kind == MEEPLE and p.square is not None}
    for color, square in sorted(meeples.items()):
        m = state.meeples.get(color)
        before = m.square if m is not None else None
        if square is not None and square != before:
            out.append(Moved(color, square, before))
    for station, owner in sorted(state.stations.items()):
        if station not in pyramids:
            out.append(Missing(PYRAMID, owner, station))
    for color, m in sorted(state.meeples.items()):
        if m.square is not None and color not in meeples:
            out.append(Missing(MEEPLE, color, f"[{m.square[0]},{m.square[1]}]"))
    return out


def settle_meeples(reading: Reading, state: MetroState) -> Reading:
    """A player has one meeple: of several read in one colour, the one standing where the game
    has it (it did not move), else one with no drink read beside it, else the surest. The
    others were something else of that colour (a METRO DRINKS drink beside a pyramid, a
    pyramid's shadow side), and a Moved proposal from one of them would move a meeple that
    stayed put."""
    by_color: dict[str, list[Piece]] = {}
    for p in reading.pieces:
        if p.kind == MEEPLE:
            by_color.setdefault(p.color, []).append(p)
    drop: set[int] = set()
    for color, seen in by_color.items():
        if len(seen) < 2:
            continue
        known = state.meeples.get(color)
        keep = max(
            seen,
            key=lambda p: (
                known is not None and p.square == known.square,
                not beside_a_drink(p, reading),
                p.confidence,
            ),
        )
        drop |= {id(p) for p in seen if p is not keep}
    if not drop:
        return reading
    return replace(reading, pieces=tuple(p for p in reading.pieces if id(p) not in drop))


def meeples_touching(reading: Reading, board: BoardMap, stop_id: str) -> list[str]:
    """Colours of the meeples the camera sees on squares from which they may board at the stop
    (for the train phase's boarding prompts)."""
    squares = board.squares_for_stop(stop_id)
    return sorted(
        p.color
        for p in reading.pieces
        if p.kind == MEEPLE and p.square is not None and p.square in squares
    )
