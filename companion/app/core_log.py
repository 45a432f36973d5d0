"""The `GameLog` of a game whose core is just `initial`, `apply` and an event codec (the shopping
game, Chocolate milk): nothing to pause on open, every saved event folds with `apply`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeGuard, TypeVar

from companion.codec import Codec

S = TypeVar("S")
E = TypeVar("E")


@dataclass(frozen=True)
class CoreLog(Generic[S, E]):
    first: S
    rules: Callable[[S, E], S]
    codec: Codec[E]
    is_over: Callable[[S], bool]

    def initial(self) -> S:
        return self.first

    def apply(self, state: S, event: E) -> S:
        return self.rules(state, event)

    def replay(self, state: S, event: E) -> S:
        return self.rules(state, event)

    def is_event(self, event: object) -> TypeGuard[E]:
        return isinstance(event, tuple(self.codec.classes.values()))

    def format(self, event: E) -> Any:
        return self.codec.encode(event)

    def parse(self, data: Any) -> E:
        return self.codec.decode(data)

    def finished(self, state: S) -> bool:
        return self.is_over(state)

    def on_open(self, state: S, events: Sequence[E]) -> list[E]:
        return []
