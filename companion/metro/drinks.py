"""METRO DRINKS (the rulebook's variant with TOKYO JIDOHANBAIKI): drink colours, vending
machines on stations, the vending fee and the payout bonus, as pure functions and events.

A game plays it when its state's `metro_drinks` is set (a `DrinksSetup`, chosen at setup for
either map and card set). Its three actions are events here, folded by `events.apply`:

- `TakeDrinkColor`: a colour card; the player takes that colour's 6 drinks and puts one action
  disc back in the box for good (the box records the colours each player owns).
- `TakeDrinkShape`: a shape card; the player builds vending machines without an action disc for
  the rest of the action phase, also at stations passed during a Move.
- `BuildDrink`: a vending machine on a station the builder's meeple touches, that has a pyramid
  and no drink; the fee goes to the station's owner (`vending_fee`, ruling 14).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from companion.metro import rulings
from companion.metro.board import BoardMap, Square
from companion.metro.errors import N_, IllegalEvent
from companion.metro.state import DrinksSetup, MetroState

DRINK_COLORS = ("black", "white", "mint", "blue", "red", "purple")
"""The six JIDOHANBAIKI drink colours, one drawer of 6 drinks each."""
DRINKS_PER_COLOR = 6
SHAPE_CARDS = 6
"""Shape cards among the 12 stock cards; the setup removes `CardSet.drink_shapes_removed`."""


@dataclass(frozen=True)
class TakeDrinkColor:
    player: str
    color: str
    type: ClassVar[str] = "take_drink_color"


@dataclass(frozen=True)
class TakeDrinkShape:
    player: str
    type: ClassVar[str] = "take_drink_shape"


@dataclass(frozen=True)
class BuildDrink:
    player: str
    station: str
    color: str
    """One of the builder's own drink colours."""
    square: Square | None = None
    """Where the meeple touched the station: None is the square it stands on; another square
    is one it passed during a Move, which only a shape card's free builds allow."""
    type: ClassVar[str] = "build_drink"


DrinkEvent = TakeDrinkColor | TakeDrinkShape | BuildDrink
DRINK_EVENTS = (TakeDrinkColor, TakeDrinkShape, BuildDrink)


def owner_of_color(state: MetroState, color: str) -> str | None:
    """The player who took that drink colour's card, or None."""
    for p in state.players:
        if color in p.drink_colors:
            return p.color
    return None


def drinks_left(state: MetroState, color: str) -> int:
    """Drinks of the colour still in its owner's supply."""
    return DRINKS_PER_COLOR - sum(1 for d in state.drinks.values() if d == color)


def vending_fee(state: MetroState, builder: str, station_id: str) -> int:
    """Ruling 14: ¥100 x k to the station's owner, k counting the drinks of the builder's
    colours already on that owner's stations plus this one (the rulebook: ¥100 the first time
    on a player's stations, ¥200 the second...). Building on your own station is free."""
    owner = state.stations.get(station_id)
    if owner is None or owner == builder:
        return 0
    mine = set(state.player(builder).drink_colors)
    k = 1 + sum(
        1 for sid, drink in state.drinks.items() if drink in mine and state.stations[sid] == owner
    )
    return rulings.VENDING_FEE_STEP * k


def bonus_count(state: MetroState, station_id: str) -> int:
    """How many drinks of the station's drink colour count for its bonus (ruling 10): every
    one on the map (the long text, `bonus="map"`), or only those on the owner's stations
    (the summary's reading, `bonus="owner"`). 0 when the station has no drink."""
    drink = state.drinks.get(station_id)
    if drink is None:
        return 0
    setup = state.metro_drinks or DrinksSetup()
    owner = state.stations.get(station_id)
    return sum(
        1
        for sid, d in state.drinks.items()
        if d == drink and (setup.bonus == "map" or state.stations.get(sid) == owner)
    )


def drink_bonus(state: MetroState, station_id: str) -> int:
    """Ruling 4: ¥100 / ¥200 / ¥300 for 1-3 / 4-5 / 6 drinks (`bonus_count`); 0 without one."""
    count = bonus_count(state, station_id)
    if count == 0:
        return 0
    for most, bonus in rulings.DRINK_BONUS:
        if count <= most:
            return bonus
    return rulings.DRINK_BONUS[-1][1]


NOT_TOUCHING = N_("{player}'s meeple does not touch {station}")
"""The refusal of a build on a station the builder's meeple does not stand by."""


def touches(board: BoardMap, square: Square, station_id: str) -> bool:
    return square in board.squares_touching_station(station_id)


