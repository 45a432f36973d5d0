"""The train phase: every train on the map moves stop by stop, in track order, paying stations
and carrying riders (rulebook "Fase de Trenes"; rulings 1-6 in `companion.metro.rulings`).

Players' boarding and leaving choices come in through a `Decider`: a function from a `Prompt` to
a `Decision`, or None when the answer is not known yet. Then the phase stops at that prompt and
returns it as `pending`; running it again from the same state with the answer given continues
exactly as if it had never stopped. That lets the table app ask one question at a time and
resume after a power cut, and lets the command line take all answers from a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from companion.metro import rulings
from companion.metro.board import Square
from companion.metro.events import MetroRules
from companion.metro.state import Meeple, MetroState, Train
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step


@dataclass(frozen=True)
class Prompt:
    action: str
    """'board' or 'leave'."""
    player: str
    line: str
    stop: str
    squares: tuple[Square, ...] = ()
    """For 'leave': the free squares the rider may step onto."""
    fee: int = 0
    """For 'board': what boarding costs this player."""


@dataclass(frozen=True)
class Decision:
    accept: bool
    square: Square | None = None
    """For an accepted 'leave': where the meeple goes (the first offered square if None)."""


Decider = Callable[[Prompt], Decision | None]


def decline_all(prompt: Prompt) -> Decision:
    return Decision(False)


class Answers:
    """Answers given one prompt at a time, in the order the prompts came. When they run out the
    phase is pending on the next prompt. Make a new one for each run."""

    def __init__(self, answers: Sequence[Decision]) -> None:
        self._answers = list(answers)
        self._next = 0

    def __call__(self, prompt: Prompt) -> Decision | None:
        if self._next >= len(self._answers):
            return None
        answer = self._answers[self._next]
        self._next += 1
        return answer


@dataclass(frozen=True)
class Plan:
    """Decisions written ahead, as in a `--decisions` file: board this line at this stop, leave
    it at that stop (onto a square, or the first free one). Each entry is used once, at the
    first prompt it matches; every other prompt is declined."""

    board: tuple[tuple[str, str, str], ...] = ()
    """(player, line, stop)"""
    leave: tuple[tuple[str, str, str, Square | None], ...] = ()
    """(player, line, stop, square or None)"""

    def decider(self) -> Decider:
        board = list(self.board)
        leave = list(self.leave)

        def decide(prompt: Prompt) -> Decision:
            if prompt.action == "board":
                key = (prompt.player, prompt.line, prompt.stop)
                if key in board:
                    board.remove(key)
                    return Decision(True)
            else:
                for entry in leave:
                    if entry[:3] == (prompt.player, prompt.line, prompt.stop):
                        leave.remove(entry)
                        return Decision(True, entry[3])
            return Decision(False)

        return decide


@dataclass(frozen=True)
class TrainPhase:
    steps: tuple[Step, ...]
    state: MetroState
    """The state after the phase, or after the last step when pending."""
    pending: Prompt | None = None

    @property
    def done(self) -> bool:
        return self.pending is None


class _Pending(Exception):
    def __init__(self, prompt: Prompt) -> None:
        self.prompt = prompt


def moves_for(state: MetroState, line_id: str) -> int:
    return rulings.BASE_MOVES + state.lines[line_id].speed


def drink_bonus(state: MetroState, station_id: str) -> int:
    drink = state.drinks.get(station_id)
    if drink is None:
        return 0
    count = sum(1 for d in state.drinks.values() if d == drink)
    for most, bonus in rulings.DRINK_BONUS:
        if count <= most:
            return bonus
    return rulings.DRINK_BONUS[-1][1]


class _Run:
    """One phase in progress. Works on plain dicts (the immutable state is built once, at the
    end or at a pending prompt): the phase runs inside the 1 ms budget for 12 trains."""

    def __init__(self, rules: MetroRules, state: MetroState, decide: Decider) -> None:
        self.board = rules.board
        self.start = state
        self.decide = decide
        self.steps: list[Step] = []
        self.left_lines: set[tuple[str, str]] = set()
        self.order = state.colors
        self.values = {line_id: ls.value for line_id, ls in state.lines.items()}
        self.cash = {p.color: p.cash for p in state.players}
        self.trains = dict(state.trains)
        self.meeples = dict(state.meeples)

    def snapshot(self, phase: str) -> MetroState:
        s = self.start
        lines = {
            line_id: ls
            if ls.value == self.values[line_id]
            else replace(ls, value=self.values[line_id])
            for line_id, ls in s.lines.items()
        }
        players = tuple(
            p if p.cash == self.cash[p.color] else replace(p, cash=self.cash[p.color])
            for p in s.players
        )
        return replace(
            s, players=players, lines=lines, trains=self.trains, meeples=self.meeples, phase=phase
        )

    def emit(self, step: Step) -> None:
        self.steps.append(step)

    def ask(self, prompt: Prompt) -> Decision:
        decision = self.decide(prompt)
        if decision is None:
            raise _Pending(prompt)
        return decision

    def add_cash(self, color: str, amount: int) -> None:
        cash = self.cash[color]
        if cash is not None:
            self.cash[color] = cash + amount

    def taken(self) -> set[Square]:
        return {m.square for m in self.meeples.values() if m.square is not None}

    def free_squares(self, stop_id: str) -> tuple[Square, ...]:
        taken = self.taken()
        return tuple(
            sorted(
                (sq for sq in self.board.squares_for_stop(stop_id) if sq not in taken),
                key=lambda sq: (sq[1], sq[0]),
            )
        )

    def riders_and_boarders(self, line_id: str, stop_id: str, can_leave: bool) -> None:
        """Offer leaving (riders) and boarding (meeples touching the stop), in turn order.
        Each player gets one offer a stop, so nobody leaves where they boarded."""
        touching = self.board.squares_for_stop(stop_id)
        if not any(m.riding == line_id or m.square in touching for m in self.meeples.values()):
            return
        shares = self.start.lines[line_id].shares
        for color in self.order:
            meeple = self.meeples.get(color)
            if meeple is None:
                continue
            if meeple.riding == line_id and can_leave:
                squares = self.free_squares(stop_id)
                if not squares:
                    continue
                decision = self.ask(Prompt("leave", color, line_id, stop_id, squares))
                self.emit(Offered(color, line_id, stop_id, "leave", decision.accept))
                if decision.accept:
                    square = decision.square if decision.square in squares else squares[0]
                    self.meeples[color] = Meeple(square=square)
                    self.left_lines.add((color, line_id))
                    self.emit(Left(color, line_id, stop_id, square))
            elif meeple.square in touching and (
                rulings.REBOARD_SAME_LINE_IN_PHASE or (color, line_id) not in self.left_lines
            ):
                fee = 0 if color in shares else rulings.RIDE_FEE
                cash = self.cash[color]
                if cash is not None and cash < fee:
                    continue
                decision = self.ask(Prompt("board", color, line_id, stop_id, fee=fee))
                self.emit(Offered(color, line_id, stop_id, "board", decision.accept))
                if decision.accept:
                    self.meeples[color] = Meeple(riding=line_id, boarded_at=stop_id)
                    self.add_cash(color, -fee)
                    self.values[line_id] += fee
                    self.emit(Boarded(color, line_id, stop_id, fee))

    def pay(self, line_id: str, stop_id: str) -> None:
        station = self.board.station_of(stop_id)
        if station is None or station.id not in self.start.stations:
            return
        owner = self.start.stations[station.id]
        drinks = drink_bonus(self.start, station.id)
        if owner in self.start.lines[line_id].shares:
            owner_gain, line_gain = 0, rulings.PAYOUT_SHARE_LINE
        else:
            owner_gain, line_gain = rulings.PAYOUT_NO_SHARE_OWNER, rulings.PAYOUT_NO_SHARE_LINE
        self.values[line_id] += line_gain
        self.add_cash(owner, owner_gain + drinks)
        self.emit(Paid(line_id, stop_id, station.id, owner, owner_gain, line_gain, drinks))

    def put_down(self, color: str, line_id: str, stop_id: str) -> None:
        """A rider whose train left the map steps onto the nearest free square."""
        squares = self.free_squares(stop_id)
        if not squares:
            stop = self.board.stop(stop_id)
            taken = self.taken()
            grid = self.board.grid
            squares = tuple(
                sorted(
                    (sq for sq in grid.squares() if sq not in taken),
                    key=lambda sq: (
                        (grid.center(sq)[0] - stop.x_mm) ** 2
                        + (grid.center(sq)[1] - stop.y_mm) ** 2,
                        sq[1],
                        sq[0],
                    ),
                )
            )
        square = squares[0]
        self.meeples[color] = Meeple(square=square)
        self.emit(Left(color, line_id, stop_id, square, forced=True))

    def run_line(self, line_id: str) -> None:
        train = self.trains[line_id]
        line = self.board.lines[line_id]
        moves = moves_for(self.start, line_id)
        stop, direction = train.stop, train.direction
        self.emit(Departed(line_id, f"{line_id}{stop}", moves))
        self.riders_and_boarders(line_id, f"{line_id}{stop}", can_leave=False)
        leaves_at_1 = (
            train.started
            and self.board.rules == "tokyo"
            and rulings.START_TRAIN_LEAVES_AT_STOP_1
            and not self.start.lines[line_id].shares
        )
        for move in range(1, moves + 1):
            turned = (direction == 1 and stop == line.length) or (direction == -1 and stop == 1)
            if turned:
                direction = -direction
            before = stop
            stop += direction
            stop_id = f"{line_id}{stop}"
            self.trains[line_id] = Train(stop, direction, train.started)
            self.emit(Moved(line_id, f"{line_id}{before}", stop_id, direction, move, turned))
            self.pay(line_id, stop_id)
            if stop == 1 and leaves_at_1:
                for color in self.order:
                    m = self.meeples.get(color)
                    if m is not None and m.riding == line_id:
                        self.put_down(color, line_id, stop_id)
                del self.trains[line_id]
                self.emit(Removed(line_id, stop_id, moves - move))
                return
            self.riders_and_boarders(line_id, stop_id, can_leave=True)


def run_train_phase(
    rules: MetroRules, state: MetroState, decide: Decider = decline_all
) -> TrainPhase:
    """Move every train on the map, in track order. Pure and deterministic."""
    run = _Run(rules, state, decide)
    try:
        for line_id in rules.board.track_order:
            if line_id in run.trains:
                run.run_line(line_id)
    except _Pending as pending:
        return TrainPhase(tuple(run.steps), run.snapshot("train"), pending.prompt)
    return TrainPhase(tuple(run.steps), run.snapshot("action"))


def plan_from_steps(steps: Iterable[Step]) -> list[Decision]:
    """The answers a finished phase was given, in order: replaying them reproduces it."""
    out: list[Decision] = []
    pending_leave: Offered | None = None
    for step in steps:
        if isinstance(step, Offered):
            if step.action == "leave" and step.accepted:
                pending_leave = step
                continue
            out.append(Decision(step.accepted))
        elif isinstance(step, Left) and pending_leave is not None and not step.forced:
            out.append(Decision(True, step.square))
            pending_leave = None
    return out
