"""The income track: for each line value, the (larger, smaller) pair printed beside it.

The printed track has a pair for every value from ¥0 to ¥6,000 in ¥100 steps; above ¥6,000 the
marker flips to its +6,000 side and the pairs add (rulebook, end-of-game note). Until a printed
track is checked, the pairs follow ruling 7 (see `companion.metro.rulings`), but an owner can
replace the table (`calibration/income-track.toml`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.metro.errors import TrackError

TRACK_FORMAT = "companion/income-track@1"
TRACK_TOP = 6000
STEP = 100


def round_up(value: int, step: int = STEP) -> int:
    return -(-value // step) * step


def formula_pair(value: int) -> tuple[int, int]:
    """Ruling 7: larger = 2/3 of the value rounded up to ¥100, smaller = the rest."""
    larger = round_up(value * 2 // 3 + (1 if value * 2 % 3 else 0))
    return larger, value - larger


@dataclass(frozen=True)
class IncomeTrack:
    pairs: Mapping[int, tuple[int, int]]
    """value -> (larger, smaller) for 0..6,000 in steps of ¥100."""

    @classmethod
    def default(cls) -> IncomeTrack:
        return cls({v: formula_pair(v) for v in range(0, TRACK_TOP + STEP, STEP)})

    def pair(self, value: int) -> tuple[int, int]:
        if value < 0 or value % STEP:
            raise TrackError("value", f"expected a multiple of ¥100 from 0, got {value}")
        laps, rest = divmod(value, TRACK_TOP)
        if rest == 0 and laps:
            laps, rest = laps - 1, TRACK_TOP
        top_l, top_s = self.pairs[TRACK_TOP]
        low_l, low_s = self.pairs[rest]
        return (low_l + laps * top_l, low_s + laps * top_s)

    def larger(self, value: int) -> int:
        return self.pair(value)[0]

    def smaller(self, value: int) -> int:
        return self.pair(value)[1]


def parse_track(data: Mapping[str, Any]) -> IncomeTrack:
    """Build a track from decoded data: {"pairs": [[value, larger, smaller], ...]}."""
    fmt = data.get("format", TRACK_FORMAT)
    if fmt != TRACK_FORMAT:
        raise TrackError("format", f"expected {TRACK_FORMAT!r}, got {fmt!r}")
    rows = data.get("pairs")
    if not isinstance(rows, list):
        raise TrackError("pairs", "expected a list of [value, larger, smaller]")
    pairs: dict[int, tuple[int, int]] = {}
    for i, row in enumerate(rows):
        if (
            not isinstance(row, list)
            or len(row) != 3
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in row)
        ):
            raise TrackError(f"pairs[{i}]", f"expected [value, larger, smaller], got {row!r}")
        value, larger, smaller = row
        if larger + smaller != value or larger < smaller or smaller < 0:
            raise TrackError(
                f"pairs[{i}]",
                f"larger + smaller must equal the value and larger >= smaller >= 0: {row}",
            )
        if value in pairs:
            raise TrackError(f"pairs[{i}]", f"value {value} is listed twice")
        pairs[value] = (larger, smaller)
    missing = [v for v in range(0, TRACK_TOP + STEP, STEP) if v not in pairs]
    if missing:
        raise TrackError(
            "pairs", f"missing values: {missing[:5]}{'...' if len(missing) > 5 else ''}"
        )
    return IncomeTrack(pairs)
