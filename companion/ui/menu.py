"""The main menu: resume, a new Metro game, the other games, history, settings, quit."""

from __future__ import annotations

import importlib

from companion.app import games
from companion.i18n import _
from companion.ui.kit import ConfirmDialog, ListMenu, Option
from companion.ui.screen import Action, AppContext, Input


def _optional_screen(app: AppContext, module: str, cls: str, label: str) -> None:
    try:
        screen = getattr(importlib.import_module(module), cls)(app)
    except (ImportError, AttributeError):
        app.toast(_("{game} is not available yet").format(game=label))  # type: ignore[attr-defined]
        app.play("error")
        return
    app.push(screen)


class MainMenu(ListMenu):
    name = "main-menu"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Companion"))
        services = app.services
        self.items = [
            Option(
                lambda: _("Resume the game"),
                on_ok=self.resume,
                enabled=lambda: games.unfinished_game(services) is not None,
            ),
            Option(lambda: _("New Tokyo Metro game"), on_ok=self.new_game),
            Option(
                lambda: _("Tokyo Jutaku"),
                on_ok=lambda: _optional_screen(
                    app, "companion.ui.jutaku", "JutakuHome", _("Jutaku")
                ),
            ),
            Option(
                lambda: _("Countdown"),
                on_ok=lambda: _optional_screen(
                    app, "companion.ui.countdown", "CountdownScreen", _("Countdown")
                ),
            ),
            Option(lambda: _("History"), on_ok=self.history),
            Option(lambda: _("Settings"), on_ok=self.settings),
            Option(lambda: _("Quit"), on_ok=self.quit),
        ]

    def enter(self) -> None:
        if games.unfinished_game(self.app.services) is None and self.index == 0:
            self.index = 1

    def resume(self) -> None:
        game_id = games.unfinished_game(self.app.services)
        if game_id is not None:
            games.resume_game(self.app, game_id)

    def new_game(self) -> None:
        from companion.ui.setup import SetupScreen

        self.app.push(SetupScreen(self.app))

    def history(self) -> None:
        from companion.ui.history import HistoryScreen

        self.app.push(HistoryScreen(self.app))

    def settings(self) -> None:
        from companion.ui.settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def quit(self) -> None:
        self.app.push(ConfirmDialog(self.app, lambda: _("Turn the companion off?"), self._stop))

    def _stop(self) -> None:
        self.app.running = False  # type: ignore[attr-defined]

    def handle(self, event: Input) -> None:
        if event.action is Action.BACK:
            return
        super().handle(event)
