"""A map file's text with new stop positions and grid numbers, everything else kept.

The map editor and the map fit both write an owner's map this way: comments, stations, names
and order stay as the owner (or the default) wrote them; only the numbers change.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping

Point = tuple[float, float]


def _num(v: float, places: int = 1) -> str:
    text = f"{v:.{places}f}".rstrip("0")
    return text[:-1] if text.endswith(".") else text


def _pair(p: Point, places: int = 1) -> str:
    """Stops to 0.1 mm; the grid to 0.01 mm (its square size adds up over 30 columns)."""
    return f"[{_num(p[0], places)}, {_num(p[1], places)}]"


_ENTRY = re.compile(r"^(\s*)\[\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\](.*)$")
_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z_.]+)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^(\s*)([A-Za-z_]+)(\s*=\s*)(.*)$")


def rewrite_map_text(
    text: str,
    stops: Mapping[str, list[Point]],
    grid_origin: Point | None = None,
    grid_square: Point | None = None,
) -> str:
    """The map file's text with new stop positions (line id -> points in stop order) and grid
    numbers, everything else kept. Stops written one per line keep their trailing comments."""
    out: list[str] = []
    table = ""
    line_id: str | None = None
    lines = text.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        raw = lines[i]
        body = raw.rstrip("\r\n")
        end = raw[len(body) :]
        header = _HEADER.match(body)
        key = _KEY.match(body)
        if header:
            table = header.group(1)
            line_id = None
        elif key and table == "grid" and key.group(2) in ("origin_mm", "square_mm"):
            value = grid_origin if key.group(2) == "origin_mm" else grid_square
            if value is not None:
                raw = f"{key.group(1)}{key.group(2)}{key.group(3)}{_pair(value, 2)}{end}"
        elif key and table == "lines" and key.group(2) == "id":
            line_id = tomllib.loads(f"v = {key.group(4)}")["v"]
        elif (
            key
            and table == "lines"
            and key.group(2) == "stops"
            and line_id is not None
            and line_id in stops
        ):
            points = stops[line_id]
            block = [raw]
            depth = body.count("[") - body.count("]")
            while depth > 0 and i + 1 < len(lines):
                i += 1
                block.append(lines[i])
                depth += lines[i].count("[") - lines[i].count("]")
            out.extend(_rewrite_stops_block(block, key, points, end))
            i += 1
            continue
        out.append(raw)
        i += 1
    return "".join(out)


def _rewrite_stops_block(
    block: list[str], key: re.Match[str], points: list[Point], end: str
) -> list[str]:
    entries = [n for n, raw in enumerate(block[1:-1], start=1) if _ENTRY.match(raw)]
    if len(block) > 2 and len(entries) == len(points):
        out = list(block)
        for n, p in zip(entries, points, strict=True):
            m = _ENTRY.match(out[n].rstrip("\r\n"))
            assert m is not None
            tail = out[n][len(out[n].rstrip("\r\n")) :]
            out[n] = f"{m.group(1)}{_pair(p)}{m.group(2)}{tail}"
        return out
    inner = ", ".join(_pair(p) for p in points)
    last = block[-1].rstrip("\r\n")
    tail = last[last.rfind("]") + 1 :]
    return [f"{key.group(1)}stops{key.group(3)}[{inner}]{tail}{end}"]
