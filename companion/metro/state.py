"""The state of a Tokyo Metro game, and its JSON format (`docs/state-format.md`).

States are immutable values; `companion.metro.events.apply` makes new ones. Mappings inside a
state are never mutated after construction. `parse_state` and `format_state` are exact inverses
for every valid state. `parse_state` also reads `companion/metro-state@1` files, which keyed
trains and riders by line (one vehicle a line), and turns a train standing on a terminus with
its arrow off the line round, as the rulebook turns it on arrival.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.metro.board import BoardMap, Square, parse_stop_id
from companion.metro.errors import StateError
from companion.metro.variant import CARD_SETS, CardSet
from companion.metro.vehicles import VehicleId, format_vehicle, parse_vehicle

STATE_FORMAT = "companion/metro-state@2"
STATE_FORMAT_V1 = "companion/metro-state@1"
PHASES = ("action", "train", "ended")


@dataclass(frozen=True)
class Player:
    color: str
    cash: int | None = None
    """Yen in hand, when the players let the box keep it; None when not tracked."""
    loans: int = 0
    set_aside: int = 0
    """Yen put aside by Osaka Sell actions: counts at the end, cannot be spent."""
    bid_bonus: int = 0
    """Yen a Tokyo Bid action added to the player's next turn-order bid."""
    drink_colors: tuple[str, ...] = ()
    """METRO DRINKS: the drink colours whose cards the player took, in the order taken (one
    action disc gone for good each)."""
    drink_fees: int = 0
    """METRO DRINKS: vending fees received from other players' builds on this player's stations."""
    drink_bonus: int = 0
    """METRO DRINKS: drink bonuses received in train phases."""

    @property
    def drink_income(self) -> int:
        return self.drink_fees + self.drink_bonus


BONUS_READINGS = ("map", "owner")
"""Ruling 10: the drink bonus counts every drink of the colour on the map (the long text) or
only those on the station owner's stations (the rulebook's summary)."""


@dataclass(frozen=True)
class DrinksSetup:
    """The game is played with METRO DRINKS."""

    bonus: str = "map"
    """One of `BONUS_READINGS`."""


@dataclass(frozen=True)
class Speculation:
    player: str
    stake: int


@dataclass(frozen=True)
class LineState:
    value: int = 0
    shares: tuple[str, ...] = ()
    """Holders in share order: shares[0] holds share #1."""
    speed: int = 0
    speculations: tuple[Speculation, ...] = ()

    def share_number(self, player: str) -> int | None:
        return self.shares.index(player) + 1 if player in self.shares else None


@dataclass(frozen=True)
class Train:
    stop: int
    direction: int = 1
    """+1 towards higher stop numbers, -1 towards lower."""
    started: bool = False
    """Put on the map by a Start action (it may leave again at its stop 1, ruling 5)."""


@dataclass(frozen=True)
class Meeple:
    square: Square | None = None
    riding: VehicleId | None = None
    """The vehicle the meeple is on."""
    boarded_at: str | None = None


