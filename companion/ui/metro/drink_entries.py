"""METRO DRINKS' three entries: a colour card (the player's 6 drinks of a colour), a shape card
(free builds for the rest of the phase) and a vending machine built on a station.

A vending machine's list offers the stations the builder's meeple touches first, each with its
fee to the owner beside it (¥100 × k, `drinks.vending_fee`), so the fee is read before OK. After
a shape card the builder may also build at a station passed during a Move: any station with a
pyramid is offered, then the square the meeple touched it from. Every choice is greyed with the
core's own refusal (`why_not`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.colors import color_name, drink_name
from companion.i18n import N_, _
from companion.metro import drinks, rulings
from companion.metro.drinks import BuildDrink, TakeDrinkColor, TakeDrinkShape
from companion.metro.events import Event
from companion.metro.state import MetroState
from companion.names import Names
from companion.narrate import station_name
from companion.ui import kit as c
from companion.ui.kit import Option
from companion.ui.metro import places
from companion.ui.metro.actions import Opening, players_step, refusal
from companion.ui.metro.entry import Choice, EntryScreen
from companion.ui.screen import AppContext
from companion.ui.services import MetroGame, current_metro, metro_names


def _session(app: AppContext) -> MetroGame:
    return current_metro(app.services)


def usable_colors(state: MetroState, player: str) -> list[str]:
    """The builder's drink colours that still have a drink in the supply."""
    return [d for d in state.player(player).drink_colors if drinks.drinks_left(state, d) > 0]


def fee_text(state: MetroState, player: str, station_id: str, names: Names = color_name) -> str:
    """What a build there costs, as the row shows it: "¥100 × 2 to Blue" or "free"."""
    fee = drinks.vending_fee(state, player, station_id)
    if fee == 0:
        return _("free")
    k = fee // rulings.VENDING_FEE_STEP
    owner = names(state.stations[station_id])
    amount = c.yen(fee) if k == 1 else f"{c.yen(rulings.VENDING_FEE_STEP)} × {k}"
    return _("{fee} to {owner}").format(fee=amount, owner=owner)


def _build_probe(state: MetroState, player: str, station_id: str) -> BuildDrink:
    colors = usable_colors(state, player) or list(state.player(player).drink_colors)
    return BuildDrink(player, station_id, colors[0] if colors else drinks.DRINK_COLORS[0])


def take_color(app: AppContext, opening: Opening) -> EntryScreen:
    """Who, then which colour: the colours taken say whose they are."""

    def who(state: MetroState, color: str) -> str | None:
        free = [d for d in drinks.DRINK_COLORS if drinks.owner_of_color(state, d) is None]
        return refusal(app, TakeDrinkColor(color, free[0] if free else drinks.DRINK_COLORS[0]))

    def which(answers: dict[str, Any]) -> Choice:
        state = _session(app).state
        player = answers["player"]
        options = []
        for d in drinks.DRINK_COLORS:
            owner = drinks.owner_of_color(state, d)
            detail = metro_names(app.services).label(owner) if owner is not None else ""
            why = refusal(app, TakeDrinkColor(player, d))
            options.append(Option(drink_name(d), d, why, detail=detail))
        return Choice("color", _("Which drink colour?"), options)

    steps = [players_step(_("Who takes a colour card?"), who)(app), which]
    return EntryScreen(
        app,
        _("Drink colour card"),
        steps,
        lambda a: TakeDrinkColor(a["player"], a["color"]),
        initial=opening.initial,
        fixed=opening.fixed,
        deliberate=opening.deliberate,
    )


def take_shape(app: AppContext, opening: Opening) -> EntryScreen:
    def who(state: MetroState, color: str) -> str | None:
        return refusal(app, TakeDrinkShape(color))

    steps = [players_step(_("Who takes a shape card?"), who)(app)]
    return EntryScreen(
        app,
        _("Drink shape card"),
        steps,
        lambda a: TakeDrinkShape(a["player"]),
        initial=opening.initial,
        fixed=opening.fixed,
        deliberate=opening.deliberate,
    )


