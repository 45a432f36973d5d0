import pytest

from companion.ui.screen import Action, Input
from companion.ui.widgets import ConfirmDialog, ListMenu, MenuItem, NumberEntry
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
    items = [MenuItem(lambda i=i: f"item {i}", lambda i=i: chosen.append(i)) for i in range(20)]
    items.insert(
        0,
        MenuItem(
            lambda: "value",
            value=lambda: str(values[0]),
            on_change=lambda d: values.__setitem__(0, values[0] + d),
            swatch=lambda: "red",
        ),
    )
    menu = ListMenu(app, lambda: "menu", items)
    app.push(menu)
    press(app, Action.RIGHT, Action.RIGHT, Action.LEFT, Action.UP, Action.OK)
    assert values == [1] and chosen == [19]
    assert app.draw().get_size() == size
