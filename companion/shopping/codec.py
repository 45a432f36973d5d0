"""Shopping games as JSON for the saved-game log: the setup and each event."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from companion.codec import Codec
from companion.jutaku.players import Seat
from companion.shopping.game import MODES, BuyTuna, Event, Exit, Mode, ShoppingState, new_game

KIND = "shopping"
EVENTS: Codec[Event] = Codec((Exit, BuyTuna), "type")


def setup_to_json(seats: tuple[Seat, ...], mode: Mode) -> dict[str, Any]:
    return {"seats": [asdict(s) for s in seats], "mode": mode, "colors": [s.color for s in seats]}


def setup_from_json(data: Any) -> tuple[tuple[Seat, ...], Mode]:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("a shopping game's setup needs a list of seats")
    mode = data.get("mode", "economic")
    if mode not in MODES:
        raise ValueError(f"mode: expected one of {MODES}, got {mode!r}")
    seats = tuple(Seat(**{k: str(v) for k, v in s.items()}) for s in data["seats"])
    return seats, mode


def initial(data: Any) -> ShoppingState:
    return new_game(*setup_from_json(data))
