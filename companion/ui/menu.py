"""The main menu: resume, one entry per game of the registry, history, settings, quit."""

from __future__ import annotations

from companion import games
from companion.games import GameSpec
from companion.i18n import _
from companion.ui import launch
from companion.ui.kit import ConfirmDialog, ListMenu, Option
from companion.ui.screen import Action, AppContext, Input


class MainMenu(ListMenu):
    name = "main-menu"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Companion"))
        self.items = [
            Option(
                lambda: _("Resume the game"),
                on_ok=self.resume,
                enabled=lambda: launch.unfinished_at_boot(app) is not None,
            ),
            *(self._game_item(spec) for spec in games.GAMES),
            Option(lambda: _("History"), on_ok=self.history),
            Option(lambda: _("Settings"), on_ok=self.settings),
            Option(lambda: _("Turn off"), on_ok=self.quit),
        ]

    def _game_item(self, spec: GameSpec) -> Option:
        return Option(lambda: _(spec.menu_label), on_ok=lambda: self.open(spec))

    def enter(self) -> None:
        if launch.unfinished_at_boot(self.app) is None and self.index == 0:
            self.index = 1

    def resume(self) -> None:
        game_id = launch.unfinished_at_boot(self.app)
        if game_id is not None:
            launch.resume(self.app, game_id)

    def open(self, spec: GameSpec) -> None:
        self.app.push(launch.setup_screen(self.app, spec))

    def history(self) -> None:
        from companion.ui.history import HistoryScreen

        self.app.push(HistoryScreen(self.app))

    def settings(self) -> None:
        from companion.ui.settings import SettingsScreen

        self.app.push(SettingsScreen(self.app))

    def quit(self) -> None:
        power = self.app.services.power

        def off() -> None:
            power.request()
            self.app.quit()

        def question() -> str:
            if power.shuts_down:
                return _("Turn off the box? The Pi shuts down.")
            return _("Quit? This computer stays on.")

        self.app.push(ConfirmDialog(self.app, question, off))

    def handle(self, event: Input) -> None:
        if event.action is Action.BACK:
            return
        super().handle(event)
