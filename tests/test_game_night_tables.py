"""Game night at the tables: a Jutaku game and a Countdown game driven through the real app's
screens with the navigation and player buttons (gpiozero MockFactory), each ending on its final
screen, where stray OKs lose nothing; then History lists both with their results, and the
Metro game saved that night too. Every frame on the way reads from across the table
(tests/textcheck.py)."""

import pytest

from companion.app.boot import shutdown
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.metro.events import EndGame, Invest
from tests.mock_buttons import PLAYERS, button_app, nav, press, wait
from tests.textcheck import MAY_LEAVE_OUT, watch_app


@pytest.fixture
def app(tmp_path, mock_pins):
    application = button_app(tmp_path / "data", mock_pins)
    application.text_faults = watch_app(application, cuts=True, left_out=MAY_LEAVE_OUT)
    try:
        yield application
    finally:
        shutdown(application)


def choose(app, label):
    """On the main menu, move to the row saying `label` and press OK."""
    menu = app.top
    assert menu.name == "main-menu"
    row = next(i for i, o in enumerate(menu.items) if o.text == label)
    while menu.index != row:
        nav(app, "down")
    nav(app, "ok")


def stray_oks_then_main_menu(app, screen, name):
    """Five quick OKs on the final screen: it stays (the menu opens and closes); the result is
    saved. Then the deliberate way out: the menu's last row, Main menu, confirmed."""
    for _ in range(5):
        nav(app, "ok")
    assert app.top is screen or app.top.name == "commands"
    if app.top.name == "commands":
        nav(app, "back")
    assert app.top is screen and screen.state.phase == "over"
    assert app.services.unfinished(name) is None
    nav(app, "back", "up", "ok", "right", "ok")
    assert app.top.name == "main-menu"


def play_jutaku(app):
    choose(app, "Tokyo Jutaku")
    assert app.top.name == "jutaku-setup"
    nav(app, *["down"] * 6, "ok")  # 3 players, no limit, no BOTTLE BONUS: start
    screen = app.top
    assert screen.name == "jutaku"
    for round_no in range(4):
        nav(app, "ok")  # «¡Empezad!»
        wait(app, 2)
        press(app, PLAYERS[1])  # Blue: «¡alto!»
        nav(app, "left")  # not good: the round goes on
        assert screen.state.phase == "building"
        wait(app, 1)
        press(app, PLAYERS[2])  # Green
        press(app, PLAYERS[2])  # its own button: +¥1,000
        nav(app, "ok")  # good
        if round_no < 3:
            nav(app, "ok", "ok", "ok")
    assert screen.state.phase == "over"
    assert J.totals(screen.state) == (0, 0, 44000)
    stray_oks_then_main_menu(app, screen, "jutaku")


def play_countdown(app):
    choose(app, "Countdown")
    assert app.top.name == "countdown-setup"
    nav(app, "left", "left")  # 2 players
    nav(app, "down", "down", "down", "right")  # floor times: the next preset (90, 60, 45, 30 s)
    nav(app, "down", "ok")
    screen = app.top
    assert screen.name == "countdown" and C.floor_duration(screen.state.options, 1) == 90.0
    nav(app, "ok")  # floor 1
    for _ in range(3):
        press(app, PLAYERS[0])
    press(app, PLAYERS[1])
    wait(app, 91)
    assert screen.state.phase == "between"
    nav(app, "ok")  # floor 2 (60 s): only Red places; Blue is out
    press(app, PLAYERS[0])
    wait(app, 62)
    nav(app, "ok")  # floor 3: Red places nothing: everyone is out
    wait(app, 47)
    assert screen.state.phase == "over" and C.scores(screen.state) == (4, 1)
    stray_oks_then_main_menu(app, screen, "countdown")


def save_a_metro_game(app):
    session = app.services.new_game("metro", {"map_name": "tokyo", "colors": ["red", "blue"]})
    session.record(Invest("red", "G", 0))
    session.record(EndGame())
    assert session.finished


def test_jutaku_and_countdown_results_are_in_history(app):
    assert app.top.name == "main-menu"
    play_jutaku(app)
    play_countdown(app)
    save_a_metro_game(app)
    choose(app, "History")
    assert app.top.name == "history"
    rows = [f"{o.text}  {o.shown_detail}" for o in app.top.items]
    assert len(rows) == 3
    metro, countdown, jutaku = rows
    assert metro.startswith("Tokyo Metro") and "1. Red ¥" in metro
    assert countdown.startswith("Countdown") and countdown.endswith("1. Red 4")
    assert jutaku.startswith("Tokyo Jutaku") and jutaku.endswith("1. Green ¥44,000")
    nav(app, "down", "down", "ok")  # the Jutaku game's page: its whole ranking
    assert app.top.name == "history-game"
    ranking = [(o.text, o.shown_detail) for o in app.top.items[1:]]
    assert ranking == [("1. Green", "¥44,000"), ("2. Red", "¥0"), ("2. Blue", "¥0")]
    nav(app, "back", "up", "ok")  # the Countdown game's page
    assert [(o.text, o.shown_detail) for o in app.top.items[1:]] == [
        ("1. Red", "4"),
        ("2. Blue", "1"),
    ]
    nav(app, "ok")  # opened again: on its final screen, still over
    assert app.top.name == "countdown" and app.top.state.phase == "over"
    assert not app.text_faults, app.text_faults
