"""Action-phase events, the one legality question `why_not`, and the one pure `apply`.

A game is its starting state plus a log of these events; the state at any moment is the fold of
the log. Each event has a JSON form (`format_event` / `parse_event`). `why_not` says why the
rules forbid an event in a state (or None); `apply` asks it first and raises that refusal,
before anything changes. The entry screens ask the same question to grey out a choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.codec import Codec
from companion.metro import drinks, rulings
from companion.metro.board import BoardMap, Square
from companion.metro.drinks import BuildDrink, TakeDrinkColor, TakeDrinkShape
from companion.metro.errors import N_, IllegalEvent
from companion.metro.shares import sale_value
from companion.metro.state import Meeple, MetroState, Speculation, Train
from companion.metro.track import IncomeTrack
from companion.metro.variant import BID, CARD, COPY, INVEST_BY_DISC, SELL, START, Variant
from companion.metro.vehicles import VehicleId, line_vehicles


@dataclass(frozen=True)
class MetroRules:
    """What `apply` needs besides the state: the map (with its rulebook variant) and the
    income track."""

    board: BoardMap
    track: IncomeTrack

    @property
    def variant(self) -> Variant:
        return self.board.variant


@dataclass(frozen=True)
class Invest:
    player: str
    line: str
    paid: int
    """Yen actually paid for the share, extra for share #2/#3 included, discounts taken off."""
    type: ClassVar[str] = "invest"


@dataclass(frozen=True)
class InvestByDisc:
    """Osaka cards: the top share of the line for an action disc; only the share's extra is
    paid, and it raises the line's value."""

    player: str
    line: str
    type: ClassVar[str] = "invest_by_disc"


@dataclass(frozen=True)
class Sell:
    """Osaka cards: the player's share goes back; what it would pay now is set aside
    (`sale_value`), the line loses as much, and the other holders move up."""

    player: str
    line: str
    type: ClassVar[str] = "sell"


@dataclass(frozen=True)
class Copy:
    """Osaka cards: the Copy action's cost, discounts taken off. The copied action is entered
    as itself afterwards."""

    player: str
    paid: int
    type: ClassVar[str] = "copy"


@dataclass(frozen=True)
class BidBonus:
    """Tokyo cards: the Bid action's yen, added to the player's next turn-order bid."""

    player: str
    amount: int
    type: ClassVar[str] = "bid_bonus"


@dataclass(frozen=True)
class TakeCard:
    """Tokyo cards: the Card action, taking the top card of a discard pile for its cost."""

    player: str
    paid: int
    type: ClassVar[str] = "take_card"


@dataclass(frozen=True)
class StartTrain:
    line: str
    amount: int
    """The yen printed on the Start card: the line's value rises by it."""
    type: ClassVar[str] = "start_train"


@dataclass(frozen=True)
class AssignSpeed:
    line: str
    count: int = 1
    type: ClassVar[str] = "assign_speed"


@dataclass(frozen=True)
class Speculate:
    player: str
    line: str
    stake: int
    type: ClassVar[str] = "speculate"


@dataclass(frozen=True)
class TakeLoan:
    player: str
    type: ClassVar[str] = "take_loan"


@dataclass(frozen=True)
class RepayLoan:
    player: str
    type: ClassVar[str] = "repay_loan"


@dataclass(frozen=True)
class BuildStation:
    player: str
    station: str
    paid: int = 0
    type: ClassVar[str] = "build_station"


@dataclass(frozen=True)
class MoveMeeple:
    """Put a meeple on a square: placing it, moving it, or stepping off a train between phases."""

    player: str
    square: Square
    type: ClassVar[str] = "move_meeple"


@dataclass(frozen=True)
class AdjustCash:
    """Manual cash change: bids, action costs the box does not model, corrections."""

    player: str
    delta: int
    reason: str = ""
    type: ClassVar[str] = "adjust_cash"


@dataclass(frozen=True)
class CorrectValue:
    """Manual correction of a line's value on the income track."""

    line: str
    value: int
    type: ClassVar[str] = "correct_value"


@dataclass(frozen=True)
class SetTurnOrder:
    order: tuple[str, ...]
    type: ClassVar[str] = "set_turn_order"


