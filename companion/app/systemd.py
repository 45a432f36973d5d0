"""Running under systemd: sd_notify, a watchdog that checks the worker threads, and signals.

The unit (systemd/companion.service) is `Type=notify` with `WatchdogSec=`. The app tells systemd
it is ready once the first frame is on screen, pings the watchdog from its main loop (never from a
helper thread, so a frozen loop is noticed), and pings only while the button and LED threads are
alive: a dead thread stops the pings and systemd restarts the service. SIGHUP (`systemctl reload`)
sets a flag that the loop checks to re-read the config between frames; SIGTERM asks the loop to
stop cleanly. Bookworm ships systemd 252, which has no `Type=notify-reload`, hence the SIGHUP.

`companion run` wires it with two calls (`attach` below does the rest):

    hook = attach(app, config)     # checks, SIGHUP/SIGTERM, READY=1 after the first frame
    try: app.run()
    finally: hook.stopping()

By hand, for another loop: `hook = ServiceHook.from_env(reload=...)`, `hook.add_check(name,
fn)`, call `hook.ticker(app, now)` every frame, `hook.ready(status)` once something is shown.

Outside systemd ($NOTIFY_SOCKET unset) every call is a cheap no-op.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from companion.app.inputs import KeyMap

if TYPE_CHECKING:
    from companion.app.core import App
    from companion.config import Config

log = logging.getLogger(__name__)

Check = Callable[[], bool]


def socket_address(name: str) -> str:
    """`$NOTIFY_SOCKET` as a socket address: a leading '@' means Linux's abstract namespace."""
    return "\0" + name[1:] if name.startswith("@") else name


