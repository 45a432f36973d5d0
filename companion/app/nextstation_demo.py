"""The scripted NEXT STATION TOKYO demo: two players, four rounds of reveals, the score pad.

It presses buttons on the real screens as `companion.app.demo` does for Metro (same driver):
main menu, setup, OK for every card until each round's fifth green card, then every player's
pad entered box by box, and the results.
"""

from __future__ import annotations

from companion import games
from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Say, Wait, players_text
from companion.colors import color_name
from companion.i18n import _
from companion.nextstation.deck import GREENS_PER_ROUND
from companion.nextstation.game import NextStationState
from companion.nextstation.scoring import total
from companion.ui.nextstation.card import card_kind, card_title
from companion.ui.nextstation.flow import GameScreen
from companion.ui.nextstation.reveal import line_text, round_title
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
        self.remember(_("Main menu: {game}").format(game=_(games.NEXT_STATION.title)))
        yield from d.list_item(1 + games.GAMES.index(games.NEXT_STATION), "main-menu")
        yield from d.wait_for("next-station-setup")
        setup = d.top
        self.remember(
            _("Setup: {game}, players {players}").format(
                game=_(games.NEXT_STATION.title), players=players_text(setup.colors)
            )
        )
        yield from d.pause(1.0)
        yield from d.list_item(len(setup.items) - 1, "next-station-setup")
        yield from d.wait_for("next-station-reveal")
        for _i in range(4):
            yield from self.round()
        yield from d.wait_for("next-station-scoring")
        for player in range(len(self.state().setup.players)):
            yield from self.pad(player)
        yield from d.wait_for("next-station-results")
        state = self.state()
        colors = state.setup.players
        self.log.ranking = [colors[s.player] for s in state.standings]
        places = (f"{s.place}. {color_name(colors[s.player])} {s.total}" for s in state.standings)
        self.remember(_("Results: {places}").format(places=", ".join(places)))
        yield from d.pause(2.5)
        yield from d.leave_game()

    def round(self) -> Wait:
        d = self.drive
        state = self.state()
        self.remember(f"{round_title(state.round)}: {line_text(state.line, state.round)}")
        while self.state().phase == "reveal":
            yield from d.press(Action.OK)
            s = self.state()
            if s.card is not None:
                words = [card_title(s.card), card_kind(s.card)]
                if s.ignored:
                    words.append(_("Ignored: it is the round's first card"))
                greens = _("green {n} of {total}").format(n=s.greens, total=GREENS_PER_ROUND)
                card = _("card {n}: {card}").format(n=s.shown, card=", ".join(words))
                self.remember(f"  {card}; {greens}")
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
            for _i in range(value):
                yield from d.press(Action.RIGHT)
        who = color_name(screen.state.setup.players[player])
        self.remember(
            "  "
            + _("{player}: pad entered, total {total}").format(
                player=who, total=total(screen.sheet)
            )
        )
        yield from d.press(Action.OK)
        self.log.entries += 1


def start_nextstation_demo(app: App, say: Say, pace: float = 1.0) -> NextStationDemo:
    script = NextStationDemo(app, 4, say, pace)
    app.tickers.append(script.tick)
    return script
