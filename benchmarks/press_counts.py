"""How many button presses each Metro entry takes, counted on the real screens.

    python benchmarks/press_counts.py          # prints the table (Markdown)

The real app runs headless on its virtual clock (as the demo does) with the keyboard's player
keys as the player buttons, in a 4-player Tokyo game in round 2 with the meeples on the board.
For each entry a planner presses the fewest buttons that reach the wanted answers on the
screens as they are (the list cursors, jumps, amounts), from the income track until the entry
is recorded; the count is what the screens took. `tests/test_press_counts.py` fails when a
count goes over its goal.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.app.boot import Options, build_app, shutdown
from companion.app.core import App
from companion.config import Config, InputConfig
from companion.metro.events import Invest, MoveMeeple, NextRound, TakeLoan
from companion.ui.screen import Action, Input

COLORS = ("red", "blue", "green", "yellow")


class Presser:
    """Presses on the real app and counts: one press, then frames until it is handled."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.count = 0

    def settle(self) -> None:
        for _i in range(200):
            if not getattr(self.app, "guarded", lambda: False)():
                return
            self.app.run(max_frames=self.app.frames + 1)

    def press(self, action: Action) -> None:
        self._put(Input(action, t=self.app.now()))

    def player(self, color: str, long: bool = False) -> None:
        seats = [str(c) for c in self.session.setup["colors"]]
        self._put(Input(player=seats.index(color), long=long, t=self.app.now()))

    def _put(self, event: Input) -> None:
        self.settle()
        self.app.inject(event)
        self.count += 1
        self.app.run(max_frames=self.app.frames + 2)

    @property
    def session(self) -> Any:
        return self.app.services.session

    @property
    def top(self) -> Any:
        return self.app.top

    # --- planning the fewest presses on a list, an amount, a square ---
    def to_index(
        self, target: int, cursor: Callable[[], int], count: int, groups=(), jump: int = 0
    ) -> None:
        """Move a list cursor to `target` by the shortest way (UP/DOWN, LEFT/RIGHT jumps to
        the `groups`' starts, or `jump` rows in a menu)."""
        for action in shortest_list_path(cursor(), target, count, tuple(groups), jump):
            self.press(action)

    def amount(self, target: int) -> None:
        screen = self.top
        step = screen.step
        for action in shortest_amount_path(
            screen.value, target, step.step, step.minimum, step.maximum
        ):
            self.press(action)
        self.press(Action.OK)

    def answer(self, answers: dict[str, Any]) -> None:
        """Answer the entry wizard's steps until it records (or refuses)."""
        from companion.ui.metro.entry import Amount, Choice, EntryScreen, SquarePick

        screen = self.top
        if not isinstance(screen, EntryScreen):
            return  # nothing was left to ask: already recorded
        for _i in range(12):
            if self.top is not screen or screen.error:
                return
            step = screen.step
            wanted = answers.get(step.key)
            if isinstance(step, Choice):
                buttons = getattr(self.app.services, "player_buttons", 0)
                if getattr(step, "by_player", False) and buttons:
                    self.player(str(wanted))
                    continue
                values = [o.value for o in step.options]
                if wanted not in values and "elsewhere" in values:
                    wanted = "elsewhere"
                groups = getattr(step, "groups", ())
                jump = getattr(step, "jump", 0)
                index = values.index(wanted)
                self.to_index(index, lambda: screen.cursor, len(values), groups, jump)
                self.press(Action.OK)
            elif isinstance(step, Amount):
                self.amount(int(wanted if wanted is not None else screen.value))
            elif isinstance(step, SquarePick):
                col, row = screen.square
                dc, dr = wanted[0] - col, wanted[1] - row
                for _n in range(abs(dc)):
                    self.press(Action.RIGHT if dc > 0 else Action.LEFT)
                for _n in range(abs(dr)):
                    self.press(Action.DOWN if dr > 0 else Action.UP)
                self.press(Action.OK)

    def menu(self, label: str) -> None:
        menu = self.top
        values = [opt.value for opt, _run in menu.items]
        from companion.ui.metro import menu as menus

        jump = getattr(menus, "JUMP", 0)
        self.to_index(values.index(label), lambda: menu.cursor, len(values), jump=jump)
        self.press(Action.OK)


