"""Countdown play screen: timed floors with a huge countdown, one row per player.

Inputs: a player's button tapped = one piece placed on this floor, held = one taken back; OK
starts a floor and pauses/resumes; Back opens the game menu (a running floor pauses first).
The app reports a player button when it is released (`Input.t` = release time), so a tap
released within `RELEASE_SLACK` seconds after the buzzer still counts as pressed in time.

With a saved game (`session`) every event is recorded as it happens, and a `Settle` when time
alone ended a floor, so history has the result and a restart comes back to the same floor.
"""

from __future__ import annotations

from typing import TypeGuard

import pygame

from companion.games import COUNTDOWN
from companion.i18n import _
from companion.jutaku import codec
from companion.jutaku import countdown as C
from companion.jutaku.players import Seat
from companion.jutaku.views import countdown_view
from companion.ui.announce import announce
from companion.ui.gamemenu import game_menu_items
from companion.ui.jutaku.view import draw_view, light_strip, play_cues, say_cues
from companion.ui.kit import Fonts, MenuScreen, colors_of
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import SavedGame

RELEASE_SLACK = 0.25


class CountdownScreen(Screen):
    name = "countdown"

    def __init__(
        self,
        app: AppContext,
        seats: tuple[Seat, ...],
        options: C.CountdownOptions | None = None,
        session: SavedGame[object] | None = None,
    ) -> None:
        super().__init__(app)
        self.fonts = Fonts()
        self.session = session
        options = options or C.CountdownOptions()
        events = [e for e in (session.events if session else ()) if _is(e)]
        self.state, _extra = codec.countdown_restore(seats, options, events)
        self.prev = app.now()
        self.now = self.prev
        self.fanfare = self.state.phase == "over"

    @classmethod
    def resumed(cls, app: AppContext, session: SavedGame[object]) -> CountdownScreen:
        """The screen of a saved game started or opened again (a running floor is paused)."""
        seats, options = codec.countdown_setup_from_json(session.setup)
        return cls(app, seats, options, session)

    def _apply(self, state: C.CountdownState, event: C.Event) -> C.CountdownState:
        after = C.apply(state, event)
        if self.session is not None and after is not state:
            self.session.record(event)
        return after

    def _tick(self, now: float) -> C.CountdownState:
        """The state at `now`; when time alone settled a floor, a `Settle` is recorded."""
        after = C.tick(self.state, now)
        ended = after.ended_at
        if after.phase in ("between", "over") and self.state.phase in ("running", "closing"):
            assert ended is not None
            self._apply(self.state, C.Settle(ended + after.options.grace))
        return after

    def open_menu(self) -> None:
        items = game_menu_items(self.app, COUNTDOWN, [], self.app.pop)
        self.app.push(MenuScreen(self.app, _(COUNTDOWN.title), items))

    def handle(self, event: Input) -> None:
        t = max(event.t or self.app.now(), self.prev + 1e-6)
        # (an input is never earlier than the frame already shown: its sound plays next frame)
        s = self._tick(t)
        if event.player is not None:
            pressed = t
            if s.phase == "closing" and s.ended_at is not None and t <= s.ended_at + RELEASE_SLACK:
                pressed = min(t, s.ended_at - 1e-6)
            if event.long:
                self.state = self._apply(s, C.TakeBack(event.player, t, pressed))
            else:
                self.state = self._apply(s, C.Place(event.player, pressed))
            return
        match s.phase, event.action:
            case (("ready" | "between"), Action.OK):
                s = self._apply(s, C.StartFloor(t))
            case "running", Action.OK:
                s = self._apply(s, C.Pause(t))
                self.app.play("prompt")
            case "paused", Action.OK:
                s = self._apply(s, C.Resume(t))
                self.app.play("start")
            case "over", Action.OK:
                self.open_menu()
            case _, Action.BACK:
                if s.phase == "running":
                    s = self._apply(s, C.Pause(t))
                    self.app.play("prompt")
                self.open_menu()
        self.state = s

    def update(self, now: float) -> None:
        self.state = self._tick(now)
        cues = C.cues(self.state, self.prev, now)
        play_cues(self.app, cues)
        say_cues(self.app, cues, floor=self.state.floor)
        for cue in cues:
            if cue.kind in ("start", "buzzer"):
                light_strip(self.app, (255, 0, 0) if cue.kind == "buzzer" else None)
        if self.state.phase == "over" and not self.fanfare:
            self.fanfare = True
            self.app.play("fanfare")
            announce(self.app, lambda: countdown_view(self.state, now, _).headline)
        self.prev = self.now = now

    def next_due(self, now: float) -> float | None:
        """When the next beep/buzzer is due: a frame loop that wakes then plays it on time."""
        return C.next_due(self.state, now)

    def draw(self, surface: pygame.Surface) -> None:
        colors = colors_of(self.app)
        surface.fill(colors["background"])
        draw_view(surface, countdown_view(self.state, self.now, _), self.fonts, colors, self.now)


def _is(event: object) -> TypeGuard[C.Event]:
    return isinstance(event, tuple(codec.COUNTDOWN_EVENTS.classes.values()))
