"""Write the income-track table `calibration/income-track.toml` from ruling 7.

    python tools/build_income_track.py [OUT.toml]
    python tools/build_income_track.py --map osaka      # calibration/income-track-osaka.toml

The printed track shows, beside every value from ¥0 to ¥6,000, the larger and smaller number the
shareholders split. Until the printed track is checked, the pairs follow ruling 7 (larger = 2/3
of the value rounded up to ¥100, smaller = the rest). An owner corrects a row by editing the file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.metro.track import STEP, TRACK_FORMAT, TRACK_TOP, formula_pair  # noqa: E402

OUT_PATH = ROOT / "calibration" / "income-track.toml"

HEADER = """\
# The {board} income track: for each line value, the pair of numbers printed beside it
# (the larger and the smaller share of the value, used at the end of the game).
#
# ASSUMPTION: these pairs follow ruling 7 (larger = value x 2/3 rounded up to ¥100, smaller =
# value - larger; ¥2,900 -> 2,000 / 900 and ¥1,400 -> 1,000 / 400 as the rulebook prints) until
# they are checked against a printed track. Above ¥6,000 the marker turns to its +6,000 side and
# pair(value) = pair(6,000) + pair(value - 6,000).
#
# To correct a row, change its two numbers: [value, larger, smaller]. Every value from 0 to
# 6,000 in steps of 100 must be listed once, larger + smaller must equal the value and
# larger >= smaller. Check the file with `companion metro track VALUE`.
# Written by tools/build_income_track.py (re-running it overwrites your corrections).
"""


BOARDS = {"tokyo": "TOKYO METRO", "osaka": "OSAKA METRO"}


def render(map_id: str = "tokyo") -> str:
    rows = []
    for value in range(0, TRACK_TOP + STEP, STEP):
        larger, smaller = formula_pair(value)
        rows.append(f"  [{value}, {larger}, {smaller}],")
    return (
        HEADER.format(board=BOARDS[map_id])
        + f'format = "{TRACK_FORMAT}"\npairs = [\n'
        + "\n".join(rows)
        + "\n]\n"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the income-track table from ruling 7.")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--map", default="tokyo", choices=sorted(BOARDS), help="whose track")
    args = parser.parse_args(argv)
    default = (
        OUT_PATH if args.map == "tokyo" else OUT_PATH.with_name(f"income-track-{args.map}.toml")
    )
    out = Path(args.out) if args.out else default
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(render(args.map), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
