"""Past games: newest first; resume one, or export it as JSON into the data folder."""

from __future__ import annotations

import time

from companion.app import games
from companion.colors import color_letter
from companion.i18n import _
from companion.store import GameInfo
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext


def describe(info: GameInfo) -> str:
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.created))
    players = " ".join(color_letter(c) for c in info.setup.get("colors", []))
    status = _("finished") if info.finished is not None else _("unfinished")
    return f"{when}  {players}  ({status})"


class HistoryScreen(ListMenu):
    name = "history"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("History"))
        self.hint = lambda: _("OK: open · Back: return")

    def enter(self) -> None:
        infos = [i for i in self.app.services.store.games() if i.kind == "metro"]
        self.items = [
            Option(lambda i=info: describe(i), on_ok=lambda i=info: self.open(i))  # type: ignore[misc]
            for info in infos[:50]
        ]
        if not self.items:
            self.items = [Option(lambda: _("No saved games yet"))]
        self.index = min(self.index, len(self.items) - 1)

    def open(self, info: GameInfo) -> None:
        self.app.push(GameActions(self.app, info))


class GameActions(ListMenu):
    name = "history-game"

    def __init__(self, app: AppContext, info: GameInfo) -> None:
        super().__init__(app, lambda: describe(info))
        self.info = info
        self.items = [
            Option(lambda: _("Resume") if info.finished is None else _("Open"), on_ok=self.resume),
            Option(lambda: _("Export as JSON"), on_ok=self.export),
        ]

    def resume(self) -> None:
        self.app.pop()
        games.resume_game(self.app, self.info.id)

    def export(self) -> None:
        path = games.export_game(self.app.services, self.info.id)
        self.app.toast(_("Saved to {path}").format(path=path))  # type: ignore[attr-defined]
