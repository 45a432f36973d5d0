"""Build the default TOKYO METRO board map, `calibration/maps/tokyo.toml`, from the real network.

    python tools/build_tokyo_map.py [OUT.toml]

The board is a schematic replica of central Tokyo; no published copy of it exists, so this script
makes an approximation from `tools/data/tokyo-stations.csv` (real stations, order, coordinates):

1. Trim each line to central Tokyo (the tables below: real station codes in board order), keeping
   interchange stations, 12-16 stops a line, numbered from 1 along the board line.
2. Group stops into stations: explicit stations first (the same-line double stops of the rulebook
   and the splits of interchanges with more than 3 game lines), then the real transfer groups of
   the data (split by station name when a group has more than 3 stops).
3. Project lat/lon onto the board: each axis is fitted to the board on its own, so the map is
   stretched east-west (x 1.5 : y 1), as schematic maps are. Stops of one station are laid out
   as a tight cluster (2 side by side, 3 in a triangle) around the station's real position.
4. Push stations apart until no two circles of different stations come closer than
   `STATION_GAP_MM` and no line runs over a circle that is not its own (deterministic relaxation).
5. Lay the movement grid over the network, and write the TOML.

The output is deterministic: the same CSV gives the same bytes. Once an owner has corrected the map
against a real board (tools/map_editor.py), do not re-run this script over the corrected file.
"""

from __future__ import annotations

import argparse
import csv
import itertools
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSV_PATH = ROOT / "tools" / "data" / "tokyo-stations.csv"
OUT_PATH = ROOT / "calibration" / "maps" / "tokyo.toml"

BOARD_W_MM = 800.0
BOARD_H_MM = 560.0
MARGIN_X_MM = 50.0
MARGIN_Y_MM = 40.0
STOP_R_MM = 6.0
INNER_GAP_MM = 2.0
"""Gap between two circles of one station (centres 2 r + 2 mm apart)."""
STATION_GAP_MM = 7.0
"""Least gap between circles of different stations, so the grey outlines stay apart."""
LINE_CLEARANCE_MM = 4.5
"""Least gap between a line's stroke axis and a circle it does not stop at."""
SQUARE_MM = 25.0
RELAX_ROUNDS = 400

# Line id, name, official colour, real station codes in board order (stop 1 first).
LINES: list[tuple[str, str, str, str]] = [
    ("G", "Ginza", "#FF9500", "G01 G02 G04 G05 G06 G07 G08 G09 G10 G11 G12 G13 G15 G16 G18 G19"),
    ("M", "Marunouchi", "#F62E36", "M08 M09 M12 M13 M14 M15 M16 M17 M18 M19 M20 M21 M22 M23 M25"),
    # Numbered from Ueno so that Kayabacho and Hatchobori are stops 6 and 7 (one station).
    ("H", "Hibiya", "#B5B5AC", "H18 H17 H16 H15 H14 H13 H12 H11 H10 H09 H08 H07 H05 H04 H03 H02"),
    # From Takadanobaba: Takebashi and Otemachi are stops 6 and 7 (one station).
    ("T", "Tozai", "#009BBF", "T03 T04 T05 T06 T07 T08 T09 T10 T11 T12 T13 T14"),
    ("C", "Chiyoda", "#00BB85", "C03 C04 C05 C06 C07 C08 C09 C11 C12 C13 C14 C15 C16"),
    ("Y", "Yurakucho", "#C1A470", "Y09 Y10 Y11 Y12 Y13 Y14 Y15 Y16 Y17 Y18 Y20 Y21 Y22"),
    ("Z", "Hanzomon", "#8F76D6", "Z01 Z02 Z03 Z04 Z05 Z06 Z07 Z08 Z09 Z10 Z11 Z12 Z13 Z14"),
    ("N", "Namboku", "#00AC9B", "N01 N02 N03 N04 N05 N06 N07 N08 N09 N10 N11 N12 N14"),
    ("A", "Asakusa", "#E85298", "A07 A08 A09 A10 A11 A12 A13 A14 A15 A16 A17 A18 A20"),
    ("I", "Mita", "#0079C2", "I01 I02 I03 I04 I06 I07 I08 I09 I10 I11 I12 I13 I15"),
    ("S", "Shinjuku", "#6CBB5A", "S01 S02 S03 S04 S05 S06 S07 S08 S09 S10 S11 S12 S13"),
    # The loop of the "6" opened at Shinjuku: from Shinjuku-nishiguchi clockwise round the loop
    # (Iidabashi, Ueno, Ryogoku, Tsukishima, Daimon, Roppongi) back to Shinjuku. The tail to
    # Hikarigaoka is off the board.
    ("E", "Oedo", "#B6007A", "E01 E06 E07 E08 E09 E11 E13 E14 E15 E16 E18 E20 E22 E23 E24 E27"),
]

