"""The shopping game's core: the rulebook's examples (golden), refusals, the end, and the
invariants (money conserved, prices never below ¥0, the end fires once)."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.jutaku.players import default_seats
from companion.metro.errors import IllegalEvent
from companion.shopping import codec
from companion.shopping import game as G
from companion.shopping.market import CATEGORIES, DRINKS, GARMENTS, START_PRICES, Cart, payout

GOLDEN = Path(__file__).parent / "data" / "shopping_examples.json"


def lines_json(lines):
    return [[line.what, line.count, line.amount] for line in lines]


def test_the_rulebook_exit_example_pays_600_300_500_600():
    """Two shirts, a red drink, a salmon and crab '6', first out of the shop."""
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))["exit"]
    s = G.new_game(default_seats(3))
    red = DRINKS.index("red")
    event = G.Exit(
        0, items=(0, 0, 2, 0), drinks=tuple(int(i == red) for i in range(6)), salmon=1, crabs=(6,)
    )
    after = G.apply(s, event)
    assert lines_json(after.last_exit[1]) == golden["lines"]
    assert after.shoppers[0].cash == golden["total"] == 600 + 300 + 500 + 600
    prices = dict(zip(CATEGORIES, after.prices, strict=True))
    assert prices == golden["prices_after"]
    assert after.shoppers[0].barrels == 1 and after.salmon_before


def test_the_detergent_example_doubles_the_shirt_and_one_bra():
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))["detergent"]
    prices = (500, 400, 300, 300, 200, 300, 300, 300, 300, 300)  # the example's ¥300 bras
    lines = payout(prices, Cart(items=(0, 0, 1, 2), detergents=2), salmon_before=False)
    assert lines_json(lines) == golden["lines"]
    assert sum(line.amount for line in lines) == golden["total"] == 600 + 600 + 300


def test_detergents_never_double_a_machine_or_one_item_twice():
    lines = payout(START_PRICES, Cart(items=(1, 0, 1, 0), detergents=3), salmon_before=False)
    assert next(line for line in lines if line.what == "detergent").amount == 300
    assert sum(1 for line in lines if line.what == "detergent") == 1


def test_salmon_pays_400_once_someone_left_with_salmon_and_tuna_pays_its_number():
    s = G.apply(G.new_game(default_seats(2)), G.Exit(0, salmon=1))
    s = G.apply(s, G.Exit(1, salmon=2, tunas=(15,)))
    assert s.shoppers[1].cash == 800 + 1500


def test_tuna_costs_500_then_1000_and_needs_the_cash():
    s = G.new_game(default_seats(2))
    assert isinstance(G.why_not(s, G.BuyTuna(0)), IllegalEvent)
    s = G.apply(s, G.Exit(0, items=(3, 0, 0, 0)))  # ¥1,500
    assert G.tuna_cost(s, 0) == 500
    s = G.apply(s, G.BuyTuna(0))
    assert G.tuna_cost(s, 0) == 1000 and s.shoppers[0].cash == 1000
    s = G.apply(s, G.BuyTuna(0))
    assert s.shoppers[0].cash == 0 and s.shoppers[0].tunas == 2


def test_prices_drop_once_per_exit_and_stop_at_zero():
    s = G.new_game(default_seats(2))
    for player in (0, 1, 0):
        s = G.apply(s, G.Exit(player, items=(0, 0, 0, 5)))
    assert s.prices[GARMENTS.index("underwear")] == 0


def test_the_game_ends_when_all_but_one_have_two_barrels():
    s = G.new_game(default_seats(3), "dexterity")
    for player in (0, 1, 0):
        s = G.apply(s, G.Exit(player, magazines=1))
    assert not s.over
    s = G.apply(s, G.Exit(1, items=(1, 0, 0, 0)))
    assert s.over and s.stranded == 2
    with pytest.raises(IllegalEvent):
        G.apply(s, G.Exit(2, items=(9, 0, 0, 0)))
    assert s.barrels_left == 9 - 4


def test_a_third_exit_and_bad_carts_are_refused():
    s = G.new_game(default_seats(3))
    s = G.apply(G.apply(s, G.Exit(0)), G.Exit(0))
    assert G.why_not(s, G.Exit(0)) is not None
    assert G.why_not(s, G.Exit(1, crabs=(0,))) is not None
    assert G.why_not(s, G.Exit(1, items=(-1, 0, 0, 0))) is not None
    assert G.why_not(s, G.Exit(7)) is not None


def test_ties_go_to_most_magazines_then_share():
    s = G.new_game(default_seats(3))
    s = G.apply(s, G.Exit(0, items=(1, 0, 0, 0), magazines=2))
    s = G.apply(s, G.Exit(1, items=(0, 0, 1, 1), magazines=1))  # ¥300 + ¥200
    assert G.standings(s) == (1, 2, 3)
    s = G.apply(s, G.Exit(2, items=(0, 1, 0, 1), magazines=1))  # ¥400 + ¥100
    assert G.standings(s)[1:] == (2, 2)


def test_every_event_survives_the_codec():
    event = G.Exit(
        1,
        items=(1, 2, 3, 4),
        drinks=(1, 0, 0, 0, 0, 2),
        detergents=1,
        salmon=2,
        crabs=(4, 6),
        tunas=(15,),
        magazines=1,
    )
    for e in (event, G.BuyTuna(0)):
        assert codec.EVENTS.decode(json.loads(json.dumps(codec.EVENTS.encode(e)))) == e
    seats, mode = codec.setup_from_json(codec.setup_to_json(default_seats(2), "dexterity"))
    assert mode == "dexterity" and seats == default_seats(2)


counts = st.integers(min_value=0, max_value=3)
carts = st.builds(
    lambda player, items, drinks, det, salmon, crabs, tunas, mags: G.Exit(
        player, items, drinks, det, salmon, crabs, tunas, mags
    ),
    st.integers(min_value=0, max_value=3),
    st.tuples(counts, counts, counts, counts),
    st.tuples(counts, counts, counts, counts, counts, counts),
    counts,
    counts,
    st.lists(st.integers(min_value=1, max_value=9), max_size=3).map(tuple),
    st.lists(st.integers(min_value=1, max_value=20), max_size=2).map(tuple),
    counts,
)
events = st.lists(st.one_of(carts, st.builds(G.BuyTuna, st.integers(0, 3))), max_size=30)


@settings(max_examples=150, deadline=None)
@given(events)
def test_money_is_conserved_prices_stay_at_or_above_zero_and_the_end_fires_once(steps):
    s = G.new_game(default_seats(4))
    money = s.money
    ends = 0
    for event in steps:
        if G.why_not(s, event) is not None:
            with pytest.raises(IllegalEvent):
                G.apply(s, event)
            continue
        before = s.over
        s = G.apply(s, event)
        ends += s.over and not before
        assert s.money == money
        assert min(s.prices) >= 0 and all(p.cash >= 0 for p in s.shoppers)
    assert ends == int(s.over) <= 1
