"""Invariants of the train phase and the state format, over random states (hypothesis)."""

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import event as event_stat
from hypothesis import strategies as st

from companion.data import load_rules
from companion.metro import (
    OSAKA,
    Decision,
    MetroRules,
    apply,
    format_state,
    parse_state,
    run_train_phase,
    sale_value,
    share_split,
    why_not,
)
from companion.metro.drinks import DRINK_COLORS, BuildDrink, drink_bonus, vending_fee
from companion.metro.events import MoveMeeple, Sell
from companion.metro.state import BONUS_READINGS, DrinksSetup
from companion.metro.steps import Boarded, Moved, Paid, Removed
from tests.conftest import DATA

TOKYO_RULES = load_rules(str(DATA / "mini.toml"))
TWIN_RULES = MetroRules(
    replace(TOKYO_RULES.board, variant=replace(OSAKA, twin_lines=frozenset({"H"}))),
    TOKYO_RULES.track,
)
"""The mini map played as Osaka, with two vehicles on line H (as on the P and bus lines)."""
OSAKA_RULES = load_rules("osaka")
"""The Osaka map: ten lines, 1-4 shares, the trams and buses, small circles."""
RULES = TOKYO_RULES
COLORS = ["red", "blue", "green", "yellow"]


@st.composite
def games(draw):
    """(rules, state): the mini map as Tokyo, or as Osaka with a twin line, or the Osaka map;
    each with either card set."""
    rules = draw(st.sampled_from([TOKYO_RULES, TWIN_RULES, OSAKA_RULES]))
    return rules, draw(states(rules))


