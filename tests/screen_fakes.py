"""Small fakes of the app framework (APP-API.md) for driving the Metro screens headless.

FakeSession implements the MetroSession contract with the real pure core and an in-memory log
instead of SQLite; FakeApp keeps a push/pop stack and records the sound cues.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.data import load_rules
from companion.metro import (
    Answers,
    Decision,
    EndGameResult,
    IncomeTrack,
    MetroRules,
    MetroState,
    apply,
    end_game,
    new_state,
    parse_map,
    run_train_phase,
)
from companion.metro.events import Event, NextRound
from companion.metro.steps import Step
from companion.metro.trains import Prompt
from companion.ui.kit import PALETTE
from companion.ui.screen import Action, Input, Screen

FONT_SIZES = {"huge": 0.16, "big": 0.10, "medium": 0.068, "small": 0.048}
"""As the app's Theme: the default pygame font at these fractions of the screen height."""


class FakeTheme:
    def __init__(self, height: int) -> None:
        self.height = height
        self.margin = max(8, height // 40)
        self.colors = dict(PALETTE)
        self._fonts: dict[str, pygame.font.Font] = {}

    def font(self, size: str) -> pygame.font.Font:
        if size not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            px = max(12, round(self.height * FONT_SIZES[size]))
            self._fonts[size] = pygame.font.Font(None, px)
        return self._fonts[size]


@dataclass
class FakeSettings:
    language: str = "en"
    volume: int = 50
    muted: bool = False
    fast_trains: bool = False
    led_brightness: int = 50

    def set(self, name: str, value: Any) -> None:
        setattr(self, name, value)


@dataclass
class PhaseView:
    steps: tuple[Step, ...]
    pending: Prompt | None
    acked: int
    done: bool


@dataclass(frozen=True)
class LogEntry:
    kind: str


class FakeSession:
    """MetroSession over a list: each entry is ("event", e) / ("phase_begin",) / ("answer", d) /
    ("ack", n) / ("phase_end",), the kinds of the app's log."""

    def __init__(self, rules: MetroRules, state: MetroState) -> None:
        self.rules = rules
        self.start = state
        self.game_id = 1
        self.log: list[tuple[Any, ...]] = []
        self._cache: tuple[Any, Any] | None = None
        self._phase_cache: tuple[Any, Any] | None = None
        self.version = 0
        """Bumped by every change of the log (the fold is cached per version)."""

    def _fold(self) -> tuple[MetroState, list[Decision], int, bool, dict[str, list[int]]]:
        key = (self.start, self.version)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, self._refold())
        return self._cache[1]  # type: ignore[no-any-return]

    def _refold(self) -> tuple[MetroState, list[Decision], int, bool, dict[str, list[int]]]:
        state = self.start
        answers: list[Decision] = []
        acked = 0
        in_phase = False
        history: dict[str, list[int]] = {k: [] for k in self.rules.board.lines}
        for entry in self.log:
            kind = entry[0]
            if kind == "event":
                state = apply(self.rules, state, entry[1])
                if state.phase == "ended":
                    for k, ls in state.lines.items():
                        history[k].append(ls.value)
            elif kind == "phase_begin":
                in_phase, answers, acked = True, [], 0
            elif kind == "answer":
                answers.append(entry[1])
            elif kind == "ack":
                acked = max(acked, entry[1])
            elif kind == "phase_end":
                state = run_train_phase(self.rules, state, Answers(answers)).state
                for k, ls in state.lines.items():
                    history[k].append(ls.value)
                state = apply(self.rules, state, NextRound())
                in_phase = False
        return state, answers, acked, in_phase, history

    def _append(self, entry: tuple[Any, ...]) -> None:
        self.log.append(entry)
        self.version += 1

    @property
    def state(self) -> MetroState:
        return self._fold()[0]

    def record(self, event: Event) -> MetroState:
        new = apply(self.rules, self.state, event)
        self._append(("event", event))
        return new

    def undo(self) -> bool:
        if not self.log:
            return False
        self.log.pop()
        self.version += 1
        return True

    def last_entry(self) -> LogEntry | None:
        return LogEntry(self.log[-1][0]) if self.log else None

    def value_history(self) -> dict[str, list[int]]:
        *_, history = self._fold()
        return history

    def begin_train_phase(self) -> None:
        self._append(("phase_begin",))

    @property
    def phase(self) -> PhaseView | None:
        """The same object until the log changes, like the app's cached view."""
        key = (self.start, self.version)
        if self._phase_cache is not None and self._phase_cache[0] == key:
            return self._phase_cache[1]  # type: ignore[no-any-return]
        state, answers, acked, in_phase, _ = self._fold()
        view = None
        if in_phase:
            tp = run_train_phase(self.rules, state, Answers(answers))
            view = PhaseView(tp.steps, tp.pending, acked, tp.done)
        self._phase_cache = (key, view)
        return view

    def answer(self, decision: Decision) -> None:
        self._append(("answer", decision))

    def ack(self, upto: int) -> None:
        view = self.phase
        if view is not None and upto > view.acked:
            self._append(("ack", min(upto, len(view.steps))))

    def finish_train_phase(self) -> None:
        self._append(("phase_end",))

    def end_game(self) -> EndGameResult:
        return end_game(self.rules, self.state)

    def export_json(self) -> dict[str, Any]:
        return {"log": [repr(e) for e in self.log]}


