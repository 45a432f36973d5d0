"""At setup: which roster name plays each colour (optional; nobody is named by default)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.i18n import _
from companion.jutaku.players import Seat
from companion.records import SEAT_NAMES
from companion.roster import Player
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext

Chosen = dict[str, Player]
"""Colour -> the roster player chosen for it."""


class SeatNamesScreen(ListMenu):
    """One row per colour: LEFT/RIGHT go through the roster's names not taken by another seat,
    and "nobody"; BACK returns to the setup with the choice kept in `chosen`."""

    name = "seat-names"

    def __init__(self, app: AppContext, colors: list[str], chosen: Chosen) -> None:
        super().__init__(app, lambda: _("Players' names"))
        self.colors = colors
        self.chosen = chosen
        self.roster = app.services.roster.players()
        self.hint = lambda: _("Left/right: name · Back: done")
        if not self.roster:
            self.items = [Option(lambda: _("No names yet: add them in Settings → Players"))]
            return
        self.items = [
            Option(
                "",
                player=color,
                detail=lambda c=color: self.detail(c),  # type: ignore[misc]
                on_change=lambda d, c=color: self.cycle(c, d),  # type: ignore[misc]
            )
            for color in colors
        ]

    def detail(self, color: str) -> str:
        player = self.chosen.get(color)
        return player.name if player is not None else _("nobody")

    def cycle(self, color: str, delta: int) -> None:
        taken = {p.id for c, p in self.chosen.items() if c != color and c in self.colors}
        choices: list[Player | None] = [None, *(p for p in self.roster if p.id not in taken)]
        current = self.chosen.get(color)
        at = next((i for i, p in enumerate(choices) if p is not None and p == current), 0)
        new = choices[(at + delta) % len(choices)]
        if new is None:
            self.chosen.pop(color, None)
        else:
            self.chosen[color] = new


def names_option(app: AppContext, colors: Callable[[], list[str]], chosen: Chosen) -> list[Option]:
    """A setup's "Names" row, opening `SeatNamesScreen`; no row while the roster is
    empty (Settings -> Players), so a box without names shows the setup as it always was."""
    if not app.services.roster.players():
        return []

    def detail() -> str:
        named = [p.name for c, p in chosen.items() if c in colors()]
        return ", ".join(named) if named else _("none")

    def short() -> str:
        named = [c for c in chosen if c in colors()]
        return _("{n} names chosen").format(n=len(named)) if len(named) > 1 else ""

    def choose() -> None:
        app.push(SeatNamesScreen(app, colors(), chosen))

    return [Option(lambda: _("Names"), detail=detail, short_detail=short, on_ok=choose)]


def named_seats(seats: tuple[Seat, ...], chosen: Chosen) -> tuple[Seat, ...]:
    """Jutaku and Countdown seats with the roster names chosen for their colours."""
    return tuple(replace(s, name=chosen[s.color].name) if s.color in chosen else s for s in seats)


def names_in_setup(colors: list[str], chosen: Chosen) -> dict[str, dict[str, object]]:
    """What the saved setup keeps: the names of the colours playing (`records.seat_names`)."""
    return {c: {"id": p.id, "name": p.name} for c, p in chosen.items() if c in colors}


def with_names(setup: dict[str, Any], colors: list[str], chosen: Chosen) -> dict[str, Any]:
    """`setup` with the names chosen for `colors` under `records.SEAT_NAMES`; as it was (no
    key at all, as before names existed) when nobody was named."""
    names = names_in_setup(colors, chosen)
    return {**setup, SEAT_NAMES: names} if names else setup
