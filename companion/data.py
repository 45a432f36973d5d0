"""Finding and loading the data files (maps, income track, layouts) with clear errors.

Every loader turns a bad file into a `UserError` that names the file and the field, so the
command line can print one line and exit with status 2.
"""

from __future__ import annotations

import functools
import json
import os
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from companion.errors import UserError
from companion.metro.board import BoardMap, parse_map
from companion.metro.errors import MetroError
from companion.metro.events import MetroRules
from companion.metro.state import MetroState, parse_state
from companion.metro.track import IncomeTrack, parse_track
from companion.nextstation.deck import Deck, DeckError, OrangeCard, parse_deck, parse_oranges

REPO_ROOT = Path(__file__).resolve().parent.parent


def calibration_dir() -> Path:
    """`$COMPANION_CALIBRATION`, else the `calibration/` folder beside the package."""
    return Path(os.environ.get("COMPANION_CALIBRATION", REPO_ROOT / "calibration"))


def _read(path: str | Path, decode: Callable[[BinaryIO], Any]) -> Any:
    """Decode a file, turning every way it can be bad into one UserError naming it."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            return decode(f)
    except FileNotFoundError:
        raise UserError("no such file", path) from None
    except IsADirectoryError:
        raise UserError("expected a file, found a folder", path) from None
    except PermissionError:
        raise UserError("cannot be read (permission denied)", path) from None
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"not valid TOML ({exc})", path) from None
    except json.JSONDecodeError as exc:
        where = f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        raise UserError(f"not valid JSON ({where})", path) from None
    except UnicodeDecodeError:
        raise UserError("not valid UTF-8 text", path) from None


def read_toml(path: str | Path) -> dict[str, Any]:
    data: dict[str, Any] = _read(path, tomllib.load)
    return data


def read_json(path: str | Path) -> Any:
    return _read(path, json.load)


def map_path(name: str) -> Path:
    """A map by name (`tokyo` -> calibration/maps/tokyo.toml) or by path."""
    if name.endswith(".toml") or os.sep in name:
        return Path(name)
    return calibration_dir() / "maps" / f"{name}.toml"


def load_map(name: str = "tokyo") -> BoardMap:
    path = map_path(name)
    if not path.exists() and not (name.endswith(".toml") or os.sep in name):
        known = sorted(p.stem for p in (calibration_dir() / "maps").glob("*.toml"))
        raise UserError(f"unknown map {name!r}; known maps: {', '.join(known) or 'none'}", path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        stamp = -1
    return _parse_map_file(path.resolve(), stamp)


@functools.lru_cache(maxsize=8)
def _parse_map_file(path: Path, stamp: int) -> BoardMap:
    """Parsing the Tokyo map and its grid geometry takes ~0.1 s; a map is immutable, so each
    file version is parsed once (the map editor's saves change the stamp)."""
    data = read_toml(path)
    try:
        return parse_map(data)
    except MetroError as exc:
        raise UserError(exc.message, path, exc.field) from None


def load_track(path: str | Path | None = None) -> IncomeTrack:
    path = Path(path) if path is not None else calibration_dir() / "income-track.toml"
    if not path.exists() and path == calibration_dir() / "income-track.toml":
        return IncomeTrack.default()
    try:
        return parse_track(read_toml(path))
    except MetroError as exc:
        raise UserError(exc.message, path, exc.field) from None


def track_path(map_id: str) -> Path | None:
    """A map's own income track (`income-track-osaka.toml`), if it has one; else None (the
    default track, `income-track.toml`)."""
    path = calibration_dir() / f"income-track-{map_id}.toml"
    return path if path.exists() else None


def load_rules(map_name: str = "tokyo", track: str | Path | None = None) -> MetroRules:
    """The map's rules with `track`, else the map's own income track, else the default one."""
    board = load_map(map_name)
    return MetroRules(board, load_track(track if track is not None else track_path(board.id)))


def load_station_deck(path: str | Path | None = None) -> Deck:
    """The Next Station Tokyo deck (calibration/next-station-deck.toml unless given)."""
    path = Path(path) if path is not None else calibration_dir() / "next-station-deck.toml"
    try:
        return parse_deck(read_toml(path))
    except DeckError as exc:
        raise UserError(exc.message, path, exc.field) from None


def load_orange_cards(path: str | Path | None = None) -> tuple[OrangeCard, ...]:
    """The Next Station Tokyo orange cards (calibration/next-station-orange.toml unless given)."""
    path = Path(path) if path is not None else calibration_dir() / "next-station-orange.toml"
    try:
        return parse_oranges(read_toml(path))
    except DeckError as exc:
        raise UserError(exc.message, path, exc.field) from None


def load_state(path: str | Path, board: BoardMap) -> MetroState:
    try:
        return parse_state(read_json(path), board)
    except MetroError as exc:
        raise UserError(exc.message, path, exc.field) from None


def available_maps() -> list[str]:
    """Map names for the setup screen: the calibrated maps, Tokyo first."""
    names = sorted(p.stem for p in (calibration_dir() / "maps").glob("*.toml"))
    if "tokyo" in names:
        names.remove("tokyo")
        names.insert(0, "tokyo")
    return names
