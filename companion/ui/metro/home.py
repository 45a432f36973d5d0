"""The income track, the home screen during a game: every line in track order with its value,
the larger/smaller pair, share holders, speed, speculations and its train; the players' cash.

OK opens the entries, a player's button opens them for that player, LEFT undoes (asking what
it undoes), RIGHT starts the train phase, BACK opens the game menu (BACK there closes it;
leaving is its "Main menu" row). The header says the round, the phase of the round and whose
turn it is (`turns.table_phase`). The table is rendered once
per state and cached; a frame is then one blit.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.games import METRO
from companion.i18n import _, language
from companion.metro.events import EndGame
from companion.metro.state import MetroState
from companion.names import TableNames
from companion.ui import kit as c
from companion.ui.gamemenu import game_menu_items
from companion.ui.kit import Option, confirm
from companion.ui.metro import track
from companion.ui.metro.camera import CameraPrompts
from companion.ui.metro.entry import seat_color
from companion.ui.metro.menu import MetroMenu
from companion.ui.metro.rounds import rounds_for
from companion.ui.metro.turns import MOVEMENT, PHASES, table_phase
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro, metro_names


class MetroHome(Screen):
    name = "metro-home"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.cursor = 0
        self._cache: tuple[Any, ...] | None = None
        self._layer: pygame.Surface | None = None
        self._texts = c.textlog.Layer()
        self._title_right = 0
        self._asked_end_round = 0
        self._shown_end = False
        self.camera = CameraPrompts(app)
        self.line_picked = False
        """The line cursor was moved since the last entry: an entry on it is a choice."""

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    @property
    def names(self) -> TableNames:
        return metro_names(self.app.services)

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
        last = rounds_for(session.rules, len(state.players), state)
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
        problem = self.camera.news()
        if problem is not None:
            self.app.toast(problem, "bad", 6.0)
        if self.app.top is self:
            proposal = self.camera.next_question()
            if proposal is not None:
                self.app.play("prompt")
                self.camera.ask(proposal, fixed=self._recorded)

    def _recorded(self, event: Any) -> None:
        from companion.metro.events import Copy
        from companion.ui.metro.actions import describe

        self.line_picked = False
        self.say(describe(event, self.session.rules.board, self.names.label))
        if isinstance(event, Copy):
            title = _("{player}: the copied action").format(player=self.names.label(event.player))
            self.open_actions(event.player, title)

    # --- commands ---
    def say(self, message: str) -> None:
        """A short confirmation in the app's toast banner."""
        self.app.toast(message, "info", 5.0)

    def selected_line(self) -> str:
        return str(list(self.session.rules.board.lines)[self.cursor])

    def open_actions(self, player: str | None = None, title: str | None = None) -> None:
        """The entries menu, those the game's action cards have; opened by a player's button
        (or after their Copy, `title` saying so), the entries are that player's."""
        from companion.ui.metro.actions import Opening, entries_for
        from companion.ui.metro.drink_entries import with_drink_entries

        session = self.session
        entries = entries_for(session.state.card_set(session.rules.board))
        entries = with_drink_entries(entries, session.state)

        fixed = {"player": player} if player is not None else {}

        def opener(index: int, make: Any) -> Any:
            def run() -> None:
                self.app.pop()
                chosen = self.line_picked or index > 0 or player is not None
                opening = Opening({"line": self.selected_line()}, fixed, chosen)
                screen = make(self.app, opening)
                screen.done = self._recorded
                self.app.push(screen)

            return run

        items = [
            (Option(_(label), label), opener(i, make)) for i, (label, make) in enumerate(entries)
        ]
        if title is None:
            title = _("Record an action")
            if player is not None:
                title = _("{player}: record an action").format(player=self.names.label(player))
        self.app.push(MetroMenu(self.app, title, items))

    def player_pressed(self, color: str) -> None:
        """A player's button: before the actions (cards, bids, movement) their meeple move,
        then their entries."""
        from companion.ui.metro.actions import Opening, meeple

        session = self.session
        table = table_phase(
            session.state, session.events, session.phase is not None, session.entries
        )
        if table is not None and table.index <= MOVEMENT:
            screen = meeple(self.app, Opening(fixed={"player": color}))
            screen.done = self._recorded
            self.app.push(screen)
            return
        self.open_actions(color)

    def undo_text(self) -> str | None:
        """What undo would take back, in words; None when there is nothing to undo."""
        from companion.ui.metro.actions import describe

        session = self.session
        entry = session.last_entry()
        if entry is None:
            return None
        events = session.events
        if entry.kind == "event" and events:
            text = describe(events[-1], session.rules.board, self.names.label)  # type: ignore[arg-type]
            if text:
                return text
        return _("the end of the last train phase")

    def ask_undo(self) -> None:
        what = self.undo_text()
        if what is None:
            self.app.play("error")
            return

        def undo() -> None:
            if self.session.undo():
                self.say(_("Undone: {what}").format(what=what))
            else:
                self.app.play("error")

        confirm(self.app, _("Undo: {what}?").format(what=what), undo)

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

        commands = [
            (Option(_("Train phase"), 0), close_then(self.ask_train_phase)),
            (
                Option(_("Turn-order bids"), 1),
                close_then(lambda: self.app.push(BidsScreen(self.app))),
            ),
            (Option(_("Undo the last entry"), 2), close_then(self.ask_undo)),
            (Option(_("Board: who owns which station"), 8), close_then(self.show_owners)),
            (Option(fast, 3), toggle_fast),
            (Option(_("End the game"), 4), close_then(self.ask_end)),
            *self._settings_item(),
        ]
        items = game_menu_items(self.app, METRO, commands, self.app.pop)
        self.app.push(MetroMenu(self.app, _("Game menu"), items))

    def _settings_item(self) -> list[tuple[Option, Any]]:
        """The settings screen (language, sound, LEDs)."""
        from companion.ui.settings import SettingsScreen

        def open_settings() -> None:
            self.app.pop()
            self.app.push(SettingsScreen(self.app))

        return [(Option(_("Settings"), 6), open_settings)]

    def show_owners(self) -> None:
        from companion.ui.metro.owners import OwnersScreen

        self.app.push(OwnersScreen(self.app))

    def ask_end(self) -> None:
        confirm(self.app, _("End the game and count the payouts?"), self.end_game)

    def handle(self, event: Input) -> None:
        a = event.action
        n = len(self.session.rules.board.lines)
        if event.player is not None:
            color = seat_color(self.session, event.player)
            if color is not None:
                self.player_pressed(color)
            return
        if a in (Action.UP, Action.DOWN):
            self.line_picked = True
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
        state, lines = self.session.state, len(self.session.rules.board.lines)
        return track.layout(size, theme, state, lines, self.cursor, self.names)

    def _table_phase(self) -> tuple[str, str | None]:
        """ "3/5 Movement" and whose turn it is (None: nobody's), after the round."""
        session = self.session
        table = table_phase(
            session.state, session.events, session.phase is not None, session.entries
        )
        if table is None:
            return _(track.PHASE_NAMES["ended"]), None
        return f"{table.index + 1}/{len(PHASES)} {_(table.name)}", table.turn

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        state = self.session.state
        at = self._layout(surface.get_size(), theme)
        phase = self._table_phase()
        key = (surface.get_size(), language(), id(theme), at, phase, self.names)
        if self._layer is None or self._cache != (key, state):
            with c.textlog.capture() as texts:
                self._layer, self._title_right = self._render(
                    surface.get_size(), theme, state, at, phase
                )
            self._texts = texts
            self._cache = (key, state)
        surface.blit(self._layer, (0, 0))
        c.textlog.replay(self._texts)
        w = surface.get_width()
        r = pygame.Rect(2, at.top + (self.cursor - at.first) * at.row_h, w - 4, at.row_h)
        pygame.draw.rect(surface, c.theme_color(theme, "accent"), r, width=2, border_radius=6)
        m = theme.margin
        self.camera.draw_status(surface, theme, w - m, m, self._title_right + 2 * m)

    def _render(
        self,
        size: tuple[int, int],
        theme: Any,
        state: MetroState,
        at: track.Layout,
        phase: tuple[str, str | None],
    ) -> tuple[pygame.Surface, int]:
        """The table on a layer, and where its title ends."""
        layer = pygame.Surface(size)
        layer.fill(c.theme_color(theme, "background"))
        session = self.session
        last = rounds_for(session.rules, len(state.players), state)
        title_right = track.draw_track(
            layer, theme, session.rules, state, at, last, phase, self.names
        )
        hints = [
            ("ok", _("Actions")),
            ("left", _("Undo")),
            ("right", _("Trains")),
            ("back", _("Menu")),
        ]
        c.hint_bar(layer, theme, hints)
        return layer, title_right
