"""The solo high-score table: the best solo Metro games on each map with each card set, from
the saved history; opened from the History screen. Any button but UP/DOWN goes back."""

from __future__ import annotations

import time

from companion.i18n import _
from companion.metro.solo import high_scores
from companion.money import yen
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext

KEEP = 5
"""Games listed per map and card set."""


def table_name(map_id: str, cards: str) -> str:
    """ "Tokyo map, Osaka cards"."""
    return _("{map} map, {cards} cards").format(map=map_id.title(), cards=cards.title())


class SoloScoresScreen(ListMenu):
    name = "solo-scores"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Solo high scores"))
        self.hint = lambda: _("Up/down: scroll · Back: return")

    def enter(self) -> None:
        created = {info.id: info.created for info in self.app.services.games()}
        items: list[Option] = []
        for (map_id, cards), best in high_scores(self.app.services.solo_results(), KEEP).items():
            items.append(Option(lambda m=map_id, k=cards: table_name(m, k)))  # type: ignore[misc]
            for rank, r in enumerate(best, start=1):
                when = created.get(r.game_id) if r.game_id is not None else None
                day = time.strftime("%d/%m/%Y", time.localtime(when)) if when else ""
                items.append(Option(f"   {rank}. {yen(r.total)}", detail=day))
        self.items = items or [Option(lambda: _("No solo game finished yet"))]
        self.index = min(self.index, len(self.items) - 1)
