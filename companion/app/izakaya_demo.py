"""`companion demo --game izakaya`: a short two-player IZAKAYA game played on the real screens.

The script presses the buttons a table would (the players' buttons for the bids, the arrows
and OK for each action), through the same `Driver` as the Metro demo, so every entry is saved
by the screen itself. Two action phases: the second round's bids reach the ¥1,500 trigger.
"""

from __future__ import annotations

from typing import Any

from companion import izakaya as Z
from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Driver, Say, Wait
from companion.i18n import _
from companion.ui.screen import Action, Input

BIDS = ((300, 200), (500, 800))
ACTIONS: tuple[tuple[Z.Event, ...], ...] = (
    (
        Z.Claim(("h", 1, 0), (0, 0)),
        Z.Claim(("v", 0, 2), (0, 2)),
        Z.Bottle("blue", (1, 1)),
        Z.Bottle("white", (1, 2)),
        Z.Adjust("black", "blue"),
        Z.Build((0, 2), 1),
    ),
    (
        Z.Build((0, 2), 3),
        Z.Build((0, 0), 2),
        Z.Bottle("red", (2, 2)),
        Z.Claim(("v", 2, 1), (2, 0)),
        Z.Pass(),
        Z.Build((0, 0), 3),
    ),
)
MENU = {Z.Bottle: 0, Z.Adjust: 1, Z.Claim: 2, Z.Build: 3, Z.Pass: 4}
ARROW = {"up": Action.UP, "down": Action.DOWN, "left": Action.LEFT, "right": Action.RIGHT}


class IzakayaDemo(DemoScript):
    def script(self) -> Wait:
        d = self.drive
        yield from d.wait_for("main-menu")
        labels = [opt.text for opt in d.top.items]
        yield from d.list_item(labels.index(_("Izakaya")), "main-menu")
        yield from d.wait_for("izakaya-setup")
        self.remember("Setup: IZAKAYA, 2 players (red, blue)")
        yield from d.press(Action.LEFT)
        yield from d.pause(0.8)
        yield from d.press(Action.UP)
        yield from d.press(Action.OK)
        yield from d.wait_for("izakaya")
        for bids, actions in zip(BIDS, ACTIONS, strict=True):
            yield from self.bid(bids)
            for event in actions:
                yield from self.enter_action(event)
        screen = d.top
        result = Z.result(screen.state)
        self.remember(
            "Ranking: " + ", ".join(f"{p.rank}. {p.color} ¥{p.total:,}" for p in result.players)
        )
        self.app.request_screenshot("ranking")
        yield from d.pause(2.5)
        yield from d.leave_game()

    @property
    def state(self) -> Z.IzakayaState:
        return self.drive.top.state  # type: ignore[no-any-return]

    def bid(self, bids: tuple[int, ...]) -> Wait:
        for seat, amount in enumerate(bids):
            for _coin in range(amount // 100):
                yield from self.player(seat)
        self.remember(f"Bids: red ¥{bids[0]}, blue ¥{bids[1]}")
        yield from self.drive.press(Action.OK)
        s = self.state
        if s.last_round == s.round:
            self.remember(f"  the bid pile reached ¥{s.pile:,}: this action phase is the last")

    def player(self, seat: int) -> Wait:
        self.app.inject(Input(player=seat, t=self.app.now()))
        self.log.presses += 1
        yield self.drive.gap

    def enter_action(self, event: Z.Event) -> Wait:
        """Press the buttons that enter `event` on the screen, and check it was saved."""
        d: Driver = self.drive
        screen: Any = d.top
        who = self.state.colors[self.state.current or 0]
        before = screen.session.entry_count
        entry = screen.entry
        yield from d.cursor_to(MENU[type(event)], lambda: int(entry.menu), 5)
        yield from d.press(Action.OK)
        match event:
            case Z.Bottle(color, point):
                yield from self.cycle(lambda: self.state.stock[entry.color] == color)
                yield from d.press(Action.OK)
                yield from self.cursor(point)
            case Z.Adjust(source, target):
                yield from self.cycle(lambda: self.state.stock[entry.color] == source)
                yield from d.press(Action.OK)
                yield from self.cycle(lambda: self.state.stock[entry.target] == target)
            case Z.Claim(edge, plot):
                yield from self.cursor(plot)
                yield from d.press(Action.OK)
                side = next(s for s in ARROW if self.state.grid.edge_of(plot, s) == edge)
                yield from d.press(ARROW[side])
            case Z.Build(plot, floors, _slot):
                yield from self.cursor(plot)
                yield from d.press(Action.OK)
                while entry.floors < floors:
                    yield from d.press(Action.UP)
        if not isinstance(event, Z.Pass):
            yield from d.press(Action.OK)
        if screen.session.entry_count != before + 1:
            raise DemoError(f"{event} was not entered: {screen.error}")
        self.remember(f"  {who}: {type(event).__name__.lower()} {_describe(event)}")

    def cycle(self, done: Any) -> Wait:
        for _k in range(7):
            if done():
                return
            yield from self.drive.press(Action.RIGHT)
        raise DemoError("the colour did not come round")

    def cursor(self, target: tuple[int, int]) -> Wait:
        entry: Any = self.drive.top.entry
        for _k in range(40):
            r, c = entry.cursor
            if (r, c) == target:
                return
            direction = (
                ("down" if target[0] > r else "up")
                if r != target[0]
                else ("right" if target[1] > c else "left")
            )
            yield from self.drive.press(ARROW[direction])
        raise DemoError(f"the cursor did not reach {target}")


def _describe(event: Z.Event) -> str:
    match event:
        case Z.Bottle(color, point):
            return f"{color} at {point}"
        case Z.Adjust(source, target):
            return f"¥100 from {source} to {target}"
        case Z.Claim(edge, plot):
            return f"plot {plot}, disc on {edge}"
        case Z.Build(plot, floors, _slot):
            return f"plot {plot}, {floors} floors"
    return ""


def start_izakaya_demo(app: App, say: Say, pace: float = 1.0) -> IzakayaDemo:
    script = IzakayaDemo(app, 0, say, pace)
    app.tickers.append(script.tick)
    return script
