"""What a screen may use of the app, as protocols: the app (`companion.app`) implements them.

`AppContext.services` is a `Services`: the saved games (start, open, list), the Metro session,
settings, theme, sound, voice, LEDs and camera. Screens call these and never probe with `hasattr`;
nothing here imports the app, so `ui` depends on the cores, the kit and this seam only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from companion.metro import (
    Decision,
    EndGameResult,
    MetroRules,
    MetroState,
    Prompt,
    SoloResult,
    Step,
)
from companion.names import TableNames, table_names
from companion.records import GameRecord
from companion.roster import Player
from companion.store import Entry, GameInfo

if TYPE_CHECKING:
    from companion.mapdraft import MapDraft
    from companion.metro.board import BoardMap
    from companion.metro.track import IncomeTrack
    from companion.ui.kit.theme import Theme
    from companion.vision.proposals import Proposal

RGB = tuple[int, int, int]
S_co = TypeVar("S_co", covariant=True)
JSONObject = Mapping[str, object]
"""A game's setup as it is saved: JSON-ready."""
SettingValue = str | int | bool


class SavedGame(Protocol[S_co]):
    """One saved game (`companion.app.session.GameSession`): every change is saved first."""

    @property
    def game_id(self) -> int: ...
    @property
    def state(self) -> S_co: ...
    @property
    def setup(self) -> JSONObject: ...
    @property
    def finished(self) -> bool: ...
    @property
    def entry_count(self) -> int: ...
    @property
    def events(self) -> Sequence[object]: ...
    def last_entry(self) -> Entry | None: ...
    @property
    def entries(self) -> tuple[Entry, ...]:
        """The log as saved: the events and, for Metro, the train phases' entries."""
        ...

    def record(self, event: object) -> S_co:
        """Validate with the game's rules, save, apply; raises the core's refusal (TypeError
        for what is not one of the game's events)."""
        ...

    def undo(self, count: int = 1) -> bool: ...


class PhaseView(Protocol):
    """A train phase as far as it is computed: steps, pending question, acknowledgements."""

    @property
    def steps(self) -> tuple[Step, ...]: ...
    @property
    def pending(self) -> Prompt | None: ...
    @property
    def acked(self) -> int: ...
    @property
    def done(self) -> bool: ...
    @property
    def state(self) -> MetroState: ...


class MetroGame(SavedGame[MetroState], Protocol):
    """A Tokyo Metro game: the saved game plus its train phase (`MetroSession`)."""

    @property
    def rules(self) -> MetroRules: ...
    @property
    def phase(self) -> PhaseView | None: ...
    def begin_train_phase(self) -> PhaseView: ...
    def answer(self, decision: Decision) -> PhaseView: ...
    def ack(self, upto: int) -> None: ...
    def finish_train_phase(self) -> MetroState: ...
    def value_history(self) -> dict[str, list[int]]: ...
    def end_game(self) -> EndGameResult: ...
    def export_json(self) -> dict[str, object]: ...


class SettingsLike(Protocol):
    """The players' preferences; `set` checks, saves, and switches the language at once."""

    language: str
    volume: int
    muted: bool
    fast_trains: bool
    led_brightness: int
    voice: bool

    def set(self, name: str, value: SettingValue) -> None: ...


class SoundPlayer(Protocol):
    def play(self, cue: str) -> None: ...
    def stop_all(self) -> None: ...


class Announcer(Protocol):
    """Spoken announcements (`companion.voice.speaker.Voice`): `say` queues and returns."""

    def say(self, text: str, interrupt: bool = False) -> None: ...
    def take_notice(self) -> str | None:
        """Why announcements on cannot be heard (espeak-ng missing): once, then None."""
        ...


class RosterBook(Protocol):
    """The players' names kept on the box (`companion.roster.Roster`); refusals raise
    `companion.roster.BadName`."""

    def players(self) -> list[Player]: ...
    def add(self, name: str) -> Player: ...
    def rename(self, player_id: int, name: str) -> Player: ...
    def remove(self, player_id: int) -> None: ...


class LedStrip(Protocol):
    """The strip as screens light it directly (Jutaku, Countdown); Metro's follows the game."""

    @property
    def count(self) -> int: ...
    def show(self, colors: list[RGB]) -> None: ...


class Camera(Protocol):
    """The camera's readings of the board, as proposals against the game's state."""

    @property
    def version(self) -> int: ...
    @property
    def status_code(self) -> str: ...
    @property
    def status(self) -> str: ...
    def use_board(self, board: BoardMap) -> None: ...
    def latest_proposals(self, state: MetroState) -> Sequence[Proposal]: ...
    def meeples_touching(self, stop_id: str) -> list[str] | None: ...


