"""Jutaku games as JSON: the setup and each event, for the app's append-only game log.

A saved game is its setup plus its events; `restore` folds them again. Timestamps are
monotonic seconds of the run that wrote them, meaningless after a restart, so a round that
was running when the box stopped comes back paused at its last event (see `restore`).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from functools import reduce
from typing import Any

from companion.codec import Codec
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.players import Seat

EVENTS: Codec[J.Event] = Codec(
    (
        J.Start,
        J.Call,
        J.Adjust,
        J.SetValue,
        J.Judge,
        J.Next,
        J.Pause,
        J.Resume,
        J.TakeDrink,
        J.SpendDrink,
    ),
    "type",
)
COUNTDOWN_EVENTS: Codec[C.Event] = Codec(
    (C.StartFloor, C.Place, C.TakeBack, C.Pause, C.Resume, C.Settle), "type"
)
KIND = "jutaku"
COUNTDOWN_KIND = "countdown"


def setup_to_json(seats: tuple[Seat, ...], options: J.JutakuOptions) -> dict[str, Any]:
    opts = asdict(options)
    opts["plot_values"] = list(options.plot_values)
    return {
        "seats": [asdict(s) for s in seats],
        "options": opts,
        "colors": [s.color for s in seats],
    }


def setup_from_json(data: Any) -> tuple[tuple[Seat, ...], J.JutakuOptions]:
    seats = _seats_from_json(data, "Jutaku")
    raw = dict(data.get("options", {}))
    known = {f.name for f in fields(J.JutakuOptions)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise ValueError(f"unknown Jutaku option {unknown[0]!r}")
    if "plot_values" in raw:
        raw["plot_values"] = tuple(int(v) for v in raw["plot_values"])
    return seats, J.JutakuOptions(**raw)


def _seats_from_json(data: Any, game: str) -> tuple[Seat, ...]:
    if not isinstance(data, dict) or not isinstance(data.get("seats"), list):
        raise ValueError(f"a {game} setup needs a list of seats")
    return tuple(Seat(**{k: str(v) for k, v in s.items()}) for s in data["seats"])


def countdown_setup_to_json(seats: tuple[Seat, ...], options: C.CountdownOptions) -> dict[str, Any]:
    return {
        "seats": [asdict(s) for s in seats],
        "colors": [s.color for s in seats],
        "floor_times": list(C.floor_times(options)),
    }


def countdown_setup_from_json(data: Any) -> tuple[tuple[Seat, ...], C.CountdownOptions]:
    seats = _seats_from_json(data, "Countdown")
    times = data.get("floor_times", list(C.floor_times(C.CountdownOptions())))
    if not isinstance(times, list) or not all(isinstance(t, int | float) for t in times):
        raise ValueError("floor_times: expected a list of seconds")
    return seats, C.options_with_times(times)


def countdown_restore(
    seats: tuple[Seat, ...], options: C.CountdownOptions, events: list[C.Event]
) -> tuple[C.CountdownState, list[C.Event]]:
    """As `restore`: a floor that was running comes back paused at its last saved moment, and
    a floor whose buzzer had sounded is settled (timestamps of another run mean nothing)."""
    state = reduce(C.apply, events, C.new_game(seats, options))
    extra: list[C.Event] = []
    if state.phase == "running" and events:
        extra.append(C.Pause(events[-1].t))
    elif state.phase == "closing" and state.ended_at is not None:
        extra.append(C.Settle(state.ended_at + options.grace))
    return reduce(C.apply, extra, state), extra


def event_to_json(event: J.Event) -> dict[str, Any]:
    return EVENTS.encode(event)


def event_from_json(data: Any) -> J.Event:
    """Raises `companion.codec.CodecError` (a ValueError) naming the bad field."""
    return EVENTS.decode(data)


def restore(
    seats: tuple[Seat, ...], options: J.JutakuOptions, events: list[J.Event]
) -> tuple[J.JutakuState, list[J.Event]]:
    """The state after the saved events, and the events to append so that a round that was
    running is paused at its last saved moment (the players resume it with OK)."""
    state = reduce(J.apply, events, J.new_game(seats, options))
    extra: list[J.Event] = []
    if state.phase == "building" and events:
        extra.append(J.Pause(events[-1].t))
    return reduce(J.apply, extra, state), extra
