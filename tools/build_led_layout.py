"""Write the LED layout for a map: one segment per line in track order, one LED per stop.

    python tools/build_led_layout.py                      # tokyo -> calibration/leds.toml
    python tools/build_led_layout.py --map osaka          # -> calibration/leds-osaka.toml
    python tools/build_led_layout.py --map tests/data/mini.toml --out /tmp/leds.toml
    python tools/build_led_layout.py --check              # exit 1 if the file is out of date

Strip settings already in the output file (port, colour order, brightness...) are kept; the
segments are derived again from the map, so a corrected map gives a matching layout.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.data import load_map, read_toml
from companion.devices.led_layout import default_layout, default_layout_path, format_layout
from companion.devices.ledconfig import LedConfig, NightSchedule

DEFAULTS = LedConfig(baud=500000, fps=30, night=NightSchedule.parse("22:00-07:00"))
"""Our firmware runs at 500000 baud: 30 fps uses under half of what the wire allows for 300
LEDs, leaving the controller time to write the strip between frames."""


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--map", default="tokyo", help="map name or .toml path (default tokyo)")
    p.add_argument(
        "--out", help="layout file (default calibration/leds.toml; leds-MAP.toml for other maps)"
    )
    p.add_argument("--check", action="store_true", help="only check the file is up to date")
    args = p.parse_args(argv)
    board = load_map(args.map)
    own = default_layout_path().with_name(f"leds-{board.id}.toml")
    out = Path(args.out) if args.out else default_layout_path() if board.id == "tokyo" else own
    config = DEFAULTS
    if out.exists():
        strip = read_toml(out).get("strip", {})
        config = LedConfig.from_toml_table(strip, out, DEFAULTS)
    text = format_layout(default_layout(board), config, board)
    if args.check:
        same = out.exists() and out.read_text(encoding="utf-8") == text
        print(f"{out}: {'up to date' if same else 'out of date; run tools/build_led_layout.py'}")
        return 0 if same else 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    layout = default_layout(board)
    lines = " ".join(f"{s.line}{s.stops}" for s in layout.segments)
    print(f"{out}: {layout.count} LEDs for map {board.id} ({lines})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