# Stations made by hand, taking precedence over the data's transfer groups.
EXPLICIT_STATIONS: list[tuple[str, str, list[str]]] = [
    # Rulebook: "H6-H7" are two stops of one line in one station. Kayabacho and Hatchobori are
    # neighbours 600 m apart; the station also holds Tozai's Kayabacho.
    ("kayabacho", "Kayabacho", ["H13", "H12", "T11"]),
    # Rulebook: "T6-T7". Takebashi joins Otemachi (650 m). Otemachi has 5 game lines, so it is
    # split: Tozai and Marunouchi (east platforms) here, Chiyoda, Mita and Hanzomon (west) below.
    ("otemachi", "Otemachi", ["T08", "T09", "M18"]),
    ("otemachi-west", "Otemachi West", ["C11", "I09", "Z08"]),
    # Iidabashi has 4 game lines; the deep Oedo platform becomes its own station.
    ("iidabashi", "Iidabashi", ["T06", "Y13", "N10"]),
    ("iidabashi-oedo", "Iidabashi (Oedo)", ["E06"]),
]


@dataclass(frozen=True)
class RealStop:
    line: str
    code: str
    name: str
    name_ja: str
    group: str
    lat: float
    lon: float


@dataclass
class StationPlan:
    id: str
    name: str
    name_ja: str
    stops: list[str]
    """Board stop ids, in track order then number."""
    cx: float = 0.0
    cy: float = 0.0


def clean_name(name: str) -> str:
    return re.sub(r"\s*`[^`]*`", "", name).strip()


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def read_csv(path: Path) -> dict[str, RealStop]:
    out: dict[str, RealStop] = {}
    with path.open(encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f):
            out[row["code"]] = RealStop(
                row["line"],
                row["code"],
                clean_name(row["name_en"]),
                row["name_ja"],
                row["group_cd"],
                float(row["lat"]),
                float(row["lon"]),
            )
    return out


@dataclass
class Layout:
    real: dict[str, RealStop]
    """Board stop id -> real stop."""
    lines: list[tuple[str, str, str, list[str]]]
    """id, name, colour, board stop ids."""
    stations: list[StationPlan]
    offsets: dict[str, tuple[float, float]]
    """Board stop id -> offset from its station's centre."""
    station_of: dict[str, int]

    def pos(self, stop_id: str) -> tuple[float, float]:
        st = self.stations[self.station_of[stop_id]]
        dx, dy = self.offsets[stop_id]
        return st.cx + dx, st.cy + dy


def select(
    real: dict[str, RealStop], table: list[tuple[str, str, str, str]] = LINES
) -> tuple[dict[str, RealStop], list]:
    board_real: dict[str, RealStop] = {}
    lines = []
    for line_id, name, color, codes in table:
        ids = []
        for n, code in enumerate(codes.split(), start=1):
            stop = real[code]
            assert stop.line == line_id, code
            board_real[f"{line_id}{n}"] = stop
            ids.append(f"{line_id}{n}")
        lines.append((line_id, name, color, ids))
    return board_real, lines


def make_stations(
    board_real: dict[str, RealStop],
    lines: list,
    explicit: list[tuple[str, str, list[str]]] = EXPLICIT_STATIONS,
) -> list[StationPlan]:
    by_code = {s.code: sid for sid, s in board_real.items()}
    order = [sid for _, _, _, ids in lines for sid in ids]
    taken: set[str] = set()
    plans: list[StationPlan] = []
    for station_id, name, codes in explicit:
        stops = sorted((by_code[c] for c in codes), key=order.index)
        taken.update(stops)
        ja = next(
            (board_real[s].name_ja for s in stops if board_real[s].name == name.split(" ")[0]),
            board_real[stops[0]].name_ja,
        )
        plans.append(StationPlan(station_id, name, ja, stops))
    groups: dict[str, list[str]] = {}
    for sid in order:
        if sid not in taken:
            groups.setdefault(board_real[sid].group, []).append(sid)
    for members in groups.values():
        parts = [members]
        if len(members) > 3:
            by_name: dict[str, list[str]] = {}
            for sid in members:
                by_name.setdefault(board_real[sid].name, []).append(sid)
            parts = list(by_name.values())
        for part in parts:
            if len(part) > 3:
                names = board_real[part[0]].name
                sys.exit(f"station {names} has {len(part)} stops: add it to EXPLICIT_STATIONS")
            first = board_real[part[0]]
            plans.append(StationPlan(slug(first.name), first.name, first.name_ja, part))
    ids = [p.id for p in plans]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        sys.exit(f"station ids used twice: {dupes}: add them to EXPLICIT_STATIONS")
    plans.sort(key=lambda p: order.index(p.stops[0]))
    return plans


