"""The Metro game screens driven headless by injected inputs, over the real session (a temporary
store)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.metro import Plan, end_game, run_train_phase
from companion.metro.events import BuildStation, EndGame, Invest, MoveMeeple, Speculate
from companion.metro.variant import OSAKA
from companion.metro.vehicles import VehicleId as V
from companion.ui.metro import MetroHome
from companion.ui.metro.bids import BidsScreen
from companion.ui.metro.endgame import EndGameScreen
from companion.ui.metro.entry import EntryScreen
from companion.ui.metro.playback import after_steps
from companion.ui.metro.rounds import bid_order, rounds_for
from companion.ui.metro.train import TrainPhaseScreen
from tests.screen_fakes import FakeApp, busy_session, mini_rules, new_session, played_session

SIZES = [(800, 480), (1920, 1080)]
SHOTS = os.environ.get("METRO_SHOTS")


def shot(app: FakeApp, name: str) -> None:
    surface = app.draw()
    assert surface.get_size() == app.size
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, f"{SHOTS}/{name}-{app.size[0]}.png")


def home(session, size=(800, 480)) -> FakeApp:
    app = FakeApp(session, size)
    app.push(MetroHome(app))
    return app


def test_invest_entry_is_recorded_in_a_few_presses():
    session = new_session()
    app = home(session)
    app.services.player_buttons = 3
    app.press("ok")  # actions menu
    app.press("ok")  # Invest
    assert isinstance(app.top, EntryScreen)
    app.press("ok")  # OK does not answer a question about a player when there are buttons
    assert app.top.step.key == "player" and app.top.error
    app.press_player(0)  # Red's own button
    app.press("ok")  # line G (the home cursor's line)
    assert app.top.value == 300  # the usual card
    app.press("ok")
    assert isinstance(app.top, MetroHome)
    state = session.state
    assert state.lines["G"].shares == ("red",)
    assert state.lines["G"].value == 300
    assert state.player("red").cash == 1700
    assert "beep" in app.cues
    assert app.toasts[-1] == "Red invests in line G (¥300)"
    shot(app, "home-after-invest")


def test_defaults_alone_record_nothing():
    session = new_session()
    app = home(session)
    app.press("ok", "ok", "ok", "ok", "ok", "ok", "ok")  # no player buttons: OK answers all
    assert isinstance(app.top, EntryScreen) and app.top.error.startswith("Nothing chosen")
    assert session.events == ()


def test_second_share_starts_at_its_extra_plus_the_card_and_cannot_go_below_the_extra():
    session = new_session()
    session.record(Invest("red", "G", 0))
    app = home(session)
    app.press("ok", "ok", "down", "ok", "ok")  # Invest, Blue, line G
    assert app.top.value == 600 and app.top.step.minimum == 300
    app.press("down", "left")  # -¥1,000, -¥100: held at the extra
    assert app.top.value == 300
    app.press("ok")
    assert session.state.lines["G"].shares == ("red", "blue")
    assert session.state.lines["G"].value == 300


def test_station_cost_is_per_circle_times_the_station_circles():
    session = new_session()
    rules = session.rules
    square = sorted(rules.board.squares_touching_station("ginza"))[0]
    session.record(MoveMeeple("red", square))
    session.record(Invest("blue", "M", 300))  # the actions have begun
    app = home(session)
    app.services.player_buttons = 3
    app.press_player(0)  # Red's button on the income track: Red's entries
    app.press("down", "ok")  # Station built
    screen = app.top
    assert screen.step.key == "station"
    assert screen.step.options[0].value == "ginza"  # next to Red's meeple, first
    app.press("ok")
    assert screen.step.key == "cost" and screen.step.times == 2
    app.press("right", "ok")  # ¥200 a circle
    assert session.state.stations["ginza"] == "red"
    assert session.state.player("red").cash == 2000 - 400
    assert app.toasts[-1] == "Red builds a station on Ginza (¥400)"


def test_speculating_on_a_line_you_hold_is_greyed_and_refused_with_the_reason():
    session = new_session()
    session.record(Invest("red", "G", 300))
    session.record(Invest("blue", "M", 300))
    app = home(session)
    app.press("ok")
    app.press("down", "down", "ok")  # Speculate
    app.press("ok")  # Red
    screen = app.top
    options = {o.value: o for o in screen.step.options}
    assert options["G"].reason == "Red holds a share of line G"
    assert options["H"].reason == "line H is not yet worth ¥100"
    assert options["M"].reason is None
    screen.cursor = list(options).index("G")
    app.press("ok")
    assert screen.error == "Red holds a share of line G"
    assert app.cues[-1] == "error"
    shot(app, "speculate-refused")
    assert screen.step.options[0].value == "M"  # the lines Red may choose come first
    app.press("up")  # a deliberate press: a cursor moved
    screen.cursor = 0
    app.press("ok")  # M, allowed
    assert screen.step.key == "stake" and screen.value == 100  # smaller number beside ¥300
    app.press("ok")
    assert session.state.lines["M"].speculations[0].player == "red"


def test_an_entry_the_core_refuses_shows_its_message():
    from companion.narrate import square_name

    session = new_session()
    session.record(MoveMeeple("blue", (4, 4)))
    app = home(session)
    app.press("ok", "up", "ok")  # Meeple moved (the last row)
    app.press("ok")  # Red
    screen = app.top
    assert screen.step.key == "near"  # Red's meeple is not on the board yet
    app.press("ok", "up", "ok")  # the first station; "another square" (last)
    screen.square = (4, 4)
    app.press("ok")
    place = square_name(session.rules.board, (4, 4))
    assert screen.error == f"Blue's meeple is on {place}"
    assert app.cues[-1] == "error"
    assert "red" not in session.state.meeples
    shot(app, "meeple-refused")


def _train_game():
    """Red holds G; Blue owns Ginza (G3/M2); Green's meeple touches G1."""
    session = new_session()
    rules = session.rules
    session.record(Invest("red", "G", 300))
    session.record(BuildStation("blue", "ginza", 200))
    square = sorted(rules.board.squares_for_stop("G1"))[0]
    session.record(MoveMeeple("green", square))
    return session


