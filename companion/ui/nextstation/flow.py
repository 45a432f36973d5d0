"""What every Next Station screen shares: the saved game it shows, recording an event through
it (a refusal is a toast, never a crash), undo, and moving on to the screen of the game's phase
(reveals, the score pad, the results), which is also where a reopened game comes back."""

from __future__ import annotations

from typing import Any

import pygame

from companion.i18n import _
from companion.names import TableNames, table_names
from companion.nextstation.game import Event, IllegalMove, NextStationState, Phase
from companion.ui.kit import draw_title, hint_height, theme_color
from companion.ui.screen import AppContext, Screen
from companion.ui.services import SavedGame

OFF: tuple[int, int, int] = (0, 0, 0)


class GameScreen(Screen):
    """A screen over one saved Next Station game; `phases`: the phases it shows."""

    phases: tuple[Phase, ...] = ()

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app)
        self.session = session

    @property
    def theme(self) -> Any:
        return self.app.services.theme

    @property
    def state(self) -> NextStationState:
        state = self.session.state
        if not isinstance(state, NextStationState):
            raise TypeError(f"not a Next Station game: {state!r}")
        return state

    @property
    def names(self) -> TableNames:
        """How the players are named: "Ana (Red)" where a name was chosen at setup."""
        return table_names(self.session.setup)

    def record(self, event: Event) -> bool:
        """Save `event`; False (an error sound and the reason) when the game refuses it."""
        try:
            self.session.record(event)
        except IllegalMove as refusal:
            self.app.play("error")
            self.app.toast(_(refusal.reason), "bad")
            return False
        self.follow()
        return True

    def undo(self) -> None:
        """Take back the last entry (a reveal, a round's end, a player's score)."""
        if self.session.undo(1):
            self.app.play("prompt")
            self.app.toast(_("Undone"))
            self.follow()
        else:
            self.app.play("error")

    def follow(self) -> None:
        """Another screen shows the game's phase now: go there."""
        if self.state.phase not in self.phases:
            self.app.replace(play_screen(self.app, self.session))

    def open_menu(self) -> None:
        """The game menu every game has; leaving is its confirmed "Main menu" row."""
        from companion.games import NEXT_STATION
        from companion.ui.gamemenu import game_menu_items
        from companion.ui.kit import MenuScreen

        items = game_menu_items(self.app, NEXT_STATION, [], self.app.pop)
        self.app.push(MenuScreen(self.app, _(NEXT_STATION.title), items))

    def frame(self, surface: pygame.Surface, title: str, subtitle: str) -> tuple[int, int]:
        """The background and the title bar: the body's (top, bottom), above the hint bar."""
        theme = self.theme
        surface.fill(theme_color(theme, "background"))
        top = draw_title(surface, theme, title, subtitle)
        return top, surface.get_height() - hint_height(theme) - theme.margin

    def light(self, color: tuple[int, int, int]) -> None:
        leds = self.app.services.leds
        leds.show([color] * leds.count)


def play_screen(app: AppContext, session: SavedGame[object]) -> Screen:
    """The screen of the game's phase: the registry's `resume_screen`."""
    from companion.ui.nextstation.results import ResultsScreen
    from companion.ui.nextstation.reveal import RevealScreen
    from companion.ui.nextstation.scoring import ScoringScreen

    screens: tuple[type[GameScreen], ...] = (RevealScreen, ScoringScreen, ResultsScreen)
    state = session.state
    phase = state.phase if isinstance(state, NextStationState) else "reveal"
    screen = next(cls for cls in screens if phase in cls.phases)
    return screen(app, session)
