"""NEXT STATION TOKYO: the station deck, the four rounds and the score pad, as a pure core.

`deck` reads the deck and orange cards (data an owner corrects), `game` is the state, the
events, `why_not` and `apply`, `scoring` adds up a player's sheet, `codec` turns setups and
events into JSON for the saved-game log. No I/O: the files are read by `companion.data`.
"""

from companion.nextstation.deck import (
    BACKGROUNDS,
    SPECIALS,
    SYMBOLS,
    Card,
    Deck,
    DeckError,
    OrangeCard,
    parse_deck,
    parse_oranges,
    round_order,
)
from companion.nextstation.game import (
    ROUNDS,
    EndRound,
    Event,
    Finish,
    IllegalMove,
    NextStationSetup,
    NextStationState,
    Reveal,
    Score,
    apply,
    new_game,
    why_not,
)
from companion.nextstation.scoring import Sheet, Standing, ranking, total

__all__ = [
    "BACKGROUNDS",
    "ROUNDS",
    "SPECIALS",
    "SYMBOLS",
    "Card",
    "Deck",
    "DeckError",
    "EndRound",
    "Event",
    "Finish",
    "IllegalMove",
    "NextStationSetup",
    "NextStationState",
    "OrangeCard",
    "Reveal",
    "Score",
    "Sheet",
    "Standing",
    "apply",
    "new_game",
    "parse_deck",
    "parse_oranges",
    "ranking",
    "round_order",
    "total",
    "why_not",
]
