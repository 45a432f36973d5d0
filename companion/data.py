"""Finding and loading the data files (maps, income track, layouts) with clear errors.

Every loader turns a bad file into a `UserError` that names the file and the field, so the
command line can print one line and exit with status 2.
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
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


_owner_dir: Path | None = None


def use_owner_dir(folder: str | Path | None) -> None:
    """The data directory whose owner's files (`maps/<map>.toml`, `income-track-<map>.toml`)
    replace the defaults: the app sets it at boot, the command line to the default data
    directory; None: the defaults only."""
    global _owner_dir
    _owner_dir = Path(folder) if folder is not None else None


def owner_dir() -> Path | None:
    return _owner_dir


@dataclass(frozen=True)
class OwnerFile:
    """A file the owner keeps in the data directory in place of a default, one for each map:
    the fitted map or the income track. Saving writes atomically; reset removes it."""

    pattern: str
    """Its path in the data directory, `{map}` for the map's id."""

    def path(self, map_id: str) -> Path | None:
        """Where it is (or would be saved); None without a data directory."""
        return _owner_dir / self.pattern.format(map=map_id) if _owner_dir is not None else None

    def target(self, map_id: str) -> Path:
        path = self.path(map_id)
        if path is None:
            raise UserError("no data directory for the owner's files (use_owner_dir)")
        return path

    def save(self, map_id: str, text: str) -> Path:
        path = self.target(map_id)
        _write_atomic(path, text)
        return path

    def reset(self, map_id: str) -> None:
        """Back to the default: the owner's file is removed."""
        path = self.path(map_id)
        if path is not None:
            path.unlink(missing_ok=True)


OWNER_MAP = OwnerFile("maps/{map}.toml")
OWNER_TRACK = OwnerFile("income-track-{map}.toml")


def owner_map_file(map_id: str) -> Path | None:
    """Where the owner's own map for `map_id` is (or would be) saved."""
    return OWNER_MAP.path(map_id)


def owner_track_file(map_id: str) -> Path | None:
    return OWNER_TRACK.path(map_id)


@dataclass(frozen=True)
class MapChoice:
    """Which file is "map X": the owner's when it is there and sound, else the default."""

    path: Path
    owner: bool
    problem: str | None = None
    """Why the owner's map was set aside (one line naming the file), if it was."""


def _same_stops(own: BoardMap, default: BoardMap) -> bool:
    return [(lid, line.length) for lid, line in own.lines.items()] == [
        (lid, line.length) for lid, line in default.lines.items()
    ] and {k: v.stops for k, v in own.stations.items()} == {
        k: v.stops for k, v in default.stations.items()
    }


def map_choice(name: str) -> MapChoice:
    """A map by path, or by name: the owner's map in the data directory when it reads and has
    the default's lines, stops and stations (so saved games still fit), else
    calibration/maps/<name>.toml."""
    if name.endswith(".toml") or os.sep in name:
        return MapChoice(Path(name), False)
    default = calibration_dir() / "maps" / f"{name}.toml"
    own = owner_map_file(name)
    if own is None or not own.exists() or not default.exists():
        return MapChoice(default, False)
    try:
        if not _same_stops(_load_file(own), _load_file(default)):
            raise UserError("its lines, stops or stations differ from the default map", own)
    except UserError as exc:
        return MapChoice(default, False, exc.line())
    return MapChoice(own, True)


def map_path(name: str) -> Path:
    """A map by name (the owner's if sound, else calibration/maps/<name>.toml) or by path."""
    return map_choice(name).path


def owner_map_problems(names: list[str] | None = None) -> list[str]:
    """For each owner's map set aside as unreadable, one line (the boot shows them)."""
    return [p for n in names or available_maps() if (p := map_choice(n).problem)]


def _write_atomic(path: Path, text: str) -> None:
    """Write via a temporary file and a rename, so a power cut leaves the old file or the new,
    never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_owner_map(map_id: str, text: str) -> Path:
    """Check and save the owner's map text for `map_id` into the data directory."""
    path = OWNER_MAP.target(map_id)
    try:
        board = parse_map(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, MetroError) as exc:
        raise UserError(f"the fitted map is not valid ({exc})", path) from None
    if not _same_stops(board, _load_file(calibration_dir() / "maps" / f"{map_id}.toml")):
        raise UserError("its lines, stops or stations differ from the default map", path)
    return OWNER_MAP.save(map_id, text)


def reset_owner_map(map_id: str) -> None:
    OWNER_MAP.reset(map_id)


def load_map(name: str = "tokyo") -> BoardMap:
    path = map_path(name)
    if not path.exists() and not (name.endswith(".toml") or os.sep in name):
        known = sorted(p.stem for p in (calibration_dir() / "maps").glob("*.toml"))
        raise UserError(f"unknown map {name!r}; known maps: {', '.join(known) or 'none'}", path)
    return _load_file(path)


def _load_file(path: Path) -> BoardMap:
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
    """The owner's income track for the map (data directory) when it reads, else the map's own
    (`income-track-osaka.toml`), else None (the default track, `income-track.toml`)."""
    own = owner_track_file(map_id)
    if own is not None and own.exists():
        try:
            load_track(own)
            return own
        except UserError:
            pass
    path = calibration_dir() / f"income-track-{map_id}.toml"
    return path if path.exists() else None


def save_owner_track(map_id: str, track: IncomeTrack) -> Path:
    """Save the owner's income track for the map into the data directory."""
    rows = "\n".join(f"  [{v}, {a}, {b}]," for v, (a, b) in sorted(track.pairs.items()))
    text = (
        "# The owner's income track, saved by the box (Settings > Income track).\n"
        f'format = "companion/income-track@1"\npairs = [\n{rows}\n]\n'
    )
    return OWNER_TRACK.save(map_id, text)


def reset_owner_track(map_id: str) -> None:
    OWNER_TRACK.reset(map_id)


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
