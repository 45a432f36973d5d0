"""sd_notify and the watchdog against a real AF_UNIX datagram socket (path and abstract names)."""

from __future__ import annotations

import os
import signal
import socket
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.systemd import (
    Notifier,
    ServiceHook,
    Signals,
    Watchdog,
    socket_address,
    thread_alive,
    watchdog_interval,
)


class NotifySocket:
    """A stand-in for systemd's notify socket: receives datagrams, decodes them."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(socket_address(name))
        self.sock.settimeout(2.0)

    def receive(self) -> dict[str, str]:
        data = self.sock.recv(4096).decode()
        return dict(line.split("=", 1) for line in data.split("\n") if line)

    def pending(self) -> list[dict[str, str]]:
        out = []
        self.sock.setblocking(False)
        try:
            while True:
                try:
                    data = self.sock.recv(4096).decode()
                except BlockingIOError:
                    return out
                out.append(dict(line.split("=", 1) for line in data.split("\n") if line))
        finally:
            self.sock.settimeout(2.0)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(params=["path", "abstract"])
def notify_socket(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[NotifySocket]:
    if request.param == "path":
        name = str(tmp_path / "notify.sock")
    else:
        name = f"@companion-test-{uuid.uuid4().hex}"
    sock = NotifySocket(name)
    try:
        yield sock
    finally:
        sock.close()


def test_address_abstract_namespace() -> None:
    assert socket_address("@foo") == "\0foo"
    assert socket_address("/run/systemd/notify") == "/run/systemd/notify"


def test_ready_status_watchdog_reloading_stopping(notify_socket: NotifySocket) -> None:
    n = Notifier(notify_socket.name)
    assert n.ready("showing the main menu")
    assert notify_socket.receive() == {"READY": "1", "STATUS": "showing the main menu"}
    assert n.status("game 3, round 2")
    assert notify_socket.receive() == {"STATUS": "game 3, round 2"}
    assert n.watchdog()
    assert notify_socket.receive() == {"WATCHDOG": "1"}
    assert n.reloading()
    got = notify_socket.receive()
    assert got["RELOADING"] == "1" and int(got["MONOTONIC_USEC"]) > 0
    assert n.stopping()
    assert notify_socket.receive() == {"STOPPING": "1"}
    n.close()


def test_notifier_from_env(notify_socket: NotifySocket) -> None:
    n = Notifier.from_env({"NOTIFY_SOCKET": notify_socket.name})
    assert n.enabled and n.ready()
    assert notify_socket.receive()["READY"] == "1"


def test_no_socket_is_a_no_op() -> None:
    n = Notifier.from_env({})
    assert not n.enabled
    assert not n.ready() and not n.watchdog() and n.sent == []


def test_socket_gone_does_not_raise(tmp_path: Path) -> None:
    n = Notifier(str(tmp_path / "nobody-listens.sock"))
    assert not n.watchdog()
    assert not n.watchdog()


def test_watchdog_interval_from_env() -> None:
    pid = str(os.getpid())
    assert watchdog_interval({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": pid}) == 5.0
    assert watchdog_interval({"WATCHDOG_USEC": "15000000"}) == 5.0
    assert watchdog_interval({"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_interval({}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "junk"}) is None
    assert watchdog_interval({"WATCHDOG_USEC": "0"}) is None


def test_watchdog_pings_at_most_every_interval(notify_socket: NotifySocket) -> None:
    dog = Watchdog(Notifier(notify_socket.name), interval=5.0, clock=lambda: 0.0)
    frames = [i / 30 for i in range(30 * 16)]  # 16 s of frames at 30 fps
    sent = [t for t in frames if dog.tick(t)]
    assert sent == [0.0, 5.0, 10.0, 15.0]
    assert [m for m in notify_socket.pending()] == [{"WATCHDOG": "1"}] * 4


def test_no_ping_when_a_thread_died(notify_socket: NotifySocket) -> None:
    stop = threading.Event()
    leds = threading.Thread(target=stop.wait, name="leds", daemon=True)
    buttons = threading.Thread(target=stop.wait, name="buttons", daemon=True)
    leds.start()
    buttons.start()
    dog = Watchdog(Notifier(notify_socket.name), interval=1.0)
    dog.add_check("LED writer", thread_alive(leds))
    dog.add_check("buttons", thread_alive(buttons))
    assert dog.tick(0.0)
    assert notify_socket.receive() == {"WATCHDOG": "1"}

    stop.set()
    leds.join()
    buttons.join()
    assert not dog.tick(1.0)
    assert not dog.tick(2.0)
    assert dog.failing == ["LED writer", "buttons"]
    messages = notify_socket.pending()
    assert messages == [{"STATUS": "stopped: LED writer, buttons; waiting for the watchdog"}]
    assert dog.pings == 1


def test_a_raising_check_counts_as_dead(notify_socket: NotifySocket) -> None:
    def broken() -> bool:
        raise RuntimeError("boom")

    dog = Watchdog(Notifier(notify_socket.name), interval=1.0)
    dog.add_check("camera", broken)
    assert not dog.tick(0.0)
    dog.remove_check("camera")
    assert dog.tick(0.0)


def test_thread_never_started_is_dead() -> None:
    assert not thread_alive(None)()
    assert not thread_alive(threading.Thread(target=lambda: None))()


def test_watchdog_off_without_interval(notify_socket: NotifySocket) -> None:
    dog = Watchdog(Notifier(notify_socket.name), interval=None)
    assert not dog.tick(0.0)
    assert notify_socket.pending() == []


class FakeApp:
    running = True
    frames = 0  # READY=1 waits for the first frame


def test_sighup_reloads_between_frames(notify_socket: NotifySocket) -> None:
    reloaded: list[int] = []
    n = Notifier(notify_socket.name)

    def reload() -> None:
        reloaded.append(1)

    hook = ServiceHook(n, Watchdog(n, None), Signals().install(), reload)
    try:
        app = FakeApp()
        hook.ready("menu")
        assert notify_socket.receive() == {"READY": "1", "STATUS": "menu"}
        os.kill(os.getpid(), signal.SIGHUP)
        assert reloaded == []  # the handler only sets a flag
        hook.ticker(app, 0.0)
        assert reloaded == [1] and app.running
        reloading, ready = notify_socket.receive(), notify_socket.receive()
        assert reloading["RELOADING"] == "1"
        assert ready == {"READY": "1", "STATUS": "config reloaded"}
        hook.ticker(app, 0.1)
        assert reloaded == [1]
    finally:
        hook.stopping()


def test_failed_reload_keeps_going(notify_socket: NotifySocket) -> None:
    def bad() -> str:
        raise ValueError("config.toml: screen.fps: expected a whole number")

    n = Notifier(notify_socket.name)
    hook = ServiceHook(n, Watchdog(n, None), Signals(), bad)
    hook.signals.reload.set()
    hook.ticker(FakeApp(), 0.0)
    notify_socket.receive()
    ready = notify_socket.receive()
    assert ready["READY"] == "1"
    assert "old config kept" in ready["STATUS"] and "screen.fps" in ready["STATUS"]
    assert hook.last_reload_error is not None


def test_sigterm_stops_the_loop(notify_socket: NotifySocket) -> None:
    n = Notifier(notify_socket.name)
    hook = ServiceHook(n, Watchdog(n, None), Signals().install())
    try:
        app = FakeApp()
        os.kill(os.getpid(), signal.SIGTERM)
        hook.ticker(app, 0.0)
        assert not app.running
    finally:
        hook.stopping()
    assert notify_socket.receive() == {"STOPPING": "1"}
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_hook_from_env(notify_socket: NotifySocket) -> None:
    env = {"NOTIFY_SOCKET": notify_socket.name, "WATCHDOG_USEC": "3000000"}
    hook = ServiceHook.from_env(env=env, install_signals=False)
    assert hook.watchdog.interval == 1.0
    hook.ticker(FakeApp(), 0.0)
    assert notify_socket.receive() == {"WATCHDOG": "1"}


def test_a_full_socket_never_blocks_the_loop(tmp_path: Path) -> None:
    listener = NotifySocket(str(tmp_path / "full.sock"))  # nobody reads it
    try:
        n = Notifier(listener.name)
        results = [n.watchdog() for _ in range(5000)]
        assert results[0] and not results[-1]  # dropped once the queue filled, never stuck
    finally:
        listener.close()


def test_ready_after_the_first_frame(notify_socket: NotifySocket) -> None:
    n = Notifier(notify_socket.name)
    hook = ServiceHook(n, Watchdog(n, None), Signals())
    hook.describe = lambda app: "keyboard only; LED strip simulated"
    app = FakeApp()
    hook.ticker(app, 0.0)
    assert notify_socket.pending() == []
    app.frames = 1
    hook.ticker(app, 0.1)
    hook.ticker(app, 0.2)
    assert notify_socket.pending() == [
        {"READY": "1", "STATUS": "keyboard only; LED strip simulated"}
    ]


def test_status_follows_the_devices(notify_socket: NotifySocket) -> None:
    clock = [0.0]
    n = Notifier(notify_socket.name)
    hook = ServiceHook(n, Watchdog(n, None, clock=lambda: clock[0]), Signals())
    leds = ["LED strip connected"]
    hook.describe = lambda app: f"keyboard only; {leds[0]}"
    app = FakeApp()
    app.frames = 1
    hook.ticker(app, 0.0)
    assert notify_socket.receive() == {"READY": "1", "STATUS": "keyboard only; LED strip connected"}
    leds[0] = "LED strip reconnecting: unplugged"
    for t in (0.5, 1.5, 1.6, 3.0):
        clock[0] = t
        hook.ticker(app, t)
    assert notify_socket.pending() == [
        {"STATUS": "keyboard only; LED strip reconnecting: unplugged"}
    ]


def test_lgpio_callback_thread_is_watched(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    from companion.app.systemd import GpioCallbackCheck

    assert GpioCallbackCheck()()  # no lgpio here: nothing to check
    fake = types.ModuleType("lgpio")
    stop = threading.Event()

    class _callback_thread(threading.Thread):  # lgpio's own class, defined in its module
        def run(self) -> None:
            stop.wait(5)

    _callback_thread.__module__ = "lgpio"
    thread = _callback_thread(daemon=True)
    thread.start()
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    check = GpioCallbackCheck()
    assert check.threads == [thread] and check()
    stop.set()
    thread.join()
    assert not check()  # found once, still watched after it died
