"""Settings: language (at once), volume, mute, fast trains, LED brightness, spoken announcements;
saved on change. The owner's own board: fit the map to it from the camera, and the income
track. The players' roster (Players) and the phone view (its address and QR code) have their
own screens."""

from __future__ import annotations

from companion.i18n import LANGUAGE_NAMES, LANGUAGES, _
from companion.ui.kit import ListMenu, Option
from companion.ui.screen import AppContext
from companion.ui.services import SettingValue


def _yes_no(value: bool) -> str:
    return _("Yes") if value else _("No")


class SettingsScreen(ListMenu):
    name = "settings"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Settings"))
        s = app.services.settings
        self.hint = lambda: _("Left/right: change · Back: return")
        self.items = [
            Option(
                lambda: _("Language"),
                detail=lambda: LANGUAGE_NAMES[s.language],
                on_change=lambda d: self._set(
                    "language", LANGUAGES[(LANGUAGES.index(s.language) + d) % len(LANGUAGES)]
                ),
            ),
            Option(
                lambda: _("Volume"),
                detail=lambda: f"{s.volume} %",
                on_change=lambda d: self._set("volume", min(100, max(0, s.volume + 10 * d))),
            ),
            Option(
                lambda: _("Mute"),
                detail=lambda: _yes_no(s.muted),
                on_change=lambda d: self._set("muted", not s.muted),
            ),
            Option(
                lambda: _("Fast trains"),
                detail=lambda: _yes_no(s.fast_trains),
                on_change=lambda d: self._set("fast_trains", not s.fast_trains),
            ),
            Option(
                lambda: _("LED brightness"),
                detail=lambda: f"{s.led_brightness} %",
                on_change=lambda d: self._set(
                    "led_brightness", min(100, max(0, s.led_brightness + 10 * d))
                ),
            ),
            Option(
                lambda: _("Spoken announcements"),
                detail=lambda: _yes_no(s.voice),
                on_change=lambda d: self._set("voice", not s.voice),
            ),
            Option(lambda: _("Players"), detail=self._players, on_ok=self._roster),
            Option(lambda: _("Phone view"), on_ok=self._phone_view),
            Option(lambda: _("Fit the map to my board"), on_ok=self._fit_map),
            Option(lambda: _("Income track"), on_ok=self._track),
        ]

    def _players(self) -> str:
        return str(len(self.app.services.roster.players()))

    def _roster(self) -> None:
        from companion.ui.players import PlayersScreen

        self.app.push(PlayersScreen(self.app))

    def _phone_view(self) -> None:
        from companion.ui.phone_view import PhoneViewScreen

        self.app.push(PhoneViewScreen(self.app))

    def _fit_map(self) -> None:
        from companion.ui.mapfit import MapFitMenu

        self.app.push(MapFitMenu(self.app))

    def _track(self) -> None:
        from companion.ui.trackedit import TrackEditor

        self.app.push(TrackEditor(self.app))

    def _set(self, name: str, value: SettingValue) -> None:
        services = self.app.services
        services.settings.set(name, value)
        services.apply_settings()
        if notice := services.voice.take_notice():
            self.app.toast(notice, "bad", 6.0)