def project(board_real: dict[str, RealStop]) -> dict[str, tuple[float, float]]:
    lats = [s.lat for s in board_real.values()]
    lons = [s.lon for s in board_real.values()]
    lat0, lat1, lon0, lon1 = min(lats), max(lats), min(lons), max(lons)
    sx = (BOARD_W_MM - 2 * MARGIN_X_MM) / (lon1 - lon0)
    sy = (BOARD_H_MM - 2 * MARGIN_Y_MM) / (lat1 - lat0)
    return {
        sid: (MARGIN_X_MM + (s.lon - lon0) * sx, MARGIN_Y_MM + (lat1 - s.lat) * sy)
        for sid, s in board_real.items()
    }


def _q(x: float, y: float) -> tuple[float, float]:
    """Round to a micrometre: keeps last-bit differences between platforms' sin/cos from
    growing through the relaxation, so every machine writes the same file."""
    return round(x, 3), round(y, 3)


def _seg_dist(px: float, py: float, ax: float, ay: float, bx: float, by: float) -> float:
    vx, vy = bx - ax, by - ay
    length2 = vx * vx + vy * vy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * vx + (py - ay) * vy) / length2))
    return math.hypot(px - ax - t * vx, py - ay - t * vy)


def _neighbours(lines: list) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for _, _, _, ids in lines:
        for i, sid in enumerate(ids):
            out[sid] = [ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids)]
    return out


def cluster_offsets(
    plan: StationPlan, proj: dict[str, tuple[float, float]], neighbours: dict[str, list[str]]
) -> dict[str, tuple[float, float]]:
    """Place a station's stops: side by side or in a triangle, turned to follow their real
    positions and so that no line leaves a stop through another circle of the station."""
    n = len(plan.stops)
    if n == 1:
        return {plan.stops[0]: (0.0, 0.0)}
    d = 2 * STOP_R_MM + INNER_GAP_MM
    template = (
        [(-d / 2, 0.0), (d / 2, 0.0)]
        if n == 2
        else [
            (d / math.sqrt(3) * math.cos(a), d / math.sqrt(3) * math.sin(a))
            for a in (math.pi / 2, math.pi / 2 + 2 * math.pi / 3, math.pi / 2 + 4 * math.pi / 3)
        ]
    )
    rel = {s: (proj[s][0] - plan.cx, proj[s][1] - plan.cy) for s in plan.stops}
    best: tuple[float, dict[str, tuple[float, float]]] | None = None
    for step in range(24):
        a = step * math.pi / 12
        rot = [
            _q(x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))
            for x, y in template
        ]
        for perm in itertools.permutations(range(n)):
            pos = {s: rot[perm[i]] for i, s in enumerate(plan.stops)}
            cost = sum(
                (pos[s][0] - rel[s][0]) ** 2 + (pos[s][1] - rel[s][1]) ** 2 for s in plan.stops
            )
            for s in plan.stops:
                for nb in neighbours[s]:
                    if nb in pos:
                        continue
                    ux, uy = proj[nb][0] - proj[s][0], proj[nb][1] - proj[s][1]
                    norm = math.hypot(ux, uy) or 1.0
                    ex = pos[s][0] + ux / norm * 4 * STOP_R_MM
                    ey = pos[s][1] + uy / norm * 4 * STOP_R_MM
                    for o in plan.stops:
                        if o != s and _seg_dist(*pos[o], *pos[s], ex, ey) < STOP_R_MM + 1:
                            cost += 1e4
            if best is None or cost < best[0] - 1e-9:
                best = (cost, pos)
    assert best is not None
    return best[1]


