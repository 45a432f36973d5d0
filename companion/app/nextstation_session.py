"""A NEXT STATION TOKYO game as a saved-game session: its log is the game's events
(`companion.nextstation.codec`); the setup carries the seed and the deck, so a reopened game
turns the same next card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from companion.app.session import GameSession, Placing, Setup, Translate
from companion.nextstation import codec
from companion.nextstation import game as G


@dataclass(frozen=True)
class NextStationLog:
    setup: G.NextStationSetup

    def initial(self) -> G.NextStationState:
        return G.new_game(self.setup)

    def apply(self, state: G.NextStationState, event: G.Event) -> G.NextStationState:
        return G.apply(state, event)

    def replay(self, state: G.NextStationState, event: G.Event) -> G.NextStationState:
        return G.apply(state, event)

    def is_event(self, event: object) -> TypeGuard[G.Event]:
        return isinstance(event, tuple(codec.EVENTS.classes.values()))

    def format(self, event: G.Event) -> Any:
        return codec.event_to_json(event)

    def parse(self, data: Any) -> G.Event:
        return codec.event_from_json(data)

    def finished(self, state: G.NextStationState) -> bool:
        return state.phase == "over"

    def on_open(self, state: G.NextStationState, events: Sequence[G.Event]) -> list[G.Event]:
        return []


class NextStationSession(GameSession[G.NextStationState, G.Event]):
    KIND = codec.KIND

    @classmethod
    def make_log(cls, setup: Setup) -> NextStationLog:
        return NextStationLog(codec.setup_from_json(setup))

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        """The ranking, tied players sharing their place: (1, "Blue", "98 points")."""
        if not self.finished:
            return ()
        colors = self.state.setup.players
        standings = self.state.standings
        points = [tr("{points} points").format(points=s.total) for s in standings]
        seats = [colors[s.player] for s in standings]
        return self.placings(seats, [s.place for s in standings], points, tr)
