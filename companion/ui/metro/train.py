"""The train phase: the board with trains moving stop by stop in track order, each payout in big
type waiting for OK, boarding and leaving prompts, a running list of what happened.

The session holds the phase (steps, answers, acks), so this screen only plays it back: on entry
it starts from the last acknowledged step, which is how a phase resumes after a power cut.

With player buttons, a payout is acknowledged by its owner's button and a boarding or leaving
question is answered by that player's button (held: no), so stray OK presses change nothing;
without them OK/BACK answer. Each new payout or question ignores presses for `INPUT_GUARD`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any

import pygame

from companion import narrate
from companion.i18n import _
from companion.metro.board import Square, parse_stop_id
from companion.metro.state import MetroState, Train
from companion.metro.steps import Departed, Moved, Paid, Step
from companion.metro.trains import Decision, Prompt
from companion.metro.vehicles import VehicleId
from companion.names import TableNames
from companion.narrate import labelled, place_name, stop_name, twin_title
from companion.ui import kit as c
from companion.ui.announce import announce
from companion.ui.kit import Option
from companion.ui.metro.board import BoardLayer, make_board
from companion.ui.metro.entry import seat_color
from companion.ui.metro.menu import MetroMenu
from companion.ui.metro.playback import after_steps, describe_step, payout_text, prompt_text
from companion.ui.screen import INPUT_GUARD, Action, AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro, metro_names
from companion.voice import phrases

DURATIONS = {Departed: 0.6, Moved: 0.35}
OTHER_STEP = 0.4


@dataclass(frozen=True)
class PlaybackView:
    """What the LEDs get each frame: the session's phase plus the step being shown."""

    steps: tuple[Step, ...]
    pending: Prompt | None
    acked: int
    """Steps shown so far (the LEDs follow the animation, not only the acknowledgements)."""
    done: bool
    state: MetroState