class Notifier:
    """Sends sd_notify datagrams. Never raises: a lost status line must not stop the game."""

    def __init__(self, address: str | None) -> None:
        self.address = address or None
        self.sent: list[str] = []
        """Every message sent (the last few hundred), for `companion check` and tests."""
        self._sock: socket.socket | None = None
        self._warned = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Notifier:
        return cls((os.environ if env is None else env).get("NOTIFY_SOCKET"))

    @property
    def enabled(self) -> bool:
        return self.address is not None

    def send(self, *fields: str) -> bool:
        """Send `KEY=value` lines in one datagram; True when it went out."""
        if self.address is None:
            return False
        message = "\n".join(fields)
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            # never blocks: a full queue at the other end must not freeze the frame loop
            self._sock.sendto(message.encode(), socket.MSG_DONTWAIT, socket_address(self.address))
        except OSError as exc:
            if not self._warned:
                log.warning("sd_notify to %s failed: %s", self.address, exc)
                self._warned = True
            self.close()
            return False
        self.sent.append(message)
        del self.sent[:-200]
        return True

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def reloading(self) -> bool:
        usec = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        return self.send("RELOADING=1", f"MONOTONIC_USEC={usec}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings (a third of WatchdogSec), or None when no watchdog is asked for.

    systemd sets $WATCHDOG_USEC and $WATCHDOG_PID; a PID that is not ours means the variables were
    inherited from a parent and are not meant for us."""
    env = os.environ if env is None else env
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid != str(os.getpid())):
        return None
    return usec / 1e6 / 3


def thread_alive(thread: threading.Thread | None) -> Check:
    """A check for one thread: fails once it has died (or was never started)."""
    return lambda: thread is not None and thread.is_alive()


class Watchdog:
    """Called by the main loop every frame; pings at most every `interval` seconds, and only
    while every registered check passes. When one fails it logs and updates STATUS once."""

    def __init__(
        self,
        notifier: Notifier,
        interval: float | None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.notifier = notifier
        self.interval = interval
        self.clock = clock
        self.checks: dict[str, Check] = {}
        self.pings = 0
        self.failing: list[str] = []
        self._last: float | None = None

    def add_check(self, name: str, check: Check) -> None:
        self.checks[name] = check

    def remove_check(self, name: str) -> None:
        self.checks.pop(name, None)

    def failed_checks(self) -> list[str]:
        failed = []
        for name, check in self.checks.items():
            try:
                ok = bool(check())
            except Exception:
                log.exception("watchdog check %s raised", name)
                ok = False
            if not ok:
                failed.append(name)
        return failed

    def tick(self, now: float | None = None) -> bool:
        """True when a ping was sent."""
        if self.interval is None:
            return False
        now = self.clock() if now is None else now
        if self._last is not None and now - self._last < self.interval:
            return False
        failed = self.failed_checks()
        if failed:
            if failed != self.failing:
                log.error("not pinging the watchdog: %s stopped", ", ".join(failed))
                self.notifier.status(f"stopped: {', '.join(failed)}; waiting for the watchdog")
            self.failing = failed
            return False
        self.failing = []
        self._last = now
        if self.notifier.watchdog():
            self.pings += 1
            return True
        return False


class Signals:
    """SIGHUP asks for a config reload, SIGTERM for a clean stop; the loop polls both.

    Handlers only set flags: anything more could run in the middle of a frame."""

    def __init__(self) -> None:
        self.reload = threading.Event()
        self.stop = threading.Event()
        self._previous: dict[int, Any] = {}

    def install(self) -> Signals:
        """Install the handlers (main thread only); returns self."""
        for signum, handler in (
            (signal.SIGHUP, self._on_hup),
            (signal.SIGTERM, self._on_term),
        ):
            self._previous[signum] = signal.signal(signum, handler)
        return self

    def uninstall(self) -> None:
        for signum, previous in self._previous.items():
            signal.signal(signum, previous)
        self._previous.clear()

    def _on_hup(self, _signum: int, _frame: FrameType | None) -> None:
        self.reload.set()

    def _on_term(self, _signum: int, _frame: FrameType | None) -> None:
        self.stop.set()

    def take_reload(self) -> bool:
        """True once per SIGHUP received."""
        if self.reload.is_set():
            self.reload.clear()
            return True
        return False


class ServiceHook:
    """What the app's frame loop needs from systemd, as one ticker: `hook.ticker(app, now)`.

    `reload` is called between frames after a SIGHUP (it re-reads the config; it must not touch
    the game). If it raises, the old config stays and the error is reported in STATUS."""

    def __init__(
        self,
        notifier: Notifier,
        watchdog: Watchdog,
        signals: Signals | None = None,
        reload: Callable[[], str | None] | None = None,
    ) -> None:
        self.notifier = notifier
        self.watchdog = watchdog
        self.signals = signals or Signals()
        self.reload = reload
        self.is_ready = False
        self.describe: Callable[[Any], str] | None = None
        """One line about the devices for STATUS= (see `describe_app`)."""
        self.last_status = ""
        self._status_checked = float("-inf")
        self.reloads = 0
        self.last_reload_error: str | None = None

    @classmethod
    def from_env(
        cls,
        reload: Callable[[], str | None] | None = None,
        env: Mapping[str, str] | None = None,
        install_signals: bool = True,
    ) -> ServiceHook:
        notifier = Notifier.from_env(env)
        signals = Signals()
        if install_signals and threading.current_thread() is threading.main_thread():
            signals.install()
        return cls(notifier, Watchdog(notifier, watchdog_interval(env)), signals, reload)

    def add_check(self, name: str, check: Check) -> None:
        self.watchdog.add_check(name, check)

    def ready(self, status: str = "running") -> None:
        """READY=1, with a watchdog ping so the first interval starts now."""
        if not self.is_ready:
            self.is_ready = True
            ping = ["WATCHDOG=1"] if self.watchdog.interval is not None else []
            self.notifier.send("READY=1", f"STATUS={status}", *ping)

    def ticker(self, app: Any, now: float) -> None:
        """Call once per frame from the main loop (an `App.tickers` entry). READY=1 goes out
        at the start of the second frame, once the first one is on the screen."""
        self.poll(app)
        if not self.is_ready and app.frames >= 1:
            self.last_status = self.describe(app) if self.describe is not None else "running"
            self.ready(self.last_status)
        elif self.is_ready and self.describe is not None:
            self.update_status(app)
        self.watchdog.tick()

    def update_status(self, app: Any) -> None:
        """STATUS= again when the devices' state changed (LED unplugged, camera lost...), looked
        at no more than once a second, so `systemctl status` shows what is wrong now."""
        now = self.watchdog.clock()
        if now - self._status_checked < 1.0:
            return
        self._status_checked = now
        assert self.describe is not None
        text = self.describe(app)
        if text != self.last_status and not self.watchdog.failing:
            self.last_status = text
            self.notifier.status(text)

    def poll(self, app: Any = None) -> None:
        if self.signals.stop.is_set() and app is not None:
            app.running = False
        if self.signals.take_reload():
            self.do_reload()

    def do_reload(self) -> None:
        self.notifier.reloading()
        status = "config reloaded"
        try:
            if self.reload is not None:
                status = self.reload() or status
            self.last_reload_error = None
        except Exception as exc:
            message = str(exc) or type(exc).__name__
            log.error("config reload failed, keeping the old config: %s", message)
            self.last_reload_error = message
            status = f"config reload failed, old config kept: {message}"
        self.reloads += 1
        self.notifier.send("READY=1", f"STATUS={status}")

    def stopping(self) -> None:
        self.notifier.stopping()
        self.signals.uninstall()
        self.notifier.close()


# --- the table app ------------------------------------------------------------------------------


class GpioCallbackCheck:
    """lgpio (the Pi 5's pin factory) runs every button callback in one Python thread of its
    own; if that thread dies, presses are silently lost. The thread is found once, after the
    buttons were set up (a dead thread drops out of `threading.enumerate`, so it is kept): any
    thread object held by the lgpio module or whose class comes from it. Other pin factories
    have no such thread, and then the check always passes."""

    MODULES = ("lgpio",)

    def __init__(self) -> None:
        self.threads = self.find()

    @classmethod
    def find(cls) -> list[threading.Thread]:
        import sys

        found: list[threading.Thread] = []
        for name in cls.MODULES:
            module = sys.modules.get(name)
            if module is None:
                continue
            found += [v for v in vars(module).values() if isinstance(v, threading.Thread)]
            found += [t for t in threading.enumerate() if type(t).__module__ == name]
        return list({id(t): t for t in found}.values())

    def __call__(self) -> bool:
        return all(t.is_alive() for t in self.threads)


def leds_alive(app: App) -> bool:
    """The LED writer thread (serial strip) is running; a strip in memory has none, and there
    is no strip before the first game opens one."""
    strip = app.services.leds.strip
    return strip is None or bool(getattr(strip, "alive", True))


def describe_app(app: App) -> str:
    services = app.services
    camera = services.camera.status if services.camera is not None else ""
    parts = [app.input_status.text(), services.leds.status, services.sound.status, camera]
    return "; ".join(p for p in parts if p)


def needs_restart(old: Config, new: Config) -> list[str]:
    """What changed in the config that only a restart applies (devices opened at start)."""
    changed = []
    if (old.screen.size, old.screen.fullscreen) != (new.screen.size, new.screen.fullscreen):
        changed.append("screen")
    pins = ("gpio", "pins", "encoder", "encoder_push", "players", "bounce_time", "hold_time")
    if any(getattr(old.input, k) != getattr(new.input, k) for k in pins):
        changed.append("buttons")
    for key, label in (
        ("data_dir", "saved games folder"),
        ("sound", "sound"),
        ("leds", "LED strip"),
        ("camera", "camera"),
    ):
        if getattr(old, key, None) != getattr(new, key, None):
            changed.append(label)
    return changed


def reload_config(app: App, path: Path | None) -> str:
    """Re-read the config file (SIGHUP). Applies what can change between frames (keyboard keys,
    frame rate) and names what needs a restart; the game, the screens and the devices stay.
    A bad file raises UserError and the old config stays."""
    from companion.config import find_config, load_config

    new = load_config(path if path is not None else find_config())
    keymap = KeyMap(new.input)  # raises on an unknown key name: nothing applied yet
    old = app.config
    app.fps = new.screen.fps
    app.keymap = keymap
    app.config = new
    changed = needs_restart(old, new) if old is not None else []
    where = str(new.path) if new.path else "defaults"
    if changed:
        return f"config reloaded from {where}; restart to apply: {', '.join(changed)}"
    return f"config reloaded from {where}"


def attach(app: App, config: Config, env: Mapping[str, str] | None = None) -> ServiceHook:
    """Hook the app's frame loop to systemd: watchdog with the input and LED checks, READY=1
    after the first frame, SIGHUP reloads `config.path`, SIGTERM stops the loop."""
    app.config = config
    path = config.path
    hook = ServiceHook.from_env(reload=lambda: reload_config(app, path), env=env)
    hook.add_check("button callbacks", GpioCallbackCheck())
    hook.add_check("LED writer", lambda: leds_alive(app))
    hook.describe = describe_app
    app.tickers.append(hook.ticker)
    return hook
