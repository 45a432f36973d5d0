"""TOKYO JUTAKU screens: the setup list (`JutakuHome`) and the referee screen (`JutakuScreen`).

Inputs (`companion.ui.screen.Input`): a player's button calls «¡alto!» while building; OK starts
the round, pauses/resumes, confirms a good building, ticks off the move checklist; Left marks a
building not good while checking, and opens the BOTTLE BONUS drinks panel between rounds;
Up/Down (or the caller's own button: short +, long -) set the plot's yen value; Back opens the
game menu (a running round pauses first), and only that.
"""

from __future__ import annotations

from typing import Any, TypeGuard

import pygame

from companion.colors import DRINK_COLORS, rgb
from companion.games import JUTAKU
from companion.i18n import _
from companion.jutaku import codec
from companion.jutaku import jutaku as J
from companion.jutaku.clock import Cue
from companion.jutaku.players import ARCHITECTS, SEAT_COLORS, Seat
from companion.jutaku.views import DRINK_POWERS, jutaku_view, seat_name
from companion.ui.announce import announce
from companion.ui.gamemenu import game_menu_items
from companion.ui.jutaku.view import draw_view, light_strip, play_cues, say_cues
from companion.ui.kit import (
    Fonts,
    ListMenu,
    MenuScreen,
    Option,
    blit_text,
    colors_of,
    ellipsize,
    textlog,
    wrap_lines,
)
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.seat_names import Chosen, named_seats, names_option, with_names
from companion.ui.services import SavedGame
from companion.voice import phrases

LIMITS = (None, 60.0, 90.0, 120.0, 180.0, 240.0, 300.0, 420.0, 600.0)
DRINK_RGB = DRINK_COLORS
BUZZER_RGB = (255, 0, 0)


def _is(event: object) -> TypeGuard[J.Event]:
    return isinstance(event, J.Event)


def _limit_text(limit: float | None) -> str:
    if limit is None:
        return _("no limit")
    return f"{int(limit) // 60}:{int(limit) % 60:02d}"