def _jump(cursor: int, groups: tuple[int, ...], direction: int) -> int:
    starts = sorted(set(groups) | {0})
    here = max(i for i, g in enumerate(starts) if g <= cursor)
    return starts[(here + direction) % len(starts)]


def shortest_list_path(
    start: int, target: int, count: int, groups: tuple[int, ...], jump: int = 0
) -> list[Action]:
    moves: list[tuple[Action, Callable[[int], int]]] = [
        (Action.DOWN, lambda i: (i + 1) % count),
        (Action.UP, lambda i: (i - 1) % count),
    ]
    if jump:
        moves += [
            (Action.RIGHT, lambda i: (i + jump) % count),
            (Action.LEFT, lambda i: (i - jump) % count),
        ]
    elif len(groups) > 1:
        moves += [
            (Action.RIGHT, lambda i: _jump(i, groups, 1)),
            (Action.LEFT, lambda i: _jump(i, groups, -1)),
        ]
    return _bfs(start, target, moves)


def shortest_amount_path(
    start: int, target: int, step: int, least: int, most: int | None
) -> list[Action]:
    def clamp(v: int) -> int:
        v = max(least, v)
        return v if most is None else min(most, v)

    moves: list[tuple[Action, Callable[[int], int]]] = [
        (Action.RIGHT, lambda v: clamp(v + step)),
        (Action.LEFT, lambda v: clamp(v - step)),
        (Action.UP, lambda v: clamp(v + 10 * step)),
        (Action.DOWN, lambda v: clamp(v - 10 * step)),
    ]
    return _bfs(start, target, moves, limit=40)


def _bfs(start: int, target: int, moves: Any, limit: int = 200) -> list[Action]:
    paths: dict[int, list[Action]] = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == target:
            return paths[here]
        if len(paths[here]) >= limit:
            continue
        for action, move in moves:
            nxt = move(here)
            if nxt not in paths:
                paths[nxt] = [*paths[here], action]
                todo.append(nxt)
    raise ValueError(f"cannot reach {target} from {start}")


@dataclass(frozen=True)
class Count:
    entry: str
    case: str
    presses: int
    goal: int | None


def open_game(data_dir: Path, map_name: str = "tokyo", **extra: Any) -> tuple[App, Presser]:
    config = Config(input=InputConfig(gpio="off"), language="en")
    options = Options(
        headless=True,
        realtime=False,
        strict=True,
        data_dir=data_dir,
        simulated_devices=True,
        resume=False,
    )
    app = build_app(config, options)
    from companion.ui import launch

    launch.start(app, "metro", {"map_name": map_name, "colors": list(COLORS), **extra})
    presser = Presser(app)
    presser.settle()
    return app, presser


def round_two(presser: Presser) -> dict[str, Any]:
    """Meeples next to stations, a share on M, round 2's actions under way; what was set."""
    session = presser.session
    board = session.rules.board
    spots = {"red": "ginza", "blue": "otemachi", "green": "shinjuku", "yellow": "ueno"}
    for color, station in spots.items():
        square = sorted(board.squares_touching_station(station))[0]
        session.record(MoveMeeple(color, square))
    session.record(Invest("blue", "M", 300))
    session.record(NextRound())
    session.record(Invest("green", "C", 300))  # the actions have begun
    return spots


