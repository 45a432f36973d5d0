"""IZAKAYA events, one per entry of the log. The acting player of an action is implicit: the
one whose turn it is (`IzakayaState.current`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.izakaya.grid import Edge, Plot, Point


@dataclass(frozen=True)
class Bids:
    """The revealed turn-order bids, one per seat (yen, multiples of ¥100)."""

    amounts: tuple[int, ...]
    type: ClassVar[str] = "bids"


@dataclass(frozen=True)
class Bottle:
    """Colour bottle space: a drink of `color` on the intersection `point`."""

    color: str
    point: Point
    type: ClassVar[str] = "bottle"


@dataclass(frozen=True)
class Adjust:
    """Price adjustment space: ¥100 moves from one colour stock card to another."""

    source: str
    target: str
    type: ClassVar[str] = "adjust"


@dataclass(frozen=True)
class Claim:
    """Claim a plot: a disc on `edge`, a pyramid on `plot` (one of the edge's two plots)."""

    edge: Edge
    plot: Plot
    type: ClassVar[str] = "claim"


@dataclass(frozen=True)
class Build:
    """One building piece on one of the player's plots; `floors`: the building's floors now.
    The free piece of a line of 3 discs is a `Build` too (it uses no action)."""

    plot: Plot
    floors: int
    slot: int = 0
    type: ClassVar[str] = "build"


@dataclass(frozen=True)
class Pass:
    """The disc is placed without an action (nothing legal or wanted); declines a free piece."""

    type: ClassVar[str] = "pass"


Event = Bids | Bottle | Adjust | Claim | Build | Pass
EVENT_CLASSES = (Bids, Bottle, Adjust, Claim, Build, Pass)
