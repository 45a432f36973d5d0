"""Chocolate milk's core: the rulebook's examples (golden), the refill die, the end, scoring,
and the invariants (money conserved, prices never below ¥0, the end fires once)."""

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.chocolate import codec
from companion.chocolate import game as G
from companion.chocolate.drinks import COLORS, SHAPES, color_of, drink, refill, roll
from companion.jutaku.players import default_seats
from companion.metro.errors import IllegalEvent

MINT = COLORS.index("mint")
BLACK = COLORS.index("black")


def game(players=3, seed=7):
    return G.new_game(default_seats(players), seed)


def with_drinks(s, player, drinks):
    """`s` with these drinks moved from wherever they are into the player's first crate."""
    board = tuple(tuple(d for d in plot if d not in drinks) for plot in s.board)
    crates = list(s.crates)
    crates[player] = ((*crates[player][0], *drinks), *crates[player][1:])
    return replace(s, board=board, supply=s.supply - set(drinks), crates=tuple(crates))


def test_setup_puts_ten_drinks_on_the_plots_and_gives_500_each():
    s = game()
    assert [len(p) for p in s.board] == [1, 1, 1, 1, 2, 1, 1, 1, 1]
    assert len(s.supply) == 26 and s.cash == (500, 500, 500)
    assert s.color_prices == s.shape_prices == (0,) * 6
    assert game().board == s.board and game(seed=8).board != s.board


def test_a_purchase_adds_100_to_its_colour_and_shape_cards_and_refills_the_plot():
    s = game()
    bought = s.board[0][0]
    after = G.apply(s, G.Buy(0, bought, 0))
    assert after.cash[0] == 400 and after.crates[0] == ((bought,),)
    assert after.color_prices[color_of(bought)] == 100
    assert sum(after.color_prices) == sum(after.shape_prices) == 100
    (new,) = after.board[0]
    assert new == refill(s.supply, roll(7, 0)) and new not in after.supply
    assert after.last_refill == (0, new)


def test_the_two_mint_example_sells_at_200_each_and_resets_the_card():
    """«ESTE JUGADOR VENDE 2 BEBIDAS MENTA ... A 200 YENES CADA UNA»."""
    mints = (drink(MINT, 0), drink(MINT, 3))
    s = with_drinks(game(), 0, mints)
    s = replace(s, color_prices=(0, 200, 0, 0, 0, 0))
    after = G.apply(s, G.Sell(0, "color", MINT, mints))
    assert after.cash[0] == 500 + 2 * 200
    assert after.color_prices[MINT] == 0 and after.crates[0] == ((),)
    assert set(mints) <= after.supply
    assert after.money == s.money


def test_the_die_example_3_then_6_is_the_short_black_can_else_the_tallest_black():
    assert COLORS[2] == "black" and SHAPES[5] == "short can" and SHAPES[0] == "tallest"
    everything = frozenset(range(36))
    assert refill(everything, (2, 5)) == drink(BLACK, 5)
    assert refill(everything - {drink(BLACK, 5)}, (2, 5)) == drink(BLACK, 0)
    no_black = everything - {drink(BLACK, s) for s in range(6)}
    assert refill(no_black, (2, 5)) == drink(BLACK + 1, 5)
    assert refill(frozenset({drink(0, 1)}), (5, 5)) == drink(0, 1)  # wraps to the first
    assert refill(frozenset(), (0, 0)) is None


def test_drawn_by_hand_instead_swaps_the_die_drink_back_into_the_supply():
    s = G.apply(game(), G.Buy(0, game().board[0][0], 0))
    plot, rolled = s.last_refill
    hand = min(s.supply)
    after = G.apply(s, G.HandRefill(hand))
    assert after.board[plot] == (hand,) and rolled in after.supply and hand not in after.supply
    assert G.why_not(G.apply(after, G.BuyCrate(1)), G.HandRefill(rolled)) is not None


def test_a_crate_costs_200_and_the_spares_run_out():
    s = G.apply(game(players=7), G.BuyCrate(0))
    assert s.cash[0] == 300 and len(s.crates[0]) == 2 and s.spare_crates == 0
    assert isinstance(G.why_not(s, G.BuyCrate(1)), IllegalEvent)