@dataclass
class FakeServices:
    session: FakeSession | None
    settings: FakeSettings
    theme: FakeTheme
    led_frames: list[Any] = field(default_factory=list)
    camera: Any = None

    def led_update(self, phase_view: Any, now: float) -> None:
        self.led_frames.append(now)


class FakeApp:
    def __init__(self, session: FakeSession | None, size: tuple[int, int] = (800, 480)) -> None:
        pygame.init()
        self.size = size
        self.surface = pygame.Surface(size)
        self.stack: list[Screen] = []
        self.cues: list[str] = []
        self.clock = 0.0
        self._services = FakeServices(session, FakeSettings(), FakeTheme(size[1]))

    @property
    def services(self) -> FakeServices:
        return self._services

    @property
    def top(self) -> Screen:
        return self.stack[-1]

    def push(self, screen: Screen) -> None:
        self.stack.append(screen)
        screen.enter()

    def pop(self) -> None:
        self.stack.pop()
        if self.stack:
            self.stack[-1].enter()

    def replace(self, screen: Screen) -> None:
        self.stack.pop()
        self.push(screen)

    def play(self, cue: str) -> None:
        self.cues.append(cue)

    def now(self) -> float:
        return self.clock

    # --- verbs for tests ---
    def press(self, *actions: str, run: float = 0.0) -> None:
        """Press buttons by name ("ok", "down"...), letting `run` seconds pass after each."""
        for name in actions:
            self.top.handle(Input(Action(name), t=self.clock))
            self.tick(run)

    def tick(self, seconds: float = 0.0, step: float = 0.05) -> None:
        end = self.clock + seconds
        while self.stack:
            self.top.update(self.clock)
            if self.clock >= end:
                break
            self.clock = min(end, self.clock + step)

    def draw(self) -> pygame.Surface:
        self.surface.fill((0, 0, 0))
        for screen in self._visible():
            screen.draw(self.surface)
        return self.surface

    def _visible(self) -> list[Screen]:
        out: list[Screen] = []
        for screen in reversed(self.stack):
            out.insert(0, screen)
            if screen.opaque:
                break
        return out


def mini_rules() -> MetroRules:
    return load_rules("tests/data/mini.toml")


TWELVE = [
    ("G", "Ginza", "#F39700"),
    ("M", "Marunouchi", "#E60012"),
    ("H", "Hibiya", "#9CAEB7"),
    ("T", "Tozai", "#00A7DB"),
    ("C", "Chiyoda", "#009944"),
    ("Y", "Yurakucho", "#D7C447"),
    ("Z", "Hanzomon", "#9B7CB6"),
    ("N", "Namboku", "#00ADA9"),
    ("A", "Asakusa", "#E85298"),
    ("I", "Mita", "#0079C2"),
    ("S", "Shinjuku", "#6CBB5A"),
    ("E", "Oedo", "#B6007A"),
]