def measure() -> list[Count]:
    counts: list[Count] = []
    with tempfile.TemporaryDirectory(prefix="press-counts-") as folder:
        app, p = open_game(Path(folder))
        try:
            spots = round_two(p)
            session = p.session
            board = session.rules.board

            def entry(name: str, case: str, goal: int | None, run: Callable[[], None]) -> None:
                before = len(session.events)
                p.count = 0
                run()
                if len(session.events) != before + 1:
                    raise RuntimeError(f"{name} ({case}) was not recorded: {p.top.name}")
                counts.append(Count(name, case, p.count, goal))
                session.undo()
                p.settle()

            def opened(color: str, label: str, answers: dict[str, Any]) -> Callable[[], None]:
                def run() -> None:
                    if getattr(app.services, "player_buttons", 0):
                        p.player(color)
                    else:  # screens without player buttons (the "before" figures)
                        p.press(Action.OK)
                    p.menu(label)
                    p.answer({"player": color, **answers})

                return run

            lines = list(board.lines)

            def built(station: str) -> dict[str, Any]:
                """¥100 a circle ("paid" is what the screens before the per-circle cost took)."""
                circles = len(board.stations[station].stops)
                return {"station": station, "cost": 100, "paid": 100 * circles}

            far = lines[6]  # the line farthest from the home cursor (G)
            entry(
                "Invest",
                "share #1, line 2 away, usual card",
                8,
                opened("red", "Invest", {"line": lines[2], "paid": 300}),
            )
            entry(
                "Invest",
                f"share #1, line {far} (farthest), ¥200 after a discount",
                8,
                opened("red", "Invest", {"line": far, "paid": 200}),
            )
            entry(
                "Invest",
                "share #2 of M, usual card",
                8,
                opened("red", "Invest", {"line": "M", "paid": 600}),
            )
            entry(
                "Station built",
                "next to the meeple (Ginza, 2 circles), usual cost",
                6,
                opened("red", "Station built", built(spots["red"])),
            )
            entry(
                "Station built",
                "elsewhere: Shimbashi, by its line",
                None,
                opened("red", "Station built", built("shimbashi")),
            )
            entry(
                "Speculate",
                "line M, the least stake",
                8,
                opened("red", "Speculate", {"line": "M", "stake": 100}),
            )
            entry(
                "Start a train",
                f"line {far} (farthest), usual card",
                8,
                opened("red", "Start a train", {"line": far, "amount": 300}),
            )
            entry(
                "Speed token",
                "line 2 away, one token",
                8,
                opened("red", "Speed token", {"line": lines[2], "count": 1}),
            )
            entry("Loan", "", 8, opened("red", "Loan", {}))
            session.record(TakeLoan("red"))
            entry("Repay a loan", "", 8, opened("red", "Repay a loan", {}))
            session.undo()
            entry(
                "Correct a line's value",
                "line 2 away, +¥100",
                None,
                opened("red", "Correct a line's value", {"line": lines[2], "value": 100}),
            )
            entry("Correct cash", "-¥100", None, opened("red", "Correct cash", {"cash": 1900}))
            entry("Bid action", "¥100", 8, opened("red", "Bid action", {"amount": 100}))
            entry("Card action", "¥100", 8, opened("red", "Card action", {"paid": 100}))
            counts.extend(meeple_counts(p, entry))
        finally:
            shutdown(app)
        counts.extend(osaka_counts(Path(folder) / "osaka"))
        counts.extend(drink_counts(Path(folder) / "drinks"))
    return counts


def red_entry(p: Presser, name: str, case: str, answers: dict[str, Any]) -> Count:
    """Red's button, the entry `name` from the menu, its answers; undone after counting."""
    session = p.session
    before = len(session.events)
    p.count = 0
    p.player("red")
    p.menu(name)
    p.answer({"player": "red", **answers})
    if len(session.events) != before + 1:
        raise RuntimeError(f"{name} ({case}) was not recorded: {p.top.name}")
    count = Count(name, case, p.count, 8)
    session.undo()
    while p.top.name != "metro-home":
        p.press(Action.BACK)
    p.settle()
    return count


