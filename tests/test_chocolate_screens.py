"""Chocolate milk's screens, headless: set up, buy by buttons, a hand-drawn refill, a crate, a
sale, undo, resume, and the end with the ranking. `SHOTS=dir` saves a PNG of each screen."""

from companion import i18n
from companion.chocolate import codec
from companion.chocolate import game as G
from companion.jutaku.players import default_seats
from companion.ui.chocolate import ChocolateHome, ChocolateScreen
from companion.ui.screen import Input
from tests import market_screens as market
from tests.screen_fakes import FakeApp


def menu_pick(app, text):
    """In a command menu, move to the row whose label starts with `text` and press OK."""
    market.cursor_to(app, [o.text for o, _run in app.top.items], text)
    app.press("ok")


def turn(s, player):
    """A simple player: sell when a card pays ¥300 or more, else buy the first drink."""
    held = [d for crate in s.crates[player] for d in crate]
    sales = [
        G.Sell(player, kind, card, tuple(d for d in held if G.matches(kind, card, d)))
        for kind in G.KINDS
        for card in range(6)
        if any(G.matches(kind, card, d) for d in held)
    ]
    value = {e: G.card_price(s, e.kind, e.card) * len(e.drinks) for e in sales}
    best = max(sales, key=value.get, default=None)
    drinks = [d for plot in s.board for d in plot]
    if best is not None and (value[best] >= 300 or s.cash[player] < 100 or not drinks):
        return best
    return G.Buy(player, drinks[0], 0)


def walk(lang="en"):
    app = market.open_setup(ChocolateHome, "chocolate", lang)
    game = market.start_game(app, ChocolateScreen)
    s = game.state
    assert s.vending and len(s.seats) == 3 and s.spare_crates == 5
    first = s.board[0][0]
    app.top.handle(Input(player=1))
    market.shot(app, "chocolate-player")
    menu_pick(app, i18n._("Buy a drink: {cost}").split("{")[0])
    assert app.top.name == "commands"
    app.press("ok")  # the first drink on the plots
    market.shot(app, "chocolate-crate")
    app.press("ok")  # into crate 1
    assert app.top.name == "chocolate"
    s = game.state
    assert s.cash[1] == 400 and s.crates[1] == ((first,),) and s.last_refill[0] == 0
    market.shot(app, "chocolate")
    app.press("right")
    market.shot(app, "chocolate-hand")
    app.press("ok")
    assert game.state.by_hand and game.state.board[0] == (min(s.supply),)
    app.top.handle(Input(player=1))
    menu_pick(app, i18n._("Buy a crate: {cost}").split("{")[0])
    assert len(game.state.crates[1]) == 2 and game.state.cash[1] == 200
    app.top.handle(Input(player=1))
    menu_pick(app, i18n._("Sell drinks"))
    market.shot(app, "chocolate-sell")
    app.press("ok")
    assert game.state.crates[1] == ((), ())
    assert game.entry_count == 4
    app.press("ok")
    menu_pick(app, i18n._("Undo the last entry"))
    assert game.entry_count == 3 and game.state.crates[1][0] == (first,)
    return app, game


def test_buy_refill_by_hand_crate_sell_and_undo_by_buttons():
    walk()


def test_the_game_resumes_and_plays_to_the_end_with_the_ranking():
    app, game = walk()
    again = market.resume(app, game, ChocolateScreen)
    player = 0
    for _turn in range(400):
        if again.state.over:
            break
        again.record(turn(again.state, player))
        player = (player + 1) % 3
    assert again.state.over and again.finished
    market.end_and_leave(app, "chocolate-over")


def test_every_screen_draws_in_every_language():
    for lang in ("es", "fr"):
        walk(lang)


def test_eight_players_fit_in_two_columns():
    app = FakeApp(None)
    setup = codec.setup_to_json(default_seats(8, architects=False), 5, True, 0)
    game = app.services.new_game("chocolate", setup)
    for player in range(8):
        game.record(G.Buy(player, game.state.board[player][0], 0))
    app.push(ChocolateScreen(app, game))
    market.shots(app, "chocolate-eight")
