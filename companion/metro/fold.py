"""Folding a train phase's steps onto the state it started from: the board at any step.

The screen draws the board as of the steps it has shown, and the phone view shows the same;
folding every step gives the phase's own final positions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.metro.board import parse_stop_id
from companion.metro.state import LineState, Meeple, MetroState, Train
from companion.metro.steps import Boarded, Left, Moved, Paid, Removed, Step


def _value(state: MetroState, line: str, amount: int) -> MetroState:
    ls: LineState = state.lines[line]
    return state.with_line(line, replace(ls, value=ls.value + amount))


def apply_step(state: MetroState, step: Step) -> MetroState:
    match step:
        case Moved(vehicle, _from, to_stop, direction):
            old = state.trains[vehicle]
            train = Train(parse_stop_id(to_stop)[1], direction, old.started)
            return replace(state, trains={**state.trains, vehicle: train})
        case Removed(vehicle):
            return replace(state, trains={k: v for k, v in state.trains.items() if k != vehicle})
        case Paid(vehicle, _stop, _station, owner, owner_gain, line_gain, drinks_gain):
            state = _value(state, vehicle.line, line_gain)
            return state.with_cash(owner, owner_gain + drinks_gain)
        case Boarded(player, vehicle, stop, fee):
            meeple = Meeple(riding=vehicle, boarded_at=stop)
            state = replace(state, meeples={**state.meeples, player: meeple})
            return _value(state, vehicle.line, fee).with_cash(player, -fee) if fee else state
        case Left(player, _vehicle, _stop, square):
            return replace(state, meeples={**state.meeples, player: Meeple(square=square)})
    return state


def after_steps(state: MetroState, steps: Iterable[Step]) -> MetroState:
    for step in steps:
        state = apply_step(state, step)
    return state