@dataclass(frozen=True)
class NextRound:
    type: ClassVar[str] = "next_round"


@dataclass(frozen=True)
class EndGame:
    type: ClassVar[str] = "end_game"


Event = (
    Invest
    | InvestByDisc
    | Sell
    | Copy
    | BidBonus
    | TakeCard
    | StartTrain
    | AssignSpeed
    | Speculate
    | TakeLoan
    | RepayLoan
    | BuildStation
    | MoveMeeple
    | AdjustCash
    | CorrectValue
    | SetTurnOrder
    | NextRound
    | EndGame
    | TakeDrinkColor
    | TakeDrinkShape
    | BuildDrink
)
EVENTS: Codec[Event] = Codec(
    (
        Invest,
        InvestByDisc,
        Sell,
        Copy,
        BidBonus,
        TakeCard,
        StartTrain,
        AssignSpeed,
        Speculate,
        TakeLoan,
        RepayLoan,
        BuildStation,
        MoveMeeple,
        AdjustCash,
        CorrectValue,
        SetTurnOrder,
        NextRound,
        EndGame,
        TakeDrinkColor,
        TakeDrinkShape,
        BuildDrink,
    ),
    "type",
)


def format_event(event: Event) -> dict[str, Any]:
    return EVENTS.encode(event)


def parse_event(data: Any) -> Event:
    """Raises `companion.codec.CodecError` naming the bad field."""
    return EVENTS.decode(data)


def _player(state: MetroState, color: str) -> None:
    if color not in state.colors:
        raise IllegalEvent("player", N_("unknown player {player}"), player=color)


def _line(rules: MetroRules, line_id: str) -> None:
    if line_id not in rules.board.lines:
        raise IllegalEvent("line", N_("unknown line {line}"), line=line_id)


def _yen(value: int, name: str, positive: bool = False) -> None:
    if not isinstance(value, int) or value < 0 or value % 100 or (positive and value == 0):
        raise IllegalEvent(
            name,
            N_("expected a positive multiple of ¥100")
            if positive
            else N_("expected a multiple of ¥100"),
        )


def speculation_count(state: MetroState, color: str) -> int:
    return sum(1 for ls in state.lines.values() for s in ls.speculations if s.player == color)


def min_stake(rules: MetroRules, value: int) -> int:
    return max(rules.track.smaller(value), rulings.MIN_SPECULATION_VALUE)


SHARE_EXTRA_REFUSAL = N_("share #{number} of line {line} costs at least its extra ¥{extra:,}")
SPEED_SUPPLY_REFUSAL = N_("only {n} speed tokens are left in the supply")
LOAN_SUPPLY_REFUSAL = N_("all {n} loan tokens are taken")
LIMITS_SINCE_STATE_V2 = frozenset({SHARE_EXTRA_REFUSAL, SPEED_SUPPLY_REFUSAL, LOAN_SUPPLY_REFUSAL})
"""Refusals added with state format @2, which `replay` lets through in older saved logs."""


def free_slots(rules: MetroRules, state: MetroState, line_id: str) -> int:
    """Disc spaces of the line not yet taken by speed tokens or speculations."""
    ls = state.lines[line_id]
    return rules.board.lines[line_id].slots - ls.speed - len(ls.speculations)


def share_extra(rules: MetroRules, state: MetroState, line_id: str) -> int:
    """The extra printed on the next share of the line (never discounted)."""
    return rules.variant.share_extra(len(state.lines[line_id].shares) + 1)


def why_not(rules: MetroRules, state: MetroState, event: Event) -> IllegalEvent | None:
    """Why the rules forbid `event` in `state`, or None when they allow it. Pure."""
    try:
        _check(rules, state, event)
    except IllegalEvent as refusal:
        return refusal
    return None


def apply(rules: MetroRules, state: MetroState, event: Event) -> MetroState:
    """The state after `event`; raises the `why_not` refusal. Pure: the same inputs always give
    the same state."""
    refusal = why_not(rules, state, event)
    if refusal is not None:
        raise refusal
    return _effect(rules, state, event)


