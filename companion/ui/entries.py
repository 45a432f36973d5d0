"""Entries the table games share (the shopping game, Chocolate milk): save an event and show a
refusal, ask who, undo the last entry, and the main screen's buttons (`TableScreen`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Self

from companion.colors import color_name
from companion.i18n import _
from companion.jutaku.players import Seat
from companion.metro.errors import IllegalEvent
from companion.narrate import explain
from companion.ui.kit import MenuScreen, Option
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import SavedGame


def record(app: AppContext, session: SavedGame[object], event: object) -> bool:
    """Save `event`; a refusal is shown as a toast. True when it was saved."""
    try:
        session.record(event)
    except IllegalEvent as refusal:
        app.play("error")
        app.toast(explain(refusal), "bad")
        return False
    return True


def reason(refusal: IllegalEvent | None) -> str | None:
    """A menu row's greyed reason from the core's `why_not`."""
    return None if refusal is None else explain(refusal)


def ask_player(
    app: AppContext,
    session: SavedGame[object],
    seats: Sequence[Seat],
    then: Callable[[int], None],
) -> None:
    """A menu of the players (then `then(player)`) with "Undo the last entry" at its end."""

    def chosen(player: int) -> None:
        app.pop()
        then(player)

    def undo() -> None:
        app.pop()
        if session.undo():
            app.play("prompt")
            app.toast(_("Undone"))
        else:
            app.play("error")

    items: list[tuple[Option, Callable[[], None]]] = [
        (Option(color_name(seat.color), player=seat.color), lambda p=p: chosen(p))  # type: ignore[misc]
        for p, seat in enumerate(seats)
    ]
    items.append((Option(_("Undo the last entry")), undo))
    app.push(MenuScreen(app, _("Who?"), items))


class TableScreen(Screen):
    """A table game's main screen over its saved session: a player's button opens that player's
    entries (`player_menu`), OK asks who first (or, once the game is over, leaves), Back
    leaves. The state needs `seats` and `over`."""

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app)
        self.session = session

    @classmethod
    def resumed(cls, app: AppContext, session: SavedGame[object]) -> Self:
        return cls(app, session)

    def player_menu(self, player: int) -> None:
        raise NotImplementedError

    def other(self, event: Input) -> None:
        """An input this class does not handle itself."""

    def handle(self, event: Input) -> None:
        s: Any = self.session.state
        if event.player is not None and event.player < len(s.seats) and not s.over:
            self.player_menu(event.player)
        elif event.action is Action.OK:
            if s.over:
                self.app.pop()
            else:
                ask_player(self.app, self.session, s.seats, self.player_menu)
        elif event.action is Action.BACK:
            self.app.pop()
        else:
            self.other(event)
