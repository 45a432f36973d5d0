"""NEXT STATION TOKYO on the box, headless: set up from the screen, four rounds of reveals,
the score pad for two players, the results; resumed after a restart on the same next card."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from companion import games
from companion.data import load_station_deck
from companion.nextstation import NextStationSetup, Reveal, apply, codec
from companion.ui.nextstation import NextStationSetupScreen, play_screen
from companion.ui.nextstation.card import BACKGROUND_RGB
from companion.ui.screen import Action, Input
from tests.fakes import FakeApp, make_services


def press(app, action=None, player=None):
    app.top.handle(Input(action, player=player, t=app.now()))
    app.draw()


def start_from_setup(app, players=2):
    setup = NextStationSetupScreen(app)
    app.push(setup)
    app.draw()
    while len(setup.colors) < players:
        setup.index = next(i for i, o in enumerate(setup.items) if o.on_change == setup.count)
        press(app, Action.RIGHT)
    setup.index = len(setup.items) - 1
    press(app, Action.OK)
    assert app.top.name == "next-station-reveal"
    return app.top.session


def test_walk_four_rounds_score_two_players_and_rank(tmp_path):
    app = FakeApp.make(tmp_path)
    session = start_from_setup(app)
    assert app.played[-1] == "start"
    for round_index in range(4):
        assert app.top.state.round == round_index and app.top.state.shown == 0
        while app.top.state.phase == "reveal":
            press(app, player=round_index % 2)  # any player's button turns a card
            card = app.top.state.card
            assert app.services.leds.frame[0] == BACKGROUND_RGB[card.background]
        assert app.top.state.greens == 5
        assert app.played[-1] == "stop"
        press(app, Action.OK)
    assert app.top.name == "next-station-scoring"
    top = app.top
    for player, (districts, most) in enumerate([(5, 3), (4, 4)]):
        assert top.player == player
        top.index = 0
        for _ in range(districts):
            press(app, Action.RIGHT)
        press(app, Action.DOWN)
        for _ in range(most):
            press(app, Action.RIGHT)
        press(app, Action.OK)
    assert app.top.name == "next-station-results"
    state = session.state
    assert state.phase == "over" and session.finished
    assert [(s.player, s.total) for s in state.standings] == [(1, 16), (0, 15)]
    assert "fanfare" in app.played
    results = app.top
    press(app, Action.OK)  # a stray OK on the results: the game menu, the results stay below
    assert app.top.name == "commands" and app.stack[-2] is results
    press(app, Action.BACK)
    assert app.top is results
    press(app, Action.UP)  # correct a score: back to the pad
    assert app.top.name == "next-station-scoring" and not session.finished


def test_undo_takes_back_a_reveal(tmp_path):
    app = FakeApp.make(tmp_path)
    session = start_from_setup(app)
    press(app, Action.OK)
    press(app, Action.OK)
    second = session.state.card
    press(app, Action.UP)
    assert session.state.shown == 1
    press(app, Action.OK)
    assert session.state.card == second


def test_resume_mid_round_reveals_the_same_next_card(tmp_path):
    services = make_services(tmp_path)
    setup = NextStationSetup(("red", "blue", "green"), 1234, load_station_deck())
    session = services.new_game(codec.KIND, codec.setup_to_json(setup))
    for _ in range(3):
        session.record(Reveal())
    expected = apply(session.state, Reveal()).card
    game_id = session.game_id
    services.close()  # the power cut

    app = FakeApp(make_services(tmp_path))
    assert app.services.unfinished(codec.KIND) == game_id
    assert games.game(codec.KIND).resume_at_boot
    reopened = app.services.open_game(game_id)
    app.push(play_screen(app, reopened))
    assert app.top.name == "next-station-reveal"
    assert app.top.state.shown == 3
    press(app, Action.OK)
    assert app.top.state.card == expected


def test_a_bad_deck_file_is_one_line_and_nothing_starts(tmp_path, monkeypatch):
    (tmp_path / "next-station-deck.toml").write_text('format = "nope"\n', encoding="utf-8")
    monkeypatch.setenv("COMPANION_CALIBRATION", str(tmp_path))
    app = FakeApp.make(tmp_path / "data")
    setup = NextStationSetupScreen(app)
    app.push(setup)
    setup.index = len(setup.items) - 1
    press(app, Action.OK)
    assert app.top is setup and app.played[-1] == "error"
    assert app.toasts[-1].endswith(
        "next-station-deck.toml: format: expected 'companion/next-station-deck@1', got 'nope'"
    )
    assert app.services.games() == []


@pytest.mark.parametrize("language", ["es", "fr", "en"])
def test_every_screen_draws_in_every_language(tmp_path, language):
    from companion import i18n

    i18n.set_language(language)
    try:
        app = FakeApp.make(tmp_path)
        start_from_setup(app, players=8)
        press(app, Action.OK)
        for _ in range(4):
            while app.top.state.phase == "reveal":
                press(app, Action.OK)
            press(app, Action.OK)
        for _ in range(8):
            press(app, Action.OK)
        assert app.top.name == "next-station-results"
    finally:
        i18n.set_language("en")


def test_a_finished_game_is_in_history_and_opens_on_its_results(tmp_path):
    from companion.nextstation import EndRound, Finish, Score, Sheet
    from companion.ui.history import HistoryScreen

    app = FakeApp.make(tmp_path)
    setup = NextStationSetup(("red", "blue"), 5, load_station_deck())
    session = app.services.new_game(codec.KIND, codec.setup_to_json(setup))
    for _ in range(4):
        while session.state.phase == "reveal":
            session.record(Reveal())
        session.record(EndRound())
    session.record(Score(0, Sheet(corners=2)))
    session.record(Score(1, Sheet(corners=2)))
    session.record(Finish())
    app.push(HistoryScreen(app))
    assert "Next Station Tokyo" in app.top.items[0].text
    press(app, Action.OK)
    assert app.top.name == "history-game"
    press(app, Action.OK)
    assert app.top.name == "next-station-results"
    assert [(s.place, s.tied) for s in app.top.state.standings] == [(1, True), (1, True)]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600)])
def test_no_text_too_small_cut_or_overlapping_on_any_screen(tmp_path, size):
    """The text checker of tests/textcheck.py over every Next Station screen, es/fr/en."""
    from companion import i18n
    from companion.data import load_orange_cards
    from tests.textcheck import screen_faults

    found = []
    try:
        for language in ("es", "fr", "en"):
            i18n.set_language(language)
            app = FakeApp.make(tmp_path / f"{language}-{size[0]}", size)

            def check(where, app=app, language=language):
                found.extend(f"{language} {where}: {f}" for f in screen_faults(app))

            app.push(NextStationSetupScreen(app))
            check("setup")
            setup = NextStationSetup(
                ("red", "blue", "green"), 7, load_station_deck(), load_orange_cards(), True
            )
            session = app.services.new_game(codec.KIND, codec.setup_to_json(setup))
            app.stack.clear()
            app.push(play_screen(app, session))
            check("first card to come")
            for _ in range(4):
                while app.top.state.phase == "reveal":
                    app.top.handle(Input(Action.OK))
                    check(f"round {app.top.state.round + 1} {app.top.state.card.key}")
                app.top.handle(Input(Action.OK))
            for box in range(len(app.top.boxes)):
                app.top.index = box
                check(f"score pad box {box}")
            for _ in range(3):
                app.top.handle(Input(Action.OK))
            check("results")
    finally:
        i18n.set_language("en")
    assert not found, found[:10]
