"""The phone view's server over a real game: what it shows, what it refuses, and that no phone
(a slow one, a silent one, a crowd) can change the game or hold up the app's thread."""

from __future__ import annotations

import contextlib
import json
import socket
import time

import httpx
import pytest

from companion.errors import UserError
from companion.export_csv import csv_text, figure_value, player_rows
from companion.metro.events import EndGame, Invest
from companion.money import yen
from companion.ui.metro.train import PlaybackView
from companion.web import service
from companion.web.config import WebConfig
from tests.web_fixtures import base_url, phone_view


def live(link) -> dict:
    return httpx.get(base_url(link) + "/api/live").json()


def test_config_is_off_by_default_and_checks_its_values(tmp_path):
    assert WebConfig.from_toml_table({}) == WebConfig()
    assert not WebConfig().enabled
    with pytest.raises(UserError, match=r"web\.host"):
        WebConfig.from_toml_table({"enabled": True, "host": "everywhere"})
    with pytest.raises(UserError, match=r"web\.colour"):
        WebConfig.from_toml_table({"colour": 1})
    with pytest.raises(UserError, match=r"web\.port"):
        WebConfig.from_toml_table({"port": 70000})


def test_the_page_shows_the_session_after_each_entry(tmp_path):
    with phone_view(tmp_path) as (link, session):
        session.record(Invest("red", "G", 300))
        data = _until(
            link, lambda d: d["metro"]["players"][0]["cash"] == session.state.players[0].cash
        )
        metro = data["metro"]
        line_g = next(line for line in metro["lines"] if line["letter"] == "G")
        assert line_g["value_text"] == yen(session.state.lines["G"].value)
        assert line_g["shares"] == ["Red"]
        assert metro["players"][0]["cash_text"] == yen(session.state.players[0].cash)
        assert metro["round_text"] == "Round 1"
        page = httpx.get(base_url(link) + "/")
        assert page.status_code == 200 and "app.js" in page.text
        assert "default-src 'self'" in page.headers["content-security-policy"]


def test_the_train_phase_shows_each_step_as_the_screen_plays_it(tmp_path):
    from companion.metro.events import StartTrain

    with phone_view(tmp_path) as (link, session):
        session.record(StartTrain("G", 200))
        base = session.state
        view = session.begin_train_phase()
        for shown in range(1, len(view.steps) + 1):
            link.playback(PlaybackView(view.steps, view.pending, shown, view.done, base))
            data = _until(link, lambda d, n=shown: (d["metro"]["phase"] or {}).get("shown") == n)
        phase = data["metro"]["phase"]
        assert phase["total"] == len(view.steps)
        assert phase["moving"] == "G" and phase["at"].startswith("G")
        trains = next(line for line in data["metro"]["lines"] if line["letter"] == "G")["trains"]
        assert trains and trains[0]["stop"] == phase["at"]


def test_events_stream_the_snapshot_and_every_change(tmp_path):
    with phone_view(tmp_path) as (link, session):
        stream = httpx.stream("GET", base_url(link) + "/api/events", timeout=10)
        with stream as events:
            assert events.headers["content-type"].startswith("text/event-stream")
            lines = events.iter_lines()
            first = _next_event(lines)
            assert first["metro"]["players"][0]["cash"] == 2000
            session.record(Invest("blue", "M", 300))
            second = _next_event(lines)
            assert second["metro"]["players"][1]["cash"] == 1700


def test_history_downloads_json_and_csv(tmp_path):
    with phone_view(tmp_path) as (link, session):
        session.record(Invest("red", "G", 300))
        session.record(EndGame())
        shown = _until(link, lambda d: bool(d["result"]))["result"]
        assert shown == [list(p) for p in session.result(lambda s: s)]
        url = base_url(link)
        games = _until_games(url)
        assert games[0]["finished"] and games[0]["result"][0][1] in ("Red", "Blue", "Yellow")
        chart = httpx.get(f"{url}/api/games/{session.game_id}/chart").json()
        assert [line["letter"] for line in chart["lines"]][:3] == ["G", "M", "H"]
        export = httpx.get(f"{url}/games/{session.game_id}.json")
        assert "attachment" in export.headers["content-disposition"]
        assert export.json()["format"] == "companion/metro-game@1"
        csv = httpx.get(f"{url}/games.csv")
        assert csv.headers["content-type"].startswith("text/csv")
        rows = csv.text.lstrip("\ufeff").splitlines()
        assert rows[0] == "game_id,game,title,started,finished,rank,player,figure,value"
        assert len(rows) == 1 + 3
        assert httpx.get(f"{url}/games/999.json").status_code == 404


