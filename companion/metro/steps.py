"""What a train phase does, one step at a time.

`run_train_phase` produces these in order; the screen, the LEDs and the sound all play back the
same list, so nothing is computed twice. Every step is made by the engine except the answer
inside an `Offered` step, which is a player's decision.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from companion.metro.board import Square


@dataclass(frozen=True)
class Departed:
    """A train begins its moves for this phase."""

    line: str
    stop: str
    moves: int
    kind: str = "departed"


@dataclass(frozen=True)
class Moved:
    line: str
    from_stop: str
    to_stop: str
    direction: int
    """Direction after the move (+1 towards higher numbers)."""
    move: int
    """1 for the first move of the phase, up to 5 + speed tokens."""
    reversed: bool = False
    """The train turned round at a terminus before this move (reversing costs no move)."""
    kind: str = "moved"


@dataclass(frozen=True)
class Paid:
    line: str
    stop: str
    station: str
    owner: str
    owner_gain: int
    line_gain: int
    drinks_gain: int = 0
    kind: str = "paid"


@dataclass(frozen=True)
class Offered:
    """A meeple could board (or leave) here; `accepted` is the player's answer."""

    player: str
    line: str
    stop: str
    action: str
    """'board' or 'leave'."""
    accepted: bool
    kind: str = "offered"


@dataclass(frozen=True)
class Boarded:
    player: str
    line: str
    stop: str
    fee: int
    """Yen the rider paid (the line gained the same); 0 for a shareholder."""
    kind: str = "boarded"


@dataclass(frozen=True)
class Left:
    player: str
    line: str
    stop: str
    square: Square
    forced: bool = False
    """The train left the map under the rider, who was put down by the engine."""
    kind: str = "left"


@dataclass(frozen=True)
class Removed:
    """A Start-action train came back to its stop 1 with no share held and left the map."""

    line: str
    stop: str
    lost_moves: int
    kind: str = "removed"


Step = Departed | Moved | Paid | Offered | Boarded | Left | Removed
_KINDS: dict[str, type[Step]] = {
    "departed": Departed,
    "moved": Moved,
    "paid": Paid,
    "offered": Offered,
    "boarded": Boarded,
    "left": Left,
    "removed": Removed,
}


def format_step(step: Step) -> dict[str, Any]:
    data = asdict(step)
    kind = data.pop("kind")
    if "square" in data:
        data["square"] = list(data["square"])
    return {"kind": kind, **data}


def parse_step(data: dict[str, Any]) -> Step:
    fields = dict(data)
    cls = _KINDS[fields.pop("kind")]
    if "square" in fields:
        fields["square"] = tuple(fields["square"])
    return cls(**fields)
