"""The review of a fitted map: the rectified photo with the proposed circles in their lines'
colours, one stop selected at a time, doubtful ones first.

Arrows move the selected stop (2 mm, or 0.5 mm in fine steps) or, in grid mode, the grid;
OK says the stop is right and selects the next doubtful one; BACK opens the review's menu
(save, undo, fine steps, add or remove this stop, move the grid, its square size, pick any
stop, leave). Player buttons 1-4 are shortcuts: undo, fine steps, add/remove, grid mode.
"""

from __future__ import annotations

import pygame

from companion.colors import hex_to_rgb
from companion.errors import UserError
from companion.i18n import _
from companion.mapdraft import MapDraft
from companion.ui import kit
from companion.ui.kit import ListMenu, Option, then
from companion.ui.screen import Action, AppContext, Input, Screen

COARSE_MM = 2.0
FINE_MM = 0.5
GRID_STEP_MM = 0.1
ZOOM_MM = 44.0
"""Width of the board the zoom beside the photo shows around the selected stop."""
STEPS = {Action.LEFT: (-1, 0), Action.RIGHT: (1, 0), Action.UP: (0, -1), Action.DOWN: (0, 1)}


class MapReview(Screen):
    name = "map-review"

    def __init__(self, app: AppContext, draft: MapDraft) -> None:
        super().__init__(app)
        self.draft = draft
        self.fine = False
        self.grid_mode = False
        self.selected = draft.next_doubtful() or next(iter(draft.stops))
        self._photo: pygame.Surface | None = None

    # --- what the buttons do -------------------------------------------------------------------

    @property
    def step(self) -> float:
        return FINE_MM if self.fine else COARSE_MM

    def handle(self, event: Input) -> None:
        if event.player is not None:
            shortcut = [self.undo, self.toggle_fine, self.add_or_remove, self.toggle_grid]
            if event.player < len(shortcut):
                shortcut[event.player]()
            return
        if event.action in STEPS:
            dx, dy = STEPS[event.action]
            if self.grid_mode:
                self.draft.move_grid(dx * self.step, dy * self.step)
            else:
                self.draft.move(self.selected, dx * self.step, dy * self.step)
        elif event.action is Action.OK:
            self.grid_mode = False
            self.draft.accept(self.selected)
            self.next_doubtful()
        elif event.action is Action.BACK:
            self.app.push(ReviewMenu(self.app, self))

    def next_doubtful(self) -> None:
        nxt = self.draft.next_doubtful(self.selected)
        if nxt is None:
            self.app.toast(_("Every stop checked: Back opens the menu to save"), "good", 4.0)
        else:
            self.selected = nxt

    def undo(self) -> None:
        if not self.draft.undo():
            self.app.play("error")

    def toggle_fine(self) -> None:
        self.fine = not self.fine

    def toggle_grid(self) -> None:
        self.grid_mode = not self.grid_mode

    def add_or_remove(self) -> None:
        if self.draft.stops[self.selected].place is None:
            self.draft.add(self.selected)
        else:
            self.draft.remove(self.selected)

    def save(self) -> None:
        try:
            self.app.services.owner_board.save_map(self.draft)
        except UserError as exc:
            self.app.toast(exc.message, "bad", 6.0)
            return
        self.app.pop()
        self.app.toast(_("Your map is saved: new games and the camera use it"), "good", 5.0)

    # --- drawing -------------------------------------------------------------------------------

    def _photo_surface(self) -> pygame.Surface | None:
        photo = self.draft.photo
        if photo is None:
            return None
        if self._photo is None:
            self._photo = pygame.image.frombuffer(photo.rgb, (photo.width, photo.height), "RGB")
        return self._photo

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        w, h = surface.get_size()
        m = theme.margin
        bottom = h - kit.hint_height(theme)
        board = self.draft.board
        panel_w = max(250, w * 3 // 10)
        area = pygame.Rect(m, m, w - panel_w - 3 * m, bottom - 2 * m)
        k = min(area.width / board.width_mm, area.height / board.height_mm)
        view = pygame.Rect(area.x, area.y, round(board.width_mm * k), round(board.height_mm * k))
        self._draw_board(surface, view, k)
        panel = pygame.Rect(view.right + 2 * m, m, w - view.right - 3 * m, bottom - 2 * m)
        self._draw_panel(surface, panel)
        hints = [
            ("lr", _("Grid") if self.grid_mode else _("Move")),
            ("ok", _("Good, next")),
            ("back", _("Menu")),
        ]
        kit.hint_bar(surface, theme, hints)

    def _draw_board(self, surface: pygame.Surface, view: pygame.Rect, k: float) -> None:
        photo = self._photo_surface()
        if photo is not None:
            surface.blit(pygame.transform.smoothscale(photo, view.size), view.topleft)
        else:
            pygame.draw.rect(surface, (200, 200, 190), view)
        self._draw_marks(surface, view.topleft, k, view, dim=True)

    def _draw_marks(
        self,
        surface: pygame.Surface,
        origin: tuple[float, float],
        k: float,
        clip: pygame.Rect,
        dim: bool,
    ) -> None:
        """Grid lines, the circles (selected line bright, the rest thin), the selection."""
        draft, board = self.draft, self.draft.board
        old = surface.get_clip()
        surface.set_clip(clip)

        def px(x: float, y: float) -> tuple[int, int]:
            return (round(origin[0] + x * k), round(origin[1] + y * k))

        grid = board.grid
        (ox, oy), (sw, sh) = draft.grid_origin, draft.grid_square
        gcol = (255, 255, 255) if self.grid_mode else (90, 90, 90)
        for c in (0, grid.columns) if dim and not self.grid_mode else range(grid.columns + 1):
            pygame.draw.line(
                surface, gcol, px(ox + c * sw, oy), px(ox + c * sw, oy + grid.rows * sh)
            )
        for r in (0, grid.rows) if dim and not self.grid_mode else range(grid.rows + 1):
            pygame.draw.line(
                surface, gcol, px(ox, oy + r * sh), px(ox + grid.columns * sw, oy + r * sh)
            )
        line = draft.stops[self.selected].line
        radius = max(3, round(6.0 * k))
        for s in draft.stops.values():
            rgb = hex_to_rgb(board.lines[s.line].color)
            mine = s.line == line
            width = max(2, radius // 4) if mine else 1  # rings: the print shows through
            if s.place is None:
                rgb = (255, 255, 255) if mine else (200, 200, 200)
            pygame.draw.circle(surface, rgb, px(*s.shown), radius, width)
        sel = draft.stops[self.selected]
        pygame.draw.circle(surface, (0, 0, 0), px(*sel.shown), radius + 5, 3)
        pygame.draw.circle(surface, (255, 255, 255), px(*sel.shown), radius + 3, 2)
        surface.set_clip(old)

    def _draw_panel(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        theme = self.app.services.theme
        m = theme.margin
        fg, muted = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "muted")
        fnt = theme.font("read")
        draft, sel = self.draft, self.draft.stops[self.selected]
        line = draft.board.lines[sel.line]
        size = fnt.get_linesize()
        badge = kit.badge_rect(fnt, line.id, pygame.Rect(panel.x, panel.y, size, size))
        kit.badge(surface, fnt, line.id, hex_to_rgb(line.color), badge)
        station = draft.board.station_of(sel.stop_id)
        name = kit.ellipsize(
            fnt, station.name if station else line.name, panel.right - badge.right - m
        )
        kit.blit_text(surface, fnt, sel.stop_id, fg, (badge.right + m, panel.y), box=panel)
        y = badge.bottom + m // 2
        kit.blit_text(surface, fnt, name, fg, (panel.x, y), box=panel)
        y += size + m // 2
        zoom = pygame.Rect(panel.x, y, panel.width, min(panel.width, panel.bottom - y - 3 * size))
        self._draw_zoom(surface, zoom)
        y = zoom.bottom + m // 2
        if sel.place is None:
            state = _("Not placed")
        elif sel.checked:
            state = _("Checked")
        else:
            state = _("Sure: {percent} %").format(percent=round(100 * sel.confidence))
        rows = [
            (state, fg),
            (_("To check: {count}").format(count=len(draft.doubtful())), muted),
            (_("Fine steps") if self.fine else _("Steps of 2 mm"), muted),
        ]
        for text, color in rows:
            kit.blit_text(
                surface, fnt, kit.ellipsize(fnt, text, panel.width), color, (panel.x, y), box=panel
            )
            y += size

    def _draw_zoom(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        photo = self._photo_surface()
        sel = self.draft.stops[self.selected]
        k = rect.width / ZOOM_MM
        x0, y0 = sel.shown[0] - ZOOM_MM / 2, sel.shown[1] - ZOOM_MM * rect.height / rect.width / 2
        pygame.draw.rect(surface, (60, 60, 60), rect)
        if photo is not None:
            ppm = self.draft.photo.px_per_mm if self.draft.photo else 1.0
            src = pygame.Rect(
                round(x0 * ppm), round(y0 * ppm), round(ZOOM_MM * ppm), round(rect.height / k * ppm)
            )
            crop = pygame.Surface(src.size)
            crop.blit(photo, (0, 0), src)
            surface.blit(pygame.transform.smoothscale(crop, rect.size), rect.topleft)
        self._draw_marks(surface, (rect.x - x0 * k, rect.y - y0 * k), k, rect, dim=False)
        pygame.draw.rect(surface, (255, 255, 255), rect, 2)


class ReviewMenu(ListMenu):
    """The review's commands (BACK on the review)."""

    name = "map-review-menu"

    def __init__(self, app: AppContext, review: MapReview) -> None:
        super().__init__(app, lambda: _("Your map"))
        self.review = review
        draft = review.draft
        order = list(draft.stops)

        def pick(d: int) -> None:
            review.selected = order[(order.index(review.selected) + d) % len(order)]

        def placed() -> bool:
            return draft.stops[review.selected].place is not None

        self.items = [
            Option(lambda: _("Back to the review"), on_ok=app.pop),
            Option(lambda: _("Save my map"), on_ok=then(app.pop, review.save)),
            Option(lambda: _("Undo"), on_ok=review.undo, enabled=lambda: draft.can_undo),
            Option(lambda: _("Stop"), detail=lambda: review.selected, on_change=pick),
            Option(
                lambda: _("Remove this stop") if placed() else _("Add this stop"),
                on_ok=then(review.add_or_remove, app.pop),
            ),
            Option(
                lambda: _("Fine steps"),
                detail=lambda: _("Yes") if review.fine else _("No"),
                on_change=lambda d: review.toggle_fine(),
            ),
            Option(
                lambda: _("Move the grid"),
                detail=lambda: _("Yes") if review.grid_mode else _("No"),
                on_change=lambda d: review.toggle_grid(),
                on_ok=then(review.toggle_grid, app.pop),
            ),
            Option(
                lambda: _("Grid squares"),
                detail=lambda: f"{draft.grid_square[0]:.1f} mm",
                on_change=lambda d: draft.resize_grid(d * GRID_STEP_MM),
            ),
            Option(
                lambda: _("Leave without saving"),
                on_ok=lambda: kit.confirm(
                    app,
                    lambda: _("Leave and forget these changes?"),
                    then(app.pop, app.pop),
                ),
            ),
        ]
        self.hint = lambda: _("Up/down: choose · OK: select · Back: return")
