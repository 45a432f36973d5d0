"""`companion leds`: check the LED strip's wiring, watch Adalight bytes, light a game state.

companion leds test [--port URL] [--count N] [--baud B]   red, green, blue, white, chase
companion leds emulate [--socket PORT] [--count N]        a pretend controller on a pty/TCP
companion leds show --state FILE [--port URL]             light a saved game state
companion leds play [--map osaka] [--port URL]            play a sample train phase
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.cli import Parser
from companion.colors import RGB
from companion.devices import led_text
from companion.devices.adalight import wire_fps
from companion.devices.led_layout import LedLayout, default_layout_path, load_layout
from companion.devices.ledconfig import COLOR_ORDERS, LedConfig
from companion.devices.leds import CONNECTED, LedStrip, SimulatedStrip, open_strip
from companion.errors import UserError

SOLIDS: tuple[tuple[str, RGB], ...] = (
    ("red", (255, 0, 0)),
    ("green", (0, 255, 0)),
    ("blue", (0, 0, 255)),
    ("white", (255, 255, 255)),
)


def chase(count: int, index: int, tail: int = 4) -> list[RGB]:
    """A white head at `index` with a fading tail behind it."""
    out: list[RGB] = [(0, 0, 0)] * count
    for k in range(tail + 1):
        if 0 <= index - k < count:
            v = 255 >> (2 * k)
            out[index - k] = (v, v, v)
    return out


def wiring_pattern(count: int, chase_frames: int) -> list[tuple[str, list[RGB]]]:
    """The wiring test as (name, frame) pairs: solid colours, then a chase end to end."""
    steps = [(name, [color] * count) for name, color in SOLIDS]
    for f in range(chase_frames):
        steps.append(("chase", chase(count, round(f * (count + 4) / max(1, chase_frames - 1)))))
    return steps


def _settings(args: argparse.Namespace) -> tuple[LedConfig, int | None]:
    """Strip settings from the layout file (if any), overridden by the command line."""
    path = Path(args.layout) if args.layout else default_layout_path()
    config, count = LedConfig(), None
    if args.layout or path.exists():
        setup = load_layout(path)
        config, count = setup.config, setup.layout.count
    overrides: dict[str, Any] = {}
    for key in ("port", "baud", "fps", "color_order"):
        value = getattr(args, key, None)
        if value is not None:
            overrides[key] = value
    return LedConfig.from_toml_table(overrides, "command line", config), count


def _wait_connected(strip: LedStrip, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if strip.status.state == CONNECTED:
            return True
        time.sleep(0.02)
    return strip.status.state == CONNECTED


def _refuse_unconnected(
    strip: LedStrip, config: LedConfig, as_json: bool, report: dict[str, Any]
) -> bool:
    """With a real port: wait for the controller; when it does not answer, say so (one line or
    the JSON report) and return True, so the command exits 1 instead of playing to nobody."""
    if not config.port or _wait_connected(strip, config.handshake_timeout + 3):
        return False
    report.update(status=strip.status.state, reason=strip.status.reason)
    if as_json:
        print(json.dumps(report))
    else:
        print(f"{config.port}: not connected ({strip.status.reason or 'no answer'})")
    return True


def cmd_test(args: argparse.Namespace) -> int:
    config, layout_count = _settings(args)
    count = args.count or layout_count or 60
    real = bool(config.port)
    strip = open_strip(config, count)
    fps = min(config.fps, wire_fps(config.baud, count))
    chase_frames = max(2, round(args.chase * fps))
    steps = wiring_pattern(count, chase_frames)
    report: dict[str, Any] = {"port": config.port or None, "count": count, "fps": round(fps, 1)}
    ansi = sys.stdout.isatty() and not args.plain
    try:
        if _refuse_unconnected(strip, config, args.json, report):
            return 1
        shown: list[str] = []
        for i, (name, frame) in enumerate(steps):
            strip.show(frame)
            first_chase = name == "chase" and steps[i - 1][0] != "chase"
            if name != "chase" or first_chase or i == len(steps) - 1 or i % 8 == 0:
                if not args.json:
                    label = name if name != "chase" else f"chase {i - len(SOLIDS) + 1}"
                    print(f"{label:>9}  {led_text.render(frame, args.width, ansi)}")
                shown.append(name)
            if real:
                time.sleep(args.hold if name != "chase" else 1.0 / fps)
        report["steps"] = [name for name, _ in SOLIDS] + ["chase"]
        report["frames"] = len(steps)
        report["status"] = strip.status.state
        stats = getattr(strip, "stats", None)
        if stats is not None:
            report["sent"] = stats.frames
            report["dropped"] = stats.dropped
    finally:
        strip.close()
    if args.json:
        print(json.dumps(report))
    else:
        where = config.port or "simulated strip (give --port to drive a real one)"
        print(f"{len(steps)} frames for {count} LEDs on {where}: {report['status']}")
    return 0


def cmd_emulate(args: argparse.Namespace) -> int:
    from companion.devices.fake_firmware import FakeFirmware, Received, SocketFirmware

    ansi = sys.stdout.isatty() and not args.plain and not args.json
    order = args.order.upper()
    back = [order.index(c) for c in "RGB"]
    times: list[float] = []
    last: list[bytes] = [b""]
    count_seen = [0]
    quiet_until = [0.0]

    def on_frame(received: Received) -> None:
        frame = received.frame
        count_seen[0] += 1
        times.append(received.at)
        while times and received.at - times[0] > 1.0:
            times.pop(0)
        fps = (len(times) - 1) / max(1e-6, times[-1] - times[0]) if len(times) > 1 else 0.0
        changed = frame.payload != last[0]
        last[0] = frame.payload
        due = received.at >= quiet_until[0]
        if not (args.all or changed or due):
            return
        quiet_until[0] = received.at + 1.0
        colors = [(c[back[0]], c[back[1]], c[back[2]]) for c in frame.colors]
        if args.json:
            entry = {
                "frame": count_seen[0],
                "count": frame.count,
                "fps": round(fps, 1),
                "checksum_ok": frame.checksum_ok(),
                "colors": [led_text.hex_color(c) for c in colors],
            }
            print(json.dumps(entry), flush=True)
        else:
            note = (
                "" if not args.count or args.count == frame.count else f" (expected {args.count})"
            )
            lit = sum(1 for c in colors if max(c) >= 8)
            print(
                f"#{count_seen[0]:<6} {frame.count} LEDs{note} {lit:>3} lit {fps:6.1f} fps  "
                f"{led_text.render(colors, args.width, ansi)}",
                flush=True,
            )

    def on_connect(peer: str) -> None:
        if not args.json:
            print(f"connected: {peer}", flush=True)

    server: FakeFirmware | SocketFirmware
    if args.socket is not None:
        server = SocketFirmware(args.socket, args.host, on_frame=on_frame, on_connect=on_connect)
        where = server.url
    else:
        server = FakeFirmware(on_frame=on_frame, keep=False)
        where = server.path
    if args.json:
        print(json.dumps({"listening": where}), flush=True)
    else:
        print(
            f"Adalight emulator listening on {where}\n"
            f"  drive it with: companion leds test --port {where}",
            flush=True,
        )
    deadline = time.monotonic() + args.seconds if args.seconds else None
    try:
        while deadline is None or time.monotonic() < deadline:
            if args.frames and count_seen[0] >= args.frames:
                break
            time.sleep(0.05)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
    decoder = server.decoder
    if not args.json:
        print(
            f"{count_seen[0]} frames; {decoder.bad_checksums} bad checksums, "
            f"{decoder.skipped_bytes} stray bytes"
        )
    return 0


def _layout_for(args: argparse.Namespace) -> tuple[Any, LedLayout, LedConfig]:
    from companion.data import load_map

    board = load_map(args.map)
    setup = load_layout(args.layout, board)
    return board, setup.layout, setup.config


def cmd_show(args: argparse.Namespace) -> int:
    from companion.data import load_state
    from companion.ledshow import ShowOptions, render

    board, layout, config = _layout_for(args)
    state = load_state(args.state, board)
    if args.port:
        config = LedConfig.from_toml_table({"port": args.port}, "command line", config)
    colors = render(board, layout, state, options=ShowOptions(dim_lines=args.dim))
    strip = open_strip(config, layout.count)
    ansi = sys.stdout.isatty() and not args.plain and not args.json
    try:
        strip.show(colors)
        if config.port:
            _wait_connected(strip, config.handshake_timeout + 3)
            time.sleep(args.seconds)
        status = strip.status
    finally:
        strip.close()
    lit = {stop: led_text.hex_color(colors[i]) for stop, i in _stop_leds(layout) if max(colors[i])}
    if args.json:
        print(
            json.dumps(
                {
                    "port": config.port or None,
                    "count": layout.count,
                    "status": status.state,
                    "reason": status.reason,
                    "lit": lit,
                }
            )
        )
    else:
        print(led_text.render_segments(layout, colors, ansi))
        print(
            f"{len(lit)} of {layout.count} LEDs lit on "
            f"{config.port or 'the simulated strip'}: {status.state} {status.reason}".rstrip()
        )
    return 0 if status.ok or isinstance(strip, SimulatedStrip) else 1


def sample_phase(rules: Any) -> tuple[Any, Any]:
    """A train on every line, a few owned stations, a meeple waiting to board: the phase a
    demo plays. Returns (state before, TrainPhase)."""
    from dataclasses import replace

    from companion.metro import Decision, Prompt, new_state, run_train_phase
    from companion.metro.events import put_on_map
    from companion.metro.state import Meeple

    board = rules.board
    colors = ["red", "blue", "green"]
    trains = {
        vehicle: replace(train, stop=1 + (3 * i) % line.length) if vehicle.number == 1 else train
        for i, line in enumerate(board.lines.values())
        for vehicle, train in put_on_map(rules, line.id).items()
    }
    owned = {sid: colors[i % 3] for i, sid in enumerate(list(board.stations)[::3])}
    first = next(iter(board.lines.values()))
    square = min(board.squares_for_stop(first.stop(min(3, first.length)).id))
    state = replace(
        new_state(board, colors),
        trains=trains,
        stations=owned,
        meeples={"green": Meeple(square=square)},
    )

    def decide(prompt: Prompt) -> Decision:
        return Decision(prompt.action == "board")

    return state, run_train_phase(rules, state, decide)


def cmd_play(args: argparse.Namespace) -> int:
    from companion.data import load_rules
    from companion.ledshow import playback_position, playback_seconds, render
    from companion.narrate import describe_step

    rules = load_rules(args.map)
    board = rules.board
    layout_setup = load_layout(args.layout, board)
    layout, config = layout_setup.layout, layout_setup.config
    if args.port:
        config = LedConfig.from_toml_table({"port": args.port}, "command line", config)
    state, phase = sample_phase(rules)
    steps = phase.steps
    strip = open_strip(config, layout.count)
    ansi = sys.stdout.isatty() and not args.plain and not args.json
    fps = min(config.fps, wire_fps(config.baud, layout.count))
    total = playback_seconds(steps)
    shown_before = 0
    try:
        if _refuse_unconnected(strip, config, args.json, {"port": config.port or None}):
            return 1
        start = time.monotonic()
        while True:
            elapsed = (time.monotonic() - start) * args.speed
            shown, t = playback_position(steps, elapsed)
            colors = render(board, layout, state, steps[:shown], t)
            strip.show(colors)
            if shown != shown_before:
                if args.json:
                    lit = {
                        s: led_text.hex_color(colors[i])
                        for s, i in _stop_leds(layout)
                        if max(colors[i])
                    }
                    kinds = [step.kind for step in steps[shown_before:shown]]
                    print(json.dumps({"step": shown, "kinds": kinds, "lit": lit}), flush=True)
                else:
                    for k in range(shown_before, shown):
                        print(f"{k + 1:>4}. {describe_step(steps[k], board)}", flush=True)
                    print(f"      {led_text.render_segments(layout, colors, ansi)}", flush=True)
                shown_before = shown
            if elapsed > total + 1.0:
                break
            time.sleep(1.0 / fps)
        status = strip.status
    finally:
        strip.close()
    if not args.json:
        where = config.port or "the simulated strip"
        print(f"{len(steps)} steps played on {where}: {status.state} {status.reason}".rstrip())
    return 0


def _stop_leds(layout: LedLayout) -> list[tuple[str, int]]:
    out = []
    for seg in layout.segments:
        for n in range(1, seg.stops + 1):
            index = seg.led(n)
            if index is not None:
                out.append((f"{seg.line}{n}", index))
    return out


def _parser() -> argparse.ArgumentParser:
    p = Parser(
        prog="companion leds",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="command", required=True, parser_class=Parser)

    def common(s: argparse.ArgumentParser) -> None:
        s.add_argument("--json", action="store_true", help="print results as JSON")
        s.add_argument("--plain", action="store_true", help="letters instead of colour blocks")
        s.add_argument("--width", type=int, default=100, help="at most this many cells a line")

    t = sub.add_parser("test", help="test pattern: red, green, blue, white, then a chase")
    t.add_argument("--port", help="serial port or URL; none: a simulated strip, printed")
    t.add_argument("--count", type=int, help="LEDs on the strip (default: from the layout)")
    t.add_argument("--baud", type=int)
    t.add_argument("--fps", type=float)
    t.add_argument("--color-order", dest="color_order", choices=COLOR_ORDERS)
    t.add_argument("--layout", help="LED layout file (default calibration/leds.toml)")
    t.add_argument("--hold", type=float, default=1.0, help="seconds each colour stays on")
    t.add_argument("--chase", type=float, default=3.0, help="seconds the chase takes")
    common(t)
    t.set_defaults(run=cmd_test)

    e = sub.add_parser("emulate", help="pretend LED controller: decode and print frames")
    e.add_argument("--socket", type=int, metavar="PORT", help="listen on TCP instead of a pty")
    e.add_argument("--host", default="127.0.0.1")
    e.add_argument("--count", type=int, help="expected LED count (flags other counts)")
    e.add_argument(
        "--order",
        default="GRB",
        choices=COLOR_ORDERS,
        help="the strip's channel order, to show colours as meant (default GRB)",
    )
    e.add_argument("--all", action="store_true", help="a line for every frame, repeats too")
    e.add_argument("--frames", type=int, default=0, help="stop after this many frames")
    e.add_argument("--seconds", type=float, default=0, help="stop after this many seconds")
    common(e)
    e.set_defaults(run=cmd_emulate)

    s = sub.add_parser("show", help="light a saved game state")
    s.add_argument("--state", required=True, help="state JSON (docs/state-format.md)")
    s.add_argument("--map", default="tokyo")
    s.add_argument("--layout", help="LED layout file (default calibration/leds.toml)")
    s.add_argument("--port", help="serial port or URL; none: a simulated strip, printed")
    s.add_argument("--seconds", type=float, default=3.0, help="how long to keep it lit")
    s.add_argument("--dim", type=float, default=0.0, help="light line segments at this level")
    common(s)
    s.set_defaults(run=cmd_show)

    pl = sub.add_parser("play", help="play a sample train phase on the strip, live")
    pl.add_argument("--map", default="tokyo")
    pl.add_argument("--layout", help="LED layout file (default calibration/leds.toml)")
    pl.add_argument("--port", help="serial port or URL; none: a simulated strip, printed")
    pl.add_argument("--speed", type=float, default=1.0, help="faster (2) or slower (0.5)")
    common(pl)
    pl.set_defaults(run=cmd_play)
    return p


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    for key in ("count", "baud", "frames", "width"):
        value = getattr(args, key, None)
        if value is not None and value < 0:
            raise UserError(f"expected a positive number, got {value}", "command line", f"--{key}")
    return run(args)
