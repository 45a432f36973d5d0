"""Players named where the box names them: "Ana (Red)" in sentences, the name beside the
colour's chip, the name said aloud; games saved without names keep their colours."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion import i18n, narrate
from companion.metro.events import BuildStation, Invest, MoveMeeple
from companion.metro.steps import Paid
from companion.metro.vehicles import VehicleId
from companion.names import NOBODY, TableNames, table_names
from companion.ui.kit import textlog
from companion.ui.metro import MetroHome
from companion.ui.metro.train import TrainPhaseScreen
from companion.voice.speaker import SimulatedVoiceBackend, Voice
from tests.screen_fakes import FakeApp, new_session, tokyo_session
from tests.textcheck import screen_faults

ANA = {"seat_names": {"red": {"id": 1, "name": "Ana"}, "blue": {"id": 2, "name": "Íñigo"}}}


@pytest.fixture
def lang():
    def use(code: str) -> None:
        i18n.set_language(code)

    yield use
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("code", "red", "green"),
    [("en", "Ana (Red)", "Green"), ("es", "Ana (Rojo)", "Verde"), ("fr", "Ana (Rouge)", "Vert")],
)
def test_a_named_player_keeps_their_colour_and_the_others_are_their_colour(lang, code, red, green):
    lang(code)
    names = table_names(ANA)
    assert (names.label("red"), names.label("green")) == (red, green)
    assert (names.short("red"), names.short("green")) == ("Ana", green)
    assert names.named("blue") and not names.named("green")


def test_a_setup_without_names_names_every_player_by_colour():
    for setup in ({}, {"colors": ["red"]}, {"seat_names": None}, {"seat_names": {"red": 3}}):
        names = table_names(setup)
        assert names == TableNames({}, names.tr)
        assert names.label("red") == NOBODY.label("red") == "Red"


def test_the_narration_names_the_player_with_their_colour_and_keeps_the_line():
    rules = tokyo_session().rules
    paid = Paid(VehicleId("G"), "G3", "ginza", "red", 200, 200)
    text = narrate.describe_step(paid, rules.board, table_names(ANA).label)
    assert text.startswith("Ana (Red) takes ¥200 from the bank") and "line G +¥200" in text
    assert narrate.describe_step(paid, rules.board).startswith("Red takes ¥200")


def named_train_phase(setup: dict[str, object]) -> FakeApp:
    session = new_session(None, ("red", "blue", "green"))
    session.setup.update(setup)
    rules = session.rules
    session.record(Invest("red", "G", 300))
    session.record(BuildStation("blue", "ginza", 200))
    session.record(MoveMeeple("green", sorted(rules.board.squares_for_stop("G1"))[0]))
    app = FakeApp(session)
    app.services.voice = Voice(backend=SimulatedVoiceBackend())
    app.services.voice.set_enabled(True)
    app.push(MetroHome(app))
    app.push(TrainPhaseScreen(app))
    return app


def drawn_text(app: FakeApp) -> str:
    with textlog.capture() as texts:
        app.draw()
    return " ".join(t.text for t in texts)


def said(app: FakeApp) -> list[str]:
    voice = app.services.voice
    assert voice.wait()
    return [text for _lang, text in voice.backend.spoken]  # type: ignore[attr-defined]


def play_until(app: FakeApp, waiting: str) -> TrainPhaseScreen:
    for _n in range(300):
        screen = app.top
        assert isinstance(screen, TrainPhaseScreen)
        if screen.waiting == waiting:
            return screen
        if screen.waiting:
            app.press("back" if screen.waiting == "prompt" else "ok")
        else:
            app.tick(0.2)
    raise AssertionError(f"never {waiting}")


def test_the_train_phase_shows_names_and_the_voice_says_them():
    app = named_train_phase(ANA)
    play_until(app, "payout")
    assert "Íñigo (Blue) takes ¥200 from the bank" in drawn_text(app)
    assert screen_faults(app) == []
    assert "Line G: Íñigo gets two hundred yen" in said(app)


def test_a_game_saved_before_names_shows_and_says_colours():
    app = named_train_phase({})
    play_until(app, "payout")
    assert "Blue takes ¥200 from the bank" in drawn_text(app)
    assert "Line G: Blue gets two hundred yen" in said(app)


def test_a_train_phase_saved_before_names_asks_its_question_by_colour(tmp_path):
    """tests/data/saved-games (made before names existed): the paused phase's question."""
    import shutil

    from companion.app.boot import shutdown
    from tests.conftest import DATA, headless_app

    shutil.copytree(DATA / "saved-games", tmp_path / "data")
    app = headless_app(tmp_path / "data")
    try:
        for _n in range(200):
            app.run(max_frames=app.frames + 1)
            if getattr(app.stack[-1], "waiting", "") == "prompt":
                break
        assert app.stack[-1].name == "metro-train"
        with textlog.capture() as texts:
            app.draw()
        assert "Yellow may board G at" in " ".join(t.text for t in texts)
    finally:
        shutdown(app)


def test_the_phone_view_names_the_players_as_the_screen_does():
    from companion.web import views
    from companion.web.bus import Snapshot

    session = new_session(None, ("red", "blue"))
    session.setup.update(ANA)
    session.record(Invest("red", "G", 300))
    paid = Paid(VehicleId("G"), "G3", "ginza", "red", 200, 200)
    names = table_names(session.setup).chosen
    snapshot = Snapshot("metro", session.game_id, session.state, rules=session.rules, names=names)
    metro = views.live(replace(snapshot, payouts=(paid,)), 0.0)["metro"]
    assert [p["name"] for p in metro["players"]] == ["Ana (Red)", "Íñigo (Blue)"]
    assert next(ln for ln in metro["lines"] if ln["letter"] == "G")["shares"] == ["Ana (Red)"]
    assert metro["payouts"][0]["text"].startswith("Ana (Red) takes ¥200")
    plain = views.live(replace(snapshot, names={}), 0.0)["metro"]
    assert [p["name"] for p in plain["players"]] == ["Red", "Blue"]
