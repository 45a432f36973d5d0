"""A TOKYO JUTAKU game as a saved-game session: its log is the referee's events
(`companion.jutaku.codec`); a round that was running when the box stopped comes back paused."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from companion.app.session import GameSession, Placing, Setup, Translate
from companion.jutaku import codec
from companion.jutaku import jutaku as J
from companion.jutaku.players import Seat
from companion.jutaku.views import jutaku_result


@dataclass(frozen=True)
class JutakuLog:
    seats: tuple[Seat, ...]
    options: J.JutakuOptions

    def initial(self) -> J.JutakuState:
        return J.new_game(self.seats, self.options)

    def apply(self, state: J.JutakuState, event: J.Event) -> J.JutakuState:
        return J.apply(state, event)

    def replay(self, state: J.JutakuState, event: J.Event) -> J.JutakuState:
        return J.apply(state, event)

    def is_event(self, event: object) -> TypeGuard[J.Event]:
        return isinstance(event, tuple(codec.EVENTS.classes.values()))

    def format(self, event: J.Event) -> Any:
        return codec.event_to_json(event)

    def parse(self, data: Any) -> J.Event:
        return codec.event_from_json(data)

    def finished(self, state: J.JutakuState) -> bool:
        return state.phase == "over"

    def on_open(self, state: J.JutakuState, events: Sequence[J.Event]) -> list[J.Event]:
        return codec.restore(self.seats, self.options, list(events))[1]


class JutakuSession(GameSession[J.JutakuState, J.Event]):
    KIND = codec.KIND

    @classmethod
    def make_log(cls, setup: Setup) -> JutakuLog:
        seats, options = codec.setup_from_json(setup)
        return JutakuLog(seats, options)

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        return jutaku_result(self.state, tr) if self.finished else ()
