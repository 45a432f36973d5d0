"""A vehicle's own id: its line and its number on that line, written `G#1`.

Tokyo lines have one train (`G#1`); Osaka's P and bus lines have two (`P#1` starts at the
line's stop 1, `P#2` at its other end). State, steps, prompts and decisions key a vehicle.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_VEHICLE = re.compile(r"^([A-Z][a-z]?)#([1-9][0-9]*)$")


class VehicleId(NamedTuple):
    """Immutable and ordered by line, then number; a tuple, so comparing and hashing one is as
    cheap as for a stop id (the train phase compares them at every stop)."""

    line: str
    number: int = 1

    def __str__(self) -> str:
        return format_vehicle(self)

    def __repr__(self) -> str:
        return f"VehicleId({self.line!r}, {self.number})"


def format_vehicle(vehicle: VehicleId) -> str:
    return f"{vehicle.line}#{vehicle.number}"


def parse_vehicle(text: object) -> VehicleId:
    """'G#1' -> VehicleId('G', 1). Raises ValueError for anything else."""
    m = _VEHICLE.match(text) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"expected a vehicle like 'G#1', got {text!r}")
    return VehicleId(m.group(1), int(m.group(2)))


def line_vehicles(line_id: str, count: int) -> tuple[VehicleId, ...]:
    return tuple(VehicleId(line_id, i) for i in range(1, count + 1))
