import pytest

from companion.data import load_map
from companion.devices.led_layout import default_layout, format_layout, load_layout, parse_layout
from companion.devices.ledconfig import LedConfig
from companion.errors import UserError

MINI = "tests/data/mini.toml"


@pytest.fixture
def board():
    return load_map(MINI)


def test_default_layout_is_one_segment_per_line_in_track_order(board):
    layout = default_layout(board)
    assert [(s.line, s.first_led, s.stops) for s in layout.segments] == [
        ("G", 0, 6),
        ("M", 6, 5),
        ("H", 11, 8),
    ]
    assert layout.count == 19
    assert layout.led("G1") == 0 and layout.led("M1") == 6 and layout.led("H8") == 18
    assert layout.led("G7") is None


def test_written_layout_loads_back_the_same(tmp_path, board):
    layout = default_layout(board)
    config = LedConfig.from_toml_table({"night": "22:00-07:00", "color_order": "GRB"})
    path = tmp_path / "leds.toml"
    path.write_text(format_layout(layout, config, board))
    setup = load_layout(path, board)
    assert setup.layout == layout
    assert setup.config == config


def test_reverse_segments_and_gaps(tmp_path, board):
    path = tmp_path / "leds.toml"
    path.write_text(
        'map = "mini"\ncount = 30\n'
        '[[segments]]\nline = "G"\nfirst_led = 0\n'
        '[[segments]]\nline = "H"\nfirst_led = 10\nreverse = true\n'
    )
    layout = load_layout(path, board).layout
    assert layout.count == 30
    assert layout.led("G6") == 5 and layout.led("H1") == 17 and layout.led("H8") == 10
    assert layout.led("M1") is None


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('[[segments]]\nline = "X"\nfirst_led = 0\n', "segments[0].line"),
        ('[[segments]]\nline = "G"\nfirst_led = -1\n', "segments[0].first_led"),
        ('[[segments]]\nline = "G"\nfirst_led = 0\nstops = 9\n', "segments[0].stops"),
        ('[[segments]]\nline = "G"\nfirst_led = 0\nreverse = "yes"\n', "segments[0].reverse"),
        (
            '[[segments]]\nline = "G"\nfirst_led = 0\n[[segments]]\nline = "M"\nfirst_led = 3\n',
            "segments[1].first_led",
        ),
        (
            '[[segments]]\nline = "G"\nfirst_led = 0\n[[segments]]\nline = "G"\nfirst_led = 9\n',
            "segments[1].line",
        ),
        ('count = 3\n[[segments]]\nline = "G"\nfirst_led = 0\n', "count"),
        ('map = "tokyo"\n[[segments]]\nline = "G"\nfirst_led = 0\n', "map"),
        ("[strip]\ngamma = 9\n[[segments]]\nline = 'G'\nfirst_led = 0\n", "gamma"),
        ("segments = []\n", "segments"),
        ('[[segments]]\nline = "G"\nfirst = 0\n', "segments[0].first"),
    ],
)
def test_layout_errors_name_file_and_field(tmp_path, board, text, field):
    path = tmp_path / "leds.toml"
    path.write_text(text)
    with pytest.raises(UserError) as err:
        load_layout(path, board)
    assert err.value.file == str(path)
    assert err.value.field == field


def test_missing_file_names_it(tmp_path):
    with pytest.raises(UserError) as err:
        load_layout(tmp_path / "nope.toml")
    assert "nope.toml" in str(err.value)


def test_without_a_board_stops_must_be_given():
    with pytest.raises(UserError) as err:
        parse_layout({"segments": [{"line": "G", "first_led": 0}]}, "x.toml")
    assert err.value.field == "segments[0].stops"


def test_the_shipped_layout_fits_the_shipped_map():
    board = load_map("tokyo")
    setup = load_layout(None, board)
    assert setup.layout.map == "tokyo"
    assert [s.line for s in setup.layout.segments] == list(board.track_order)
    assert setup.config.night is not None