class OwnerBoard(Protocol):
    """The owner's own board (`companion.app.ownerboard`): the map fitted from the camera and
    the income track, saved into the data directory; the defaults back with one call."""

    def maps(self) -> list[str]: ...
    def map_name(self, map_id: str) -> str: ...
    def has_own_map(self, map_id: str) -> bool: ...
    def fit(self, map_id: str) -> MapDraft:
        """Take the photo and fit the map (UserError with a translated message)."""
        ...

    def save_map(self, draft: MapDraft) -> None: ...
    def reset_map(self, map_id: str) -> None: ...
    def track(self, map_id: str) -> IncomeTrack: ...
    def has_own_track(self, map_id: str) -> bool: ...
    def save_track(self, map_id: str, track: IncomeTrack) -> None: ...
    def reset_track(self, map_id: str) -> None: ...


class PowerSwitch(Protocol):
    """What "Turn off" does: `shuts_down` True powers the Pi off (under the service), False
    only quits the app (the confirm screen says which)."""

    @property
    def shuts_down(self) -> bool: ...
    def request(self) -> None:
        """Power off once the app has closed (the screen then quits the app)."""
        ...


class PhoneViewStatus(Protocol):
    """The phone view's web server as Settings shows it (`companion.app.weblink.WebLink`)."""

    @property
    def enabled(self) -> bool: ...
    @property
    def running(self) -> bool: ...
    @property
    def error(self) -> str:
        """Why it is not running although enabled (a busy port); "" otherwise."""
        ...

    def url(self) -> str:
        """The address a phone on the box's network opens."""
        ...


class Services(Protocol):
    """Everything a screen reaches through `app.services`."""

    @property
    def session(self) -> MetroGame | None:
        """The Metro game being played (the Metro screens' game), if any."""
        ...

    @property
    def settings(self) -> SettingsLike: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def sound(self) -> SoundPlayer: ...
    @property
    def voice(self) -> Announcer: ...
    @property
    def leds(self) -> LedStrip: ...
    @property
    def camera(self) -> Camera | None: ...
    @property
    def data_dir(self) -> Path: ...
    @property
    def player_buttons(self) -> int:
        """How many player buttons there are (seat order); 0: questions about a player are
        answered with OK/BACK instead."""
        ...

    @property
    def power(self) -> PowerSwitch: ...
    @property
    def owner_board(self) -> OwnerBoard: ...
    @property
    def web(self) -> PhoneViewStatus | None:
        """The phone view (None when the app was built without one)."""
        ...

    def game_defaults(self, key: str) -> JSONObject:
        """The config's setup defaults for a game (Countdown: `floor_times`); {} if none."""
        ...

    def apply_settings(self) -> None:
        """Hand the settings to the devices (after the settings screen changed one)."""
        ...

    def led_update(
        self, phase_view: PhaseView | None, now: float, shown: int | None = None
    ) -> None:
        """Each frame of a train phase: light the strip for the `shown` steps."""
        ...

    # --- saved games (the registry's `key` is the store's kind) --------------------------------

    def games(self) -> list[GameInfo]:
        """Every saved game, newest first."""
        ...

    def unfinished(self, key: str) -> int | None:
        """The newest unfinished saved game of this kind."""
        ...

    def new_game(self, key: str, setup: JSONObject) -> SavedGame[object]:
        """Start and save a game of this kind (Metro's becomes `session`)."""
        ...

    def solo_results(self) -> list[SoloResult]:
        """Every finished solo Metro game's score (map, card set, total), oldest first."""
        ...

    def open_game(self, game_id: int) -> SavedGame[object] | None:
        """Open a saved game (Metro's becomes `session`); None, and the game is set aside as
        finished, when its log cannot be read any more."""
        ...

    def result(self, game_id: int) -> Sequence[tuple[int, str, str]]:
        """A finished game's ranking, best first: (rank, player, figure) in the current
        language; empty while it is not finished."""
        ...

    def export_game(self, game_id: int) -> Path:
        """Write the game's JSON export into the data folder; its path."""
        ...

    @property
    def roster(self) -> RosterBook: ...
    def records(self) -> list[GameRecord]:
        """Every saved game with its seats, names and totals (the players' records)."""
        ...


def current_metro(services: Services) -> MetroGame:
    """The Metro game the Metro screens show: they are only opened over one."""
    session = services.session
    if session is None:
        raise LookupError("no Tokyo Metro game is open")
    return session


def metro_names(services: Services) -> TableNames:
    """How the Metro screens name the current game's players ("Ana (Red)", else "Red")."""
    return table_names(current_metro(services).setup)
