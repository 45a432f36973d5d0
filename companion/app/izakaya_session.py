"""An IZAKAYA game as a saved-game session: its log is the core's events
(`companion.izakaya.codec`), folded from the setup's colours and stock row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from companion import izakaya as Z
from companion.app.session import GameSession, Placing, Setup, Translate
from companion.izakaya import codec
from companion.izakaya.scoring import result
from companion.money import yen


@dataclass(frozen=True)
class IzakayaLog:
    start: Z.IzakayaState

    def initial(self) -> Z.IzakayaState:
        return self.start

    def apply(self, state: Z.IzakayaState, event: Z.Event) -> Z.IzakayaState:
        return Z.apply(state, event)

    def replay(self, state: Z.IzakayaState, event: Z.Event) -> Z.IzakayaState:
        return Z.apply(state, event)

    def is_event(self, event: object) -> TypeGuard[Z.Event]:
        return isinstance(event, tuple(codec.EVENTS.classes.values()))

    def format(self, event: Z.Event) -> Any:
        return codec.event_to_json(event)

    def parse(self, data: Any) -> Z.Event:
        return codec.event_from_json(data)

    def finished(self, state: Z.IzakayaState) -> bool:
        return state.phase == "over"

    def on_open(self, state: Z.IzakayaState, events: Sequence[Z.Event]) -> list[Z.Event]:
        return []


class IzakayaSession(GameSession[Z.IzakayaState, Z.Event]):
    KIND = codec.KIND

    @classmethod
    def make_log(cls, setup: Setup) -> IzakayaLog:
        return IzakayaLog(codec.game_from_setup(setup))

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        """The final totals (cash with the buildings' payouts), most first."""
        if not self.finished:
            return ()
        players = result(self.state).players
        colors, ranks = [p.color for p in players], [p.rank for p in players]
        return self.placings(colors, ranks, [yen(p.total, tr) for p in players], tr)
