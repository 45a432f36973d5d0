"""The solo game in the core: set up as for two, no bids, the two-player rounds, the final
total, and the personal best per map and card set."""

import pytest

from companion.data import load_rules
from companion.games import METRO
from companion.metro import (
    OSAKA,
    TOKYO,
    SoloResult,
    apply,
    end_game,
    high_scores,
    new_state,
    personal_best,
    run_train_phase,
    solo_news,
    why_not,
)
from companion.metro.events import (
    AdjustCash,
    BidBonus,
    BuildStation,
    EndGame,
    Invest,
    NextRound,
    SetTurnOrder,
    StartTrain,
)
from companion.metro.solo import solo_result
from companion.narrate import describe_solo

EARLIER = (
    SoloResult("tokyo", "tokyo", 7_900, 1),
    SoloResult("tokyo", "tokyo", 6_000, 2),
    SoloResult("tokyo", "osaka", 15_000, 3),
    SoloResult("osaka", "osaka", 9_000, 4),
)


def test_one_player_is_the_solo_game_set_up_and_lasting_as_two():
    assert TOKYO.players == (1, 5) and OSAKA.players == (1, 5) and METRO.players == (1, 5)
    assert TOKYO.setup_players(1) == 2 and TOKYO.setup_players(4) == 4
    assert TOKYO.rounds(1) == TOKYO.rounds(2) == 8
    assert OSAKA.rounds(1) == OSAKA.rounds(2) == 7
    assert TOKYO.rounds(1, OSAKA.cards) == 7


def test_the_solo_game_has_no_bids(mini_rules):
    solo = new_state(mini_rules.board, ["red"])
    for event in (BidBonus("red", 200), AdjustCash("red", -300, "bid")):
        refusal = why_not(mini_rules, solo, event)
        assert refusal is not None and refusal.template == "the solo game has no turn-order bids"
    assert why_not(mini_rules, solo, AdjustCash("red", -300, "card")) is None
    assert why_not(mini_rules, solo, SetTurnOrder(("red",))) is None
    pair = new_state(mini_rules.board, ["red", "blue"])
    assert why_not(mini_rules, pair, BidBonus("red", 200)) is None


def test_a_solo_game_from_setup_to_a_new_best():
    rules = load_rules("tokyo")
    state = new_state(rules.board, ["red"])
    rounds = rules.variant.rounds(len(state.players))
    assert rounds == 8
    stations = sorted(s.id for s in rules.board.stations.values() if s.stops[0][0] in "GM")
    state = apply(rules, state, StartTrain("G", 300))
    state = apply(rules, state, Invest("red", "M", 500))
    for station in stations[:6]:
        state = apply(rules, state, BuildStation("red", station, 100))
    for _round in range(rounds):
        phase = run_train_phase(rules, state)
        assert phase.done
        state = apply(rules, phase.state, NextRound())
    state = apply(rules, state, EndGame())
    result = end_game(rules, state)
    solo = solo_result(state, result, state.card_set(rules.board).name, game_id=5)
    assert solo.total == result.players[0].total and solo.total > 7_900
    news = solo_news(EARLIER, solo)
    assert news.new_best and news.best_before == 7_900
    expected = f"New best: ¥{solo.total:,}, was ¥7,900"
    assert describe_solo(news) == expected
    # the next game on this map with these cards has this one to beat
    assert personal_best((*EARLIER, solo), "tokyo", "tokyo") == solo.total


def test_personal_best_and_the_high_score_table():
    assert personal_best(EARLIER, "tokyo", "tokyo") == 7_900
    assert personal_best(EARLIER, "tokyo", "osaka") == 15_000
    assert personal_best(EARLIER, "osaka", "tokyo") is None
    first = solo_news(EARLIER, SoloResult("osaka", "tokyo", 8_000))
    assert first.new_best and describe_solo(first) == (
        "Solo score: ¥8,000 (the first on this map with these cards)"
    )
    lower = solo_news(EARLIER, SoloResult("tokyo", "tokyo", 7_900))
    assert not lower.new_best and describe_solo(lower) == "Solo score: ¥7,900; best ¥7,900"
    table = high_scores((*EARLIER, SoloResult("tokyo", "tokyo", 7_900, 9)), keep=2)
    assert list(table) == [("osaka", "osaka"), ("tokyo", "osaka"), ("tokyo", "tokyo")]
    assert [r.game_id for r in table[("tokyo", "tokyo")]] == [1, 9]


def test_a_solo_result_needs_one_player(mini_rules):
    state = apply(mini_rules, new_state(mini_rules.board, ["red", "blue"]), EndGame())
    with pytest.raises(ValueError):
        solo_result(state, end_game(mini_rules, state), "tokyo")
