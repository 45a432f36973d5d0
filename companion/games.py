"""The games the box runs: one `GameSpec` per game, read by every part that lists games.

The main menu, the setup screens, history, resume-at-boot, the purity test and the mypy scope
all read `GAMES`. Screens and sessions are named by "module:attr" strings and imported only when
used (`load`), so this module imports no pygame and no game package. Adding a game is a new pure
core package, its screens under `companion/ui/`, and one entry here (docs/architecture.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass

from companion.i18n import N_


@dataclass(frozen=True, kw_only=True)
class GameSpec:
    key: str
    """Stable id: the store's game kind when the game is saved."""
    title: str
    """msgid of the game's name (history, toasts)."""
    menu_label: str = ""
    """msgid of the main menu entry that starts one; the title unless given."""
    players: tuple[int, int]
    """Fewest and most players (seats) the game takes."""
    rounds: str | None = None
    """"module:attr" of `(rules, players) -> int | None`, the rounds a game lasts; None when the
    game's own rule ends it (Jutaku: a player's fourth plot; Countdown: the last floor)."""
    cores: tuple[str, ...]
    """The pure packages holding its rules: imported without I/O libraries in the purity test."""
    new_screen: str
    """"module:attr" of `(app) -> Screen`: what the main menu opens to set a game up."""
    session: str | None = None
    """"module:attr" of the `GameSession` class that saves it (start/open/export); None: not
    saved (nothing to resume or list in history)."""
    resume_screen: str | None = None
    """"module:attr" of `(app, session) -> Screen`: where an opened saved game goes on."""
    resume_at_boot: bool = False
    """An unfinished game of this kind reopens when the box starts (after a power cut)."""
    export_format: str | None = None
    """The `format` tag of its JSON export, or None when it has no export."""
    howto: tuple[str, ...] = ()
    """msgids of the "How to use the box" page its game menu opens: one paragraph each, the
    buttons first (`companion.ui.howto`)."""

    def __post_init__(self) -> None:
        if not self.menu_label:
            object.__setattr__(self, "menu_label", self.title)

    @property
    def saved(self) -> bool:
        return self.session is not None


METRO = GameSpec(
    key="metro",
    title=N_("Tokyo Metro"),
    players=(1, 5),
    rounds="companion.ui.metro.rounds:rounds_for",
    cores=("companion.metro",),
    new_screen="companion.ui.setup:SetupScreen",
    session="companion.app.session:MetroSession",
    resume_screen="companion.ui.launch:metro_home",
    resume_at_boot=True,
    export_format="companion/metro-game@1",
    howto=(
        N_(
            "Income track: Up/Down pick a line. OK records an action (invest, start a train, "
            "speed, speculate, loan, station, meeple), Left undoes the last entry, Right starts "
            "the train phase, Back opens this menu."
        ),
        N_(
            "The actions follow the game's action cards, chosen at setup: Start a train, Bid "
            "and Card with the Tokyo cards; Invest by disc, Copy and Sell with the Osaka cards "
            "(a Sell shows what the share pays before OK)."
        ),
        N_(
            "A question about a player (board this train? get off here?) is answered with that "
            "player's own button; OK and Back answer it when there are no player buttons."
        ),
        N_(
            "Train phase: every payout waits for OK. The game ends after the last round, or "
            "with End the game in this menu: the ranking breaks ties by turn order."
        ),
        N_(
            "With METRO DRINKS the actions add a vending machine (its fee beside each station) "
            "and the drink colour and shape cards. A solo game ends with your best on this map "
            "with these cards; History lists the solo high scores."
        ),
        N_("Main menu in this menu leaves the game; it is kept, and History resumes it."),
    ),
)
JUTAKU = GameSpec(
    key="jutaku",
    title=N_("Tokyo Jutaku"),
    players=(2, 8),
    cores=("companion.jutaku",),
    new_screen="companion.ui.jutaku:JutakuHome",
    session="companion.app.jutaku_session:JutakuSession",
    resume_screen="companion.ui.jutaku:JutakuScreen.resumed",
    howto=(
        N_(
            "OK starts a round: shout «¡Empezad!». A player who is done presses their own "
            "button: «¡alto!» stops the clock."
        ),
        N_(
            "Check each caller: Up/Down (or their button: tap +, hold -) set the plot's value, "
            "OK: the building is good, Left: not good, the round goes on."
        ),
        N_(
            "After a good building the box lists who moves, in order: OK ticks each one off. "
            "Up takes back the last verdict."
        ),
        N_(
            "Back opens this menu (a running round pauses). The game ends at a fourth plot; "
            "equal totals share the win."
        ),
    ),
)
COUNTDOWN = GameSpec(
    key="countdown",
    title=N_("Countdown"),
    players=(1, 8),
    cores=("companion.jutaku",),
    new_screen="companion.ui.countdown:CountdownSetup",
    session="companion.app.countdown_session:CountdownSession",
    resume_screen="companion.ui.countdown:CountdownScreen.resumed",
    howto=(
        N_(
            "OK starts a floor; the floor times are set up before the game (60, 45, 30 s, "
            "then 15 s, by the rulebook)."
        ),
        N_(
            "Tap your own button for each piece you place on this floor; hold it to take one "
            "back. At the buzzer, whoever placed nothing is out."
        ),
        N_(
            "Back opens this menu (a running floor pauses). The game ends when everyone is out; "
            "the score is every piece placed, equal scores share a place."
        ),
    ),
)
IZAKAYA = GameSpec(
    key="izakaya",
    title=N_("Izakaya"),
    players=(2, 5),
    cores=("companion.izakaya",),
    new_screen="companion.ui.izakaya:IzakayaSetup",
    session="companion.app.izakaya_session:IzakayaSession",
    resume_screen="companion.ui.izakaya:IzakayaScreen",
    resume_at_boot=True,
    export_format="companion/izakaya-game@1",
    howto=(
        N_(
            "The box keeps the plot grid, the six colour prices, the bids and their pile, every "
            "bottle, claim and building, and the final score; every entry is saved at once."
        ),
        N_(
            "Bids: each player's button adds ¥100 (held: takes ¥100 back), or Up/Down pick a "
            "player and Left/Right change the bid; OK enters them."
        ),
        N_(
            "Actions: Up/Down choose, OK (or the current player's button) goes on; Left/Right "
            "the colour, the arrows the place on the grid; OK enters it, Back steps back. At the "
            "top Back opens this menu, with Undo the last entry."
        ),
    ),
)

