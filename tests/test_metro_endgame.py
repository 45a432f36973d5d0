"""Every figure the rulebook prints for the end of the game, and rulings 8-9."""

import pytest

from companion.metro import IncomeTrack, end_game, parse_state, share_split

TRACK = IncomeTrack.default()


@pytest.mark.parametrize(
    ("value", "holders", "expected"),
    [
        (2900, 1, (2900,)),  # rulebook: one holder takes the whole value
        (2900, 2, (2000, 900)),  # rulebook: larger / smaller
        (2900, 3, (1500, 1000, 400)),  # rulebook: half rounded up, rest larger / smaller
        (2000, 4, (1000, 500, 300, 200)),  # Osaka rulebook: halve three times, rest to #4
        (0, 3, (0, 0, 0)),
        (100, 3, (100, 0, 0)),
    ],
)
def test_share_split_rulebook_figures(value, holders, expected):
    assert share_split(value, holders, TRACK) == expected
    assert sum(expected) == value


@pytest.mark.parametrize(
    ("value", "pair"),
    [(2900, (2000, 900)), (1400, (1000, 400)), (0, (0, 0)), (6000, (4000, 2000))],
)
def test_income_track_pairs(value, pair):
    assert TRACK.pair(value) == pair


def test_above_6000_the_top_row_adds():
    assert TRACK.pair(8900) == (4000 + 2000, 2000 + 900)
    assert TRACK.pair(12000) == (8000, 4000)


def game(mini_rules, lines, players=None):
    data = {
        "players": players or [{"color": "red"}, {"color": "blue"}, {"color": "green"}],
        "lines": lines,
    }
    return parse_state(data, mini_rules.board)


def test_rulebook_2900_example(mini_rules):
    s = game(
        mini_rules,
        {
            "G": {"value": 2900, "shares": ["red"]},
            "M": {"value": 2900, "shares": ["red", "blue"]},
            "H": {"value": 2900, "shares": ["red", "blue", "green"]},
        },
    )
    r = end_game(mini_rules, s)
    assert [[sh.paid for sh in lp.shares] for lp in r.lines] == [
        [2900],
        [2000, 900],
        [1500, 1000, 400],
    ]


def test_speculation_pays_first_capped_by_the_smaller_number(mini_rules):
    # G worth 2,900 (smaller 900): green staked 300 -> 600; blue staked 500 -> min(1000, 900).
    s = game(
        mini_rules,
        {
            "G": {
                "value": 2900,
                "shares": ["red"],
                "speculations": [
                    {"player": "green", "stake": 300},
                    {"player": "blue", "stake": 500},
                ],
            }
        },
    )
    r = end_game(mini_rules, s)
    g = r.lines[0]
    assert [p.paid for p in g.speculations] == [600, 900]
    assert g.value_after_speculation == 2900 - 1500
    assert [sh.paid for sh in g.shares] == [1400]
    blue = next(p for p in r.players if p.color == "blue")
    assert (blue.speculation, blue.stakes_returned) == (900, 500)


def test_share_and_speculation_on_one_line_pay_nothing(mini_rules):
    s = game(
        mini_rules,
        {
            "G": {
                "value": 2900,
                "shares": ["red", "blue"],
                "speculations": [{"player": "blue", "stake": 300}],
            }
        },
    )
    r = end_game(mini_rules, s)
    g = r.lines[0]
    assert g.speculations[0].paid == 0 and g.speculations[0].violation
    assert g.value_after_speculation == 2900
    assert [(sh.paid, sh.violation) for sh in g.shares] == [(2000, False), (0, True)]


def test_loans_cost_1500_and_ties_go_to_turn_order(mini_rules):
    s = game(
        mini_rules,
        {"G": {"value": 1000, "shares": ["blue"]}, "M": {"value": 1000, "shares": ["red"]}},
        players=[
            {"color": "red", "cash": 2000, "loans": 1},
            {"color": "blue", "cash": 2000, "loans": 1},
            {"color": "green", "cash": 500},
        ],
    )
    r = end_game(mini_rules, s)
    totals = {p.color: p.total for p in r.players}
    assert totals == {"red": 1500, "blue": 1500, "green": 500}
    assert r.ranking == ("red", "blue", "green")
