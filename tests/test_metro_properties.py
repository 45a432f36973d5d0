"""Invariants of the train phase and the state format, over random states (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.data import load_rules
from companion.metro import (
    Decision,
    format_state,
    parse_state,
    run_train_phase,
)
from companion.metro.steps import Boarded, Moved, Paid
from tests.conftest import DATA

RULES = load_rules(str(DATA / "mini.toml"))
BOARD = RULES.board
COLORS = ["red", "blue", "green", "yellow"]


@st.composite
def states(draw):
    n = draw(st.integers(2, 4))
    colors = COLORS[:n]
    cash_known = draw(st.booleans())
    players = [
        {"color": c, **({"cash": draw(st.integers(0, 50)) * 100} if cash_known else {})}
        for c in colors
    ]
    lines = {}
    trains = {}
    for line_id, line in BOARD.lines.items():
        holders = draw(st.lists(st.sampled_from(colors), unique=True, max_size=line.shares))
        speed = draw(st.integers(0, 2))
        specs = [
            {
                "player": draw(st.sampled_from([c for c in colors if c not in holders] or colors)),
                "stake": draw(st.integers(1, 10)) * 100,
            }
            for _ in range(draw(st.integers(0, line.slots - speed)))
        ]
        lines[line_id] = {
            "value": draw(st.integers(0, 80)) * 100,
            "shares": holders,
            "speed": speed,
            "speculations": specs,
        }
        if draw(st.booleans()):
            trains[line_id] = {
                "stop": draw(st.integers(1, line.length)),
                "direction": draw(st.sampled_from([1, -1])),
                "started": draw(st.booleans()),
            }
    stations = {
        sid: draw(st.sampled_from(colors))
        for sid in draw(st.lists(st.sampled_from(sorted(BOARD.stations)), unique=True))
    }
    squares = draw(
        st.lists(
            st.tuples(st.integers(0, BOARD.grid.columns - 1), st.integers(0, BOARD.grid.rows - 1)),
            unique=True,
            min_size=n,
            max_size=n,
        )
    )
    meeples = {}
    for c, sq in zip(colors, squares, strict=True):
        choice = draw(st.integers(0, 2))
        if choice == 1 and trains:
            meeples[c] = {"riding": draw(st.sampled_from(sorted(trains))), "boarded_at": None}
        elif choice == 2:
            meeples[c] = {"square": list(sq)}
    data = {
        "map": "mini",
        "round": draw(st.integers(1, 8)),
        "players": players,
        "lines": lines,
        "trains": trains,
        "stations": stations,
        "meeples": meeples,
    }
    return parse_state(data, BOARD)


def cycling(answers):
    answers = list(answers) or [False]
    count = iter(range(10**9))

    def decide(prompt):
        accept = answers[next(count) % len(answers)]
        square = prompt.squares[-1] if prompt.squares else None
        return Decision(accept, square)

    return decide


common = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@common
@given(states(), st.lists(st.booleans(), max_size=6))
def test_yen_the_bank_pays_equals_yen_the_players_receive(state, answers):
    phase = run_train_phase(RULES, state, cycling(answers))
    bank_out = sum(s.owner_gain + s.drinks_gain for s in phase.steps if isinstance(s, Paid))
    bank_in = sum(s.fee for s in phase.steps if isinstance(s, Boarded))
    if all(p.cash is not None for p in state.players):
        before = sum(p.cash for p in state.players)
        after = sum(p.cash for p in phase.state.players)
        assert after - before == bank_out - bank_in
    line_gain = sum(s.line_gain for s in phase.steps if isinstance(s, Paid)) + bank_in
    assert (
        sum(ls.value for ls in phase.state.lines.values())
        - sum(ls.value for ls in state.lines.values())
        == line_gain
    )


@common
@given(states(), st.lists(st.booleans(), max_size=6))
def test_no_line_value_drops_during_a_train_phase(state, answers):
    phase = run_train_phase(RULES, state, cycling(answers))
    for line_id, ls in state.lines.items():
        assert phase.state.lines[line_id].value >= ls.value


@common
@given(states(), st.lists(st.booleans(), max_size=6))
def test_every_train_always_stands_on_a_stop_of_its_own_line(state, answers):
    phase = run_train_phase(RULES, state, cycling(answers))
    for step in phase.steps:
        if isinstance(step, Moved):
            assert BOARD.has_stop(step.to_stop) and BOARD.stop(step.to_stop).line == step.line
            assert abs(BOARD.stop(step.to_stop).number - BOARD.stop(step.from_stop).number) == 1
    for line_id, train in phase.state.trains.items():
        assert 1 <= train.stop <= BOARD.lines[line_id].length


@common
@given(states(), st.lists(st.booleans(), max_size=6))
def test_the_same_state_gives_the_same_steps(state, answers):
    first = run_train_phase(RULES, state, cycling(answers))
    second = run_train_phase(RULES, state, cycling(answers))
    assert first == second


@common
@given(states(), st.lists(st.booleans(), max_size=6))
def test_meeples_never_share_a_square(state, answers):
    phase = run_train_phase(RULES, state, cycling(answers))
    squares = [m.square for m in phase.state.meeples.values() if m.square is not None]
    assert len(squares) == len(set(squares))


@common
@given(states())
def test_state_json_round_trips(state):
    assert parse_state(format_state(state), BOARD) == state
    after = run_train_phase(RULES, state).state
    assert parse_state(format_state(after), BOARD) == after
