"""The entry wizard: steps (pick from a list, an amount, a square) asked one after the other,
then one event recorded.

A question about a player (`Choice.by_player`) is answered with that player's own button when
the box has player buttons; the arrows and OK answer it only when it has none. Nothing is
recorded from defaults alone: at least one press must have chosen something (a player button,
an arrow that changed a choice, or the entry opened for a player or a line picked on the income
track), so a run of stray OK presses records nothing. LEFT/RIGHT jump between a list's groups
(the stations next to the meeple, then each line's).

Impossible choices are shown greyed with the reason beside them; choosing one anyway, or an
entry the core refuses (`IllegalEvent`), shows the reason in big type and plays "error".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from companion.i18n import _
from companion.metro.board import Square
from companion.metro.errors import IllegalEvent
from companion.metro.events import Event
from companion.narrate import explain
from companion.ui import kit as c
from companion.ui.kit import Option, draw_error, draw_options, draw_title
from companion.ui.metro.board import BoardLayer, make_board
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro, metro_names


@dataclass(frozen=True)
class Choice:
    key: str
    title: str
    options: Sequence[Option]
    groups: tuple[int, ...] = ()
    """Indices where a group starts (LEFT/RIGHT jump between them)."""
    by_player: bool = False
    """Options are player colours: answered with the player's own button when there are any."""
    jump: int = 0
    """Without groups, LEFT/RIGHT jump this many rows (0: they do nothing)."""


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
    times: int = 1
    """The amount entered is per item (a station's circles): the screen shows the total too."""

    @property
    def fixed(self) -> bool:
        """The rules set the amount (a Sell's price): shown to confirm, with no arrows."""
        return self.maximum is not None and self.minimum == self.maximum


@dataclass(frozen=True)
class SquarePick:
    key: str
    title: str
    start: Square


Step = Choice | Amount | SquarePick


def seat_color(session: MetroGame, index: int) -> str | None:
    """The colour of player button `index`: seat order, the setup's (bids change the turn
    order, not where the players sit)."""
    seats = session.setup.get("colors")
    colors = [str(x) for x in seats] if isinstance(seats, list) else list(session.state.colors)
    return colors[index] if 0 <= index < len(colors) else None


