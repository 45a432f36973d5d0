"""Past games of every saved kind in the registry: newest first; resume one, or export it. With
a solo Metro game finished, the first row opens the solo high-score table."""

from __future__ import annotations

import time
from collections.abc import Sequence

from companion import games
from companion.colors import color_letter
from companion.i18n import _
from companion.jutaku.views import Placing, standings_text
from companion.store import GameInfo
from companion.ui import launch
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext


def describe(info: GameInfo, result: Sequence[Placing] = ()) -> str:
    """Game, date, and its winner(s) once finished (else the players and "unfinished"): one row;
    the whole ranking is on the game's own page."""
    return f"{headline(info)}  {outcome(info, result)}"


def headline(info: GameInfo) -> str:
    """The game (and its map) and when it was played."""
    when = time.strftime("%d/%m %H:%M", time.localtime(info.created))
    return f"{_(games.game(info.kind).title)}{_played_on(info)}  {when}"


def outcome(info: GameInfo, result: Sequence[Placing] = (), short: bool = False) -> str:
    """Its winner(s) once finished, else the players and "unfinished"; `short`: the first
    winner and how many more share the place ("" with a single winner)."""
    winners = [p for p in result if p[0] == 1]
    if short:
        if len(winners) < 2:
            return ""
        more = _("{n} more tied").format(n=len(winners) - 1)
        return f"{standings_text(winners[:1])} · {more}"
    if winners:
        return standings_text(winners)
    players = " ".join(color_letter(c) for c in info.setup.get("colors", []))
    status = _("finished") if info.finished is not None else _("unfinished")
    return f"{players}  ({status})"


def _played_on(info: GameInfo) -> str:
    """A Metro game's map and action cards (a map's own cards are named as it is), when
    either is not Tokyo's: " (Osaka, Osaka cards)"; nothing for the base game."""
    from companion.ui.setup import CARD_NAMES

    if info.kind != games.METRO.key:
        return ""
    where = str(info.setup.get("map_name", info.setup.get("map", "tokyo")))
    cards = info.setup.get("cards") or where
    if where == "tokyo" and cards == "tokyo":
        return ""
    parts = [where.title()] + ([_(CARD_NAMES[cards])] if cards in CARD_NAMES else [])
    return f" ({', '.join(parts)})"


class HistoryScreen(ListMenu):
    name = "history"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("History"))
        self.hint = lambda: _("OK: open · Back: return")
        self.stacked = True

    def enter(self) -> None:
        kinds = {spec.key for spec in games.saved_games() if spec.resume_screen is not None}
        infos = [i for i in self.app.services.games() if i.kind in kinds]
        self.items = [self._item(info) for info in infos[:50]]
        if self.app.services.solo_results():
            self.items.insert(0, Option(lambda: _("Solo high scores"), on_ok=self.open_solo))
        if not self.items:
            self.items = [Option(lambda: _("No saved games yet"))]
        if self.app.services.roster.players():  # records count the names chosen at setup
            self.items.append(Option(lambda: _("Players' records"), on_ok=self.records))
        self.index = min(self.index, len(self.items) - 1)

    def _item(self, info: GameInfo) -> Option:
        result = self.app.services.result(info.id)
        return Option(
            lambda: headline(info),
            detail=lambda: outcome(info, result),
            short_detail=lambda: outcome(info, result, short=True),
            on_ok=lambda: self.open(info),
        )

    def open_solo(self) -> None:
        from companion.ui.solo_scores import SoloScoresScreen

        self.app.push(SoloScoresScreen(self.app))

    def open(self, info: GameInfo) -> None:
        self.app.push(GameActions(self.app, info))

    def records(self) -> None:
        from companion.ui.records import RecordsScreen

        self.app.push(RecordsScreen(self.app))


class GameActions(ListMenu):
    name = "history-game"

    def __init__(self, app: AppContext, info: GameInfo) -> None:
        result = app.services.result(info.id)
        super().__init__(app, lambda: describe(info, result))
        self.info = info
        self.items = [
            Option(lambda: _("Resume") if info.finished is None else _("Open"), on_ok=self.resume)
        ]
        if games.game(info.kind).export_format is not None:
            self.items.append(Option(lambda: _("Export as JSON"), on_ok=self.export))
        self.items += [Option(f"{rank}. {name}", detail=figure) for rank, name, figure in result]

    def resume(self) -> None:
        self.app.pop()
        launch.resume(self.app, self.info.id)

    def export(self) -> None:
        path = self.app.services.export_game(self.info.id)
        self.app.toast(_("Saved to {path}").format(path=path))
