"""IZAKAYA (TOKYO JUTAKU + JIDOHANBAIKI + METRO): the box keeps the market, the bids, the board
and the score. Pure: no I/O; `apply(state, event)` returns a new state."""

from companion.izakaya.errors import IllegalMove
from companion.izakaya.events import Adjust, Bids, Bottle, Build, Claim, Event, Pass
from companion.izakaya.grid import Edge, Grid, Plot, Point
from companion.izakaya.rules import apply, why_not
from companion.izakaya.scoring import BuildingScore, Result, building_sum, result
from companion.izakaya.state import (
    END_TRIGGER,
    STOCK_COLORS,
    IzakayaState,
    money_in_play,
    new_game,
)

__all__ = [
    "END_TRIGGER",
    "STOCK_COLORS",
    "Adjust",
    "Bids",
    "Bottle",
    "Build",
    "BuildingScore",
    "Claim",
    "Edge",
    "Event",
    "Grid",
    "IllegalMove",
    "IzakayaState",
    "Pass",
    "Plot",
    "Point",
    "Result",
    "apply",
    "building_sum",
    "money_in_play",
    "new_game",
    "result",
    "why_not",
]
