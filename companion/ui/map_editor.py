"""Correcting a board map by hand: drag stop circles (over a photo of the board) and save.

The editor changes only numbers in the map file: stop positions and the grid's origin and square
size. Saving rewrites those numbers in place and keeps everything else of the file (comments,
stations, names, order) as it was. It works on pygame events alone, so tests drive it headless.
"""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pygame

from companion.i18n import _
from companion.mapfile import Point, rewrite_map_text
from companion.metro.board import BoardMap, parse_map
from companion.ui.board_view import INK, BoardView, font

NUDGE_MM = 0.5
NUDGE_FAST_MM = 5.0
SQUARE_STEP_MM = 0.2
PHOTO_ALPHAS = (255, 160, 90)
"""Opacity of the drawn map over the photo; T cycles through them."""


class MapEditor:
    """Drag stops with the mouse; arrows move the grid (Shift: faster); [ and ] resize its
    squares; U undoes; T changes the map's opacity over the photo; S saves; Esc quits (asking
    once more when there are unsaved changes)."""

    def __init__(
        self, path: str | Path, rect: pygame.Rect, photo: pygame.Surface | None = None
    ) -> None:
        self.path = Path(path)
        self.text = self.path.read_text(encoding="utf-8")
        self.data: dict[str, Any] = tomllib.loads(self.text)
        self.rect = pygame.Rect(rect)
        self.photo_source = photo
        self.alpha_index = 1 if photo is not None else 0
        self.dragging: str | None = None
        self.drag_offset: Point = (0.0, 0.0)
        self.undo_stack: list[dict[str, Any]] = []
        self.dirty = False
        self.running = True
        self.quit_asked = False
        self.message = _("Drag a stop circle to move it. S saves, U undoes, Esc quits.")
        self._rebuild()

    # --- model ------------------------------------------------------------------------------

    def _rebuild(self) -> None:
        self.board: BoardMap = parse_map(self.data)
        status = pygame.Rect(self.rect.x, self.rect.bottom - 28, self.rect.w, 28)
        area = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, self.rect.h - status.h)
        self.status_rect = status
        self.view = BoardView(self.board, area)
        self.view.show_names = True
        self.photo: pygame.Surface | None = None
        if self.photo_source is not None:
            size = (self.view.width_px, self.view.height_px)
            self.photo = pygame.transform.smoothscale(self.photo_source, size)

    def _snapshot(self) -> dict[str, Any]:
        return {
            "lines": [[list(p) for p in line["stops"]] for line in self.data["lines"]],
            "grid": {k: list(self.data["grid"][k]) for k in ("origin_mm", "square_mm")},
        }

    def _restore(self, snap: dict[str, Any]) -> None:
        for line, points in zip(self.data["lines"], snap["lines"], strict=True):
            line["stops"] = points
        self.data["grid"].update(snap["grid"])
        self._rebuild()

    def _line_index(self, line_id: str) -> int:
        return next(i for i, line in enumerate(self.data["lines"]) if line["id"] == line_id)

    def stop_position(self, stop_id: str) -> Point:
        stop = self.board.stop(stop_id)
        return (stop.x_mm, stop.y_mm)

    def move_stop(self, stop_id: str, x_mm: float, y_mm: float) -> None:
        stop = self.board.stop(stop_id)
        x = min(max(round(x_mm, 1), 0.0), self.board.width_mm)
        y = min(max(round(y_mm, 1), 0.0), self.board.height_mm)
        self.data["lines"][self._line_index(stop.line)]["stops"][stop.number - 1] = [x, y]
        self.dirty = True

    def overlaps(self) -> list[tuple[str, str]]:
        stops = list(self.board.stops())
        out = []
        for i, a in enumerate(stops):
            for b in stops[i + 1 :]:
                if math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) < a.radius_mm + b.radius_mm + 1:
                    out.append((a.id, b.id))
        return out

    def save(self) -> Path:
        stops = {
            line["id"]: [(float(x), float(y)) for x, y in line["stops"]]
            for line in self.data["lines"]
        }
        grid = self.data["grid"]
        text = rewrite_map_text(
            self.text,
            stops,
            (float(grid["origin_mm"][0]), float(grid["origin_mm"][1])),
            (float(grid["square_mm"][0]), float(grid["square_mm"][1])),
        )
        written = parse_map(tomllib.loads(text))
        if [(s.id, s.x_mm, s.y_mm) for s in written.stops()] != [
            (s.id, round(s.x_mm, 1), round(s.y_mm, 1)) for s in parse_map(self.data).stops()
        ]:
            self.message = _("Not saved: put each line's id before its stops in the file.")
            return self.path
        backup = self.path.with_name(self.path.name + ".orig")
        if not backup.exists():
            backup.write_text(self.text, encoding="utf-8")
        self.path.write_text(text, encoding="utf-8")
        self.text = text
        self.dirty = False
        self.message = _("Saved to {path}").format(path=self.path)
        return self.path

    # --- input ------------------------------------------------------------------------------

    def request_quit(self) -> None:
        """Quit, unless that would lose changes: then ask, and quit on the second request."""
        if not self.dirty or self.quit_asked:
            self.running = False
            return
        self.quit_asked = True
        self.message = _("Not saved! S saves, Esc again quits without saving, another key stays.")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
        elif event.type == pygame.KEYDOWN and self.quit_asked and event.key != pygame.K_ESCAPE:
            self.quit_asked = False
            self.message = ""
            self._key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            stop = self.view.stop_at(*event.pos)
            if stop is not None:
                self.undo_stack.append(self._snapshot())
                self.dragging = stop.id
                mx, my = self.view.to_board(*event.pos)
                self.drag_offset = (stop.x_mm - mx, stop.y_mm - my)
        elif event.type == pygame.MOUSEMOTION and self.dragging is not None:
            mx, my = self.view.to_board(*event.pos)
            self.move_stop(self.dragging, mx + self.drag_offset[0], my + self.drag_offset[1])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            mx, my = self.view.to_board(*event.pos)
            self.move_stop(self.dragging, mx + self.drag_offset[0], my + self.drag_offset[1])
            self.dragging = None
            self._rebuild()
            n = len(self.overlaps())
            self.message = _("{n} pairs of circles overlap.").format(n=n) if n else ""
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        mods = getattr(event, "mod", 0)
        step = NUDGE_FAST_MM if mods & pygame.KMOD_SHIFT else NUDGE_MM
        grid = self.data["grid"]
        moves = {
            pygame.K_LEFT: (-step, 0.0),
            pygame.K_RIGHT: (step, 0.0),
            pygame.K_UP: (0.0, -step),
            pygame.K_DOWN: (0.0, step),
        }
        if event.key == pygame.K_ESCAPE:
            self.request_quit()
        elif event.key == pygame.K_s:
            self.save()
        elif event.key == pygame.K_u and self.undo_stack:
            self._restore(self.undo_stack.pop())
            self.dirty = True
        elif event.key == pygame.K_t and self.photo is not None:
            self.alpha_index = (self.alpha_index + 1) % len(PHOTO_ALPHAS)
        elif event.key in moves:
            self.undo_stack.append(self._snapshot())
            dx, dy = moves[event.key]
            ox, oy = grid["origin_mm"]
            grid["origin_mm"] = [round(ox + dx, 1), round(oy + dy, 1)]
            self.dirty = True
            self._rebuild()
        elif event.key in (pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET):
            self.undo_stack.append(self._snapshot())
            delta = SQUARE_STEP_MM if event.key == pygame.K_RIGHTBRACKET else -SQUARE_STEP_MM
            sw, sh = grid["square_mm"]
            grid["square_mm"] = [round(max(5.0, sw + delta), 1), round(max(5.0, sh + delta), 1)]
            self.dirty = True
            self._rebuild()

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((40, 40, 40), self.rect)
        static = self.view.static_layer()
        if self.photo is not None:
            surface.blit(self.photo, self.view.origin)
            static.set_alpha(PHOTO_ALPHAS[self.alpha_index])
        else:
            static.set_alpha(None)
        self.view.draw(surface)
        for a, b in self.overlaps():
            for sid in (a, b):
                stop = self.board.stop(sid)
                pygame.draw.circle(
                    surface, (220, 30, 30), self.view.to_screen(stop.x_mm, stop.y_mm),
                    self.view.px(stop.radius_mm + 1.5), 2,
                )  # fmt: skip
        if self.dragging is not None:
            stop = self.board.stop(self.dragging)
            line = self.data["lines"][self._line_index(stop.line)]
            x, y = line["stops"][stop.number - 1]
            center = self.view.to_screen(x, y)
            pygame.draw.circle(surface, (255, 190, 0), center, self.view.px(stop.radius_mm), 3)
        pygame.draw.rect(surface, (245, 245, 245), self.status_rect)
        text = self.message + ("  *" if self.dirty else "")
        img = font(20, False).render(text, True, INK)
        surface.blit(img, img.get_rect(midleft=(self.status_rect.x + 8, self.status_rect.centery)))