@dataclass(frozen=True)
class MetroState:
    map: str
    players: tuple[Player, ...]
    """In turn order."""
    lines: Mapping[str, LineState]
    round: int = 1
    phase: str = "action"
    trains: Mapping[VehicleId, Train] = field(default_factory=dict)
    """The vehicles on the map."""
    stations: Mapping[str, str] = field(default_factory=dict)
    """Station id -> colour of the player whose pyramid stands there."""
    meeples: Mapping[str, Meeple] = field(default_factory=dict)
    drinks: Mapping[str, str] = field(default_factory=dict)
    """Metro Drinks: station id -> colour of the drink standing there."""
    metro_drinks: DrinksSetup | None = None
    """Set when the game is played with METRO DRINKS."""
    free_builds: tuple[str, ...] = ()
    """METRO DRINKS: players who took a shape card this action phase (free builds until the
    phase ends)."""
    cards: str | None = None
    """The action-card set (`companion.metro.variant.CARD_SETS`); None: the map's own."""

    def card_set(self, board: BoardMap) -> CardSet:
        return CARD_SETS[self.cards] if self.cards else board.variant.cards

    @property
    def colors(self) -> tuple[str, ...]:
        return tuple(p.color for p in self.players)

    def player(self, color: str) -> Player:
        for p in self.players:
            if p.color == color:
                return p
        raise KeyError(color)

    def with_player(self, player: Player) -> MetroState:
        return replace(
            self,
            players=tuple(player if p.color == player.color else p for p in self.players),
        )

    def with_line(self, line_id: str, line: LineState) -> MetroState:
        return replace(self, lines={**self.lines, line_id: line})

    def vehicles_of(self, line_id: str) -> tuple[VehicleId, ...]:
        """The line's vehicles on the map, first one first."""
        return tuple(sorted(v for v in self.trains if v.line == line_id))

    def with_cash(self, color: str, delta: int) -> MetroState:
        p = self.player(color)
        if p.cash is None:
            return self
        return self.with_player(replace(p, cash=p.cash + delta))


def turned_at_terminus(stop: int, direction: int, length: int) -> int:
    """The arrow of a train at `stop`: on a terminus it always points back along the line."""
    if stop >= length:
        return -1
    if stop <= 1:
        return 1
    return direction


def new_state(
    board: BoardMap,
    colors: list[str] | tuple[str, ...],
    cash: int | None = 2000,
    cards: str | None = None,
    metro_drinks: DrinksSetup | None = None,
) -> MetroState:
    """A game's first state; `cards` names the action-card set when it is not the map's own."""
    if cards is not None and cards not in CARD_SETS:
        raise StateError("cards", f"expected one of {', '.join(CARD_SETS)}, got {cards!r}")
    if metro_drinks is not None and metro_drinks.bonus not in BONUS_READINGS:
        raise StateError("metro_drinks.bonus", f"expected one of {', '.join(BONUS_READINGS)}")
    return MetroState(
        metro_drinks=metro_drinks,
        map=board.id,
        players=tuple(Player(c, cash) for c in colors),
        lines={line_id: LineState() for line_id in board.lines},
        cards=None if cards == board.variant.cards.name else cards,
    )


# --- JSON -----------------------------------------------------------------------------------


def format_state(state: MetroState) -> dict[str, Any]:
    """The state as JSON-ready data. Lines at their defaults are still written, for clarity."""
    players: list[dict[str, Any]] = []
    for p in state.players:
        entry: dict[str, Any] = {"color": p.color}
        if p.cash is not None:
            entry["cash"] = p.cash
        if p.loans:
            entry["loans"] = p.loans
        if p.set_aside:
            entry["set_aside"] = p.set_aside
        if p.bid_bonus:
            entry["bid_bonus"] = p.bid_bonus
        if p.drink_colors:
            entry["drink_colors"] = list(p.drink_colors)
        if p.drink_fees:
            entry["drink_fees"] = p.drink_fees
        if p.drink_bonus:
            entry["drink_bonus"] = p.drink_bonus
        players.append(entry)
    lines: dict[str, Any] = {}
    for line_id, ls in state.lines.items():
        lines[line_id] = {
            "value": ls.value,
            "shares": list(ls.shares),
            "speed": ls.speed,
            "speculations": [{"player": s.player, "stake": s.stake} for s in ls.speculations],
        }
    meeples: dict[str, Any] = {}
    for color, m in state.meeples.items():
        if m.riding is not None:
            meeples[color] = {"riding": format_vehicle(m.riding), "boarded_at": m.boarded_at}
        elif m.square is not None:
            meeples[color] = {"square": list(m.square)}
    return {
        "format": STATE_FORMAT,
        "map": state.map,
        **({"cards": state.cards} if state.cards else {}),
        "round": state.round,
        "phase": state.phase,
        "players": players,
        "lines": lines,
        "trains": {
            format_vehicle(v): {"stop": t.stop, "direction": t.direction, "started": t.started}
            for v, t in state.trains.items()
        },
        "stations": dict(state.stations),
        "meeples": meeples,
        **({"drinks": dict(state.drinks)} if state.drinks else {}),
        **(
            {"metro_drinks": {"bonus": state.metro_drinks.bonus}}
            if state.metro_drinks is not None
            else {}
        ),
        **({"free_builds": list(state.free_builds)} if state.free_builds else {}),
    }


