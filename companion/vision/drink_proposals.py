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
from companion.metro.drinks import owner_of_color
from companion.metro.state import MetroState
from companion.vision.model import (
    DRINK,
    DRINK_DIAMETER_MM,
    MEEPLE,
    MEEPLE_DEPTH_MM,
    MEEPLE_LENGTH_MM,
    Piece,
    Reading,
)
from companion.vision.station_proposal import StationProposal

NEAR_MM = MEEPLE_LENGTH_MM / 2 + DRINK_DIAMETER_MM / 2
"""A meeple read this near a drink may be that drink."""
SAME_SPOT_MM = DRINK_DIAMETER_MM / 2 + MEEPLE_DEPTH_MM / 2 - 1.5
"""A drink and a meeple read this near stand in one place: one of them is not there."""


@dataclass(frozen=True)
class DrinkBuilt(StationProposal):
    """A drink stands on a station that has none in the game; `player` owns its colour."""

    player: str
    message = N_("{color} drink at {station}")

    def color_text(self) -> str:
        return drink_name(self.color)


def settle(reading: Reading, state: MetroState) -> Reading:
    """A drink and a meeple read in one place (within `SAME_SPOT_MM`) are one piece read twice:
    two pieces cannot stand there. It is the meeple when the game has that player's meeple
    standing on the square it is read on (a meeple beside a pyramid can look like a drink of a
    near colour); the drink when the game has that player's meeple on no square (riding a
    train, or not yet on the board): nothing of the player's is missing from the board, so a
    drink is never proposed as that meeple's move. A meeple the game has standing elsewhere
    may have moved there: which of several meeples of one colour is the player's is
    `proposals.settle_meeples`'s to say."""
    drinks = [p for p in reading.pieces if p.kind == DRINK]
    meeples = [p for p in reading.pieces if p.kind == MEEPLE]

    def same_spot(m: Piece, d: Piece) -> bool:
        return math.hypot(m.x_mm - d.x_mm, m.y_mm - d.y_mm) < SAME_SPOT_MM

    drop = {id(d) for d in drinks if any(same_spot(m, d) and _in_place(m, state) for m in meeples)}
    drop |= {
        id(m)
        for m in meeples
        if _off_the_board(m, state) and any(same_spot(m, d) for d in drinks if id(d) not in drop)
    }
    if not drop:
        return reading
    return replace(reading, pieces=tuple(p for p in reading.pieces if id(p) not in drop))


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
    took (a colour nobody owns cannot have been built)."""
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
