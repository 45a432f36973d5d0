"""Write a PNG picture of a board map (headless), to check the map by eye.

python tools/render_map_png.py OUT.png [--map tokyo] [--size 1600x1120] [--legend/--no-legend]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from companion.data import load_map
from companion.errors import UserError
from companion.ui.board_view import BoardView, draw_legend


def render(map_name: str, width: int, height: int, legend: bool = True) -> pygame.Surface:
    board = load_map(map_name)
    surface = pygame.Surface((width, height))
    surface.fill((255, 255, 255))
    view = BoardView(board, pygame.Rect(0, 0, width, height))
    view.draw(surface)
    if legend:
        draw_legend(surface, view)
    return surface


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a PNG picture of a board map.")
    parser.add_argument("out", help="the PNG file to write")
    parser.add_argument("--map", default="tokyo", help="map name or path (default: tokyo)")
    parser.add_argument("--size", default="1600x1120", help="WIDTHxHEIGHT in pixels")
    parser.add_argument("--legend", action=argparse.BooleanOptionalAction, default=True)
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"--size: expected WIDTHxHEIGHT like 1600x1120, got {args.size!r}", file=sys.stderr)
        return 2
    pygame.init()
    try:
        surface = render(args.map, width, height, args.legend)
    except UserError as exc:
        print(exc.line(), file=sys.stderr)
        return 2
    pygame.image.save(surface, args.out)
    print(f"wrote {args.out} ({width}x{height})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