class JutakuHome(ListMenu):
    """Setup, with the kit's list as Metro's: players (the registry's range) with colour and
    architect, optional round limit, BOTTLE BONUS."""

    name = "jutaku-setup"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _(JUTAKU.title))
        self.seats: list[Seat] = [Seat(SEAT_COLORS[i], ARCHITECTS[i]) for i in range(3)]
        self.limit = 0
        self.bottle = False
        self.names: Chosen = {}
        self.hint = lambda: _("Left/right: change · OK on a player: colour")
        self._rebuild()

    def enter(self) -> None:
        self._rebuild()

    def _unfinished(self) -> int | None:
        return self.app.services.unfinished(codec.KIND)

    def resume(self) -> None:
        """Open the newest unfinished Jutaku game from the store, as it was saved."""
        game_id = self._unfinished()
        if game_id is None:
            return
        session = self.app.services.open_game(game_id)
        if session is None:
            self.app.play("error")
            return
        self.app.replace(JutakuScreen.resumed(self.app, session))

    def _rebuild(self) -> None:
        opts: list[Option] = []
        if self._unfinished() is not None:
            opts.append(Option(lambda: _("Resume the unfinished game"), on_ok=self.resume))
        opts.append(
            Option(lambda: _("Players"), detail=lambda: str(len(self.seats)), on_change=self._count)
        )
        for i in range(len(self.seats)):
            opts.append(
                Option(
                    lambda i=i: f"{i + 1}.",  # type: ignore[misc]
                    player=lambda i=i: self.seats[i].color,  # type: ignore[misc]
                    detail=lambda i=i: self.seats[i].architect,  # type: ignore[misc]
                    on_change=lambda d, i=i: self._architect(i, d),  # type: ignore[misc]
                    on_ok=lambda i=i: self._recolor(i),  # type: ignore[misc]
                )
            )
        opts += names_option(self.app, lambda: [s.color for s in self.seats], self.names)
        opts.append(
            Option(
                lambda: _("Round time limit"),
                detail=lambda: _limit_text(LIMITS[self.limit]),
                on_change=self._lim,
            )
        )
        opts.append(
            Option(
                "BOTTLE BONUS",
                detail=lambda: _("on") if self.bottle else _("off"),
                on_change=self._bottle,
            )
        )
        opts.append(Option(lambda: _("Start the game"), on_ok=self.start))
        self.items = opts
        self.index = min(self.index, len(opts) - 1)

    def _count(self, delta: int) -> None:
        fewest, most = JUTAKU.players
        count = min(most, max(fewest, len(self.seats) + delta))
        while len(self.seats) < count:
            color = next(c for c in SEAT_COLORS if c not in {s.color for s in self.seats})
            arch = next(a for a in ARCHITECTS if a not in {s.architect for s in self.seats})
            self.seats.append(Seat(color, arch))
        del self.seats[count:]
        self._rebuild()

    def _architect(self, seat: int, delta: int) -> None:
        taken = {s.architect for j, s in enumerate(self.seats) if j != seat}
        k = ARCHITECTS.index(self.seats[seat].architect)
        for _step in ARCHITECTS:
            k = (k + delta) % len(ARCHITECTS)
            if ARCHITECTS[k] not in taken:
                break
        self.seats[seat] = Seat(self.seats[seat].color, ARCHITECTS[k])

    def _recolor(self, seat: int) -> None:
        taken = {s.color for j, s in enumerate(self.seats) if j != seat}
        k = SEAT_COLORS.index(self.seats[seat].color)
        for _step in SEAT_COLORS:
            k = (k + 1) % len(SEAT_COLORS)
            if SEAT_COLORS[k] not in taken:
                break
        self.seats[seat] = Seat(SEAT_COLORS[k], self.seats[seat].architect)

    def _lim(self, delta: int) -> None:
        self.limit = (self.limit + delta) % len(LIMITS)

    def _bottle(self, _delta: int) -> None:
        self.bottle = not self.bottle

    def start(self) -> None:
        options = J.JutakuOptions(round_limit=LIMITS[self.limit], bottle_bonus=self.bottle)
        seats = named_seats(tuple(self.seats), self.names)
        setup = with_names(
            codec.setup_to_json(seats, options), [s.color for s in seats], self.names
        )
        session = self.app.services.new_game(codec.KIND, setup)
        self.app.replace(JutakuScreen(self.app, seats, options, session))


