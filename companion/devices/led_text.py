"""LED colours as one line of terminal text: ANSI true-colour blocks, or letters when plain.

Plain letters: R G B Y C M W by the dominant channels, lower case when dim, `.` when off;
they keep the emulator's output readable in logs and without colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.colors import RGB
from companion.devices.led_layout import LedLayout

RESET = "\x1b[0m"


def letter(color: RGB) -> str:
    top = max(color)
    if top < 8:
        return "."
    half = top * 0.5
    on = (color[0] >= half, color[1] >= half, color[2] >= half)
    name = {
        (True, False, False): "R",
        (False, True, False): "G",
        (False, False, True): "B",
        (True, True, False): "Y",
        (False, True, True): "C",
        (True, False, True): "M",
        (True, True, True): "W",
    }[on]
    return name if top >= 96 else name.lower()


def block(color: RGB) -> str:
    if max(color) < 8:
        return "\x1b[38;2;60;60;60m·"
    r, g, b = color
    return f"\x1b[38;2;{r};{g};{b}m█"


def squeeze(colors: Sequence[RGB], width: int) -> list[RGB]:
    """At most `width` cells: each cell the brightest LED of its group."""
    if width <= 0 or len(colors) <= width:
        return list(colors)
    size = -(-len(colors) // width)
    return [max(colors[i : i + size], key=sum) for i in range(0, len(colors), size)]


def render(colors: Sequence[RGB], width: int = 100, ansi: bool = True) -> str:
    cells = squeeze(colors, width)
    if ansi:
        return "".join(block(c) for c in cells) + RESET
    return "".join(letter(c) for c in cells)


def render_segments(layout: LedLayout, colors: Sequence[RGB], ansi: bool = True) -> str:
    """`G RRr.... M ..B..` : each line's LEDs after its letter, in layout order."""
    parts = []
    for seg in sorted(layout.segments, key=lambda s: s.first_led):
        cells = [colors[i] if i < len(colors) else (0, 0, 0) for i in seg.leds]
        parts.append(f"{seg.line} {render(cells, 0, ansi)}")
    return " ".join(parts)


def hex_color(color: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*color)