def replay(rules: MetroRules, state: MetroState, event: Event) -> MetroState:
    """`apply` for an event read back from a saved log. Logs saved before the rulebook's supply
    and share-extra limits were enforced may hold an entry only those limits refuse (the demo
    bought share #2 for ¥100); it was legal when it was recorded, so the saved game still
    folds. Any other refusal still raises. Each of these limits is the last check of its
    event, so nothing else is skipped."""
    refusal = why_not(rules, state, event)
    if refusal is not None and refusal.template not in LIMITS_SINCE_STATE_V2:
        raise refusal
    return _effect(rules, state, event)


def _cards(rules: MetroRules, state: MetroState, action: str) -> None:
    """Start, Bid and Card are only on the Tokyo cards; Sell, Copy and invest-by-disc only on
    the Osaka cards."""
    cards = state.card_set(rules.board)
    if not cards.has(action):
        raise IllegalEvent("action", cards.lacking, cards=cards.name, action=action)


_CARD_ACTION: dict[type, str] = {Copy: COPY, TakeCard: CARD, BidBonus: BID}


def _share_open(rules: MetroRules, state: MetroState, player: str, line_id: str) -> None:
    """The player may take the line's next share: none held yet, no speculation on the line,
    one left."""
    ls = state.lines[line_id]
    line = rules.board.lines[line_id]
    if player in ls.shares:
        raise IllegalEvent(
            "line",
            N_("{player} already holds a share of line {line}"),
            player=player,
            line=line_id,
        )
    if any(s.player == player for s in ls.speculations):
        raise IllegalEvent(
            "line",
            N_("{player} has speculated on line {line}"),
            player=player,
            line=line_id,
        )
    if len(ls.shares) >= line.shares:
        raise IllegalEvent(
            "line",
            N_("all {n} shares of line {line} are taken"),
            n=line.shares,
            line=line_id,
        )


SOLO_NO_BIDS = N_("the solo game has no turn-order bids")


def _solo(state: MetroState, event: Event) -> None:
    """Ruling 15: one player, no bids (neither the Bid action nor a turn-order bid)."""
    if len(state.players) == 1 and (
        isinstance(event, BidBonus) or (isinstance(event, AdjustCash) and event.reason == "bid")
    ):
        raise IllegalEvent("action", SOLO_NO_BIDS)


