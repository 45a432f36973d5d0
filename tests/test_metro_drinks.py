"""METRO DRINKS in the core: setup, colour and shape cards, vending machines and their fee, the
payout bonus by either reading, drink income at the end, the log's undo, and the narration
and LED flash of a bonus."""

import json
from dataclasses import replace

import pytest

from companion.app.session import MetroSession
from companion.data import load_rules
from companion.devices.led_layout import default_layout
from companion.ledshow import LED_DRINK_COLORS, player_rgb, render
from companion.metro import (
    OSAKA_CARDS,
    TOKYO_CARDS,
    BuildDrink,
    DrinksSetup,
    TakeDrinkColor,
    TakeDrinkShape,
    apply,
    drink_bonus,
    end_game,
    format_event,
    format_state,
    new_state,
    parse_event,
    parse_state,
    run_train_phase,
    vending_fee,
    why_not,
)
from companion.metro.events import BuildStation, MoveMeeple, NextRound
from companion.metro.state import Meeple, Train
from companion.metro.steps import Paid
from companion.metro.vehicles import VehicleId
from companion.narrate import describe_end_game, describe_step, explain
from companion.store import Store

COLORS = ("red", "blue", "green")
OWNED = {
    "ginza": "red",
    "ueno": "red",
    "naka-meguro": "red",
    "shibuya": "red",
    "ikebukuro": "green",
    "kasumigaseki": "blue",
}


def drinks_game(rules, bonus="map", cash=5000):
    state = new_state(rules.board, COLORS, cash, metro_drinks=DrinksSetup(bonus))
    for station, owner in OWNED.items():
        state = apply(rules, state, BuildStation(owner, station))
    return state


def play(rules, state, *events):
    for event in events:
        state = apply(rules, state, event)
    return state


def beside(rules, state, player, station):
    """Move the player's meeple onto a free square touching the station."""
    taken = {m.square for c, m in state.meeples.items() if c != player}
    square = min(sq for sq in rules.board.squares_touching_station(station) if sq not in taken)
    return apply(rules, state, MoveMeeple(player, square))


def build(rules, state, player, station, color):
    state = beside(rules, state, player, station)
    return apply(rules, state, BuildDrink(player, station, color))


def cash(state):
    return {p.color: p.cash for p in state.players}


# --- setup --------------------------------------------------------------------------------


def test_the_setup_reminder_removes_3_shape_cards_or_4_with_the_osaka_cards():
    assert (TOKYO_CARDS.drink_shapes_removed, TOKYO_CARDS.drink_shapes) == (3, 3)
    assert (OSAKA_CARDS.drink_shapes_removed, OSAKA_CARDS.drink_shapes) == (4, 2)


def test_the_option_and_its_reading_round_trip_and_default_to_the_long_text(mini_rules):
    board = mini_rules.board
    assert new_state(board, COLORS).metro_drinks is None
    state = new_state(board, COLORS, metro_drinks=DrinksSetup())
    assert state.metro_drinks.bonus == "map"
    owner = new_state(board, COLORS, cards="osaka", metro_drinks=DrinksSetup("owner"))
    for s in (state, owner):
        data = format_state(s)
        assert parse_state(data, board) == s
    assert format_state(owner)["metro_drinks"] == {"bonus": "owner"}
    assert "metro_drinks" not in format_state(new_state(board, COLORS))


def test_an_older_file_with_drinks_plays_metro_drinks_with_the_long_text(mini_rules):
    data = format_state(drinks_game(mini_rules))
    data.pop("metro_drinks")
    data["drinks"] = {"ginza": "blue"}
    assert parse_state(data, mini_rules.board).metro_drinks == DrinksSetup("map")


@pytest.mark.parametrize(
    ("field", "data", "message"),
    [
        ("metro_drinks.bonus", {"metro_drinks": {"bonus": "mine"}}, "expected one of map, owner"),
        ("players[1].drink_colors", {"dc": ["blue"]}, "held twice"),
        ("free_builds", {"free_builds": ["red", "red"]}, "each once"),
    ],
)
def test_bad_drinks_fields_name_the_field(mini_rules, field, data, message):
    from companion.metro import StateError

    base = format_state(drinks_game(mini_rules))
    if "dc" in data:
        base["players"][0]["drink_colors"] = data["dc"]
        base["players"][1]["drink_colors"] = data["dc"]
    else:
        base.update(data)
    with pytest.raises(StateError) as info:
        parse_state(base, mini_rules.board)
    assert info.value.field == field and message in info.value.message


# --- colour cards -------------------------------------------------------------------------


