"""What screens reach through `app.services` (the `companion.ui.services.Services` protocol):
the saved games and the Metro session, settings, theme, sound, LEDs, camera."""

from __future__ import annotations

import json
import logging
import os
import tempfile
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import games, i18n
from companion.app.ownerboard import OwnerBoard
from companion.app.power import Power
from companion.app.session import GameSession, MetroSession, Placing
from companion.errors import UserError
from companion.metro.solo import SoloResult
from companion.records import GameRecord
from companion.roster import Roster
from companion.store import GameInfo, Store
from companion.ui.kit.theme import Theme
from companion.voice.speaker import Voice

if TYPE_CHECKING:
    from companion.app.cameralink import CameraLink
    from companion.app.ledlink import LedLink
    from companion.app.weblink import WebLink
    from companion.devices.sound import Sound
    from companion.ui.services import PhaseView, SavedGame, SettingValue

log = logging.getLogger(__name__)
SETTINGS_FILE = "settings.json"
METRO_SCREEN_MODULES = ("companion.ui.metro",)


@dataclass
class Settings:
    """The players' preferences, saved in the data directory on every change."""

    language: str = "es"
    volume: int = 70
    muted: bool = False
    fast_trains: bool = False
    led_brightness: int = 40
    voice: bool = False
    """Spoken announcements (the config's `[voice] enabled` until a player changes it)."""
    path: Path | None = field(default=None, repr=False, compare=False)
    saved: frozenset[str] = field(default=frozenset(), repr=False, compare=False)
    """The settings the file had when loaded (the others take the config's first values)."""

    @classmethod
    def load(cls, data_dir: Path | None) -> Settings:
        path = data_dir / SETTINGS_FILE if data_dir is not None else None
        settings = cls(path=path)
        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                for f in fields(cls):
                    if f.name not in ("path", "saved") and f.name in data:
                        settings._check(f.name, data[f.name])
                        setattr(settings, f.name, data[f.name])
                settings.saved = frozenset(data)
            except (ValueError, OSError) as exc:
                log.warning("%s: ignored (%s); using the defaults", path, exc)
        return settings

    @staticmethod
    def _check(name: str, value: object) -> None:
        ok = {
            "language": lambda v: v in i18n.LANGUAGES,
            "volume": lambda v: isinstance(v, int) and 0 <= v <= 100,
            "muted": lambda v: isinstance(v, bool),
            "fast_trains": lambda v: isinstance(v, bool),
            "led_brightness": lambda v: isinstance(v, int) and 0 <= v <= 100,
            "voice": lambda v: isinstance(v, bool),
        }
        if name not in ok:
            raise ValueError(f"unknown setting {name!r}")
        if not ok[name](value):
            raise ValueError(f"bad value for {name}: {value!r}")

    def set(self, name: str, value: SettingValue) -> None:
        """Change one setting and save at once (language switches at once too)."""
        self._check(name, value)
        setattr(self, name, value)
        if name == "language":
            i18n.set_language(str(value))
        self.save()

    def save(self) -> None:
        if self.path is None:
            return
        data = {k: v for k, v in asdict(self).items() if k not in ("path", "saved")}
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".settings-")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)


