"""The income track, the home screen during a game: every line in track order with its value,
the larger/smaller pair, share holders, speed, speculations and its train; the players' cash.

OK opens the entries, a player's button opens them for that player, LEFT undoes (asking what
it undoes), RIGHT starts the train phase, BACK opens the game menu. The header says the round,
the phase of the round and whose turn it is (`turns.table_phase`). The table is rendered once
per state and cached; a frame is then one blit.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.colors import color_name
from companion.i18n import N_, _, language
from companion.metro.events import EndGame
from companion.metro.state import MetroState
from companion.ui import kit as c
from companion.ui.kit import Option, confirm
from companion.ui.metro.camera import CameraPrompts
from companion.ui.metro.entry import seat_color
from companion.ui.metro.menu import MetroMenu
from companion.ui.metro.rounds import rounds_for
from companion.ui.metro.turns import MOVEMENT, PHASES, table_phase
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import MetroGame, current_metro

PHASE_NAMES = {"action": N_("Action phase"), "train": N_("Train phase"), "ended": N_("Game over")}
COLUMNS = (  # (header, share of the width)
    ("", 0.05),
    (N_("Line"), 0.14),
    (N_("Value"), 0.12),
    (N_("Larger / smaller"), 0.14),
    (N_("Shares"), 0.2),
    (N_("Speed"), 0.07),
    (N_("Speculations"), 0.19),
    (N_("Train"), 0.09),
)


class MetroHome(Screen):
    name = "metro-home"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.cursor = 0
        self._cache: tuple[Any, ...] | None = None
        self._layer: pygame.Surface | None = None
        self._asked_end_round = 0
        self._shown_end = False
        self.camera = CameraPrompts(app)
        self.line_picked = False
        """The line cursor was moved since the last entry: an entry on it is a choice."""

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

        self.line_picked = False
        self.say(describe(event, self.session.rules.board))

    # --- commands ---
    def say(self, message: str) -> None:
        """A short confirmation in the app's toast banner."""
        self.app.toast(message, "info", 5.0)

    def selected_line(self) -> str:
        return str(list(self.session.rules.board.lines)[self.cursor])

    def open_actions(self, player: str | None = None) -> None:
        """The entries menu; opened by a player's button, the entries are that player's."""
        from companion.ui.metro.actions import ENTRIES, Opening

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
            (Option(_(label), label), opener(i, make)) for i, (label, make) in enumerate(ENTRIES)
        ]
        title = _("Record an action")
        if player is not None:
            title = _("{player}: record an action").format(player=color_name(player))
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
            text = describe(events[-1], session.rules.board)  # type: ignore[arg-type]
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
            (Option(_("Board: who owns which station"), 8), close_then(self.show_owners)),
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
    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        state = self.session.state
        key = (surface.get_size(), language(), id(theme))
        if self._layer is None or self._cache != (key, state):
            self._layer = self._render(surface.get_size(), theme, state)
            self._cache = (key, state)
        surface.blit(self._layer, (0, 0))
        self._draw_cursor(surface, theme)
        m = max(6, surface.get_height() // 60)
        self.camera.draw_status(surface, theme, surface.get_width() - m, m // 2)

    def _draw_table_phase(
        self, layer: pygame.Surface, theme: Any, state: MetroState, at: tuple[int, int]
    ) -> None:
        """ "3/5 Movement · Turn: (R) Red" after the round (the chip carries the letter)."""
        medium = c.font(theme, "medium")
        fg = c.theme_color(theme, "foreground")
        session = self.session
        table = table_phase(state, session.events, session.phase is not None, session.entries)
        if table is None:
            c.blit_text(layer, medium, _(PHASE_NAMES["ended"]), fg, at, "midleft")
            return
        label = f"{table.index + 1}/{len(PHASES)} {_(table.name)}"
        r = c.blit_text(layer, medium, label, fg, at, "midleft")
        if table.turn is None:
            return
        x = r.right + 2 * max(6, layer.get_height() // 60)
        r = c.blit_text(layer, medium, _("Turn:"), fg, (x, at[1]), "midleft")
        h = medium.get_linesize()
        chip = c.player_chip(layer, medium, table.turn, (r.right + 6, at[1] - h // 2), h)
        name = color_name(table.turn)
        if chip.right + 6 + medium.size(name)[0] <= layer.get_width() - 6:
            c.blit_text(layer, medium, name, fg, (chip.right + 6, at[1]), "midleft")

    def _geometry(self, size: tuple[int, int], theme: Any) -> tuple[int, int, int]:
        """(table top, row height, header height)."""
        m = max(6, size[1] // 60)
        head = c.font(theme, "big").get_linesize() + c.font(theme, "medium").get_linesize() + 2 * m
        colhead = c.font(theme, "small").get_linesize()
        n = len(self.session.rules.board.lines)
        avail = size[1] - head - colhead - c.hint_height(theme) - m
        row_h = min(avail // n, c.font(theme, "big").get_linesize() + 14)
        return head + colhead, row_h, head

    def _draw_cursor(self, surface: pygame.Surface, theme: Any) -> None:
        top, row_h, _head = self._geometry(surface.get_size(), theme)
        r = pygame.Rect(2, top + self.cursor * row_h, surface.get_width() - 4, row_h)
        pygame.draw.rect(surface, c.theme_color(theme, "accent"), r, width=2, border_radius=6)

    def _render(self, size: tuple[int, int], theme: Any, state: MetroState) -> pygame.Surface:
        layer = pygame.Surface(size)
        layer.fill(c.theme_color(theme, "background"))
        w, _h = size
        m = max(6, size[1] // 60)
        fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
        big, medium, small = c.font(theme, "big"), c.font(theme, "medium"), c.font(theme, "small")
        session = self.session
        last = rounds_for(session.rules, len(state.players))
        rnd = _("Round {n}").format(n=state.round) + (f" / {last}" if last else "")
        r = c.blit_text(layer, big, rnd, c.theme_color(theme, "accent"), (m, m))
        self._draw_table_phase(layer, theme, state, (r.right + 2 * m, r.centery))
        x, y = m, r.bottom + m // 2
        chip_h = medium.get_linesize()
        for p in state.players:
            chip = c.player_chip(layer, medium, p.color, (x, y), chip_h)
            info = color_name(p.color) if p.cash is None else c.yen(p.cash)
            if p.loans:
                info += " · " + _("{n} loan(s)").format(n=p.loans)
            x = (
                c.blit_text(
                    layer, medium, info, fg, (chip.right + 6, chip.centery), "midleft"
                ).right
                + 3 * m
            )
        top, row_h, head = self._geometry(size, theme)
        lefts, x = [], m
        for _title, share in COLUMNS:
            lefts.append(x)
            x += int((w - 2 * m) * share)
        for (title, share), left in zip(COLUMNS, lefts, strict=True):
            if title:
                width = int((w - 2 * m) * share) - 8
                c.blit_text(layer, small, _(title), muted, (left, head), "topleft", width)
        row_font = (
            big
            if row_h >= big.get_linesize() + 6
            else medium
            if row_h >= medium.get_linesize() + 2
            else small
        )
        cell_h = row_h - 6
        for i, (lid, line) in enumerate(session.rules.board.lines.items()):
            ls = state.lines[lid]
            y = top + i * row_h
            if i % 2:
                pygame.draw.rect(layer, (28, 31, 40), (0, y, w, row_h))
            cy = y + row_h // 2
            c.line_badge(
                layer, row_font, session.rules, lid, pygame.Rect(lefts[0], y + 3, cell_h, cell_h)
            )
            c.blit_text(
                layer,
                small,
                line.name,
                fg,
                (lefts[1], cy),
                "midleft",
                lefts[2] - lefts[1] - 6,
            )
            c.blit_text(layer, row_font, c.yen(ls.value), fg, (lefts[3] - 12, cy), "midright")
            larger, smaller = session.rules.track.pair(ls.value)
            c.blit_text(
                layer,
                row_font,
                f"{larger:,} / {smaller:,}",
                muted,
                (lefts[3], cy),
                "midleft",
                lefts[4] - lefts[3] - 6,
            )
            x = lefts[4]
            for n in range(line.shares):
                if n < len(ls.shares):
                    x = (
                        c.player_chip(
                            layer, row_font, ls.shares[n], (x, y + 3), cell_h, str(n + 1)
                        ).right
                        + 4
                    )
                else:
                    pygame.draw.rect(
                        layer, (70, 74, 86), (x, y + 3, cell_h, cell_h), width=2, border_radius=4
                    )
                    x += cell_h + 4
            if ls.speed:
                c.blit_text(layer, row_font, f"+{ls.speed}", fg, (lefts[5], cy), "midleft")
            x = lefts[6]
            for spec in ls.speculations:
                chip = c.player_chip(layer, small, spec.player, (x, y + 3), cell_h)
                x = (
                    c.blit_text(
                        layer, small, f"{spec.stake:,}", fg, (chip.right + 3, cy), "midleft"
                    ).right
                    + 6
                )
            vehicles = state.vehicles_of(lid)
            train = state.trains[vehicles[0]] if vehicles else None
            if train is not None:
                label = f"{lid}{train.stop}"
                tr = c.blit_text(layer, row_font, label, fg, (lefts[7], cy), "midleft")
                c.arrow(
                    layer,
                    "right" if train.direction > 0 else "left",
                    (tr.right + cell_h // 2, cy),
                    cell_h // 2,
                    muted,
                )
            else:
                c.blit_text(layer, row_font, "–", muted, (lefts[7], cy), "midleft")
        hints = [
            ("ok", _("Actions")),
            ("left", _("Undo")),
            ("right", _("Trains")),
            ("back", _("Menu")),
        ]
        c.hint_bar(layer, theme, hints)
        return layer
