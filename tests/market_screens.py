"""What the shopping game's and Chocolate milk's screen tests share (their screens are built on
the same `ui/seats_setup.py` and `ui/entries.py`): a screen drawn with its text judged, the walk
from the setup into the game, a saved game resumed, and the final screen in every language.
`SHOTS=dir` saves a PNG of each screen drawn."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import pygame

from companion import i18n
from tests.screen_fakes import FakeApp
from tests.textcheck import screen_faults


def shot(app: FakeApp, name: str) -> None:
    """Draw the screen, judge its text (tests/textcheck.py) and save it when SHOTS is set."""
    faults = screen_faults(app)
    assert not faults, f"{name} in {i18n.language()}: {faults}"
    folder = os.environ.get("SHOTS")
    if folder:
        pygame.image.save(app.draw(), os.path.join(folder, f"{name}-{i18n.language()}.png"))


def shots(app: FakeApp, name: str) -> None:
    """`shot` in Spanish, French and English (the test's language is English again after)."""
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        shot(app, name)


def cursor_to(app: FakeApp, labels: Sequence[str], start: str) -> None:
    """Move the top screen's cursor down to the row whose label starts with `start`."""
    index = next(i for i, text in enumerate(labels) if text.startswith(start))
    while app.top.cursor != index:
        app.press("down")


def open_setup(home: type, name: str, lang: str) -> FakeApp:
    """A box in `lang` on the game's setup screen (drawn as `name`-setup)."""
    i18n.set_language(lang)
    app = FakeApp(None)
    app.push(home(app))
    shot(app, f"{name}-setup")
    return app


def start_game(app: FakeApp, screen: type) -> Any:
    """From the setup: down to "Start the game", OK; the game's session."""
    labels = [o.text for o in app.top.options()]
    while labels[app.top.index] != i18n._("Start the game"):
        app.press("down")
    app.press("ok")
    assert isinstance(app.top, screen)
    return app.top.session


def resume(app: FakeApp, game: Any, screen: Any) -> Any:
    """The saved game opened again from the store, on its play screen: its session."""
    again = app.services.open_game(game.game_id)
    assert again.state == game.state
    app.replace(screen.resumed(app, again))
    return again


def end_and_leave(app: FakeApp, name: str) -> None:
    """The final screen in every language, then left by its game menu."""
    shots(app, name)
    app.leave_by_the_menu()
    assert not app.stack
