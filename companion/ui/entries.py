"""Entries the table games share (the shopping game, Chocolate milk): save an event and show a
refusal, ask who, undo the last entry, and the main screen's buttons (`TableScreen`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self

from companion.games import GameSpec
from companion.i18n import _
from companion.jutaku.players import Seat
from companion.metro.errors import IllegalEvent
from companion.names import TableNames, table_names
from companion.narrate import explain
from companion.ui.gamemenu import game_menu_items
from companion.ui.kit import MenuScreen, Option
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import SavedGame


def record(app: AppContext, session: SavedGame[object], event: object) -> bool:
    """Save `event`; a refusal is shown as a toast. True when it was saved."""
    try:
        session.record(event)
    except IllegalEvent as refusal:
        app.play("error")
        app.toast(explain(refusal, names=table_names(session.setup).label), "bad")
        return False
    return True


def reason(refusal: IllegalEvent | None) -> str | None:
    """A menu row's greyed reason from the core's `why_not`."""
    return None if refusal is None else explain(refusal)


def undo_last(app: AppContext, session: SavedGame[object]) -> None:
    """Close the menu on top, then take back the last entry (an error sound when none)."""
    app.pop()
    if session.undo():
        app.play("prompt")
        app.toast(_("Undone"))
    else:
        app.play("error")


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

    names = table_names(session.setup)
    items: list[tuple[Option, Callable[[], None]]] = [
        (Option(names.short(seat.color), player=seat.color), lambda p=p: chosen(p))  # type: ignore[misc]
        for p, seat in enumerate(seats)
    ]
    items.append((Option(_("Undo the last entry")), lambda: undo_last(app, session)))
    app.push(MenuScreen(app, _("Who?"), items))


class TableScreen(Screen):
    """A table game's main screen over its saved session: a player's button opens that player's
    entries (`player_menu`), OK asks who first, Back opens the game menu (`spec`'s, with "Undo
    the last entry"). Once the game is over OK and Back only open that menu: the ranking stays
    until its "Main menu". The state needs `seats` and `over`."""

    spec: ClassVar[GameSpec]

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app)
        self.session = session

    @classmethod
    def resumed(cls, app: AppContext, session: SavedGame[object]) -> Self:
        return cls(app, session)

    @property
    def names(self) -> TableNames:
        """How the players are named: "Ana (Red)" where a name was chosen at setup."""
        return table_names(self.session.setup)

    def player_menu(self, player: int) -> None:
        raise NotImplementedError

    def other(self, event: Input) -> None:
        """An input this class does not handle itself."""

    def handle(self, event: Input) -> None:
        s: Any = self.session.state
        if event.player is not None and event.player < len(s.seats) and not s.over:
            self.player_menu(event.player)
        elif event.action is Action.OK and not s.over:
            ask_player(self.app, self.session, s.seats, self.player_menu)
        elif event.action in (Action.OK, Action.BACK):
            self.open_menu()
        else:
            self.other(event)

    def open_menu(self) -> None:
        """The game menu; leaving is its "Main menu" row (the game is kept)."""
        undo = (Option(_("Undo the last entry"), "undo"), lambda: undo_last(self.app, self.session))
        items = game_menu_items(self.app, self.spec, [undo], self.app.pop)
        self.app.push(MenuScreen(self.app, _(self.spec.title), items))
