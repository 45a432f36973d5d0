"""The phone view of the timer games: the Countdown's clock in big digits as its screen shows
it, read again while it runs, and Jutaku's round, through the real sessions and server."""

from __future__ import annotations

import time

import httpx

from companion.app.countdown_session import CountdownSession
from companion.app.jutaku_session import JutakuSession
from companion.app.weblink import WebLink
from companion.jutaku import codec
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.players import default_seats
from companion.jutaku.views import countdown_view, jutaku_view
from companion.store import Store
from companion.web import views
from companion.web.bus import Snapshot
from companion.web.config import WebConfig


class Clock:
    """The app's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_countdown_clock_runs_on_the_phone_as_on_the_screen(tmp_path):
    clock = Clock()
    store = Store.open(tmp_path)
    setup = codec.countdown_setup_to_json(default_seats(2), C.CountdownOptions())
    session = CountdownSession.start(store, setup)
    link = WebLink(WebConfig(enabled=True, host="127.0.0.1", port=0), tmp_path, clock, lambda: "fr")
    link.start()
    try:
        link.follow(session)
        session.record(C.StartFloor(clock.now))
        clock.now += 12.5
        screen = countdown_view(session.state, clock.now, views.translator("fr"))
        url = f"http://127.0.0.1:{link.port}/api/live"
        end = time.monotonic() + 5
        data = httpx.get(url).json()
        while data.get("clock", {}).get("clock") != screen.clock and time.monotonic() < end:
            time.sleep(0.05)
            data = httpx.get(url).json()
        assert data["clock"]["clock"] == screen.clock
        assert data["running_clock"] is True
        assert [row["name"] for row in data["clock"]["rows"]] == [r.name for r in screen.rows]
    finally:
        link.close()
        store.close()


def test_a_jutaku_round_shows_its_clock_and_players():
    state = J.apply(J.new_game(default_seats(3), J.JutakuOptions()), J.Start(10.0))
    data = views.live(Snapshot(kind="jutaku", game_id=1, state=state, language="es"), 25.0)
    screen = jutaku_view(state, 25.0, views.translator("es"))
    assert data["clock"]["clock"] == screen.clock
    assert data["clock"]["label"] == screen.clock_label
    assert len(data["clock"]["rows"]) == 3 and data["title"]


def test_no_game_open():
    data = views.live(Snapshot(language="en"), 0.0)
    assert data["kind"] == "" and "metro" not in data and "clock" not in data
    assert data["labels"]["no_game"] == "No game is open on the box."


def test_a_session_listener_that_fails_does_not_stop_the_game(tmp_path):
    store = Store.open(tmp_path)
    session = JutakuSession.start(store, codec.setup_to_json(default_seats(2), J.JutakuOptions()))

    def broken(_session: object) -> None:
        raise RuntimeError("phone view down")

    session.listeners.append(broken)
    session.record(J.Start(1.0))
    assert session.entry_count == 1
