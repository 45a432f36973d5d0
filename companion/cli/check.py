"""`companion check`: is everything the box needs in place? One row per part, fine or not.

    companion check [--config FILE] [--json] [--timeout SECONDS]

Checks the config file, the map, income track and LED layout files, the data folder and the
saved games (SQLite integrity check, read-only: nothing is moved or repaired), the LED serial
port, the GPIO pins (gpiozero builds every configured button), audio, the camera (one frame,
with a timeout), and where the phone view listens. A part with nothing configured shows "n/a".
Exit status: 0 all fine, 1 something is wrong, 2 bad command-line input.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from companion.cli import Parser
from companion.config import SEARCH_PATHS, Config, find_config, load_config
from companion.data import (
    calibration_dir,
    load_map,
    load_orange_cards,
    load_station_deck,
    load_track,
)
from companion.devices.led_layout import LedSetup, default_layout_path, load_layout
from companion.devices.ledconfig import LedConfig
from companion.devices.sound import Sound, SoundConfig
from companion.errors import UserError
from companion.metro import BoardMap
from companion.store import default_data_dir
from companion.voice.speaker import VoiceConfig, VoiceUnavailable, make_voice_backend

OK, FAIL, NA = "ok", "FAIL", "n/a"
MAP = "tokyo"
"""The map the box plays on by default (the setup screen offers the others)."""


@dataclass
class Row:
    name: str
    status: str
    detail: str


class Skip(Exception):
    """The check cannot run here (nothing configured for it): status n/a."""


def with_timeout(fn: Callable[[], str], seconds: float, what: str) -> str:
    """Run a device call in a helper thread; a stuck driver becomes a failure, not a hang."""
    box: dict[str, Any] = {}

    def work() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=work, name=f"check-{what}", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        raise TimeoutError(f"{what} did not answer within {seconds:g} s")
    if "error" in box:
        raise box["error"]
    return str(box["value"])


class Checker:
    def __init__(self, config_path: Path | None, timeout: float) -> None:
        self.config_path = config_path
        self.timeout = timeout
        self.config = Config()
        self.board: BoardMap | None = None
        self.led_setup: LedSetup | None = None
        self.rows: list[Row] = []

    def run(self) -> list[Row]:
        for name, fn in (
            ("config", self.check_config),
            ("map", self.check_map),
            ("income track", self.check_track),
            ("Next Station deck", self.check_station_deck),
            ("LED layout", self.check_led_layout),
            ("data folder", self.check_data_dir),
            ("saved games", self.check_database),
            ("LED port", self.check_serial),
            ("buttons", self.check_pins),
            ("audio", self.check_audio),
            ("voice", self.check_voice),
            ("camera", self.check_camera),
            ("phone view", self.check_web),
        ):
            self.rows.append(self.one(name, fn))
        return self.rows

    @staticmethod
    def one(name: str, fn: Callable[[], str]) -> Row:
        try:
            return Row(name, OK, fn())
        except Skip as exc:
            return Row(name, NA, str(exc))
        except UserError as exc:
            return Row(name, FAIL, exc.line())
        except (RuntimeError, OSError) as exc:
            return Row(name, FAIL, str(exc) or type(exc).__name__)
        except Exception as exc:
            return Row(name, FAIL, f"{type(exc).__name__}: {exc}")

    # --- files ---------------------------------------------------------------------------------

    def check_config(self) -> str:
        path = self.config_path or find_config()
        if path is None:
            self.config = Config()
            return "no config file found: defaults (" + ", ".join(map(str, SEARCH_PATHS)) + ")"
        self.config = load_config(path)
        if self.config.sound:
            SoundConfig.from_toml_table(self.config.sound, path)
        if self.config.voice:
            VoiceConfig.from_toml_table(self.config.voice, path)
        if self.config.leds:
            LedConfig.from_toml_table(self.config.leds, path)
        if self.config.web:
            from companion.web.config import WebConfig

            WebConfig.from_toml_table(self.config.web, path)
        return str(path)

    def check_map(self) -> str:
        self.board = board = load_map(MAP)
        stops = sum(line.length for line in board.lines.values())
        return f"{board.id}: {len(board.lines)} lines, {stops} stops"

    def check_track(self) -> str:
        load_track()
        path = calibration_dir() / "income-track.toml"
        return str(path) if path.exists() else "built-in table (no income-track.toml)"

    def check_station_deck(self) -> str:
        if not (calibration_dir() / "next-station-deck.toml").exists():
            raise Skip("no next-station-deck.toml: Next Station Tokyo cannot start")
        deck = load_station_deck()
        if not (calibration_dir() / "next-station-orange.toml").exists():
            return f"{len(deck.cards)} cards, {deck.greens} green; no orange cards file"
        oranges = load_orange_cards()
        return f"{len(deck.cards)} cards, {deck.greens} green; {len(oranges)} orange cards"

    def check_led_layout(self) -> str:
        path = default_layout_path(self.board.id if self.board is not None else None)
        if self.board is None and not path.exists():
            raise Skip("needs the map (see above)")
        self.led_setup = load_layout(None, self.board)
        where = str(path) if path.exists() else "default layout from the map"
        return f"{self.led_setup.layout.count} LEDs ({where})"

    # --- data ----------------------------------------------------------------------------------

    def data_dir(self) -> Path:
        return Path(self.config.data_dir or default_data_dir())

    def check_data_dir(self) -> str:
        folder = self.data_dir()
        probe = folder / f".check-{os.getpid()}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            reason = f"cannot write here ({exc.strerror})"
            raise UserError(reason, folder, "store.data_dir") from None
        return f"{folder} (writable)"

    def check_database(self) -> str:
        path = self.data_dir() / "games.db"
        if not path.exists():
            return f"{path}: none yet (created at the first game)"
        return integrity(path)

    # --- devices -------------------------------------------------------------------------------

    def led_settings(self) -> tuple[str, int]:
        """Port and baud as the app opens the strip: the layout's [strip], then [leds]."""
        base = self.led_setup.config if self.led_setup is not None else None
        config = LedConfig.from_toml_table(self.config.leds, self.config.path, base)
        return config.port, config.baud

    def check_serial(self) -> str:
        port, baud = self.led_settings()
        if not port:
            raise Skip("no port configured: the LED strip is simulated")

        def open_port() -> str:
            import serial

            conn = serial.serial_for_url(port, baudrate=baud, timeout=0.1, write_timeout=0.5)
            conn.close()
            return f"{port} opens at {baud} baud"

        return with_timeout(open_port, self.timeout, f"serial port {port}")

    def check_pins(self) -> str:
        inputs = self.config.input
        if inputs.gpio == "off":
            raise Skip("GPIO off in the config: keyboard only")
        pins = dict(inputs.pins)
        for i, pin in enumerate(inputs.players):
            pins[f"player {i + 1}"] = pin
        if inputs.encoder_push is not None:
            pins["encoder push"] = inputs.encoder_push
        if inputs.encoder is not None:
            pins["encoder A"], pins["encoder B"] = inputs.encoder
        if not pins:
            raise Skip("no pins configured: keyboard only")
        return with_timeout(lambda: build_buttons(pins, inputs.gpio), self.timeout, "GPIO")

    def check_audio(self) -> str:
        config = SoundConfig.from_toml_table(self.config.sound or None)
        if not config.enabled:
            raise Skip("sound disabled in the config")

        def probe() -> str:
            sound = Sound(config)
            try:
                if not sound.ok:
                    raise RuntimeError(sound.warning or sound.status)
                return sound.status
            finally:
                sound.close()

        return with_timeout(probe, self.timeout, "audio")

    def check_voice(self) -> str:
        config = VoiceConfig.from_toml_table(self.config.voice or None)
        if not config.enabled:
            raise Skip("spoken announcements off in the config (Settings can turn them on)")

        def probe() -> str:
            backend = make_voice_backend(None, config.backend)
            try:
                backend.open()
                wav = backend.render("uno, dos, tres", "es", config.rate)
            except VoiceUnavailable as exc:
                raise RuntimeError(str(exc)) from None
            return f"{type(backend).__name__}: a phrase rendered ({len(wav)} bytes)"

        return with_timeout(probe, self.timeout, "voice")

    def check_camera(self) -> str:
        source = self.config.camera.get("source", "")
        if source in ("", None, False):
            raise Skip("no camera configured: entry by buttons only")
        if source == "synthetic":
            raise Skip("synthetic camera (demo): no device to check")
        return with_timeout(lambda: read_one_frame(source), self.timeout, "camera")

    def check_web(self) -> str:
        """Where the phone view would listen (binding is left to the app: it may be running)."""
        from companion.app.weblink import lan_address
        from companion.web.config import WebConfig

        web = WebConfig.from_toml_table(self.config.web, self.config.path)
        if not web.enabled:
            raise Skip("off ([web] enabled = false)")
        host = lan_address() if web.host in ("0.0.0.0", "::") else web.host
        return f"listens on {web.host}:{web.port}; phones open http://{host}:{web.port}/"