def _station_why(app: AppContext, player: str) -> Callable[[str], str | None]:
    """A station's refusal for this builder; after a shape card, a station the meeple does not
    touch now is allowed (the square it was passed from is asked next)."""

    def why(station_id: str) -> str | None:
        state = _session(app).state
        refused = refusal(app, _build_probe(state, player, station_id))
        if refused is None or player not in state.free_builds:
            return refused
        squares = _session(app).rules.board.squares_touching_station(station_id)
        if not squares:
            return refused
        square = min(squares)
        return refusal(app, replace(_build_probe(state, player, station_id), square=square))

    return why


def build(app: AppContext, opening: Opening) -> EntryScreen:
    """Who, which station (its fee beside it), the square passed (shape card only), which
    colour (only when the builder has several)."""
    board = _session(app).rules.board

    def who(state: MetroState, color: str) -> str | None:
        why = _station_why(app, color)
        reasons = [why(sid) for sid in state.stations]
        if not reasons:
            return _("no station has a pyramid yet")
        if any(r is None for r in reasons):
            return None
        probe = refusal(app, _build_probe(state, color, next(iter(state.stations))))
        return probe or reasons[0]

    def where(answers: dict[str, Any]) -> Choice:
        state = _session(app).state
        player = answers["player"]
        options, groups = places.station_options(board, state, player, _station_why(app, player))
        shown = [
            replace(o, detail=fee_text(state, player, o.value, metro_names(app.services).label))
            if o.reason is None
            else o
            for o in options
        ]
        return Choice("station", _("Which station?"), shown, groups)

    def passed(answers: dict[str, Any]) -> Choice | None:
        state = _session(app).state
        player, sid = answers["player"], answers["station"]
        meeple = places.meeple_square(state, player)
        if meeple is not None and drinks.touches(board, meeple, sid):
            return None
        options = [
            Option(
                o.text,
                o.value,
                refusal(app, replace(_build_probe(state, player, sid), square=o.value)),
                detail=o.detail,
            )
            for o in places.squares_next_to(board, state, player, sid)
            if o.value != places.ELSEWHERE
        ]
        return Choice("square", _("Passed from which square?"), options)

    def color(answers: dict[str, Any]) -> Choice | None:
        state = _session(app).state
        player = answers["player"]
        colors = usable_colors(state, player)
        if len(colors) <= 1:
            return None
        options = [
            Option(drink_name(d), d, detail=str(drinks.drinks_left(state, d))) for d in colors
        ]
        return Choice("color", _("Which drink?"), options)

    def event(a: dict[str, Any]) -> Event:
        state = _session(app).state
        colors = usable_colors(state, a["player"])
        chosen = a.get("color") or (colors[0] if colors else drinks.DRINK_COLORS[0])
        return BuildDrink(a["player"], a["station"], chosen, a.get("square"))

    steps = [players_step(_("Who builds a vending machine?"), who)(app), where, passed, color]
    return EntryScreen(
        app,
        _("Vending machine built"),
        steps,
        event,
        initial=opening.initial,
        fixed=opening.fixed,
        deliberate=opening.deliberate,
    )


def describe_drink(event: Event, board: Any = None, names: Names = color_name) -> str:
    """`actions.describe` for the drink events."""
    match event:
        case TakeDrinkColor(player, color):
            return _("{player} takes the {drink} drinks").format(
                player=names(player), drink=drink_name(color)
            )
        case TakeDrinkShape(player):
            return _("{player} takes a drink shape card").format(player=names(player))
        case BuildDrink(player, station, color, _square):
            name = station_name(board, station) if board is not None else station
            return _("{player} builds a {drink} vending machine at {station}").format(
                player=names(player), drink=drink_name(color), station=name
            )
    return ""


DRINK_ENTRIES: list[tuple[str, Callable[[AppContext, Opening], EntryScreen]]] = [
    (N_("Vending machine built"), build),
    (N_("Drink colour card"), take_color),
    (N_("Drink shape card"), take_shape),
]
"""Offered when the game plays METRO DRINKS, before "Meeple moved" (which stays one UP)."""


def with_drink_entries(
    entries: list[tuple[str, Callable[[AppContext, Opening], EntryScreen]]], state: MetroState
) -> list[tuple[str, Callable[[AppContext, Opening], EntryScreen]]]:
    """The entries menu of this game: with METRO DRINKS, its three before the last one."""
    if state.metro_drinks is None:
        return list(entries)
    return [*entries[:-1], *DRINK_ENTRIES, *entries[-1:]]
