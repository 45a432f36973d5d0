"""What a train phase does, one step at a time.

`run_train_phase` produces these in order; the screen, the LEDs and the sound all play back the
same list, so nothing is computed twice. Every step is made by the engine except the answer
inside an `Offered` step, which is a player's decision. Each step names the vehicle it is
about; its JSON also carries the vehicle's `line`, and JSON without a `vehicle` (written before
vehicles had ids) is read as the line's first vehicle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.codec import Codec, Scalar
from companion.metro.board import Square
from companion.metro.vehicles import VehicleId, format_vehicle, parse_vehicle

VEHICLE_TEXT: dict[type, Scalar] = {VehicleId: (format_vehicle, parse_vehicle)}


class _OnAVehicle:
    vehicle: VehicleId

    @property
    def line(self) -> str:
        return self.vehicle.line


@dataclass(frozen=True)
class Departed(_OnAVehicle):
    """A vehicle begins its moves for this phase."""

    vehicle: VehicleId
    stop: str
    moves: int
    kind: ClassVar[str] = "departed"


@dataclass(frozen=True)
class Moved(_OnAVehicle):
    vehicle: VehicleId
    from_stop: str
    to_stop: str
    direction: int
    """The arrow after the move (+1 towards higher numbers): a move that ends on a terminus
    turns it there, as the rulebook turns the train on arrival."""
    move: int
    """1 for the first move of the phase, up to 5 + speed tokens."""
    reversed: bool = False
    """The move leaves a terminus the vehicle turned round at earlier in this phase (reversing
    costs no move)."""
    kind: ClassVar[str] = "moved"


@dataclass(frozen=True)
class Paid(_OnAVehicle):
    vehicle: VehicleId
    stop: str
    station: str
    owner: str
    owner_gain: int
    line_gain: int
    drinks_gain: int = 0
    """METRO DRINKS: the drink bonus the owner takes from the bank, on top of `owner_gain`."""
    drink: str | None = None
    """The colour of the drink that paid `drinks_gain` (None without a bonus)."""
    kind: ClassVar[str] = "paid"


@dataclass(frozen=True)
class Offered(_OnAVehicle):
    """A meeple could board (or leave) here; `accepted` is the player's answer."""

    player: str
    vehicle: VehicleId
    stop: str
    action: str
    """'board' or 'leave'."""
    accepted: bool
    kind: ClassVar[str] = "offered"


@dataclass(frozen=True)
class Boarded(_OnAVehicle):
    player: str
    vehicle: VehicleId
    stop: str
    fee: int
    """Yen the rider paid (the line gained the same); 0 for a shareholder."""
    kind: ClassVar[str] = "boarded"


@dataclass(frozen=True)
class Left(_OnAVehicle):
    player: str
    vehicle: VehicleId
    stop: str
    square: Square
    forced: bool = False
    """The vehicle left the map under the rider, who was put down by the engine."""
    kind: ClassVar[str] = "left"


@dataclass(frozen=True)
class Removed(_OnAVehicle):
    """A Start-action train came back to its stop 1 with no share held and left the map."""

    vehicle: VehicleId
    stop: str
    lost_moves: int
    kind: ClassVar[str] = "removed"


Step = Departed | Moved | Paid | Offered | Boarded | Left | Removed


def vehicle_from_line(data: dict[str, Any]) -> dict[str, Any]:
    """Older JSON names only the line (one vehicle a line then); newer JSON carries both."""
    line = data.pop("line", None)
    if "vehicle" not in data and isinstance(line, str):
        data["vehicle"] = format_vehicle(VehicleId(line))
    return data


def _line_of(step: Step) -> dict[str, Any]:
    return {"line": step.line}


STEPS: Codec[Step] = Codec(
    (Departed, Moved, Paid, Offered, Boarded, Left, Removed),
    "kind",
    VEHICLE_TEXT,
    upgrade=vehicle_from_line,
    extra=_line_of,
)


def format_step(step: Step) -> dict[str, Any]:
    """A payout without a drink bonus is written without `drink`, as before METRO DRINKS."""
    data = STEPS.encode(step)
    if "drink" in data and data["drink"] is None:
        del data["drink"]
    return data


def parse_step(data: Any) -> Step:
    """Raises `companion.codec.CodecError` naming the bad field."""
    return STEPS.decode(data)
