"""What the camera sees, offered on the income track: one proposal at a time in big type
("Red built at Ginza?"), OK records it, BACK (Fix) opens the matching entry prefilled. The camera
never changes the game by itself and is never asked during a train phase; pieces it lost sight
of or a pyramid of the wrong colour are a notice in the status line, not an event.

A station's price is not on the board: the dialog shows "Paid ¥0" and LEFT/RIGHT (±¥100) or
UP/DOWN (±¥1,000) set it before OK, as in the "Station built" entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from companion.colors import color_name, drink_name
from companion.i18n import _
from companion.metro.drinks import NOT_TOUCHING, BuildDrink
from companion.metro.errors import IllegalEvent
from companion.metro.events import BuildStation, Event, MoveMeeple, why_not
from companion.names import Names, TableNames
from companion.narrate import explain, place_name
from companion.ui import kit as c
from companion.ui.kit.textlog import cap_height
from companion.ui.metro.actions import USUAL
from companion.ui.metro.entry import seat_color
from companion.ui.screen import Action, AppContext, Input, Screen
from companion.ui.services import Camera, MetroGame, current_metro, metro_names

OK_CODES = ("ok",)
CALM_CODES = ("starting", "rejected", "waiting")
"""Not a problem: shown muted. Anything else (camera lost, no board...) is shown as a warning."""


def kind_of(proposal: Any) -> str:
    return type(proposal).__name__


def askable(proposal: Any) -> bool:
    """Built, Moved and DrinkBuilt become events; Missing and Conflict are only notices."""
    return kind_of(proposal) in ("Built", "Moved", "DrinkBuilt")


def allowed(proposal: Any, rules: Any, state: Any) -> bool:
    """The core would record the proposal's event now (`why_not`): a question is never one
    the rules refuse on OK. A move onto a square another meeple still holds in the game is
    asked once that meeple's own move is confirmed; a drink only where its colour's owner
    could build it (their meeple touching the station, not riding). One exception: with a
    shape card's free builds the owner's meeple may have passed the station during a Move,
    which only the entry screen (BACK) can take, so that drink is asked too."""
    refusal = why_not(rules, state, event_of(proposal))
    if refusal is None:
        return True
    return (
        kind_of(proposal) == "DrinkBuilt"
        and refusal.template == NOT_TOUCHING
        and proposal.player in state.free_builds
    )


def question(proposal: Any, board: Any, names: Names = color_name) -> str:
    if kind_of(proposal) == "DrinkBuilt":
        return _("{drink} drink at {station}?").format(
            drink=drink_name(proposal.color), station=board.stations[proposal.station].name
        )
    if kind_of(proposal) == "Built":
        return _("{player} built at {station}?").format(
            player=names(proposal.color), station=board.stations[proposal.station].name
        )
    square = (int(proposal.square[0]), int(proposal.square[1]))
    return _("{player}'s meeple moved {place}?").format(
        player=names(proposal.color), place=place_name(board, square)
    )


def event_of(proposal: Any, paid: int = 0) -> Event:
    if kind_of(proposal) == "DrinkBuilt":
        return BuildDrink(proposal.player, proposal.station, proposal.color)
    if kind_of(proposal) == "Built":
        return BuildStation(proposal.color, proposal.station, paid)
    return MoveMeeple(proposal.color, proposal.square)


class CameraPrompts:
    """The income track's side of the camera: which proposals to ask now, which were
    dismissed (not asked again until the camera accepts a new reading), the status line."""

    def __init__(self, app: AppContext) -> None:
        self.app = app
        self.version = -1
        self.dismissed: set[Any] = set()
        self.asked_before_train: set[Any] = set()
        self.notices: list[str] = []
        self._told: str | None = None
        self._sorted: tuple[Any, Any, list[str], list[Any]] | None = None
        """(the camera's proposals, the state they are for, their notices, those to ask)."""

    @property
    def camera(self) -> Camera | None:
        return self.app.services.camera

    def current(self) -> list[Any]:
        """The camera's proposals for the game as it is, or none outside the action phase."""
        camera, session = self.camera, self.app.services.session
        if camera is None or session is None or session.phase is not None:
            return []
        state = session.state
        if state.phase != "action":
            return []
        version = camera.version
        if version != self.version:
            self.version = version
            self.dismissed.clear()
            self.asked_before_train.clear()
        try:
            found = camera.latest_proposals(state)
        except Exception:
            return []
        # asked every frame; the camera answers with the same list until a new reading or state
        kept = self._sorted
        if kept is None or kept[0] is not found or kept[1] is not state:
            board = session.rules.board
            notices = [p.text(board) for p in found if not askable(p)]
            asks = [p for p in found if askable(p) and allowed(p, session.rules, state)]
            kept = self._sorted = (found, state, notices, asks)
        self.notices = kept[2]
        return list(kept[3])

    def dismiss(self, proposal: Any) -> None:
        self.dismissed.add(proposal)

    def next_question(self) -> Any | None:
        return next((p for p in self.current() if p not in self.dismissed), None)

    def moves_before_train(self) -> list[Any]:
        """Meeples standing elsewhere than the game has them, asked once more before the
        trains run (even if dismissed), so the boarding prompts use where they really stand."""
        moves = [p for p in self.current() if kind_of(p) == "Moved"]
        return [p for p in moves if p not in self.asked_before_train]

    def ask(self, proposal: Any, then: Callable[[], None] | None = None, fixed: Any = None) -> None:
        self.app.push(ProposalScreen(self.app, proposal, self, then, fixed))

    def status_line(self) -> tuple[str, str] | None:
        """(text, tone) for the income track: tone "ok", "calm" or "bad"; None without camera."""
        camera = self.camera
        if camera is None:
            return None
        code = camera.status_code
        if code in OK_CODES:
            if self.notices:
                more = f" (+{len(self.notices) - 1})" if len(self.notices) > 1 else ""
                return _("Camera: {notice}").format(notice=self.notices[0]) + more, "calm"
            return _("Camera: OK"), "ok"
        return camera.status, "calm" if code in CALM_CODES else "bad"

    def draw_status(
        self, surface: pygame.Surface, theme: Any, right: int, y: int, left: int | None = None
    ) -> None:
        """The status line ending at `right` (from `left` at most). What does not fit whole,
        narrowed as far as it reads, is a camera drawn in the status's tone with "OK", "!" or
        the number of notices (`short`): a cut "Camera…" says nothing, and a problem is also
        a toast when it comes (`news`)."""
        line = self.status_line()
        if line is None:
            return
        text, tone = line
        color = {
            "ok": c.theme_color(theme, "good"),
            "calm": c.theme_color(theme, "muted"),
            "bad": c.theme_color(theme, "bad"),
        }[tone]
        fnt = c.font(theme, "read")
        width = right - left if left is not None else int(surface.get_width() * 0.45)
        if c.fits_condensed(fnt, text, width):
            c.blit_condensed(surface, fnt, text, color, (right, y), "topright", width)
            return
        c.textlog.left_out(text, "the camera's status")
        word = self.short(tone)
        r = c.blit_text(surface, fnt, word, color, (right, y), "topright") if word else None
        cap = cap_height(fnt)
        end = r.left - cap // 3 if r is not None else right
        top = (r.top if r is not None else y) + fnt.get_ascent() - cap
        hole = c.theme_color(theme, "background")
        draw_camera(surface, color, hole, pygame.Rect(end - cap * 3 // 2, top, cap * 3 // 2, cap))

    def short(self, tone: str) -> str:
        """The status in a word, beside the camera drawn when the line does not fit: "!", the
        number of notices (`status_line` makes them "calm"), "OK", or none (starting)."""
        if tone == "bad":
            return "!"
        if self.notices:
            return str(len(self.notices))
        return "OK" if tone == "ok" else ""

    def news(self) -> str | None:
        """The status line's text when it has just turned to a problem (once each), for a
        toast: the header may only have room for the camera drawn with "!"."""
        line = self.status_line()
        bad = line[0] if line is not None and line[1] == "bad" else None
        fresh = bad if bad is not None and bad != self._told else None
        self._told = bad
        return fresh


def draw_camera(surface: pygame.Surface, color: Any, hole: Any, box: pygame.Rect) -> None:
    """A camera filling `box`: its body, viewfinder bump and lens (a ring in `hole`)."""
    h = box.height
    body = pygame.Rect(box.x, box.y + h // 4, box.width, h - h // 4)
    pygame.draw.rect(surface, color, body, border_radius=max(1, h // 6))
    bump = pygame.Rect(box.x + box.width // 4, box.y, box.width // 3, h // 4 + 1)
    pygame.draw.rect(surface, color, bump)
    lens = max(2, h * 3 // 10)
    pygame.draw.circle(surface, hole, body.center, lens)
    pygame.draw.circle(surface, color, body.center, max(1, lens // 2))


class ProposalScreen(Screen):
    """ "Red built at Ginza?" in big type over the income track: OK records it, BACK = Fix."""

    name = "camera-proposal"
    opaque = False

    def __init__(
        self,
        app: AppContext,
        proposal: Any,
        prompts: CameraPrompts,
        then: Callable[[], None] | None = None,
        fixed: Any = None,
    ) -> None:
        super().__init__(app)
        self.proposal = proposal
        self.prompts = prompts
        self.then = then
        self.fixed = fixed
        """Called with the recorded event (the income track's confirmation toast)."""
        self.cost = USUAL["circle"]
        """A build's cost per stop circle (the station's circles multiply it)."""
        self.error = ""

    @property
    def session(self) -> MetroGame:
        return current_metro(self.app.services)

    @property
    def names(self) -> TableNames:
        return metro_names(self.app.services)

    @property
    def circles(self) -> int:
        return len(self.session.rules.board.stations[self.proposal.station].stops)

    @property
    def paid(self) -> int:
        return self.cost * self.circles if self.pays() else 0

    def pays(self) -> bool:
        """A build with cash kept by the box: the price is asked here."""
        if kind_of(self.proposal) != "Built":
            return False
        player = next(
            (p for p in self.session.state.players if p.color == self.proposal.color), None
        )
        return player is not None and player.cash is not None

    def update(self, now: float) -> None:
        """A train phase begun elsewhere (the demo runner, another screen) closes the question:
        the camera is never asked during one."""
        session = self.session
        if session is None or session.phase is not None or session.state.phase != "action":
            self.app.pop()

    @property
    def buttons(self) -> bool:
        return self.app.services.player_buttons > 0

    @property
    def player(self) -> str:
        """Whose button says yes: the builder's (a drink's: its colour's owner)."""
        return str(getattr(self.proposal, "player", self.proposal.color))

    def handle(self, event: Input) -> None:
        """Yes is the proposal's player's button (OK on a box without player buttons)."""
        a = event.action
        if event.player is not None:
            if self.buttons and seat_color(self.session, event.player) == self.player:
                self.accept()
        elif a is Action.OK:
            if self.buttons:
                self.app.play("error")
            else:
                self.accept()
        elif a is Action.BACK:
            self.fix()
        elif self.pays() and a in (Action.LEFT, Action.RIGHT, Action.UP, Action.DOWN):
            step = {Action.LEFT: -100, Action.RIGHT: 100, Action.UP: 1000, Action.DOWN: -1000}[a]
            self.cost = max(0, self.cost + step)
            self.app.play("beep")

    def _close(self) -> None:
        self.prompts.dismiss(self.proposal)
        if self.then is not None:
            self.prompts.asked_before_train.add(self.proposal)
        self.app.pop()

    def accept(self) -> None:
        if self.error:  # refused once: a second OK lets it go (BACK still fixes it by hand)
            self._close()
            if self.then is not None:
                self.then()
            return
        event = event_of(self.proposal, self.paid)
        try:
            self.session.record(event)
        except IllegalEvent as exc:
            self.error = explain(exc, self.session.rules.board, self.names.label)
            self.app.play("error")
            return
        self.app.play("beep")
        self._close()
        if self.fixed is not None:
            self.fixed(event)
        if self.then is not None:
            self.then()

    def fix(self) -> None:
        """Open the matching entry, prefilled with what the camera saw."""
        from companion.ui.metro.actions import Opening, meeple, station

        self._close()
        p = self.proposal
        if kind_of(p) == "DrinkBuilt":
            from companion.ui.metro.drink_entries import build

            seen = {"player": p.player, "station": p.station, "color": p.color}
            screen = build(self.app, Opening(seen, deliberate=True))
        elif kind_of(p) == "Built":
            seen = {"player": p.color, "station": p.station}
            screen = station(self.app, Opening(seen, deliberate=True))
        else:
            seen = {"player": p.color, "seen": p.square}
            screen = meeple(self.app, Opening(seen, deliberate=True))
        if self.fixed is not None:
            screen.done = self.fixed
        self.app.push(screen)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        c.textlog.cover(surface.get_rect(), "the camera's question", hides_reading=True)
        big, medium, read = c.font(theme, "big"), c.font(theme, "medium"), c.font(theme, "read")
        fg, accent = c.theme_color(theme, "foreground"), c.theme_color(theme, "accent")
        muted = c.theme_color(theme, "muted")
        w = int(surface.get_width() * 0.86)
        lines = c.wrap_lines(
            big, question(self.proposal, self.session.rules.board, self.names.label), w - 40, 2
        )
        notes: list[str] = []
        paid_lines: list[str] = []
        if self.pays():
            note = _("The card's cost per stop circle, less discounts; {station} has {n}").format(
                station=self.session.rules.board.stations[self.proposal.station].name,
                n=self.circles,
            )
            notes = c.wrap_lines(read, note, w - 40, 2)
            amount = f"{c.yen(self.cost)} × {self.circles}"
            paid = _("Paid {amount}").format(amount=amount) + f" = {c.yen(self.paid)}"
            paid_lines = c.wrap_lines(big, paid, w - 40, 2)
        if kind_of(self.proposal) == "DrinkBuilt":
            from companion.ui.metro.drink_entries import fee_text

            fee = fee_text(self.session.state, self.player, self.proposal.station, self.names.label)
            note = _("{player} builds it: {fee}").format(
                player=self.names.label(self.player), fee=fee
            )
            notes = c.wrap_lines(read, note, w - 40, 2)
        rows = len(lines) * big.get_linesize() + read.get_linesize() + medium.get_linesize()
        extra = len(paid_lines) * big.get_linesize() + len(notes) * read.get_linesize()
        box = pygame.Rect(0, 0, w, rows + extra + 70)
        box.center = surface.get_rect().center
        box.y = min(box.y, surface.get_height() - c.hint_height(theme) - box.height - 4)
        pygame.draw.rect(surface, (40, 44, 56), box, border_radius=14)
        pygame.draw.rect(surface, accent, box, width=4, border_radius=14)
        y = box.y + 12
        seen = _("The camera sees")
        y = c.blit_text(surface, read, seen, muted, (box.centerx, y), "midtop").bottom + 6
        for line in lines:
            y = c.blit_text(surface, big, line, fg, (box.centerx, y), "midtop", box=box).bottom
        if self.pays():
            y += 6
            for line in paid_lines:
                y = c.blit_text(surface, big, line, accent, (box.centerx, y), "midtop").bottom
        if notes:
            y += 2
            for line in notes:
                y = c.blit_text(surface, read, line, muted, (box.centerx, y), "midtop").bottom
        y += 12
        good, bad = c.theme_color(theme, "good"), c.theme_color(theme, "bad")
        if self.buttons:
            chip_h = medium.get_linesize()
            r = c.player_chip(surface, medium, self.player, (box.x + 40, y), chip_h)
            r = c.blit_text(surface, medium, _("Your button: yes"), good, (r.right + 10, y))
        else:
            r = c.key_cap(surface, medium, "ok", (box.x + 40, y), good)
            r = c.blit_text(surface, medium, _("Yes"), good, (r.right + 10, y))
        r = c.key_cap(surface, medium, "back", (max(box.centerx + 20, r.right + 24), y), bad)
        c.blit_text(surface, medium, _("Fix"), bad, (r.right + 10, y))
        if self.pays():
            c.hint_bar(surface, theme, [("lr", _("±¥100")), ("ud", _("±¥1,000"))])
        if self.error:
            from companion.ui.kit import draw_error

            draw_error(surface, theme, self.error)
