"""A small app for driving the Metro screens headless: the real `MetroSession` over a temporary
SQLite store and the app's real services; FakeApp keeps a push/pop stack, a clock and the cues.
"""

from __future__ import annotations

import atexit
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.app.services import Services
from companion.app.session import MetroSession
from companion.data import load_rules
from companion.metro import Decision, IncomeTrack, MetroRules, parse_map
from companion.metro.events import NextRound
from companion.store import Store
from companion.ui.screen import Action, Input, Screen
from tests.fakes import make_services

_FOLDERS: list[tempfile.TemporaryDirectory[str]] = []
_OPEN: list[Services] = []
"""The services of every FakeApp of the running test (`close_all` closes them)."""


def close_all() -> None:
    """Close the stores and rosters the test's FakeApps opened: a process with over 1,024 open
    files breaks pyserial's select() (the serial strip tests)."""
    while _OPEN:
        services = _OPEN.pop()
        services.store.close()
        if services._roster is not None:
            services._roster.close()


def _temp_store() -> Store:
    """A store in a temporary folder, removed when the test run ends."""
    folder = tempfile.TemporaryDirectory(prefix="companion-test-")
    _FOLDERS.append(folder)
    return Store.open(folder.name)


@atexit.register
def _remove_folders() -> None:
    for folder in _FOLDERS:
        folder.cleanup()


class FakeApp:
    def __init__(self, session: MetroSession | None, size: tuple[int, int] = (800, 480)) -> None:
        pygame.init()
        self.size = size
        self.surface = pygame.Surface(size)
        self.stack: list[Screen] = []
        self.cues: list[str] = []
        self.toasts: list[str] = []
        self.clock = 0.0
        self.running = True
        store = session.store if session is not None else _temp_store()
        self._services = make_services(store.path.parent, size, store)
        _OPEN.append(self._services)
        self._services.session = session

    @property
    def services(self) -> Services:
        return self._services

    def toast(self, text: str, level: str = "info", seconds: float = 3.0) -> None:
        self.toasts.append(text)

    def quit(self) -> None:
        self.running = False

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
        """Press buttons by name ("ok", "down"...), letting `run` seconds pass after each (and
        first the time the screen needs before it takes a press, as a player would)."""
        for name in actions:
            self.settle()
            self.top.handle(Input(Action(name), t=self.clock))
            self.tick(run)

    def press_player(self, seat: int, long: bool = False) -> None:
        """Player button `seat` (0-based, seat order), held past the long-press time if `long`."""
        self.settle()
        self.top.handle(Input(player=seat, long=long, t=self.clock))

    def choose(self, value: object) -> None:
        """In a command menu (a game menu), move to the row whose value is `value`, press OK."""
        values = [opt.value for opt, _run in self.top.items]  # type: ignore[attr-defined]
        while self.top.cursor != values.index(value):  # type: ignore[attr-defined]
            self.press("down")
        self.press("ok")

    def leave_by_the_menu(self) -> None:
        """A final screen stays: stray OK/BACK only open and close the game menu, declining
        its "Main menu" keeps it; "Main menu", confirmed, leaves it."""
        screen = self.top
        for name in ("ok", "back", "back", "back"):
            self.press(name)
        assert self.top is screen
        self.press("back")
        self.choose("main-menu")
        self.press("ok")  # No is preselected: back on the menu
        self.press("back")
        assert self.top is screen
        self.press("back")
        self.choose("main-menu")
        self.press("right", "ok")
        assert screen not in self.stack

    def settle(self) -> None:
        for _i in range(100):
            if not self.stack or self.top.ready(self.clock):
                return
            self.tick(0.05)

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
    rules: MetroRules | None = None,
    colors: tuple[str, ...] = ("red", "blue", "green"),
    first_round: int = 1,
) -> MetroSession:
    """A new game saved in a temporary store; `first_round` > 1 records the rounds before."""
    session = MetroSession.new(_temp_store(), rules or mini_rules(), colors)
    for _round in range(first_round - 1):
        session.record(NextRound())
    return session


def busy_session(first_round: int = 3) -> MetroSession:
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

    s = new_session(twelve_rules(), ("red", "blue", "green", "yellow"), first_round)
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


def play_phase(session: MetroSession) -> None:
    """A whole train phase, every prompt declined."""
    session.begin_train_phase()
    while (view := session.phase) is not None and view.pending is not None:
        session.answer(Decision(False))
    session.ack(len(session.phase.steps))  # type: ignore[union-attr]
    session.finish_train_phase()


def played_session() -> MetroSession:
    """Four rounds of a 4-player game on the 12-line test map: values that move on the chart."""
    from companion.metro.events import AssignSpeed, BuildStation, Invest, Speculate, StartTrain

    s = busy_session(first_round=1)
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


def tokyo_session() -> MetroSession:
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
    s = new_session(rules, ("red", "blue", "yellow"))
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