def _check(rules: MetroRules, state: MetroState, event: Event) -> None:
    if state.phase == "ended" and not isinstance(event, AdjustCash | CorrectValue):
        raise IllegalEvent("phase", N_("the game has ended"))
    _solo(state, event)
    match event:
        case TakeDrinkColor() | TakeDrinkShape() | BuildDrink():
            shapes = state.card_set(rules.board).drink_shapes
            drinks.check(rules.board, state, event, shapes)
        case Invest(player, line_id, paid):
            _player(state, player)
            _line(rules, line_id)
            _yen(paid, "paid")
            _share_open(rules, state, player, line_id)
            extra = share_extra(rules, state, line_id)
            if paid < extra:
                raise IllegalEvent(
                    "paid",
                    SHARE_EXTRA_REFUSAL,
                    number=len(state.lines[line_id].shares) + 1,
                    line=line_id,
                    extra=extra,
                )
        case InvestByDisc(player, line_id):
            _cards(rules, state, INVEST_BY_DISC)
            _player(state, player)
            _line(rules, line_id)
            _share_open(rules, state, player, line_id)
        case Sell(player, line_id):
            _cards(rules, state, SELL)
            _player(state, player)
            _line(rules, line_id)
            if player not in state.lines[line_id].shares:
                raise IllegalEvent(
                    "line",
                    N_("{player} holds no share of line {line}"),
                    player=player,
                    line=line_id,
                )
        case Copy(player, paid) | TakeCard(player, paid) | BidBonus(player, paid):
            _cards(rules, state, _CARD_ACTION[type(event)])
            _player(state, player)
            _yen(paid, "amount" if isinstance(event, BidBonus) else "paid")
        case StartTrain(line_id, amount):
            _cards(rules, state, START)
            _line(rules, line_id)
            _yen(amount, "amount")
            if state.vehicles_of(line_id):
                raise IllegalEvent(
                    "line", N_("the train of line {line} is already on the map"), line=line_id
                )
        case AssignSpeed(line_id, count):
            _line(rules, line_id)
            free = free_slots(rules, state, line_id)
            if count < 1:
                raise IllegalEvent("count", N_("assign at least one speed token"))
            if count > free:
                raise IllegalEvent(
                    "line", N_("line {line} has {n} free disc spaces"), line=line_id, n=free
                )
            left = rules.variant.speed_tokens - sum(ls.speed for ls in state.lines.values())
            if count > left:
                raise IllegalEvent("count", SPEED_SUPPLY_REFUSAL, n=left)
        case Speculate(player, line_id, stake):
            _player(state, player)
            if speculation_count(state, player) >= rulings.MAX_SPECULATIONS:
                raise IllegalEvent(
                    "player", N_("{player} has used both speculations"), player=player
                )
            _line(rules, line_id)
            _yen(stake, "stake", positive=True)
            ls = state.lines[line_id]
            if player in ls.shares:
                raise IllegalEvent(
                    "line", N_("{player} holds a share of line {line}"), player=player, line=line_id
                )
            if ls.value < rulings.MIN_SPECULATION_VALUE:
                raise IllegalEvent("line", N_("line {line} is not yet worth ¥100"), line=line_id)
            if free_slots(rules, state, line_id) < 1:
                raise IllegalEvent("line", N_("line {line} has no free disc space"), line=line_id)
            minimum = min_stake(rules, ls.value)
            if stake < minimum:
                raise IllegalEvent(
                    "stake",
                    N_("the stake on line {line} is at least ¥{minimum:,}"),
                    line=line_id,
                    minimum=minimum,
                )
            cash = state.player(player).cash
            if cash is not None and stake > cash:
                raise IllegalEvent(
                    "stake", N_("{player} has only ¥{cash:,}"), player=player, cash=cash
                )
        case TakeLoan(player):
            _player(state, player)
            if sum(p.loans for p in state.players) >= rules.variant.loans:
                raise IllegalEvent("player", LOAN_SUPPLY_REFUSAL, n=rules.variant.loans)
        case RepayLoan(player):
            _player(state, player)
            if state.player(player).loans < 1:
                raise IllegalEvent("player", N_("{player} has no loan to repay"), player=player)
        case BuildStation(player, station_id, paid):
            _player(state, player)
            built = sum(1 for o in state.stations.values() if o == player)
            if built >= rules.variant.pyramids:
                raise IllegalEvent(
                    "player",
                    N_("{player} has placed all {n} pyramids"),
                    player=player,
                    n=rules.variant.pyramids,
                )
            _yen(paid, "paid")
            if station_id not in rules.board.stations:
                raise IllegalEvent("station", N_("unknown station {station}"), station=station_id)
            if station_id in state.stations:
                owner = state.stations[station_id]
                raise IllegalEvent(
                    "station",
                    N_("{owner} already has a pyramid on {station}"),
                    owner=owner,
                    station=station_id,
                )
        case MoveMeeple(player, square):
            _player(state, player)
            square = (int(square[0]), int(square[1]))
            if not rules.board.grid.contains(square):
                raise IllegalEvent("square", N_("{square} is off the grid"), square=list(square))
            for other, m in state.meeples.items():
                if other != player and m.square == square:
                    raise IllegalEvent(
                        "square",
                        N_("{other}'s meeple is on {square}"),
                        other=other,
                        square=list(square),
                    )
        case AdjustCash(player, _delta, _reason):
            _player(state, player)
            if state.player(player).cash is None:
                raise IllegalEvent(
                    "player", N_("the box does not keep {player}'s cash"), player=player
                )
        case CorrectValue(line_id, value):
            _line(rules, line_id)
            _yen(value, "value")
        case SetTurnOrder(order):
            if sorted(order) != sorted(state.colors):
                raise IllegalEvent(
                    "order", N_("expected each of {players} once"), players=", ".join(state.colors)
                )
        case NextRound() | EndGame():
            pass
        case _:
            raise IllegalEvent("type", N_("not an event: {event}"), event=repr(event))


