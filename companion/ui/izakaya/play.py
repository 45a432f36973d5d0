"""The IZAKAYA screen: the grid on the left, the market and the entry on the right.

Inputs: bidding: each player's button adds ¥100 to their bid (held: takes ¥100 back), or
Up/Down choose a player and Left/Right change the bid; OK enters the bids. Action phase: Up/Down
choose the action space, OK (or the current player's button) goes on; then Left/Right choose a
colour, the arrows move over the grid (intersections for a bottle, plots for a claim or a
building), the arrows choose the side of a claim's disc, Up/Down the floors of a building; OK
enters it. Back steps back; at the top it opens the game menu (`game_menu_items`: undo the last
entry, how to use the box, main menu). The final scores stay until that menu's "Main menu".
"""

from __future__ import annotations

import pygame

from companion import izakaya as Z
from companion.games import IZAKAYA
from companion.i18n import _
from companion.money import yen
from companion.names import TableNames, table_names
from companion.narrate import explain
from companion.ui import kit
from companion.ui.gamemenu import game_menu_items
from companion.ui.izakaya.draw import draw_board
from companion.ui.izakaya.entry import Entry
from companion.ui.izakaya.panel import draw_panel, drink_label
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import SavedGame

ARROWS = {Action.UP: "up", Action.DOWN: "down", Action.LEFT: "left", Action.RIGHT: "right"}


