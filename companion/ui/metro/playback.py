"""Playing back a train phase's steps onto the state, and describing them in words.

`after_steps` folds steps onto the state the phase started from, so the board can be drawn at
any step (and resumes mid-phase); folding every step gives the phase's own final positions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import parse_stop_id
from companion.metro.state import LineState, Meeple, MetroState, Train
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step
from companion.metro.trains import Prompt
from companion.ui.metro.common import yen


def _value(state: MetroState, line: str, amount: int) -> MetroState:
    ls: LineState = state.lines[line]
    return state.with_line(line, replace(ls, value=ls.value + amount))


def apply_step(state: MetroState, step: Step) -> MetroState:
    match step:
        case Moved(line, _from, to_stop, direction):
            old = state.trains[line]
            train = Train(parse_stop_id(to_stop)[1], direction, old.started)
            return replace(state, trains={**state.trains, line: train})
        case Removed(line):
            return replace(state, trains={k: v for k, v in state.trains.items() if k != line})
        case Paid(line, _stop, _station, owner, owner_gain, line_gain, drinks_gain):
            return _value(state, line, line_gain).with_cash(owner, owner_gain + drinks_gain)
        case Boarded(player, line, stop, fee):
            meeple = Meeple(riding=line, boarded_at=stop)
            state = replace(state, meeples={**state.meeples, player: meeple})
            return _value(state, line, fee).with_cash(player, -fee) if fee else state
        case Left(player, _line, _stop, square):
            return replace(state, meeples={**state.meeples, player: Meeple(square=square)})
    return state


def after_steps(state: MetroState, steps: Iterable[Step]) -> MetroState:
    for step in steps:
        state = apply_step(state, step)
    return state


def describe_step(step: Step) -> str | None:
    """The running list's line for a step (None for plain moves)."""
    match step:
        case Departed(line, stop, moves):
            return _("Train {line} departs from {stop} ({moves} stops)").format(line=line, stop=stop, moves=moves)
        case Moved(line, _from, to_stop, _d, _m, reversed_) if reversed_:
            return _("Train {line} turns round, on to {stop}").format(line=line, stop=to_stop)
        case Paid():
            return payout_text(step)
        case Offered(player, line, stop, action, accepted) if not accepted:
            text = _("{player} does not board {line} at {stop}") if action == "board" else _("{player} stays on {line} at {stop}")
            return text.format(player=color_name(player), line=line, stop=stop)
        case Boarded(player, line, stop, fee):
            text = _("{player} boards {line} at {stop}").format(player=color_name(player), line=line, stop=stop)
            return text + (f" ({yen(fee)})" if fee else "")
        case Left(player, line, stop, square, forced):
            where = f"({square[0] + 1}, {square[1] + 1})"
            text = _("{player} is put down at {stop}") if forced else _("{player} leaves {line} at {stop}")
            return text.format(player=color_name(player), line=line, stop=stop) + " " + where
        case Removed(line, stop):
            return _("Train {line} leaves the map at {stop}").format(line=line, stop=stop)
    return None


def payout_text(step: Paid) -> str:
    owner = color_name(step.owner)
    if step.owner_gain:
        text = _("{owner} takes {gain} from the bank — line {line} +{line_gain}").format(
            owner=owner, gain=yen(step.owner_gain), line=step.line, line_gain=yen(step.line_gain)
        )
    else:
        text = _("Line {line} +{line_gain} ({owner} holds a share: nothing to the owner)").format(
            line=step.line, line_gain=yen(step.line_gain), owner=owner
        )
    if step.drinks_gain:
        text += " " + _("+{amount} for the drinks").format(amount=yen(step.drinks_gain))
    return text


def prompt_text(prompt: Prompt) -> str:
    player = color_name(prompt.player)
    if prompt.action == "board":
        fee = yen(prompt.fee) if prompt.fee else _("free")
        return _("{player} may board {line} at {stop} ({fee})?").format(player=player, line=prompt.line, stop=prompt.stop, fee=fee)
    return _("{player} may leave {line} at {stop}: which square?").format(player=player, line=prompt.line, stop=prompt.stop)