@st.composite
def states(draw, rules=TOKYO_RULES):
    board = rules.board
    n = draw(st.integers(2, 4))
    colors = COLORS[:n]
    cash_known = draw(st.booleans())
    players = [
        {"color": c, **({"cash": draw(st.integers(0, 50)) * 100} if cash_known else {})}
        for c in colors
    ]
    lines = {}
    trains = {}
    for line_id, line in board.lines.items():
        holders = draw(st.lists(st.sampled_from(colors), unique=True, max_size=line.shares))
        speed = draw(st.integers(0, min(2, line.slots)))
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
        for index in range(1, board.variant.vehicles(line_id) + 1):
            if draw(st.booleans()):
                trains[f"{line_id}#{index}"] = {
                    "stop": draw(st.integers(1, line.length)),
                    "direction": draw(st.sampled_from([1, -1])),
                    "started": draw(st.booleans()),
                }
    stations = {
        sid: draw(st.sampled_from(colors))
        for sid in draw(st.lists(st.sampled_from(sorted(board.stations)), unique=True))
    }
    squares = draw(
        st.lists(
            st.tuples(st.integers(0, board.grid.columns - 1), st.integers(0, board.grid.rows - 1)),
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
        "map": board.id,
        "cards": draw(st.sampled_from(["tokyo", "osaka"])),
        "round": draw(st.integers(1, 8)),
        "players": players,
        "lines": lines,
        "trains": trains,
        "stations": stations,
        "meeples": meeples,
    }
    return parse_state(data, board)


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
@given(games(), st.lists(st.booleans(), max_size=6))
def test_yen_the_bank_pays_equals_yen_the_players_receive(game, answers):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
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
@given(games(), st.lists(st.booleans(), max_size=6))
def test_no_line_value_drops_during_a_train_phase(game, answers):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
    for line_id, ls in state.lines.items():
        assert phase.state.lines[line_id].value >= ls.value


@common
@given(games(), st.lists(st.booleans(), max_size=6))
def test_no_vehicle_ever_leaves_its_line(game, answers):
    rules, state = game
    board = rules.board
    phase = run_train_phase(rules, state, cycling(answers))
    for step in phase.steps:
        assert step.vehicle.number <= rules.variant.vehicles(step.line)
        if isinstance(step, Moved):
            assert board.has_stop(step.to_stop) and board.stop(step.to_stop).line == step.line
            assert abs(board.stop(step.to_stop).number - board.stop(step.from_stop).number) == 1
    for vehicle, train in phase.state.trains.items():
        length = board.lines[vehicle.line].length
        assert 1 <= train.stop <= length
        assert 1 <= train.stop + train.direction <= length, "a terminus turns the arrow back"
    for m in phase.state.meeples.values():
        assert m.riding is None or m.riding in phase.state.trains


@common
@given(games(), st.lists(st.booleans(), max_size=6))
def test_the_same_state_gives_the_same_steps(game, answers):
    rules, state = game
    first = run_train_phase(rules, state, cycling(answers))
    second = run_train_phase(rules, state, cycling(answers))
    assert first == second


@common
@given(games(), st.lists(st.booleans(), max_size=6))
def test_meeples_never_share_a_square(game, answers):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
    squares = [m.square for m in phase.state.meeples.values() if m.square is not None]
    assert len(squares) == len(set(squares))


@common
@given(games())
def test_state_json_round_trips(game):
    rules, state = game
    assert parse_state(format_state(state), rules.board) == state
    after = run_train_phase(rules, state).state
    assert parse_state(format_state(after), rules.board) == after


@common
@given(games(), st.lists(st.booleans(), max_size=6))
def test_both_vehicles_of_a_pair_make_the_same_moves(game, answers):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
    for line_id in rules.board.lines:
        vehicles = state.vehicles_of(line_id)
        if len(vehicles) < 2:
            continue
        moves = [
            [s.move for s in phase.steps if isinstance(s, Moved) and s.vehicle == v]
            for v in vehicles
        ]
        if phase.done:
            assert moves[0] == moves[1] == list(range(1, len(moves[0]) + 1))
        else:  # stopped at a question: the second vehicle is at most one move behind
            assert 0 <= len(moves[0]) - len(moves[1]) <= 1


@common
@given(games(), st.lists(st.booleans(), max_size=6))
def test_vehicles_stay_on_the_osaka_map_and_with_the_osaka_cards(game, answers):
    rules, state = game
    phase = run_train_phase(rules, state, cycling(answers))
    stays = not rules.variant.start_trains_leave or state.card_set(rules.board).name == "osaka"
    if stays:
        assert not any(isinstance(s, Removed) for s in phase.steps)
        assert set(phase.state.trains) == set(state.trains)


@common
@given(games())
def test_no_payout_at_a_small_circle(game):
    rules, state = game
    for step in run_train_phase(rules, state).steps:
        if isinstance(step, Paid):
            assert step.stop not in rules.board.small_circles(step.line)


@common
@given(
    st.integers(0, 120),
    st.lists(st.sampled_from(COLORS), unique=True, min_size=1, max_size=4),
    st.data(),
)
def test_a_sale_moves_exactly_its_payout_from_the_line_to_the_seller(value, holders, data):
    rules = OSAKA_RULES
    state = parse_state(
        {
            "map": "osaka",
            "players": [{"color": c, "cash": 1000} for c in COLORS],
            "lines": {"T": {"value": value * 100, "shares": holders}},
        },
        rules.board,
    )
    seller = data.draw(st.sampled_from(holders))
    after = apply(rules, state, Sell(seller, "T"))
    paid = after.player(seller).set_aside
    assert paid == sale_value(state.lines["T"], seller, rules.track) <= value * 100
    assert after.lines["T"].value == value * 100 - paid
    assert after.lines["T"].shares == tuple(h for h in holders if h != seller)
    assert [p.cash for p in after.players] == [p.cash for p in state.players]


@common
@given(st.integers(0, 150), st.integers(1, 4))
def test_the_share_split_pays_out_the_whole_value(value, holders):
    split = share_split(value * 100, holders, RULES.track)
    assert sum(split) == value * 100 and len(split) == holders
    assert all(part >= 0 and part % 100 == 0 for part in split)
    assert list(split) == sorted(split, reverse=True)


@st.composite
def drinks_games(draw):
    """(rules, state, builds): a game with METRO DRINKS (either reading), drink colours dealt
    to the players, and build attempts, each with the builder's meeple put beside it first."""
    rules, state = draw(games())
    colors = list(state.colors)
    owners = {c: draw(st.sampled_from([*colors, None])) for c in DRINK_COLORS}
    players = tuple(
        replace(p, drink_colors=tuple(c for c, o in owners.items() if o == p.color))
        for p in state.players
    )
    bonus = draw(st.sampled_from(BONUS_READINGS))
    state = replace(state, players=players, metro_drinks=DrinksSetup(bonus), free_builds=())
    stations = sorted(state.stations) or ["-"]
    builds = draw(
        st.lists(
            st.tuples(
                st.sampled_from(colors), st.sampled_from(stations), st.sampled_from(DRINK_COLORS)
            ),
            max_size=12,
        )
    )
    return rules, state, builds


@common
@given(drinks_games(), st.lists(st.booleans(), max_size=6))
def test_money_is_conserved_with_drinks(game, answers):
    """Fees move yen between players only; bonuses come from the bank; line values move only
    by the train phase's line gains and ride fees."""
    rules, state, builds = game
    known = all(p.cash is not None for p in state.players)
    for player, station, color in builds:
        if station not in rules.board.stations:
            continue
        # mostly the colour's owner builds; sometimes someone without it tries
        if player != state.colors[0]:
            player = next((p.color for p in state.players if color in p.drink_colors), player)
        meeple = state.meeples.get(player)
        free = sorted(
            sq
            for sq in rules.board.squares_touching_station(station)
            if all(m.square != sq for c, m in state.meeples.items() if c != player)
        )
        if free and (meeple is None or meeple.riding is None):
            state = apply(rules, state, MoveMeeple(player, free[0]))
        event = BuildDrink(player, station, color)
        if why_not(rules, state, event) is not None:
            continue
        before = state
        fee = vending_fee(state, player, station)
        state = apply(rules, state, event)
        assert sum(p.drink_fees for p in state.players) - sum(
            p.drink_fees for p in before.players
        ) == (fee if before.stations[station] != player else 0)
        if known:
            assert sum(p.cash for p in state.players) == sum(p.cash for p in before.players)
        assert state.lines == before.lines
    event_stat("drinks built: " + ("some" if state.drinks else "none"))
    for color in DRINK_COLORS:
        assert sum(1 for d in state.drinks.values() if d == color) <= 6
    assert set(state.drinks) <= set(state.stations)

    phase = run_train_phase(rules, state, cycling(answers))
    paid = [s for s in phase.steps if isinstance(s, Paid)]
    bank_out = sum(s.owner_gain + s.drinks_gain for s in paid)
    bank_in = sum(s.fee for s in phase.steps if isinstance(s, Boarded))
    if known:
        after = sum(p.cash for p in phase.state.players)
        assert after - sum(p.cash for p in state.players) == bank_out - bank_in
    bonus = sum(p.drink_bonus for p in phase.state.players) - sum(
        p.drink_bonus for p in state.players
    )
    assert bonus == sum(s.drinks_gain for s in paid)
    for s in paid:
        assert s.drinks_gain == drink_bonus(state, s.station)
        assert (s.drink is not None) == (s.drinks_gain > 0)
    line_gain = sum(s.line_gain for s in paid) + bank_in
    values = sum(ls.value for ls in phase.state.lines.values())
    assert values - sum(ls.value for ls in state.lines.values()) == line_gain
