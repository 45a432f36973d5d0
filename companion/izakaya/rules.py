"""IZAKAYA rules: `why_not(state, event)` says why an event is refused, `apply` plays it.

Readings where the rulebook is loose (also in docs/izakaya.md):

- Bids tied between players reverse those players' previous turn order (two swap places;
  DESIGN ruling 14 for three or more). Bids are whole ¥100 coins, at most the bidder's yen.
- The bid pile keeps growing over the game; when its total reaches the trigger (¥1,500 /
  2,300 / 3,000 / 4,000 for 2 / 3 / 4 / 5 players) the action phase that follows is the last.
- The unusable centre card of the 3x3 grid still has its corners: they are 4-card
  intersections and take bottles; nobody claims or builds on that card.
- A straight line of 3 discs: three of the player's claim discs on edges of one orientation,
  one card apart, along one grid line or side by side. Each claim that makes a new line gives
  one free piece (4-5 players), built at once before the turn passes (or declined with Pass).
- A building belongs to whoever claimed its plot: a player builds on their own plots only.
"""

from __future__ import annotations

from dataclasses import replace

from companion.izakaya.errors import N_, IllegalMove
from companion.izakaya.events import Adjust, Bids, Bottle, Build, Claim, Event, Pass
from companion.izakaya.grid import lines_through
from companion.izakaya.scoring import final_payouts
from companion.izakaya.state import (
    ACTIONS,
    CLAIM_DISCS,
    FREE_PIECE_PLAYERS,
    MAX_FLOORS,
    PYRAMIDS,
    Building,
    IzakayaState,
)


def why_not(state: IzakayaState, event: Event) -> IllegalMove | None:
    """Why the rules forbid `event` now, or None when they allow it."""
    try:
        _check(state, event)
    except IllegalMove as refusal:
        return refusal
    return None


def apply(state: IzakayaState, event: Event) -> IzakayaState:
    """The state after `event`; raises the `why_not` refusal."""
    refusal = why_not(state, event)
    if refusal is not None:
        raise refusal
    if isinstance(event, Bids):
        return _bids(state, event)
    return _action(state, event)


# --- checks -----------------------------------------------------------------------------------


def _check(state: IzakayaState, event: Event) -> None:
    if state.phase == "over":
        raise IllegalMove("phase", N_("the game is over"))
    if isinstance(event, Bids):
        _check_bids(state, event)
        return
    if state.phase != "actions":
        raise IllegalMove("phase", N_("enter the turn-order bids first"))
    seat = state.current
    assert seat is not None
    if state.free_piece and not isinstance(event, Build | Pass):
        raise IllegalMove("free", N_("first build the free piece (or pass it)"))
    match event:
        case Bottle():
            _check_bottle(state, event)
        case Adjust():
            _check_adjust(state, event)
        case Claim():
            _check_claim(state, event, seat)
        case Build():
            _check_build(state, event, seat)


def _check_bids(state: IzakayaState, event: Bids) -> None:
    if state.phase != "bidding":
        raise IllegalMove("phase", N_("the action phase is not over yet"))
    if len(event.amounts) != state.players:
        raise IllegalMove("amounts", N_("one bid for each player"))
    for seat, amount in enumerate(event.amounts):
        if amount < 0 or amount % 100:
            raise IllegalMove("amounts", N_("bids are whole ¥100 coins"))
        if amount > state.cash[seat]:
            raise IllegalMove(
                "amounts",
                N_("{player} has only {cash} yen"),
                player=state.colors[seat],
                cash=state.cash[seat],
            )


def _check_bottle(state: IzakayaState, event: Bottle) -> None:
    if event.color not in state.stock:
        raise IllegalMove("color", N_("there is no {color} stock card"), color=event.color)
    if event.color in state.colors_used:
        raise IllegalMove("color", N_("that colour already has a disc this phase"))
    if state.crates[state.stock.index(event.color)] == 0:
        raise IllegalMove("color", N_("that crate is empty"))
    grid = state.grid
    cards = grid.cards_at(event.point) if all(0 <= v <= grid.size for v in event.point) else 0
    if cards < 2:
        raise IllegalMove("point", N_("a bottle goes where two or four cards meet"))
    if state.bottle_at(event.point) is not None:
        raise IllegalMove("point", N_("that intersection already has a bottle"))
    if cards == 2 and any(
        grid.cards_at(p) == 4 and state.bottle_at(p) is None for p in grid.points()
    ):
        raise IllegalMove("point", N_("fill every 4-card intersection first"))


def _check_adjust(state: IzakayaState, event: Adjust) -> None:
    if state.adjusted:
        raise IllegalMove("adjust", N_("the price has already been adjusted this phase"))
    if event.source not in state.stock or event.target not in state.stock:
        raise IllegalMove("adjust", N_("choose two colour stock cards"))
    if event.source == event.target:
        raise IllegalMove("adjust", N_("move the coin to a different colour"))
    if state.price(event.source) < 100:
        raise IllegalMove("adjust", N_("that card has no coin to move"))


