"""Saved games: one session per game over the store's append-only log.

`GameSession` folds a game's log with the game's own `initial`, `apply`, `format` and `parse`
(its `GameLog`): every change is one entry, committed before `record` returns, and the state is
the fold of the log from the game's setup. `undo` removes entries and folds again.

`JutakuSession` is in `companion.app.jutaku_session` (imported only when a Jutaku game opens).
`MetroSession` (below) extends the log with the train phase:

- `event`: an action-phase event (`companion.metro.events` JSON), applied with `apply` (and
  folded back with `replay`, so a log saved under older limits still opens);
- `phase_begin`, `answer` (a boarding/leaving decision), `ack` (steps shown and acknowledged),
  `phase_end`: the train phase, recomputed from the state and the answers so far, so a restart
  mid-phase comes back to the same steps, question and acknowledgements. `phase_end` makes the
  phase's final state the state and starts the next round.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, Self, TypeGuard, TypeVar

from companion.metro import (
    Answers,
    Decision,
    EndGameResult,
    Event,
    MetroRules,
    MetroState,
    Prompt,
    Step,
    apply,
    end_game,
    format_decision,
    format_event,
    format_state,
    format_step,
    new_state,
    parse_decision,
    parse_event,
    replay,
    run_train_phase,
)
from companion.metro.errors import N_, IllegalEvent
from companion.metro.events import EVENTS, EndGame, NextRound
from companion.metro.solo import SoloResult, is_solo, solo_result
from companion.metro.state import DrinksSetup
from companion.metro.trains import format_prompt
from companion.store import Entry, Store

log = logging.getLogger(__name__)

Translate = Callable[[str], str]
Placing = tuple[int, str, str]
"""(rank, player, figure): one line of a final ranking (as `companion.jutaku.views`)."""
S = TypeVar("S")
E = TypeVar("E")
KIND = "metro"
Setup = Mapping[str, Any]
"""A game's setup as saved (JSON object)."""


class GameLog(Protocol[S, E]):
    """A game's rules as its session folds them: pure functions of the game's core."""

    def initial(self) -> S: ...
    def apply(self, state: S, event: E) -> S:
        """The state after `event`; raises the core's refusal if the rules forbid it."""
        ...

    def replay(self, state: S, event: E) -> S:
        """`apply` for an event read back from the log: a saved game folds even where a later
        rule would refuse what was legal when it was recorded."""
        ...

    def is_event(self, event: object) -> TypeGuard[E]:
        """One of the game's own events (the screens hand `record` plain objects)."""
        ...

    def format(self, event: E) -> Any: ...
    def parse(self, data: Any) -> E: ...
    def finished(self, state: S) -> bool: ...
    def on_open(self, state: S, events: Sequence[E]) -> list[E]:
        """Events to add when a saved game is opened again (a running clock pauses)."""
        ...


