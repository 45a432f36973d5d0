"""METRO DRINKS under the camera: the renderer stands drinks beside the pyramids, the reader
reads them (only in a drinks game), and the proposals ask the colour's owner."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

import numpy as np
import pytest

from companion.data import load_map
from companion.metro.state import DrinksSetup, Meeple, new_state
from companion.metro.vehicles import VehicleId
from companion.vision.drink_proposals import (
    BESIDE_MM,
    OFF_ITS_CENTRE_MM,
    UNSURE_CONFIDENCE,
    DrinkBuilt,
    settle,
)
from companion.vision.drink_shape import EXTENT, reach
from companion.vision.markers import load_layout
from companion.vision.model import (
    DRINK,
    DRINK_DIAMETER_MM,
    DRINK_HEIGHT_MM,
    MEEPLE,
    PYRAMID,
    Piece,
    Reading,
    station_center,
)
from companion.vision.proposals import Moved, proposals, settle_meeples
from companion.vision.reader import Reader
from companion.vision.render import LIGHTINGS, POSES
from companion.vision.scenes import calibrate_session, random_state, shoot, with_drinks
from companion.vision.white_drink import white_spot

BOARD = load_map("tokyo")
LAYOUT = load_layout(None, BOARD.width_mm, BOARD.height_mm)
STATIONS = ("ginza", "ueno", "shibuya", "ikebukuro", "otemachi", "shinjuku")


@pytest.fixture(scope="module")
def reader() -> Reader:
    cal = calibrate_session(BOARD, LAYOUT, "daylight", "overhead", seed=400).calibration
    r = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
    r.read_drinks = True
    return r


def drinks_state(drinks: dict[str, str]):
    state = new_state(BOARD, ["red", "blue", "green"], metro_drinks=DrinksSetup())
    owners = dict(zip(STATIONS, ["red", "blue", "green"] * 2, strict=True))
    return replace(state, stations=owners, drinks=drinks)


def test_each_drink_colour_is_read_at_its_station(reader):
    drinks = dict(zip(STATIONS, ["black", "white", "mint", "blue", "red", "purple"], strict=True))
    shot = shoot(BOARD, LAYOUT, drinks_state(drinks), seed=41, lighting="daylight", pose="overhead")
    reading = reader.read(shot.image)
    seen = {p.station: p.color for p in reading.pieces if p.kind == DRINK}
    assert seen == drinks


def test_no_drink_is_read_where_none_stands_nor_without_metro_drinks(reader):
    shot = shoot(BOARD, LAYOUT, drinks_state({}), seed=42, lighting="daylight", pose="overhead")
    assert not [p for p in reader.read(shot.image).pieces if p.kind == DRINK]
    off = Reader(reader.board, reader.layout, *_calibration())
    with_one = drinks_state({"ginza": "mint"})
    shot = shoot(BOARD, LAYOUT, with_one, seed=43, lighting="daylight", pose="overhead")
    assert not [p for p in off.read(shot.image).pieces if p.kind == DRINK]


def _calibration():
    cal = calibrate_session(BOARD, LAYOUT, "daylight", "overhead", seed=400).calibration
    return cal.reference, cal.colors


def test_drinks_are_read_across_lightings_and_poses():
    """The reading test's sessions with random drinks, settled with the game's meeples as the
    proposals do: nearly all read, no phantoms (the figures `benchmarks/vision.py --set
    drinks` prints are the measure; this keeps them from sliding)."""
    rng = np.random.default_rng(11)
    right = total = phantoms = 0
    for i, (lighting, pose) in enumerate((lt, ps) for lt in LIGHTINGS for ps in POSES):
        if i % 2:
            continue  # five of the nine sessions: the test's time
        cal = calibrate_session(BOARD, LAYOUT, lighting, pose, seed=500 + 10 * i).calibration
        r = Reader(BOARD, LAYOUT, cal.reference, cal.colors)
        r.read_drinks = True
        state = with_drinks(random_state(BOARD, rng, 30), rng)
        shot = shoot(BOARD, LAYOUT, state, seed=950 + i, lighting=lighting, pose=pose)
        reading = settle(r.read(shot.image), replace(state, drinks={}))
        got = {p.key() for p in reading.pieces if p.kind == DRINK}
        want = {p.key() for p in shot.pieces if p.kind == DRINK}
        right += len(got & want)
        total += len(want)
        phantoms += len(got - want)
    assert total >= 20
    assert right / total >= 0.95 and phantoms == 0


def test_a_drink_is_proposed_to_its_colours_owner():
    state = drinks_state({})
    state = state.with_player(replace(state.player("blue"), drink_colors=("mint",)))
    drink = Piece(DRINK, "mint", 10.0, 10.0, station="ginza", confidence=0.9)
    pyramid = Piece("pyramid", "red", 10.0, 10.0, station="ginza")
    reading = Reading(True, pieces=(pyramid, drink))
    assert DrinkBuilt("mint", "ginza", "blue") in proposals(reading, state)
    assert DrinkBuilt("mint", "ginza", "blue").text(BOARD) == "Mint drink at Ginza"
    nobody = replace(drink, color="white")  # no player took the white drinks
    assert not [
        p
        for p in proposals(Reading(True, pieces=(pyramid, nobody)), state)
        if isinstance(p, DrinkBuilt)
    ]
    built = replace(state, drinks={"ginza": "mint"})
    assert not [p for p in proposals(reading, built) if isinstance(p, DrinkBuilt)]


def test_a_meeple_read_on_a_drink_goes_when_its_players_meeple_is_seen_elsewhere():
    state = replace(drinks_state({}), meeples={"blue": Meeple(square=(1, 1))})
    drink = Piece(DRINK, "blue", 100.0, 100.0, station="ginza")
    ghost = Piece(MEEPLE, "blue", 102.0, 101.0, square=(5, 5))
    real = Piece(MEEPLE, "blue", 30.0, 30.0, square=(1, 1))
    settled = settle_meeples(Reading(True, pieces=(drink, ghost, real)), state)
    assert ghost not in settled.pieces and real in settled.pieces and drink in settled.pieces
    alone = settle_meeples(Reading(True, pieces=(drink, ghost)), state)
    assert ghost in alone.pieces  # no other blue meeple seen: it may be the real one
    away = replace(state, meeples={"blue": Meeple(square=(7, 7))})  # it moved: not by a drink
    moved = settle_meeples(
        Reading(True, pieces=(drink, real, replace(ghost, confidence=1.0))), away
    )
    assert real in moved.pieces and len(moved.pieces) == 2


def test_a_drink_read_on_a_meeple_the_game_has_there_goes():
    """Two pieces cannot stand in one place: a drink read on the game's own meeple was it; a
    meeple read on a drink the shape test told from it, where the game has that meeple
    elsewhere, was the drink (the game's meeple may be read as something else where it is)."""
    state = replace(drinks_state({}), meeples={"black": Meeple(square=(5, 5))})
    meeple = Piece(MEEPLE, "black", 100.0, 100.0, square=(5, 5))
    drink = Piece(DRINK, "black", 103.0, 98.0, station="ginza")
    assert drink not in settle(Reading(True, pieces=(meeple, drink)), state).pieces
    moved = replace(state, meeples={"black": Meeple(square=(1, 1))})
    assert settle(Reading(True, pieces=(meeple, drink)), moved).pieces == (drink,)
    beside = Piece(DRINK, "black", 110.0, 100.0, station="ginza")
    assert beside in settle(Reading(True, pieces=(meeple, beside)), state).pieces


def test_a_drink_of_a_player_whose_meeple_is_off_the_board_is_no_meeple(reader):
    """A red drink beside Ginza's red pyramid, rendered: the piece reader also sees a small red
    meeple there. Red's meeple is not on the board (not yet placed, or riding a train), so
    that meeple is the drink read twice: no meeple is left of it and no move is asked."""
    state = drinks_state({"ginza": "red"})
    state = state.with_player(replace(state.player("red"), drink_colors=("red",)))
    shot = shoot(BOARD, LAYOUT, state, seed=41, lighting="daylight", pose="overhead")
    reading = reader.read(shot.image)
    (drink,) = [p for p in reading.pieces if p.kind == DRINK]
    assert [p for p in reading.pieces if p.kind == MEEPLE], "the twice-read drink the test is for"
    game = replace(state, drinks={})
    riding = replace(game, meeples={"red": Meeple(riding=VehicleId("G"), boarded_at="G3")})
    for off_the_board in (game, riding):
        settled = settle(reading, off_the_board)
        assert drink in settled.pieces
        assert not [p for p in settled.pieces if p.kind == MEEPLE]
        found = proposals(reading, off_the_board, board=BOARD)
        assert not [p for p in found if isinstance(p, Moved)]
        assert DrinkBuilt("red", "ginza", "red") in found
    (meeple,) = [p for p in reading.pieces if p.kind == MEEPLE]
    assert meeple.square is not None
    standing = replace(game, meeples={"red": Meeple(square=meeple.square)})
    assert drink not in settle(reading, standing).pieces  # the game's meeple stands there


def test_a_blob_reaching_beyond_a_drinks_disc_is_a_meeple(reader):
    """A standing drink is seen as its 10 mm disc (a pixel wider) swept along the camera's
    lean; a meeple's 15 mm side reaches beyond it, most when it lies along or across the lean
    (`drink_shape.reach`)."""
    d = reader.drinks.rings
    x0, y0 = station_center(BOARD, "ginza")
    blur = 1 / d.scale
    xs, ys = np.meshgrid(np.arange(-12.0, 12.0, blur), np.arange(-12.0, 12.0, blur))
    grid = np.stack([xs.ravel(), ys.ravel()], 1)
    disc = grid[np.hypot(grid[:, 0], grid[:, 1]) <= 5.0 + blur] + (x0, y0)
    limit = EXTENT * DRINK_DIAMETER_MM
    assert reach(disc, d.lean) < limit
    tx, ty = d.lean(x0, y0, DRINK_HEIGHT_MM)
    lean = math.atan2(ty - y0, tx - x0)
    for angle in (lean, lean + math.pi / 2):
        c, s = math.cos(angle), math.sin(angle)
        u = grid @ np.array([[c, -s], [s, c]])  # the grid in the meeple's axes
        capsule = np.hypot(np.maximum(np.abs(u[:, 0]) - 3.75, 0), u[:, 1]) <= 3.75 + blur
        assert reach(grid[capsule] + (x0, y0), d.lean) > limit


def ring_at_100(change_at: Callable[[np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """A pyramid's ring at (100, 100) seen straight down, every 0.5 mm, and its change."""
    xs, ys = np.meshgrid(np.arange(70.0, 130.0, 0.5), np.arange(70.0, 130.0, 0.5))
    xy = np.stack([xs.ravel(), ys.ravel()], 1)
    d = np.hypot(xy[:, 0] - 100, xy[:, 1] - 100)
    xy = xy[(d >= 9) & (d <= 22)]
    return xy, change_at(xy)


def test_a_white_drink_is_the_drink_sized_spot_of_change_round_a_pyramid():
    def straight_down(x: float, y: float, h: float) -> tuple[float, float]:
        return x, y

    def spot(xy: np.ndarray) -> np.ndarray:
        return np.where(np.hypot(xy[:, 0] - 114, xy[:, 1] - 100) < 5, 1.5, 0.1)

    def found(xy: np.ndarray, change: np.ndarray, lighter: float = 0.0):
        n = len(xy)
        return white_spot(
            xy,
            change,
            change,
            np.full(n, lighter),
            np.ones(n, bool),
            (100, 100),
            9.0,
            straight_down,
            2.0,
        )

    x, y, strength = found(*ring_at_100(spot))
    assert abs(x - 114) < 2 and abs(y - 100) < 2 and strength > 1
    assert (
        found(*ring_at_100(lambda xy: np.full(len(xy), 1.5))) is None
    )  # the whole ring: light, noise
    assert (
        found(*ring_at_100(spot), lighter=-12.0) is None
    )  # darker than paper: a dark piece's shadow


def test_a_faint_white_drink_is_read_only_lit_and_clearly_changed():
    def straight_down(x: float, y: float, h: float) -> tuple[float, float]:
        return x, y

    def disc(xy: np.ndarray, inside: float) -> np.ndarray:
        return np.where(np.hypot(xy[:, 0] - 114, xy[:, 1] - 100) < 5, inside, 0.0)

    xy, change = ring_at_100(lambda xy: disc(xy, 0.55))  # under the white bar, over the faint one

    def found(still: float, lighter: float):
        n = len(xy)
        return white_spot(
            xy,
            change,
            disc(xy, still),
            np.full(n, lighter),
            np.ones(n, bool),
            (100, 100),
            9.0,
            straight_down,
            2.0,
        )

    assert found(1.5, 0.5) is not None  # lit, clearly no fit a pixel off: a white drink
    assert found(1.5, -3.0) is None  # darker than the paper: a soft shadow
    assert found(0.5, 0.5) is None  # near the empty board: a fit a pixel off may do that


def test_a_drink_read_inside_a_pyramid_read_is_one_thing_read_twice(reader):
    """Beside a black pyramid a black drink can be read as a pyramid of the next station too:
    it is the first one's drink and that second pyramid goes; with no pyramid beside, a drink
    read inside a pyramid is the pyramid's own pixels. (The pieces are put on the empty
    board's frame: no meeple's shape there makes the doubtful second pyramid a meeple.)"""
    bare = replace(drinks_state({}), stations={})
    empty = shoot(BOARD, LAYOUT, bare, seed=42, lighting="daylight", pose="overhead")
    reader.read(empty.image)
    frame = reader.last_frame
    x, y = station_center(BOARD, "ginza")
    real = Piece(PYRAMID, "black", x, y, station="ginza", confidence=0.9)
    second = Piece(PYRAMID, "black", x + 15, y, station="kyobashi", confidence=0.5)
    drink = Piece(DRINK, "black", x + 15.5, y, station="kyobashi")
    found, gone = reader.drinks._read_twice(frame, [(drink, second)], [real, second])
    assert [(d.station, base) for d, base in found] == [("ginza", real)]
    assert gone == {id(second): "black"}
    found, gone = reader.drinks._read_twice(frame, [(drink, second)], [second])
    assert found == [] and gone == {}


def test_a_meeple_beside_a_pyramid_is_no_drink_though_its_colour_is_read_elsewhere(reader):
    """The drinks benchmark's first session, its second board: Black's meeple stands beside
    Awajicho's green pyramid, diagonally to the camera's lean (its blob reaches no farther
    than a drink's), while black drinks at Hamacho and Shibuya are also read as black meeples.
    With the game knowing no meeple's square (every meeple riding) the long, meeple-sized blob
    is still the meeple: no drink is proposed at Awajicho, and the two black drinks are."""
    owners = {
        **dict.fromkeys(["ueno-hirokoji", "kasumigaseki", "asakusa", "akasaka"], "black"),
        **dict.fromkeys(["akebonobashi", "otemachi", "yotsuya", "todaimae"], "black"),
        **dict.fromkeys(["ikebukuro", "iidabashi", "kamiyacho"], "black"),
        **dict.fromkeys(["ningyocho", "hiro-o", "daimon", "shinjuku-sanchome"], "red"),
        **dict.fromkeys(["onarimon"], "red"),
        **dict.fromkeys(
            ["kayabacho", "aoyama-itchome", "omote-sando", "ueno", "sendagi"], "yellow"
        ),
        **dict.fromkeys(["nogizaka", "mita", "kikukawa", "higashi-ginza", "shibuya"], "yellow"),
        **dict.fromkeys(["kagurazaka"], "yellow"),
        **dict.fromkeys(["kudanshita", "tsukiji", "toyocho", "yurakucho", "hamacho"], "blue"),
        **dict.fromkeys(["otemachi-west", "shinjuku"], "blue"),
        **dict.fromkeys(["tsukijishijo", "awajicho"], "green"),
    }
    drinks = {
        "shinjuku-sanchome": "mint",
        "nogizaka": "purple",
        "shinjuku": "red",
        "toyocho": "purple",
        "hamacho": "black",
        "higashi-ginza": "mint",
        "tsukiji": "white",
        "shibuya": "black",
    }
    meeples = {"black": (17, 9), "yellow": (25, 9), "blue": (8, 11)}
    state = new_state(BOARD, ["black", "blue", "red", "green", "yellow"])
    state = replace(
        state,
        stations=owners,
        drinks=drinks,
        meeples={c: Meeple(square=sq) for c, sq in meeples.items()},
    )
    shot = shoot(BOARD, LAYOUT, state, seed=411, lighting="daylight", pose="overhead")
    raw = reader.read(shot.image)
    assert len([p for p in raw.pieces if p.kind == MEEPLE and p.color == "black"]) >= 2
    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")
    riding = replace(state, drinks={}, meeples=dict.fromkeys(meeples, rider))
    read = {p.station: p.color for p in settle(raw, riding).pieces if p.kind == DRINK}
    assert "awajicho" not in read
    assert read.get("hamacho") == read.get("shibuya") == "black"


def test_a_drink_its_shape_cannot_tell_from_a_meeple_is_proposed_by_neither():
    """A drink read not sure (`UNSURE_CONFIDENCE`: its blob could be the meeple read in its
    place): the game's meeple standing there keeps the meeple; with that meeple riding no
    question is asked, neither a drink nor a rider stepping off; with that meeple read where
    the game has it, the one here was the drink."""
    state = replace(drinks_state({}), meeples={"black": Meeple(square=(5, 5))})
    state = state.with_player(replace(state.player("red"), drink_colors=("black",)))
    meeple = Piece(MEEPLE, "black", 100.0, 100.0, square=(5, 5))
    drink = Piece(DRINK, "black", 103.0, 98.0, station="ginza", confidence=UNSURE_CONFIDENCE)
    reading = Reading(True, pieces=(meeple, drink))
    assert settle(reading, state).pieces == (meeple,)
    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")
    riding = replace(state, meeples={"black": rider})
    assert settle(reading, riding).pieces == ()
    asked = proposals(reading, riding, board=BOARD)
    assert not [p for p in asked if isinstance(p, DrinkBuilt | Moved)]
    sure = Reading(True, pieces=(meeple, replace(drink, confidence=0.9)))
    assert DrinkBuilt("black", "ginza", "red") in proposals(sure, riding, board=BOARD)
    elsewhere = replace(state, meeples={"black": Meeple(square=(1, 1))})
    real = Piece(MEEPLE, "black", 30.0, 30.0, square=(1, 1))
    seen = Reading(True, pieces=(meeple, drink, real))
    assert DrinkBuilt("black", "ginza", "red") in proposals(seen, elsewhere, board=BOARD)
    assert not [p for p in proposals(seen, elsewhere, board=BOARD) if isinstance(p, Moved)]
    moved = Reading(True, pieces=(meeple, drink))  # Black's meeple is not seen where it was
    assert [p for p in settle(moved, elsewhere).pieces if p.kind == DRINK] == []


def _towards(station: str, other: str, mm: float) -> tuple[float, float]:
    """A point `mm` from `station`'s centre towards `other`'s."""
    (x, y), (ox, oy) = station_center(BOARD, station), station_center(BOARD, other)
    d = math.hypot(ox - x, oy - y)
    return x + (ox - x) * mm / d, y + (oy - y) * mm / d


def test_a_drink_read_inside_a_pyramid_the_game_has_is_that_pyramid_or_goes():
    """Nishinakajima-minamigata's black pyramid not seen, its pixels read as the drink of the
    next station's pyramid (Osaka's 6-frame sample): nothing stands inside a pyramid. Of the
    pyramid's colour it is that pyramid, else it goes. Tokyo's Akihabara and Iwamotocho stand
    19 mm apart, as those two do."""
    state = replace(drinks_state({}), stations={"akihabara": "black", "iwamotocho": "green"})
    x, y = _towards("akihabara", "iwamotocho", 2.0)
    drink = Piece(DRINK, "black", x, y, station="iwamotocho")
    reading = Reading(True, pieces=(drink,))
    assert settle(reading, state).pieces == (drink,)  # without the board: not told
    (pyramid,) = settle(reading, state, BOARD).pieces
    assert pyramid.key() == (PYRAMID, "black", "akihabara")
    purple = Reading(True, pieces=(replace(drink, color="purple"),))
    assert settle(purple, state, BOARD).pieces == ()
    read = Piece(PYRAMID, "black", *station_center(BOARD, "akihabara"), station="akihabara")
    assert settle(Reading(True, pieces=(read, drink)), state, BOARD).pieces == (read,)
    empty = replace(state, stations={"iwamotocho": "green"})
    assert settle(reading, empty, BOARD).pieces == (drink,)  # no pyramid there: a drink may be


def test_a_drink_not_sure_where_the_game_has_no_pyramid_goes():
    """A drink stands only by a pyramid: one read not sure at a station the game has none on
    cannot be asked about, and is no drink; a sure one stays (a pyramid and its drink may be
    new together)."""
    state = drinks_state({})
    x, y = _towards("kyobashi", "ginza", 13.0)
    unsure = Piece(DRINK, "white", x, y, station="kyobashi", confidence=UNSURE_CONFIDENCE)
    assert settle(Reading(True, pieces=(unsure,)), state).pieces == ()
    sure = replace(unsure, confidence=0.9)
    assert settle(Reading(True, pieces=(sure,)), state).pieces == (sure,)
    at_ginza = replace(unsure, station="ginza")
    assert settle(Reading(True, pieces=(at_ginza,)), state).pieces == (at_ginza,)


def test_a_new_pyramid_where_a_game_pyramids_drink_stands_is_that_drink_not_sure():
    """A drink beside Iwamotocho's pyramid standing on Akihabara's circles, read as a pyramid
    there (seed 2077's sample; Osaka's Taisho by Dome-mae-Chiyogasaki too): in a drinks game,
    a pyramid of a drink colour read where the game has none, where a drink of a pyramid it
    has would stand, is that drink, not sure: no question asked, neither a build nor a drink."""
    state = replace(drinks_state({}), stations={"iwamotocho": "red"})
    x, y = _towards("iwamotocho", "akihabara", 16.0)
    pyramid = Piece(PYRAMID, "blue", x, y, station="akihabara", confidence=0.92)
    reading = Reading(True, pieces=(pyramid,))
    (drink,) = settle(reading, state, BOARD).pieces
    assert (drink.kind, drink.color, drink.station) == (DRINK, "blue", "iwamotocho")
    assert drink.confidence == UNSURE_CONFIDENCE
    asked = proposals(reading, state, board=BOARD)
    assert not [p for p in asked if isinstance(p, DrinkBuilt)]
    assert not [p for p in asked if getattr(p, "station", None) == "akihabara"]
    assert settle(reading, replace(state, metro_drinks=None), BOARD).pieces == (pyramid,)
    yellow = Reading(True, pieces=(replace(pyramid, color="yellow"),))  # no drink is yellow
    assert settle(yellow, state, BOARD) == yellow
    built = replace(state, stations={"iwamotocho": "red", "akihabara": "blue"})
    assert settle(reading, built, BOARD).pieces == (pyramid,)  # the game has it: a pyramid
    own = Piece(DRINK, "mint", *_towards("iwamotocho", "ueno", 15.0), station="iwamotocho")
    two = Reading(True, pieces=(pyramid, own))  # Iwamotocho's drink is read elsewhere
    assert settle(two, state, BOARD).pieces == (pyramid, own)
    far = _towards("iwamotocho", "akihabara", 20.0)
    centred = Reading(True, pieces=(replace(pyramid, x_mm=far[0], y_mm=far[1]),))
    assert settle(centred, state, BOARD) == centred  # 20 mm off: not where a drink stands


def test_a_new_pyramid_where_the_game_has_that_colours_meeple_is_no_drink():
    """Black's meeple lying on Akihabara's circles, read as a black pyramid beside Iwamotocho's
    (Osaka's Nishinagahori by Awaza, seed 3077): the game has that meeple standing on the
    square it is read on, so it is the meeple, no drink of Iwamotocho's; with the meeple
    riding, or standing elsewhere, it may be that drink, not sure."""
    state = replace(drinks_state({}), stations={"iwamotocho": "red"})
    x, y = _towards("iwamotocho", "akihabara", 16.0)
    pyramid = Piece(PYRAMID, "black", x, y, station="akihabara", confidence=0.595)
    reading = Reading(True, pieces=(pyramid,))
    square = BOARD.grid.square_at(x, y)
    standing = replace(state, meeples={"black": Meeple(square=square)})
    assert settle(reading, standing, BOARD) == reading
    rider = Meeple(riding=VehicleId("G"), boarded_at="G1")
    for other in (rider, Meeple(square=(0, 0))):
        (drink,) = settle(reading, replace(state, meeples={"black": other}), BOARD).pieces
        assert (drink.kind, drink.station, drink.confidence) == (
            DRINK,
            "iwamotocho",
            UNSURE_CONFIDENCE,
        )


def test_a_new_pyramid_off_its_stations_centre_may_be_a_drink_a_little_farther():
    """A pyramid read farther off its own station's centre than a pyramid read right stands
    (`OFF_ITS_CENTRE_MM`) may be a drink of the game's pyramid beside it read that much farther
    than `BESIDE_MM` (Osaka's Nishinakajima-minamigata red drink on Shin-Osaka's circles, seed
    5077); one read on its own centre at that distance is a new pyramid."""
    state = replace(drinks_state({}), stations={"iwamotocho": "red"})
    own = station_center(BOARD, "akihabara")
    x, y = _towards("iwamotocho", "akihabara", BESIDE_MM[1] + 1.0)
    on_centre = Piece(PYRAMID, "blue", x, y, station="akihabara", confidence=0.97)
    assert math.hypot(x - own[0], y - own[1]) <= OFF_ITS_CENTRE_MM
    reading = Reading(True, pieces=(on_centre,))
    assert settle(reading, state, BOARD) == reading
    # as far from Iwamotocho, 4 mm aside: off Akihabara's centre
    ix, iy = station_center(BOARD, "iwamotocho")
    r, side = BESIDE_MM[1] + 1.0, 4.0
    ux, uy = (x - ix) / r, (y - iy) / r
    along = math.sqrt(r * r - side * side)
    px, py = ix + ux * along - uy * side, iy + uy * along + ux * side
    off = Piece(PYRAMID, "blue", px, py, station="akihabara", confidence=0.97)
    assert math.hypot(px - own[0], py - own[1]) > OFF_ITS_CENTRE_MM
    (drink,) = settle(Reading(True, pieces=(off,)), state, BOARD).pieces
    assert (drink.kind, drink.station, drink.confidence) == (
        DRINK,
        "iwamotocho",
        UNSURE_CONFIDENCE,
    )


def test_a_meeple_by_a_pyramid_of_a_player_who_placed_none_is_not_asked():
    """A drink beside a pyramid read as a meeple of a player whose meeple is not on the board
    yet (Osaka's Abeno red drink, Sekime-Seiiku's mint one as green): in a drinks game no
    question is asked (a first placement there, round 1 only, is entered by hand); the placed
    players' meeples, and one away from every pyramid, stay."""
    state = replace(drinks_state({}), meeples={"blue": Meeple(square=(5, 5))})
    x, y = _towards("ginza", "ueno", 15.5)
    drink_like = Piece(MEEPLE, "red", x, y, square=(9, 9))
    placed = replace(drink_like, color="blue")
    far = Piece(MEEPLE, "red", 5.0, 5.0, square=(0, 0))
    assert settle(Reading(True, pieces=(drink_like,)), state, BOARD).pieces == ()
    assert settle(Reading(True, pieces=(placed,)), state, BOARD).pieces == (placed,)
    assert settle(Reading(True, pieces=(far,)), state, BOARD).pieces == (far,)
    plain = replace(state, metro_drinks=None)
    assert settle(Reading(True, pieces=(drink_like,)), plain, BOARD).pieces == (drink_like,)
    assert not [
        p
        for p in proposals(Reading(True, pieces=(drink_like,)), state, board=BOARD)
        if isinstance(p, Moved)
    ]