StepFactory = Callable[[dict[str, Any]], Step | None]
"""Builds a step from the answers so far; None skips it."""


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
        fixed: dict[str, Any] | None = None,
        deliberate: bool = False,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.factories = list(steps)
        self.build = build
        self.done = done
        self.fixed: dict[str, Any] = dict(fixed or {})
        """Answers already given (the player whose button opened the entry): not asked."""
        self.answers: dict[str, Any] = {**(initial or {}), **self.fixed}
        """Answers so far; initial ones only preset the cursor (each step is still asked)."""
        self.deliberate = deliberate or bool(self.fixed)
        """A press chose something: only then is the entry recorded."""
        self.history: list[int] = []
        self.asked: set[str] = set()
        self.index = -1
        self.step: Step | None = None
        self.cursor = 0
        self.value = 0
        self.square: Square = (0, 0)
        self.error = ""
        self._board: BoardLayer | None = None
        self._started = False

    def enter(self) -> None:
        """The first step is built when the screen appears (an entry with nothing left to ask,
        a loan opened by the player's button, records at once and goes)."""
        if not self._started:
            self._started = True
            self._advance()

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    def _advance(self) -> None:
        i = self.index + 1
        while i < len(self.factories):
            step = self.factories[i](self.answers)
            if step is not None and step.key in self.fixed:
                self.asked.add(step.key)
                step = None
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
            value = max(step.minimum, step.value)
            self.value = value if step.maximum is None else min(step.maximum, value)
        elif isinstance(step, SquarePick):
            self.square = previous if previous is not None else step.start

    @property
    def buttons(self) -> bool:
        """Player questions are answered with the players' own buttons."""
        return self.app.services.player_buttons > 0

    def _record(self) -> None:
        if not self.deliberate:
            self._fail(_("Nothing chosen yet: choose with the arrows or a player button"))
            return
        try:
            event = self.build(self.answers)
            self.session.record(event)
        except IllegalEvent as exc:
            self.error = explain(exc, self.session.rules.board)
            self.app.play("error")
            return
        self.app.play("beep")
        self.app.pop()
        if self.done is not None:
            self.done(event)

    def _fail(self, reason: str) -> None:
        self.error = reason
        self.app.play("error")

    def _player_pressed(self, step: Choice, index: int) -> None:
        color = seat_color(self.session, index)
        values = [o.value for o in step.options]
        if color is None or color not in values:
            return
        self.cursor = values.index(color)
        opt = step.options[self.cursor]
        if opt.reason is not None:
            self._fail(opt.reason)
            return
        self.deliberate = True
        self.answers[step.key] = color
        self.asked.add(step.key)
        self._advance()

    def _jump(self, step: Choice, direction: int) -> None:
        starts = sorted(set(step.groups) | {0})
        here = max(i for i, g in enumerate(starts) if g <= self.cursor)
        self.cursor = starts[(here + direction) % len(starts)]

    def handle(self, event: Input) -> None:
        a = event.action
        self.error = ""
        step = self.step
        if event.player is not None:
            if isinstance(step, Choice) and step.by_player:
                self._player_pressed(step, event.player)
            return
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
            if step.by_player and self.buttons:
                if a is Action.OK:
                    self._fail(_("Answer with your player button"))
                return
            before = self.cursor
            if a is Action.UP and n:
                self.cursor = (self.cursor - 1) % n
            elif a is Action.DOWN and n:
                self.cursor = (self.cursor + 1) % n
            elif a in (Action.LEFT, Action.RIGHT) and len(step.groups) > 1:
                self._jump(step, 1 if a is Action.RIGHT else -1)
            elif a in (Action.LEFT, Action.RIGHT) and step.jump and n:
                self.cursor = (self.cursor + (step.jump if a is Action.RIGHT else -step.jump)) % n
            elif a is Action.OK and n:
                opt = step.options[self.cursor]
                if opt.reason is not None:
                    self._fail(opt.reason)
                    return
                self.answers[step.key] = opt.value
                self.asked.add(step.key)
                self._advance()
                return
            self.deliberate = self.deliberate or self.cursor != before
        elif isinstance(step, Amount):
            big = step.step * 10
            delta = {
                Action.LEFT: -step.step,
                Action.RIGHT: step.step,
                Action.DOWN: -big,
                Action.UP: big,
            }
            if a in delta:
                value = max(step.minimum, self.value + delta[a])
                value = value if step.maximum is None else min(step.maximum, value)
                self.deliberate = self.deliberate or value != self.value
                self.value = value
            elif a is Action.OK:
                self.answers[step.key] = self.value
                self.asked.add(step.key)
                self._advance()
        elif isinstance(step, SquarePick):
            col, row = self.square
            moves = {
                Action.LEFT: (-1, 0),
                Action.RIGHT: (1, 0),
                Action.UP: (0, -1),
                Action.DOWN: (0, 1),
            }
            if a in moves:
                dc, dr = moves[a]
                new = (col + dc, row + dr)
                if self.session.rules.board.grid.contains(new):
                    self.square = new
                    self.deliberate = True
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
        right = self._draw_summary(surface, theme, step) - m
        top = draw_title(surface, theme, self.title, subtitle, right=right)
        bottom = surface.get_height() - c.hint_height(theme) - m
        area = pygame.Rect(m, top, surface.get_width() - 2 * m, bottom - top)
        if isinstance(step, Choice) and step.by_player and self.buttons:
            area = self._draw_press_your_button(surface, theme, area)
            draw_options(surface, theme, self.session.rules, area, step.options, -1)
            hints = [("back", _("Back"))]
        elif isinstance(step, Choice):
            draw_options(surface, theme, self.session.rules, area, step.options, self.cursor)
            hints = [("ud", _("Choose")), ("ok", _("Next")), ("back", _("Back"))]
            if len(step.groups) > 1 or step.jump:
                hints.insert(1, ("lr", _("Jump")))
        elif isinstance(step, Amount):
            self._draw_amount(surface, theme, area, step)
            hints = [("ok", _("Confirm")), ("back", _("Back"))]
            if not step.fixed:
                hints[:0] = [
                    ("lr", "±" + (c.yen(step.step) if step.yen else str(step.step))),
                    ("ud", "±" + (c.yen(step.step * 10) if step.yen else str(step.step * 10))),
                ]
        else:
            self._draw_square(surface, theme, area)
            hints = [
                ("lr", ""),
                ("ud", _("Move")),
                ("ok", _("Confirm")),
                ("back", _("Back")),
            ]
        c.hint_bar(surface, theme, hints)
        if self.error:
            draw_error(surface, theme, self.error)

    def _draw_press_your_button(
        self, surface: pygame.Surface, theme: Any, area: pygame.Rect
    ) -> pygame.Rect:
        """The instruction over a player question; returns the room left for the list."""
        fnt = c.font(theme, "medium")
        text = c.ellipsize(fnt, _("Press your player button"), area.width)
        accent = c.theme_color(theme, "accent")
        r = c.blit_text(surface, fnt, text, accent, area.topleft, "topleft")
        return pygame.Rect(area.x, r.bottom + 8, area.width, area.bottom - r.bottom - 8)

    def _draw_summary(self, surface: pygame.Surface, theme: Any, step: Step | None) -> int:
        """What was chosen so far (player, line), top right; returns where it begins."""
        fnt = c.font(theme, "medium")
        h = fnt.get_linesize()
        m = c.margin(theme, surface)
        x = surface.get_width() - m
        asking = step.key if step is not None else ""
        line = self.answers.get("line")
        if line is not None and asking != "line" and "line" in self.asked:
            cell = c.badge_rect(fnt, line, pygame.Rect(x - h, m, h, h))
            cell.right = x
            x = c.line_badge(surface, fnt, self.session.rules, line, cell).x - m
        player = self.answers.get("player")
        if player is not None and asking != "player" and "player" in self.asked:
            r = c.blit_text(
                surface,
                fnt,
                metro_names(self.app.services).short(player),
                c.theme_color(theme, "foreground"),
                (x, m + h // 2),
                "midright",
            )
            chip_x = r.x - c.player_chip_width(fnt, player, h) - 6
            x = c.player_chip(surface, fnt, player, (chip_x, m), h).x
        return x

    def _draw_amount(
        self, surface: pygame.Surface, theme: Any, area: pygame.Rect, step: Amount
    ) -> None:
        huge = c.font(theme, "huge")
        label = c.yen(self.value) if step.yen else str(self.value)
        if step.times > 1:
            label += f" × {step.times} = {c.yen(self.value * step.times)}"
        size = huge.get_linesize()
        r = c.blit_text(
            surface,
            huge,
            label,
            c.theme_color(theme, "foreground"),
            area.center,
            "center",
            area.width - 3 * size,
        )
        fg = c.theme_color(theme, "accent")
        if not step.fixed:
            c.arrow(surface, "left", (r.left - size, r.centery), size, fg)
            c.arrow(surface, "right", (r.right + size, r.centery), size, fg)
        if step.note:
            fnt = c.font(theme, "medium")
            y = r.bottom + 8
            for line in c.wrap_lines(fnt, step.note, area.width, 2):
                muted = c.theme_color(theme, "muted")
                y = c.blit_text(surface, fnt, line, muted, (area.centerx, y), "midtop").bottom

    def _draw_square(self, surface: pygame.Surface, theme: Any, area: pygame.Rect) -> None:
        side = pygame.Rect(area.x, area.y, area.width // 4, area.height)
        board_area = pygame.Rect(side.right + 10, area.y, area.width - side.width - 10, area.height)
        if self._board is None or self._board.rect.size[0] > board_area.width + 1:
            self._board = make_board(self.session.rules, board_area, c.font(theme, "small"))
        self._board.draw(surface, self.session.state, cursor=self.square)
        fnt = c.font(theme, "medium")
        col, row = self.square
        board = self.session.rules.board
        stops = board.stops_touching_square(self.square)
        names = dict.fromkeys(st.name for sid in stops if (st := board.station_of(sid)) is not None)
        y = side.y
        fg = c.theme_color(theme, "foreground")
        for text in (
            _("Column {col}").format(col=col + 1),
            _("Row {row}").format(row=row + 1),
            " ".join(stops),
            *names,
        ):
            for line in c.wrap_lines(fnt, text, side.width, 2):
                if y + fnt.get_linesize() > side.bottom:
                    c.textlog.left_out(text, "the square's side panel")
                    return
                y = c.blit_text(surface, fnt, line, fg, (side.x, y), box=side).bottom
            y += 8
