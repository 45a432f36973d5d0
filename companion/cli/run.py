"""`companion run`: the table app as the Pi service runs it."""

from __future__ import annotations

import logging
from pathlib import Path

from companion.cli import Parser
from companion.errors import UserError


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UserError(
            f"expected WIDTHxHEIGHT such as 800x480, got {text!r}", None, "--size"
        ) from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise UserError(f"size out of range: {text}", None, "--size")
    return w, h


def main(argv: list[str]) -> int:
    parser = Parser(prog="companion run", description=__doc__)
    parser.add_argument("--config", type=Path, help="config file (default: searched)")
    parser.add_argument("--windowed", action="store_true", help="a window, not full screen")
    parser.add_argument("--size", type=parse_size, help="screen size WIDTHxHEIGHT")
    parser.add_argument("--data-dir", type=Path, help="where saved games go")
    parser.add_argument("--screenshots", type=Path, help="save a PNG of every screen here")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

    from companion.app.systemd import Notifier, attach

    starting = Notifier.from_env()
    starting.watchdog()  # systemd's watchdog already runs: a ping before the slow imports

    from companion.app.boot import Options, build_app, shutdown
    from companion.config import load_config

    options = Options(
        size=args.size,
        fullscreen=False if args.windowed else None,
        data_dir=args.data_dir,
        screenshot_dir=args.screenshots,
    )
    try:
        config = load_config(args.config)
        app = build_app(config, options)
    except UserError as exc:
        starting.status(f"cannot start: {exc.line()}")  # shown by `systemctl status`
        raise
    starting.watchdog()
    starting.close()
    hook = attach(app, config)  # systemd: READY=1, watchdog, SIGHUP reloads config, SIGTERM stops
    try:
        app.run()
    finally:
        hook.stopping()
        shutdown(app)
        app.services.power.finish()
    return 0