def relax(layout: Layout, lines: list) -> None:
    """Move whole stations until circles of different stations keep their gap and lines clear
    foreign circles. Deterministic: fixed order, fixed number of rounds at most."""
    stops = list(layout.station_of)
    sep = 2 * STOP_R_MM + STATION_GAP_MM
    clear = STOP_R_MM + LINE_CLEARANCE_MM
    segments = [(ids[i], ids[i + 1]) for _, _, _, ids in lines for i in range(len(ids) - 1)]
    st = layout.station_of
    lo_x, hi_x = MARGIN_X_MM * 0.5, BOARD_W_MM - MARGIN_X_MM * 0.5
    lo_y, hi_y = MARGIN_Y_MM * 0.5, BOARD_H_MM - MARGIN_Y_MM * 0.5
    pairs: list[tuple[str, str]] = []
    seg_pairs: list[tuple[str, str, str]] = []
    for rnd in range(RELAX_ROUNDS):
        pos = {s: layout.pos(s) for s in stops}
        if rnd % 10 == 0:
            pairs = [
                (a, b)
                for a, b in itertools.combinations(stops, 2)
                if st[a] != st[b] and math.dist(pos[a], pos[b]) < sep + 30
            ]
            seg_pairs = [
                (p, q, s)
                for p, q in segments
                for s in stops
                if st[s] not in (st[p], st[q]) and _seg_dist(*pos[s], *pos[p], *pos[q]) < clear + 30
            ]
        push = [[0.0, 0.0] for _ in layout.stations]
        worst = 0.0
        for a, b in pairs:
            (ax, ay), (bx, by) = pos[a], pos[b]
            dist = math.hypot(ax - bx, ay - by)
            if dist >= sep:
                continue
            worst = max(worst, sep - dist)
            ux, uy = ((ax - bx) / dist, (ay - by) / dist) if dist > 1e-6 else (1.0, 0.0)
            k = (sep - dist) / 2
            push[st[a]][0] += ux * k
            push[st[a]][1] += uy * k
            push[st[b]][0] -= ux * k
            push[st[b]][1] -= uy * k
        for p, q, s in seg_pairs:
            (sx, sy), (px, py), (qx, qy) = pos[s], pos[p], pos[q]
            dist = _seg_dist(sx, sy, px, py, qx, qy)
            if dist >= clear:
                continue
            worst = max(worst, clear - dist)
            vx, vy = qx - px, qy - py
            t = max(0.0, min(1.0, ((sx - px) * vx + (sy - py) * vy) / (vx * vx + vy * vy)))
            nx, ny = sx - (px + t * vx), sy - (py + t * vy)
            norm = math.hypot(nx, ny)
            ux, uy = (nx / norm, ny / norm) if norm > 1e-6 else (-vy, vx)
            if norm <= 1e-6:
                ln = math.hypot(ux, uy)
                ux, uy = ux / ln, uy / ln
            k = (clear - dist) / 2
            push[st[s]][0] += ux * k
            push[st[s]][1] += uy * k
            for e in (p, q):
                push[st[e]][0] -= ux * k / 2
                push[st[e]][1] -= uy * k / 2
        if worst < 0.05:
            break
        for plan, (dx, dy) in zip(layout.stations, push, strict=True):
            plan.cx, plan.cy = _q(
                min(hi_x, max(lo_x, plan.cx + dx * 0.6)), min(hi_y, max(lo_y, plan.cy + dy * 0.6))
            )


def build_layout(
    csv_path: Path,
    table: list[tuple[str, str, str, str]] = LINES,
    explicit: list[tuple[str, str, list[str]]] = EXPLICIT_STATIONS,
    extra: dict[str, RealStop] | None = None,
) -> Layout:
    """The laid-out network of `table`'s lines; `extra` adds stops that are in no data file
    (codes the table names too), such as a map's bus stops."""
    board_real, lines = select({**read_csv(csv_path), **(extra or {})}, table)
    stations = make_stations(board_real, lines, explicit)
    proj = project(board_real)
    neighbours = _neighbours(lines)
    offsets: dict[str, tuple[float, float]] = {}
    station_of: dict[str, int] = {}
    for i, plan in enumerate(stations):
        plan.cx = sum(proj[s][0] for s in plan.stops) / len(plan.stops)
        plan.cy = sum(proj[s][1] for s in plan.stops) / len(plan.stops)
        offsets.update(cluster_offsets(plan, proj, neighbours))
        for s in plan.stops:
            station_of[s] = i
    layout = Layout(board_real, lines, stations, offsets, station_of)
    relax(layout, lines)
    return layout