def test_refusals():
    s = game()
    on_board = s.board[0][0]
    assert G.why_not(s, G.Buy(0, min(s.supply), 0)) is not None  # not on a plot
    assert G.why_not(s, G.Buy(0, on_board, 1)) is not None  # no second crate
    assert G.why_not(replace(s, vending=False), G.Buy(0, on_board, G.STUCK)) is not None
    assert G.why_not(replace(s, cash=(0, 0, 0)), G.Buy(0, on_board, 0)) is not None
    held = with_drinks(s, 1, (drink(MINT, 2),))
    assert G.why_not(held, G.Sell(0, "color", MINT, (drink(MINT, 2),))) is not None
    assert G.why_not(held, G.Sell(1, "shape", 3, (drink(MINT, 2),))) is not None
    assert G.why_not(held, G.Sell(1, "shape", 2, (drink(MINT, 2),))) is None


def test_six_of_a_colour_in_a_crate_ends_it_and_crates_score_n_squared():
    s = with_drinks(game(), 0, tuple(drink(MINT, k) for k in range(5)))
    assert not G.ended(s) and G.crate_score(s.crates[0][0]) == 2500  # «5x5 = 2,500»
    last = drink(MINT, 5)
    s = replace(s, board=((last,), *s.board[1:]), supply=s.supply - {last})
    s = G.apply(s, G.Buy(0, last, 0))
    assert s.over and G.totals(s)[0] == 400 + 3600
    assert G.why_not(s, G.BuyCrate(1)) is not None


def test_2000_yen_ends_the_game():
    s = replace(game(), cash=(1900, 500, 500), color_prices=(100, 0, 0, 0, 0, 0))
    white = drink(0, 0)
    s = with_drinks(s, 0, (white,))
    assert G.apply(s, G.Sell(0, "color", 0, (white,))).over


def test_every_event_survives_the_codec_and_the_setup_folds_the_same():
    for e in (G.Buy(1, 4, G.STUCK), G.HandRefill(3), G.Sell(0, "shape", 2, (1, 8)), G.BuyCrate(2)):
        assert codec.EVENTS.decode(json.loads(json.dumps(codec.EVENTS.encode(e)))) == e
    setup = codec.setup_to_json(default_seats(3), 7, True, 5)
    assert codec.initial(json.loads(json.dumps(setup))) == G.new_game(default_seats(3), 7, True, 5)


@st.composite
def plays(draw):
    return draw(
        st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 40)), max_size=60)
    )


def pick(s, kind, player, k):
    """A legal-looking event of this kind for the property test (it may still be refused)."""
    if kind == 0:
        drinks = [d for plot in s.board for d in plot]
        crate = k % (len(s.crates[player]) + 1) - 1
        return G.Buy(player, drinks[k % len(drinks)], crate) if drinks else None
    if kind == 1:
        return G.BuyCrate(player)
    if kind == 2:
        return G.HandRefill(sorted(s.supply)[k % len(s.supply)]) if s.supply else None
    held = [d for crate in s.crates[player] for d in crate]
    if not held:
        return None
    d = held[k % len(held)]
    by = "color" if k % 2 else "shape"
    card = color_of(d) if by == "color" else d % 6
    return G.Sell(player, by, card, tuple(x for x in held if G.matches(by, card, x)))


@settings(max_examples=150, deadline=None)
@given(plays(), st.integers(0, 10_000))
def test_money_is_conserved_prices_never_negative_and_the_end_fires_once(steps, seed):
    s = G.new_game(default_seats(3), seed)
    money, ends = s.money, 0
    for kind, player, k in steps:
        event = pick(s, kind, player % 3, k)
        if event is None:
            continue
        if G.why_not(s, event) is not None:
            with pytest.raises(IllegalEvent):
                G.apply(s, event)
            continue
        before = s.over
        s = G.apply(s, event)
        ends += s.over and not before
        assert s.money == money
        assert min(s.color_prices + s.shape_prices + s.cash) >= 0
        on_board = [d for plot in s.board for d in plot]
        held = [d for crates in s.crates for crate in crates for d in crate]
        assert sorted([*on_board, *held, *s.machine, *s.supply]) == list(range(36))
    assert ends == int(s.over) <= 1
