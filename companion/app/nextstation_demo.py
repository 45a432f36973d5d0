"""The scripted NEXT STATION TOKYO demo: two players, four rounds of reveals, the score pad.

It presses buttons on the real screens as `companion.app.demo` does for Metro (same driver):
main menu, setup, OK for every card until each round's fifth green card, then every player's
pad entered box by box, and the results.
"""

from __future__ import annotations

from companion import games
from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Say, Wait
from companion.nextstation.game import NextStationState
from companion.nextstation.scoring import total
from companion.ui.nextstation.flow import GameScreen
from companion.ui.nextstation.scoring import ScoringScreen
from companion.ui.screen import Action

PADS = (
    # per player: (districts, most stations) for each line, then the other boxes' values
    ((5, 3), (4, 2), (6, 3), (3, 3), 2, 1, 0, 1, 2, 1),
    ((4, 4), (5, 2), (3, 3), (6, 2), 1, 0, 1, 2, 1, 3),
)


class NextStationDemo(DemoScript):
    def state(self) -> NextStationState:
        screen = self.drive.top
        if not isinstance(screen, GameScreen):
            raise DemoError(f"no Next Station game on {self.drive.name}")
        return screen.state

    def script(self) -> Wait:
        d = self.drive
        yield from d.wait_for("main-menu")
        yield from d.pause(1.0)
        self.remember("Main menu: Next Station Tokyo")
        yield from d.list_item(1 + games.GAMES.index(games.NEXT_STATION), "main-menu")
        yield from d.wait_for("next-station-setup")
        setup = d.top
        self.remember("Setup: players " + ", ".join(setup.colors))
        yield from d.pause(1.0)
        yield from d.list_item(len(setup.items) - 1, "next-station-setup")
        yield from d.wait_for("next-station-reveal")
        for _ in range(4):
            yield from self.round()
        yield from d.wait_for("next-station-scoring")
        for player in range(len(self.state().setup.players)):
            yield from self.pad(player)
        yield from d.wait_for("next-station-results")
        state = self.state()
        colors = state.setup.players
        self.log.ranking = [colors[s.player] for s in state.standings]
        self.remember(
            "Results: "
            + ", ".join(f"{s.place}. {colors[s.player]} {s.total}" for s in state.standings)
        )
        yield from d.pause(2.5)
        yield from d.leave_game()

    def round(self) -> Wait:
        d = self.drive
        state = self.state()
        self.remember(f"Round {state.round + 1}: the {state.line} line")
        while self.state().phase == "reveal":
            yield from d.press(Action.OK)
            s = self.state()
            if s.card is not None:
                ignored = " (ignored)" if s.ignored else ""
                self.remember(f"  card {s.shown}: {s.card.key}{ignored}, green {s.greens} of 5")
                self.log.entries += 1
            yield from d.pause(0.6)
        self.app.request_screenshot(f"round-{state.round + 1}-end")
        yield from d.pause(1.0)
        yield from d.press(Action.OK)

    def pad(self, player: int) -> Wait:
        d = self.drive
        screen = d.top
        if not isinstance(screen, ScoringScreen):
            raise DemoError(f"expected the score pad, on {d.name}")
        if screen.player != player:
            raise DemoError(f"the score pad shows player {screen.player + 1}, not {player + 1}")
        lines, rest = PADS[player % len(PADS)][:4], PADS[player % len(PADS)][4:]
        values = [n for pair in lines for n in pair] + list(rest)
        for box, value in enumerate(values[: len(screen.boxes)]):
            while screen.index != box:
                yield from d.press(Action.DOWN)
            for _ in range(value):
                yield from d.press(Action.RIGHT)
        self.remember(
            f"  {screen.state.setup.players[player]}: pad entered, total {total(screen.sheet)}"
        )
        yield from d.press(Action.OK)
        self.log.entries += 1


def start_nextstation_demo(app: App, say: Say, pace: float = 1.0) -> NextStationDemo:
    script = NextStationDemo(app, 4, say, pace)
    app.tickers.append(script.tick)
    return script
