"""Chocolate milk games as JSON for the saved-game log: the setup and each event."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from companion.chocolate.game import (
    Buy,
    BuyCrate,
    ChocolateState,
    Event,
    HandRefill,
    Sell,
    new_game,
)
from companion.codec import Codec
from companion.jutaku.players import Seat

KIND = "chocolate"
EVENTS: Codec[Event] = Codec((Buy, HandRefill, Sell, BuyCrate), "type")


def setup_to_json(
    seats: tuple[Seat, ...], seed: int, vending: bool, spare_crates: int
) -> dict[str, Any]:
    return {
        "seats": [asdict(s) for s in seats],
        "seed": seed,
        "vending": vending,
        "spare_crates": spare_crates,
        "colors": [s.color for s in seats],
    }


def initial(data: Any) -> ChocolateState:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError("a Chocolate milk setup needs a list of seats")
    seed, vending, spare = data.get("seed"), data.get("vending", True), data.get("spare_crates")
    if not isinstance(seed, int) or not isinstance(vending, bool):
        raise ValueError("a Chocolate milk setup needs a whole-number seed and vending true/false")
    if spare is not None and not isinstance(spare, int):
        raise ValueError("spare_crates: expected a whole number")
    seats = tuple(Seat(**{k: str(v) for k, v in s.items()}) for s in data["seats"])
    return new_game(seats, seed, vending, spare)
