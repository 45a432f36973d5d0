"""A Tokyo Metro game as the screens see it: the rules engine plus its saved log.

Every change is one log entry, committed before the call returns. The state is the fold of the
log from the game's setup:

- `event`: an action-phase event (`companion.metro.events` JSON), applied with `apply`;
- `phase_begin`, `answer` (a boarding/leaving decision), `ack` (steps shown and acknowledged),
  `phase_end`: the train phase, recomputed from the state and the answers so far, so a restart
  mid-phase comes back to the same steps, question and acknowledgements. `phase_end` makes the
  phase's final state the state and starts the next round.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

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
    format_event,
    format_state,
    format_step,
    new_state,
    parse_event,
    run_train_phase,
)
from companion.metro.errors import N_, IllegalEvent
from companion.metro.events import EndGame, NextRound
from companion.store import Entry, Store

KIND = "metro"


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


@dataclass
class _Fold:
    state: MetroState
    answers: list[Decision]
    in_phase: bool = False
    acked: int = 0
    history: dict[str, list[int]] | None = None


def _decision_json(d: Decision) -> dict[str, Any]:
    return {"accept": d.accept, "square": list(d.square) if d.square is not None else None}


def _decision(data: dict[str, Any]) -> Decision:
    sq = data.get("square")
    return Decision(bool(data["accept"]), (int(sq[0]), int(sq[1])) if sq is not None else None)


class MetroSession:
    def __init__(self, store: Store, rules: MetroRules, game_id: int, setup: dict[str, Any]):
        self.store = store
        self.rules = rules
        self.game_id = game_id
        self.setup = setup
        self._initial = new_state(rules.board, list(setup["colors"]), setup.get("cash", 2000))
        self._entries: list[Entry] = []
        self._finished = store.game(game_id).finished is not None
        self._refold()

    # --- creating and resuming ------------------------------------------------------------

    @classmethod
    def new(
        cls,
        store: Store,
        rules: MetroRules,
        colors: list[str],
        cash: int | None = 2000,
        **extra: Any,
    ) -> MetroSession:
        setup = {"map": rules.board.id, "colors": list(colors), "cash": cash, **extra}
        game_id = store.new_game(KIND, setup)
        return cls(store, rules, game_id, setup)

    @classmethod
    def load(cls, store: Store, rules: MetroRules, game_id: int) -> MetroSession:
        return cls(store, rules, game_id, store.game(game_id).setup)

    # --- the fold ---------------------------------------------------------------------------

    def _refold(self) -> None:
        self._entries = self.store.entries(self.game_id)
        f = _Fold(self._initial, [], history={line: [] for line in self.rules.board.lines})
        for entry in self._entries:
            self._step(f, entry.kind, entry.data)
        self._fold = f
        self._phase_cache: TrainPhaseView | None = None

    def _step(self, f: _Fold, kind: str, data: Any) -> None:
        if kind == "event":
            event = parse_event(data)
            f.state = apply(self.rules, f.state, event)
            if isinstance(event, EndGame) and f.history is not None:
                self._snapshot(f)
        elif kind == "phase_begin":
            f.in_phase, f.answers, f.acked = True, [], 0
        elif kind == "answer":
            f.answers.append(_decision(data))
        elif kind == "ack":
            f.acked = max(f.acked, int(data["upto"]))
        elif kind == "phase_end":
            phase = run_train_phase(self.rules, f.state, Answers(f.answers))
            f.state = apply(self.rules, phase.state, NextRound())
            f.in_phase, f.answers, f.acked = False, [], 0
            self._snapshot(f)
        else:
            raise ValueError(f"unknown log entry {kind!r}")

    @staticmethod
    def _snapshot(f: _Fold) -> None:
        assert f.history is not None
        for line_id, values in f.history.items():
            values.append(f.state.lines[line_id].value)

    def _append(self, kind: str, data: Any) -> None:
        self.store.append(self.game_id, kind, data)
        self._entries.append(Entry(len(self._entries) + 1, kind, data, 0.0))
        self._step(self._fold, kind, data)
        self._phase_cache = None
        ended = self._fold.state.phase == "ended"
        if ended != self.finished:
            self.store.set_finished(self.game_id, ended)
            self._finished = ended

    @property
    def finished(self) -> bool:
        return self._finished

    # --- what the screens use -------------------------------------------------------------------

    @property
    def state(self) -> MetroState:
        return self._fold.state

    @property
    def entry_count(self) -> int:
        return len(self._entries)

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The game's log as saved (kind and data of each entry)."""
        return tuple(self._entries)

    def record(self, event: Event) -> MetroState:
        """Validate, save, apply. Raises `IllegalEvent` (nothing saved) if the rules forbid it."""
        if self._fold.in_phase:
            raise IllegalEvent("phase", N_("finish the train phase first"))
        apply(self.rules, self._fold.state, event)
        self._append("event", format_event(event))
        return self.state

    def undo(self) -> bool:
        entry = self.store.undo(self.game_id)
        if entry is None:
            return False
        self._refold()
        ended = self._fold.state.phase == "ended"
        if ended != self.finished:
            self.store.set_finished(self.game_id, ended)
            self._finished = ended
        return True

    def last_entry(self) -> Entry | None:
        return self._entries[-1] if self._entries else None

    def value_history(self) -> dict[str, list[int]]:
        """Each line's value at the end of every round (and when the game ended)."""
        assert self._fold.history is not None
        return {line: list(values) for line, values in self._fold.history.items()}

    # --- train phase ------------------------------------------------------------------------

    def begin_train_phase(self) -> TrainPhaseView:
        if self._fold.in_phase:
            raise IllegalEvent("phase", N_("the train phase has already begun"))
        if self._fold.state.phase == "ended":
            raise IllegalEvent("phase", N_("the game has ended"))
        self._append("phase_begin", {"round": self.state.round})
        phase = self.phase
        assert phase is not None
        return phase

    @property
    def phase(self) -> TrainPhaseView | None:
        f = self._fold
        if not f.in_phase:
            return None
        if self._phase_cache is None:
            tp = run_train_phase(self.rules, f.state, Answers(f.answers))
            self._phase_cache = TrainPhaseView(tp.steps, tp.pending, f.acked, tp.done, tp.state)
        return self._phase_cache

    def answer(self, decision: Decision) -> TrainPhaseView:
        phase = self.phase
        if phase is None or phase.pending is None:
            raise IllegalEvent("phase", N_("no question is waiting for an answer"))
        self._append("answer", _decision_json(decision))
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

    def export_json(self) -> dict[str, Any]:
        entries = [
            {"seq": e.seq, "kind": e.kind, "data": e.data, "created": e.created}
            for e in self.store.entries(self.game_id)
        ]
        phase = self.phase
        out: dict[str, Any] = {
            "format": "companion/metro-game@1",
            "game_id": self.game_id,
            "setup": self.setup,
            "log": entries,
            "state": format_state(self.state),
            "value_history": self.value_history(),
        }
        if phase is not None:
            out["train_phase"] = {
                "steps": [format_step(s) for s in phase.steps],
                "acked": phase.acked,
                "pending": None if phase.pending is None else asdict(phase.pending),
            }
        if self.state.phase == "ended":
            result = self.end_game()
            out["ranking"] = list(result.ranking)
            out["totals"] = {p.color: p.total for p in result.players}
        return out
