"""`companion demo`: a scripted 3-player Tokyo Metro game (`--map osaka`: 4 players on the
Osaka map with the Osaka cards; `--drinks`: with METRO DRINKS; or `--game izakaya`: a short
IZAKAYA game; `--game next-station`: two players of Next Station Tokyo) with every part
simulated."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.cli import Parser


def has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _rounds(text: str) -> int:
    """A Metro game has at most 8 rounds (two players); fewer than one plays nothing."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 1 <= value <= 8:
        raise argparse.ArgumentTypeError(f"expected 1 to 8 rounds, got {value}")
    return value


def drinks_summary(app: Any, script: Any) -> dict[str, int] | None:
    """What the METRO DRINKS demo left: drinks on the map, fees and bonuses paid, and the
    vending machines the camera's question recorded."""
    session = app.services.session
    if session is None:
        return None
    state = session.state
    return {
        "on_map": len(state.drinks),
        "fees": sum(p.drink_fees for p in state.players),
        "bonuses": sum(p.drink_bonus for p in state.players),
        "by_camera": int(getattr(script, "camera_drinks", 0)),
    }


def _what(game: str, rounds: int, map_name: str) -> str:
    """What the demo plays, in the screen's language: "3 rounds" of Metro, else the game."""
    from companion import games
    from companion.i18n import _

    if game != "metro":
        return _(games.game(game).title)
    played = _("1 round") if rounds == 1 else _("{n} rounds").format(n=rounds)
    return played if map_name == "tokyo" else f"{played} ({map_name.title()})"


