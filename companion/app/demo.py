"""The scripted demo game: a 3-player Metro game played by injected inputs on a timer.

The script is a generator run by a ticker in the main loop: it does one thing (a button press, or
an entry the players would make), then yields how many seconds to wait. Headless runs use the
app's virtual clock, so a game of several rounds takes seconds; in a window it runs in real time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.app.core import App
from companion.metro import Decision, IllegalEvent
from companion.metro.endgame import EndGameResult
from companion.metro.events import (
    AdjustCash,
    BuildStation,
    EndGame,
    Event,
    Invest,
    MoveMeeple,
    Speculate,
    StartTrain,
    min_stake,
)
from companion.metro.steps import Boarded, Departed, Left, Paid, Removed, Step
from companion.ui.screen import Action, Input

Say = Callable[[str], None]


@dataclass
class DemoLog:
    lines: list[str] = field(default_factory=list)
    entries: int = 0
    phases: int = 0
    result: EndGameResult | None = None


def step_text(step: Step) -> str | None:
    match step:
        case Departed(line, stop, moves):
            return f"  line {line} departs from {stop} with {moves} moves"
        case Paid(line, stop, station, owner, owner_gain, line_gain, drinks):
            extra = f" + ¥{drinks} drinks" if drinks else ""
            who = f"{owner} earns ¥{owner_gain}{extra}" if owner_gain else f"{owner} holds a share"
            return f"  {line} stops at {stop} ({station}): {who}, line {line} +¥{line_gain}"
        case Boarded(player, line, stop, fee):
            return f"  {player} boards line {line} at {stop} (fee ¥{fee})"
        case Left(player, line, stop, square, forced):
            how = "is put down" if forced else "gets off"
            return f"  {player} {how} at {stop} onto square {list(square)}"
        case Removed(line, stop, _lost):
            return f"  line {line}'s train leaves the map at {stop}"
    return None


class DemoScript:
    def __init__(self, app: App, rounds: int, say: Say, pace: float = 1.0) -> None:
        self.app = app
        self.rounds = rounds
        self.say = say
        self.pace = pace
        self.log = DemoLog()
        self._gen = self.script()
        self._wake = 0.0
        self.done = False

    def tick(self, app: App, now: float) -> None:
        if self.done or now < self._wake:
            return
        try:
            self._wake = now + next(self._gen) * self.pace
        except StopIteration:
            self.done = True
            app.running = False

    def press(self, action: Action, times: int = 1) -> None:
        for _ in range(times):
            self.app.inject(Input(action, t=self.app.now()))

    @property
    def session(self) -> Any:
        return self.app.services.session

    # --- the game ---------------------------------------------------------------------------

    def script(self) -> Iterator[float]:
        yield 1.0
        self.say("Main menu: New Tokyo Metro game")
        menu: Any = self.app.top
        while menu.index != 1:
            self.press(Action.DOWN)
            yield 0.2
        self.press(Action.OK)
        yield 1.0
        setup: Any = self.app.top
        self.say(f"Setup: map {setup.maps[setup.map_index]}, players " + ", ".join(setup.colors))
        self.press(Action.DOWN, len(setup.items) - 1 - setup.index)
        yield 0.6
        self.press(Action.OK)
        yield 1.0
        if self.session is None:
            self.say("the game did not start")
            return
        for _ in range(self.rounds):
            yield from self.action_phase()
            yield from self.train_phase()
        yield from self.finish()
        yield from self.tour_menus()

    def record(self, event: Event) -> bool:
        try:
            self.session.record(event)
        except IllegalEvent:
            return False
        self.log.entries += 1
        return True

    def candidates(self, seat: int, color: str) -> list[Event]:
        s = self.session
        board = s.rules.board
        state = s.state
        lines = list(board.track_order)
        stations = list(board.stations)
        r = state.round
        line = lines[(seat + r - 1) % len(lines)]
        out: list[Event] = [Invest(color, line, 100 * (1 + (seat + r) % 3))]
        out.append(BuildStation(color, stations[(2 * seat + r) % len(stations)]))
        if r == 1:
            first = board.lines[lines[seat % len(lines)]].stops[1].id
            taken = {m.square for m in state.meeples.values()}
            free = sorted(sq for sq in board.squares_for_stop(first) if sq not in taken)
            if free:
                out.append(MoveMeeple(color, free[0]))
        if r == 2 and seat == 0:
            spare = [lid for lid in lines if lid not in state.trains]
            if spare:
                out.append(StartTrain(spare[0], 300))
        if r == 2 and seat == 1:
            other = next((lid for lid in lines if color not in state.lines[lid].shares), None)
            if other is not None:
                stake = min_stake(s.rules, max(state.lines[other].value, 100))
                out.append(Speculate(color, other, stake))
        return out

    def action_phase(self) -> Iterator[float]:
        state = self.session.state
        self.say(f"Round {state.round}: action phase")
        for seat, color in enumerate(state.colors):
            for event in self.candidates(seat, color):
                if self.record(event):
                    self.say(f"  {color}: {describe_event(event)}")
                    yield 0.5
        if state.round == 1:
            yield from self.mistakes()

    def mistakes(self) -> Iterator[float]:
        """What the box does with a wrong entry: refuses it with the reason, or undoes it."""
        s = self.session
        holder = next((ls.shares[0], lid) for lid, ls in s.state.lines.items() if ls.shares)
        try:
            s.record(Invest(holder[0], holder[1], 100))
        except IllegalEvent as exc:
            self.say(f"  refused: {exc.message}")
            self.app.toast(exc.message, "bad")
            self.app.play("error")
            self.app.request_screenshot("refused")
        yield 1.5
        if self.record(AdjustCash(holder[0], -500, "typo")):
            self.say(f"  {holder[0]}: ¥500 taken by mistake...")
            yield 0.5
            s.undo()
            self.log.entries -= 1
            self.say("  ...and undone")
            yield 0.5

    def train_phase(self) -> Iterator[float]:
        """Plays the phase through the session; tolerant of a game screen that moves it on too
        (an answer or acknowledgement already given is skipped, not an error)."""
        s = self.session
        round_no = s.state.round
        self.say(f"Round {round_no}: train phase")
        if s.phase is None:
            s.begin_train_phase()
        self.log.phases += 1
        self.app.play("departure")
        asked = 0
        shot = False
        while s.phase is not None:
            phase = s.phase
            try:
                if phase.acked < len(phase.steps):
                    step = phase.steps[phase.acked]
                    text = step_text(step)
                    if text:
                        self.say(text)
                    s.ack(phase.acked + 1)
                    wait = 0.15
                    if isinstance(step, Paid):
                        self.app.play("coin")
                        wait = 0.6
                        if not shot:
                            shot = True
                            self.app.request_screenshot(f"train-phase-{round_no}")
                elif phase.pending is not None:
                    prompt = phase.pending
                    accept = asked % 2 == 0
                    asked += 1
                    verb = "boards" if prompt.action == "board" else "gets off"
                    answer = "yes" if accept else "no"
                    self.say(
                        f"  ask {prompt.player}: {verb} line {prompt.line} at {prompt.stop}? "
                        f"{answer}"
                    )
                    self.app.play("prompt")
                    s.answer(Decision(accept))
                    wait = 0.5
                else:
                    s.finish_train_phase()
                    wait = 0.0
            except IllegalEvent:
                wait = 0.1
            if wait:
                yield wait
        values = ", ".join(f"{k} ¥{v.value}" for k, v in s.state.lines.items() if v.value)
        self.say(f"  after the trains: {values}")
        yield 0.8

    def finish(self) -> Iterator[float]:
        s = self.session
        if s.state.phase != "ended":
            self.record(EndGame())
        result = s.end_game()
        self.log.result = result
        self.app.play("fanfare")
        self.say("End of the game")
        for p in result.players:
            self.say(
                f"  {p.color}: shares ¥{p.shares}, speculation ¥{p.speculation}, total ¥{p.total}"
            )
        self.say("Ranking: " + ", ".join(f"{i}. {c}" for i, c in enumerate(result.ranking, 1)))
        self.app.request_screenshot("end")
        yield 2.0

    def tour_menus(self) -> Iterator[float]:
        from companion.ui.menu import MainMenu

        self.app.pop_to(MainMenu)
        yield 0.5
        menu: Any = self.app.top
        for target in ("history", "settings"):
            while menu.index != (4 if target == "history" else 5):
                self.press(Action.DOWN)
                yield 0.1
            self.press(Action.OK)
            yield 1.0
            self.press(Action.BACK)
            yield 0.5


def describe_event(event: Event) -> str:
    match event:
        case Invest(_p, line, paid):
            return f"buys a share of line {line} for ¥{paid}"
        case BuildStation(_p, station, _paid):
            return f"builds a station at {station}"
        case MoveMeeple(_p, square):
            return f"puts the meeple on square {list(square)}"
        case StartTrain(line, amount):
            return f"starts the train of line {line} (+¥{amount})"
        case Speculate(_p, line, stake):
            return f"speculates ¥{stake} on line {line}"
    return type(event).__name__


def start_demo(app: App, rounds: int, say: Say, pace: float = 1.0) -> DemoScript:
    script = DemoScript(app, rounds, say, pace)
    app.tickers.append(script.tick)
    return script
