"""The phone view of a train phase, over random games (hypothesis): at every step it shows
what the engine computes, values never drop as the steps play, and it is always valid JSON."""

from __future__ import annotations

import itertools
import json

from hypothesis import given
from hypothesis import strategies as st

from companion.metro import run_train_phase
from companion.metro.steps import Paid
from companion.web import views
from companion.web.bus import PhaseFrame, Snapshot
from tests.test_metro_properties import common, cycling, games


def phone(rules, base, steps, shown: int) -> dict:
    frame = PhaseFrame(base, tuple(steps), shown)
    paid = tuple(s for s in steps[:shown] if isinstance(s, Paid))
    snapshot = Snapshot(kind="metro", game_id=1, state=base, rules=rules, phase=frame, payouts=paid)
    data = views.live(snapshot, 0.0)
    assert json.loads(json.dumps(data)) == data
    return data["metro"]


@common
@given(games(), st.lists(st.booleans(), max_size=6), st.data())
def test_the_phone_follows_the_engine_step_by_step(game, answers, data):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
    steps = phase.steps
    end = phone(rules, state, steps, len(steps))
    assert [line["value"] for line in end["lines"]] == [
        phase.state.lines[k].value for k in rules.board.lines
    ]
    assert [p["cash"] for p in end["players"]] == [p.cash for p in phase.state.players]
    assert len(end["payouts"]) == sum(isinstance(s, Paid) for s in steps)

    shown = sorted(data.draw(st.lists(st.integers(0, len(steps)), min_size=2, max_size=4)))
    views_at = [phone(rules, state, steps, n) for n in shown]
    for earlier, later in itertools.pairwise(views_at):
        for a, b in zip(earlier["lines"], later["lines"], strict=True):
            assert b["value"] >= a["value"]
    for view in views_at:
        for line in view["lines"]:
            assert all(t["stop"].startswith(line["letter"]) for t in line["trains"])
            assert line["pair"] == list(rules.track.pair(line["value"]))
