"""Generic entry screens: a wizard of steps (pick from a list, an amount, a square), a menu,
and a confirm dialog. Driven by the six navigation buttons only.

Impossible choices are shown greyed with the reason beside them; choosing one anyway, or an
entry the core refuses (`IllegalEvent`), shows the reason in big type and plays "error".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import Square
from companion.metro.errors import IllegalEvent
from companion.metro.events import Event
from companion.ui.metro import common as c
from companion.ui.metro.board import BoardLayer, make_board
from companion.ui.screen import Action, AppContext, Input, Screen


@dataclass(frozen=True)
class Option:
    label: str
    value: Any
    reason: str | None = None
    """Why it cannot be chosen now (the option is greyed), or None."""
    line: str | None = None
    player: str | None = None
    detail: str = ""


@dataclass(frozen=True)
class Choice:
    key: str
    title: str
    options: Sequence[Option]


@dataclass(frozen=True)
class Amount:
    key: str
    title: str
    value: int
    minimum: int = 0
    maximum: int | None = None
    step: int = 100
    yen: bool = True
    note: str = ""


@dataclass(frozen=True)
class SquarePick:
    key: str
    title: str
    start: Square


Step = Choice | Amount | SquarePick
StepFactory = Callable[[dict[str, Any]], Step | None]
"""Builds a step from the answers so far; None skips it."""


def draw_options(
    surface: pygame.Surface,
    theme: Any,
    rules: Any,
    area: pygame.Rect,
    options: Sequence[Option],
    cursor: int,
) -> None:
    """A list with the cursor row highlighted, scrolled to keep the cursor visible."""
    fnt = c.font(theme, "medium")
    small = c.font(theme, "small")
    row_h = fnt.get_linesize() + 10
    rows = max(1, area.height // row_h)
    first = min(max(0, cursor - rows // 2), max(0, len(options) - rows))
    fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
    accent = c.theme_color(theme, "accent")
    for i, opt in enumerate(options[first : first + rows]):
        index = first + i
        y = area.y + i * row_h
        row = pygame.Rect(area.x, y, area.width, row_h - 4)
        if index == cursor:
            pygame.draw.rect(surface, (52, 58, 74), row, border_radius=8)
            pygame.draw.rect(surface, accent, row, width=3, border_radius=8)
        x = row.x + 8
        chip_h = row.height - 8
        if opt.line is not None:
            c.line_badge(surface, fnt, rules, opt.line, pygame.Rect(x, y + 2, chip_h, chip_h))
            x += chip_h + 10
        if opt.player is not None:
            x = c.player_chip(surface, fnt, opt.player, (x, y + 2), chip_h).right + 10
        color = fg if opt.reason is None else muted
        r = c.blit_text(surface, fnt, opt.label, color, (x, row.centery), "midleft")
        right = row.right - 10
        if opt.detail:
            right = c.blit_text(surface, fnt, opt.detail, color, (right, row.centery), "midright").x
        if opt.reason is not None:
            c.blit_text(
                surface, small, opt.reason, muted, (r.right + 16, row.centery), "midleft",
                max(0, right - r.right - 26),
            )
    if first > 0 or first + rows < len(options):
        c.blit_text(surface, small, f"{cursor + 1}/{len(options)}", muted, area.topright, "bottomright")


def draw_error(surface: pygame.Surface, theme: Any, message: str) -> None:
    """The reason an entry was refused, in big type over the lower part of the screen."""
    fnt = c.font(theme, "big")
    w = surface.get_width() - 4 * c.margin(theme, surface)
    lines = c.wrap(fnt, message, w - 40)
    h = len(lines) * fnt.get_linesize() + 30
    box = pygame.Rect(0, 0, w, h)
    box.midbottom = (surface.get_width() // 2, surface.get_height() - c.hint_height(theme) - 10)
    pygame.draw.rect(surface, (120, 24, 24), box, border_radius=12)
    pygame.draw.rect(surface, c.theme_color(theme, "bad"), box, width=4, border_radius=12)
    for i, line in enumerate(lines):
        pos = (box.centerx, box.y + 15 + i * fnt.get_linesize())
        c.blit_text(surface, fnt, line, (255, 255, 255), pos, "midtop", w - 30)


def draw_title(surface: pygame.Surface, theme: Any, title: str, subtitle: str = "") -> int:
    """Title bar; returns the y where the body starts."""
    m = c.margin(theme, surface)
    fnt = c.font(theme, "big")
    r = c.blit_text(surface, fnt, title, c.theme_color(theme, "accent"), (m, m))
    if subtitle:
        medium = c.font(theme, "medium")
        c.blit_text(surface, medium, subtitle, c.theme_color(theme, "foreground"), (r.right + 2 * m, r.centery), "midleft")
    return r.bottom + m


class EntryScreen(Screen):
    """Ask the steps one after the other, then record the event built from the answers."""

    name = "metro-entry"

    def __init__(
        self,
        app: AppContext,
        title: str,
        steps: Sequence[StepFactory],
        build: Callable[[dict[str, Any]], Event],
        done: Callable[[Event], None] | None = None,
        initial: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.factories = list(steps)
        self.build = build
        self.done = done
        self.answers: dict[str, Any] = dict(initial or {})
        """Answers so far; initial ones only preset the cursor (each step is still asked)."""
        self.history: list[int] = []
        self.asked: set[str] = set()
        self.index = -1
        self.step: Step | None = None
        self.cursor = 0
        self.value = 0
        self.square: Square = (0, 0)
        self.error = ""
        self._board: BoardLayer | None = None
        self._advance()

    @property
    def session(self) -> Any:
        return self.app.services.session

    def _advance(self) -> None:
        i = self.index + 1
        while i < len(self.factories):
            step = self.factories[i](self.answers)
            if step is not None:
                self.history.append(self.index)
                self.index, self.step = i, step
                self._reset_widget()
                return
            i += 1
        self._record()

    def _reset_widget(self) -> None:
        step = self.step
        previous = self.answers.get(step.key) if step is not None else None
        if isinstance(step, Choice):
            values = [o.value for o in step.options]
            enabled = [i for i, o in enumerate(step.options) if o.reason is None]
            preset = values.index(previous) if previous in values else -1
            self.cursor = preset if preset in enabled else (enabled or [0])[0]
        elif isinstance(step, Amount):
            self.value = step.value
        elif isinstance(step, SquarePick):
            self.square = previous if previous is not None else step.start

    def _record(self) -> None:
        try:
            event = self.build(self.answers)
            self.session.record(event)
        except IllegalEvent as exc:
            self.error = exc.message
            self.app.play("error")
            return
        self.app.play("beep")
        self.app.pop()
        if self.done is not None:
            self.done(event)

    def _fail(self, reason: str) -> None:
        self.error = reason
        self.app.play("error")

    def handle(self, event: Input) -> None:
        a = event.action
        self.error = ""
        step = self.step
        if a is Action.BACK:
            previous = self.history.pop() if self.history else -1
            if previous < 0:
                self.app.pop()
                return
            self.index = previous
            self.step = self.factories[previous](self.answers)
            self._reset_widget()
            return
        if isinstance(step, Choice):
            n = len(step.options)
            if a is Action.UP and n:
                self.cursor = (self.cursor - 1) % n
            elif a is Action.DOWN and n:
                self.cursor = (self.cursor + 1) % n
            elif a is Action.OK and n:
                opt = step.options[self.cursor]
                if opt.reason is not None:
                    self._fail(opt.reason)
                    return
                self.answers[step.key] = opt.value
                self.asked.add(step.key)
                self._advance()
        elif isinstance(step, Amount):
            big = step.step * 10
            delta = {Action.LEFT: -step.step, Action.RIGHT: step.step, Action.DOWN: -big, Action.UP: big}
            if a in delta:
                value = max(step.minimum, self.value + delta[a])
                self.value = value if step.maximum is None else min(step.maximum, value)
            elif a is Action.OK:
                self.answers[step.key] = self.value
                self.asked.add(step.key)
                self._advance()
        elif isinstance(step, SquarePick):
            col, row = self.square
            moves = {Action.LEFT: (-1, 0), Action.RIGHT: (1, 0), Action.UP: (0, -1), Action.DOWN: (0, 1)}
            if a in moves:
                dc, dr = moves[a]
                new = (col + dc, row + dr)
                if self.session.rules.board.grid.contains(new):
                    self.square = new
            elif a is Action.OK:
                self.answers[step.key] = self.square
                self.asked.add(step.key)
                self._advance()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        step = self.step
        m = c.margin(theme, surface)
        subtitle = step.title if step is not None else ""
        top = draw_title(surface, theme, self.title, subtitle)
        self._draw_summary(surface, theme, step)
        bottom = surface.get_height() - c.hint_height(theme) - m
        area = pygame.Rect(m, top, surface.get_width() - 2 * m, bottom - top)
        if isinstance(step, Choice):
            draw_options(surface, theme, self.session.rules, area, step.options, self.cursor)
            hints = [("ud", _("Choose")), ("ok", _("Next")), ("back", _("Back"))]
        elif isinstance(step, Amount):
            self._draw_amount(surface, theme, area, step)
            hints = [("lr", "±" + (c.yen(step.step) if step.yen else str(step.step))),
                     ("ud", "±" + (c.yen(step.step * 10) if step.yen else str(step.step * 10))),
                     ("ok", _("Confirm")), ("back", _("Back"))]
        else:
            self._draw_square(surface, theme, area)
            hints = [("lr", _("Move")), ("ud", _("Move")), ("ok", _("Confirm")), ("back", _("Back"))]
        c.hint_bar(surface, theme, hints)
        if self.error:
            draw_error(surface, theme, self.error)

    def _draw_summary(self, surface: pygame.Surface, theme: Any, step: Step | None) -> None:
        """What was chosen so far (player, line), top right."""
        fnt = c.font(theme, "medium")
        h = fnt.get_linesize()
        m = c.margin(theme, surface)
        x = surface.get_width() - m
        asking = step.key if step is not None else ""
        line = self.answers.get("line")
        if line is not None and asking != "line" and "line" in self.asked:
            x -= h
            c.line_badge(surface, fnt, self.session.rules, line, pygame.Rect(x, m, h, h))
            x -= m
        player = self.answers.get("player")
        if player is not None and asking != "player" and "player" in self.asked:
            r = c.blit_text(surface, fnt, color_name(player), c.theme_color(theme, "foreground"), (x, m + h // 2), "midright")
            c.player_chip(surface, fnt, player, (r.x - h - 6, m), h)

    def _draw_amount(self, surface: pygame.Surface, theme: Any, area: pygame.Rect, step: Amount) -> None:
        huge = c.font(theme, "huge")
        label = c.yen(self.value) if step.yen else str(self.value)
        r = c.blit_text(surface, huge, label, c.theme_color(theme, "foreground"), area.center, "center")
        fg = c.theme_color(theme, "accent")
        size = huge.get_linesize()
        c._arrow(surface, "left", (r.left - size, r.centery), size, fg)
        c._arrow(surface, "right", (r.right + size, r.centery), size, fg)
        if step.note:
            c.blit_text(surface, c.font(theme, "medium"), step.note, c.theme_color(theme, "muted"),
                        (area.centerx, r.bottom + 20), "midtop", area.width)

    def _draw_square(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        side = pygame.Rect(area.x, area.y, area.width // 4, area.height)
        board_area = pygame.Rect(side.right + 10, area.y, area.width - side.width - 10, area.height)
        if self._board is None or self._board.rect.size[0] > board_area.width + 1:
            self._board = make_board(self.session.rules, board_area, c.font(theme, "small"))
        self._board.draw(surface, self.session.state, cursor=self.square)
        fnt = c.font(theme, "medium")
        col, row = self.square
        stops = self.session.rules.board.stops_touching_square(self.square)
        y = side.y
        for line in (_("Column {col}").format(col=col + 1), _("Row {row}").format(row=row + 1), " ".join(stops)):
            y = c.blit_text(surface, fnt, line, c.theme_color(theme, "foreground"), (side.x, y), "topleft", side.width).bottom + 8


class MenuScreen(Screen):
    """A list of commands: OK runs the one under the cursor (it decides whether to pop)."""

    name = "metro-menu"

    def __init__(self, app: AppContext, title: str, items: Sequence[tuple[Option, Callable[[], None]]]) -> None:
        super().__init__(app)
        self.title = title
        self.items = list(items)
        self.cursor = 0
        self.error = ""

    def handle(self, event: Input) -> None:
        a = event.action
        self.error = ""
        if a is Action.BACK:
            self.app.pop()
        elif a is Action.UP:
            self.cursor = (self.cursor - 1) % len(self.items)
        elif a is Action.DOWN:
            self.cursor = (self.cursor + 1) % len(self.items)
        elif a is Action.OK:
            opt, run = self.items[self.cursor]
            if opt.reason is not None:
                self.error = opt.reason
                self.app.play("error")
            else:
                run()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        m = c.margin(theme, surface)
        top = draw_title(surface, theme, self.title)
        area = pygame.Rect(m, top, surface.get_width() - 2 * m, surface.get_height() - c.hint_height(theme) - m - top)
        session = self.app.services.session
        draw_options(surface, theme, session.rules if session else None, area, [o for o, _r in self.items], self.cursor)
        c.hint_bar(surface, theme, [("ud", _("Choose")), ("ok", _("Open")), ("back", _("Back"))])
        if self.error:
            draw_error(surface, theme, self.error)


class ConfirmScreen(Screen):
    """A question over the screen below: OK = yes, BACK = no."""

    name = "metro-confirm"
    opaque = False

    def __init__(self, app: AppContext, question: str, yes: Callable[[], None]) -> None:
        super().__init__(app)
        self.question = question
        self.yes = yes

    def handle(self, event: Input) -> None:
        if event.action is Action.OK:
            self.app.pop()
            self.yes()
        elif event.action is Action.BACK:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        fnt = c.font(theme, "big")
        w = int(surface.get_width() * 0.8)
        lines = c.wrap(fnt, self.question, w - 40)
        h = (len(lines) + 1) * fnt.get_linesize() + 50
        box = pygame.Rect(0, 0, w, h)
        box.center = surface.get_rect().center
        pygame.draw.rect(surface, (40, 44, 56), box, border_radius=14)
        pygame.draw.rect(surface, c.theme_color(theme, "accent"), box, width=4, border_radius=14)
        y = box.y + 20
        for line in lines:
            y = c.blit_text(surface, fnt, line, c.theme_color(theme, "foreground"), (box.centerx, y), "midtop").bottom
        small = c.font(theme, "medium")
        y += 16
        r = c.key_cap(surface, small, "ok", (box.x + 30, y), c.theme_color(theme, "good"))
        c.blit_text(surface, small, _("Yes"), c.theme_color(theme, "good"), (r.right + 10, y))
        r = c.key_cap(surface, small, "back", (box.centerx + 20, y), c.theme_color(theme, "bad"))
        c.blit_text(surface, small, _("No"), c.theme_color(theme, "bad"), (r.right + 10, y))