def _check_claim(state: IzakayaState, event: Claim, seat: int) -> None:
    grid = state.grid
    if not grid.has_edge(event.edge):
        raise IllegalMove("edge", N_("a disc goes between two plot cards"))
    if state.disc_at(event.edge) is not None:
        raise IllegalMove("edge", N_("that edge already has a disc"))
    if event.plot not in grid.sides(event.edge):
        raise IllegalMove("plot", N_("the pyramid goes on a plot beside the disc"))
    if not grid.usable(event.plot):
        raise IllegalMove("plot", N_("that card cannot be used"))
    owner = state.claimer(event.plot)
    if owner is not None:
        raise IllegalMove(
            "plot", N_("{player} already holds that plot"), player=state.colors[owner]
        )
    if len(state.discs_of(seat)) >= CLAIM_DISCS:
        raise IllegalMove("edge", N_("{player} has no discs left"), player=state.colors[seat])
    if sum(1 for _plot, p in state.claims if p == seat) >= PYRAMIDS:
        raise IllegalMove("plot", N_("{player} has no pyramids left"), player=state.colors[seat])


def _check_build(state: IzakayaState, event: Build, seat: int) -> None:
    if state.claimer(event.plot) != seat:
        raise IllegalMove(
            "plot", N_("{player} builds on their own plots"), player=state.colors[seat]
        )
    if event.slot not in (0, 1):
        raise IllegalMove("slot", N_("a card holds at most two buildings"))
    if event.slot == 1 and state.building(event.plot, 0) is None:
        raise IllegalMove("slot", N_("start the first building of this card first"))
    before = state.building(event.plot, event.slot)
    least = before.floors if before else 1
    if not least <= event.floors <= MAX_FLOORS:
        raise IllegalMove("floors", N_("{least} to {most} floors"), least=least, most=MAX_FLOORS)


# --- effects ----------------------------------------------------------------------------------


def _bids(state: IzakayaState, event: Bids) -> IzakayaState:
    position = {seat: i for i, seat in enumerate(state.order)}
    order = sorted(state.order, key=lambda s: (-event.amounts[s], -position[s]))
    pile = state.pile + sum(event.amounts)
    last = state.last_round
    if last is None and pile >= state.trigger:
        last = state.round + 1
    return replace(
        state,
        phase="actions",
        round=state.round + 1,
        turn=0,
        order=tuple(order),
        cash=tuple(c - b for c, b in zip(state.cash, event.amounts, strict=True)),
        pile=pile,
        bids=event.amounts,
        last_round=last,
        colors_used=(),
        adjusted=False,
    )


def _action(state: IzakayaState, event: Event) -> IzakayaState:
    seat = state.current
    assert seat is not None
    free = state.free_piece
    match event:
        case Bottle(color, point):
            k = state.stock.index(color)
            crates = (*state.crates[:k], state.crates[k] - 1, *state.crates[k + 1 :])
            state = replace(
                state,
                crates=crates,
                colors_used=(*state.colors_used, color),
                bottles=tuple(sorted((*state.bottles, (point, color)))),
            )
        case Adjust(source, target):
            prices = list(state.prices)
            prices[state.stock.index(source)] -= 100
            prices[state.stock.index(target)] += 100
            state = replace(state, prices=tuple(prices), adjusted=True)
        case Claim(edge, plot):
            lines = lines_through(edge, state.discs_of(seat))
            state = replace(
                state,
                discs=tuple(sorted((*state.discs, (edge, seat)))),
                claims=tuple(sorted((*state.claims, (plot, seat)))),
                free_piece=lines > 0 and state.players >= FREE_PIECE_PLAYERS,
            )
            if state.free_piece:
                return state
        case Build(plot, floors, slot):
            others = tuple(b for b in state.buildings if (b.plot, b.slot) != (plot, slot))
            built = Building(plot, slot, seat, floors)
            state = replace(state, buildings=tuple(sorted((*others, built), key=_where)))
    if free:
        state = replace(state, free_piece=False)
    return _next_turn(state)


def _where(b: Building) -> tuple[int, int, int]:
    return (*b.plot, b.slot)


def _next_turn(state: IzakayaState) -> IzakayaState:
    turn = state.turn + 1
    if turn < ACTIONS * state.players:
        return replace(state, turn=turn)
    if state.last_round == state.round:
        payouts = final_payouts(state)
        return replace(
            state,
            phase="over",
            turn=turn,
            kept=state.cash,
            cash=tuple(c + p for c, p in zip(state.cash, payouts, strict=True)),
            from_bank=state.from_bank + sum(payouts),
        )
    return replace(state, phase="bidding", turn=turn)