class JutakuScreen(Screen):
    """The referee screen. With a saved game (`session`), every event is recorded through it
    as it happens, so an unfinished game can be resumed from the Jutaku setup screen."""

    name = "jutaku"

    def __init__(
        self,
        app: AppContext,
        seats: tuple[Seat, ...],
        options: J.JutakuOptions | None = None,
        session: SavedGame[object] | None = None,
    ) -> None:
        super().__init__(app)
        self.first = J.new_game(seats, options)
        self.session = session
        self.events: list[J.Event] = [e for e in (session.events if session else ()) if _is(e)]
        self.state, _extra = codec.restore(self.first.seats, self.first.options, self.events)
        self.fonts = Fonts()
        self.prev = app.now()
        self.now = self.prev
        self.drinks_open = False
        self.drink_player = 0
        self.drink_index = 0
        self.fanfare = False
        self.was_checking = self.state.phase == "checking"

    @classmethod
    def resumed(cls, app: AppContext, session: SavedGame[object]) -> JutakuScreen:
        """The screen of a saved game opened again (the session paused a running round)."""
        seats, options = codec.setup_from_json(session.setup)
        return cls(app, seats, options, session)

    def apply(self, event: J.Event) -> None:
        before = self.state
        self.state = J.apply(self.state, event)
        if self.state is before:
            return
        self.events.append(event)
        if self.session is not None:
            self.session.record(event)

    def undo_verdict(self) -> bool:
        """Take back the last good/not-good verdict (and what followed it): the game is folded
        again from the start without it, so it is back to checking that caller."""
        judged = [i for i, e in enumerate(self.events) if isinstance(e, J.Judge)]
        if not judged:
            return False
        dropped = len(self.events) - judged[-1]
        self.events = self.events[: judged[-1]]
        if self.session is not None:
            self.session.undo(dropped)
        state = self.first
        for event in self.events:
            state = J.apply(state, event)
        self.state = state
        return True

    def handle(self, event: Input) -> None:
        t = max(event.t or self.app.now(), self.prev + 1e-6)
        # (an input is never earlier than the frame already shown: its sound plays next frame)
        s = self.state
        if self.drinks_open:
            self._handle_drinks(event, t)
            return
        if event.player is not None:
            caller = s.current_caller
            if s.phase == "building" or (s.phase == "checking" and event.player != caller):
                # «¡alto!» counts from the press (buttons report on release), never before the
                # round (re)started nor after now
                pressed = event.press_time if event.t else t
                self.apply(J.Call(event.player, min(t, pressed)))
            elif s.phase == "checking":
                self.apply(J.Adjust(-1 if event.long else 1, t))
            return
        action = event.action
        if action is Action.BACK:
            if s.phase == "building":
                self.apply(J.Pause(t))
                self.app.play("prompt")
            self.open_menu()
            return
        if action is Action.LEFT and s.options.bottle_bonus and s.phase in ("ready", "moving"):
            self.drinks_open = True
            return
        match s.phase, action:
            case "ready", Action.OK:
                self.apply(J.Start(t))
            case "building", Action.OK:
                self.apply(J.Pause(t))
                self.app.play("prompt")
            case "paused", Action.OK:
                self.apply(J.Resume(t))
            case "checking", Action.UP:
                self.apply(J.Adjust(1, t))
            case "checking", Action.DOWN:
                self.apply(J.Adjust(-1, t))
            case "checking", Action.OK:
                self._judge(True, t)
                self.app.play("coin")
            case "checking", Action.LEFT:
                self._judge(False, t)
                self.app.play("error")
            case (("moving" | "ready" | "over"), Action.UP):
                self.app.play("prompt" if self.undo_verdict() else "error")
            case "moving", Action.OK:
                self.apply(J.Next(t))
            case "over", Action.OK:
                self.open_menu()

    def _judge(self, good: bool, t: float) -> None:
        caller = self.state.current_caller
        self.apply(J.Judge(good, t))
        if caller is not None:
            name = seat_name(self.state.seats, caller, _)
            announce(self.app, lambda: phrases.verdict_phrase(name, good))

    def open_menu(self) -> None:
        """The game menu; leaving is its "Main menu" row (the game is kept)."""
        items = game_menu_items(self.app, JUTAKU, [], self.app.pop)
        self.app.push(MenuScreen(self.app, _(JUTAKU.title), items))

    def _handle_drinks(self, event: Input, t: float) -> None:
        n = len(self.state.seats)
        drink = DRINK_POWERS[self.drink_index][0]
        if event.player is not None:
            self.apply(J.SpendDrink(event.player, drink, t))
        elif event.action is Action.UP:
            self.drink_player = (self.drink_player - 1) % n
        elif event.action is Action.DOWN:
            self.drink_player = (self.drink_player + 1) % n
        elif event.action in (Action.LEFT, Action.RIGHT):
            step = -1 if event.action is Action.LEFT else 1
            self.drink_index = (self.drink_index + step) % len(DRINK_POWERS)
        elif event.action is Action.OK:
            self.apply(J.TakeDrink(self.drink_player, drink, t))
        elif event.action is Action.BACK:
            self.drinks_open = False

    def update(self, now: float) -> None:
        self.state = J.tick(self.state, now)
        cues = J.cues(self.state, self.prev, now)
        checking = self.state.phase == "checking"
        if checking and not self.was_checking and not any(c.kind == "stop" for c in cues):
            cues.insert(0, Cue("stop", now))  # the press came before the frame already shown
        self.was_checking = checking
        play_cues(self.app, cues)
        callers = self.state.callers
        caller = seat_name(self.state.seats, callers[0], _) if callers else None
        say_cues(self.app, cues, caller)
        for cue in cues:
            if cue.kind == "stop" and self.state.callers:
                light_strip(self.app, rgb(self.state.seats[self.state.callers[0]].color))
            elif cue.kind in ("start", "resume"):
                light_strip(self.app, None)
            elif cue.kind == "buzzer":
                light_strip(self.app, BUZZER_RGB)
        if self.state.phase == "over" and not self.fanfare:
            self.fanfare = True
            self.app.play("fanfare")
            announce(self.app, lambda: jutaku_view(self.state, now, _).headline)
        self.prev = self.now = now

    def next_due(self, now: float) -> float | None:
        """When the next beep/buzzer is due: a frame loop that wakes then plays it on time."""
        return J.next_due(self.state, now)

    def draw(self, surface: pygame.Surface) -> None:
        colors = colors_of(self.app)
        surface.fill(colors["background"])
        if self.drinks_open:
            self._draw_drinks(surface, colors)
            return
        view = jutaku_view(self.state, self.now, _)
        if self.state.options.bottle_bonus and self.state.phase in ("ready", "moving"):
            view = view.__class__(**{**view.__dict__, "hints": (*view.hints, _("Left: drinks"))})
        draw_view(surface, view, self.fonts, colors, self.now)

    def _draw_drinks(self, surface: pygame.Surface, colors: dict[str, Any]) -> None:
        w, h = surface.get_size()
        m = max(6, h // 60)
        small = self.fonts.role("read", h)
        hint = _("Up/down: player · Left/right: drink · OK: takes it · own button: spends it")
        hints = wrap_lines(small, hint, w - 2 * m, 2)
        y = blit_text(
            surface, self.fonts.get(h // 11), "BOTTLE BONUS", colors["accent"], (2 * m, m)
        )
        y_pos = y.bottom + m
        view = jutaku_view(self.state, self.now, _)
        bottom = h - m - len(hints) * small.get_linesize()
        line = small.get_linesize() + 2
        for k, (key, name, _power) in enumerate(DRINK_POWERS):
            row = pygame.Rect(m, y_pos, (w - 2 * m) // 2 - m, line)
            row.x += (k % 2) * (row.width + 2 * m)
            if k == self.drink_index:
                pygame.draw.rect(surface, colors["selected"], row, border_radius=m)
            sw = pygame.Rect(row.x + m, row.y + 3, line - 6, line - 6)
            pygame.draw.rect(surface, DRINK_RGB[key], sw, border_radius=4)
            pygame.draw.rect(surface, colors["foreground"], sw, 2, border_radius=4)
            label = ellipsize(small, _(name), row.right - sw.right - 2 * m)
            pos = (sw.right + m, row.centery)
            blit_text(surface, small, label, colors["foreground"], pos, "midleft")
            y_pos += line * (k % 2)
        power = _(DRINK_POWERS[self.drink_index][2])
        for text in wrap_lines(small, power, w - 4 * m, 3):
            y_pos = blit_text(surface, small, text, colors["accent"], (2 * m, y_pos)).bottom
        y_pos += m
        names = {key: name for key, name, _power in DRINK_POWERS}
        for p, row_view in enumerate(view.rows):
            if y_pos + small.get_linesize() > bottom:
                textlog.left_out(row_view.name, "the drinks panel's seats")
                break
            held = ", ".join(_(names[d]) for d in self.state.records[p].drinks) or "-"
            text = f"{row_view.key}. {row_view.name} ({row_view.color_name}): {held}"
            color = colors["accent"] if p == self.drink_player else colors["foreground"]
            blit_text(surface, small, ellipsize(small, text, w - 4 * m), color, (2 * m, y_pos))
            y_pos += small.get_linesize()
        for text in hints:
            bottom = blit_text(
                surface, small, text, colors["muted"], (w // 2, bottom), "midtop"
            ).bottom