def put_on_map(rules: MetroRules, line_id: str, started: bool = False) -> dict[VehicleId, Train]:
    """Every vehicle of the line at its start: the first at stop 1 pointing to stop 2, a second
    (Osaka's twin lines) at the other end pointing back."""
    length = rules.board.lines[line_id].length
    return {
        v: Train(1, 1, started) if v.number == 1 else Train(length, -1, started)
        for v in line_vehicles(line_id, rules.variant.vehicles(line_id))
    }


def _put_on_map(rules: MetroRules, state: MetroState, line_id: str, started: bool) -> MetroState:
    return replace(state, trains={**state.trains, **put_on_map(rules, line_id, started)})


def _take_share(
    rules: MetroRules, state: MetroState, player: str, line_id: str, paid: int
) -> MetroState:
    """The next share of the line: the yen paid raise its value; its vehicles come on if absent."""
    ls = state.lines[line_id]
    state = state.with_line(
        line_id, replace(ls, value=ls.value + paid, shares=(*ls.shares, player))
    )
    state = state.with_cash(player, -paid)
    if not state.vehicles_of(line_id):
        state = _put_on_map(rules, state, line_id, started=False)
    return state


def _effect(rules: MetroRules, state: MetroState, event: Event) -> MetroState:
    match event:
        case TakeDrinkColor() | TakeDrinkShape() | BuildDrink():
            return drinks.effect(state, event)
        case Invest(player, line_id, paid):
            return _take_share(rules, state, player, line_id, paid)
        case InvestByDisc(player, line_id):
            return _take_share(rules, state, player, line_id, share_extra(rules, state, line_id))
        case Sell(player, line_id):
            ls = state.lines[line_id]
            amount = sale_value(ls, player, rules.track)
            shares = tuple(h for h in ls.shares if h != player)
            state = state.with_line(line_id, replace(ls, value=ls.value - amount, shares=shares))
            p = state.player(player)
            return state.with_player(replace(p, set_aside=p.set_aside + amount))
        case Copy(player, paid) | TakeCard(player, paid):
            return state.with_cash(player, -paid)
        case BidBonus(player, amount):
            p = state.player(player)
            return state.with_player(replace(p, bid_bonus=p.bid_bonus + amount))
        case StartTrain(line_id, amount):
            ls = state.lines[line_id]
            state = state.with_line(line_id, replace(ls, value=ls.value + amount))
            return _put_on_map(rules, state, line_id, started=True)
        case AssignSpeed(line_id, count):
            ls = state.lines[line_id]
            return state.with_line(line_id, replace(ls, speed=ls.speed + count))
        case Speculate(player, line_id, stake):
            ls = state.lines[line_id]
            spec = Speculation(player, stake)
            state = state.with_line(line_id, replace(ls, speculations=(*ls.speculations, spec)))
            return state.with_cash(player, -stake)
        case TakeLoan(player):
            p = state.player(player)
            state = state.with_player(replace(p, loans=p.loans + 1))
            return state.with_cash(player, rulings.LOAN_AMOUNT)
        case RepayLoan(player):
            p = state.player(player)
            state = state.with_player(replace(p, loans=p.loans - 1))
            return state.with_cash(player, -rulings.LOAN_AMOUNT)
        case BuildStation(player, station_id, paid):
            state = replace(state, stations={**state.stations, station_id: player})
            return state.with_cash(player, -paid)
        case MoveMeeple(player, square):
            square = (int(square[0]), int(square[1]))
            return replace(state, meeples={**state.meeples, player: Meeple(square=square)})
        case AdjustCash(player, delta, _):
            return state.with_cash(player, delta)
        case CorrectValue(line_id, value):
            return state.with_line(line_id, replace(state.lines[line_id], value=value))
        case SetTurnOrder(order):
            # The new order is the bids' outcome: Bid bonuses are spent in them.
            by_color = {p.color: p for p in state.players}
            players = tuple(by_color[c] for c in order)
            if any(p.bid_bonus for p in players):
                players = tuple(replace(p, bid_bonus=0) for p in players)
            return replace(state, players=players)
        case NextRound():
            return replace(state, round=state.round + 1, phase="action", free_builds=())
        case EndGame():
            return replace(state, phase="ended")
    raise IllegalEvent("type", N_("not an event: {event}"), event=repr(event))
