"""METRO DRINKS' camera proposals: a drink the camera sees on a station the game has none on
("Blue drink at Ginza?"), for the player who owns that drink colour. Pure: no OpenCV, no I/O.

A drink beside a pyramid can also look like a meeple to the piece reader, and a meeple beside
a pyramid like a drink: `settle` makes one piece of a drink and a meeple read in one place, by
where the game has that player's meeple.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from companion.colors import drink_name
from companion.i18n import N_
from companion.metro.board import BoardMap
from companion.metro.drinks import DRINK_COLORS, owner_of_color
from companion.metro.state import MetroState
from companion.vision.model import (
    DRINK,
    DRINK_DIAMETER_MM,
    MEEPLE,
    MEEPLE_DEPTH_MM,
    MEEPLE_LENGTH_MM,
    PROPOSAL_CONFIDENCE,
    PYRAMID,
    PYRAMID_BASE_MM,
    Piece,
    Reading,
    station_center,
)
from companion.vision.station_proposal import StationProposal

NEAR_MM = MEEPLE_LENGTH_MM / 2 + DRINK_DIAMETER_MM / 2
"""A meeple read this near a drink may be that drink."""
SAME_SPOT_MM = DRINK_DIAMETER_MM / 2 + MEEPLE_DEPTH_MM / 2 - 1.5
"""A drink and a meeple read this near stand in one place: one of them is not there."""
SURE = PROPOSAL_CONFIDENCE
"""A drink read with less confidence is not sure: it reaches no screen, and a meeple read in
its place may be what it is."""
UNSURE_CONFIDENCE = SURE / 2
"""The drink reader's confidence in a drink its shape cannot tell from the meeple read with
it (`drink_shape.UNSURE`)."""
IN_A_PYRAMID_MM = PYRAMID_BASE_MM / 2
"""A drink read this near the centre of a station the game has a pyramid on stands inside that
pyramid: it is the pyramid's own pixels (one the piece reader did not see)."""
BESIDE_MM = (
    PYRAMID_BASE_MM / 2 + DRINK_DIAMETER_MM / 2,
    PYRAMID_BASE_MM / 2 + DRINK_DIAMETER_MM + 0.5,
)
"""A drink beside a pyramid stands this far (mm) from its centre: touching its side, or a
little over a drink's width off."""
OFF_ITS_CENTRE_MM = 0.21 * PYRAMID_BASE_MM
"""99 % of the pyramids read right stand within this of their station's centre (the drink
reader's `CENTRED`). One read farther off may be a drink read as that station's pyramid, read
off the drink's own place too (a red drink 14.9 mm from its pyramid's centre was read 17.2 mm
from it, 3.2 mm off the next station's centre): it may stand that much farther than
`BESIDE_MM`."""
BY_A_DRINK_MM = (PYRAMID_BASE_MM / 2, PYRAMID_BASE_MM / 2 + DRINK_DIAMETER_MM + 3.0)
"""A meeple read this far (mm) from a pyramid's centre may be a drink beside it, or the
pyramid's shaded side with a drink's shadow (the drink reader's ring)."""


@dataclass(frozen=True)
class DrinkBuilt(StationProposal):
    """A drink stands on a station that has none in the game; `player` owns its colour."""

    player: str
    message = N_("{color} drink at {station}")

    def color_text(self) -> str:
        return drink_name(self.color)


