"""The shopping game's screens, headless: set up, enter a cart by buttons, pay, buy a tuna,
undo, resume, play to the end. `SHOTS=dir` saves a PNG of each screen on the way."""

from companion import i18n
from companion.jutaku.players import default_seats
from companion.shopping import codec
from companion.shopping import game as G
from companion.ui import launch
from companion.ui.screen import Input
from companion.ui.shopping import ShoppingHome, ShoppingScreen
from tests import market_screens as market
from tests.screen_fakes import FakeApp


def to_row(app, label_start):
    """Move the cart's cursor to the row whose label starts with this text."""
    market.cursor_to(app, [o.text for o in app.top.options()], label_start)


def walk(lang="en"):
    app = market.open_setup(ShoppingHome, "shopping", lang)
    app.press("right")  # players 3 -> ... the cursor is on "Players"
    app.press("down", "down", "down", "down", "down", "right")  # mode: dexterity
    game = market.start_game(app, ShoppingScreen)
    assert game.state.mode == "dexterity" and len(game.state.seats) == 4
    app.top.handle(Input(player=0))
    assert app.top.name == "commands"
    market.shot(app, "shopping-player")
    app.press("ok")  # leave the shop
    assert app.top.name == "shopping-cart"
    to_row(app, i18n._("Shirt/trousers"))
    app.press("right", "right")
    red = i18n._("{color} drink").format(color=i18n._("Red"))
    to_row(app, red)
    app.press("right")
    to_row(app, i18n._("Salmon"))
    app.press("right")
    to_row(app, i18n._("Crabs"))
    app.press("right")
    assert app.top.name == "number"
    app.press("up", "up", "ok")  # crab 6
    assert app.top.total() == 2000
    market.shot(app, "shopping-cart")
    to_row(app, i18n._("Pay {total}").split("{")[0])
    app.press("ok")
    assert app.top.name == "shopping-paid"
    market.shot(app, "shopping-paid")
    app.press("ok")
    assert game.state.shoppers[0].cash == 2000 and game.entry_count == 1
    market.shot(app, "shopping")
    app.top.handle(Input(player=0))
    app.press("down", "ok")  # buy a tuna
    assert game.state.shoppers[0].cash == 1500
    app.press("ok")
    app.press("up", "ok")  # undo the tuna
    assert game.state.shoppers[0].cash == 2000
    return app, game


def test_a_cart_entered_by_buttons_pays_the_rulebook_example_and_undo_takes_a_tuna_back():
    walk()


def test_the_game_resumes_and_plays_to_the_end_with_the_ranking():
    app, game = walk()
    again = market.resume(app, game, ShoppingScreen)
    for player in (1, 2, 0, 1, 2):
        again.record(G.Exit(player, magazines=player))
    assert again.state.over and again.finished and again.state.stranded == 3
    app.top.handle(Input(player=3))  # nothing to enter any more
    assert app.top.name == "shopping"
    market.end_and_leave(app, "shopping-over")
    launch.resume(app, game.game_id)  # History opens a finished game on its ranking
    assert app.top.name == "shopping" and app.top.state.over


def test_every_screen_draws_in_every_language():
    for lang in ("es", "fr"):
        walk(lang)


def test_eight_players_fit_beside_the_market():
    app = FakeApp(None)
    game = app.services.new_game(
        "shopping", codec.setup_to_json(default_seats(8, architects=False), "dexterity")
    )
    game.record(G.Exit(3, items=(2, 1, 1, 1), magazines=2))
    app.push(ShoppingScreen(app, game))
    market.shots(app, "shopping-eight")
