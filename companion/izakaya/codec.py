"""IZAKAYA games as JSON: the setup and each event, for the app's append-only game log."""

from __future__ import annotations

from typing import Any

from companion.codec import Codec
from companion.izakaya.events import EVENT_CLASSES, Event
from companion.izakaya.state import STOCK_COLORS, IzakayaState, new_game

KIND = "izakaya"
EVENTS: Codec[Event] = Codec(EVENT_CLASSES, "type")


def setup_to_json(colors: tuple[str, ...], stock: tuple[str, ...] = STOCK_COLORS) -> dict[str, Any]:
    return {"colors": list(colors), "stock": list(stock)}


def game_from_setup(data: Any) -> IzakayaState:
    """The state at setup; ValueError naming what is wrong in a bad setup."""
    if not isinstance(data, dict) or not isinstance(data.get("colors"), list):
        raise ValueError("an IZAKAYA setup needs a list of colors")
    stock = data.get("stock", list(STOCK_COLORS))
    if not isinstance(stock, list):
        raise ValueError("stock: expected a list of colours")
    return new_game([str(c) for c in data["colors"]], [str(c) for c in stock])


def event_to_json(event: Event) -> dict[str, Any]:
    return EVENTS.encode(event)


def event_from_json(data: Any) -> Event:
    """Raises `companion.codec.CodecError` (a ValueError) naming the bad field."""
    return EVENTS.decode(data)