def main(argv: list[str]) -> int:
    parser = Parser(prog="companion demo", description=__doc__)
    parser.add_argument(
        "--game",
        choices=("metro", "izakaya", "shopping", "chocolate", "next-station"),
        default="metro",
        help="the game to play (default metro; the others play a short game)",
    )
    parser.add_argument(
        "--map",
        choices=("tokyo", "osaka"),
        default="tokyo",
        help="the Metro game's map (osaka: 4 players with the Osaka cards, trams and buses)",
    )
    parser.add_argument("--headless", action="store_true", help="no window (SDL dummy driver)")
    parser.add_argument("--screenshots", type=Path, help="save a PNG of every screen here")
    parser.add_argument("--rounds", type=_rounds, default=3, help="rounds to play, 1-8 (default 3)")
    parser.add_argument("--size", default="800x480", help="screen size (default 800x480)")
    parser.add_argument("--language", choices=("es", "fr", "en"), help="screen language")
    parser.add_argument("--data-dir", type=Path, help="keep the demo's saved game here")
    parser.add_argument("--json", action="store_true", help="print a summary as JSON at the end")
    parser.add_argument(
        "--leds-port",
        metavar="URL",
        help="also send the LED frames to a serial port, e.g. the pty `companion leds emulate` "
        "prints",
    )
    parser.add_argument(
        "--drinks",
        action="store_true",
        help="play the Metro game with METRO DRINKS: colour cards, vending machines (one seen by "
        "the camera), drink bonuses",
    )
    parser.add_argument(
        "--phone-view",
        metavar="PORT",
        type=int,
        help="serve the phone view on this computer at http://127.0.0.1:PORT/ while it plays",
    )
    parser.add_argument(
        "--no-camera",
        action="store_true",
        help="enter stations and meeple moves by buttons instead of the simulated camera",
    )
    parser.add_argument(
        "--voice",
        action="store_true",
        help="spoken announcements on (espeak-ng in a window; headless: the phrases are printed)",
    )
    args = parser.parse_args(argv)

    from companion.app.boot import Options, build_app, shutdown
    from companion.app.demo import DemoScript, _start_camera, start_demo
    from companion.cli.run import parse_size
    from companion.config import Config, InputConfig
    from companion.i18n import _

    headless = args.headless or not has_display()
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="companion-demo-"))
    shots = args.screenshots
    if headless and shots is None:
        shots = data_dir / "screenshots"
    leds = {"port": args.leds_port} if args.leds_port else {}
    voice = {"enabled": True, "backend": "simulated" if headless else ""} if args.voice else {}
    web = {"enabled": True, "host": "127.0.0.1", "port": args.phone_view} if args.phone_view else {}
    config = Config(
        input=InputConfig(gpio="off"), language=args.language, leds=leds, web=web, voice=voice
    )
    options = Options(
        size=parse_size(args.size),
        fullscreen=False,
        headless=headless,
        realtime=not headless,
        data_dir=data_dir,
        screenshot_dir=shots,
        resume=False,
        strip_band=max(60, parse_size(args.size)[1] // 6),
    )
    app = build_app(config, options)
    if args.language:
        app.services.settings.set("language", args.language)
    out = sys.stderr if args.json else sys.stdout
    started = time.monotonic()

    def say(text: str) -> None:
        if headless or not args.json:
            print(text, file=out, flush=True)

    say(
        _("Demo: {what}, {where}; inputs: {inputs}; sound: {sound}; LEDs: {leds}").format(
            what=_what(args.game, args.rounds, args.map),
            where=_("headless") if headless else _("in a window"),
            inputs=app.input_status.text(),
            sound=app.services.sound.status,
            leds=app.services.leds.status,
        )
    )
    if app.services.web is not None and app.services.web.running:
        say(_("Phone view: {url}").format(url=app.services.web.url()))
    pace = 1.0 if headless else 0.8
    script: DemoScript
    if args.game == "metro" and args.drinks:
        from companion.app.drinks_demo import start_drinks_demo

        script = start_drinks_demo(app, args.rounds, say, pace=pace, map_name=args.map)
    elif args.game == "metro":
        script = start_demo(app, args.rounds, say, pace=pace, map_name=args.map)
    elif args.game == "next-station":
        from companion.app.nextstation_demo import start_nextstation_demo

        script = start_nextstation_demo(app, say, pace)
    elif args.game == "izakaya":
        from companion.app.izakaya_demo import start_izakaya_demo

        script = start_izakaya_demo(app, say, pace=pace)
    else:
        from companion.app.market_demo import start_market_demo

        script = start_market_demo(app, args.game, say, pace=pace)
    script.stay = not headless
    try:
        if not args.no_camera and args.game == "metro":
            script.table = _start_camera(app, data_dir)
        app.run()
        drinks = drinks_summary(app, script) if args.drinks else None
        if args.leds_port:
            # the strip opens after the first line: a wrong --leds-port shows only here
            say(_("LEDs: {status}").format(status=app.services.leds.status))
    finally:
        shutdown(app)
    elapsed = time.monotonic() - started
    spoken = getattr(app.services.voice.backend, "spoken", None)
    if spoken:
        said = " / ".join(text for _lang, text in spoken[:8])
        say(_("Said aloud ({n}): {phrases}").format(n=len(spoken), phrases=said))
    if app.screenshots:
        say(_("Screenshots ({n}) saved in {folder}").format(n=len(app.screenshots), folder=shots))
    if script.done and not headless:
        say(_("(the window stayed on the last screen until it was closed)"))
    say(_("Saved game in {folder}; {seconds} s").format(folder=data_dir, seconds=f"{elapsed:.1f}"))
    if args.json:
        result = script.log.result
        print(
            json.dumps(
                {
                    "rounds": args.rounds,
                    "entries": script.log.entries,
                    "camera_entries": script.log.camera,
                    "drinks": drinks,
                    "train_phases": script.log.phases,
                    "presses": script.log.presses,
                    "error": script.log.error,
                    "ranking": list(result.ranking) if result else script.log.ranking or None,
                    "screenshots": [str(p) for p in app.screenshots],
                    "data_dir": str(data_dir),
                    "seconds": round(elapsed, 2),
                }
            )
        )
    closed_early = not headless and script.log.error is None  # the user closed the window
    return 0 if script.done or closed_early else 1
