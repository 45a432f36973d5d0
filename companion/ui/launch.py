"""Opening games' screens from the registry (`companion.games`): set up, start, resume."""

from __future__ import annotations

from companion import games
from companion.games import GameSpec
from companion.i18n import _
from companion.ui.screen import AppContext, Screen
from companion.ui.services import JSONObject, SavedGame


def _screen(made: object) -> Screen:
    if not isinstance(made, Screen):
        raise TypeError(f"expected a screen, got {made!r}")
    return made


def setup_screen(app: AppContext, spec: GameSpec) -> Screen:
    """What the main menu opens for this game (its setup)."""
    return _screen(games.load(spec.new_screen)(app))


def play_screen(app: AppContext, spec: GameSpec, session: SavedGame[object]) -> Screen:
    """Where a started or opened saved game goes on."""
    if spec.resume_screen is None:
        raise KeyError(f"{spec.key} games cannot be resumed")
    return _screen(games.load(spec.resume_screen)(app, session))


def start(app: AppContext, key: str, setup: JSONObject) -> SavedGame[object]:
    """Save a new game of this kind and show its screen."""
    session = app.services.new_game(key, setup)
    app.push(play_screen(app, games.game(key), session))
    app.play("start")
    return session


def resume(app: AppContext, game_id: int) -> bool:
    """Open a saved game and show it where it was; False (with a toast) if it is unreadable."""
    kind = next((i.kind for i in app.services.games() if i.id == game_id), None)
    session = app.services.open_game(game_id) if kind is not None else None
    if kind is None or session is None:
        app.toast(_("This saved game cannot be read any more"), "bad", 5.0)
        app.play("error")
        return False
    app.push(play_screen(app, games.game(kind), session))
    return True


def unfinished_at_boot(app: AppContext) -> int | None:
    """The newest unfinished game of a kind that reopens when the box starts."""
    found = [
        game_id
        for spec in games.GAMES
        if spec.resume_at_boot and (game_id := app.services.unfinished(spec.key)) is not None
    ]
    return max(found, default=None)


def metro_home(app: AppContext, session: SavedGame[object]) -> Screen:
    """The Metro screens' entry point: the income track (over `services.session`)."""
    from companion.ui.metro import MetroHome

    return MetroHome(app)
