"""The solo game through the real app and screens: set up with one player, played to the end
twice, the second time to a new best ("New best: ¥X, was ¥Y"), then the History screen's solo
high-score table."""

from __future__ import annotations

from companion.app.boot import shutdown
from companion.config import Config, InputConfig
from companion.metro.solo import SoloNews
from companion.narrate import describe_solo
from companion.ui.screen import Action
from tests.conftest import headless_app
from tests.test_game_night_metro import Table, train_phase

SPOT = "ginza"


def solo_game(t: Table, lines: int) -> SoloNews | None:
    """From the main menu: a one-player game, `lines` shares bought in round 1, every round
    played, the end confirmed; the end screen's solo news."""
    p = t.p
    menu = t.app.top
    assert menu.name == "main-menu"
    p.to_index(1, lambda: menu.index, len(menu.items))  # Tokyo Metro
    p.press(Action.OK)
    setup = t.app.top
    assert setup.name == "setup"
    players = [o.text for o in setup.items].index("Players")
    p.to_index(players, lambda: setup.index, len(setup.items))
    for _press in range(4):
        if len(setup.colors) == 1:
            break
        p.press(Action.LEFT)
    assert setup.colors == ["red"]
    p.to_index(len(setup.items) - 1, lambda: setup.index, len(setup.items))
    p.press(Action.OK)
    assert t.app.top.name == "metro-home"
    t.watch()
    board = t.session.rules.board
    square = min(board.squares_touching_station(SPOT))
    t.entry("red", None, {"near": SPOT, "square": square})
    t.entry("red", "Station built", {"station": SPOT, "cost": 100})
    for line in list(board.lines)[:lines]:
        t.entry("red", "Invest", {"line": line, "paid": 300})
    rounds = t.session.rules.variant.rounds(1)
    for _round in range(rounds):
        train_phase(t)
    assert t.app.top.name in ("confirm", "metro-confirm")  # all rounds played: end now?
    t.confirm()
    end = t.app.top
    assert end.name == "metro-end"
    news = end.solo_news
    p.press(Action.BACK)  # the game menu
    p.menu("main-menu")
    t.confirm()
    assert t.app.top.name == "main-menu"
    return news


def test_a_solo_game_from_setup_to_a_new_best(tmp_path):
    config = Config(input=InputConfig(gpio="off"), language="en")
    app = headless_app(tmp_path / "data", config, resume=False)
    try:
        t = Table(app)
        first = solo_game(t, lines=1)
        assert first is not None and first.best_before is None
        second = solo_game(t, lines=2)
        assert second is not None and second.new_best and second.best_before == first.total
        assert describe_solo(second) == (f"New best: ¥{second.total:,}, was ¥{first.total:,}")
        menu = t.app.top
        history = [o.text for o in menu.items].index("History")
        t.p.to_index(history, lambda: menu.index, len(menu.items))
        t.p.press(Action.OK)
        assert t.app.top.name == "history"
        assert t.app.top.items[0].text == "Solo high scores"
        t.p.press(Action.OK)
        scores = t.app.top
        assert scores.name == "solo-scores"
        rows = [o.text for o in scores.items]
        assert rows[0] == "Tokyo map, Tokyo cards"
        assert rows[1:] == [f"   1. ¥{second.total:,}", f"   2. ¥{first.total:,}"]
        assert not t.faults, t.faults
    finally:
        shutdown(app)
