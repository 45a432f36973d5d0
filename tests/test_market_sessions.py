"""The shopping game and Chocolate milk saved through the one session: a power cut in the middle
of a game (the store opened again from its files) folds back to the same state, the same next
die roll, and undo; a bad setup is refused before anything is saved."""

import pytest

from companion.app.market_sessions import ChocolateSession, ShoppingSession
from companion.chocolate import codec as chocolate_codec
from companion.chocolate import game as C
from companion.jutaku.players import default_seats
from companion.metro.errors import IllegalEvent
from companion.shopping import codec as shopping_codec
from companion.shopping import game as S
from companion.store import Store


def test_a_shopping_game_resumes_mid_game_after_a_power_cut(tmp_path):
    store = Store.open(tmp_path)
    game = ShoppingSession.start(store, shopping_codec.setup_to_json(default_seats(3), "economic"))
    game.record(S.Exit(0, items=(0, 0, 2, 0), salmon=1, crabs=(6,)))
    game.record(S.BuyTuna(0))
    with pytest.raises(IllegalEvent):
        game.record(S.BuyTuna(1))
    assert game.entry_count == 2
    again = ShoppingSession.open(Store.open(tmp_path), game.game_id)
    assert again.state == game.state and again.state.shoppers[0].cash == 1700 - 500
    assert again.undo() and again.state.shoppers[0].tunas == 0
    for player in (1, 2, 0, 1):
        again.record(S.Exit(player))
    assert again.finished and Store.open(tmp_path).game(game.game_id).finished is not None


def test_a_chocolate_game_resumes_mid_game_with_the_same_next_roll(tmp_path):
    store = Store.open(tmp_path)
    setup = chocolate_codec.setup_to_json(default_seats(3), 1234, True, 5)
    game = ChocolateSession.start(store, setup)
    for player in range(3):
        drink = game.state.board[player][0]
        game.record(C.Buy(player, drink, 0))
    again = ChocolateSession.open(Store.open(tmp_path), game.game_id)
    assert again.state == game.state
    drink = again.state.board[4][0]
    assert again.record(C.Buy(0, drink, 0)) == C.apply(game.state, C.Buy(0, drink, 0))
    assert again.undo() and again.state == game.state and again.state.rolls == 3


@pytest.mark.parametrize(
    ("cls", "setup"),
    [
        (ShoppingSession, {"seats": [{"color": "red"}], "mode": "economic"}),
        (ShoppingSession, {"seats": [{"color": "red"}, {"color": "blue"}], "mode": "fast"}),
        (ChocolateSession, {"seats": [{"color": "red"}, {"color": "blue"}], "seed": "x"}),
    ],
)
def test_a_bad_setup_is_refused_and_nothing_is_saved(tmp_path, cls, setup):
    store = Store.open(tmp_path)
    with pytest.raises(ValueError):
        cls.start(store, setup)
    assert store.games() == []