def test_csv_rows_name_players_as_the_result_does(tmp_path):
    with phone_view(tmp_path) as (_link, session):
        session.record(EndGame())
        rows = list(player_rows(session.store, lambda s: s))
        assert [r.player for r in rows] == [p[1] for p in session.result(lambda s: s)]
        assert rows[0].value == 2000 and rows[0].figure == "¥2,000"
        assert csv_text(rows).count("\r\n") == 4
    assert figure_value("2.000 ¥") == 2000
    assert figure_value("2\u202f000 ¥") == 2000
    assert figure_value("-¥500") == -500
    assert figure_value("17") == 17 and figure_value("—") is None


@pytest.mark.parametrize(
    "path",
    [
        "/nothing",
        "/../companion/store.py",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/app.js/../../etc/passwd",
        "/static/app.js",
        "/games/1.json/../../../etc/passwd",
        "/api/games/..%2f..%2fsetup.py/chart",
        "//etc/passwd",
    ],
)
def test_paths_outside_the_pages_are_refused(tmp_path, path):
    with phone_view(tmp_path) as (link, _session):
        reply = _raw(link, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        assert reply.split(b"\r\n")[0].split()[1] in (b"404", b"400")


def test_writes_bodies_and_oversized_requests_are_refused(tmp_path):
    with phone_view(tmp_path) as (link, session):
        before = session.entry_count
        url = base_url(link)
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert httpx.request(method, url + "/api/live").status_code == 405
        assert httpx.request("POST", url + "/nothing").status_code == 405
        big = _raw(
            link, b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n"
        )
        assert b" 413 " in big.split(b"\r\n")[0]
        huge_header = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: " + b"a" * 100_000 + b"\r\n\r\n"
        assert _raw(link, huge_header).split(b"\r\n")[0].split()[1] in (b"400", b"431")
        assert httpx.get(url + "/?" + "q" * 5000).status_code == 414
        assert session.entry_count == before


def test_a_slow_client_holds_nothing(tmp_path, monkeypatch):
    """Headers sent byte by byte: the server keeps answering others, the app's thread keeps
    publishing, and the dribbling connection is closed at the head deadline."""
    monkeypatch.setattr(service, "HEAD_SECONDS", 0.5)
    with phone_view(tmp_path) as (link, session):
        slow = socket.create_connection(("127.0.0.1", link.port))
        silent = [httpx.stream("GET", base_url(link) + "/api/events", timeout=10) for _ in range(5)]
        for stream in silent:
            stream.__enter__()  # connected, never read: phones that stopped listening
        closed = False
        for byte in b"GET /api/live HTTP/1.1\r\nHost: 127.0.0.1\r\n":
            try:
                slow.send(bytes([byte]))
            except OSError:
                closed = True
                break
            if byte == ord("G"):
                session.record(Invest("red", "G", 300))
            assert httpx.get(base_url(link) + "/api/live", timeout=2).status_code == 200
            time.sleep(0.05)
        for _n in range(200):
            link.bus.publish(link.bus.latest()[1])
        slow.settimeout(3)
        try:
            closed = closed or slow.recv(100) == b""
        except OSError:
            closed = True
        assert closed
        for stream in silent:
            stream.__exit__(None, None, None)
        assert _until(link, lambda d: d["metro"]["lines"][0]["shares"] == ["Red"])


def test_only_the_box_s_own_address_is_answered(tmp_path):
    """A page elsewhere that points its own DNS name at the box (DNS rebinding) is refused."""
    from companion.web.server import local_host

    with phone_view(tmp_path) as (link, _session):
        for host, status in (
            (b"evil.example.com", b"421"),
            (b"127.0.0.1:1", b"200"),
            (b"companion.local:8080", b"200"),
        ):
            reply = _raw(link, b"GET /api/live HTTP/1.1\r\nHost: " + host + b"\r\n\r\n")
            assert reply.split(b"\r\n")[0].split()[1] == status, host
    assert local_host("[fe80::1]:8080") and local_host("192.168.1.20") and local_host("localhost")
    assert not local_host("") and not local_host("192.168.1.20.nip.io")


def test_the_server_comes_back_on_the_same_port(tmp_path):
    with phone_view(tmp_path) as (link, session):
        port = link.port
        link.close()
        with pytest.raises(httpx.ConnectError):
            httpx.get(base_url(link) + "/api/live")
        link.config = WebConfig(enabled=True, host="127.0.0.1", port=port)
        link.start()
        assert link.running and link.port == port
        link._view.wait_started()
        session.record(Invest("yellow", "H", 300))
        assert _until(link, lambda d: d["metro"]["players"][2]["cash"] == 1700)


def test_a_busy_port_is_reported_not_raised(tmp_path):
    with phone_view(tmp_path) as (link, _session):
        from companion.app.weblink import WebLink

        other = WebLink(
            link.config.__class__(enabled=True, host="127.0.0.1", port=link.port),
            tmp_path,
            time.monotonic,
            lambda: "en",
        )
        other.start()
        assert not other.running and str(link.port) in other.error


def _until(link, test, seconds: float = 5.0) -> dict:
    """The live JSON once `test` holds (the server renders in its own thread)."""
    end = time.monotonic() + seconds
    while True:
        data = live(link)
        if (data.get("metro") and test(data)) or time.monotonic() > end:
            assert test(data), data
            return data
        time.sleep(0.02)


def _until_games(url: str) -> list:
    return httpx.get(url + "/api/games").json()


def _next_event(lines) -> dict:
    for line in lines:
        if line.startswith("data: "):
            return json.loads(line[6:])
    raise AssertionError("the stream ended")


def _raw(link, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", link.port), timeout=5) as sock:
        with contextlib.suppress(OSError):
            sock.sendall(request)
        data = b""
        try:
            while b"\r\n" not in data:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
        return data


def test_the_app_starts_the_phone_view_only_when_enabled(tmp_path):
    from companion.app.boot import Options, build_app, shutdown
    from companion.config import Config, InputConfig
    from companion.ui import launch

    options = Options(
        headless=True, realtime=False, data_dir=tmp_path, resume=False, simulated_devices=True
    )
    off = build_app(Config(input=InputConfig(gpio="off")), options)
    try:
        assert off.services.web is not None and not off.services.web.running
    finally:
        shutdown(off)
    web = {"enabled": True, "host": "127.0.0.1", "port": 0}
    app = build_app(Config(input=InputConfig(gpio="off"), web=web), options)
    try:
        link = app.services.web
        assert link is not None and link.running
        link._view.wait_started()
        launch.start(app, "metro", {"map_name": "tokyo", "colors": ["red", "blue"]})
        app.step()
        assert (
            _until(link, lambda d: d["kind"] == "metro")["game_id"] == app.services.session.game_id
        )
        assert link.url().endswith(f":{link.port}/")
    finally:
        shutdown(app)
    assert not link.running


def test_a_phone_that_stops_reading_holds_nothing(tmp_path):
    """A phone whose stream backs up (it reads nothing, its buffers are tiny): every entry is
    still saved at once, and a phone that does read gets the latest one."""
    from companion.metro.events import AdjustCash

    with phone_view(tmp_path) as (link, session):
        stuck = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
        stuck.connect(("127.0.0.1", link.port))
        stuck.sendall(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for n in range(300):
            session.record(AdjustCash("red", 100, f"tip {n}"))
        assert session.entry_count == 300
        want = session.state.players[0].cash
        assert _until(link, lambda d: d["metro"]["players"][0]["cash"] == want)
        with httpx.stream("GET", base_url(link) + "/api/events", timeout=10) as events:
            assert _next_event(events.iter_lines())["metro"]["players"][0]["cash"] == want
        stuck.close()
