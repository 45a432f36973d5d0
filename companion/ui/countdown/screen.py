"""Countdown screen: choose the players, then timed floors with a huge countdown.

Inputs: a player's button tapped = one piece placed on this floor, held = one taken back; OK
starts a floor and pauses/resumes; Back pauses, and pressed twice leaves. The app reports a
player button when it is released (`Input.t` = release time), so a tap released within
`RELEASE_SLACK` seconds after the buzzer still counts as pressed in time.
"""

from __future__ import annotations

import pygame

from companion.colors import color_name
from companion.i18n import _
from companion.jutaku import countdown as C
from companion.jutaku.players import SEAT_COLORS, Seat
from companion.jutaku.views import countdown_view
from companion.ui.jutaku.view import draw_view, light_strip, play_cues
from companion.ui.kit import Fonts, Option, colors_of, draw_setup_list, handle_options
from companion.ui.screen import Action, AppContext, Input, Screen

RELEASE_SLACK = 0.25
LEAVE_WINDOW = 3.0


class CountdownScreen(Screen):
    name = "countdown"

    def __init__(
        self,
        app: AppContext,
        seats: tuple[Seat, ...] | None = None,
        options: C.CountdownOptions | None = None,
    ) -> None:
        super().__init__(app)
        self.fonts = Fonts()
        self.options = options or C.CountdownOptions()
        self.count = 4
        self.index = 0
        self.state: C.CountdownState | None = None
        if seats is not None:
            self.state = C.new_game(seats, self.options)
        self.prev = app.now()
        self.now = self.prev
        self.leave_asked: float | None = None
        self.fanfare = False

    # --- setup ------------------------------------------------------------------------------

    def setup_options(self) -> list[Option]:
        opts = [
            Option(lambda: _("Players"), detail=lambda: str(self.count), on_change=self._players)
        ]
        opts += [
            Option(lambda i=i: f"{i + 1}. {color_name(SEAT_COLORS[i])}")  # type: ignore[misc]
            for i in range(self.count)
        ]
        opts.append(Option(lambda: _("Start the game"), on_ok=self.start))
        return opts

    def _players(self, delta: int) -> None:
        self.count = min(8, max(1, self.count + delta))

    def start(self) -> None:
        seats = tuple(Seat(SEAT_COLORS[i]) for i in range(self.count))
        self.state = C.new_game(seats, self.options)

    def _handle_setup(self, event: Input) -> None:
        self.index = handle_options(self.app, self.setup_options(), self.index, event)

    # --- game -------------------------------------------------------------------------------

    def handle(self, event: Input) -> None:
        if self.state is None:
            self._handle_setup(event)
            return
        t = max(event.t or self.app.now(), self.prev + 1e-6)
        # (an input is never earlier than the frame already shown: its sound plays next frame)
        s = C.tick(self.state, t)
        if event.player is not None:
            pressed = t
            if s.phase == "closing" and s.ended_at is not None and t <= s.ended_at + RELEASE_SLACK:
                pressed = min(t, s.ended_at - 1e-6)
            if event.long:
                self.state = C.apply(s, C.TakeBack(event.player, t, pressed))
            else:
                self.state = C.apply(s, C.Place(event.player, pressed))
            return
        match s.phase, event.action:
            case (("ready" | "between"), Action.OK):
                s = C.apply(s, C.StartFloor(t))
            case "running", Action.OK | Action.BACK:
                s = C.apply(s, C.Pause(t))
                self.app.play("prompt")
            case "paused", Action.OK:
                s = C.apply(s, C.Resume(t))
                self.app.play("start")
            case "over", Action.OK | Action.BACK:
                self.app.pop()
            case _, Action.BACK:
                if self.leave_asked is not None and t - self.leave_asked <= LEAVE_WINDOW:
                    self.app.pop()
                else:
                    self.leave_asked = t
        self.state = s

    def update(self, now: float) -> None:
        if self.state is not None:
            self.state = C.tick(self.state, now)
            cues = C.cues(self.state, self.prev, now)
            play_cues(self.app, cues)
            for cue in cues:
                if cue.kind in ("start", "buzzer"):
                    light_strip(self.app, (255, 0, 0) if cue.kind == "buzzer" else None)
            if self.state.phase == "over" and not self.fanfare:
                self.fanfare = True
                self.app.play("fanfare")
        self.prev = self.now = now

    def next_due(self, now: float) -> float | None:
        """When the next beep/buzzer is due: a frame loop that wakes then plays it on time."""
        return None if self.state is None else C.next_due(self.state, now)

    def draw(self, surface: pygame.Surface) -> None:
        colors = colors_of(self.app)
        surface.fill(colors["background"])
        if self.state is None:
            hint = _("Up/down: choose · Left/right: change · OK: select")
            draw_setup_list(
                surface, "COUNTDOWN", self.setup_options(), self.index, hint, self.fonts, colors
            )
            return
        view = countdown_view(self.state, self.now, _)
        if self.leave_asked is not None and self.now - self.leave_asked <= LEAVE_WINDOW:
            view = view.__class__(**{**view.__dict__, "hints": (_("Back again: leave the game"),)})
        draw_view(surface, view, self.fonts, colors, self.now)
