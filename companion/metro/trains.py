"""The train phase: every vehicle on the map moves stop by stop, in track order, paying stations
and carrying riders (rulebook "Fase de Trenes"; rulings 1-6 in `companion.metro.rulings`).

Players' boarding and leaving choices come in through a `Decider`: a function from a `Prompt` to
a `Decision`, or None when the answer is not known yet. Then the phase stops at that prompt and
returns it as `pending`; running it again from the same state with the answer given continues
exactly as if it had never stopped. That lets the table app ask one question at a time and
resume after a power cut, and lets the command line take all answers from a file.

A line's vehicles (two on Osaka's twin lines) move together one stop at a time, the first
vehicle first, the questions in turn order across both (`rulings.TWIN_QUESTIONS_BY_PLAYER`); a
Tokyo line has one. Vehicles leave the map only under ruling 5, which needs both the map's
rulebook and the card set to allow it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.codec import Codec
from companion.metro import rulings
from companion.metro.board import Square
from companion.metro.drinks import drink_bonus
from companion.metro.events import MetroRules
from companion.metro.state import Meeple, MetroState, Train, turned_at_terminus
from companion.metro.steps import (
    VEHICLE_TEXT,
    Boarded,
    Departed,
    Left,
    Moved,
    Offered,
    Paid,
    Removed,
    Step,
    vehicle_from_line,
)
from companion.metro.vehicles import VehicleId


@dataclass(frozen=True)
class Prompt:
    action: str
    """'board' or 'leave'."""
    player: str
    vehicle: VehicleId
    stop: str
    squares: tuple[Square, ...] = ()
    """For 'leave': the free squares the rider may step onto."""
    fee: int = 0
    """For 'board': what boarding costs this player."""

    @property
    def line(self) -> str:
        return self.vehicle.line


@dataclass(frozen=True)
class Decision:
    accept: bool
    square: Square | None = None
    """For an accepted 'leave': where the meeple goes (the first offered square if None)."""


DECISIONS: Codec[Decision] = Codec((Decision,), None)
"""A decision's JSON, as the app saves each answer: {"accept": true, "square": [c, r] | null}."""


def format_decision(decision: Decision) -> dict[str, Any]:
    return DECISIONS.encode(decision)


def parse_decision(data: Any, where: str = "") -> Decision:
    """Raises `companion.codec.CodecError` naming the bad field."""
    return DECISIONS.decode(data, where)


def _line_of(prompt: Prompt) -> dict[str, Any]:
    return {"line": prompt.line}


PROMPTS: Codec[Prompt] = Codec(
    (Prompt,), None, VEHICLE_TEXT, upgrade=vehicle_from_line, extra=_line_of
)
"""A pending question's JSON: action, player, vehicle (and its line), stop, squares, fee."""


def format_prompt(prompt: Prompt) -> dict[str, Any]:
    return PROMPTS.encode(prompt)


def parse_prompt(data: Any) -> Prompt:
    return PROMPTS.decode(data)


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
    """Decisions written ahead, as in a `--decisions` file: board this vehicle at this stop,
    leave it at that stop (onto a square, or the first free one). Each entry is used once, at
    the first prompt it matches; every other prompt is declined."""

    board: tuple[tuple[str, VehicleId, str], ...] = ()
    """(player, vehicle, stop)"""
    leave: tuple[tuple[str, VehicleId, str, Square | None], ...] = ()
    """(player, vehicle, stop, square or None)"""

    def decider(self) -> Decider:
        board = list(self.board)
        leave = list(self.leave)

        def decide(prompt: Prompt) -> Decision:
            key = (prompt.player, prompt.vehicle, prompt.stop)
            if prompt.action == "board":
                if key in board:
                    board.remove(key)
                    return Decision(True)
            else:
                for entry in leave:
                    if entry[:3] == key:
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