def grid_for(points: list[tuple[float, float]]) -> tuple[float, float, int, int]:
    """Origin and size of a grid of SQUARE_MM squares covering every circle with room to stand."""
    pad = STOP_R_MM + SQUARE_MM / 2
    x0 = max(0.0, min(p[0] for p in points) - pad)
    y0 = max(0.0, min(p[1] for p in points) - pad)
    x1 = min(BOARD_W_MM, max(p[0] for p in points) + pad)
    y1 = min(BOARD_H_MM, max(p[1] for p in points) + pad)
    cols = math.ceil((x1 - x0) / SQUARE_MM)
    rows = math.ceil((y1 - y0) / SQUARE_MM)
    ox = round(min(max(0.0, (x0 + x1 - cols * SQUARE_MM) / 2), BOARD_W_MM - cols * SQUARE_MM), 1)
    oy = round(min(max(0.0, (y0 + y1 - rows * SQUARE_MM) / 2), BOARD_H_MM - rows * SQUARE_MM), 1)
    return ox, oy, cols, rows


def _num(v: float) -> str:
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def render_toml(layout: Layout) -> str:
    pos = {s: (round(x, 1), round(y, 1)) for s in layout.station_of for x, y in [layout.pos(s)]}
    station_name = {s: plan.name for plan in layout.stations for s in plan.stops}
    out = [
        "# The default TOKYO METRO board: an APPROXIMATION of the printed board, built from the",
        "# real network by tools/build_tokyo_map.py (do not edit by hand and then re-run the",
        "# script: it overwrites this file). Correct it against your board with",
        "# tools/map_editor.py or by editing the numbers; see docs/map.md.",
        "# Board frame: millimetres, origin at the top-left corner, x right, y down.",
        'format = "companion/map@1"',
        'id = "tokyo"',
        'name = "Tokyo"',
        'rules = "tokyo"',
        *render_frame(layout, pos),
    ]
    for line_id, name, color, ids in layout.lines:
        out += line_head(line_id, name, color, "3", "3")
        for sid in ids:
            x, y = pos[sid]
            real = layout.real[sid]
            note = f"{sid} {real.name}"
            if station_name[sid] != real.name:
                note += f" (station {station_name[sid]})"
            out.append(f"  [{_num(x)}, {_num(y)}],  # {note}")
        out.append("]")
    out += render_stations(layout.stations)
    return "\n".join(out) + "\n"


def render_frame(layout: Layout, pos: dict[str, tuple[float, float]]) -> list[str]:
    """The board's size, stop radius, track order and the grid laid over the stops `pos`."""
    ox, oy, cols, rows = grid_for(list(pos.values()))
    return [
        f"width_mm = {_num(BOARD_W_MM)}",
        f"height_mm = {_num(BOARD_H_MM)}",
        f"stop_radius_mm = {_num(STOP_R_MM)}",
        "track_order = [" + ", ".join(f'"{line[0]}"' for line in layout.lines) + "]",
        "",
        "[grid]",
        f"origin_mm = [{_num(ox)}, {_num(oy)}]",
        f"square_mm = [{_num(SQUARE_MM)}, {_num(SQUARE_MM)}]",
        f"columns = {cols}",
        f"rows = {rows}",
    ]


def line_head(line_id: str, name: str, color: str, shares: str, slots: str) -> list[str]:
    return [
        "",
        "[[lines]]",
        f'id = "{line_id}"',
        f'name = "{name}"',
        f'color = "{color}"',
        f"shares = {shares}",
        f"slots = {slots}",
        "stops = [",
    ]


def render_stations(stations: list[StationPlan]) -> list[str]:
    out: list[str] = []
    for plan in stations:
        out += [
            "",
            "[[stations]]",
            f'id = "{plan.id}"',
            f'name = "{plan.name}"',
            f'name_ja = "{plan.name_ja}"',
            "stops = [" + ", ".join(f'"{s}"' for s in plan.stops) + "]",
        ]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(OUT_PATH), help="where to write the TOML")
    parser.add_argument("--csv", default=str(CSV_PATH), help="the real-network station table")
    args = parser.parse_args(argv)
    text = render_toml(build_layout(Path(args.csv)))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
