"""Build the default OSAKA METRO board map, `calibration/maps/osaka.toml`, from the real network.

    python tools/build_osaka_map.py [OUT.toml]

Like the Tokyo map (`tools/build_tokyo_map.py`, whose layout steps this reuses), an
approximation: no published copy of the expansion's board exists. From
`tools/data/osaka-stations.csv` (real stations, order, coordinates) it keeps each Osaka Metro
line's central section, groups interchanges into stations and lays them out on an 800 x 560 mm
board. What the data does not carry:

- Line P (the Nanko Port Town "New Tram") has only its two ends as stations (Cosmosquare and
  Suminoekoen); its eight real stops between them are the board's small circles, where no
  pyramid stands (`SMALL_CIRCLES`).
- The bus line `B` is in no data. ASSUMPTION: it runs from Taisho (west end of the Nagahori
  line) south through Taisho ward, where no Metro line runs, to Kitakagaya (Yotsubashi line),
  both on the network's south-west edge, with `BUS_CIRCLES` small circles between them.
- Share cards and disc spaces per line (`SHARES`, `SLOTS`): ASSUMPTIONS that add up to the
  expansion's 28 share cards, written into the file for an owner to correct.

The output is deterministic. Do not re-run this script over a map corrected against a board.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_tokyo_map import (
    Layout,
    RealStop,
    _num,
    build_layout,
    line_head,
    read_csv,
    render_frame,
    render_stations,
)

ROOT = Path(__file__).resolve().parent.parent
CSV_PATH = ROOT / "tools" / "data" / "osaka-stations.csv"
OUT_PATH = ROOT / "calibration" / "maps" / "osaka.toml"

BUS_FROM = "N11"
"""Taisho, the west end of the Nagahori line."""
BUS_TO = "Y20"
"""Kitakagaya, on the Yotsubashi line near its south-west end."""
BUS_CIRCLES = 6
BUS_BOW_DEG = 0.006
"""How far west (in degrees of longitude) the bus route bows at its middle."""

# Line id, name, colour (Osaka Metro's own), real codes in board order, in track order
# (M, bus, T, Y, C, I, S, N, K, P: the right-hand side of the income track).
LINES: list[tuple[str, str, str, str]] = [
    ("M", "Midosuji", "#E5171F", "M13 M14 M15 M16 M17 M18 M19 M20 M21 M22 M23 M24 M25 M26"),
    ("B", "Bus", "#8C8C8C", " ".join(f"B{n:02}" for n in range(1, BUS_CIRCLES + 3))),
    ("T", "Tanimachi", "#522886", "T13 T15 T17 T18 T19 T20 T21 T22 T23 T24 T25 T26 T27 T28 T30"),
    ("Y", "Yotsubashi", "#0078BA", "Y11 Y12 Y13 Y14 Y15 Y16 Y17 Y18 Y19 Y20 Y21"),
    ("C", "Chuo", "#019A66", "C10 C11 C13 C14 C15 C16 C17 C18 C19 C20 C22 C23"),
    ("I", "Imazatosuji", "#EE7B1A", "I11 I13 I14 I16 I17 I18 I19 I20 I21"),
    ("S", "Sennichimae", "#E44D93", "S11 S13 S14 S15 S16 S17 S18 S19 S20 S21"),
    ("N", "Nagahori Tsurumi-ryokuchi", "#A9CC51", "N11 N12 N13 N15 N16 N18 N19 N20 N22 N23 N24"),
    ("K", "Sakaisuji", "#814721", "K11 K12 K13 K14 K15 K16 K17 K18 K19 K20"),
    ("P", "New Tram", "#00B2DD", "P09 P10 P11 P12 P13 P14 P15 P16 P17 P18"),
]

SMALL_CIRCLES = frozenset(
    {"P10", "P11", "P12", "P13", "P14", "P15", "P16", "P17"}
    | {f"B{n:02}" for n in range(2, BUS_CIRCLES + 2)}
)
"""Real codes of the stops that are small circles (no station) on the board."""

SHARES = {"M": 4, "B": 1, "T": 4, "Y": 3, "C": 3, "I": 2, "S": 2, "N": 3, "K": 3, "P": 3}
"""ASSUMPTION: share cards per line (1-4, 28 in all); the long lines have most."""
SLOTS = {"M": 4, "B": 1, "T": 4, "Y": 3, "C": 3, "I": 2, "S": 2, "N": 3, "K": 3, "P": 2}
"""ASSUMPTION: disc spaces per line on the income track (1-4)."""

NAME_FIXES = {"Y21": "Suminoekoen"}
"""The data spells the Yotsubashi line's Suminoekoen (住之江公園) "Suminokoen" (P's is right)."""

assert sum(SHARES.values()) == 28


def bus_stops(real: dict[str, RealStop]) -> dict[str, RealStop]:
    """The bus line's stops: its two ends at real stations (sharing their transfer group, so
    each end joins that station), small circles spaced between them on a westward bow."""
    a, b = real[BUS_FROM], real[BUS_TO]
    count = BUS_CIRCLES + 2
    out: dict[str, RealStop] = {}
    for i in range(count):
        t = i / (count - 1)
        code = f"B{i + 1:02}"
        if i in (0, count - 1):
            end = a if i == 0 else b
            out[code] = replace(end, line="B", code=code)
            continue
        bow = BUS_BOW_DEG * 4 * t * (1 - t)
        out[code] = RealStop(
            "B",
            code,
            f"Bus stop {i + 1}",
            "",
            f"bus-{i + 1}",
            round(a.lat + (b.lat - a.lat) * t, 6),
            round(a.lon + (b.lon - a.lon) * t - bow, 6),
        )
    return out


def small_circle_ids(layout: Layout) -> set[str]:
    return {sid for sid, real in layout.real.items() if real.code in SMALL_CIRCLES}


def render_toml(layout: Layout) -> str:
    pos = {s: (round(x, 1), round(y, 1)) for s in layout.station_of for x, y in [layout.pos(s)]}
    small = small_circle_ids(layout)
    stations = [plan for plan in layout.stations if not set(plan.stops) <= small]
    station_name = {s: plan.name for plan in stations for s in plan.stops}
    out = [
        "# The default OSAKA METRO board: an APPROXIMATION of the printed board, built from the",
        "# real network by tools/build_osaka_map.py (re-running it overwrites this file). Correct",
        "# it against your board with tools/map_editor.py --map osaka or by editing the numbers;",
        "# see docs/map.md. Board frame: millimetres, origin top-left, x right, y down.",
        "#",
        "# ASSUMPTIONS, not in the rulebook text, to check against your board:",
        "# - `shares` and `slots` of each line (1-4 share cards, 28 in all; 1-4 disc spaces);",
        f"# - the bus route (line B): {layout.real['B1'].name} to "
        f"{layout.real[f'B{BUS_CIRCLES + 2}'].name}, {BUS_CIRCLES} small circles between;",
        "# - which real stations the board dropped, and the stop positions.",
        "# Lines P and B: only their two end stops are in stations; the stops between them are",
        "# the small circles (in no [[stations]] entry: no pyramid there).",
        'format = "companion/map@1"',
        'id = "osaka"',
        'name = "Osaka"',
        'rules = "osaka"',
        *render_frame(layout, pos),
    ]
    for line_id, name, color, ids in layout.lines:
        assumed = f"{SHARES[line_id]}  # ASSUMPTION", f"{SLOTS[line_id]}  # ASSUMPTION"
        out += line_head(line_id, name, color, *assumed)
        for sid in ids:
            x, y = pos[sid]
            real = layout.real[sid]
            if sid in small:
                note = f"{sid} small circle" + (f" ({real.name})" if line_id == "P" else "")
            else:
                note = f"{sid} {real.name}"
                if station_name[sid] != real.name:
                    note += f" (station {station_name[sid]})"
            out.append(f"  [{_num(x)}, {_num(y)}],  # {note}")
        out.append("]")
    out += render_stations(stations)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(OUT_PATH), help="where to write the TOML")
    parser.add_argument("--csv", default=str(CSV_PATH), help="the real-network station table")
    args = parser.parse_args(argv)
    csv_path = Path(args.csv)
    real = read_csv(csv_path)
    fixed = {code: replace(real[code], name=name) for code, name in NAME_FIXES.items()}
    layout = build_layout(csv_path, LINES, [], {**fixed, **bus_stops(real)})
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render_toml(layout), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