def test_a_colour_card_gives_its_drinks_to_one_player_only(mini_rules):
    state = play(mini_rules, drinks_game(mini_rules), TakeDrinkColor("blue", "mint"))
    assert state.player("blue").drink_colors == ("mint",)
    refusal = why_not(mini_rules, state, TakeDrinkColor("red", "mint"))
    assert refusal.field == "color" and explain(refusal) == "Blue already has the Mint drinks"
    state = play(mini_rules, state, TakeDrinkColor("blue", "red"))
    assert state.player("blue").drink_colors == ("mint", "red")
    assert why_not(mini_rules, state, TakeDrinkColor("red", "pink")).field == "color"


def test_drinks_events_need_the_option_and_the_action_phase(mini_rules):
    plain = new_state(mini_rules.board, COLORS)
    refusal = why_not(mini_rules, plain, TakeDrinkColor("red", "blue"))
    assert refusal.template == "this game is played without METRO DRINKS"
    training = replace(drinks_game(mini_rules), phase="train")
    assert why_not(mini_rules, training, TakeDrinkShape("red")).field == "phase"


# --- building and the fee -----------------------------------------------------------------


def test_the_rulebooks_fee_count_per_owner(mini_rules):
    """Rulebook: ¥100 the first time you build on a player's stations, ¥200 the second, ¥300
    the third; "count the drinks of your colour or colours on that player's stations". Other
    players' drinks there, and your drinks on other owners' stations, do not count; on your
    own station it is free."""
    r = mini_rules
    state = play(
        r,
        drinks_game(r),
        TakeDrinkColor("blue", "blue"),
        TakeDrinkColor("blue", "mint"),
        TakeDrinkColor("green", "purple"),
    )
    paid = []
    for builder, station, color in [
        ("blue", "ginza", "blue"),  # Blue's 1st on Red's stations: ¥100
        ("green", "shibuya", "purple"),  # Green's 1st on Red's: ¥100 (Blue's do not count)
        ("blue", "kasumigaseki", "blue"),  # Blue's own station: free
        ("blue", "ikebukuro", "mint"),  # Blue's 1st on Green's: ¥100
        ("blue", "ueno", "mint"),  # Blue's 2nd on Red's, either colour: ¥200
        ("blue", "naka-meguro", "blue"),  # 3rd: ¥300
    ]:
        before = cash(state)
        fee = vending_fee(state, builder, station)
        state = build(r, state, builder, station, color)
        after = cash(state)
        owner = OWNED[station]
        assert after[builder] - before[builder] == (0 if owner == builder else -fee)
        assert sum(after.values()) == sum(before.values())
        paid.append(fee)
    assert paid == [100, 100, 0, 100, 200, 300]
    assert state.player("red").drink_fees == 100 + 100 + 200 + 300
    assert state.player("green").drink_fees == 100 and state.player("blue").drink_fees == 0


def test_where_a_vending_machine_may_not_go(mini_rules):
    r = mini_rules
    state = play(r, drinks_game(r, cash=150), TakeDrinkColor("blue", "blue"))
    state = beside(r, state, "blue", "ginza")

    def refused(event, s=state):
        refusal = why_not(r, s, event)
        assert refusal is not None, event
        return explain(refusal)

    assert refused(BuildDrink("blue", "ginza", "mint")) == "Blue has no Mint drinks"
    assert refused(BuildDrink("blue", "roppongi", "blue")) == "roppongi has no pyramid"
    assert refused(BuildDrink("blue", "ueno", "blue")) == "Blue's meeple does not touch ueno"
    assert refused(BuildDrink("red", "ginza", "blue")) == "Red has no Blue drinks"
    state = play(r, state, BuildDrink("blue", "ginza", "blue"))
    assert refused(BuildDrink("blue", "ginza", "blue"), state) == ("ginza already has a Blue drink")
    state = beside(r, state, "blue", "ueno")
    assert refused(BuildDrink("blue", "ueno", "blue"), state) == (
        "Blue has only ¥50 for the ¥200 fee"
    )
    riding = replace(state, meeples={"blue": Meeple(riding=VehicleId("G"), boarded_at="G3")})
    riding = replace(riding, trains={VehicleId("G"): Train(3)})
    assert refused(BuildDrink("blue", "ueno", "blue"), riding) == (
        "Blue is riding a train: step off first"
    )
    gone = replace(state, meeples={})
    assert refused(BuildDrink("blue", "ueno", "blue"), gone) == "Blue's meeple is not on the map"


def test_six_drinks_a_colour(mini_rules):
    r = mini_rules
    state = play(r, drinks_game(r), TakeDrinkColor("red", "black"))
    state = replace(state, drinks={s: "black" for s in list(OWNED)[:6]})
    state = replace(state, stations={**state.stations, "roppongi": "red"})
    state = beside(r, state, "red", "roppongi")
    assert explain(why_not(r, state, BuildDrink("red", "roppongi", "black"))) == (
        "all 6 Black drinks are on the map"
    )


