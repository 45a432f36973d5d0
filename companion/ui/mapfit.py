"""Settings -> "Fit the map to my board": choose the map, take the photo and fit, or go back
to the default map. The fit runs in a thread behind a "Fitting..." screen, then the review
(`companion.ui.mapreview`) opens on its proposal.
"""

from __future__ import annotations

import threading

import pygame

from companion.errors import UserError
from companion.i18n import _
from companion.mapdraft import MapDraft
from companion.ui import kit
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext, Input, Screen


class MapFitMenu(ListMenu):
    name = "map-fit"

    def __init__(self, app: AppContext, map_id: str | None = None) -> None:
        super().__init__(app, lambda: _("Fit the map to my board"))
        owner = app.services.owner_board
        maps = owner.maps() or ["tokyo"]
        self.map_id = map_id if map_id in maps else maps[0]
        self.items = [
            Option(
                lambda: _("Map"),
                detail=lambda: owner.map_name(self.map_id),
                on_change=lambda d: self._switch(maps, d),
            ),
            Option(lambda: _("In use"), detail=self._in_use),
            Option(lambda: _("Take the photo and fit"), on_ok=self._fit),
            Option(
                lambda: _("Back to the default map"),
                on_ok=self._reset,
                enabled=lambda: owner.has_own_map(self.map_id),
            ),
        ]
        self.index = 2
        self.hint = lambda: _("Empty board under the camera, markers in place · OK: choose")

    def _switch(self, maps: list[str], d: int) -> None:
        self.map_id = maps[(maps.index(self.map_id) + d) % len(maps)]

    def _in_use(self) -> str:
        if self.app.services.owner_board.has_own_map(self.map_id):
            return _("your map")
        return _("the default map")

    def _fit(self) -> None:
        self.app.push(FittingScreen(self.app, self.map_id))

    def _reset(self) -> None:
        def reset() -> None:
            self.app.services.owner_board.reset_map(self.map_id)
            self.app.toast(_("The default map is back"), "good")

        kit.confirm(self.app, lambda: _("Forget your map and use the default one?"), reset)


class FittingScreen(Screen):
    """Takes the photo and fits in a thread; then the review replaces it (or a toast says why
    not and the menu is back)."""

    name = "map-fitting"

    def __init__(self, app: AppContext, map_id: str) -> None:
        super().__init__(app)
        self.map_id = map_id
        self.draft: MapDraft | None = None
        self.problem: str | None = None
        self.thread = threading.Thread(target=self._run, name="map-fit", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.draft = self.app.services.owner_board.fit(self.map_id)
        except UserError as exc:
            self.problem = exc.message
        except Exception as exc:  # shown, never raised into the frame loop
            self.problem = _("The fit failed: {error}").format(error=type(exc).__name__)

    def wait(self, timeout: float = 60.0) -> None:
        """Until the fit is done (tests and scripts)."""
        self.thread.join(timeout)
        self.update(0.0)

    def update(self, now: float) -> None:
        if self.thread.is_alive() or self.app.top is not self:
            return
        if self.draft is not None:
            from companion.ui.mapreview import MapReview

            self.app.replace(MapReview(self.app, self.draft))
        else:
            self.app.pop()
            self.app.toast(self.problem or _("The fit failed"), "bad", 6.0)

    def handle(self, event: Input) -> None:
        """Presses wait for the fit."""

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        kit.draw_title(surface, theme, _("Fit the map to my board"))
        w, h = surface.get_size()
        fnt = theme.font("big")
        fg = kit.theme_color(theme, "foreground")
        kit.blit_text(surface, fnt, _("Looking at the board..."), fg, (w // 2, h // 2), "center")
