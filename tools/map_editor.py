"""Correct a board map by hand: drag the stop circles, over a photo of your board if you like.

    python tools/map_editor.py [--map tokyo] [--photo PHOTO.jpg] [--size 1280x860]

Mouse: drag a stop circle. Arrows: move the movement grid by 0.5 mm (Shift: 5 mm). [ and ]:
shrink or grow its squares by 0.2 mm. U: undo. T: map opacity over the photo. S: save (the first
save keeps the original beside it as NAME.toml.orig). Esc: quit.

The photo must show the board straight from above, cropped to the board's edges: it is
stretched to the board's frame (width_mm x height_mm). See docs/map.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from companion.data import load_map, map_path
from companion.errors import UserError
from companion.ui.map_editor import MapEditor

DEFAULT_SIZE = (1280, 860)


def fit_window(wanted: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """The wanted size, shrunk (same shape) to 90 % of the desktop when that is smaller; an
    unknown desktop size (-1 or 0 before a window exists) leaves it as it is."""
    dw, dh = desktop
    if dw <= 0 or dh <= 0:
        return wanted
    scale = min(1.0, 0.9 * dw / wanted[0], 0.9 * dh / wanted[1])
    return round(wanted[0] * scale), round(wanted[1] * scale)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Drag stop circles to correct a board map.")
    parser.add_argument("--map", default="tokyo", help="map name or path (default: tokyo)")
    parser.add_argument("--photo", help="a straight, cropped photo of the board")
    parser.add_argument(
        "--size", help="window WIDTHxHEIGHT (default: 1280x860, shrunk to fit the screen)"
    )
    parser.add_argument("--frames", type=int, default=0, help="quit after N frames (tests)")
    args = parser.parse_args(argv)
    try:
        load_map(args.map)
        if args.size is not None:
            width, height = (int(v) for v in args.size.lower().split("x"))
    except UserError as exc:
        print(exc.line(), file=sys.stderr)
        return 2
    except ValueError:
        print(f"--size: expected WIDTHxHEIGHT, got {args.size!r}", file=sys.stderr)
        return 2
    pygame.init()
    if args.size is None:
        info = pygame.display.Info()
        width, height = fit_window(DEFAULT_SIZE, (info.current_w, info.current_h))
    screen = pygame.display.set_mode((width, height))
    pygame.display.set_caption(f"companion map editor: {map_path(args.map)}")
    photo = None
    if args.photo:
        try:
            photo = pygame.image.load(args.photo).convert()
        except (pygame.error, FileNotFoundError) as exc:
            print(f"{args.photo}: cannot read the photo ({exc})", file=sys.stderr)
            return 2
    editor = MapEditor(map_path(args.map), screen.get_rect(), photo)
    clock = pygame.time.Clock()
    frames = 0
    while editor.running:
        for event in pygame.event.get():
            editor.handle_event(event)
        editor.draw(screen)
        pygame.display.flip()
        clock.tick(60)
        frames += 1
        if args.frames and frames >= args.frames:
            break
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