class IzakayaScreen(Screen):
    name = "izakaya"

    def __init__(self, app: AppContext, session: SavedGame[object]) -> None:
        super().__init__(app)
        self.session = session
        self.entry = Entry()
        self.error: str | None = None
        self.entry.reset(self.state)

    @property
    def state(self) -> Z.IzakayaState:
        state = self.session.state
        assert isinstance(state, Z.IzakayaState)
        return state

    # --- input ------------------------------------------------------------------------------

    @property
    def names(self) -> TableNames:
        return table_names(self.session.setup)

    def record(self, event: Z.Event | None) -> None:
        if event is None:
            self.app.play("error")
            return
        triggered = self.state.last_round is not None
        try:
            self.session.record(event)
        except Z.IllegalMove as refusal:
            self.error = explain(refusal, names=self.names.label)
            self.app.play("error")
            return
        self.error = None
        if not triggered and self.state.last_round is not None:
            text = _("Bids reached {trigger}: one last action phase")
            self.app.toast(text.format(trigger=yen(self.state.trigger, _)), "info", 6.0)
        self.app.play("fanfare" if self.state.phase == "over" else "coin")
        self.entry.reset(self.state)

    def handle(self, event: Input) -> None:
        state = self.state
        if event.action is not None:
            self.error = None
        if state.phase == "over":
            if event.action in (Action.OK, Action.BACK):
                self._game_menu()
        elif state.phase == "bidding":
            self._bidding(event)
        elif event.player is not None:
            if event.player == state.current:
                self._action(Action.OK)
            else:
                self.app.play("error")
        elif event.action is not None:
            self._action(event.action)

    def _bidding(self, event: Input) -> None:
        e, state = self.entry, self.state
        if event.player is not None and event.player < state.players:
            e.bidder = event.player
            self._bid(-100 if event.long else 100)
            return
        match event.action:
            case Action.UP | Action.DOWN:
                e.bidder = (e.bidder + (1 if event.action is Action.DOWN else -1)) % state.players
            case Action.LEFT | Action.RIGHT:
                self._bid(100 if event.action is Action.RIGHT else -100)
            case Action.OK:
                self.record(Z.Bids(tuple(e.bids)))
            case Action.BACK:
                self._game_menu()

    def _bid(self, delta: int) -> None:
        e = self.entry
        e.bids[e.bidder] = max(0, min(self.state.cash[e.bidder], e.bids[e.bidder] + delta))
        self.app.play("beep")

    def _action(self, action: Action) -> None:
        e, state = self.entry, self.state
        if e.mode == "menu":
            count = len(e.actions(state))
            if action in (Action.UP, Action.DOWN):
                e.menu = (e.menu + (1 if action is Action.DOWN else -1)) % count
            elif action is Action.OK:
                e.choose(state)
                if e.mode == "pass":
                    self.record(Z.Pass())
            elif action is Action.BACK:
                self._game_menu()
            return
        if action is Action.BACK:
            if e.step > 0:
                e.step -= 1
            elif state.free_piece:
                e.mode, e.menu = "menu", 0
            else:
                e.mode = "menu"
            return
        if action is Action.OK:
            self._ok()
            return
        self._change(ARROWS[action])

    def _ok(self) -> None:
        e, state = self.entry, self.state
        if (e.mode, e.step) in (("bottle", 0), ("adjust", 0), ("claim", 0), ("build", 0)):
            refusal = self._plot_refusal()
            if refusal is not None:
                self.error = explain(refusal, names=self.names.label)
                self.app.play("error")
                return
            if e.mode == "adjust":
                e.target = (e.color + 1) % len(state.stock)
            if e.mode == "build":
                e.slot = 0
                e.start_floors(state)
            e.step = 1
            self.app.play("beep")
            return
        self.record(e.event(state))

    def _plot_refusal(self) -> Z.IllegalMove | None:
        """Why the plot under the cursor cannot be claimed or built on (asked before the side
        or the floors); a claim's side starts on a free edge of the plot."""
        e, state = self.entry, self.state
        if e.mode == "build":
            refusal = Z.why_not(state, Z.Build(e.cursor, Z.state.MAX_FLOORS))
            return refusal if refusal is not None and refusal.field == "plot" else None
        if e.mode != "claim":
            return None
        edges = [(side, state.grid.edge_of(e.cursor, side)) for side in ARROWS.values()]
        free = [(side, edge) for side, edge in edges if edge is not None]
        free.sort(key=lambda pair: state.disc_at(pair[1]) is not None)
        if not free:
            return None
        e.side = free[0][0]
        refusal = Z.why_not(state, Z.Claim(free[0][1], e.cursor))
        return refusal if refusal is not None and refusal.field == "plot" else None

    def _change(self, direction: str) -> None:
        e, state = self.entry, self.state
        stock = len(state.stock)
        step = -1 if direction in ("left", "up") else 1
        if e.mode in ("bottle", "adjust") and e.step == 0:
            e.color = (e.color + step) % stock
        elif e.mode == "adjust":
            e.target = (e.target + step) % stock
        elif e.picks_point or e.picks_plot:
            e.move_cursor(state, direction)
        elif e.mode == "claim":
            e.side = direction
        elif e.mode == "build" and direction in ("up", "down"):
            e.floors = max(1, min(Z.state.MAX_FLOORS, e.floors - step))
        elif e.mode == "build":
            e.slot = 1 - e.slot
            e.start_floors(state)

    def _game_menu(self) -> None:
        def undo() -> None:
            self.app.pop()
            if self.session.undo():
                self.app.toast(_("Last entry undone"))
            self.entry.reset(self.state)

        undo_row = (kit.Option(_("Undo the last entry"), "undo"), undo)
        items = game_menu_items(self.app, IZAKAYA, [undo_row], self.app.pop)
        self.app.push(kit.MenuScreen(self.app, _(IZAKAYA.title), items))

    # --- drawing ----------------------------------------------------------------------------

    def prompt(self) -> str:
        state, e = self.state, self.entry
        if state.phase == "over":
            return _("Game over: buildings scored")
        if state.phase == "bidding":
            return _("Turn-order bids")
        seat = state.current
        assert seat is not None
        who = self.names.label(state.colors[seat])
        action = state.turn // state.players + 1
        if state.free_piece and e.step == 0:
            return _("{player}: a free building piece!").format(player=who)
        texts = {
            ("menu", 0): _("{player}: action {n} of 3").format(player=who, n=action),
            ("bottle", 0): _("{player}: which colour?").format(player=who),
            ("bottle", 1): _("{player}: where does the {color} bottle go?").format(
                player=who, color=drink_label(state.stock[e.color])
            ),
            ("adjust", 0): _("Take ¥100 from which colour?"),
            ("adjust", 1): _("Give the ¥100 to which colour?"),
            ("claim", 0): _("{player}: claim which plot?").format(player=who),
            ("claim", 1): _("Which side of the plot gets the disc?"),
            ("build", 0): _("{player}: build on which plot?").format(player=who),
            ("build", 1): _("Building {k}: {n} floors now").format(k=e.slot + 1, n=e.floors),
        }
        return texts.get((e.mode, e.step), "")

    def hints(self) -> list[tuple[str, str]]:
        state, e = self.state, self.entry
        if state.phase == "over":
            return [("ok", _("Menu"))]
        if state.phase == "bidding":
            return [("ud", _("Player")), ("lr", _("Bid")), ("ok", _("Enter")), ("back", _("Menu"))]
        if e.mode == "menu":
            return [("ud", _("Choose")), ("ok", _("Select")), ("back", _("Menu"))]
        if (e.mode in ("bottle", "adjust") and e.step == 0) or e.mode == "adjust":
            return [("lr", _("Colour")), ("ok", _("Next")), ("back", _("Back"))]
        if e.mode == "build" and e.step == 1:
            return [
                ("ud", _("Floors")),
                ("lr", _("Building")),
                ("ok", _("Enter")),
                ("back", _("Back")),
            ]
        if e.mode == "claim" and e.step == 1:
            return [("lr", ""), ("ud", _("Side")), ("ok", _("Enter")), ("back", _("Back"))]
        return [("lr", ""), ("ud", _("Move")), ("ok", _("Enter")), ("back", _("Back"))]

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        body = pygame.Rect(m, m, w - 2 * m, h - kit.hint_height(theme) - 2 * m)
        side = min(body.height, int(body.width * 0.5))
        board = draw_board(
            surface, pygame.Rect(body.x, body.y, side, side), self.state, self.entry, theme
        )
        panel = pygame.Rect(
            board.right + 2 * m, body.y, body.right - board.right - 2 * m, body.height
        )
        draw_panel(surface, panel, self.state, self.entry, theme, self.prompt(), self.names)
        kit.hint_bar(surface, theme, self.hints())
        if self.error:
            kit.draw_error(surface, theme, self.error)
