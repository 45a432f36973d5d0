"""The income track, the home screen during a game: every line in track order with its value,
the larger/smaller pair, share holders, speed, speculations and its train; the players' cash.

OK opens the entries, LEFT undoes (with confirm), RIGHT starts the train phase, BACK opens the
game menu. The table is rendered once per state and cached; a frame is then one blit.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.i18n import _, language
from companion.metro.events import EndGame
from companion.metro.state import MetroState
from companion.ui import kit as c
from companion.ui.kit import Option, confirm
from companion.ui.metro import track
from companion.ui.metro.camera import CameraPrompts
from companion.ui.metro.menu import MetroMenu
from companion.ui.metro.rounds import rounds_for
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro


class MetroHome(Screen):
    name = "metro-home"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.cursor = 0
        self._cache: tuple[Any, ...] | None = None
        self._layer: pygame.Surface | None = None
        self._texts: list[c.textlog.Placed] = []
        self._title_right = 0
        self._asked_end_round = 0
        self._shown_end = False
        self.camera = CameraPrompts(app)

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    def enter(self) -> None:
        from companion.ui.metro.endgame import EndGameScreen
        from companion.ui.metro.train import TrainPhaseScreen

        session = self.app.services.session
        if session is None:
            return
        state = session.state
        if state.phase == "ended":
            if self._shown_end:
                self.app.pop()
            else:
                self._shown_end = True
                self.app.push(EndGameScreen(self.app))
            return
        if session.phase is not None:
            self.app.push(TrainPhaseScreen(self.app))
            return
        last = rounds_for(session.rules, len(state.players))
        if last is not None and state.round > last and self._asked_end_round != state.round:
            self._asked_end_round = state.round
            question = _("All {rounds} rounds are played. End the game now?").format(rounds=last)
            confirm(self.app, question, self.end_game)

    def update(self, now: float) -> None:
        """Follow changes made elsewhere (the demo runner, a resumed log): a train phase that
        began or a game that ended shows its screen."""
        session = self.app.services.session
        if session is None:
            return
        if session.phase is not None or (session.state.phase == "ended" and not self._shown_end):
            self.enter()
            return
        if self.app.top is self:
            proposal = self.camera.next_question()
            if proposal is not None:
                self.app.play("prompt")
                self.camera.ask(proposal, fixed=self._recorded)

    def _recorded(self, event: Any) -> None:
        from companion.ui.metro.actions import describe

        self.say(describe(event))

    # --- commands ---
    def say(self, message: str) -> None:
        """A short confirmation in the app's toast banner."""
        self.app.toast(message, "info", 5.0)

    def selected_line(self) -> str:
        return str(list(self.session.rules.board.lines)[self.cursor])

    def open_actions(self) -> None:
        from companion.ui.metro.actions import ENTRIES, describe

        def opener(make: Any) -> Any:
            def run() -> None:
                self.app.pop()
                screen = make(self.app, {"line": self.selected_line()})
                screen.done = lambda event: self.say(describe(event))
                self.app.push(screen)

            return run

        items = [(Option(_(label), label), opener(make)) for label, make in ENTRIES]
        self.app.push(MetroMenu(self.app, _("Record an action"), items))

    def ask_undo(self) -> None:
        def undo() -> None:
            if self.session.undo():
                self.say(_("Last entry undone"))
            else:
                self.app.play("error")

        confirm(self.app, _("Undo the last entry?"), undo)

    def ask_train_phase(self) -> None:
        """Start the trains, after any meeple the camera sees elsewhere than the game has it
        (the boarding prompts then use where the meeples really stand)."""
        from companion.ui.metro.train import TrainPhaseScreen

        moves = self.camera.moves_before_train()
        if moves:
            self.camera.ask(moves[0], then=self.ask_train_phase, fixed=self._recorded)
            return

        def start() -> None:
            self.app.push(TrainPhaseScreen(self.app))

        confirm(self.app, _("Start the train phase?"), start)

    def end_game(self) -> None:
        self.session.record(EndGame())
        self.enter()

    def open_menu(self) -> None:
        from companion.ui.metro.bids import BidsScreen

        settings = self.app.services.settings

        def close_then(run: Any) -> Any:
            def go() -> None:
                self.app.pop()
                run()

            return go

        def toggle_fast() -> None:
            settings.set("fast_trains", not settings.fast_trains)
            self.app.pop()
            self.open_menu()

        fast = _("Fast trains: on") if settings.fast_trains else _("Fast trains: off")

        def leave() -> None:
            self.app.pop()
            self.app.pop()

        items = [
            (Option(_("Back to the game"), 7), self.app.pop),
            (Option(_("Train phase"), 0), close_then(self.ask_train_phase)),
            (
                Option(_("Turn-order bids"), 1),
                close_then(lambda: self.app.push(BidsScreen(self.app))),
            ),
            (Option(_("Undo the last entry"), 2), close_then(self.ask_undo)),
            (Option(fast, 3), toggle_fast),
            (Option(_("End the game"), 4), close_then(self.ask_end)),
            *self._settings_item(),
            (Option(_("Leave (the game is kept)"), 5), leave),
        ]
        back = (_("Leave (the game is kept)"), leave)
        self.app.push(MetroMenu(self.app, _("Game menu"), items, back))

    def _settings_item(self) -> list[tuple[Option, Any]]:
        """The settings screen (language, sound, LEDs)."""
        from companion.ui.settings import SettingsScreen

        def open_settings() -> None:
            self.app.pop()
            self.app.push(SettingsScreen(self.app))

        return [(Option(_("Settings"), 6), open_settings)]

    def ask_end(self) -> None:
        confirm(self.app, _("End the game and count the payouts?"), self.end_game)

    def handle(self, event: Input) -> None:
        a = event.action
        n = len(self.session.rules.board.lines)
        if a is Action.OK:
            self.open_actions()
        elif a is Action.BACK:
            self.open_menu()
        elif a is Action.LEFT:
            self.ask_undo()
        elif a is Action.RIGHT:
            self.ask_train_phase()
        elif a is Action.UP:
            self.cursor = (self.cursor - 1) % n
        elif a is Action.DOWN:
            self.cursor = (self.cursor + 1) % n

    # --- drawing ---
    def _layout(self, size: tuple[int, int], theme: Any) -> track.Layout:
        state = self.session.state
        return track.layout(size, theme, state, len(self.session.rules.board.lines), self.cursor)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        state = self.session.state
        at = self._layout(surface.get_size(), theme)
        key = (surface.get_size(), language(), id(theme), at)
        if self._layer is None or self._cache != (key, state):
            with c.textlog.capture() as texts:
                self._layer, self._title_right = self._render(surface.get_size(), theme, state, at)
            self._texts = texts
            self._cache = (key, state)
        surface.blit(self._layer, (0, 0))
        c.textlog.replay(self._texts)
        r = pygame.Rect(
            2, at.top + (self.cursor - at.first) * at.row_h, surface.get_width() - 4, at.row_h
        )
        pygame.draw.rect(surface, c.theme_color(theme, "accent"), r, width=2, border_radius=6)
        m = theme.margin
        self.camera.draw_status(surface, theme, surface.get_width() - m, m // 2)

    def _render(
        self, size: tuple[int, int], theme: Any, state: MetroState, at: track.Layout
    ) -> tuple[pygame.Surface, int]:
        """The table on a layer, and where its title ends."""
        layer = pygame.Surface(size)
        layer.fill(c.theme_color(theme, "background"))
        session = self.session
        last = rounds_for(session.rules, len(state.players))
        title_right = track.draw_track(layer, theme, session.rules, state, at, last)
        hints = [
            ("ok", _("Actions")),
            ("left", _("Undo")),
            ("right", _("Trains")),
            ("back", _("Menu")),
        ]
        c.hint_bar(layer, theme, hints)
        return layer, title_right