def play_train_phase(app: FakeApp, board: bool = True, limit: int = 400) -> int:
    """Answer every prompt (board: yes, leave: no) and acknowledge payouts; returns payouts."""
    payouts = 0
    for _ in range(limit):
        screen = app.top
        if not isinstance(screen, TrainPhaseScreen):
            return payouts
        if screen.waiting == "prompt":
            is_board = screen.view.pending.action == "board"
            app.press("ok" if is_board and board else "back")
        elif screen.waiting == "payout":
            payouts += 1
            app.press("ok")
        elif screen.waiting == "done":
            app.press("ok")
        else:
            app.tick(0.2)
    raise AssertionError("the train phase did not end")


def until_payout(app: FakeApp) -> None:
    """Play on, staying on the train at every leave prompt, until a payout is announced."""
    for _ in range(100):
        if app.top.waiting == "payout":
            return
        if app.top.waiting == "prompt":
            app.press("back")
        app.tick(0.2)
    raise AssertionError("no payout")


def test_train_phase_with_a_payout_and_a_boarding_matches_the_core():
    session = _train_game()
    before = session.state
    app = home(session)
    app.press("right", "right", "ok")  # train phase; confirm (an arrow picks Yes if needed)
    screen = app.top
    assert isinstance(screen, TrainPhaseScreen)
    app.tick(1.0)
    assert screen.waiting == "prompt" and screen.view.pending.player == "green"
    shot(app, "train-prompt")
    payouts = play_train_phase(app)
    assert payouts == 1
    expected = run_train_phase(
        session.rules, before, Plan(board=(("green", V("G"), "G1"),)).decider()
    ).state
    after = session.state
    assert after.round == before.round + 1
    assert after.lines == expected.lines
    assert after.trains == expected.trains
    assert after.meeples == expected.meeples
    assert after.players == expected.players
    assert {"departure", "prompt", "coin", "bell"} <= set(app.cues)
    assert any(app.services.leds.frame)


def test_the_payout_waits_for_ok_and_is_announced():
    session = _train_game()
    app = home(session)
    app.push(TrainPhaseScreen(app))
    app.tick(1.0)
    app.press("back")  # green does not board
    app.press("back")  # menu (BACK while animating) ...
    app.press("ok")  # ... continue
    until_payout(app)
    screen = app.top
    assert screen.waiting == "payout"
    app.tick(5.0)
    assert screen.waiting == "payout"
    shot(app, "train-payout")
    app.settings = None
    app.press("ok")
    assert session.phase.acked == screen.shown
    assert screen.log[-1].startswith("Blue takes ¥200 from the bank at Ginza")


def test_resume_mid_phase_restarts_from_the_last_acknowledged_step():
    session = _train_game()
    app = home(session)
    app.push(TrainPhaseScreen(app))
    app.tick(1.0)
    app.press("ok")  # board
    until_payout(app)
    app.press("ok")
    acked = session.phase.acked
    # power cut: a new app over the same log
    app2 = home(session)
    screen = app2.top
    assert isinstance(screen, TrainPhaseScreen)
    assert screen.shown == acked
    assert screen.log[-1].startswith("Blue takes ¥200 from the bank")
    play_train_phase(app2)
    assert session.phase is None
    assert session.state.meeples["green"].riding == V("G")


