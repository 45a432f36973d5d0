"""Every game's menu, one vocabulary: "Back to the game" first, the game's own commands, "How to
use the box", and "Main menu" (with a confirm) last. BACK only closes the menu: leaving a game
is always that explicit last choice. The rows' values ("back", "howto", "main-menu") let a
script pick them whatever the language."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games import GameSpec
from companion.i18n import _
from companion.ui.kit import Option, confirm
from companion.ui.screen import AppContext

Item = tuple[Option, Callable[[], None]]


def game_menu_items(
    app: AppContext, spec: GameSpec, commands: Sequence[Item], leave: Callable[[], None]
) -> list[Item]:
    """The menu's rows around the game's `commands`. `leave` runs once the menu is closed and
    the players confirmed (it pops the game's screens; the game is kept)."""

    def howto() -> None:
        from companion.ui.howto import HowToScreen

        app.pop()
        app.push(HowToScreen(app, spec))

    def main_menu() -> None:
        def go() -> None:
            app.pop()
            leave()

        confirm(app, _("Main menu? The game is kept."), go)

    items: list[Item] = [(Option(_("Back to the game"), "back"), app.pop), *commands]
    if spec.howto:
        items.append((Option(_("How to use the box"), "howto"), howto))
    items.append((Option(_("Main menu"), "main-menu"), main_menu))
    return items