def check(board: BoardMap, state: MetroState, event: DrinkEvent, shape_cards: int) -> None:
    """Raise the refusal of a METRO DRINKS event; `shape_cards` is how many shape cards the
    game's deck keeps (6 less those its card set removes)."""
    if state.metro_drinks is None:
        raise IllegalEvent("action", N_("this game is played without METRO DRINKS"))
    if state.phase != "action":
        raise IllegalEvent("phase", N_("drinks are taken and built in the action phase"))
    if event.player not in state.colors:
        raise IllegalEvent("player", N_("unknown player {player}"), player=event.player)
    match event:
        case TakeDrinkColor(player, color):
            _color(color)
            owner = owner_of_color(state, color)
            if owner is not None:
                raise IllegalEvent(
                    "color", N_("{owner} already has the {color} drinks"), owner=owner, color=color
                )
        case TakeDrinkShape(player):
            if player in state.free_builds:
                raise IllegalEvent(
                    "player", N_("{player} already builds for free this phase"), player=player
                )
            if len(state.free_builds) >= shape_cards:
                raise IllegalEvent("action", N_("the game has only {n} shape cards"), n=shape_cards)
        case BuildDrink(player, station_id, color, square):
            _build(board, state, player, station_id, color, square)


def _color(color: str) -> None:
    if color not in DRINK_COLORS:
        raise IllegalEvent(
            "color",
            N_("unknown drink colour {color}; the colours are {colors}"),
            color=color,
            colors=", ".join(DRINK_COLORS),
        )


def _build(
    board: BoardMap,
    state: MetroState,
    player: str,
    station_id: str,
    color: str,
    square: Square | None,
) -> None:
    _color(color)
    if color not in state.player(player).drink_colors:
        raise IllegalEvent(
            "color", N_("{player} has no {color} drinks"), player=player, color=color
        )
    if drinks_left(state, color) < 1:
        raise IllegalEvent("color", N_("all 6 {color} drinks are on the map"), color=color)
    if station_id not in board.stations:
        raise IllegalEvent("station", N_("unknown station {station}"), station=station_id)
    if station_id not in state.stations:
        raise IllegalEvent("station", N_("{station} has no pyramid"), station=station_id)
    if station_id in state.drinks:
        raise IllegalEvent(
            "station",
            N_("{station} already has a {color} drink"),
            station=station_id,
            color=state.drinks[station_id],
        )
    meeple = state.meeples.get(player)
    if meeple is not None and meeple.riding is not None:
        raise IllegalEvent(
            "player", N_("{player} is riding a train: step off first"), player=player
        )
    if meeple is None or meeple.square is None:
        raise IllegalEvent("player", N_("{player}'s meeple is not on the map"), player=player)
    if square is None or tuple(square) == meeple.square:
        if not touches(board, meeple.square, station_id):
            raise IllegalEvent("station", NOT_TOUCHING, player=player, station=station_id)
    else:
        passed = (int(square[0]), int(square[1]))
        if player not in state.free_builds:
            raise IllegalEvent(
                "square",
                N_("only a shape card lets {player} build while moving"),
                player=player,
            )
        if not board.grid.contains(passed) or not touches(board, passed, station_id):
            raise IllegalEvent(
                "square",
                N_("{square} does not touch {station}"),
                square=list(passed),
                station=station_id,
            )
    fee = vending_fee(state, player, station_id)
    cash = state.player(player).cash
    if cash is not None and fee > cash:
        raise IllegalEvent(
            "player",
            N_("{player} has only ¥{cash:,} for the ¥{fee:,} fee"),
            player=player,
            cash=cash,
            fee=fee,
        )


def effect(state: MetroState, event: DrinkEvent) -> MetroState:
    match event:
        case TakeDrinkColor(player, color):
            p = state.player(player)
            return state.with_player(replace(p, drink_colors=(*p.drink_colors, color)))
        case TakeDrinkShape(player):
            return replace(state, free_builds=(*state.free_builds, player))
        case BuildDrink(player, station_id, color, _square):
            fee = vending_fee(state, player, station_id)
            state = replace(state, drinks={**state.drinks, station_id: color})
            if fee:
                owner = state.stations[station_id]
                state = state.with_cash(player, -fee).with_cash(owner, fee)
                o = state.player(owner)
                state = state.with_player(replace(o, drink_fees=o.drink_fees + fee))
            return state


def drinks_by_owner(state: MetroState) -> Mapping[str, tuple[str, ...]]:
    """Station owner -> the drink colours standing on their stations (for the screens)."""
    out: dict[str, list[str]] = {}
    for sid, drink in state.drinks.items():
        out.setdefault(state.stations[sid], []).append(drink)
    return {owner: tuple(ds) for owner, ds in out.items()}