def settle(reading: Reading, state: MetroState, board: BoardMap | None = None) -> Reading:
    """A drink and a meeple read in one place (within `SAME_SPOT_MM`) are one piece read twice:
    two pieces cannot stand there. It is the meeple when the game has that player's meeple
    standing on the square it is read on (a meeple beside a pyramid can look like a drink of a
    near colour); else the drink, which the drink reader's shape test told from that meeple:
    a meeple the game has on no square (riding a train, or not yet on the board) or standing
    elsewhere is not asked to have moved there (a drink of a player colour is nearly always
    also read as a small meeple of its colour, and the one the game has elsewhere may be
    read as something else there, a pyramid on the station's circles).

    A drink the reader is not sure of (under `SURE`: its shape could be the meeple read with
    it) is the drink only when that player's meeple is also read where the game has it (then
    the one here is not the player's, and the drink is as sure as a proposal needs); else it
    is neither: the drink goes, and the meeple too where the game has that player's meeple on
    no square (a rider stepping off, or a drink: no question is asked).

    A drink not sure at a station the game has no pyramid on goes (a drink stands only by a
    pyramid; the white drink beside a pyramid read with doubt off its centre is such a one).
    With the board, a drink read inside a pyramid the game has (`IN_A_PYRAMID_MM`) is that
    pyramid when it has the pyramid's colour and none is read there (the pyramid's blob, drawn
    off the centre by the drink beside it, was taken for the next station's drink), else it
    goes. In a
    METRO DRINKS game, a pyramid read where the game has none, of a drink colour, standing
    where the drink of a pyramid the game has would stand (`BESIDE_MM`) with no drink read
    there, may be that drink on the next station's circles as well as a new pyramid (their
    sizes overlap under the camera): it is that drink, not sure (`UNSURE_CONFIDENCE`: no
    question either way; read off its own station's centre, `OFF_ITS_CENTRE_MM`, it may be
    read that much farther); unless the game has that colour's meeple standing on the square it
    is read on (a meeple on the station's circles, read as a pyramid). A meeple read by a
    pyramid the game has (`BY_A_DRINK_MM`) whose player has not placed one yet is a drink or a
    first placement there: no question is asked (only in round 1 can a meeple be placed for
    the first time)."""
    if board is not None and state.metro_drinks is not None:
        reading = _drink_or_pyramid(reading, state, board)
    meeples = [p for p in reading.pieces if p.kind == MEEPLE]
    drop: set[int] = set()
    sure: dict[int, Piece] = {}
    for d in (p for p in reading.pieces if p.kind == DRINK):
        inside = None if board is None else _pyramid_holding(d, state, board)
        if inside is not None:
            if state.stations[inside] != d.color or any(
                p.kind == PYRAMID and p.station == inside for p in reading.pieces
            ):
                drop.add(id(d))
            else:
                # The game's pyramid of the drink's colour, its blob drawn off the centre and
                # taken for the next station's drink.
                sure[id(d)] = replace(d, kind=PYRAMID, station=inside, square=None)
            continue
        if d.confidence < SURE and d.station not in state.stations:
            drop.add(id(d))
            continue
        here = [m for m in meeples if _same_spot(m, d)]
        if not here:
            continue
        if any(_in_place(m, state) for m in here):
            drop.add(id(d))
            continue
        if d.confidence < SURE:
            if not all(_seen_in_place(m.color, meeples, state) for m in here):
                drop.add(id(d))
                drop |= {id(m) for m in here if _off_the_board(m, state)}
                continue
            sure[id(d)] = replace(d, confidence=SURE)
        drop |= {id(m) for m in here}
    if drop or sure:
        kept = tuple(sure.get(id(p), p) for p in reading.pieces if id(p) not in drop)
        reading = replace(reading, pieces=kept)
    if board is not None and state.metro_drinks is not None:
        reading = _no_first_meeple_by_a_drink(reading, state, board)
    return reading


def _drink_or_pyramid(reading: Reading, state: MetroState, board: BoardMap) -> Reading:
    """A new pyramid read where a drink beside a pyramid of the game would stand."""
    drinks = {p.station for p in reading.pieces if p.kind == DRINK}
    out = list(reading.pieces)
    for i, p in enumerate(out):
        if p.kind != PYRAMID or p.station in state.stations or p.color not in DRINK_COLORS:
            continue
        if _meeple_standing(p, state, board):
            continue
        if p.station is None:
            continue
        own = station_center(board, p.station)
        off = math.hypot(p.x_mm - own[0], p.y_mm - own[1])
        far = BESIDE_MM[1] + (off if off > OFF_ITS_CENTRE_MM else 0.0)
        for station in sorted(state.stations):
            if station in drinks:
                continue
            x, y = station_center(board, station)
            if BESIDE_MM[0] <= math.hypot(p.x_mm - x, p.y_mm - y) <= far:
                out[i] = replace(p, kind=DRINK, station=station, confidence=UNSURE_CONFIDENCE)
                drinks.add(station)
                break
    return replace(reading, pieces=tuple(out)) if out != list(reading.pieces) else reading


