"""`companion demo --drinks`: the scripted Metro game played with METRO DRINKS, on the real
screens as the demo plays (`companion.app.demo`).

The setup turns METRO DRINKS on. In the first round, after the usual entries, Red takes the
Blue drinks and Blue the Mint ones (colour cards). In the first round whose train phase pays
at a station of another player (Tokyo's first; Osaka's second, once the trams reach their end
stations), Red walks there and builds a vending machine, paying its owner the fee, and Blue
stands a Mint drink beside a pyramid on the table; the camera's question ("Mint drink at
...?") records it. The train phase then pays the drink bonuses beside the station payouts;
the final ranking has the drink income row.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Say, Wait, refused_text
from companion.colors import color_name, drink_name
from companion.i18n import _
from companion.metro import run_train_phase
from companion.metro.board import Square
from companion.metro.drinks import BuildDrink, TakeDrinkColor
from companion.metro.events import MoveMeeple
from companion.metro.state import MetroState
from companion.metro.steps import Paid
from companion.narrate import station_name
from companion.ui.metro.actions import describe
from companion.ui.screen import Action

CAMERA_WAIT = 20.0
"""Real seconds the camera has to ask about the drink before it is entered by hand."""
CARDS = (("red", "blue"), ("blue", "mint"))
"""(player, drink colour) of the colour cards taken in the first round."""


class DrinksDemoScript(DemoScript):
    """The drinks part, on any map's demo: `start_drinks_demo` mixes it into the map's own
    script (its setup choices and entries come first)."""

    def __init__(self, app: App, rounds: int, say: Say, pace: float = 1.0) -> None:
        super().__init__(app, rounds, say, pace)
        self.camera_drinks = 0
        """Vending machines recorded from the camera's question."""

    def choose_setup(self, setup: Any) -> Wait:
        yield from super().choose_setup(setup)
        d = self.drive
        row = next(i for i, o in enumerate(setup.items) if o.text == _("METRO DRINKS"))
        yield from d.cursor_to(row, lambda: int(setup.index), len(setup.items))
        yield from d.press(Action.RIGHT)
        if setup.drinks is None:
            raise DemoError("the setup did not turn METRO DRINKS on")
        self.remember(_("Setup: with METRO DRINKS (drink bonus: every drink of its colour)"))

    def action_phase(self) -> Wait:
        yield from super().action_phase()
        if self.session.state.round == 1:
            for player, color in CARDS:
                yield from self.record_entry(TakeDrinkColor(player, color))
        yield from self.drinks()

    def drinks(self) -> Wait:
        """Red's vending machine and Blue's drink, each once a train phase pays there."""
        built = set(self.session.state.drinks.values())
        paying = None
        if "blue" not in built:
            paying = self.paying_station("red", "blue")
            if paying is not None:
                yield from self.walk("red", paying)
                owner = self.session.state.stations[paying]
                fee = _("fee to {owner}").format(owner=color_name(owner))
                yield from self.record_entry(BuildDrink("red", paying, "blue"), f" ({fee})")
        if "mint" not in built:
            other = self.paying_station("blue", "mint", exclude={paying} if paying else set())
            if other is not None:
                yield from self.walk("blue", other)
                yield from self.drink_by_camera("blue", other, "mint")

    def record_entry(self, event: Any, note: str = "") -> Wait:
        """Enter `event` on the screens and say what was recorded (`note` after it)."""
        yield from self.enter(event)
        what = describe(event, self.session.rules.board)
        if self.drive.refused:
            self.remember("  " + refused_text(what, self.drive.refused))
        else:
            self.log.entries += 1
            self.remember(f"  {what}{note}")

    def walk(self, player: str, station: str) -> Wait:
        square = self.free_square(player, station)
        meeple = self.session.state.meeples.get(player)
        if square is not None and (meeple is None or meeple.square != square):
            yield from self.record_entry(MoveMeeple(player, square))

    def free_square(self, player: str, station: str) -> Square | None:
        board, state = self.session.rules.board, self.session.state
        taken = {m.square for c, m in state.meeples.items() if c != player}
        free = sorted(sq for sq in board.squares_touching_station(station) if sq not in taken)
        return free[0] if free else None

    def paying_station(
        self, builder: str, color: str, exclude: set[str] | None = None
    ) -> str | None:
        """A station with a pyramid (another player's, if any) that a train reaches this
        phase, so a drink there pays its bonus; None if no train reaches one."""
        s = self.session
        state: MetroState = s.state
        owned = [sid for sid in state.stations if sid not in (exclude or set())]
        owned.sort(key=lambda sid: state.stations[sid] == builder)
        for sid in owned:
            if sid in state.drinks or self.free_square(builder, sid) is None:
                continue
            trial = replace(state, drinks={**state.drinks, sid: color})
            phase = run_train_phase(s.rules, trial)
            if any(isinstance(p, Paid) and p.station == sid for p in phase.steps):
                return sid
        return None

    def drink_by_camera(self, player: str, station: str, color: str) -> Iterator[float]:
        """The player stands a drink on the table; the camera asks; the player's button says
        yes. Entered by hand if the camera does not ask in time."""
        d = self.drive
        table = self.table
        if table is None:
            yield from self.record_entry(BuildDrink(player, station, color))
            return
        yield from d.wait_for("metro-home")
        table.put_drink(station, color)
        board = self.session.rules.board
        self.remember(
            "  "
            + _("{player} puts a {drink} drink beside {station} (on the table)").format(
                player=color_name(player),
                drink=drink_name(color),
                station=station_name(board, station),
            )
        )
        yield from table.wait()
        yield from self.answer_camera(lambda: station in self.session.state.drinks, CAMERA_WAIT)
        if self.session.state.drinks.get(station) == color:
            self.camera_drinks += 1
            self.log.entries += 1
            self.log.camera += 1
            return
        self.remember("  " + _("the camera did not see it: entered by hand"))
        yield from self.record_entry(BuildDrink(player, station, color))


def start_drinks_demo(
    app: App, rounds: int, say: Say, pace: float = 1.0, map_name: str = "tokyo"
) -> DemoScript:
    """The demo game with METRO DRINKS, on Tokyo's map or `map_name="osaka"`'s."""
    script: DemoScript
    if map_name == "osaka":
        from companion.app.osaka_demo import OsakaDemo

        class OsakaDrinksDemo(DrinksDemoScript, OsakaDemo):
            pass

        script = OsakaDrinksDemo(app, rounds, say, pace)
    else:
        script = DrinksDemoScript(app, rounds, say, pace)
    app.tickers.append(script.tick)
    return script