class GameSession(Generic[S, E]):
    """One saved game: new (`start`), load (`open`), `record`, `undo`."""

    KIND = ""
    """The store's game kind (the registry key)."""

    def __init__(self, store: Store, log: GameLog[S, E], game_id: int, setup: Setup) -> None:
        self.store = store
        self.log = log
        self.game_id = game_id
        self.setup = dict(setup)
        self._entries: list[Entry] = []
        self._finished = store.game(game_id).finished is not None
        self.listeners: list[Callable[[GameSession[Any, Any]], None]] = []
        """Called after every change of the log (the phone view follows the game so); one
        that fails is logged, never stops the game."""
        self._refold()

    # --- creating and resuming ----------------------------------------------------------------

    @classmethod
    def make_log(cls, setup: Setup) -> GameLog[S, E]:
        raise NotImplementedError

    @classmethod
    def start(cls, store: Store, setup: Setup) -> Self:
        """A new game saved with this setup."""
        log = cls.make_log(setup)
        game_id = store.new_game(cls.KIND, dict(setup))
        return cls(store, log, game_id, setup)

    @classmethod
    def read(cls, store: Store, game_id: int) -> Self:
        """A saved game folded from its log, changing nothing (history reads results so)."""
        setup = store.game(game_id).setup
        return cls(store, cls.make_log(setup), game_id, setup)

    @classmethod
    def open(cls, store: Store, game_id: int) -> Self:
        """A saved game folded again from its log, to play on (a running clock pauses)."""
        session = cls.read(store, game_id)
        for event in session.log.on_open(session.state, session.events):
            session.record(event)
        return session

    # --- the fold -----------------------------------------------------------------------------

    def _begin_fold(self) -> None:
        self._state = self.log.initial()
        self._events: list[E] = []

    def _step(self, kind: str, data: Any) -> None:
        """Fold one saved entry; subclasses add their own entry kinds."""
        if kind != "event":
            raise ValueError(f"unknown log entry {kind!r}")
        event = self.log.parse(data)
        self._state = self.log.replay(self._state, event)
        self._events.append(event)

    def _refold(self) -> None:
        self._entries = self.store.entries(self.game_id)
        self._begin_fold()
        for entry in self._entries:
            self._step(entry.kind, entry.data)
        self._changed()

    def _changed(self) -> None:
        """After every change of the log: keep the store's finished mark in step."""
        ended = self.log.finished(self._state)
        if ended != self._finished:
            self.store.set_finished(self.game_id, ended)
            self._finished = ended
        for listener in self.listeners:
            try:
                listener(self)
            except Exception:
                log.exception("session listener")

    def _append(self, kind: str, data: Any) -> None:
        self.store.append(self.game_id, kind, data)
        self._entries.append(Entry(len(self._entries) + 1, kind, data, 0.0))
        self._step(kind, data)
        self._changed()

    # --- what the screens use -----------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._state

    @property
    def events(self) -> tuple[E, ...]:
        """The game's events so far, as parsed from the log."""
        return tuple(self._events)

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def entry_count(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The game's log as saved (kind and data of each entry)."""
        return tuple(self._entries)

    def last_entry(self) -> Entry | None:
        return self._entries[-1] if self._entries else None

    def _checked(self, event: object) -> E:
        if not self.log.is_event(event):
            raise TypeError(f"not a {self.KIND} event: {event!r}")
        return event

    def record(self, event: object) -> S:
        """Validate, save, apply. Raises the core's refusal (nothing saved) if the rules forbid
        it; an event that changes nothing is not saved."""
        event = self._checked(event)
        if self.log.apply(self._state, event) is self._state:
            return self._state
        self._append("event", self.log.format(event))
        return self._state

    def undo(self, count: int = 1) -> bool:
        """Remove the last `count` entries; False if the log was empty."""
        removed = 0
        while removed < count and self.store.undo(self.game_id) is not None:
            removed += 1
        if removed:
            self._refold()
        return removed > 0

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        """The finished game's ranking, best first: (rank, player, figure) such as (1, "Red",
        "¥42,000"), in the language of `tr`; () while it is not finished."""
        return ()

    def placings(
        self, colors: Sequence[str], ranks: Sequence[int], figures: Sequence[str], tr: Translate
    ) -> tuple[Placing, ...]:
        """`result`'s rows from each seat's colour, place and figure, best first (seat order
        among the tied): the player is the name chosen at setup, else the colour's name."""
        from companion.names import table_names

        names = table_names(self.setup, tr)
        rows = sorted(zip(ranks, colors, figures, strict=True), key=lambda row: row[0])
        return tuple((rank, names.short(color), figure) for rank, color, figure in rows)

    def export_json(self) -> dict[str, Any]:
        return {
            "format": f"companion/{self.KIND}-game@1",
            "game_id": self.game_id,
            "setup": self.setup,
            "log": [
                {"seq": e.seq, "kind": e.kind, "data": e.data, "created": e.created}
                for e in self.store.entries(self.game_id)
            ],
        }

    def export(self, folder: Path) -> Path:
        """Write `export_json` as `KIND-game-ID.json` into `folder`."""
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{self.KIND}-game-{self.game_id}.json"
        path.write_text(json.dumps(self.export_json(), indent=1, ensure_ascii=False), "utf-8")
        return path


# --- Tokyo Metro --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrainPhaseView:
    steps: tuple[Step, ...]
    pending: Prompt | None
    acked: int
    """How many of `steps` the players have seen and acknowledged."""
    done: bool
    """No question pending: every train has finished moving."""
    state: MetroState
    """The state after the last step (the phase's final state when done)."""


@dataclass(frozen=True)
class MetroLog:
    rules: MetroRules
    setup: Setup

    def initial(self) -> MetroState:
        cards = self.setup.get("cards")
        bonus = self.setup.get("metro_drinks")
        return new_state(
            self.rules.board,
            list(self.setup["colors"]),
            self.setup.get("cash", 2000),
            cards if isinstance(cards, str) else None,
            DrinksSetup(bonus) if isinstance(bonus, str) else None,
        )

    def apply(self, state: MetroState, event: Event) -> MetroState:
        return apply(self.rules, state, event)

    def replay(self, state: MetroState, event: Event) -> MetroState:
        return replay(self.rules, state, event)

    def is_event(self, event: object) -> TypeGuard[Event]:
        return isinstance(event, tuple(EVENTS.classes.values()))

    def format(self, event: Event) -> Any:
        return format_event(event)

    def parse(self, data: Any) -> Event:
        return parse_event(data)

    def finished(self, state: MetroState) -> bool:
        return state.phase == "ended"

    def on_open(self, state: MetroState, events: Sequence[Event]) -> list[Event]:
        return []


def map_name(setup: Setup) -> str:
    """The map a saved Metro game was played on (calibration name or path)."""
    return str(setup.get("map_name", setup.get("map", "tokyo")))


class MetroSession(GameSession[MetroState, Event]):
    """A Tokyo Metro game: the action-phase log plus the train phase's entries."""

    KIND = KIND

    def __init__(self, store: Store, rules: MetroRules, game_id: int, setup: Setup) -> None:
        self.rules = rules
        self._phase_cache: TrainPhaseView | None = None
        super().__init__(store, MetroLog(rules, setup), game_id, setup)

    # --- creating and resuming ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: Store,
        rules: MetroRules,
        colors: Sequence[str],
        cash: int | None = 2000,
        **extra: Any,
    ) -> MetroSession:
        setup = {"map": rules.board.id, "colors": list(colors), "cash": cash, **extra}
        game_id = store.new_game(KIND, setup)
        return cls(store, rules, game_id, setup)

    @classmethod
    def load(cls, store: Store, rules: MetroRules, game_id: int) -> MetroSession:
        return cls(store, rules, game_id, store.game(game_id).setup)

    @classmethod
    def start(cls, store: Store, setup: Setup) -> Self:
        """`setup`: "map_name" (a calibrated map's name or a path) and "colors"; the rest
        ("cash"...) is saved as given."""
        from companion.data import load_rules

        name = map_name(setup)
        rules = load_rules(name)
        extra = {k: v for k, v in setup.items() if k not in ("map", "colors", "cash", "map_name")}
        game_setup = {
            "map": rules.board.id,
            "colors": list(setup["colors"]),
            "cash": setup.get("cash", 2000),
            "map_name": name,
            **extra,
        }
        game_id = store.new_game(KIND, game_setup)
        return cls(store, rules, game_id, game_setup)

    @classmethod
    def read(cls, store: Store, game_id: int) -> Self:
        from companion.data import load_rules

        setup = store.game(game_id).setup
        return cls(store, load_rules(map_name(setup)), game_id, setup)

    @classmethod
    def open(cls, store: Store, game_id: int) -> Self:
        return cls.read(store, game_id)

    # --- the fold ---------------------------------------------------------------------------

    def _begin_fold(self) -> None:
        super()._begin_fold()
        self._answers: list[Decision] = []
        self._in_phase = False
        self._acked = 0
        self._history: dict[str, list[int]] = {line: [] for line in self.rules.board.lines}
        self._phase_cache = None

    def _step(self, kind: str, data: Any) -> None:
        self._phase_cache = None
        if kind == "event":
            super()._step(kind, data)
            if isinstance(self._events[-1], EndGame):
                self._snapshot()
        elif kind == "phase_begin":
            self._in_phase, self._answers, self._acked = True, [], 0
        elif kind == "answer":
            self._answers.append(parse_decision(data))
        elif kind == "ack":
            self._acked = max(self._acked, int(data["upto"]))
        elif kind == "phase_end":
            phase = run_train_phase(self.rules, self._state, Answers(self._answers))
            self._state = apply(self.rules, phase.state, NextRound())
            self._in_phase, self._answers, self._acked = False, [], 0
            self._snapshot()
        else:
            raise ValueError(f"unknown log entry {kind!r}")

    def _snapshot(self) -> None:
        for line_id, values in self._history.items():
            values.append(self._state.lines[line_id].value)

    # --- what the screens use -------------------------------------------------------------------

    def record(self, event: object) -> MetroState:
        """Validate, save, apply. Raises `IllegalEvent` (nothing saved) if the rules forbid it."""
        event = self._checked(event)
        if self._in_phase:
            raise IllegalEvent("phase", N_("finish the train phase first"))
        apply(self.rules, self._state, event)
        self._append("event", format_event(event))
        return self.state

    def value_history(self) -> dict[str, list[int]]:
        """Each line's value at the end of every round (and when the game ended)."""
        return {line: list(values) for line, values in self._history.items()}

    # --- train phase ------------------------------------------------------------------------

    def begin_train_phase(self) -> TrainPhaseView:
        if self._in_phase:
            raise IllegalEvent("phase", N_("the train phase has already begun"))
        if self._state.phase == "ended":
            raise IllegalEvent("phase", N_("the game has ended"))
        self._append("phase_begin", {"round": self.state.round})
        phase = self.phase
        assert phase is not None
        return phase

    @property
    def phase(self) -> TrainPhaseView | None:
        if not self._in_phase:
            return None
        if self._phase_cache is None:
            tp = run_train_phase(self.rules, self._state, Answers(self._answers))
            self._phase_cache = TrainPhaseView(tp.steps, tp.pending, self._acked, tp.done, tp.state)
        return self._phase_cache

    def answer(self, decision: Decision) -> TrainPhaseView:
        phase = self.phase
        if phase is None or phase.pending is None:
            raise IllegalEvent("phase", N_("no question is waiting for an answer"))
        self._append("answer", format_decision(decision))
        view = self.phase
        assert view is not None
        return view

    def ack(self, upto: int) -> None:
        phase = self.phase
        if phase is None:
            raise IllegalEvent("phase", N_("no train phase is running"))
        upto = min(upto, len(phase.steps))
        if upto > phase.acked:
            self._append("ack", {"upto": upto})

    def finish_train_phase(self) -> MetroState:
        phase = self.phase
        if phase is None or not phase.done:
            raise IllegalEvent("phase", N_("the trains have not finished moving"))
        self._append("phase_end", {"steps": len(phase.steps)})
        return self.state

    # --- end and export -----------------------------------------------------------------------

    def end_game(self) -> EndGameResult:
        return end_game(self.rules, self.state)

    def result(self, tr: Translate) -> tuple[Placing, ...]:
        if self.state.phase != "ended":
            return ()
        from companion.money import yen

        result = self.end_game()
        totals = {p.color: p.total if p.total is not None else p.earnings for p in result.players}
        ranking = result.ranking
        figures = [yen(totals[color], tr) for color in ranking]
        return self.placings(ranking, range(1, len(ranking) + 1), figures, tr)

    def solo(self) -> SoloResult | None:
        """The solo score of a finished one-player game (map, card set, total); else None."""
        if self.state.phase != "ended" or not is_solo(self.state):
            return None
        cards = self.state.card_set(self.rules.board).name
        return solo_result(self.state, self.end_game(), cards, self.game_id)

    def export_json(self) -> dict[str, Any]:
        out = super().export_json()
        out["state"] = format_state(self.state)
        out["value_history"] = self.value_history()
        phase = self.phase
        if phase is not None:
            out["train_phase"] = {
                "steps": [format_step(s) for s in phase.steps],
                "acked": phase.acked,
                "pending": None if phase.pending is None else format_prompt(phase.pending),
            }
        if self.state.phase == "ended":
            result = self.end_game()
            out["ranking"] = list(result.ranking)
            out["totals"] = {p.color: p.total for p in result.players}
        return out