def _meeple_standing(piece: Piece, state: MetroState, board: BoardMap) -> bool:
    """The game has the meeple of the piece's colour standing on the square it is read on: a
    pyramid read there with no pyramid in the game is that meeple on a station's circles."""
    known = state.meeples.get(piece.color)
    if known is None or known.square is None:
        return False
    return known.square == board.grid.square_at(piece.x_mm, piece.y_mm)


def _no_first_meeple_by_a_drink(reading: Reading, state: MetroState, board: BoardMap) -> Reading:
    """The reading without the meeples of players who placed none, read by a game pyramid."""
    centres = [station_center(board, s) for s in state.stations]

    def by_a_pyramid(p: Piece) -> bool:
        return any(
            BY_A_DRINK_MM[0] <= math.hypot(p.x_mm - x, p.y_mm - y) <= BY_A_DRINK_MM[1]
            for x, y in centres
        )

    kept = tuple(
        p
        for p in reading.pieces
        if p.kind != MEEPLE or p.color in state.meeples or not by_a_pyramid(p)
    )
    return reading if len(kept) == len(reading.pieces) else replace(reading, pieces=kept)


def _pyramid_holding(drink: Piece, state: MetroState, board: BoardMap) -> str | None:
    """The station the game has a pyramid on whose centre the drink is read on (within
    `IN_A_PYRAMID_MM`: no two stations stand close enough for two)."""
    for station in state.stations:
        x, y = station_center(board, station)
        if math.hypot(drink.x_mm - x, drink.y_mm - y) < IN_A_PYRAMID_MM:
            return station
    return None


def _same_spot(meeple: Piece, drink: Piece) -> bool:
    return math.hypot(meeple.x_mm - drink.x_mm, meeple.y_mm - drink.y_mm) < SAME_SPOT_MM


def _seen_in_place(color: str, meeples: list[Piece], state: MetroState) -> bool:
    """A meeple of this colour is read where the game has that player's meeple standing."""
    return any(m.color == color and _in_place(m, state) for m in meeples)


def beside_a_drink(meeple: Piece, reading: Reading) -> bool:
    """A meeple read where a drink is read beside it: it may be that drink seen again."""
    return any(
        math.hypot(meeple.x_mm - d.x_mm, meeple.y_mm - d.y_mm) < NEAR_MM
        for d in reading.pieces
        if d.kind == DRINK
    )


def _in_place(meeple: Piece, state: MetroState) -> bool:
    """The game has this meeple's player standing on the square it is read on."""
    known = state.meeples.get(meeple.color)
    return known is not None and meeple.square is not None and known.square == meeple.square


def _off_the_board(meeple: Piece, state: MetroState) -> bool:
    """The game has this meeple's player on no square: riding a train, or not yet placed."""
    known = state.meeples.get(meeple.color)
    return known is None or known.square is None


def drink_proposals(reading: Reading, state: MetroState, min_confidence: float) -> list[DrinkBuilt]:
    """Drinks seen on stations with a pyramid and no drink in the game, whose colour a player
    took (a colour nobody owns cannot have been built). Whether the rules let that player
    build it now is the screen's to ask the core (`ui.metro.camera.allowed`)."""
    if state.metro_drinks is None:
        return []
    out = []
    for p in reading.pieces:
        if p.kind != DRINK or p.station is None or p.confidence < min_confidence:
            continue
        if p.station in state.drinks or p.station not in state.stations:
            continue
        player = owner_of_color(state, p.color)
        if player is not None:
            out.append(DrinkBuilt(p.color, p.station, player))
    return sorted(out, key=lambda d: d.station)