def twelve_rules() -> MetroRules:
    """A made-up 12-line map (not the real Tokyo map) to check layouts with every line."""
    lines = []
    for i, (lid, name, color) in enumerate(TWELVE):
        y = 20 + i * 13
        stops = [[20 + j * 40, y + (j % 2) * 6] for j in range(8)]
        lines.append({"id": lid, "name": name, "color": color, "stops": stops})
    stations = [
        {"id": f"st{i}", "name": f"Station {i}", "stops": [f"{TWELVE[i][0]}{3 + i % 4}"]}
        for i in range(12)
    ]
    data = {
        "id": "twelve",
        "name": "Twelve lines",
        "width_mm": 340,
        "height_mm": 180,
        "grid": {"origin_mm": [0, 0], "square_mm": [20, 20], "columns": 17, "rows": 9},
        "lines": lines,
        "stations": stations,
    }
    return MetroRules(parse_map(data), IncomeTrack.default())


def new_session(
    rules: MetroRules | None = None, colors: tuple[str, ...] = ("red", "blue", "green")
) -> FakeSession:
    rules = rules or mini_rules()
    return FakeSession(rules, new_state(rules.board, colors))


def busy_session() -> FakeSession:
    """A 12-line game in round 3 with shares, speculations, speed, stations and meeples."""
    from companion.metro.events import (
        AssignSpeed,
        BuildStation,
        Invest,
        MoveMeeple,
        Speculate,
        StartTrain,
        TakeLoan,
    )

    rules = twelve_rules()
    s = FakeSession(rules, new_state(rules.board, ("red", "blue", "green", "yellow")))
    s.start = replace(s.start, round=3)
    for e in (
        Invest("red", "G", 0),
        Invest("blue", "G", 300),
        Invest("green", "G", 600),
        Invest("blue", "M", 300),
        Invest("yellow", "T", 0),
        Invest("red", "T", 300),
        StartTrain("C", 300),
        AssignSpeed("G", 1),
        Speculate("green", "M", 100),
        Speculate("yellow", "G", 600),
        BuildStation("red", "st0", 200),
        BuildStation("blue", "st1", 100),
        BuildStation("green", "st3", 100),
        MoveMeeple("yellow", (4, 0)),
        TakeLoan("green"),
    ):
        s.record(e)
    return s


def play_phase(session: FakeSession) -> None:
    """A whole train phase in the fake session, every prompt declined."""
    session.begin_train_phase()
    while (view := session.phase) is not None and view.pending is not None:
        session.answer(Decision(False))
    session.ack(len(session.phase.steps))  # type: ignore[union-attr]
    session.finish_train_phase()


def played_session() -> FakeSession:
    """Four rounds of a 4-player game on the 12-line test map: values that move on the chart."""
    from companion.metro.events import AssignSpeed, BuildStation, Invest, Speculate, StartTrain

    s = busy_session()
    s.start = replace(s.start, round=1)
    rounds = [
        [Invest("green", "C", 300), BuildStation("yellow", "st4", 200)],
        [Invest("red", "Y", 0), StartTrain("N", 200), BuildStation("red", "st5", 100)],
        [Invest("blue", "A", 0), AssignSpeed("C", 1), BuildStation("blue", "st2", 200)],
        [Speculate("blue", "C", 600), BuildStation("yellow", "st8", 100)],
    ]
    for events in rounds:
        for e in events:
            s.record(e)
        play_phase(s)
    return s


def tokyo_session() -> FakeSession:
    """Three rounds of a 3-player game on the default Tokyo map, for screenshots."""
    from companion.metro.events import (
        AssignSpeed,
        BuildStation,
        Invest,
        MoveMeeple,
        Speculate,
        StartTrain,
    )

    rules = load_rules("tokyo")
    s = FakeSession(rules, new_state(rules.board, ("red", "blue", "yellow")))
    square = sorted(rules.board.squares_for_stop("G1"))[0]
    rounds = [
        [
            Invest("red", "G", 300),
            Invest("blue", "M", 300),
            Invest("yellow", "G", 600),
            BuildStation("red", "ginza", 300),
            BuildStation("blue", "akasaka-mitsuke", 200),
            MoveMeeple("yellow", square),
        ],
        [
            Invest("yellow", "H", 300),
            StartTrain("T", 300),
            BuildStation("yellow", "shimbashi", 200),
            AssignSpeed("G", 1),
            Invest("blue", "G", 900),
        ],
        [
            Speculate("red", "M", 800),
            Invest("red", "C", 300),
            BuildStation("blue", "nihombashi", 300),
        ],
    ]
    for events in rounds:
        for e in events:
            s.record(e)
        play_phase(s)
    return s
