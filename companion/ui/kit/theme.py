"""Fonts and sizes from the screen height, so 800x480 and 1920x1080 both read from afar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from companion.colors import RGB
from companion.ui.kit.palette import PALETTE

if TYPE_CHECKING:
    import pygame

_DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
FONT_PATH: str | None = str(_DEJAVU) if _DEJAVU.exists() else None
"""DejaVu (on Pi OS by default) covers arrows and accents; pygame's own font otherwise."""


def load_font(px: int, path: str | None = FONT_PATH) -> pygame.font.Font:
    """A new font at `px` pixels (callers keep theirs: a font dies with `pygame.quit()`)."""
    import pygame

    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(path, px)


class Theme:
    """Fonts by role ("huge", "big", "medium", "read", "small") and the palette; `margin` in
    pixels. "read" is the smallest type a player must read (capitals about 18 px at 800x480,
    3.5 mm on a 7" screen: tables); "small" is for hints only (what the buttons do)."""

    SCALE: ClassVar[dict[str, float]] = {
        "huge": 0.14,
        "big": 0.085,
        "medium": 0.058,
        "read": 0.052,
        "small": 0.042,
    }

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.height = size[1]
        self.margin = max(8, self.height // 40)
        self.colors: dict[str, RGB] = dict(PALETTE)
        self._fonts: dict[str, pygame.font.Font] = {}

    def px(self, size_name: str) -> int:
        return max(12, round(self.height * self.SCALE[size_name]))

    def font(self, size_name: str) -> pygame.font.Font:
        if size_name not in self._fonts:
            self._fonts[size_name] = load_font(self.px(size_name))
        return self._fonts[size_name]


class Fonts:
    """Fonts by pixel size, for layouts that size type from the screen (the Jutaku clock)."""

    def __init__(self) -> None:
        self._cache: dict[int, pygame.font.Font] = {}
        self.scale = 0.82 if FONT_PATH else 1.0
        """DejaVu draws larger than pygame's font at the same size."""

    def get(self, px: int) -> pygame.font.Font:
        px = max(10, round(px * self.scale))
        if px not in self._cache:
            self._cache[px] = load_font(px)
        return self._cache[px]

    def role(self, name: str, height: int) -> pygame.font.Font:
        """The `Theme` role's font for a screen `height` pixels high ("read": the smallest a
        player must read; "small": hints)."""
        px = max(12, round(height * Theme.SCALE[name]))
        if px not in self._cache:
            self._cache[px] = load_font(px)
        return self._cache[px]


def font(theme: Any, size: str) -> pygame.font.Font:
    """`theme.font(size)`, for screens that hold the theme untyped."""
    return theme.font(size)  # type: ignore[no-any-return]


def margin(theme: Any, surface: pygame.Surface) -> int:
    return int(getattr(theme, "margin", max(6, surface.get_height() // 60)))
