"""Playing back a train phase's steps: the board at any step (`after_steps`, from the core's
`companion.metro.fold`) and the steps described in words."""

from __future__ import annotations

from companion import narrate
from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import BoardMap
from companion.metro.fold import after_steps, apply_step
from companion.metro.steps import Moved, Offered, Paid, Step
from companion.metro.trains import Prompt
from companion.money import yen
from companion.names import Names

__all__ = ["after_steps", "apply_step", "describe_step", "payout_text", "prompt_text"]


def describe_step(step: Step, board: BoardMap, names: Names = color_name) -> str | None:
    """The running list's line for a step: the narration shared with the terminal, without plain
    moves (the board shows them) and without accepted offers (the boarding or leaving follows)."""
    if isinstance(step, Moved) and not step.reversed:
        return None
    if isinstance(step, Offered) and step.accepted:
        return None
    return narrate.describe_step(step, board, names)


def payout_text(step: Paid, names: Names = color_name) -> str:
    owner = names(step.owner)
    if step.owner_gain:
        text = _("{owner} takes {gain} from the bank — line {line} +{line_gain}").format(
            owner=owner, gain=yen(step.owner_gain), line=step.line, line_gain=yen(step.line_gain)
        )
    else:
        text = _("{owner}'s station, {owner} holds a share — line {line} +{line_gain}").format(
            line=step.line, line_gain=yen(step.line_gain), owner=owner
        )
    if step.drinks_gain:
        text = narrate.then(text, narrate.drink_bonus_text(step.drinks_gain, step.drink))
    return text


def prompt_text(prompt: Prompt, board: BoardMap | None = None, names: Names = color_name) -> str:
    player = names(prompt.player)
    stop = narrate.stop_name(board, prompt.stop) if board is not None else prompt.stop
    if prompt.action == "board":
        fee = yen(prompt.fee) if prompt.fee else _("free")
        return _("{player} may board {line} at {stop} ({fee})?").format(
            player=player, line=prompt.line, stop=stop, fee=fee
        )
    return _("{player} may leave {line} at {stop}: which square?").format(
        player=player, line=prompt.line, stop=stop
    )
