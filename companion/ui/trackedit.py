"""Settings -> "Income track": the pair of numbers the box uses for each line value, checked
against the owner's printed track and corrected on the box.

UP/DOWN step through the values (¥0 to ¥6,000), player buttons 1 and 2 jump ¥1,000 down and
up; LEFT/RIGHT change the larger number by ¥100
and the smaller follows, so the two always add up to the value (the larger never below the
smaller). The check mode shows one row at a time, large ("value, larger, smaller"), for the
owner to read against the cardboard: OK goes to the next row. BACK opens the menu: save
(into the data directory, as the fitted map), check mode, back to the default track, leave.
"""

from __future__ import annotations

import pygame

from companion.i18n import _
from companion.metro.track import STEP, TRACK_TOP, IncomeTrack
from companion.ui import kit
from companion.ui.kit import ListMenu, Option, then
from companion.ui.screen import Action, AppContext, Input, Screen

JUMP = 1000
"""What player buttons 1 and 2 move the value by."""


class TrackEditor(Screen):
    name = "income-track-editor"

    def __init__(self, app: AppContext, map_id: str | None = None, check: bool = False) -> None:
        super().__init__(app)
        owner = app.services.owner_board
        maps = owner.maps() or ["tokyo"]
        self.map_id = map_id if map_id in maps else maps[0]
        self.pairs = dict(owner.track(self.map_id).pairs)
        self.value = 0
        self.check = check
        self.changed = False

    @property
    def track(self) -> IncomeTrack:
        return IncomeTrack(dict(self.pairs))

    def set_larger(self, delta: int) -> bool:
        """Change the larger number of the current value by `delta` (the smaller follows);
        False when that would break larger >= smaller >= 0."""
        larger, _smaller = self.pairs[self.value]
        new = larger + delta
        if not (self.value - new <= new <= self.value):
            return False
        self.pairs[self.value] = (new, self.value - new)
        self.changed = True
        return True

    def handle(self, event: Input) -> None:
        if event.player is not None and event.player < 2:
            jump = JUMP if event.player == 1 else -JUMP
            self.value = min(max(0, self.value + jump), TRACK_TOP)
        elif event.action in (Action.UP, Action.DOWN) or (self.check and event.action is Action.OK):
            d = -STEP if event.action is Action.UP else STEP
            self.value = min(max(0, self.value + d), TRACK_TOP)
        elif event.action in (Action.LEFT, Action.RIGHT):
            if not self.set_larger(STEP if event.action is Action.RIGHT else -STEP):
                self.app.play("error")
        elif event.action in (Action.BACK, Action.OK):
            self.app.push(TrackMenu(self.app, self))

    def save(self) -> None:
        self.app.services.owner_board.save_track(self.map_id, self.track)
        self.changed = False
        self.app.toast(_("Income track saved: new games use it"), "good", 4.0)

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(kit.theme_color(theme, "background"))
        name = self.app.services.owner_board.map_name(self.map_id)
        title = _("Check the printed track") if self.check else _("Income track")
        top = kit.draw_title(surface, theme, _("{title}: {map}").format(title=title, map=name))
        w, h = surface.get_size()
        bottom = h - kit.hint_height(theme)
        if self.check:
            self._draw_check(surface, pygame.Rect(0, top, w, bottom - top))
        else:
            self._draw_list(surface, pygame.Rect(0, top, w, bottom - top))
        hints = [("ud", _("Value")), ("lr", _("Larger number"))]
        hints.append(("ok", _("Next row")) if self.check else ("back", _("Menu")))
        kit.hint_bar(surface, theme, hints)

    def _row(self, value: int) -> tuple[str, str, str]:
        larger, smaller = self.pairs[value]
        return kit.yen(value), kit.yen(larger), kit.yen(smaller)

    def _draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.app.services.theme
        m = theme.margin
        fnt = theme.font("medium")
        row_h = fnt.get_linesize() + m // 2
        fg, muted = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "muted")
        heads = (_("Value"), _("Larger"), _("Smaller"))
        cols = [area.x + area.width * k // 10 for k in (3, 6, 9)]
        small = theme.font("read")
        for head, x in zip(heads, cols, strict=True):
            kit.blit_text(surface, small, head, muted, (x, area.y + m), "topright")
        rows = max(1, (area.height - row_h - 2 * m) // row_h)
        first = min(max(0, self.value // STEP - rows // 2), TRACK_TOP // STEP + 1 - rows)
        y = area.y + small.get_linesize() + m
        for i in range(max(0, first), min(TRACK_TOP // STEP + 1, first + rows)):
            value = i * STEP
            rect = pygame.Rect(area.x + 2 * m, y, area.width - 4 * m, row_h)
            if value == self.value:
                pygame.draw.rect(surface, kit.theme_color(theme, "selected"), rect, border_radius=m)
                accent = kit.theme_color(theme, "accent")
                pygame.draw.rect(surface, accent, rect, 3, border_radius=m)
            for text, x in zip(self._row(value), cols, strict=True):
                kit.blit_text(surface, fnt, text, fg, (x, rect.centery), "midright", box=rect)
            y += row_h

    def _draw_check(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        theme = self.app.services.theme
        fg, muted = kit.theme_color(theme, "foreground"), kit.theme_color(theme, "muted")
        big, small = theme.font("big"), theme.font("read")
        heads = (_("Value"), _("Larger"), _("Smaller"))
        y = area.y + area.height // 3
        for k, (head, text) in enumerate(zip(heads, self._row(self.value), strict=True)):
            x = area.x + area.width * (1 + 2 * k) // 6
            kit.blit_text(surface, small, head, muted, (x, y), "midbottom")
            kit.blit_text(surface, big, text, fg, (x, y + theme.margin), "midtop")
        note = _("Compare with the row printed beside this value; fix the larger number")
        lines = kit.wrap(small, note, area.width - 4 * theme.margin)
        if len(lines) > 2:
            kit.textlog.left_out(note, "the check's note")
        lines = lines[:2]
        for i, line in enumerate(lines):
            pos = (area.centerx, area.bottom - (len(lines) - i) * small.get_linesize())
            kit.blit_text(surface, small, line, muted, pos, "midtop")


class TrackMenu(ListMenu):
    name = "income-track-menu"

    def __init__(self, app: AppContext, editor: TrackEditor) -> None:
        super().__init__(app, lambda: _("Income track"))
        self.editor = editor
        owner = app.services.owner_board

        def toggle_check() -> None:
            editor.check = not editor.check
            app.pop()

        def reset() -> None:
            owner.reset_track(editor.map_id)
            editor.pairs = dict(owner.track(editor.map_id).pairs)
            editor.changed = False
            app.pop()
            app.toast(_("The default income track is back"), "good")

        self.items = [
            Option(lambda: _("Back to the track"), on_ok=app.pop),
            Option(lambda: _("Save the track"), on_ok=then(app.pop, editor.save)),
            Option(
                lambda: _("List of all rows") if editor.check else _("Check the printed track"),
                on_ok=toggle_check,
            ),
            Option(
                lambda: _("Back to the default track"),
                on_ok=lambda: kit.confirm(app, lambda: _("Forget your income track?"), reset),
                enabled=lambda: owner.has_own_track(editor.map_id),
            ),
            Option(lambda: _("Leave"), on_ok=self._leave),
        ]

    def _leave(self) -> None:
        leave = then(self.app.pop, self.app.pop)
        if self.editor.changed:
            kit.confirm(self.app, lambda: _("Leave and forget these changes?"), leave)
        else:
            leave()
