"""IZAKAYA in the app: the saved game (undo, resume in the middle after a restart) and a walk
over every screen with the buttons, drawn at 800x480 in every language."""

from __future__ import annotations

import pytest

from companion import i18n
from companion import izakaya as Z
from companion.app.izakaya_session import IzakayaSession
from companion.izakaya import codec
from companion.store import Store
from companion.ui.izakaya import IzakayaScreen, IzakayaSetup
from companion.ui.screen import Input
from tests.screen_fakes import FakeApp


def test_a_game_resumes_in_the_middle_after_a_restart(tmp_path) -> None:
    store = Store.open(tmp_path)
    session = IzakayaSession.start(store, codec.setup_to_json(("red", "blue", "green")))
    session.record(Z.Bids((300, 100, 0)))
    session.record(Z.Bottle("white", (1, 1)))
    session.record(Z.Claim(("v", 0, 1), (0, 0)))
    with pytest.raises(Z.IllegalMove):
        session.record(Z.Bottle("white", (1, 2)))
    before, game_id = session.state, session.game_id
    store.close()

    again = IzakayaSession.open(Store.open(tmp_path), game_id)
    assert again.state == before and again.entry_count == 3
    assert again.state.current == again.state.order[2]
    assert again.undo()
    assert again.state.claims == () and again.state.bottles == (((1, 1), "white"),)


def _screen(app: FakeApp) -> IzakayaScreen:
    top = app.top
    assert isinstance(top, IzakayaScreen)
    return top


def _enter(app: FakeApp, *presses: str) -> None:
    app.press(*presses)
    app.draw()


def test_a_two_player_game_with_the_buttons_to_the_ranking() -> None:
    app = FakeApp(None)
    app.push(IzakayaSetup(app))
    app.press("left")  # 3 -> 2 players
    app.press("up", "ok")  # Start the game
    screen = _screen(app)
    for _press in range(8):
        screen.handle(Input(player=0))
    for _press in range(7):
        screen.handle(Input(player=1))
    _enter(app, "ok")
    state = screen.state
    assert state.pile == 1500 and state.last_round == 1 and state.order == (0, 1)
    assert any("one last action phase" in t for t in app.toasts)
    # red: a white bottle on the first free 4-card corner (1, 1)
    _enter(app, "ok", "right", "right", "ok", "ok")
    assert screen.state.bottle_at((1, 1)) == "white"
    # blue: claim plot (0, 0) with the disc on its right side
    _enter(app, "down", "down", "ok")
    screen.entry.cursor = (0, 0)
    _enter(app, "ok", "right", "ok")
    assert screen.state.claimer((0, 0)) == 1
    # red passes; blue builds 3 floors on (0, 0)
    _enter(app, "down", "down", "down", "down", "ok")
    _enter(app, "down", "down", "down", "ok")
    screen.entry.cursor = (0, 0)
    _enter(app, "ok", "up", "up", "ok")
    assert screen.state.building((0, 0), 0) == Z.state.Building((0, 0), 0, 1, 3)
    for _turn in range(2):
        _enter(app, "up", "ok")  # Pass
    assert screen.state.phase == "over"
    result = Z.result(screen.state)
    assert [p.color for p in result.players] == ["blue", "red"]
    assert result.players[0].total == 300 + 3 * 200 and "fanfare" in app.cues
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        app.draw()
    i18n.set_language("en")
    app.leave_by_the_menu()
    assert not app.stack


def test_refusals_are_shown_and_nothing_is_saved() -> None:
    app = FakeApp(None)
    app.push(IzakayaSetup(app))
    app.press("up", "ok")
    screen = _screen(app)
    _enter(app, "ok")  # all bids ¥0
    count = screen.session.entry_count
    _enter(app, "down", "ok", "ok", "ok")  # adjust: black -> mint, then again
    _enter(app, "down", "ok", "ok", "ok")
    assert screen.error and "adjusted" in screen.error
    assert screen.session.entry_count == count + 1
    _enter(app, "back", "back", "back")  # the game menu
    assert app.top.name == "commands"
    app.choose("undo")
    assert screen.session.entry_count == count


