"""The one `Option` of every list on screen, and how a list answers the buttons.

A label may be a callable evaluated at draw time, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.ui.screen import Action, AppContext, Input

Text = str | Callable[[], str]


def text_of(text: Text) -> str:
    return text if isinstance(text, str) else text()


@dataclass(frozen=True)
class Option:
    """One row of a list: what it says, what choosing it gives or does, and why it cannot be
    chosen now (then it is greyed and the reason shown)."""

    label: Text
    value: Any = None
    """What choosing it answers (an entry step's player, line, station...)."""
    reason: str | None = None
    """Why it cannot be chosen now, or None."""
    line: str | None = None
    """A line badge drawn before the label."""
    player: str | Callable[[], str | None] | None = None
    """A player colour drawn (with its letter) before the label."""
    detail: Text = ""
    """Shown on the right: a setting's current value, a line's value, a player's cash."""
    short_detail: Text = ""
    """Shown instead of `detail` when that does not fit whole ("3 names chosen")."""
    on_ok: Callable[[], None] | None = None
    on_change: Callable[[int], None] | None = None
    """LEFT/RIGHT change the value: -1/+1."""
    enabled: Callable[[], bool] | None = None
    """False now: OK only sounds an error (the row is greyed)."""

    @property
    def text(self) -> str:
        return text_of(self.label)

    @property
    def shown_detail(self) -> str:
        return text_of(self.detail)

    def detail_in(self, fits: Callable[[str], bool]) -> str:
        """`shown_detail` if it `fits`, else its short form when there is one."""
        detail = self.shown_detail
        short = text_of(self.short_detail)
        return short if short and not fits(detail) else detail

    @property
    def color(self) -> str | None:
        """The player colour to draw before the label, if any."""
        return self.player() if callable(self.player) else self.player

    def can_choose(self) -> bool:
        return self.reason is None and (self.enabled is None or self.enabled())


def then(*steps: Callable[[], object]) -> Callable[[], None]:
    """One `on_ok` doing several things in turn: `then(app.pop, review.save)`."""

    def run() -> None:
        for step in steps:
            step()

    return run


def cursor_step(index: int, count: int, event: Input) -> int | None:
    """The cursor after UP/DOWN (wrapping round), or None for any other input."""
    if count and event.action is Action.UP:
        return (index - 1) % count
    if count and event.action is Action.DOWN:
        return (index + 1) % count
    return None


def press_option(app: AppContext, opt: Option, event: Input, ok_cue: str | None = None) -> bool:
    """LEFT/RIGHT change the option's value; OK acts (or changes the value), `ok_cue` sounding
    first; a greyed option only sounds an error. False: the input is not the option's."""
    if event.action in (Action.LEFT, Action.RIGHT) and opt.on_change is not None:
        opt.on_change(-1 if event.action is Action.LEFT else 1)
        app.play("beep")
        return True
    if event.action is not Action.OK:
        return False
    if not opt.can_choose():
        app.play("error")
    elif opt.on_ok is not None:
        if ok_cue is not None:
            app.play(ok_cue)
        opt.on_ok()
    elif opt.on_change is not None:
        opt.on_change(1)
    return True


def handle_options(app: AppContext, options: Sequence[Option], index: int, event: Input) -> int:
    """One input on a setup list: UP/DOWN move, LEFT/RIGHT change, OK acts, BACK leaves.
    Returns the cursor."""
    index = min(index, len(options) - 1)
    moved = cursor_step(index, len(options), event)
    if moved is not None:
        return moved
    if not press_option(app, options[index], event) and event.action is Action.BACK:
        app.pop()
    return index
