"""A Countdown game as a saved-game session: its log is the referee's events, with a `Settle`
written when time alone ended a floor, so the log ends where the players saw the game end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from companion.app.session import GameSession, Placing, Setup, Translate
from companion.jutaku import codec
from companion.jutaku import countdown as C
from companion.jutaku.players import Seat
from companion.jutaku.views import countdown_result


@dataclass(frozen=True)
class CountdownLog:
    seats: tuple[Seat, ...]
    options: C.CountdownOptions

    def initial(self) -> C.CountdownState:
        return C.new_game(self.seats, self.options)

    def apply(self, state: C.CountdownState, event: C.Event) -> C.CountdownState:
        return C.apply(state, event)

    def replay(self, state: C.CountdownState, event: C.Event) -> C.CountdownState:
        return C.apply(state, event)

    def is_event(self, event: object) -> TypeGuard[C.Event]:
        return isinstance(event, tuple(codec.COUNTDOWN_EVENTS.classes.values()))

    def format(self, event: C.Event) -> Any:
        return codec.COUNTDOWN_EVENTS.encode(event)

    def parse(self, data: Any) -> C.Event:
        return codec.COUNTDOWN_EVENTS.decode(data)

    def finished(self, state: C.CountdownState) -> bool:
        return state.phase == "over"

    def on_open(self, state: C.CountdownState, events: Sequence[C.Event]) -> list[C.Event]:
        return codec.countdown_restore(self.seats, self.options, list(events))[1]


class CountdownSession(GameSession[C.CountdownState, C.Event]):
    KIND = codec.COUNTDOWN_KIND

    @classmethod
    def make_log(cls, setup: Setup) -> CountdownLog:
        seats, options = codec.countdown_setup_from_json(setup)
        return CountdownLog(seats, options)

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        return countdown_result(self.state, tr) if self.finished else ()