def _int(value: Any, where: str, minimum: int | None = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(where, f"expected a whole number, got {value!r}")
    if minimum is not None and value < minimum:
        raise StateError(where, f"expected at least {minimum}, got {value}")
    return value


def _yen(value: Any, where: str) -> int:
    v = _int(value, where)
    if v % 100:
        raise StateError(where, f"expected a multiple of ¥100, got {v}")
    return v


def _table(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise StateError(where, f"expected an object, got {value!r}")
    return value


def _drink_colors(value: Any, where: str, taken: set[str]) -> tuple[str, ...]:
    """A player's drink colours; each colour's card is held by one player at most."""
    if not isinstance(value, list) or not all(isinstance(c, str) and c for c in value):
        raise StateError(where, f"expected a list of drink colours, got {value!r}")
    for c in value:
        if c in taken:
            raise StateError(where, f"the {c} drinks are held twice")
        taken.add(c)
    return tuple(value)


def _metro_drinks(d: Mapping[str, Any], drinks: Mapping[str, str]) -> DrinksSetup | None:
    """`metro_drinks: {"bonus": ...}`; a file written before that field, with drinks on the
    map, played METRO DRINKS with the long text's bonus."""
    if "metro_drinks" not in d:
        return DrinksSetup() if drinks else None
    raw = _table(d["metro_drinks"], "metro_drinks")
    bonus = raw.get("bonus", "map")
    if bonus not in BONUS_READINGS:
        raise StateError(
            "metro_drinks.bonus", f"expected one of {', '.join(BONUS_READINGS)}, got {bonus!r}"
        )
    return DrinksSetup(bonus)


def parse_state(data: Any, board: BoardMap) -> MetroState:
    """Validate JSON data against the map and the rules' invariants. Raises StateError."""
    d = _table(data, "")
    fmt = d.get("format", STATE_FORMAT)
    if fmt not in (STATE_FORMAT, STATE_FORMAT_V1):
        raise StateError("format", f"expected {STATE_FORMAT!r}, got {fmt!r}")

    line_keys = fmt == STATE_FORMAT_V1 or "format" not in d

    def vehicle(text: Any, where: str) -> VehicleId:
        """@1 names a line (its one train); @2 a vehicle, `G#1`. A file that names no format
        may use either."""
        if line_keys and isinstance(text, str) and "#" not in text:
            v = VehicleId(text)
        else:
            try:
                v = parse_vehicle(text)
            except ValueError as exc:
                raise StateError(where, str(exc)) from None
        if v.line not in board.lines:
            raise StateError(where, f"unknown line; the map has {''.join(board.lines)}")
        if v.number > board.variant.vehicles(v.line):
            count = board.variant.vehicles(v.line)
            raise StateError(where, f"line {v.line} has {count} vehicle(s), not {v.number}")
        return v

    map_id = d.get("map", board.id)
    if map_id != board.id:
        raise StateError("map", f"the state is for map {map_id!r}, not {board.id!r}")
    cards = d.get("cards")
    if cards is not None and (not isinstance(cards, str) or cards not in CARD_SETS):
        raise StateError("cards", f"expected one of {', '.join(CARD_SETS)}, got {cards!r}")
    if cards == board.variant.cards.name:
        cards = None
    rnd = _int(d.get("round", 1), "round", 1)
    phase = d.get("phase", "action")
    if phase not in PHASES:
        raise StateError("phase", f"expected one of {', '.join(PHASES)}, got {phase!r}")

    raw_players = d.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        raise StateError("players", "expected a list of players in turn order")
    if len(raw_players) > 8:
        raise StateError("players", f"at most 8 players, got {len(raw_players)}")
    players: list[Player] = []
    taken: set[str] = set()
    for i, rp in enumerate(raw_players):
        rp = _table(rp, f"players[{i}]")
        color = rp.get("color")
        if not isinstance(color, str) or not color:
            raise StateError(f"players[{i}].color", f"expected a colour name, got {color!r}")
        if color in (p.color for p in players):
            raise StateError(f"players[{i}].color", f"{color!r} is listed twice")
        cash = rp.get("cash")
        players.append(
            Player(
                color,
                None if cash is None else _int(cash, f"players[{i}].cash", None),
                _int(rp.get("loans", 0), f"players[{i}].loans"),
                _int(rp.get("set_aside", 0), f"players[{i}].set_aside"),
                _int(rp.get("bid_bonus", 0), f"players[{i}].bid_bonus"),
                _drink_colors(rp.get("drink_colors", []), f"players[{i}].drink_colors", taken),
                _yen(rp.get("drink_fees", 0), f"players[{i}].drink_fees"),
                _yen(rp.get("drink_bonus", 0), f"players[{i}].drink_bonus"),
            )
        )
    colors = {p.color for p in players}

    def known(color: Any, where: str) -> str:
        if color not in colors:
            raise StateError(where, f"unknown player {color!r}; players are {sorted(colors)}")
        return str(color)

    raw_lines = _table(d.get("lines", {}), "lines")
    lines: dict[str, LineState] = {}
    for line_id in raw_lines:
        if line_id not in board.lines:
            raise StateError(
                f"lines.{line_id}", f"unknown line; the map has {''.join(board.lines)}"
            )
    for line_id, line in board.lines.items():
        if line_id not in raw_lines:
            lines[line_id] = LineState()
            continue
        where = f"lines.{line_id}"
        rl = _table(raw_lines[line_id], where)
        shares_raw = rl.get("shares", [])
        if not isinstance(shares_raw, list):
            raise StateError(f"{where}.shares", "expected a list of colours in share order")
        shares = tuple(known(c, f"{where}.shares[{i}]") for i, c in enumerate(shares_raw))
        if len(shares) > line.shares:
            raise StateError(
                f"{where}.shares",
                f"line {line_id} has {line.shares} shares, got {len(shares)} holders",
            )
        if len(set(shares)) != len(shares):
            raise StateError(f"{where}.shares", "a player holds at most one share of a line")
        specs: list[Speculation] = []
        for i, rs in enumerate(rl.get("speculations", [])):
            rs = _table(rs, f"{where}.speculations[{i}]")
            who = known(rs.get("player"), f"{where}.speculations[{i}].player")
            stake = _yen(rs.get("stake"), f"{where}.speculations[{i}].stake")
            if stake <= 0:
                raise StateError(f"{where}.speculations[{i}].stake", "a stake is at least ¥100")
            specs.append(Speculation(who, stake))
        speed = _int(rl.get("speed", 0), f"{where}.speed")
        if speed + len(specs) > line.slots:
            raise StateError(
                where,
                f"line {line_id} has {line.slots} disc spaces, got {speed} speed tokens "
                f"and {len(specs)} speculations",
            )
        lines[line_id] = LineState(
            _yen(rl.get("value", 0), f"{where}.value"), shares, speed, tuple(specs)
        )

    trains: dict[VehicleId, Train] = {}
    for key, rt in _table(d.get("trains", {}), "trains").items():
        where = f"trains.{key}"
        v = vehicle(key, where)
        rt = _table(rt, where)
        stop = _int(rt.get("stop"), f"{where}.stop", 1)
        n = board.lines[v.line].length
        if stop > n:
            raise StateError(f"{where}.stop", f"line {v.line} has stops 1 to {n}, got {stop}")
        direction = rt.get("direction", 1)
        if direction not in (1, -1) or isinstance(direction, bool):
            raise StateError(f"{where}.direction", f"expected 1 or -1, got {direction!r}")
        started = rt.get("started", False)
        if not isinstance(started, bool):
            raise StateError(f"{where}.started", f"expected true or false, got {started!r}")
        trains[v] = Train(stop, turned_at_terminus(stop, direction, n), started)

    stations: dict[str, str] = {}
    for station_id, owner in _table(d.get("stations", {}), "stations").items():
        if station_id not in board.stations:
            raise StateError(f"stations.{station_id}", "unknown station")
        stations[station_id] = known(owner, f"stations.{station_id}")

    meeples: dict[str, Meeple] = {}
    occupied: dict[Square, str] = {}
    for color, rm in _table(d.get("meeples", {}), "meeples").items():
        where = f"meeples.{color}"
        known(color, where)
        rm = _table(rm, where)
        if "riding" in rm:
            riding = vehicle(rm["riding"], f"{where}.riding")
            if riding not in trains:
                raise StateError(f"{where}.riding", f"{format_vehicle(riding)} is not on the map")
            at = rm.get("boarded_at")
            if at is not None and not (isinstance(at, str) and board.has_stop(at)):
                raise StateError(f"{where}.boarded_at", f"unknown stop {at!r}")
            meeples[color] = Meeple(riding=riding, boarded_at=at)
        elif "square" in rm:
            sq = rm["square"]
            if not (isinstance(sq, list) and len(sq) == 2 and all(isinstance(v, int) for v in sq)):
                raise StateError(f"{where}.square", f"expected [column, row], got {sq!r}")
            square = (sq[0], sq[1])
            if not board.grid.contains(square):
                raise StateError(
                    f"{where}.square",
                    f"{sq} is off the grid ({board.grid.columns} columns x {board.grid.rows} rows)",
                )
            if square in occupied:
                raise StateError(f"{where}.square", f"{sq} is taken by {occupied[square]}'s meeple")
            occupied[square] = color
            meeples[color] = Meeple(square=square)
        else:
            raise StateError(where, "expected 'square' or 'riding'")

    drinks: dict[str, str] = {}
    for station_id, drink in _table(d.get("drinks", {}), "drinks").items():
        if station_id not in stations:
            raise StateError(
                f"drinks.{station_id}", "a drink stands only on a station with a pyramid"
            )
        if not isinstance(drink, str) or not drink:
            raise StateError(f"drinks.{station_id}", f"expected a drink colour, got {drink!r}")
        drinks[station_id] = drink
    metro_drinks = _metro_drinks(d, drinks)
    free_builds = d.get("free_builds", [])
    if not isinstance(free_builds, list) or len(set(free_builds)) != len(free_builds):
        raise StateError("free_builds", "expected a list of players, each once")
    for i, c in enumerate(free_builds):
        known(c, f"free_builds[{i}]")
    if free_builds and metro_drinks is None:
        raise StateError("free_builds", "free builds need METRO DRINKS")

    return MetroState(
        metro_drinks=metro_drinks,
        free_builds=tuple(free_builds),
        map=board.id,
        players=tuple(players),
        lines=lines,
        round=rnd,
        phase=phase,
        trains=trains,
        stations=stations,
        meeples=meeples,
        drinks=drinks,
        cards=cards,
    )


__all__ = [
    "BONUS_READINGS",
    "PHASES",
    "STATE_FORMAT",
    "STATE_FORMAT_V1",
    "DrinksSetup",
    "LineState",
    "Meeple",
    "MetroState",
    "Player",
    "Speculation",
    "Train",
    "format_state",
    "new_state",
    "parse_state",
    "parse_stop_id",
    "turned_at_terminus",
]
