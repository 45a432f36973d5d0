"""`companion demo --game izakaya` plays its short game headless, and the saved game then opens
from history on its ranking; an unfinished IZAKAYA game is what the box reopens at boot."""

from __future__ import annotations

import json

from companion import izakaya as Z
from companion.cli import main
from companion.izakaya import codec
from companion.store import Store
from companion.ui import launch
from companion.ui.izakaya import IzakayaScreen
from tests.screen_fakes import FakeApp


def test_the_izakaya_demo_plays_to_the_ranking(tmp_path, capsys) -> None:
    args = ["demo", "--game", "izakaya", "--headless", "--language", "en"]
    assert main([*args, "--data-dir", str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["error"] is None
    store = Store.open(tmp_path)
    (info,) = [g for g in store.games() if g.kind == codec.KIND]
    assert info.finished is not None
    store.close()


def test_a_finished_game_opens_on_its_ranking_and_an_unfinished_one_at_boot() -> None:
    app = FakeApp(None)
    finished = launch.start(app, codec.KIND, codec.setup_to_json(("red", "blue")))
    finished.record(Z.Bids((1000, 500)))
    for _action in range(6):
        finished.record(Z.Pass())
    assert finished.finished
    app.stack.clear()
    assert launch.resume(app, finished.game_id)
    screen = app.top
    assert isinstance(screen, IzakayaScreen) and screen.state.phase == "over"
    app.draw()

    running = launch.start(app, codec.KIND, codec.setup_to_json(("green", "yellow", "black")))
    running.record(Z.Bids((0, 100, 0)))
    assert launch.unfinished_at_boot(app) == running.game_id
