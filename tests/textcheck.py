"""The readability checker: what the kit's text recorder (`companion.ui.kit.textlog`) saw in a
frame, judged as a player at 1 m from a 7" 800x480 screen would.

A frame fails on: a line the player must read whose capital letters are under `READ_CAP` pixels
on a 480-pixel-high screen (a button hint under `HINT_CAP`), a line leaving its box or the
screen, two lines whose inked pixels overlap, and an overlay (a toast) hiding a line the player
must read; with `cuts`, also a line the player must read that the kit cut to fit ("…" added by
`kit.ellipsize`, a wrapped text's last line; a text whose own words end in "…" is not cut); with
`left_out`, also a text meant for the player that a screen did not draw for lack of room
(`textlog.left_out`: a greyed row's reason, a log line, a name of a heading). Use
`frame_faults(draw, surface)` for any drawing, `screen_faults(app)` for a
FakeApp's stack, or `app_faults(app)` for the real app's screens and toasts (`App.draw`): a
scripted game night can call it after every press.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from itertools import combinations

import pygame

from companion.ui.kit import textlog
from companion.ui.kit.textlog import HINT, Placed, TextRecorder

READ_CAP = 18
"""About 3.5 mm on a 7" 800x480 screen: read from across the table."""
HINT_CAP = 14
BOX_SLACK = 2
"""Pixels a glyph may reach past its box (a J's tail under a chip's edge is still read)."""
FLOOR_HEIGHT = 480
"""The size floor is checked on screens this high (larger screens get larger type)."""


MAY_LEAVE_OUT = {
    "the train log": "older moves: each was the newest, shown whole, when it happened",
    "the new turn order": "the bids' rows beside it name every chip the new order shows",
    "the income track's title (whose turn)": "the chip after 'Turn:' is the player's, and the"
    " players' list right under the title names each chip",
    "the income track's line names": "each row's badge keeps the line's letter and colour, as"
    " the board prints them",
    "the income track's trains": "where each train is: its piece on the board",
    "the income track's disc spaces": "the discs lie on the board; the speculations column"
    " says whose",
    "the end table's notes": "a tie sentence with the widest 16-letter names: the totals show"
    " the tie and the medals the order it was broken in",
    "the turn order's label": "IZAKAYA's 'Order' before five chips in es and fr: the chips"
    " in turn order, the current one framed, under whose action it is, say it; a line of its"
    " own would push an action off the list",
    "a seat's row in two columns": "eight seats at 800x480: a half-width row holds the name,"
    " the status and the big figure, not always the detail (Countdown's total so far; Jutaku's"
    " plots say '1/4' where that fits); the clock needs the height two-line rows would take",
}
"""Places (`textlog.left_out`'s `where`) that may leave a text out for lack of room, with why:
nothing else the player is meant to read may be missing."""


def _name(p: Placed) -> str:
    return f"{p.text!r} at {tuple(p.ink())}"


def faults(
    recorder: TextRecorder,
    size: tuple[int, int],
    cuts: bool = False,
    left_out: bool | Collection[str] = False,
) -> list[str]:
    """Every fault of one recorded frame, as sentences (`cuts`: cut lines too; `left_out`:
    texts not drawn for lack of room too, but for those of the places it names, if a
    collection: `textlog.left_out`'s `where`)."""
    out: list[str] = []
    screen = pygame.Rect((0, 0), size)
    placed = [p for p in recorder.placed if p.text.strip()]
    inks = [p.ink() for p in placed]
    for p, ink in zip(placed, inks, strict=True):
        if size[1] <= FLOOR_HEIGHT:
            floor = HINT_CAP if p.kind == HINT else READ_CAP
            if p.cap < floor - 0.5:
                out.append(f"too small ({p.cap:.1f} px < {floor}): {_name(p)}")
        if not screen.contains(ink):
            out.append(f"off the screen: {_name(p)}")
        elif p.box is not None and not p.box.inflate(2 * BOX_SLACK, 2 * BOX_SLACK).contains(ink):
            out.append(f"out of its box {tuple(p.box)}: {_name(p)}")
        if cuts and p.full and p.kind != HINT:
            out.append(f"cut: {p.full!r} shown as {p.text!r}")
    for (a, ia), (b, ib) in combinations(zip(placed, inks, strict=True), 2):
        if ia.colliderect(ib):
            out.append(f"overlap: {_name(a)} and {_name(b)}")
    for cover in recorder.covered:
        for p in cover.hidden:
            out.append(f"{cover.what} hides {_name(p)}")
    if left_out is not False:
        allowed = () if left_out is True else left_out
        out += [
            f"{gone.text!r} left out: no room in {gone.where}"
            for gone in recorder.left
            if gone.where not in allowed
        ]
    return out


def frame_faults(
    draw: Callable[[pygame.Surface], None],
    surface: pygame.Surface,
    cuts: bool = False,
    left_out: bool | Collection[str] = False,
) -> list[str]:
    """Draw one frame with the recorder on and judge it."""
    recorder = TextRecorder()
    with textlog.recording(recorder):
        draw(surface)
    return faults(recorder, surface.get_size(), cuts, left_out)


def screen_faults(
    app: object, cuts: bool = False, left_out: bool | Collection[str] = False
) -> list[str]:
    """A FakeApp's visible screens drawn and judged (tests/screen_fakes.py)."""
    draw = app.draw  # type: ignore[attr-defined]
    surface = app.surface  # type: ignore[attr-defined]
    return frame_faults(lambda _surface: draw(), surface, cuts, left_out)


def app_faults(
    app: object, cuts: bool = False, left_out: bool | Collection[str] = False
) -> list[str]:
    """The real app's frame (`companion.app.core.App`: its screens, then its toasts) judged
    as a FakeApp's are (both draw the frame with `draw()`); the LED strip drawn under the
    screen is a picture, not text."""
    return screen_faults(app, cuts, left_out)


def watch_app(
    app: object, every: int = 15, cuts: bool = False, left_out: bool | Collection[str] = False
) -> dict[str, str]:
    """Judge the real app's frames while a script drives it: each new top screen, then every
    `every` frames. Returns the first fault of each screen by name (empty: all read)."""
    seen: dict[str, str] = {}
    step = app.step  # type: ignore[attr-defined]
    last: list[object] = [None, -every]

    def judged(*args: object, **kwargs: object) -> object:
        top = app.top  # type: ignore[attr-defined]
        frames = app.frames  # type: ignore[attr-defined]
        if top is not None and (top is not last[0] or frames - int(last[1]) >= every):  # type: ignore[call-overload]
            last[:] = [top, frames]
            for fault in app_faults(app, cuts, left_out):
                seen.setdefault(top.name, fault)
        return step(*args, **kwargs)

    app.step = judged  # type: ignore[attr-defined]
    return seen