def integrity(path: Path) -> str:
    """`PRAGMA integrity_check` on a read-only connection; UserError when damaged."""
    uri = f"file:{path}?mode=ro"
    try:
        conn = sqlite3.connect(uri, uri=True, timeout=2.0)
        try:
            rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
            games = conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise UserError(f"damaged ({exc}); the app will move it aside at start", path) from None
    if rows != ["ok"]:
        raise UserError(f"damaged: {'; '.join(rows[:3])}", path)
    return f"{path}: {games} games, integrity ok"


def pi_model() -> str:
    try:
        return Path("/proc/device-tree/model").read_text().strip("\0\n ")
    except OSError:
        return ""


def build_buttons(pins: dict[str, int], mode: str) -> str:
    """Construct a gpiozero Button on every pin with the configured pin factory, then close."""
    import warnings

    from gpiozero import Button, Device
    from gpiozero.exc import BadPinFactory

    if mode == "mock":
        from gpiozero.pins.mock import MockFactory

        if not isinstance(Device.pin_factory, MockFactory):
            Device.pin_factory = MockFactory()
    model = pi_model()
    factory_env = os.environ.get("GPIOZERO_PIN_FACTORY", "")
    if mode != "mock" and model.startswith("Raspberry Pi 5") and factory_env != "lgpio":
        raise RuntimeError("a Pi 5 needs GPIOZERO_PIN_FACTORY=lgpio (see /etc/default/companion)")
    buttons = []
    try:
        for name, pin in pins.items():
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    buttons.append(Button(pin, pull_up=True))
            except BadPinFactory:
                raise RuntimeError(
                    "no GPIO on this computer (no gpiozero pin factory works); "
                    'set gpio = "off" in [input] to use the keyboard'
                ) from None
            except Exception as exc:
                raise RuntimeError(f"{name} (GPIO{pin}): {exc}") from None
        factory = type(Device.pin_factory).__name__ if Device.pin_factory else "?"
    finally:
        for button in buttons:
            button.close()
    return f"{len(buttons)} buttons ({factory})"


