"""The one palette of every screen: a colour by role, looked up on the theme or here."""

from __future__ import annotations

from typing import Any

from companion.colors import RGB

PALETTE: dict[str, RGB] = {
    "background": (18, 22, 30),
    "foreground": (240, 240, 235),
    "accent": (255, 196, 0),
    "muted": (150, 155, 165),
    "good": (70, 200, 110),
    "bad": (235, 80, 70),
    "panel": (36, 42, 56),
    "selected": (60, 72, 100),
    "alarm": (120, 24, 24),
}
"""`alarm` fills the box behind a refusal (white text reads on it)."""
NEUTRAL: RGB = (128, 128, 128)
"""A colour the palette does not know, and the outline of a chip too dark or light to see."""


def theme_color(theme: Any, name: str) -> RGB:
    """`name` from the theme's colours, else from `PALETTE` (a theme may define only some)."""
    colors = getattr(theme, "colors", None)
    value = colors.get(name) if isinstance(colors, dict) else getattr(colors, name, None)
    if value is None:
        return PALETTE[name]
    r, g, b = value
    return (int(r), int(g), int(b))


def colors_of(app: Any) -> dict[str, RGB]:
    """Every colour of the app's theme (the palette when the app has no theme, as in tests)."""
    theme = getattr(getattr(app, "services", None), "theme", None)
    return {name: theme_color(theme, name) for name in PALETTE}