class TrainPhaseScreen(Screen):
    name = "metro-train"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.board: BoardLayer | None = None
        self.log: list[str] = []
        self.view: Any = None
        self.shown = 0
        self.started = 0.0
        self.duration = 0.0
        self.waiting = ""
        """'' while animating, else 'payout', 'prompt' or 'done'."""
        self.choice = 0
        self.skip = False
        self.asked_at = float("-inf")
        """When the current payout or question appeared (presses just after are ignored)."""
        self._state_key: tuple[int, int] | None = None
        self._board_size: tuple[int, int] | None = None
        self._state: MetroState | None = None

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    @property
    def board_map(self) -> Any:
        return self.session.rules.board

    @property
    def names(self) -> TableNames:
        return metro_names(self.app.services)

    @property
    def fast(self) -> bool:
        return self.app.services.settings.fast_trains

    def enter(self) -> None:
        session = self.session
        if session.phase is None:
            session.begin_train_phase()
            self.app.play("start")
        self.view = session.phase
        if not self.log:
            self.shown = self.view.acked
            self.log = [
                t
                for t in (
                    describe_step(s, self.board_map, self.names.label)
                    for s in self.view.steps[: self.shown]
                )
                if t
            ]
        self.base = session.state
        self._begin(self.app.now())

    # --- playback ---
    def state_now(self) -> MetroState:
        """The board as of the steps shown so far (cached: it changes once a step)."""
        key = (self.shown, id(self.view))
        if self._state_key != key:
            self._state = after_steps(self.base, self.view.steps[: self.shown])
            self._state_key = key
        assert self._state is not None
        return self._state

    def _begin(self, now: float) -> None:
        """Start showing steps[shown], or wait when there is nothing more to show."""
        steps = self.view.steps
        self.waiting = ""
        self.asked_at = self.app.now()
        if self.shown >= len(steps):
            pending = self.view.pending
            if pending is not None:
                self.waiting, self.choice = "prompt", 0
                self.skip = False
                self.app.play("prompt")
                announce(
                    self.app,
                    lambda: phrases.prompt_phrase(pending, self.board_map, self.names.short),
                )
            else:
                self.waiting = "done"
            return
        step = steps[self.shown]
        self.started = now
        if isinstance(step, Paid):
            self.skip = False
        if not self.skip:
            announce(self.app, lambda: phrases.step_phrase(step, self.board_map, self.names.short))
        if isinstance(step, Paid):
            self.waiting = "payout"
            self.app.play("coin")
            return
        if isinstance(step, Departed):
            self.app.play("departure")
        fast = self.fast or self.skip
        self.duration = 0.0 if fast else DURATIONS.get(type(step), OTHER_STEP)
        if fast and isinstance(step, Departed) and not self.skip:
            self.duration = 0.15

    def _finish_step(self, now: float) -> None:
        step = self.view.steps[self.shown]
        self.shown += 1
        text = describe_step(step, self.board_map, self.names.label)
        if text:
            self.log.append(text)
        if isinstance(step, Moved) and self._owned(step.to_stop):
            self.app.play("bell")
        self._begin(now)

    def _owned(self, stop_id: str) -> bool:
        station = self.session.rules.board.station_of(stop_id)
        return station is not None and station.id in self.base.stations

    def update(self, now: float) -> None:
        view = self.session.phase
        if view is None:  # finished or undone elsewhere
            self.app.pop()
            return
        if view is not self.view and view.steps[: len(self.view.steps)] != self.view.steps:
            self.shown = min(self.shown, view.acked)
        self.view = view
        for _i in range(len(self.view.steps) + 1):
            if self.waiting or now - self.started < self.duration:
                break
            self._finish_step(self.started + self.duration if not self.skip else now)
        v = self.view
        playback = PlaybackView(v.steps, v.pending, self.shown, v.done, self.base)
        self.app.services.led_update(playback, now)

    # --- input ---
    @property
    def buttons(self) -> bool:
        return self.app.services.player_buttons > 0

    def asked(self) -> str | None:
        """The player whose button answers what is on screen now, if any."""
        if self.waiting == "payout":
            return str(self.view.steps[self.shown].owner)
        if self.waiting == "prompt" and self.view.pending is not None:
            return str(self.view.pending.player)
        return None

    def _answer(self, event: Input) -> Action | None:
        """The press as the answer it gives: OK (yes, paid), BACK (no) or None (not an answer:
        another player's button, or OK/BACK when the player's own button must answer)."""
        player = self.asked()
        if player is None or not self.buttons:
            return event.action if event.player is None else None
        if event.player is None:
            return None
        if seat_color(self.session, event.player) != player:
            return None
        if self.waiting == "payout":
            return Action.OK
        return Action.BACK if event.long else Action.OK

    def ready(self, now: float) -> bool:
        return not self.waiting or now - self.asked_at >= INPUT_GUARD

    def handle(self, event: Input) -> None:
        a = event.action
        now = self.app.now()
        if not self.ready(now):
            return
        if self.waiting in ("payout", "prompt") and a in (
            Action.LEFT,
            Action.RIGHT,
            Action.UP,
            Action.DOWN,
        ):
            if self.waiting == "prompt":
                self._prompt_input(a)
            return
        if self.waiting in ("payout", "prompt"):
            answer = self._answer(event)
            if answer is None:
                if a is Action.BACK and self.buttons:
                    self._menu()
                elif a is Action.OK:
                    self.app.play("error")
                return
            a = answer
        elif event.player is not None:
            return
        if self.waiting == "prompt":
            self._prompt_input(a)
        elif a is Action.OK and self.waiting == "payout":
            self.shown += 1
            self.session.ack(self.shown)
            self.log.append(
                narrate.describe_step(
                    self.view.steps[self.shown - 1], self.board_map, self.names.label
                )
            )
            self._begin(now)
        elif a is Action.OK and self.waiting == "done":
            self.session.ack(len(self.view.steps))
            self.session.finish_train_phase()
            self.app.play("stop")
            self.app.pop()
        elif a is Action.OK:
            self.skip = True
            self.duration = 0.0
        elif a is Action.BACK:
            self._menu()

    def _prompt_input(self, a: Action | None) -> None:
        prompt: Prompt = self.view.pending
        if prompt.action == "leave" and a in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            step = 1 if a in (Action.RIGHT, Action.DOWN) else -1
            self.choice = (self.choice + step) % len(prompt.squares)
            return
        if a not in (Action.OK, Action.BACK):
            return
        accept = a is Action.OK
        square: Square | None = prompt.squares[self.choice] if accept and prompt.squares else None
        self.session.ack(self.shown)
        self.session.answer(Decision(accept, square))
        self.view = self.session.phase
        self._begin(self.app.now())

    def _menu(self) -> None:
        def undo() -> None:
            self.app.pop()
            session = self.session
            while (entry := session.last_entry()) is not None and entry.kind == "ack":
                session.undo()
            session.undo()
            if self.session.phase is None:
                self.app.pop()
                return
            self.view = self.session.phase
            self.shown = min(self.shown, self.view.acked)
            self.log = [
                t
                for t in (
                    describe_step(s, self.board_map, self.names.label)
                    for s in self.view.steps[: self.shown]
                )
                if t
            ]
            self._begin(self.app.now())

        items = [
            (Option(_("Continue the train phase"), 0), self.app.pop),
            (Option(_("Undo the last answer"), 1), undo),
        ]
        self.app.push(MetroMenu(self.app, _("Train phase"), items))

    # --- drawing ---
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(c.theme_color(theme, "background"))
        band, side = self._layout(surface, theme)
        state = self.state_now()
        trains, highlight = self._moving(state)
        cursor: Square | None = None
        if self.waiting == "prompt":
            prompt = self.view.pending
            highlight = (prompt.stop,)
            if prompt.action == "leave" and prompt.squares:
                cursor = prompt.squares[self.choice]
        assert self.board is not None
        self.board.draw(surface, state, trains=trains, highlight_stops=highlight, cursor=cursor)
        self._draw_side(surface, theme, side, state)
        self._draw_band(surface, theme, band)

    def _layout(self, surface: pygame.Surface, theme: Any) -> tuple[pygame.Rect, pygame.Rect]:
        """(message band, side panel); the board takes the rest, as big as its shape allows."""
        w, h = surface.get_size()
        m = c.margin(theme, surface)
        band = pygame.Rect(m, 0, w - 2 * m, 2 * c.font(theme, "big").get_linesize() + 24)
        band.bottom = h - c.hint_height(theme) - m // 2
        area = pygame.Rect(m, m // 2, int(w * 0.7) - m, band.top - m)
        if self.board is None or self._board_size != (w, h):
            self.board = make_board(self.session.rules, area, c.font(theme, "small"), left=True)
            self._board_size = (w, h)
        left = self.board.rect.right + m
        return band, pygame.Rect(left, area.y, w - left - m, area.height)

    def _moving(self, state: MetroState) -> tuple[dict[VehicleId, Train], tuple[str, ...]]:
        steps = self.view.steps
        if self.waiting or self.shown >= len(steps):
            if self.waiting == "payout":
                return {}, (steps[self.shown].stop,)
            return {}, ()
        step = steps[self.shown]
        if not isinstance(step, Moved) or self.duration <= 0:
            return {}, ()
        p = min(1.0, max(0.0, (self.app.now() - self.started) / self.duration))
        a, b = parse_stop_id(step.from_stop)[1], parse_stop_id(step.to_stop)[1]
        old = state.trains.get(step.vehicle)
        moving = Train(a + (b - a) * p, step.direction, old.started if old else False)  # type: ignore[arg-type]
        return {step.vehicle: moving}, (step.to_stop,)

    def _current_line(self) -> str | None:
        for step in reversed(self.view.steps[: self.shown + 1]):
            line = getattr(step, "line", None)
            if line is not None:
                return str(line)
        return None

    def _draw_side(
        self, surface: pygame.Surface, theme: Any, area: pygame.Rect, state: MetroState
    ) -> None:
        medium, read = c.font(theme, "medium"), c.font(theme, "read")
        fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
        accent = c.theme_color(theme, "accent")
        title = _("Train phase") + " · " + _("Round {n}").format(n=self.base.round)
        y = area.y
        for part in c.wrap_lines(read, title, area.width, 2):
            y = c.blit_text(surface, read, part, accent, (area.x, y), box=area).bottom
        y += 6
        player = self.asked()
        if player is not None:
            y = self._draw_whose(surface, theme, area, y, player)
        line = self._current_line()
        if line is not None:
            h = medium.get_linesize() + 6
            cell = pygame.Rect(area.x, y, h, h)
            badge = c.line_badge(surface, medium, self.session.rules, line, cell)
            name = self.session.rules.board.lines[line].name
            text = f"{name} {c.yen(state.lines[line].value)}"
            pos = (badge.right + 10, y + h // 2)
            c.blit_condensed(surface, read, text, fg, pos, "midleft", area.right - pos[0])
            y += h + 8
        lh = read.get_linesize()
        room = max(0, (area.bottom - y) // lh)
        rows: list[tuple[str, bool]] = []
        for k in range(len(self.log) - 1, -1, -1):  # whole messages or none, the newest last
            text, newest = self.log[k], k == len(self.log) - 1
            parts = c.wrap(read, text, area.width)
            if newest and len(parts) > room:  # the newest narrowed into the room if it can be
                parts = c.wrap(read, text, int(area.width / c.CONDENSED))
            if len(rows) + len(parts) > room:
                c.textlog.left_out(text, "the train log's newest" if newest else "the train log")
                for older in self.log[:k]:
                    c.textlog.left_out(older, "the train log")
                break
            rows[:0] = [(p, newest) for p in parts]
        for part, newest in rows:
            ink = fg if newest else muted
            c.blit_condensed(surface, read, part, ink, (area.x, y), "topleft", area.width, area)
            y += lh

    def _draw_whose(
        self, surface: pygame.Surface, theme: Any, area: pygame.Rect, y: int, player: str
    ) -> int:
        """Whose decision it is, with the button that answers; returns the y below."""
        medium = c.font(theme, "medium")
        h = medium.get_linesize()
        chip = c.player_chip(surface, medium, player, (area.x, y), h)
        if self.buttons:
            text = _("Your button") if self.waiting == "payout" else _("Your button · hold: no")
        else:
            text = _("{player} decides").format(player=self.names.short(player))
        accent = c.theme_color(theme, "accent")
        beside = (chip.right + 8, chip.centery)
        under = (area.x, chip.bottom + h // 2)  # a name too wide beside the chip: under it
        for place, fnt in product((beside, under), (medium, c.font(theme, "read"))):
            room = area.right - place[0]
            lines = c.wrap(fnt, text, room)
            if len(lines) <= 3 and all(c.fits_condensed(fnt, line, room) for line in lines):
                break
        if len(lines) > 3:
            c.textlog.left_out(text, "whose decision")
        (x, y0), lines = place, lines[:3]
        for i, part in enumerate(lines):
            c.blit_condensed(surface, fnt, part, accent, (x, y0 + i * h), "midleft", room, area)
        return y0 + (len(lines) - 1) * h + h // 2 + 8

    def _draw_band(self, surface: pygame.Surface, theme: Any, box: pygame.Rect) -> None:
        """The message band under the board: a payout or a question in big type, else the move."""
        fnt = c.font(theme, "big")
        accent = c.theme_color(theme, "accent")
        board = self.board_map
        if self.waiting == "payout":
            step = self.view.steps[self.shown]
            message = payout_text(step, self.names.label)
            twin = twin_title(step.vehicle, board)  # which tram or bus of an Osaka pair
            message = message if twin is None else labelled(twin, message)
            hints = [("back", _("Menu"))] if self.buttons else [("ok", _("Paid, continue"))]
        elif self.waiting == "prompt":
            prompt = self.view.pending
            message = prompt_text(prompt, board, self.names.label)
            if prompt.action == "board":
                hints = [("ok", _("Board")), ("back", _("No"))]
            else:
                message += "  " + place_name(board, prompt.squares[self.choice])
                hints = [("lr", _("Square")), ("ok", _("Leave here")), ("back", _("Stay on"))]
            if self.buttons:
                hints = [h for h in hints if h[0] == "lr"] + [("back", _("Menu"))]
        elif self.waiting == "done":
            message = _("All trains have moved.")
            hints = [("ok", _("Back to the income track"))]
        else:
            message = self._moving_text()
            hints = [("ok", _("Skip ahead")), ("back", _("Menu"))]
            fnt, accent = c.font(theme, "medium"), c.theme_color(theme, "muted")
        c.hint_bar(surface, theme, hints)
        lines = c.wrap(fnt, message, box.width - 30)
        if len(lines) > 2:  # a long message in smaller type (to the reading size) rather than cut
            for fnt in (c.font(theme, "medium"), c.font(theme, "read")):
                most = max(1, (box.height - 8) // fnt.get_linesize())
                lines = c.wrap(fnt, message, box.width - 30)
                if len(lines) <= most:
                    break
            lines = c.wrap_lines(fnt, message, box.width - 30, most)
        lines = [c.ellipsize(fnt, line, box.width - 30) for line in lines]
        pygame.draw.rect(surface, (24, 28, 38), box, border_radius=12)
        pygame.draw.rect(surface, accent, box, width=4, border_radius=12)
        lh = fnt.get_linesize()
        y = box.centery - len(lines) * lh // 2
        for i, text in enumerate(lines):
            pos = (box.centerx, y + i * lh)
            c.blit_text(surface, fnt, text, (255, 255, 255), pos, "midtop", box=box)

    def _moving_text(self) -> str:
        steps = self.view.steps
        if self.shown >= len(steps):
            return ""
        step = steps[self.shown]
        if isinstance(step, Moved):
            moves = next(
                (s.moves for s in reversed(steps[: self.shown]) if isinstance(s, Departed)), 0
            )
            board = self.board_map
            twin = twin_title(step.vehicle, board)
            text = (
                _("Train {line}: {a} » {b}, stop {n} of {moves}")
                if twin is None
                else _("{vehicle}: {a} » {b}, stop {n} of {moves}")
            )
            return text.format(
                line=step.line,
                vehicle=twin,
                a=stop_name(board, step.from_stop),
                b=stop_name(board, step.to_stop),
                n=step.move,
                moves=moves,
            )
        return describe_step(step, self.board_map, self.names.label) or ""
