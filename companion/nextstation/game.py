"""A game of NEXT STATION TOKYO as the box keeps it: four rounds of reveals, then the score pad.

Each round turns the deck (shuffled from the game's seed) card by card until the fifth green
card; the box then waits (`round-end`) for OK (`EndRound`), and the next round draws the next
line from the next starting point. After the fourth round every player's sheet is entered
(`Score`), and `Finish` closes the game on its ranking. Undo is the session's: an event off
the log.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from companion.i18n import N_
from companion.nextstation.deck import (
    GREENS_PER_ROUND,
    Card,
    Deck,
    OrangeCard,
    orange_order,
    round_order,
)
from companion.nextstation.scoring import Sheet, Standing, ranking, sheet_error

ROUNDS = 4
PLAYERS = (1, 8)
"""The rules text names no player limit: one box, up to eight player buttons."""
Phase = Literal["reveal", "round-end", "scoring", "over"]


class IllegalMove(ValueError):
    """An event the game does not allow now; `reason` is an English msgid for the screen."""

    def __init__(self, reason: str, field: str = "") -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.reason = reason
        self.field = field


@dataclass(frozen=True)
class NextStationSetup:
    players: tuple[str, ...]
    """Each player's colour, in seat order."""
    seed: int
    deck: Deck
    oranges: tuple[OrangeCard, ...] = ()
    """The orange cards when played with them, else empty."""
    objectives: bool = False


@dataclass(frozen=True)
class Reveal:
    """Turn the next card of the deck."""

    type: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class EndRound:
    """OK after the fifth green card: the next round (or, after the fourth, the score pad)."""

    type: ClassVar[str] = "end-round"


@dataclass(frozen=True)
class Score:
    """A player's score pad as entered (entered again: corrected)."""

    player: int
    sheet: Sheet
    type: ClassVar[str] = "score"


@dataclass(frozen=True)
class Finish:
    """Every sheet is in: show the ranking, the game is over."""

    type: ClassVar[str] = "finish"


Event = Reveal | EndRound | Score | Finish


@dataclass(frozen=True)
class NextStationState:
    setup: NextStationSetup
    round: int = 0
    """0-based: the line drawn now is `setup.deck.lines[round]`."""
    shown: int = 0
    """Cards revealed in this round."""
    phase: Phase = "reveal"
    sheets: tuple[Sheet | None, ...] = ()

    # --- the round, derived from the seed ---------------------------------------------------

    @property
    def order(self) -> tuple[int, ...]:
        return round_order(self.setup.seed, self.round, len(self.setup.deck.cards))

    @property
    def revealed(self) -> tuple[Card, ...]:
        cards = self.setup.deck.cards
        return tuple(cards[i] for i in self.order[: self.shown])

    @property
    def card(self) -> Card | None:
        """The card on show (the last revealed), None before the round's first."""
        return self.revealed[-1] if self.shown else None

    @property
    def greens(self) -> int:
        return sum(card.green for card in self.revealed)

    @property
    def line(self) -> str:
        return self.setup.deck.lines[self.round]

    @property
    def ignored(self) -> bool:
        """The card on show is a Doble carril turned first: it is ignored (a green one still
        counts towards the five)."""
        return self.shown == 1 and self.card is not None and self.card.special == "double"

    @property
    def orange(self) -> OrangeCard | None:
        """The orange card of this round, when played with them."""
        oranges = self.setup.oranges
        if not oranges:
            return None
        order = orange_order(self.setup.seed, len(oranges))
        return oranges[order[self.round % len(oranges)]]

    @property
    def orange_applies(self) -> bool:
        """The orange card's effect goes with the card on show: it shares the symbol of the
        round's first card (a card that names no station shares none)."""
        card = self.card
        if self.orange is None or card is None or card.symbol == "none":
            return False
        return card.symbol == self.revealed[0].symbol

    # --- the score pad ----------------------------------------------------------------------

    @property
    def standings(self) -> tuple[Standing, ...]:
        """The ranking once every sheet is in, else empty."""
        if any(sheet is None for sheet in self.sheets):
            return ()
        return ranking([s for s in self.sheets if s is not None])


def rounds_for(rules: object, players: int) -> int:
    """The registry's round rule: four rounds, one line each, whatever the players."""
    return ROUNDS


def new_game(setup: NextStationSetup) -> NextStationState:
    low, high = PLAYERS
    if not low <= len(setup.players) <= high:
        raise IllegalMove(N_("Next Station Tokyo takes 1 to 8 players"), "players")
    return NextStationState(setup, sheets=(None,) * len(setup.players))


def why_not(state: NextStationState, event: Event) -> IllegalMove | None:
    """Why the game does not allow `event` now, or None when it does. Pure."""
    match event:
        case Reveal():
            if state.phase != "reveal":
                return IllegalMove(N_("The round is over: OK starts the next one"))
        case EndRound():
            if state.phase != "round-end":
                return IllegalMove(N_("The round goes on until the fifth green card"))
        case Score(player=player, sheet=sheet):
            if state.phase != "scoring":
                return IllegalMove(N_("The score pad comes after the fourth round"))
            if not 0 <= player < len(state.setup.players):
                return IllegalMove(N_("No such player"), "player")
            bad = sheet_error(sheet, ROUNDS, state.setup.objectives)
            if bad is not None:
                return IllegalMove(bad[1], f"sheet.{bad[0]}")
        case Finish():
            if state.phase != "scoring" or not state.standings:
                return IllegalMove(N_("Every player's score comes first"))
    return None


def apply(state: NextStationState, event: Event) -> NextStationState:
    """The state after `event`; raises its `why_not` refusal."""
    refusal = why_not(state, event)
    if refusal is not None:
        raise refusal
    match event:
        case Reveal():
            shown = state.shown + 1
            after = replace(state, shown=shown)
            return replace(after, phase="round-end") if after.greens >= GREENS_PER_ROUND else after
        case EndRound():
            if state.round + 1 < ROUNDS:
                return replace(state, round=state.round + 1, shown=0, phase="reveal")
            return replace(state, phase="scoring")
        case Score(player=player, sheet=sheet):
            if state.sheets[player] == sheet:
                return state
            sheets = list(state.sheets)
            sheets[player] = sheet
            return replace(state, sheets=tuple(sheets))
        case Finish():
            return replace(state, phase="over")
    raise TypeError(f"not a Next Station event: {event!r}")
