"""`companion demo --map osaka` on the real screens, headless, to the end: four holders on M,
a Sell, invest-by-disc, trams and buses moving, tram payouts, LEDs and sound."""

from __future__ import annotations

from companion.app.boot import shutdown
from companion.app.demo import start_demo
from companion.colors import hex_to_rgb
from companion.config import Config, InputConfig
from companion.metro.events import Invest, InvestByDisc, Sell
from companion.metro.steps import Paid
from tests.conftest import headless_app


def same_hue(seen: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    """An LED shows a colour at any brightness: the same proportions."""
    if not max(seen):
        return False
    a = [x / max(seen) for x in seen]
    b = [x / max(wanted) for x in wanted]
    return all(abs(x - y) < 0.12 for x, y in zip(a, b, strict=True))


def test_the_osaka_demo_plays_to_the_end(tmp_path):
    config = Config(input=InputConfig(gpio="off"), language="en")
    app = headless_app(tmp_path / "data", config, screenshot_dir=tmp_path / "shots")
    lines: list[str] = []
    script = start_demo(app, rounds=2, say=lines.append, map_name="osaka")
    lit: dict[str, int] = {"P": 0, "B": 0}
    payouts: list[Paid] = []

    def watch(app_: object, _now: float) -> None:
        session = app.services.session
        if session is None or session.rules.board.id != "osaka":
            return
        board = session.rules.board
        frame = app.services.leds.frame
        for line in lit:
            colour = hex_to_rgb(board.lines[line].color)
            lit[line] = max(lit[line], sum(1 for c in frame if same_hue(c, colour)))
        view = session.phase
        if view is not None:
            payouts[:] = [s for s in view.steps if isinstance(s, Paid)] or payouts

    app.tickers.append(watch)
    try:
        app.run(max_frames=30_000)
        assert script.done and script.log.error is None, script.log.error
        session = app.services.session
        assert session.rules.board.id == "osaka" and script.log.phases == 2
        events = session.events
        assert any(isinstance(e, Sell) for e in events)
        assert any(isinstance(e, InvestByDisc) for e in events)
        result = script.log.result
        assert result is not None and any(p.set_aside for p in result.players)
        holders = [e.player for e in events if isinstance(e, Invest) and e.line == "M"]
        assert len(set(holders)) == 4  # line M had four holders before the Sell
        assert {p.vehicle.number for p in payouts if p.vehicle.line == "P"} == {1, 2}
        assert lit["P"] >= 2 and lit["B"] >= 2  # both trams, both buses on the strip
        assert any("P #2: " in line for line in lines)  # a payout of the second tram
        played = getattr(app.services.sound.backend, "played", None)
        assert played is None or {"departure", "coin"} <= set(played)
    finally:
        shutdown(app)
