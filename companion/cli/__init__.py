"""The `companion` command: `companion SUBCOMMAND ...`.

Each subcommand lives in its own module, imported only when asked for, so `companion metro`
never loads pygame or OpenCV. Every module has `main(argv) -> int`. A `UserError` anywhere
becomes one line on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from companion.errors import UserError

SUBCOMMANDS = {
    "metro": ("companion.cli.metro", "Tokyo Metro rules: map, income track, train phase, end game"),
    "next-station": ("companion.cli.nextstation", "Next Station Tokyo: check the deck files"),
    "demo": ("companion.cli.demo", "play a scripted game with simulated hardware"),
    "run": ("companion.cli.run", "run the table app (the Pi service runs this)"),
    "leds": (
        "companion.cli.leds",
        "LED strip: test pattern, emulator, a game state, a train phase",
    ),
    "vision": (
        "companion.cli.vision",
        "camera: markers, render, calibrate, read, check, fit the map",
    ),
    "check": ("companion.cli.check", "check config, data files and devices"),
    "history": ("companion.cli.history", "saved games: CSV and JSON exports, players' records"),
}


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are a `UserError`: one line, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UserError(message)


def usage() -> str:
    width = max(map(len, SUBCOMMANDS))
    rows = "\n".join(f"  {name:<{width}}  {text}" for name, (_, text) in SUBCOMMANDS.items())
    return f"usage: companion SUBCOMMAND [options]\n\nsubcommands:\n{rows}\n"


def _use_owner_files() -> None:
    """Commands use the owner's fitted map and income track from the box's data directory
    (the config's `store.data_dir`, else the default), as the app does."""
    from companion import data
    from companion.config import load_config
    from companion.store import default_data_dir

    if data.owner_dir() is not None:
        return
    try:
        folder = load_config().data_dir
    except UserError:
        folder = None
    data.use_owner_dir(folder or default_data_dir())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help"):
        sys.stdout.write(usage())
        return 0
    if args[0] == "--version":
        from companion import __version__

        print(__version__)
        return 0
    entry = SUBCOMMANDS.get(args[0])
    if entry is None:
        sys.stderr.write(f"companion: unknown subcommand {args[0]!r}\n\n{usage()}")
        return 2
    try:
        _use_owner_files()
        module = importlib.import_module(entry[0])
        return int(module.main(args[1:]))
    except UserError as exc:
        sys.stderr.write(f"companion {args[0]}: {exc.line()}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # Output piped into `head` and closed early: not an error worth a traceback.
        sys.stderr.close()
        return 0
