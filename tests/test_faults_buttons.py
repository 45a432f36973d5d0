"""Fault: ten thousand random button presses across random screens, headless, through the app's
input queue (as the GPIO thread delivers them). No screen may raise anything but the rules'
own refusals (shown as a message), the app is restarted whenever the presses turn it off, and
every game left in the store folds back into a valid state."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

pytest.importorskip("companion.app.boot")

from companion.app.boot import shutdown
from companion.app.session import MetroSession
from companion.config import Config, InputConfig, ScreenConfig
from companion.errors import UserError
from companion.metro import MetroState, format_state, parse_state
from companion.metro.errors import MetroError
from companion.ui.screen import Action, Input
from tests.conftest import headless_app

PRESSES = 10_000
ACTIONS = list(Action)


class ScreenErrors(logging.Handler):
    """Collects the exceptions the app's guard caught (it logs them with a traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.unexpected: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info and record.exc_info[1] is not None:
            exc = record.exc_info[1]
            if not isinstance(exc, UserError | MetroError):
                self.unexpected.append(f"{type(exc).__name__}: {exc} ({record.getMessage()})")


def start(folder: Path):  # type: ignore[no-untyped-def]
    config = Config(
        screen=ScreenConfig(size=(480, 320), fps=30),
        input=InputConfig(gpio="off", hold_time=0.5),
        language="en",
    )
    return headless_app(folder, config, strict=False)


def check_state(state: MetroState, board) -> None:  # type: ignore[no-untyped-def]
    assert parse_state(format_state(state), board) == state
    colors = {p.color for p in state.players}
    assert len(colors) == len(state.players) >= 2
    assert state.round >= 1
    for owner in state.stations.values():
        assert owner in colors
    for line_id, line in state.lines.items():
        assert line.value >= 0, line_id
        assert set(line.shares) <= colors
    for line_id, train in state.trains.items():
        assert 1 <= train.stop <= board.lines[line_id].length


def random_input(rng: random.Random, t: float) -> Input:
    if rng.random() < 0.8:
        # OK and the arrows more often than BACK, so the presses get deep into the screens
        action = rng.choices(ACTIONS, weights=[3, 3, 2, 2, 4, 1])[0]
        return Input(action, t=t)
    return Input(player=rng.randrange(5), long=rng.random() < 0.2, t=t)


def test_ten_thousand_random_presses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # only the small test map on offer: loading the full Tokyo map at every resume and export
    # (about 0.5 s each here) would take most of the time budget
    monkeypatch.setenv("COMPANION_CALIBRATION", str(tmp_path / "calibration"))
    rng = random.Random(20261129)
    errors = ScreenErrors()
    logging.getLogger("companion").addHandler(errors)
    folder = tmp_path / "data"
    app = start(folder)
    restarts = 0
    screens: set[str] = set()
    try:
        sent = 0
        while sent < PRESSES:
            for _ in range(rng.choice((1, 2, 3, 4))):
                app.inject(random_input(rng, app.now()))
                sent += 1
            app.run(max_frames=app.frames + rng.choice((1, 1, 1, 6)))
            if app.top is not None:
                screens.add(app.top.name)
            if not app.running or not app.stack:  # "Quit" chosen: the box starts again
                shutdown(app)
                app = start(folder)
                restarts += 1
            session = app.services.session
            if session is not None and sent % 500 == 0:
                check_state(session.state, session.rules.board)
    finally:
        logging.getLogger("companion").removeHandler(errors)
        services = app.services
        stored = [info.id for info in services.store.games() if info.kind == "metro"]
        for game_id in stored:
            session = MetroSession.open(services.store, game_id)
            check_state(session.state, session.rules.board)
            if services.session is not None and services.session.game_id == game_id:
                assert session.state == services.session.state  # the log folds to the same
        shutdown(app)
    assert errors.unexpected == [], errors.unexpected[:5]
    assert len(screens) >= 5, screens  # the presses really went through the screens
    print(f"{PRESSES} presses, {len(screens)} screens, {len(stored)} games, {restarts} restarts")