def test_a_line_of_three_discs_asks_for_the_free_piece_on_screen() -> None:
    app = FakeApp(None)
    app.push(IzakayaSetup(app))
    app.press("right", "up", "ok")  # 4 players
    screen = _screen(app)
    _enter(app, "ok")  # bids all ¥0: the order reverses
    first = screen.state.current
    session = screen.session
    for k in range(3):
        session.record(Z.Claim(("v", k, 1), (k, 0)))
        if k < 2:
            for _other in range(3):
                session.record(Z.Pass())
    screen.entry.reset(screen.state)
    assert screen.state.free_piece and screen.entry.mode == "build"
    assert "free building piece" in screen.prompt()
    app.draw()
    screen.entry.cursor = (2, 0)
    _enter(app, "ok", "up", "ok")
    assert screen.state.building((2, 0), 0) == Z.state.Building((2, 0), 0, first, 2)
    assert not screen.state.free_piece and screen.state.current != first


def test_nothing_is_squeezed_at_800x480_in_any_language(monkeypatch) -> None:
    """Every text of the game screen fits its room at full size (five players, the largest
    grid): `fit` is never asked to shrink a line."""
    from companion.ui.kit import text

    squeezed: list[int] = []
    real_fit = text.fit

    def fit(image, max_width):  # type: ignore[no-untyped-def]
        if max_width is not None and image.get_width() > max_width > 0:
            squeezed.append(image.get_width() - max_width)
        return real_fit(image, max_width)

    app = FakeApp(None)
    app.push(IzakayaSetup(app))
    app.press("right", "right", "up", "ok")
    screen = _screen(app)
    session = screen.session
    monkeypatch.setattr(text, "fit", fit)
    seen = []
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for p in range(5):
                screen.handle(Input(player=p, long=False))
            app.draw()
            seen.append((lang, "bids", list(squeezed)))
        session.record(Z.Bids((1000, 900, 800, 700, 600)))
        session.record(Z.Claim(("v", 0, 1), (0, 0)))
        for _other in range(4):
            session.record(Z.Pass())
        session.record(Z.Build((0, 0), 12))
        session.record(Z.Bottle("blue", (1, 1)))
        screen.entry.reset(screen.state)
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for presses in ((), ("ok",), ("right", "ok"), ("back", "back", "down", "down", "ok")):
                app.press(*presses)
                app.draw()
                seen.append((lang, presses, list(squeezed)))
            screen.entry.reset(screen.state)
    finally:
        i18n.set_language("en")
    # the hint bar is the kit's; only this game's own texts are checked here
    assert not [s for s in seen if s[2]], seen


def test_a_plot_that_cannot_be_taken_is_refused_before_its_side() -> None:
    app = FakeApp(None)
    app.push(IzakayaSetup(app))
    app.press("up", "ok")
    screen = _screen(app)
    _enter(app, "ok")
    _enter(app, "down", "down", "ok")  # claim
    screen.entry.cursor = (1, 1)  # the blue centre card of the 3x3 grid
    _enter(app, "ok")
    assert screen.entry.step == 0 and screen.error and "cannot be used" in screen.error
    screen.entry.cursor = (0, 0)
    _enter(app, "ok")
    assert screen.entry.step == 1 and screen.entry.side == "down" and not screen.error


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_izakaya_screen_reads(lang: str) -> None:
    """The readability checker (tests/textcheck.py) on each step of a five-player game: type
    at the size floor, nothing out of its box or overlapping."""
    from tests.textcheck import screen_faults

    i18n.set_language(lang)
    try:
        app = FakeApp(None)
        app.push(IzakayaSetup(app))
        faults = screen_faults(app)
        app.press("right", "right", "up", "ok")
        screen = _screen(app)
        for p in range(5):
            screen.handle(Input(player=p))
        faults += screen_faults(app)
        session = screen.session
        session.record(Z.Bids((1000, 900, 800, 700, 600)))
        session.record(Z.Claim(("v", 0, 1), (0, 0)))
        for _other in range(4):
            session.record(Z.Pass())
        session.record(Z.Build((0, 0), 12))
        session.record(Z.Bottle("blue", (1, 1)))
        screen.entry.reset(screen.state)
        steps = ((), ("ok",), ("right", "ok"), ("back", "back"), ("down", "down", "ok"), ("ok",))
        for presses in steps:
            app.press(*presses)
            faults += screen_faults(app)
        app.press("back", "back", "back")
        faults += screen_faults(app)  # the game menu
        app.press("back")
        while session.state.phase != "over":
            bidding = session.state.phase == "bidding"
            session.record(Z.Bids((0,) * 5) if bidding else Z.Pass())
        screen.entry.reset(session.state)
        faults += screen_faults(app)
    finally:
        i18n.set_language("en")
    assert not faults, faults
