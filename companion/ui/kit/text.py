"""Text on screen: render (cached), fit to a width, wrap into lines.

Rendering text is the most expensive thing a frame does on the Pi, so rendered lines are kept.
"""

from __future__ import annotations

import pygame

from companion.colors import RGB
from companion.ui.kit import textlog
from companion.ui.kit.textlog import READ

_cache: dict[tuple[pygame.font.Font, str, RGB], pygame.Surface] = {}
"""Keyed by the font itself, not its id: a font freed and another made at its address must
not find the first one's lines. In use order, least recently drawn first."""
_CACHE_SIZE = 3000
_CACHE_BYTES = 8 * 2**20
"""The rendered lines kept, in pixel bytes: a few screens' worth. A whole game's lines (a
thousand, 40 MB) would stay resident for lines most of which never come back."""
_cached_bytes = 0


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_pitch() * surf.get_height()


def render(font: pygame.font.Font, text: str, color: RGB) -> pygame.Surface:
    """`text` in `font` and `color`, rendered once while it is among the recently drawn."""
    global _cached_bytes
    key = (font, text, color)
    surf = _cache.pop(key, None)
    if surf is None:
        surf = font.render(text, True, color)
        _cached_bytes += _bytes(surf)
        while _cache and _cached_bytes > _CACHE_BYTES:
            _cached_bytes -= _bytes(_cache.pop(next(iter(_cache))))
    _cache[key] = surf
    return surf


_inks: dict[tuple[pygame.font.Font, str], int] = {}


def ink_width(font: pygame.font.Font, text: str) -> int:
    """The width of the pixels `text` draws (narrower than its advance: no side bearings)."""
    key = (font, text)
    width = _inks.get(key)
    if width is None:
        if len(_inks) > _CACHE_SIZE:
            _inks.clear()
        width = _inks[key] = font.render(text, True, (255, 255, 255)).get_bounding_rect().width
    return width


def fit(image: pygame.Surface, max_width: int | None) -> pygame.Surface:
    """`image` shrunk to `max_width` when it is wider (text is squeezed, never cut)."""
    if max_width is None or not image.get_width() > max_width > 0:
        return image
    scale = max_width / image.get_width()
    return pygame.transform.smoothscale(image, (max_width, max(1, int(image.get_height() * scale))))


def blit_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    max_width: int | None = None,
    kind: str = READ,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """Draw one line with its `anchor` ("topleft", "center", "midright"...) at `pos`.
    `kind` and `box` are for the checker (`textlog`): what the player must read keeps the
    reading floor (a `max_width` that squeezes it below counts against it), and the line must
    stay inside `box` (default: the surface)."""
    image = fit(render(font, text, color), max_width)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    textlog.note(surface, text, font, image, rect, kind, box)
    return rect


CONDENSED = 0.75
"""How narrow a line may be drawn (its width only: its capitals keep their height) before
anything of it is cut: bold type at three quarters of its width still reads across a table."""


def blit_condensed(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str,
    width: int,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """One line that must be read whole in `width`: as it is, else narrowed (`CONDENSED` at
    most, its height kept), else narrowed that much and ellipsized."""
    image = render(font, text, color)
    if image.get_width() > width:
        least = int(width / CONDENSED)
        if image.get_width() > least:
            text = ellipsize(font, text, least)
            image = render(font, text, color)
        if image.get_width() > width:
            image = pygame.transform.smoothscale(image, (width, image.get_height()))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    textlog.note(surface, text, font, image, rect, READ, box)
    return rect


def fits_condensed(font: pygame.font.Font, text: str, width: int) -> bool:
    """Whether `blit_condensed` draws `text` whole in `width`."""
    return font.size(text)[0] * CONDENSED <= width


def two_lines(font: pygame.font.Font, text: str, width: int, second: int = 0) -> list[str]:
    """`text` as one line `blit_condensed` draws whole in `width`, else as two such lines
    broken at the space that makes the longer one shortest (the second may be `second` wide,
    when more); [] when neither fits."""
    if fits_condensed(font, text, width):
        return [text]
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    widths = (width, max(width, second))
    fitting = [
        s for s in splits if all(fits_condensed(font, p, w) for p, w in zip(s, widths, strict=True))
    ]
    if not fitting:
        return []
    return list(min(fitting, key=lambda s: max(font.size(part)[0] for part in s)))


def blit_whole(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: RGB,
    pos: tuple[int, int],
    anchor: str,
    width: int,
    height: int,
    box: pygame.Rect | None = None,
) -> pygame.Rect:
    """A name or a short sentence read whole in `width`: one line (narrowed if need be), else
    two lines centred on `pos` in `height` (a middle anchor: "midleft", "center",
    "midright"); only when even two do not hold it, one line cut (`blit_condensed`)."""
    lines = two_lines(font, text, width)
    if len(lines) < 2:
        return blit_condensed(surface, font, text, color, pos, anchor, width, box)
    pitch = min(font.get_linesize(), height // 2)
    x, y = pos
    first = blit_condensed(surface, font, lines[0], color, (x, y - pitch // 2), anchor, width, box)
    second = blit_condensed(
        surface, font, lines[1], color, (x, y + pitch - pitch // 2), anchor, width, box
    )
    return first.union(second)


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """`text`, or as much of it as fits `width` followed by "…" (a word is kept whole if it can
    be)."""
    shown = _shortened(font, text, width)
    if shown != text:
        textlog.cut(shown, text)
    return shown


def _shortened(font: pygame.font.Font, text: str, width: int) -> str:
    if font.size(text)[0] <= width:
        return text
    cut = text
    while cut and font.size(cut.rstrip() + "…")[0] > width:
        cut = cut[:-1]
    words = cut.rsplit(" ", 1)
    if len(words) == 2 and len(words[0]) > len(cut) // 2:
        cut = words[0]
    return cut.rstrip(" ·,;:") + "…" if cut else ""


def wrap_lines(font: pygame.font.Font, text: str, width: int, most: int) -> list[str]:
    """`text` wrapped to `width` in at most `most` lines, the last one ellipsized if more
    would be needed (a word longer than the width is ellipsized too)."""
    lines = wrap(font, text, width)
    if len(lines) > most:
        lines = [*lines[: most - 1], " ".join(lines[most - 1 :])]
    shown = [_shortened(font, line, width) for line in lines]
    for line, was in zip(shown, lines, strict=True):
        if line != was:
            textlog.cut(line, text)
    return shown


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a longer word keeps its line);
    never between an amount and its "¥" ("200 ¥" in Spanish and French)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        words: list[str] = []
        for word in paragraph.split(" "):
            if word.startswith("¥") and words and words[-1][-1:].isdigit():
                words[-1] += " " + word
            else:
                words.append(word)
        for word in words:
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