def read_one_frame(spec: str | int) -> str:
    """Open the configured source through the camera part and read one frame (a source may
    give None until its first frame is ready: try a few times)."""
    from companion.vision.sources import open_source

    source = open_source(spec)
    try:
        frame = None
        for _ in range(50):
            frame = source.read()
            if frame is not None:
                break
            threading.Event().wait(0.05)
        if frame is None:
            raise RuntimeError("the camera opened but gave no frame")
        height, width = frame.shape[:2]
    finally:
        source.close()
    return f"{spec}: {width}x{height}"


def format_table(rows: list[Row]) -> str:
    width = max(len(r.name) for r in rows)
    lines = [f"{r.name:<{width}}  {r.status:<4}  {r.detail}" for r in rows]
    failed = sum(r.status == FAIL for r in rows)
    lines.append("")
    lines.append("all fine" if not failed else f"{failed} problem{'s' if failed > 1 else ''}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = Parser(prog="companion check", description=__doc__.split("\n")[0])
    parser.add_argument("--config", type=Path, help="config file (default: searched)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument(
        "--timeout", type=float, default=5.0, help="seconds for each device (default 5)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for --json
    # The table reports every device problem; the devices' own warnings would only repeat it.
    logging.getLogger("companion").addHandler(logging.NullHandler())
    if args.config is not None and not args.config.exists():
        raise UserError("no such file", args.config, "--config")
    if not 0 < args.timeout <= 120:
        raise UserError(f"expected 0 to 120 seconds, got {args.timeout}", None, "--timeout")
    rows = Checker(args.config, args.timeout).run()
    failed = any(r.status == FAIL for r in rows)
    if args.json:
        json.dump({"ok": not failed, "checks": [asdict(r) for r in rows]}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_table(rows))
    return 1 if failed else 0