def test_fast_trains_do_not_tween_but_payouts_still_wait():
    session = _train_game()
    app = home(session)
    app.services.settings.fast_trains = True
    app.push(TrainPhaseScreen(app))
    app.tick(0.2)
    app.press("back")
    app.tick(0.1)
    assert app.top.waiting == "payout"


def test_playback_of_every_step_gives_the_phase_final_positions():
    session = _train_game()
    state = session.state
    phase = run_train_phase(session.rules, state, Plan(board=(("green", V("G"), "G1"),)).decider())
    folded = after_steps(replace(state, phase="train"), phase.steps)
    assert folded.lines == phase.state.lines
    assert folded.trains == phase.state.trains
    assert folded.meeples == phase.state.meeples
    assert folded.players == phase.state.players


def test_end_game_screen_shows_the_cores_numbers():
    session = played_session()
    session.record(EndGame())
    app = home(session)
    screen = app.top
    assert isinstance(screen, EndGameScreen)
    assert screen.result == end_game(session.rules, session.state)
    assert all(len(v) == 5 for v in screen.history.values())  # 4 rounds + now
    assert app.cues[-1] == "fanfare"
    for page in ("players", "lines", "chart"):
        shot(app, f"end-{page}")
        app.press("right")
    app.press("ok", "ok", "ok")  # stray OKs only turn the pages: the final screen stays
    assert isinstance(app.top, EndGameScreen) and session.finished
    assert screen.page == 0
    app.press("back")  # the game menu; its last row, Main menu, confirmed, leaves
    assert app.top.name == "metro-menu" and app.top.items[-1][0].value == "main-menu"
    app.press("up", "ok", "right", "ok")
    assert not app.stack  # left the game: home popped as well


def test_end_of_game_is_offered_after_the_last_round():
    session = new_session(colors=("red", "blue", "green", "yellow", "black"), first_round=5)
    app = home(session)
    app.push(TrainPhaseScreen(app))
    play_train_phase(app)
    assert app.top.name in ("metro-confirm", "confirm")
    app.press("right", "ok")
    assert session.state.phase == "ended"
    assert isinstance(app.top, EndGameScreen)


def test_rounds_for_players_and_maps():
    rules = mini_rules()
    assert [rounds_for(rules, n) for n in (2, 3, 4, 5)] == [8, 7, 6, 5]
    osaka = replace(rules, board=replace(rules.board, variant=OSAKA))
    assert rounds_for(osaka, 3) == 6


def test_bid_ties_keep_order_in_round_one_and_reverse_later():
    order = ("red", "blue", "green", "yellow")
    bids = {"red": 100, "blue": 300, "green": 100, "yellow": 0}
    assert bid_order(order, bids, first_round=True) == ("blue", "red", "green", "yellow")
    assert bid_order(order, bids, first_round=False) == ("blue", "green", "red", "yellow")


@given(st.lists(st.integers(0, 5), min_size=2, max_size=5), st.booleans())
def test_bid_order_is_a_permutation_sorted_by_bid(raw, first):
    order = tuple(f"p{i}" for i in range(len(raw)))
    bids = {p: b * 100 for p, b in zip(order, raw, strict=True)}
    result = bid_order(order, bids, first)
    assert sorted(result) == sorted(order)
    assert [bids[p] for p in result] == sorted(bids.values(), reverse=True)


def test_bids_set_the_order_and_are_paid():
    session = new_session(first_round=2)
    app = home(session)
    app.press("back")  # game menu
    app.press("down", "down", "ok")  # turn-order bids
    assert isinstance(app.top, BidsScreen)
    app.press("down", "right", "right")  # blue bids 200
    shot(app, "bids")
    app.press("ok")
    state = session.state
    assert state.colors == ("blue", "green", "red")  # red and green tied: reversed
    assert state.player("blue").cash == 1800