def test_a_shape_card_lets_its_taker_build_at_stations_passed_during_a_move(mini_rules):
    r = mini_rules
    state = play(r, drinks_game(r), TakeDrinkColor("blue", "blue"))
    state = beside(r, state, "blue", "kasumigaseki")
    passed = min(r.board.squares_touching_station("ginza"))
    during_move = BuildDrink("blue", "ginza", "blue", passed)
    assert why_not(r, state, during_move).template == (
        "only a shape card lets {player} build while moving"
    )
    state = play(r, state, TakeDrinkShape("blue"))
    assert state.free_builds == ("blue",)
    assert why_not(r, state, TakeDrinkShape("blue")).field == "player"
    far = min(r.board.squares_touching_station("kita-senju"))
    assert why_not(r, state, BuildDrink("blue", "ginza", "blue", far)).field == "square"
    state = play(r, state, during_move)
    assert state.drinks["ginza"] == "blue" and state.player("red").drink_fees == 100
    # the free builds last until the action phase ends
    assert run_train_phase(r, state).state.free_builds == ()
    assert play(r, state, NextRound()).free_builds == ()


def test_at_most_as_many_shape_actions_a_phase_as_the_deck_keeps(mini_rules):
    r = mini_rules
    osaka = replace(drinks_game(r), cards="osaka")
    osaka = play(r, osaka, TakeDrinkShape("red"), TakeDrinkShape("blue"))
    assert explain(why_not(r, osaka, TakeDrinkShape("green"))) == (
        "the game has only 2 shape cards"
    )
    tokyo = play(r, drinks_game(r), *(TakeDrinkShape(c) for c in COLORS))
    assert tokyo.free_builds == COLORS


def test_drinks_events_round_trip_through_the_log_format():
    for event in (
        TakeDrinkColor("red", "mint"),
        TakeDrinkShape("blue"),
        BuildDrink("blue", "ginza", "blue"),
        BuildDrink("blue", "ginza", "blue", (3, 1)),
    ):
        assert parse_event(format_event(event)) == event


def test_undo_takes_a_build_and_its_fee_back(tmp_path, mini_rules):
    store = Store.open(tmp_path)
    session = MetroSession.new(store, mini_rules, COLORS, metro_drinks="owner")
    assert session.state.metro_drinks == DrinksSetup("owner")
    session.record(BuildStation("red", "ginza"))
    session.record(TakeDrinkColor("blue", "blue"))
    session.record(MoveMeeple("blue", min(mini_rules.board.squares_touching_station("ginza"))))
    before = session.state
    session.record(BuildDrink("blue", "ginza", "blue"))
    assert session.state.player("blue").cash == 1900
    assert MetroSession.load(store, mini_rules, session.game_id).state == session.state
    assert session.undo() and session.state == before


# --- the payout bonus ---------------------------------------------------------------------


def _with_drinks(rules, bonus, drinks):
    state = drinks_game(rules, bonus)
    state = replace(state, stations={**state.stations, "roppongi": "green", "kita-senju": "green"})
    return replace(state, drinks=drinks)


@pytest.mark.parametrize(
    ("count", "bonus"), [(1, 100), (2, 100), (3, 100), (4, 200), (5, 200), (6, 300)]
)
def test_bonus_tiers_by_every_drink_of_the_colour_on_the_map(mini_rules, count, bonus):
    """Long text: ¥100 for 1-3, ¥200 for 4-5, ¥300 for all 6 of the colour on the map,
    whoever owns the stations the others stand on."""
    stations = ["ginza", "ikebukuro", "roppongi", "kita-senju", "ueno", "shibuya"]
    state = _with_drinks(mini_rules, "map", {s: "red" for s in stations[:count]})
    assert drink_bonus(state, "ginza") == bonus
    assert drink_bonus(state, "kasumigaseki") == 0


@pytest.mark.parametrize(
    ("drinks", "bonus"),
    [
        # Red owns ginza, ueno, shibuya, naka-meguro; green ikebukuro, roppongi, kita-senju
        ({"ginza": "red", "ikebukuro": "red", "roppongi": "red", "kita-senju": "red"}, 100),
        ({"ginza": "red", "ueno": "red", "shibuya": "red", "ikebukuro": "red"}, 100),
        ({"ginza": "red", "ueno": "red", "shibuya": "red", "naka-meguro": "red"}, 200),
    ],
)
def test_bonus_tiers_by_the_owners_own_in_the_summarys_reading(mini_rules, drinks, bonus):
    state = _with_drinks(mini_rules, "owner", drinks)
    assert drink_bonus(state, "ginza") == bonus
    everyone = _with_drinks(mini_rules, "map", drinks)
    assert drink_bonus(everyone, "ginza") == 200


