"""The scripted demo game: a 3-player Metro game played by pressing buttons on the real screens.

A small driver runs in the main loop (a ticker): it looks at the top screen (`name` and its
state: a menu's cursor, an entry's step, the train screen's `waiting`), injects the `Input` a
player would press, and waits for the screen it expects, failing loudly (`DemoError`) when it
does not come. Nothing is recorded behind the screens' back: every entry, answer and payout
acknowledgement goes through them. Headless runs use the app's virtual clock, so a game of
several rounds takes seconds; in a window it plays in real time at a watchable pace.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import i18n
from companion.app.core import App
from companion.app.session import MetroSession
from companion.colors import color_name
from companion.i18n import _
from companion.metro import why_not
from companion.metro.board import BoardMap
from companion.metro.drinks import BuildDrink, TakeDrinkColor
from companion.metro.endgame import EndGameResult
from companion.metro.events import (
    AssignSpeed,
    BuildStation,
    Event,
    Invest,
    InvestByDisc,
    MoveMeeple,
    Sell,
    Speculate,
    StartTrain,
    min_stake,
    share_extra,
)
from companion.metro.steps import Paid
from companion.money import yen
from companion.narrate import place_name, station_name
from companion.ui.metro.actions import describe
from companion.ui.metro.playback import describe_step
from companion.ui.screen import Action, Input

Say = Callable[[str], None]
Wait = Iterator[float]
"""A script part: yields seconds to wait before it goes on (0: the next frame)."""

CAMERA_SCREEN = "camera-proposal"
CAMERA_ASK = 4.0
"""Real seconds the camera has to ask about a piece put on the table, at least."""


class DemoError(RuntimeError):
    """The screen the script expected did not come: the demo stops and says which."""


@dataclass
class DemoLog:
    lines: list[str] = field(default_factory=list)
    entries: int = 0
    camera: int = 0
    """Entries that came from camera proposals."""
    phases: int = 0
    presses: int = 0
    result: EndGameResult | None = None
    ranking: list[str] = field(default_factory=list)
    """Another game's ranking (player colours, best first): Next Station's demo."""
    error: str | None = None


def entry_plan(event: Event, board: BoardMap) -> tuple[str, dict[str, Any]]:
    """The action-menu entry (its untranslated label) and the answer to each of its steps."""
    match event:
        case Invest(player, line, paid):
            return "Invest", {"player": player, "line": line, "paid": paid}
        case BuildStation(player, station, paid):
            cost = paid // len(board.stations[station].stops)
            return "Station built", {"player": player, "station": station, "cost": cost}
        case MoveMeeple(player, square):
            near = next(
                (sid for sid in board.stations if square in board.squares_touching_station(sid)),
                None,
            )
            answers = {"player": player, "near": near, "square": square, "pick": square}
            return "Meeple moved", answers
        case StartTrain(line, amount):
            return "Start a train", {"line": line, "amount": amount}
        case Speculate(player, line, stake):
            return "Speculate", {"player": player, "line": line, "stake": stake}
        case TakeDrinkColor(player, color):
            return "Drink colour card", {"player": player, "color": color}
        case BuildDrink(player, station, color, square):
            answers = {"player": player, "station": station, "color": color, "square": square}
            return "Vending machine built", answers
        case AssignSpeed(line, count):
            return "Speed token", {"line": line, "count": count}
        case Sell(player, line):
            return "Sell a share", {"player": player, "line": line}
        case InvestByDisc(player, line):
            return "Invest by disc", {"player": player, "line": line}
    raise ValueError(f"the demo cannot enter {event!r}")


def players_text(colors: Iterable[str]) -> str:
    return ", ".join(color_name(c) for c in colors)


def refused_text(entry: str, reason: str) -> str:
    """An entry the screen refused, with the refusal it showed."""
    return _("{entry}: refused: {reason}").format(entry=entry, reason=reason)


def ranking_text(places: Iterable[str]) -> str:
    """ "Ranking: 1. Red ¥4,200, 2. Blue ..." from the places already written."""
    return _("Ranking: {places}").format(places=", ".join(places))


def _start_camera(app: App, data_dir: Path) -> Any:
    """Switch on the demo's camera: the synthetic renderer photographs the demo's table and the
    real pipeline reads it, so stations and meeple moves reach the game as camera proposals
    (see `companion.app.democamera`). Returns the table the scripted players put pieces on."""
    from companion.app.democamera import enable_demo_camera

    return enable_demo_camera(app, data_dir)


class Driver:
    """Presses buttons on whatever screen is on top, and waits for named screens."""

    def __init__(self, app: App, pace: float, log: DemoLog) -> None:
        self.app = app
        self.pace = pace
        self.log = log
        self.gap = 0.35 * pace
        """Between two presses: long enough to see each one in a window."""

    @property
    def top(self) -> Any:
        return self.app.top

    @property
    def name(self) -> str:
        top = self.app.top
        return "" if top is None else top.name

    def press(self, action: Action) -> Wait:
        """One press, then the gap (the next frame at least, so the screen has handled it)."""
        yield from self.settle()
        self.app.inject(Input(action, t=self.app.now()))
        self.log.presses += 1
        yield self.gap

    def press_player(self, color: str, long: bool = False) -> Wait:
        """The player's own button (seat order, as set up), held past the long-press time
        when `long` (a "no")."""
        yield from self.settle()
        seats = [str(c) for c in self.app.services.session.setup["colors"]]  # type: ignore[union-attr]
        self.app.inject(Input(player=seats.index(color), long=long, t=self.app.now()))
        self.log.presses += 1
        yield self.gap

    def accept_camera(self) -> Wait:
        """Yes to the camera's question: its player's button (OK without player buttons)."""
        if self.buttons:
            yield from self.press_player(str(self.top.player))
        else:
            yield from self.press(Action.OK)

    def settle(self) -> Wait:
        """Until the screen takes presses (the input guard after a new screen or question)."""
        for _i in range(100):
            if not self.app.guarded():
                return
            yield 0.0

    @property
    def buttons(self) -> bool:
        return self.app.services.player_buttons > 0

    def pause(self, seconds: float) -> Wait:
        yield seconds * self.pace

    def wait_for(self, *names: str, timeout: float = 10.0) -> Wait:
        """Until one of these screens is on top; camera proposals met on the way are accepted."""
        end = self.app.now() + timeout
        while self.name not in names:
            if self.name == CAMERA_SCREEN:
                yield from self.accept_camera()
                continue
            if self.app.now() > end:
                raise DemoError(f"waited {timeout:.0f} s for {' or '.join(names)}; on {self.name}")
            yield 0.0

    def toasts_gone(self, timeout: float = 8.0) -> Wait:
        """Until the banners (an entry's confirmation, "undone") have gone: read, not covered."""
        end = self.app.now() + timeout
        while self.app.toasts and self.app.now() < end:
            yield 0.1

    def cursor_to(self, target: int, get: Callable[[], int], count: int) -> Wait:
        """Move a list's cursor with UP/DOWN (the shorter way round) until it is on `target`."""
        for _i in range(count + 1):
            current = get()
            if current == target:
                return
            down = (target - current) % count
            yield from self.press(Action.DOWN if down <= count - down else Action.UP)
        raise DemoError(f"the cursor on {self.name} does not reach row {target}")

    def menu(self, value: Any, screen: str = "metro-menu") -> Wait:
        """In a Metro menu, pick the option whose value (untranslated label or code) is this."""
        yield from self.wait_for(screen)
        menu = self.top
        values = [opt.value for opt, _run in menu.items]
        if value not in values:
            raise DemoError(f"{screen} has no option {value!r}")
        yield from self.cursor_to(values.index(value), lambda: int(menu.cursor), len(values))
        yield from self.press(Action.OK)

    def leave_game(self, screen: str = "commands") -> Wait:
        """From a game's play or final screen: BACK opens its game menu, "How to use the box"
        is shown, then the menu's "Main menu", confirmed."""
        yield from self.press(Action.BACK)
        yield from self.menu("howto", screen)
        yield from self.wait_for("howto")
        yield from self.pause(1.5)
        yield from self.press(Action.BACK)
        yield from self.press(Action.BACK)
        yield from self.menu("main-menu", screen)
        yield from self.confirm(True)
        yield from self.wait_for("main-menu")

    def list_item(self, index: int, screen: str) -> Wait:
        """In an app list menu (main menu, setup, history), select row `index` and press OK."""
        yield from self.wait_for(screen)
        menu = self.top
        yield from self.cursor_to(index, lambda: int(menu.index), len(menu.items))
        yield from self.press(Action.OK)

    def main_item(self, label: str) -> Wait:
        """In the main menu, choose the row labelled with this msgid (the registry's games
        come before History and Settings, so rows are found by label, not by position)."""
        yield from self.wait_for("main-menu")
        texts = [item.text for item in self.top.items]
        if i18n._(label) not in texts:
            raise DemoError(f"the main menu has no {label!r}")
        yield from self.list_item(texts.index(i18n._(label)), "main-menu")

    def confirm(self, yes: bool = True) -> Wait:
        """The app's yes/no dialog (No preselected) or the Metro one (OK = yes)."""
        yield from self.wait_for("confirm", "metro-confirm")
        if self.name == "metro-confirm":
            yield from self.press(Action.OK if yes else Action.BACK)
            return
        if bool(self.top.yes) != yes:
            yield from self.press(Action.RIGHT)
        yield from self.press(Action.OK)

    def amount(self, value: int) -> Wait:
        """An amount step: UP/DOWN by ten steps, LEFT/RIGHT by one, then OK."""
        entry = self.top
        step = entry.step
        for _i in range(60):
            diff = value - int(entry.value)
            if diff == 0:
                break
            big = step.step * 10
            if abs(diff) >= big:
                action = Action.UP if diff > 0 else Action.DOWN
            else:
                action = Action.RIGHT if diff > 0 else Action.LEFT
            before = entry.value
            yield from self.press(action)
            if entry.value == before:
                break  # at the step's minimum or maximum
        yield from self.press(Action.OK)

    def square(self, target: tuple[int, int]) -> Wait:
        entry = self.top
        for _i in range(200):
            col, row = entry.square
            if (col, row) == tuple(target):
                break
            if col != target[0]:
                action = Action.RIGHT if target[0] > col else Action.LEFT
            else:
                action = Action.DOWN if target[1] > row else Action.UP
            yield from self.press(action)
        yield from self.press(Action.OK)

    def entry_steps(self, answers: dict[str, Any]) -> Iterator[float]:
        """Answer each step of the entry wizard on top until it records (the screen goes) or
        refuses (its `error`, returned through `self.refused`)."""
        from companion.ui.metro.entry import Amount, Choice, SquarePick
        from companion.ui.metro.places import ELSEWHERE

        entry = self.top
        self.refused = ""
        for _i in range(12):
            if self.top is not entry:
                return
            if entry.error:
                self.refused = str(entry.error)
                return
            step = entry.step
            if step is None:
                yield 0.0
                continue
            wanted = answers.get(step.key)
            if isinstance(step, Choice) and step.by_player and self.buttons:
                yield from self.press_player(str(wanted))
            elif isinstance(step, Choice):
                values = [o.value for o in step.options]
                if wanted not in values and ELSEWHERE in values:
                    wanted = ELSEWHERE  # a square the list does not offer: the board cursor
                if wanted not in values:
                    raise DemoError(f"no option {wanted!r} for {step.key}")
                index = values.index(wanted)
                yield from self.cursor_to(index, lambda: int(entry.cursor), len(values))
                yield from self.press(Action.OK)
            elif isinstance(step, Amount):
                yield from self.amount(int(wanted if wanted is not None else entry.value))
                if self.top is entry and entry.error:
                    self.refused = str(entry.error)
                    return
            elif isinstance(step, SquarePick):
                yield from self.square(wanted if wanted is not None else entry.square)
        if self.top is entry and entry.error:
            self.refused = str(entry.error)


class DemoScript:
    MAP = "tokyo"
    """The map chosen on the setup screen (its own action cards come with it)."""
    PLAYERS = 3

    def __init__(self, app: App, rounds: int, say: Say, pace: float = 1.0) -> None:
        self.app = app
        self.rounds = rounds
        self.say = say
        self.pace = pace
        self.log = DemoLog()
        self.drive = Driver(app, pace, self.log)
        self._gen = self.script()
        self._wake = 0.0
        self.done = False
        self.finished = False
        """The script reached its end (`done` is set too, or stays False when it failed)."""
        self.stay = False
        """In a window: stay on the last screen until the user quits."""
        self.table: Any = None
        """The demo camera's table (`democamera.DemoTable`): when set, the players put their
        pyramids and meeples on it and the camera's proposals enter them."""

    def tick(self, app: App, now: float) -> None:
        if self.finished or now < self._wake:
            return
        try:
            self._wake = now + next(self._gen)
        except StopIteration:
            self.finished = self.done = True
            if not self.stay:
                app.running = False
        except DemoError as exc:
            self.finished = True
            self.log.error = str(exc)
            self.say(_("DEMO FAILED: {error}").format(error=exc))
            app.running = False

    @property
    def session(self) -> MetroSession:
        session = self.app.services.session
        if session is None:
            raise DemoError("no Metro game is open")
        return session

    def remember(self, text: str) -> None:
        self.log.lines.append(text)
        self.say(text)

    # --- the game ---------------------------------------------------------------------------

    def script(self) -> Wait:
        d = self.drive
        yield from d.wait_for("main-menu")
        yield from d.pause(1.0)
        self.remember(_("Main menu: {game}").format(game=_("Tokyo Metro")))
        yield from d.list_item(1, "main-menu")
        yield from d.wait_for("setup")
        setup: Any = d.top
        yield from self.choose_setup(setup)
        self.remember(
            _("Setup: map {map}, players {players}").format(
                map=setup.maps[setup.map_index].title(), players=players_text(setup.colors)
            )
        )
        yield from d.pause(1.0)
        yield from d.list_item(len(setup.items) - 1, "setup")
        yield from d.wait_for("metro-home")
        if self.app.services.session is None:
            raise DemoError("the game did not start")
        for _i in range(self.rounds):
            yield from self.action_phase()
            yield from self.train_phase()
        yield from self.finish()
        yield from self.tour_menus()

    def choose_setup(self, setup: Any) -> Wait:
        """The map (RIGHT on its row) and the player count (RIGHT or LEFT on theirs)."""
        d = self.drive
        for _i in range(len(setup.maps)):
            if setup.maps[setup.map_index] == self.MAP:
                break
            yield from d.cursor_to(0, lambda: int(setup.index), len(setup.items))
            yield from d.press(Action.RIGHT)
        if setup.maps[setup.map_index] != self.MAP:
            raise DemoError(f"the setup offers no map {self.MAP!r}")
        count = next(i for i, item in enumerate(setup.items) if item.text == i18n._("Players"))
        for _i in range(5):
            if len(setup.colors) == self.PLAYERS:
                break
            yield from d.cursor_to(count, lambda: int(setup.index), len(setup.items))
            more = len(setup.colors) < self.PLAYERS
            yield from d.press(Action.RIGHT if more else Action.LEFT)

    def legal(self, event: Event) -> bool:
        return why_not(self.session.rules, self.session.state, event) is None

    def candidates(self, seat: int, color: str) -> list[Event]:
        s = self.session
        board = s.rules.board
        state = s.state
        lines = list(board.track_order)
        stations = list(board.stations)
        r = state.round
        line = lines[(seat + r - 1) % len(lines)]
        paid = max(100 * (1 + (seat + r) % 3), share_extra(s.rules, state, line))
        out: list[Event] = [Invest(color, line, paid)]
        where = stations[(2 * seat + r) % len(stations)]
        circle = 100 * (1 + (seat + r) % 2)
        out.append(BuildStation(color, where, circle * len(board.stations[where].stops)))
        if r == 1:
            first = board.lines[lines[seat % len(lines)]].stops[1].id
            taken = {m.square for m in state.meeples.values()}
            free = sorted(sq for sq in board.squares_for_stop(first) if sq not in taken)
            if free:
                out.append(MoveMeeple(color, free[0]))
        if r == 2 and seat == 0:
            spare = [lid for lid in lines if not state.vehicles_of(lid)]
            if spare:
                out.append(StartTrain(spare[0], 300))
        if r == 2 and seat == 1:
            other = next((lid for lid in lines if color not in state.lines[lid].shares), None)
            if other is not None:
                stake = min_stake(s.rules, max(state.lines[other].value, 100))
                out.append(Speculate(color, other, stake))
        return out

    def enter(self, event: Event) -> Iterator[float]:
        """Record one entry through the screens: home OK, the action menu, the wizard's steps.
        Leaves `self.drive.refused` set when the screen refused it (then backs out to home)."""
        d = self.drive
        label, answers = entry_plan(event, self.session.rules.board)
        yield from d.wait_for("metro-home")
        yield from d.press(Action.OK)
        yield from d.menu(label)
        yield from d.wait_for("metro-entry")
        yield from d.entry_steps(answers)
        if d.refused:
            self.app.request_screenshot("refused")
            yield from d.pause(2.0)
            while d.name == "metro-entry":
                yield from d.press(Action.BACK)
        yield from d.wait_for("metro-home")

    def action_phase(self) -> Wait:
        state = self.session.state
        self.remember(_("Round {n}: action phase").format(n=state.round))
        for seat, color in enumerate(state.colors):
            for event in self.candidates(seat, color):
                if not self.legal(event):
                    continue
                if self.table is not None and isinstance(event, BuildStation | MoveMeeple):
                    yield from self.place(event)
                    continue
                yield from self.enter(event)
                if self.drive.refused:
                    what = describe(event, self.session.rules.board)
                    self.remember("  " + refused_text(what, self.drive.refused))
                else:
                    self.log.entries += 1
                    self.remember("  " + describe(event, self.session.rules.board))
                yield from self.drive.pause(0.3)
        if state.round == 1:
            yield from self.mistakes()

    def place(self, event: BuildStation | MoveMeeple) -> Wait:
        """A player puts a piece on the table without entering it; the camera sees it and the
        income track asks; OK accepts what the table really holds. If the camera does not see
        it in time, the entry is made by hand, as players would."""
        d = self.drive
        table = self.table
        board = self.session.rules.board
        who = color_name(event.player)
        yield from d.wait_for("metro-home")
        if isinstance(event, BuildStation):
            table.put_pyramid(event.player, event.station)
            what = _("{player} puts a pyramid on {station} (on the table)").format(
                player=who, station=station_name(board, event.station)
            )
        else:
            table.move_meeple(event.player, event.square)
            what = _("{player} moves the meeple {place} (on the table)").format(
                player=who, place=place_name(board, event.square)
            )
        self.remember("  " + what)
        yield from table.wait()
        yield from self.answer_camera(lambda: self.entered(event))
        if self.entered(event):
            self.log.entries += 1
            self.log.camera += 1
            return
        self.remember("  " + _("the camera did not see it: entered by hand"))
        yield from self.enter(event)
        if not d.refused:
            self.log.entries += 1

    def answer_camera(self, done: Callable[[], bool], seconds: float | None = None) -> Wait:
        """The camera's questions until `done()`: OK when the table holds what it asks about,
        Fix (BACK twice) for a misreading; at most 40 polls without a question and
        `CAMERA_ASK` real seconds, or `seconds` of real time (the camera reads in real time, a
        headless demo does not: on a busy machine 40 polls pass before the question comes)."""
        d = self.drive
        virtual = seconds is None
        end = time.monotonic() + (CAMERA_ASK if seconds is None else seconds)
        polls = 0
        while not done():
            if d.name != "camera-proposal":
                polls += 1
                if time.monotonic() > end and (polls > 40 or not virtual):
                    return
                if virtual and polls <= 40:
                    yield from d.pause(0.1)
                else:
                    time.sleep(0.01)
                    yield 0.05
                continue
            proposal = d.top.proposal
            text = proposal.text(self.session.rules.board)
            if self.table.expects(proposal):
                self.remember("  " + _("camera: {proposal} OK").format(proposal=text))
                yield from d.pause(0.8)
                yield from d.accept_camera()
            else:
                self.remember("  " + _("camera: {proposal} Fix").format(proposal=text))
                yield from d.press(Action.BACK)
                yield from d.press(Action.BACK)

    def entered(self, event: BuildStation | MoveMeeple) -> bool:
        state = self.session.state
        if isinstance(event, BuildStation):
            return state.stations.get(event.station) == event.player
        m = state.meeples.get(event.player)
        return m is not None and m.square == event.square

    def mistakes(self) -> Wait:
        """What the box does with a wrong entry: refuses it with the reason, or undoes it."""
        s = self.session
        d = self.drive
        holder = next(((ls.shares[0], lid) for lid, ls in s.state.lines.items() if ls.shares), None)
        if holder is None:
            return
        player, line = holder
        stake = min_stake(s.rules, max(s.state.lines[line].value, 100))
        yield from d.toasts_gone()  # so the refusal is not covered by the last confirmation
        yield from self.enter(Speculate(player, line, stake))
        if d.refused:
            what = describe(Speculate(player, line, stake), s.rules.board)
            self.remember("  " + refused_text(what, d.refused))
        else:
            self.log.entries += 1
        spare = next(
            (
                lid
                for lid, ls in s.state.lines.items()
                if self.legal(Invest(player, lid, 900)) and lid != line
            ),
            None,
        )
        if spare is None:
            return
        yield from self.enter(Invest(player, spare, 900))
        if d.refused:
            return
        self.remember(
            "  "
            + _("{entry}, entered by mistake...").format(
                entry=describe(Invest(player, spare, 900), s.rules.board)
            )
        )
        yield from d.pause(0.8)
        yield from d.press(Action.LEFT)
        yield from d.confirm(True)
        yield from d.wait_for("metro-home")
        self.remember("  " + _("...and undone"))
        yield from d.pause(0.8)

    def train_phase(self) -> Wait:
        d = self.drive
        s = self.session
        round_no = s.state.round
        board = s.rules.board
        self.remember(_("Round {n}: train phase").format(n=round_no))
        yield from d.wait_for("metro-home")
        yield from d.toasts_gone()
        yield from d.press(Action.RIGHT)
        yield from d.confirm(True)
        yield from d.wait_for("metro-train")
        self.log.phases += 1
        screen: Any = d.top
        told = 0
        asked = 0
        shot = False
        end = self.app.now() + 600.0
        while d.top is screen:
            view = s.phase
            if view is not None:
                for step in view.steps[told : screen.shown]:
                    text = describe_step(step, board)
                    if text and not isinstance(step, Paid):
                        self.say("  " + text)
                told = max(told, screen.shown)
            if self.app.now() > end:
                raise DemoError("the train phase does not end")
            waiting = screen.waiting
            if waiting == "payout":
                shown = view.steps[screen.shown] if view is not None else None
                text = describe_step(shown, board) if shown is not None else None
                if text:
                    self.say("  " + text)
                if not shot:
                    shot = True
                    self.app.request_screenshot(f"train-phase-{round_no}")
                yield from d.pause(1.2)
                if d.buttons and shown is not None and isinstance(shown, Paid):
                    yield from d.press_player(shown.owner)
                else:
                    yield from d.press(Action.OK)
                told = max(told, screen.shown)
            elif waiting == "prompt" and view is not None and view.pending is not None:
                prompt = view.pending
                accept = asked % 2 == 0
                asked += 1
                yield from d.pause(1.2)
                if d.buttons:
                    yield from d.press_player(prompt.player, long=not accept)
                else:
                    yield from d.press(Action.OK if accept else Action.BACK)
            elif waiting == "done":
                yield from d.pause(1.0)
                yield from d.press(Action.OK)
            elif d.name == CAMERA_SCREEN:
                yield from d.accept_camera()
            else:
                yield 0.0
        yield from d.wait_for("metro-home")
        values = ", ".join(f"{k} {yen(v.value)}" for k, v in s.state.lines.items() if v.value)
        self.remember("  " + _("after the trains: {values}").format(values=values))
        yield from d.pause(0.8)

    def finish(self) -> Wait:
        d = self.drive
        s = self.session
        yield from d.wait_for("metro-home")
        yield from d.toasts_gone()
        yield from d.press(Action.BACK)
        yield from d.menu(4)
        yield from d.confirm(True)
        yield from d.wait_for("metro-end")
        result = s.end_game()
        self.log.result = result
        self.remember(_("End of the game"))
        for p in result.players:
            text = _("{player}: shares {shares}, speculation {speculation}").format(
                player=color_name(p.color), shares=yen(p.shares), speculation=yen(p.speculation)
            )
            if p.set_aside:
                text += ", " + _("set aside {amount}").format(amount=yen(p.set_aside))
            total = yen(p.total if p.total is not None else p.earnings)
            self.remember(f"  {text}, " + _("total {amount}").format(amount=total))
        self.remember(
            ranking_text(f"{i}. {color_name(c)}" for i, c in enumerate(result.ranking, 1))
        )
        yield from d.pause(2.5)
        for page in ("payouts", "chart"):
            yield from d.press(Action.RIGHT)
            self.app.request_screenshot(page)
            yield from d.pause(2.5)
        yield from d.press(Action.RIGHT)
        yield from d.press(Action.BACK)  # the final screen stays until "Main menu" is chosen
        yield from d.menu("main-menu")
        yield from d.confirm(True)
        yield from d.wait_for("main-menu")

    def tour_menus(self) -> Wait:
        """Settings, then History, and there the finished game opened again on its ranking."""
        d = self.drive
        yield from d.main_item("Settings")
        yield from d.wait_for("settings")
        self.remember(_("Settings: language, volume, fast trains, LED brightness"))
        yield from d.pause(1.5)
        yield from d.press(Action.BACK)
        yield from d.main_item("History")
        yield from d.wait_for("history")
        self.remember(_("History: the game just played"))
        yield from d.pause(1.0)
        yield from d.list_item(0, "history")
        yield from d.wait_for("history-game")
        yield from d.pause(0.8)
        yield from d.list_item(0, "history-game")
        yield from d.wait_for("metro-end")
        self.remember(_("...opened again on its final ranking"))


def start_demo(
    app: App, rounds: int, say: Say, pace: float = 1.0, map_name: str = "tokyo"
) -> DemoScript:
    """The scripted game on the real screens: Tokyo's, or `map_name="osaka"`'s."""
    script: DemoScript
    if map_name == "osaka":
        from companion.app.osaka_demo import OsakaDemo

        script = OsakaDemo(app, rounds, say, pace)
    else:
        script = DemoScript(app, rounds, say, pace)
    app.tickers.append(script.tick)
    return script
