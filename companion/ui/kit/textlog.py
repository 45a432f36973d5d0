"""What the kit's text drawing put on screen, for the readability checker (tests/textcheck.py).

Every line the kit draws is noted here: where it landed, its cap height as drawn, the box it
must stay inside, and its kind. Nothing is kept unless a `TextRecorder` is switched on with
`recording()` (or a cached layer is being drawn inside `capture()`), so a normal frame pays one
`None` check per line.

The rule for kinds: `READ` is everything a player must read to play (names, amounts, questions,
rows, titles); it keeps the reading floor. `HINT` is what the buttons do and where the list
stands (the hint bar and its key caps, the muted help line at the bottom, "3/12" page marks): a
player who has used the box once does not need it, so it may be smaller. Text drawn inside a
picture (the board view's map labels, the LED strip view) is part of that picture and not noted.

A line the kit shortened to fit (`kit.text.ellipsize`, a wrapped text's last line) is noted with
the text it was cut from (`cut_from`), so the checker can say what the player lost. A text
meant for the player that a screen did not draw at all for lack of room is noted with
`left_out(text, where)`.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

READ = "read"
HINT = "hint"


@dataclass
class Placed:
    """One line of text as drawn: `rect` its image's rect on the screen, `cap` the height of a
    capital letter in pixels (smaller when the line was squeezed)."""

    text: str
    rect: pygame.Rect
    cap: float
    kind: str
    box: pygame.Rect | None
    image: pygame.Surface
    full: str = ""
    """The text this line was cut from ("" when it is whole)."""

    def ink(self) -> pygame.Rect:
        """The part of `rect` with pixels drawn (a line's image has room above and below)."""
        inner = self.image.get_bounding_rect()
        return inner.move(self.rect.topleft)


@dataclass
class Covered:
    """A box drawn over what was there (a toast, a refusal); `hidden` the lines under it."""

    rect: pygame.Rect
    what: str
    hidden: list[Placed] = field(default_factory=list)


@dataclass(frozen=True)
class LeftOut:
    """A text meant for the player that was not drawn: `where` had no room for it."""

    text: str
    where: str


class Layer(list[Placed]):
    """The lines of a cached layer, and (`left`) the texts it left out."""

    def __init__(self) -> None:
        super().__init__()
        self.left: list[LeftOut] = []


@dataclass
class TextRecorder:
    """The lines of one frame, in drawing order; `covered` the overlays and what they hid;
    `left` the texts not drawn for lack of room."""

    placed: list[Placed] = field(default_factory=list)
    covered: list[Covered] = field(default_factory=list)
    left: list[LeftOut] = field(default_factory=list)

    def clear(self) -> None:
        self.placed.clear()
        self.covered.clear()
        self.left.clear()


_recorder: TextRecorder | None = None
_captures: list[Layer] = []
_caps: weakref.WeakKeyDictionary[pygame.font.Font, int] = weakref.WeakKeyDictionary()
"""Weak: a font (and its open file) goes with the theme that made it."""
_cuts: dict[str, str] = {}
"""Shown text -> the text it was cut from, for the lines cut while recording or capturing."""
_CUTS_KEPT = 2000


def cut(shown: str, full: str) -> None:
    """`full` was shortened to `shown` (ending in "…") to fit; noted only while recording."""
    if _recorder is None and not _captures:
        return
    if len(_cuts) >= _CUTS_KEPT:
        _cuts.clear()
    _cuts[shown] = full


def left_out(text: str, where: str) -> None:
    """`text`, meant for the player, is not drawn: no room in `where` ("a greyed row's
    reason", the same words for every text so left out)."""
    if _recorder is None and not _captures:
        return
    gone = LeftOut(text, where)
    if _captures:
        _captures[-1].left.append(gone)
    elif _recorder is not None:
        _recorder.left.append(gone)


def cut_from(text: str) -> str:
    """The text `text` was cut from while recording, "" if it was not cut."""
    return _cuts.get(text, "")


def cap_height(font: pygame.font.Font) -> int:
    """The height of "H" above the baseline, in pixels."""
    cap = _caps.get(font)
    if cap is None:
        metrics = font.metrics("H")[0]
        cap = _caps[font] = metrics[3] if metrics else font.get_ascent()
    return cap


@contextmanager
def recording(recorder: TextRecorder) -> Iterator[TextRecorder]:
    """Note every line drawn inside the block into `recorder`."""
    global _recorder
    previous, _recorder = _recorder, recorder
    try:
        yield recorder
    finally:
        _recorder = previous


@contextmanager
def capture() -> Iterator[Layer]:
    """The lines drawn (and texts left out) inside the block, also when nothing records: a
    screen that caches a layer keeps them and `replay`s them each frame it blits the layer."""
    lines = Layer()
    _captures.append(lines)
    try:
        yield lines
    finally:
        _captures.remove(lines)


def replay(lines: Layer, offset: tuple[int, int] = (0, 0)) -> None:
    """Note again the lines (and left-out texts) of a layer blitted at `offset`."""
    if _recorder is None:
        return
    _recorder.left += lines.left
    for line in lines:
        box = line.box.move(offset) if line.box is not None else None
        _recorder.placed.append(
            Placed(
                line.text, line.rect.move(offset), line.cap, line.kind, box, line.image, line.full
            )
        )


def note(
    surface: pygame.Surface,
    text: str,
    font: pygame.font.Font,
    image: pygame.Surface,
    rect: pygame.Rect,
    kind: str,
    box: pygame.Rect | None,
) -> None:
    """One line blitted at `rect` on `surface` (a subsurface's offset is added)."""
    if _recorder is None and not _captures:
        return
    dx, dy = surface.get_abs_offset()
    full = font.get_height()
    cap = cap_height(font) * image.get_height() / max(1, full)
    line = Placed(
        text,
        rect.move(dx, dy),
        cap,
        kind,
        box.move(dx, dy) if box is not None else None,
        image,
        _cuts.get(text, "") if text.endswith("…") else "",
    )
    if _captures:
        _captures[-1].append(line)
    elif _recorder is not None:
        _recorder.placed.append(line)


def cover(rect: pygame.Rect, what: str, hides_reading: bool = False) -> None:
    """A box drawn over the screen at `rect`: the lines under it no longer show. Unless
    `hides_reading` (a dialog's shade, a refusal the player must read first), hiding a line
    the player must read is a fault the checker reports."""
    if _recorder is None:
        return
    under = [p for p in _recorder.placed if p.ink().colliderect(rect)]
    _recorder.placed[:] = [p for p in _recorder.placed if p not in under]
    hidden = [] if hides_reading else [p for p in under if p.kind == READ]
    _recorder.covered.append(Covered(rect.copy(), what, hidden))
