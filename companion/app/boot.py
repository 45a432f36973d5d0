"""Put the app together from the config: display, store, settings, devices, inputs, first screen."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from companion import data, i18n
from companion.app.cameralink import CameraLink, parse_camera_table
from companion.app.core import App
from companion.app.inputs import KeyMap, has_pins, open_gpio, player_button_count
from companion.app.ledlink import LedLink
from companion.app.power import Power
from companion.app.services import Services, Settings
from companion.app.weblink import WebLink
from companion.config import Config
from companion.devices.sound import Sound, SoundConfig
from companion.errors import UserError
from companion.i18n import _
from companion.store import CorruptStore, Store, default_data_dir
from companion.ui.kit.theme import Theme
from companion.voice.speaker import Voice, VoiceConfig
from companion.web.config import WebConfig

log = logging.getLogger(__name__)


@dataclass
class Options:
    size: tuple[int, int] | None = None
    fullscreen: bool | None = None
    headless: bool = False
    realtime: bool = True
    strict: bool = False
    data_dir: Path | None = None
    screenshot_dir: Path | None = None
    resume: bool = True
    """Open the unfinished game at start, as after a power cut."""
    strip_band: int = 0
    """Pixels under the screen where the simulated LED strip is drawn (the demo)."""
    simulated_devices: bool = False
    """Simulated sound backend (tests); the demo plays real sound when it can."""


def use_dummy_drivers() -> None:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def open_store(data_dir: Path) -> tuple[Store, str | None]:
    """The store, and a warning when a damaged database had to be moved aside."""
    try:
        return Store.open(data_dir), None
    except CorruptStore as exc:
        log.warning("%s", exc.line())
        return Store.open(data_dir), exc.line()


@dataclass(frozen=True)
class Devices:
    sound: Sound
    leds: LedLink
    camera: CameraLink | None
    voice: Voice


def make_devices(config: Config, data_dir: Path, simulated: bool) -> Devices:
    """Sound, LEDs and camera, each from its backend table (simulated when nothing is there)."""
    sound_config = SoundConfig.from_toml_table(config.sound, config.path)
    sound = Sound(sound_config, backend="simulated" if simulated else None)
    leds = LedLink(config.leds, config.path, data_dir)
    source = parse_camera_table(config.camera, config.path)
    camera = CameraLink(source, data_dir) if source is not None else None
    voice_config = VoiceConfig.from_toml_table(config.voice or None, config.path)
    voice = Voice(
        voice_config,
        backend="simulated" if simulated else None,
        output=sound.play_wav,
        stop_output=sound.stop_voice,
    )
    return Devices(sound, leds, camera, voice)


def build_app(config: Config, options: Options | None = None) -> App:
    import pygame

    opts = options or Options()
    web = WebConfig.from_toml_table(config.web, config.path)
    if opts.headless:
        use_dummy_drivers()
    data_dir = Path(opts.data_dir or config.data_dir or default_data_dir())
    store, warning = open_store(data_dir)
    data.use_owner_dir(store.path.parent)
    settings = Settings.load(store.path.parent)
    if not (store.path.parent / "settings.json").exists():
        settings.language = config.language or settings.language
        volume = config.sound.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
            settings.volume = volume
    i18n.set_language(settings.language)

    devices = make_devices(config, store.path.parent, opts.simulated_devices)
    if "voice" not in settings.saved:
        settings.voice = devices.voice.config.enabled
    size = opts.size or config.screen.size
    fullscreen = config.screen.fullscreen if opts.fullscreen is None else opts.fullscreen
    flags = pygame.FULLSCREEN if fullscreen else 0
    try:
        pygame.display.init()
        pygame.font.init()
        window_size = (size[0], size[1] + opts.strip_band)
        window = pygame.display.set_mode((0, 0) if fullscreen else window_size, flags)
    except pygame.error as exc:
        driver = os.environ.get("SDL_VIDEODRIVER", "default")
        raise UserError(
            f"cannot open the screen ({exc}); on a Pi without a desktop set SDL_VIDEODRIVER=kmsdrm",
            None,
            f"SDL video driver {driver}",
        ) from None
    pygame.display.set_caption("Companion")
    if fullscreen:
        pygame.mouse.set_visible(False)
    width, height = window.get_size()
    surface = window.subsurface((0, 0, width, height - opts.strip_band))
    theme = Theme(surface.get_size())
    services = Services(
        store,
        settings,
        theme,
        devices.sound,
        devices.leds,
        devices.camera,
        Power.from_env(),
        config.game_defaults(),
        devices.voice,
    )
    services.owner_board.simulated = opts.simulated_devices
    services.apply_settings()
    app = App(
        surface,
        services,
        fps=config.screen.fps,
        realtime=opts.realtime,
        keymap=KeyMap(config.input),
        strict=opts.strict,
    )
    app.window = window
    services.web = WebLink(web, store.path.parent, app.now, lambda: settings.language)
    services.web.start()
    if services.web.error:
        app.toast(
            _("Phone view not started: {reason}").format(reason=services.web.error), "bad", 8.0
        )
    if opts.strip_band:
        band = (0, height - opts.strip_band, width, opts.strip_band)
        app.overlays.append(lambda win: services.leds.draw_view(win, band))
    app.screenshot_dir = Path(opts.screenshot_dir) if opts.screenshot_dir else None
    app.gpio, app.input_status = open_gpio(config.input, app.inputs, app.now)
    services.player_buttons = player_button_count(config.input, app.gpio is not None)
    if warning:
        app.toast(warning, "bad", 10.0)
    if notice := devices.voice.take_notice():
        app.toast(notice, "bad", 6.0)
    for problem in data.owner_map_problems():
        log.warning("owner's map set aside: %s", problem)
        app.toast(_("Your own map could not be read: the default map is used"), "bad", 10.0)
    if app.gpio is None and config.input.gpio == "on" and has_pins(config.input):
        app.toast(_("Buttons not available: using the keyboard"), "bad", 6.0)

    from companion.ui import launch
    from companion.ui.menu import MainMenu

    app.push(MainMenu(app))
    if opts.resume:
        game_id = launch.unfinished_at_boot(app)
        if game_id is not None:
            launch.resume(app, game_id)
    return app


def shutdown(app: App) -> None:
    import pygame

    if app.gpio is not None:
        app.gpio.close()
    app.services.close()
    pygame.display.quit()
