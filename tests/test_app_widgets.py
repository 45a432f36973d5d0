import pytest

from companion.ui.kit import ConfirmDialog, ListMenu, NumberEntry, Option, confirm
from companion.ui.screen import Action, Input
from tests.fakes import FakeApp


def press(app, *actions):
    for action in actions:
        app.top.handle(Input(action))


def test_number_entry_steps_and_bounds(tmp_path):
    app = FakeApp.make(tmp_path)
    got = []
    app.push(ListMenu(app, lambda: "menu"))
    app.push(NumberEntry(app, lambda: "Stake", 500, got.append, minimum=100, maximum=3000))
    press(app, Action.UP, Action.UP, Action.RIGHT, Action.RIGHT, Action.RIGHT, Action.DOWN)
    app.draw()
    press(app, Action.OK)
    assert got == [2900] and app.top.name == "menu"
    app.push(NumberEntry(app, lambda: "Stake", 500, got.append, minimum=100))
    press(app, Action.LEFT, Action.BACK)
    assert got == [2900]


def test_confirm_dialog_defaults_to_no(tmp_path):
    app = FakeApp.make(tmp_path)
    said = []
    app.push(ListMenu(app, lambda: "menu"))
    app.push(
        ConfirmDialog(app, lambda: "End?", lambda: said.append("yes"), lambda: said.append("no"))
    )
    press(app, Action.OK)
    app.push(ConfirmDialog(app, lambda: "End?", lambda: said.append("yes")))
    press(app, Action.RIGHT)
    app.draw()
    press(app, Action.OK)
    assert said == ["no", "yes"]


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_list_menu_moves_changes_and_draws_at_both_sizes(tmp_path, size):
    app = FakeApp.make(tmp_path, size)
    values = [0]
    chosen = []
    items = [Option(lambda i=i: f"item {i}", on_ok=lambda i=i: chosen.append(i)) for i in range(20)]
    items.insert(
        0,
        Option(
            lambda: "value",
            detail=lambda: str(values[0]),
            on_change=lambda d: values.__setitem__(0, values[0] + d),
            player=lambda: "red",
        ),
    )
    menu = ListMenu(app, lambda: "menu", items)
    app.push(menu)
    press(app, Action.RIGHT, Action.RIGHT, Action.LEFT, Action.UP, Action.OK)
    assert values == [1] and chosen == [19]
    assert app.draw().get_size() == size


def test_a_greyed_option_only_sounds_an_error(tmp_path):
    app = FakeApp.make(tmp_path)
    chosen = []
    items = [
        Option("closed", on_ok=lambda: chosen.append("closed"), enabled=lambda: False),
        Option("open", on_ok=lambda: chosen.append("open")),
    ]
    app.push(ListMenu(app, "menu", items))
    press(app, Action.OK, Action.DOWN, Action.OK)
    assert chosen == ["open"] and app.played == ["error", "beep"]


def test_confirm_asks_over_the_screen_with_no_preselected(tmp_path):
    app = FakeApp.make(tmp_path)
    said = []
    app.push(ListMenu(app, "menu"))
    confirm(app, "Undo?", lambda: said.append("yes"))
    assert app.top.name == "confirm"
    app.draw()
    press(app, Action.OK)
    assert said == [] and app.top.name == "menu"
