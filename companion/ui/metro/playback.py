"""Playing back a train phase's steps onto the state, and describing them in words.

`after_steps` folds steps onto the state the phase started from, so the board can be drawn at
any step (and resumes mid-phase); folding every step gives the phase's own final positions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion import narrate
from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import BoardMap, parse_stop_id
from companion.metro.state import LineState, Meeple, MetroState, Train
from companion.metro.steps import Boarded, Left, Moved, Offered, Paid, Removed, Step
from companion.metro.trains import Prompt
from companion.money import yen


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


def describe_step(step: Step, board: BoardMap) -> str | None:
    """The running list's line for a step: the narration shared with the terminal, without plain
    moves (the board shows them) and without accepted offers (the boarding or leaving follows)."""
    if isinstance(step, Moved) and not step.reversed:
        return None
    if isinstance(step, Offered) and step.accepted:
        return None
    return narrate.describe_step(step, board)


def payout_text(step: Paid) -> str:
    owner = color_name(step.owner)
    if step.owner_gain:
        text = _("{owner} takes {gain} from the bank — line {line} +{line_gain}").format(
            owner=owner, gain=yen(step.owner_gain), line=step.line, line_gain=yen(step.line_gain)
        )
    else:
        text = _("{owner}'s station, {owner} holds a share — line {line} +{line_gain}").format(
            line=step.line, line_gain=yen(step.line_gain), owner=owner
        )
    if step.drinks_gain:
        text += "; " + narrate.drink_bonus_text(step.drinks_gain, step.drink)
    return text


def prompt_text(prompt: Prompt, board: BoardMap | None = None) -> str:
    player = color_name(prompt.player)
    stop = narrate.stop_name(board, prompt.stop) if board is not None else prompt.stop
    if prompt.action == "board":
        fee = yen(prompt.fee) if prompt.fee else _("free")
        return _("{player} may board {line} at {stop} ({fee})?").format(
            player=player, line=prompt.line, stop=stop, fee=fee
        )
    return _("{player} may leave {line} at {stop}: which square?").format(
        player=player, line=prompt.line, stop=stop
    )