def osaka_counts(data_dir: Path) -> list[Count]:
    """The Osaka cards' entries, in a 4-player game on the Osaka map: Sell, invest-by-disc,
    Copy (counted until its cost is recorded; the copied action is then entered as itself)."""
    counts: list[Count] = []
    app, p = open_game(data_dir, "osaka")
    try:
        session = p.session
        session.record(Invest("red", "T", 300))
        session.record(Invest("blue", "M", 300))
        lines = list(session.rules.board.lines)

        def entry(name: str, case: str, answers: dict[str, Any]) -> None:
            counts.append(red_entry(p, name, case, answers))

        entry("Sell a share", f"share #1 of line {lines[2]}", {"line": lines[2]})
        entry("Invest by disc", "share #2 of M", {"line": "M"})
        entry("Copy an action", "¥100", {"paid": 100})
    finally:
        shutdown(app)
    return counts


def drink_counts(data_dir: Path) -> list[Count]:
    """METRO DRINKS' entries in a 4-player Tokyo game played with it: a colour card (the last
    colour of the list), a shape card, a vending machine next to the meeple (on another
    player's station: its fee shown on the row), and one when the builder has two colours."""
    from companion.metro.drinks import TakeDrinkColor
    from companion.metro.events import BuildStation

    counts: list[Count] = []
    app, p = open_game(data_dir, metro_drinks="map")
    try:
        session = p.session
        board = session.rules.board
        station = "otemachi"
        session.record(BuildStation("blue", station, 100 * len(board.stations[station].stops)))
        session.record(MoveMeeple("red", sorted(board.squares_touching_station(station))[0]))

        def entry(name: str, case: str, answers: dict[str, Any]) -> None:
            counts.append(red_entry(p, name, case, answers))

        entry("Drink colour card", "the last colour (purple)", {"color": "purple"})
        entry("Drink shape card", "", {})
        session.record(TakeDrinkColor("red", "blue"))
        entry("Vending machine built", "next to the meeple, Blue's station", {"station": station})
        session.record(TakeDrinkColor("red", "mint"))
        entry(
            "Vending machine built",
            "next to the meeple, the second of two colours",
            {"station": station, "color": "mint"},
        )
    finally:
        shutdown(app)
    return counts


def meeple_counts(p: Presser, entry: Any) -> list[Count]:
    """A meeple move in the movement phase (a new round): the player's button, then a square
    from the list; measured for the listed square that takes the most presses."""
    session = p.session
    session.record(NextRound())
    board, state = session.rules.board, session.state
    try:
        from companion.ui.metro import places
    except ImportError:  # the screens before the lists (the "before" figures): the cursor
        walking, target = 0, tuple(int(x) for x in os.environ["PRESS_MEEPLE_TARGET"].split(","))
    else:
        options, _groups = places.square_options(board, state, "red")
        near = places.reachable(board, state, "red", places.REACH)
        walking = sum(1 for o in options if o.value in near)
        paths = {i: shortest_list_path(0, i, len(options), (), places.JUMP) for i in range(walking)}
        target = options[max(paths, key=lambda i: len(paths[i]))].value
    print(f"meeple target: {target}", file=sys.stderr)
    out: list[Count] = []

    def run() -> None:
        if getattr(p.app.services, "player_buttons", 0):
            p.player("red")
        else:
            p.press(Action.OK)
            p.menu("Meeple moved")
        p.answer({"player": "red", "square": target})

    before = len(session.events)
    p.count = 0
    run()
    if len(session.events) != before + 1:
        raise RuntimeError(f"the meeple move was not recorded: {p.top.name}")
    out.append(Count("Meeple moved", f"the farthest of the {walking} squares in reach", p.count, 6))
    session.undo()
    return out


def table(counts: list[Count]) -> str:
    rows = ["| Entry | Case | Presses | Goal |", "| --- | --- | --- | --- |"]
    for c in counts:
        goal = "" if c.goal is None else f"≤ {c.goal}"
        rows.append(f"| {c.entry} | {c.case} | {c.presses} | {goal} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(table(measure()))
