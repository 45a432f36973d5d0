"""`companion vision`: markers sheet, synthetic photos, calibration and reading photos.

companion vision markers --out markers.png
companion vision render --state game.json --out photo.png [--seed N] [--lighting warm] [--hand]
companion vision calibrate --reference empty.png --pieces pieces.png --out DIR
companion vision read photo.png... --calibration DIR | --reference empty.png [--json] [--debug DIR]
companion vision check --calibration DIR [--photo photo.png ...] [--json]
companion vision fit-map --photo empty.png | --camera SOURCE --map tokyo --out DIR [--json]
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
import zlib
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.cli import Parser
from companion.data import load_map, load_state, read_json
from companion.errors import UserError
from companion.metro.board import BoardMap

DEFAULT_MAP = "tokyo"


def _png_with_dpi(image: np.ndarray, dpi: int) -> bytes:
    """PNG bytes with a pHYs chunk, so printers and viewers know the true size."""
    ok, buf = cv2.imencode(".png", image)
    if not ok:
        raise UserError("could not encode the PNG")
    data = buf.tobytes()
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    ihdr_end = 8 + 8 + 13 + 4
    return data[:ihdr_end] + chunk + data[ihdr_end:]


def _load_image(path: str) -> np.ndarray:
    if not Path(path).is_file():
        raise UserError("no such file", path)
    img = cv2.imread(path)
    if img is None:
        raise UserError("not an image OpenCV can read", path)
    return img


def _board_and_layout(args: argparse.Namespace) -> tuple[BoardMap, Any]:
    from companion.vision.markers import load_layout

    board = load_map(args.map)
    return board, load_layout(args.layout, board.width_mm, board.height_mm)


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", default=DEFAULT_MAP, help="map name or .toml path (default: tokyo)")
    p.add_argument("--layout", help="markers layout TOML (default: calibration/markers.toml)")


def cmd_markers(args: argparse.Namespace) -> int:
    from companion.vision.markers import markers_sheet

    _board, layout = _board_and_layout(args)
    out = Path(args.out)
    if out.suffix.lower() != ".png":
        raise UserError("the sheet is written as PNG: give a .png file name", out)
    out.write_bytes(_png_with_dpi(markers_sheet(layout, args.dpi), args.dpi))
    sizes = ", ".join(f"id {m.id}: {m.size_mm:g} mm" for m in layout.markers)
    if args.json:
        print(
            json.dumps(
                {"file": str(out), "dpi": args.dpi, "markers": [m.id for m in layout.markers]}
            )
        )
    else:
        print(f"wrote {out} at {args.dpi} dpi ({sizes}); print at 100 % and check the 10 cm bar")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    from companion.vision.calibrate import default_spots
    from companion.vision.model import Piece, pieces_of_state
    from companion.vision.render import LIGHTINGS, POSES, render

    board, layout = _board_and_layout(args)
    if args.lighting not in LIGHTINGS:
        raise UserError(f"unknown lighting; known: {', '.join(LIGHTINGS)}", None, "--lighting")
    if args.pose not in POSES:
        raise UserError(f"unknown pose; known: {', '.join(POSES)}", None, "--pose")
    if args.spots:
        pieces = [Piece(s.kind, s.color, s.x_mm, s.y_mm) for s in default_spots(board)]
    elif args.state:
        pieces = pieces_of_state(board, load_state(args.state, board))
    else:
        pieces = []
    shot = render(
        board,
        layout,
        pieces,
        seed=args.seed,
        lighting=args.lighting,
        pose=args.pose,
        hand=args.hand,
    )
    out = Path(args.out)
    if not cv2.imwrite(str(out), shot.image):
        raise UserError("cannot write the image", out)
    truth = {
        **shot.truth(),
        "map": board.id,
        "seed": args.seed,
        "lighting": args.lighting,
        "pose": args.pose,
    }
    out.with_suffix(".json").write_text(json.dumps(truth, indent=1) + "\n")
    if args.json:
        print(
            json.dumps(
                {
                    "image": str(out),
                    "truth": str(out.with_suffix(".json")),
                    "pieces": len(shot.pieces),
                    "hand": args.hand,
                }
            )
        )
    else:
        print(
            f"wrote {out} ({len(shot.pieces)} pieces{', hand' if args.hand else ''}) and its truth"
        )
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from companion.vision.calibrate import calibrate, load_spots

    board, layout = _board_and_layout(args)
    ref = _load_image(args.reference)
    pieces = _load_image(args.pieces) if args.pieces else None
    spots = load_spots(args.spots) if args.spots else None
    cal = calibrate(board, layout, ref, pieces, spots)
    cal.save(args.out)
    if args.json:
        print(
            json.dumps(
                {
                    "out": args.out,
                    "warnings": [w.code for w in cal.warnings],
                    "colors": cal.colors.names,
                    "area_mm2": cal.colors.area_mm2,
                }
            )
        )
    else:
        print(f"calibration written to {args.out}: colours {', '.join(cal.colors.names)}")
        for w in cal.warnings:
            if w.code != "unreadable":
                print(f"warning: {w.shown()}")
    unreadable = [w for w in cal.warnings if w.code == "unreadable"]
    if unreadable:
        raise UserError(f"{unreadable[0].shown()} (the camera will not read in this light)")
    return 0


def _table(name: str, reading: Any) -> str:
    head = f"{name}: board {'found' if reading.board_found else 'NOT found'}"
    if reading.rejected:
        head += f", rejected ({reading.rejected})"
    rows = [head]
    for p in sorted(reading.pieces, key=lambda p: (p.kind, p.color, p.place)):
        rows.append(
            f"  {p.kind:<8} {p.color:<7} {p.place:<14} x={p.x_mm:6.1f} y={p.y_mm:6.1f}"
            f"  conf {p.confidence:.2f}"
        )
    rows.append("  ms: " + ", ".join(f"{k} {v:.1f}" for k, v in reading.stages_ms.items()))
    return "\n".join(rows)


def cmd_read(args: argparse.Namespace) -> int:
    from companion.vision.calibrate import Calibration
    from companion.vision.colormodel import ColorModel
    from companion.vision.overlay import draw_overlay
    from companion.vision.reader import Reader

    board, layout = _board_and_layout(args)
    if args.calibration:
        cal = Calibration.load(args.calibration)
        ref, colors = cal.reference, cal.colors
    elif args.reference:
        ref, colors = _load_image(args.reference), ColorModel.default()
    else:
        raise UserError("give --calibration DIR or --reference EMPTY.png", None, "--reference")
    if args.reference and args.calibration:
        ref = _load_image(args.reference)
    if args.colors:
        colors = ColorModel.from_json(read_json(args.colors), args.colors)
    try:
        reader = Reader(board, layout, ref, colors)
    except ValueError as exc:
        raise UserError(str(exc), args.reference or args.calibration) from None
    results = []
    for name in args.images:
        reading = reader.read(_load_image(name))
        results.append({"image": name, **reading.to_json()})
        if args.debug and reading.board_found:
            Path(args.debug).mkdir(parents=True, exist_ok=True)
            frame = getattr(reader, "last_frame", None)
            if frame is not None:
                ov = draw_overlay(board, frame.image, frame.mask, reading, reader.scale)
                cv2.imwrite(str(Path(args.debug) / (Path(name).stem + "-overlay.png")), ov)
        if not args.json:
            print(_table(name, reading))
    if args.json:
        print(json.dumps(results if len(results) > 1 else results[0], indent=1))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from companion.vision.calibrate import Calibration
    from companion.vision.check import check

    board, layout = _board_and_layout(args)
    cal = Calibration.load(args.calibration)
    photos = [(Path(p).name, _load_image(p)) for p in args.photo or []]
    report = check(board, layout, cal, photos)
    if args.json:
        print(json.dumps(report.to_json(), indent=1))
    else:
        print("\n".join(report.lines()))
    return 0


def cmd_fit_map(args: argparse.Namespace) -> int:
    from companion.data import map_path
    from companion.vision.fitmap import fit_map

    board, layout = _board_and_layout(args)
    if args.photo:
        photo = _load_image(args.photo)
    elif args.camera is not None:
        from companion.vision.fitmap import grab_frame

        photo = grab_frame(args.camera)
    else:
        raise UserError("give --photo EMPTY.png or --camera SOURCE", None, "--photo")
    fit = fit_map(board, layout, photo)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    source = map_path(args.map)
    written = out / f"{board.id}.toml"
    written.write_text(fit.map_text(source.read_text(encoding="utf-8")), encoding="utf-8")
    report = {**fit.report(), "file": str(written), "original": str(source)}
    (out / "fit-report.json").write_text(json.dumps(report, indent=1) + "\n")
    cv2.imwrite(str(out / "rectified.png"), fit.image)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"wrote {written} (the original {source} is kept) and fit-report.json")
        print("\n".join(fit.report_lines()))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="companion vision",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    p = sub.add_parser("markers", help="write the printable markers sheet (PNG, true scale)")
    _common(p)
    p.add_argument("--out", required=True)
    p.add_argument("--dpi", type=int, default=300)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_markers)

    p = sub.add_parser("render", help="a synthetic camera photo of a game state")
    _common(p)
    p.add_argument("--state", help="state JSON, docs/state-format.md (none: the empty board)")
    p.add_argument("--spots", action="store_true", help="pieces on the colour calibration spots")
    p.add_argument("--out", required=True, help="the photo to write (its truth goes beside it)")
    p.add_argument("--seed", type=int, default=0, help="noise and jitter seed (default 0)")
    p.add_argument("--lighting", default="daylight", help="daylight (default), warm or window")
    p.add_argument("--pose", default="overhead", help="overhead (default), tilted or offset")
    p.add_argument("--hand", action="store_true", help="a hand over the board")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("calibrate", help="empty-board reference and piece colours")
    _common(p)
    p.add_argument("--reference", required=True, help="photo of the empty board")
    p.add_argument("--pieces", help="photo with a meeple and a pyramid of each colour on the spots")
    p.add_argument(
        "--spots", help="TOML of [[spots]] kind, color, x_mm, y_mm (default: from the map)"
    )
    p.add_argument("--out", required=True, help="folder for reference.png/.json and colors.json")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_calibrate)

    p = sub.add_parser("read", help="read pieces from photos")
    _common(p)
    p.add_argument("images", nargs="+")
    p.add_argument("--calibration", help="folder written by `vision calibrate`")
    p.add_argument("--reference", help="photo of the empty board (overrides the calibration's)")
    p.add_argument("--colors", help="colors.json (overrides the calibration's)")
    p.add_argument("--debug", help="folder for overlay images")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_read)

    p = sub.add_parser("check", help="what a calibration says about the light, markers, pieces")
    _common(p)
    p.add_argument("--calibration", required=True, help="folder written by `vision calibrate`")
    p.add_argument("--photo", action="append", help="a photo to try reading (repeatable)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser(
        "fit-map", help="fit the map to your printed board from an empty-board photo"
    )
    _common(p)
    p.add_argument("--photo", help="photo of the empty board, markers in view")
    p.add_argument("--camera", help='take the photo: "picamera2", a camera number or a URL')
    p.add_argument("--out", required=True, help="folder for the fitted map and fit-report.json")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_fit_map)
    return parser


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
