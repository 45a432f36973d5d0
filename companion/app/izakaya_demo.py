"""`companion demo --game izakaya`: a short two-player IZAKAYA game played on the real screens.

The script presses the buttons a table would (the players' buttons for the bids, the arrows
and OK for each action), through the same `Driver` as the Metro demo, so every entry is saved
by the screen itself. Two action phases: the second round's bids reach the ¥1,500 trigger.
"""

from __future__ import annotations

from typing import Any

from companion import izakaya as Z
from companion.app.core import App
from companion.app.demo import DemoError, DemoScript, Driver, Say, Wait, players_text, ranking_text
from companion.colors import color_name
from companion.i18n import N_, _
from companion.money import yen
from companion.ui.izakaya.entry import ACTIONS as SPACE_LABELS
from companion.ui.izakaya.panel import drink_label
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
SPACES: dict[type, str] = {
    Z.Bottle: "bottle",
    Z.Adjust: "adjust",
    Z.Claim: "claim",
    Z.Build: "build",
    Z.Pass: "pass",
}
"""Each action's space on the screen's menu (`ui.izakaya.entry.ACTIONS`)."""
MENU = {kind: [key for key, _label in SPACE_LABELS].index(space) for kind, space in SPACES.items()}
SIDES = {
    "up": N_("disc on its top side"),
    "down": N_("disc on its bottom side"),
    "left": N_("disc on its left side"),
    "right": N_("disc on its right side"),
}
ARROW = {"up": Action.UP, "down": Action.DOWN, "left": Action.LEFT, "right": Action.RIGHT}


class IzakayaDemo(DemoScript):
    def script(self) -> Wait:
        d = self.drive
        yield from d.wait_for("main-menu")
        labels = [opt.text for opt in d.top.items]
        yield from d.list_item(labels.index(_("Izakaya")), "main-menu")
        yield from d.wait_for("izakaya-setup")
        self.remember(
            _("Setup: {game}, players {players}").format(
                game=_("Izakaya"), players=players_text(("red", "blue"))
            )
        )
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
            ranking_text(f"{p.rank}. {color_name(p.color)} {yen(p.total)}" for p in result.players)
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
        named = (f"{color_name(c)} {yen(b)}" for c, b in zip(self.state.colors, bids, strict=True))
        self.remember(_("Bids: {bids}").format(bids=", ".join(named)))
        yield from self.drive.press(Action.OK)
        s = self.state
        if s.last_round == s.round:
            self.remember(
                "  "
                + _("the bid pile reached {pile}: this action phase is the last").format(
                    pile=yen(s.pile)
                )
            )

    def player(self, seat: int) -> Wait:
        self.app.inject(Input(player=seat, t=self.app.now()))
        self.log.presses += 1
        yield self.drive.gap

    def enter_action(self, event: Z.Event) -> Wait:
        """Press the buttons that enter `event` on the screen, and check it was saved."""
        d: Driver = self.drive
        screen: Any = d.top
        who = self.state.colors[self.state.current or 0]
        side = ""
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
        what = _describe(event, side)
        self.remember("  " + _("{player}: {action}").format(player=color_name(who), action=what))

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


def _describe(event: Z.Event, side: str = "") -> str:
    """The action space's name as the screen's menu says it, and what was chosen there (a
    claim's disc by the `side` of the plot it was put on)."""
    match event:
        case Z.Bottle(color, point):
            detail = _("{drink} at {point}").format(drink=drink_label(color), point=point)
        case Z.Adjust(source, target):
            detail = _("{amount} from {source} to {target}").format(
                amount=yen(100), source=drink_label(source), target=drink_label(target)
            )
        case Z.Claim(_edge, plot):
            detail = _("plot {plot}, {side}").format(plot=plot, side=_(SIDES[side]))
        case Z.Build(plot, floors, _slot):
            detail = _("plot {plot}, {n} floors").format(plot=plot, n=floors)
        case _other:
            detail = ""
    label = _(dict(SPACE_LABELS)[SPACES[type(event)]])
    return f"{label} ({detail})" if detail else label


def start_izakaya_demo(app: App, say: Say, pace: float = 1.0) -> IzakayaDemo:
    script = IzakayaDemo(app, 0, say, pace)
    app.tickers.append(script.tick)
    return script