class _Run:
    """One phase in progress. Works on plain dicts (the immutable state is built once, at the
    end or at a pending prompt): the phase runs inside the 1 ms budget for 12 trains."""

    def __init__(self, rules: MetroRules, state: MetroState, decide: Decider) -> None:
        self.board = rules.board
        self.variant = rules.variant
        self.start = state
        self.decide = decide
        self.steps: list[Step] = []
        self.left_lines: set[tuple[str, str]] = set()
        self.order = state.colors
        self.values = {line_id: ls.value for line_id, ls in state.lines.items()}
        self.cash = {p.color: p.cash for p in state.players}
        self.bonus = {p.color: 0 for p in state.players}
        """Drink bonuses paid to each player in this phase."""
        self.trains = dict(state.trains)
        self.meeples = dict(state.meeples)
        self._where: tuple[set[Square], set[VehicleId]] | None = None
        """Squares stood on and vehicles ridden, until a meeple moves."""

    def snapshot(self, phase: str) -> MetroState:
        s = self.start
        lines = {
            line_id: ls
            if ls.value == self.values[line_id]
            else replace(ls, value=self.values[line_id])
            for line_id, ls in s.lines.items()
        }
        players = tuple(
            p
            if p.cash == self.cash[p.color] and not self.bonus[p.color]
            else replace(
                p, cash=self.cash[p.color], drink_bonus=p.drink_bonus + self.bonus[p.color]
            )
            for p in s.players
        )
        return replace(
            s,
            players=players,
            lines=lines,
            trains=self.trains,
            meeples=self.meeples,
            phase=phase,
            free_builds=(),
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

    def riders_and_boarders(
        self,
        vehicle: VehicleId,
        stop_id: str,
        can_leave: bool,
        players: Sequence[str] | None = None,
    ) -> None:
        """Offer leaving (the vehicle's own riders) and boarding (meeples touching the stop), in
        turn order (to `players` only, when given). Each player gets one offer a stop, so
        nobody leaves where they boarded."""
        if not self.concerns_anyone(vehicle, stop_id):
            return
        line_id = vehicle.line
        touching = self.board.squares_for_stop(stop_id)
        shares = self.start.lines[line_id].shares
        for color in self.order if players is None else players:
            meeple = self.meeples.get(color)
            if meeple is None:
                continue
            if meeple.riding == vehicle and can_leave:
                squares = self.free_squares(stop_id)
                if not squares:
                    continue
                decision = self.ask(Prompt("leave", color, vehicle, stop_id, squares))
                self.emit(Offered(color, vehicle, stop_id, "leave", decision.accept))
                if decision.accept:
                    square = decision.square if decision.square in squares else squares[0]
                    self.place(color, Meeple(square=square))
                    self.left_lines.add((color, line_id))
                    self.emit(Left(color, vehicle, stop_id, square))
            elif meeple.square in touching and (
                rulings.REBOARD_SAME_LINE_IN_PHASE or (color, line_id) not in self.left_lines
            ):
                fee = 0 if color in shares else rulings.RIDE_FEE
                cash = self.cash[color]
                if rulings.BOARDING_NEEDS_THE_FEE and cash is not None and cash < fee:
                    continue
                decision = self.ask(Prompt("board", color, vehicle, stop_id, fee=fee))
                self.emit(Offered(color, vehicle, stop_id, "board", decision.accept))
                if decision.accept:
                    self.place(color, Meeple(riding=vehicle, boarded_at=stop_id))
                    self.add_cash(color, -fee)
                    self.values[line_id] += fee
                    self.emit(Boarded(color, vehicle, stop_id, fee))

    def pay(self, vehicle: VehicleId, stop_id: str) -> None:
        station = self.board.station_of(stop_id)
        if station is None or station.id not in self.start.stations:
            return
        owner = self.start.stations[station.id]
        drinks = drink_bonus(self.start, station.id)
        if owner in self.start.lines[vehicle.line].shares:
            owner_gain, line_gain = 0, rulings.PAYOUT_SHARE_LINE
        else:
            owner_gain, line_gain = rulings.PAYOUT_NO_SHARE_OWNER, rulings.PAYOUT_NO_SHARE_LINE
        self.values[vehicle.line] += line_gain
        self.add_cash(owner, owner_gain + drinks)
        self.bonus[owner] += drinks
        drink = self.start.drinks.get(station.id) if drinks else None
        self.emit(Paid(vehicle, stop_id, station.id, owner, owner_gain, line_gain, drinks, drink))

    def put_down(self, color: str, vehicle: VehicleId, stop_id: str) -> None:
        """A rider whose vehicle left the map steps onto the nearest free square."""
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
        self.place(color, Meeple(square=square))
        self.emit(Left(color, vehicle, stop_id, square, forced=True))

    def run_line(self, line_id: str, vehicles: Sequence[VehicleId]) -> None:
        """Ruling 10: the line's vehicles (two on a twin line) move together one stop at a time.
        In each move every vehicle moves and is paid, first vehicle first; then the players
        answer, in turn order, for whichever of the vehicles concerns them."""
        moves = moves_for(self.start, line_id)
        starts = [(vehicle, f"{line_id}{self.trains[vehicle].stop}") for vehicle in vehicles]
        for vehicle, stop_id in starts:
            self.emit(Departed(vehicle, stop_id, moves))
        self.offers(starts, can_leave=False)
        leaves_at_1 = (
            self.variant.start_trains_leave
            and self.start.card_set(self.board).start_trains_leave
            and not self.start.lines[line_id].shares
        )
        moving = list(vehicles)
        for move in range(1, moves + 1):
            arrivals = [
                (v, stop) for v in moving if (stop := self.move(v, move, moves, leaves_at_1))
            ]
            if len(arrivals) < len(moving):
                moving = [vehicle for vehicle, _ in arrivals]
            self.offers(arrivals, can_leave=True)

    def offers(self, arrivals: Sequence[tuple[VehicleId, str]], can_leave: bool) -> None:
        """Questions for the vehicles standing at these stops: one vehicle's in turn order; a
        pair's player by player in turn order, each player's first vehicle first."""
        if len(arrivals) > 1:
            arrivals = [arrival for arrival in arrivals if self.concerns_anyone(*arrival)]
        if len(arrivals) == 1 or not rulings.TWIN_QUESTIONS_BY_PLAYER:
            for arrival in arrivals:
                self.riders_and_boarders(*arrival, can_leave)
            return
        for color in self.order:
            for vehicle, stop_id in arrivals:
                self.riders_and_boarders(vehicle, stop_id, can_leave, (color,))

    def place(self, color: str, meeple: Meeple) -> None:
        self.meeples[color] = meeple
        self._where = None

    def concerns_anyone(self, vehicle: VehicleId, stop_id: str) -> bool:
        """A meeple rides the vehicle or stands where it could board it at this stop."""
        if self._where is None:
            squares = {m.square for m in self.meeples.values() if m.square is not None}
            ridden = {m.riding for m in self.meeples.values() if m.riding is not None}
            self._where = (squares, ridden)
        squares, ridden = self._where
        return vehicle in ridden or not squares.isdisjoint(self.board.squares_for_stop(stop_id))

    def move(self, vehicle: VehicleId, move: int, moves: int, leaves_at_1: bool) -> str | None:
        """One stop further and its payout: the stop arrived at, or None when the vehicle left
        the map there."""
        line_id = vehicle.line
        length = self.board.lines[line_id].length
        train = self.trains[vehicle]
        before = train.stop
        direction = turned_at_terminus(before, train.direction, length)
        stop = before + direction
        if stop in (1, length):
            direction = -direction
        stop_id = f"{line_id}{stop}"
        self.trains[vehicle] = Train(stop, direction, train.started)
        reversed_here = move > 1 and before in (1, length)
        self.emit(Moved(vehicle, f"{line_id}{before}", stop_id, direction, move, reversed_here))
        self.pay(vehicle, stop_id)
        if stop == 1 and leaves_at_1 and train.started:
            for color in self.order:
                m = self.meeples.get(color)
                if m is not None and m.riding == vehicle:
                    self.put_down(color, vehicle, stop_id)
            del self.trains[vehicle]
            self.emit(Removed(vehicle, stop_id, moves - move))
            return None
        return stop_id


def run_train_phase(
    rules: MetroRules, state: MetroState, decide: Decider = decline_all
) -> TrainPhase:
    """Move every vehicle on the map, in track order. Pure and deterministic."""
    run = _Run(rules, state, decide)
    try:
        for line_id in rules.board.track_order:
            vehicles = state.vehicles_of(line_id)
            if vehicles:
                run.run_line(line_id, vehicles)
    except _Pending as pending:
        return TrainPhase(tuple(run.steps), run.snapshot("train"), pending.prompt)
    return TrainPhase(tuple(run.steps), run.snapshot("action"))