def test_the_train_phase_pays_the_bonus_as_its_own_field_and_counts_it(mini_rules):
    r = mini_rules
    state = _with_drinks(r, "map", {"ginza": "mint", "ueno": "mint", "roppongi": "mint"})
    state = replace(state, trains={VehicleId("G"): Train(1)})
    phase = run_train_phase(r, state)
    paid = [s for s in phase.steps if isinstance(s, Paid) and s.station == "ginza"]
    assert [(s.owner, s.owner_gain, s.drinks_gain, s.drink) for s in paid] == [
        ("red", 200, 100, "mint")
    ]
    assert describe_step(paid[0], r.board) == (
        "Red takes ¥200 from the bank at Ginza (G3); line G +¥200; drink bonus +¥100 (Mint)"
    )
    bonus = sum(s.drinks_gain for s in phase.steps if isinstance(s, Paid))
    assert bonus == 200  # ginza and ueno
    assert phase.state.player("red").drink_bonus == bonus
    ended = replace(
        phase.state,
        players=tuple(
            replace(p, drink_fees=300) if p.color == "red" else p for p in phase.state.players
        ),
    )
    result = end_game(r, ended)
    red = next(p for p in result.players if p.color == "red")
    assert (red.drink_fees, red.drink_bonus, red.drink_income) == (300, 200, 500)
    assert "Red: drink income ¥500 (fees ¥300, bonuses ¥200)" in describe_end_game(result)


def test_the_leds_flash_the_drinks_colour_after_the_owners():
    rules = load_rules("tokyo")
    layout = default_layout(rules.board)
    station = next(iter(rules.board.stations.values()))
    step = Paid(VehicleId(station.stops[0][0]), station.stops[0], station.id, "red", 200, 200,
                300, "mint")  # fmt: skip
    state = new_state(rules.board, COLORS)
    index = layout.led(station.stops[0])
    assert render(rules.board, layout, state, [step], 0.05)[index] == player_rgb("red")
    assert render(rules.board, layout, state, [step], 0.75)[index] == LED_DRINK_COLORS["mint"]
    plain = replace(step, drinks_gain=0, drink=None)
    assert render(rules.board, layout, state, [plain], 0.75)[index] == player_rgb("red")


def test_the_payout_line_names_the_drink_bonus_as_the_narration_does():
    from companion.narrate import drink_bonus_text
    from companion.ui.metro.playback import payout_text

    rules = load_rules("tokyo")
    station = next(iter(rules.board.stations.values()))
    step = Paid(VehicleId(station.stops[0][0]), station.stops[0], station.id, "red", 200, 200,
                300, "mint")  # fmt: skip
    assert payout_text(step).endswith("; " + drink_bonus_text(300, "mint"))
    assert "(Mint)" in payout_text(step)
    assert "drink" not in payout_text(replace(step, drinks_gain=0, drink=None))


# --- older files ------------------------------------------------------------------------------


def test_older_files_without_drinks_fields_still_read():
    """@1 and @2 files written before METRO DRINKS had its fields: no drinks, no option."""
    from companion.data import load_rules as load
    from tests.conftest import DATA

    for map_id, name in (
        ("tokyo", "rulebook-2900.json"),  # @1
        ("tokyo", "camera-game.json"),  # no format
        ("osaka", "osaka-rulebook.json"),  # @2
    ):
        rules = load(map_id)
        data = json.loads((DATA.parent.parent / "docs" / "examples" / name).read_text("utf-8"))
        state = parse_state(data, rules.board)
        assert state.metro_drinks is None and state.free_builds == ()
        assert all(p.drink_colors == () and p.drink_income == 0 for p in state.players)
        assert parse_state(format_state(state), rules.board) == state
    v1 = json.loads((DATA / "v1" / "metro-state.json").read_text("utf-8"))
    assert v1["format"] == "companion/metro-state@1" and "metro_drinks" not in v1
    board = load_rules(str(DATA / "mini.toml")).board
    assert parse_state(v1, board).metro_drinks == DrinksSetup("map")
    v1.pop("drinks")
    assert parse_state(v1, board).metro_drinks is None


def test_one_list_of_drink_colours_for_the_cores_the_screen_and_the_leds():
    from companion.colors import DRINK_COLORS as DRINK_RGB
    from companion.colors import drink_name
    from companion.jutaku.jutaku import DRINKS
    from companion.metro import DRINK_COLORS

    assert tuple(DRINK_RGB) == DRINK_COLORS == DRINKS
    assert set(LED_DRINK_COLORS) == set(DRINK_COLORS)
    assert drink_name("mint") == "Mint" and drink_name("pink") == "pink"
