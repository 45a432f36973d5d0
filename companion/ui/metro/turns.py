"""Where the table is in the round, as far as the entries tell: the phase of the rulebook's round
(card refresh, bids, movement, actions, trains) and whose turn it is, for the income track.

The box does not see the cards or the bids being made, so this is read from what was entered
this round: nothing yet is the card refresh (round 1: the bids), the turn order set is the
movement, meeple moves are the movement in turn order, any other action the actions in turn
order (the player after the last one who acted).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.i18n import N_
from companion.metro.events import (
    BidBonus,
    BuildStation,
    Copy,
    Event,
    Invest,
    InvestByDisc,
    MoveMeeple,
    NextRound,
    RepayLoan,
    Sell,
    SetTurnOrder,
    Speculate,
    TakeCard,
    TakeLoan,
)
from companion.metro.state import MetroState
from companion.store import Entry

PHASES = (N_("Card refresh"), N_("Bids"), N_("Movement"), N_("Actions"), N_("Trains"))
CARDS, BIDS, MOVEMENT, ACTIONS, TRAINS = range(5)
PlayerAction = (
    Invest
    | InvestByDisc
    | Sell
    | Copy
    | BidBonus
    | TakeCard
    | Speculate
    | TakeLoan
    | RepayLoan
    | BuildStation
)


@dataclass(frozen=True)
class TablePhase:
    index: int
    """Into `PHASES`."""
    turn: str | None
    """The colour whose turn it is, when the phase goes in turn order."""

    @property
    def name(self) -> str:
        return PHASES[self.index]


def this_round(events: Sequence[object], entries: Sequence[Entry] = ()) -> list[object]:
    """The events since the round began: after the last train phase's end in the log
    (`entries`) and after the last NextRound."""
    since_phase = 0
    for entry in reversed(entries):
        if entry.kind == "phase_end":
            break
        since_phase += entry.kind == "event"
    if entries:
        events = events[len(events) - since_phase :] if since_phase else []
    for i in range(len(events) - 1, -1, -1):
        if isinstance(events[i], NextRound):
            return list(events[i + 1 :])
    return list(events)


def _after(order: Sequence[str], color: str) -> str:
    return order[(order.index(color) + 1) % len(order)] if color in order else order[0]


def table_phase(
    state: MetroState, events: Sequence[object], trains: bool, entries: Sequence[Entry] = ()
) -> TablePhase | None:
    """The phase the table is in; None once the game has ended. `trains`: a train phase is
    under way; `entries`: the log, where the train phases end the rounds."""
    if state.phase == "ended":
        return None
    if trains or state.phase == "train":
        return TablePhase(TRAINS, None)
    order = list(state.colors)
    done: list[Event] = [e for e in this_round(events, entries) if isinstance(e, Event)]
    acted = [e for e in done if isinstance(e, PlayerAction)]
    if acted:
        return TablePhase(ACTIONS, _after(order, acted[-1].player))
    moved = {e.player for e in done if isinstance(e, MoveMeeple)}
    if moved:
        waiting = [c for c in order if c not in moved]
        if waiting:
            return TablePhase(MOVEMENT, waiting[0])
        return TablePhase(ACTIONS, order[0])
    if any(isinstance(e, SetTurnOrder) for e in done):
        return TablePhase(MOVEMENT, order[0])
    if done:
        return TablePhase(ACTIONS, order[0])
    return TablePhase(BIDS if state.round == 1 else CARDS, None)