SHOPPING = GameSpec(
    key="shopping",
    title=N_("Shopping game"),
    players=(2, 8),
    cores=("companion.shopping",),
    new_screen="companion.ui.shopping:ShoppingHome",
    session="companion.app.market_sessions:ShoppingSession",
    resume_screen="companion.ui.shopping:ShoppingScreen.resumed",
    howto=(
        N_(
            "The box keeps the ten price cards, each player's yen and mackerel barrels; you move "
            "the architects and the items on the table."
        ),
        N_(
            "A player's button (or OK, then the player): Leave the shop (enter the cart with "
            "Up/Down and Left/Right, then Pay) or Buy a tuna."
        ),
        N_(
            "Back opens this menu: Undo the last entry takes back the last exit or tuna. The "
            "game ends when all players but one hold two barrels; the ranking stays on screen."
        ),
    ),
)
CHOCOLATE = GameSpec(
    key="chocolate",
    title=N_("Chocolate milk"),
    players=(2, 8),
    cores=("companion.chocolate",),
    new_screen="companion.ui.chocolate:ChocolateHome",
    session="companion.app.market_sessions:ChocolateSession",
    resume_screen="companion.ui.chocolate:ChocolateScreen.resumed",
    howto=(
        N_(
            "The box keeps the stock card prices, the drinks on the plots and in the supply, "
            "each player's yen and crates, and rolls the refill die: put that drink on the "
            "outlined plot."
        ),
        N_(
            "A player's button (or OK, then the player): Buy a drink, Sell drinks or Buy a "
            "crate. Right: the refill was drawn by hand instead."
        ),
        N_(
            "Back opens this menu: Undo the last entry. The game ends with 6 of a colour or "
            "shape in a crate or ¥2,000 in hand; the ranking stays on screen."
        ),
    ),
)

NEXT_STATION = GameSpec(
    key="next-station",
    title=N_("Next Station Tokyo"),
    players=(1, 8),
    rounds="companion.nextstation.game:rounds_for",
    cores=("companion.nextstation",),
    new_screen="companion.ui.nextstation:NextStationSetupScreen",
    session="companion.app.nextstation_session:NextStationSession",
    resume_screen="companion.ui.nextstation:play_screen",
    resume_at_boot=True,
    howto=(
        N_(
            "OK or any player's button turns the next station card; Up takes it back. The "
            "round ends at the fifth green card: draw it, then OK."
        ),
        N_(
            "After the fourth round, each player's score pad: Up/Down choose a box, "
            "Left/Right set its number, OK saves it and goes to the next player."
        ),
    ),
)

GAMES: tuple[GameSpec, ...] = (
    METRO,
    JUTAKU,
    COUNTDOWN,
    IZAKAYA,
    SHOPPING,
    CHOCOLATE,
    NEXT_STATION,
)
"""In main menu order."""


def game(key: str) -> GameSpec:
    """The entry whose key (= saved game kind) is `key`; KeyError if none."""
    for spec in GAMES:
        if spec.key == key:
            return spec
    raise KeyError(key)


def saved_games() -> tuple[GameSpec, ...]:
    return tuple(spec for spec in GAMES if spec.saved)


def core_packages() -> tuple[str, ...]:
    """Every pure core package, once each, in registry order."""
    return tuple(dict.fromkeys(pkg for spec in GAMES for pkg in spec.cores))


def load(ref: str) -> Callable[..., object]:
    """Import "package.module:attr" (attr may be dotted: "Class.method")."""
    module, _, attr = ref.partition(":")
    target: object = importlib.import_module(module)
    for part in attr.split("."):
        target = getattr(target, part)
    if not callable(target):
        raise TypeError(f"{ref} is not callable")
    return target