def test_undo_asks_first():
    session = new_session()
    session.record(Invest("red", "G", 0))
    app = home(session)
    app.press("left")
    shot(app, "undo-confirm")
    app.press("back")
    assert session.state.lines["G"].shares == ("red",)
    app.press("left", "right", "ok")
    assert session.state.lines["G"].shares == ()


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_renders(size):
    session = busy_session()
    session.record(Speculate("red", "M", 200))
    app = home(session, size)
    shot(app, "income-track")
    app.press("ok")
    shot(app, "actions-menu")
    for i in range(10):
        app.top.cursor = i
        app.press("ok")
        entry = app.top
        for n in range(4):
            shot(app, f"entry{i}-step{n}")
            if entry is not app.top:
                break
            app.press("ok")
            if isinstance(app.top, MetroHome):
                break
        while not isinstance(app.top, MetroHome):
            app.press("back")
        app.press("ok")
    app.press("back", "back")
    shot(app, "game-menu")
    app.press("ok")  # back to the game
    assert isinstance(app.top, MetroHome)
    app.push(BidsScreen(app))
    shot(app, "bids")
    app.press("back")
    app.push(TrainPhaseScreen(app))
    for n in range(12):
        app.tick(0.17)
        shot(app, f"train-{n}")
        if app.top.waiting:
            app.press("ok")
    play_train_phase(app)
    session.record(EndGame())
    app.top.enter()
    for page in range(3):
        shot(app, f"end-{page}")
        app.press("right")


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_screens_render_in_spanish_and_french(lang):
    from companion import i18n

    i18n.set_language(lang)
    try:
        session = played_session()
        app = home(session)
        shot(app, f"income-track-{lang}")
        app.press("ok", "ok", "ok", "ok")  # Invest: first player, line
        shot(app, f"invest-amount-{lang}")
        app.press("back", "back", "back")
        app.push(TrainPhaseScreen(app))
        app.tick(1.0)
        shot(app, f"train-{lang}")
        play_train_phase(app)
        session.record(EndGame())
        app.top.enter()
        shot(app, f"end-{lang}")
    finally:
        i18n.set_language("en")


def test_undo_in_the_train_phase_takes_back_the_last_answer():
    session = _train_game()
    app = home(session)
    app.push(TrainPhaseScreen(app))
    app.tick(1.0)
    app.press("ok")  # green boards
    app.tick(3.0)
    while app.top.name != "metro-menu":
        app.press("back")  # stay on board at leave prompts, then the menu
    answers = sum(1 for e in session.entries if e.kind == "answer")
    app.press("down", "ok")  # undo the last answer
    assert isinstance(app.top, TrainPhaseScreen)
    assert sum(1 for e in session.entries if e.kind == "answer") == answers - 1
    assert app.top.waiting == "prompt"


def test_a_tokyo_game_plays_and_renders():
    from tests.screen_fakes import tokyo_session

    session = tokyo_session()
    app = home(session)
    assert session.state.round == 4
    shot(app, "tokyo-income-track")
    app.push(TrainPhaseScreen(app))
    for n in range(200):
        app.tick(0.1)
        if app.top.waiting:
            shot(app, f"tokyo-train-{n:03d}-{app.top.waiting}")
            if app.top.waiting == "done":
                break
            app.press("ok" if app.top.waiting == "payout" else "back")
    play_train_phase(app)
    session.record(EndGame())
    app.top.enter()
    for page in range(3):
        shot(app, f"tokyo-end-{page}")
        app.press("right")


def test_payout_and_prompt_wording():
    from companion.metro.steps import Paid
    from companion.metro.trains import Prompt
    from companion.ui.metro.playback import payout_text, prompt_text

    paid = Paid(V("G"), "G3", "ginza", "red", 200, 200)
    assert payout_text(paid) == "Red takes ¥200 from the bank — line G +¥200"
    prompt = Prompt("board", "blue", V("G"), "G3", fee=100)
    assert prompt_text(prompt) == "Blue may board G at G3 (¥100)?"


def test_back_never_leaves_the_game_main_menu_does_and_the_game_is_kept():
    session = new_session()
    session.record(Invest("red", "G", 0))
    app = FakeApp(session)
    from companion.ui.screen import Screen

    class MainMenu(Screen):
        name = "main-menu"

        def draw(self, surface):
            pass

    app.push(MainMenu(app))
    app.push(MetroHome(app))
    app.press("back")
    assert app.top.name == "metro-menu"
    # a Metro screen for the app, which keeps the strip and camera in step under it
    assert type(app.top).__module__.startswith("companion.ui.metro")
    app.press("back")  # BACK on the menu closes it, and means nothing else there
    assert app.top.name == "metro-home"
    app.press("back", "up", "ok")  # the last row, Main menu, asks first (No preselected)
    assert app.top.name == "confirm"
    app.press("ok")
    assert app.top.name == "metro-menu"
    app.press("ok", "right", "ok")
    assert app.top.name == "main-menu"
    assert session.state.lines["G"].shares == ("red",)


def test_screens_follow_a_session_driven_from_elsewhere():
    from tests.screen_fakes import play_phase

    session = _train_game()
    app = home(session)
    session.begin_train_phase()
    app.tick(0.1)
    assert isinstance(app.top, TrainPhaseScreen)
    session.undo()  # the runner takes its start back ...
    app.tick(0.1)
    assert isinstance(app.top, MetroHome)
    play_phase(session)  # ... and plays a whole phase itself
    app.tick(0.1)
    assert isinstance(app.top, MetroHome)
    session.record(EndGame())
    app.tick(0.1)
    assert isinstance(app.top, EndGameScreen)