class Services:
    """Implements `companion.ui.services.Services` over the store and the devices."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        theme: Theme,
        sound: Sound,
        leds: LedLink,
        camera: CameraLink | None = None,
        power: Power | None = None,
        defaults: Mapping[str, Mapping[str, Any]] | None = None,
        voice: Voice | None = None,
    ) -> None:
        self.store = store
        self.defaults = dict(defaults or {})
        self.settings = settings
        self.theme = theme
        self.sound = sound
        self.leds = leds
        self.camera = camera
        self.voice = voice or Voice(output=sound.play_wav, stop_output=sound.stop_voice)
        self.session: MetroSession | None = None
        self.data_dir = store.path.parent
        self.player_buttons = 0
        """Player buttons (or their keys) the box has: boot sets it from the config."""
        self.power = power or Power()
        self._roster: Roster | None = None
        self.owner_board = OwnerBoard(lambda: self.camera)
        """Boot says whether the devices are simulated (then the fit photographs a rendered
        owner's board when no camera is configured)."""
        self.web: WebLink | None = None
        """The phone view (boot sets it from `[web]`): follows the open game."""
        self._results: dict[tuple[int, int], GameSession[Any, Any]] = {}

    def game_defaults(self, key: str) -> Mapping[str, Any]:
        return self.defaults.get(key, {})

    def apply_settings(self) -> None:
        """Hand the current settings to the devices (after a change in the settings screen)."""
        s = self.settings
        i18n.set_language(s.language)
        self.sound.volume = s.volume / 100
        self.sound.muted = s.muted
        self.leds.brightness = s.led_brightness
        self.voice.set_enabled(s.voice)
        if self.web is not None:
            self.web.publish()

    # --- saved games --------------------------------------------------------------------------

    def games(self) -> list[GameInfo]:
        return self.store.games()

    def unfinished(self, key: str) -> int | None:
        return self.store.unfinished(key)

    def _session_type(self, key: str) -> type[GameSession[Any, Any]]:
        ref = games.game(key).session
        if ref is None:
            raise KeyError(f"{key} games are not saved")
        cls = games.load(ref)
        assert isinstance(cls, type) and issubclass(cls, GameSession)
        return cls

    def _adopt(self, session: GameSession[Any, Any]) -> SavedGame[object]:
        if isinstance(session, MetroSession):
            self.session = session
        if self.web is not None:
            self.web.follow(session)
        return session

    def new_game(self, key: str, setup: Mapping[str, Any]) -> SavedGame[object]:
        return self._adopt(self._session_type(key).start(self.store, setup))

    def open_game(self, game_id: int) -> SavedGame[object] | None:
        info = self.store.game(game_id)
        try:
            session = self._session_type(info.kind).open(self.store, game_id)
        except (ValueError, TypeError, KeyError, UserError) as exc:
            log.warning("%s game %s cannot be read (%s): set aside", info.kind, game_id, exc)
            self.store.set_finished(game_id, True)
            return None
        return self._adopt(session)

    def result(self, game_id: int) -> tuple[Placing, ...]:
        """A finished game's ranking, in the current language (() otherwise)."""
        info = self.store.game(game_id)
        if info.finished is None:
            return ()
        session = self._read(info)
        return () if session is None else session.result(i18n._)

    def solo_results(self) -> list[SoloResult]:
        """Every finished solo Metro game's score, oldest first."""
        out = []
        for info in reversed(self.store.games()):
            if info.kind != MetroSession.KIND or info.finished is None:
                continue
            if len(info.setup.get("colors", [])) != 1:
                continue
            session = self._read(info)
            solo = session.solo() if isinstance(session, MetroSession) else None
            if solo is not None:
                out.append(solo)
        return out

    def _read(self, info: GameInfo) -> GameSession[Any, Any] | None:
        """A finished game read once per log length (the results and the solo scores)."""
        key = (info.id, info.entries)
        if key not in self._results:
            try:
                self._results[key] = self._session_type(info.kind).read(self.store, info.id)
            except (ValueError, TypeError, KeyError, UserError) as exc:
                log.warning("%s game %s cannot be read (%s)", info.kind, info.id, exc)
                return None
        return self._results[key]

    # --- the players' roster and records ----------------------------------------------------

    @property
    def roster(self) -> Roster:
        """Opened at first use (start-up does not wait for it)."""
        if self._roster is None:
            self._roster = Roster.open(self.data_dir)
        return self._roster

    def records(self) -> list[GameRecord]:
        from companion.app.records_link import collect

        return collect(self.store)

    def export_game(self, game_id: int) -> Path:
        info = self.store.game(game_id)
        session = self._session_type(info.kind).open(self.store, game_id)
        return session.export(self.data_dir / "exports")

    # --- the Metro game's LEDs and camera -------------------------------------------------------

    def led_update(
        self, phase_view: PhaseView | None, now: float, shown: int | None = None
    ) -> None:
        """Screens call this each frame of a train phase: `shown` steps are on screen (default:
        the acknowledged ones). The strip lights the trains, payouts and pending question."""
        if self.session is None or phase_view is None:
            return
        if self.web is not None:
            self.web.playback(phase_view, shown)
        try:
            self.leds.use_board(self.session.rules.board)
            self.leds.phase(self.session.state, phase_view, now, shown)
        except Exception:
            log.exception("LED update failed")

    def after_frame(self, now: float, top: object = None) -> None:
        """Called by the app once a frame: keeps the strip in step with the Metro game while a
        Metro screen is on top (Jutaku and Countdown light the strip themselves)."""
        module = type(top).__module__ if top is not None else ""
        if self.session is None or not module.startswith(METRO_SCREEN_MODULES):
            return
        board = self.session.rules.board
        if self.camera is not None:
            try:
                self.camera.use_board(board)
            except Exception:
                log.exception("camera")
        try:
            self.leds.use_board(board)
            phase = self.session.phase
            if phase is not None and not self.leds.phase_frame:
                self.leds.phase(self.session.state, phase, now)
            self.leds.idle(self.session.state)
        except Exception:
            log.exception("LED update failed")

    def close(self) -> None:
        if self.web is not None:
            self.web.close()
        self.store.close()
        if self._roster is not None:
            self._roster.close()
        self.voice.close()
        self.sound.close()
        self.leds.close()
        if self.camera is not None:
            self.camera.close()
