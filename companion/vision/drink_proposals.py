"""METRO DRINKS' camera proposals: a drink the camera sees on a station the game has none on
("Blue drink at Ginza?"), for the player who owns that drink colour. Pure: no OpenCV, no I/O.

A drink beside a pyramid can also look like a meeple to the piece reader; `settle` takes that
meeple out of the reading when the player's real meeple is seen elsewhere (a player has one).
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
    """Without the drinks read on a meeple the game has standing on that square: two pieces
    cannot stand in one place, and the game's meeple is there (a meeple beside a pyramid can
    look like a drink of a near colour). Which of several meeples of one colour is the
    player's is `proposals.settle_meeples`'s to say."""
    drinks = [p for p in reading.pieces if p.kind == DRINK]
    meeples = [p for p in reading.pieces if p.kind == MEEPLE and _in_place(p, state)]

    def on_a_meeple(d: Piece) -> bool:
        return any(math.hypot(m.x_mm - d.x_mm, m.y_mm - d.y_mm) < SAME_SPOT_MM for m in meeples)

    drop = {id(d) for d in drinks if on_a_meeple(d)}
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
