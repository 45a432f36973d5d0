"""Next Station games as JSON: the setup (with its own copy of the deck, so a saved game goes
on with the cards it started with) and each event, through `companion.codec`."""

from __future__ import annotations

from typing import Any

from companion.codec import Codec, CodecError
from companion.nextstation.deck import DeckError, deck_data, oranges_data, parse_deck, parse_oranges
from companion.nextstation.game import EndRound, Event, Finish, NextStationSetup, Reveal, Score
from companion.nextstation.scoring import Sheet

KIND = "next-station"
SHEETS: Codec[Sheet] = Codec((Sheet,), None)
EVENTS: Codec[Event] = Codec(
    (Reveal, EndRound, Score, Finish),
    "type",
    scalars={Sheet: (SHEETS.encode, SHEETS.decode)},
)


def event_to_json(event: Event) -> dict[str, Any]:
    return EVENTS.encode(event)


def event_from_json(data: Any) -> Event:
    """Raises `CodecError` (a ValueError) naming the bad field."""
    return EVENTS.decode(data)


def setup_to_json(setup: NextStationSetup) -> dict[str, Any]:
    return {
        "colors": list(setup.players),
        "seed": setup.seed,
        "objectives": setup.objectives,
        "deck": deck_data(setup.deck),
        "oranges": oranges_data(setup.oranges) if setup.oranges else None,
    }


def setup_from_json(data: Any) -> NextStationSetup:
    """Raises `CodecError` naming the bad field."""
    if not isinstance(data, dict):
        raise CodecError("", "a Next Station setup is an object")
    colors = data.get("colors")
    if not isinstance(colors, list) or not all(isinstance(c, str) for c in colors):
        raise CodecError("colors", f"expected a list of colours, got {colors!r}")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CodecError("seed", f"expected a whole number, got {seed!r}")
    objectives = data.get("objectives", False)
    if not isinstance(objectives, bool):
        raise CodecError("objectives", f"expected true or false, got {objectives!r}")
    try:
        deck = parse_deck(data.get("deck"))
    except DeckError as exc:
        raise CodecError(f"deck.{exc.field}", exc.message) from None
    try:
        oranges = parse_oranges(data["oranges"]) if data.get("oranges") else ()
    except DeckError as exc:
        raise CodecError(f"oranges.{exc.field}", exc.message) from None
    return NextStationSetup(tuple(colors), seed, deck, oranges, objectives)
