"""Pure Tokyo and Osaka Metro rules: board, income track, state, events, train phase, end of game.

No I/O here: nothing in this package imports pygame, cv2, gpiozero, serial or sqlite3, and
nothing reads files; `companion.data` loads the data files and hands over decoded values.
"""

from companion.metro.board import BoardMap, Grid, Line, Square, Station, Stop, parse_map
from companion.metro.drinks import (
    DRINK_COLORS,
    BuildDrink,
    TakeDrinkColor,
    TakeDrinkShape,
    drink_bonus,
    vending_fee,
)
from companion.metro.endgame import EndGameResult, end_game
from companion.metro.errors import IllegalEvent, MapError, MetroError, StateError, TrackError
from companion.metro.events import (
    Event,
    MetroRules,
    apply,
    format_event,
    parse_event,
    replay,
    why_not,
)
from companion.metro.shares import sale_value, share_split
from companion.metro.solo import SoloNews, SoloResult, high_scores, personal_best, solo_news
from companion.metro.state import DrinksSetup, MetroState, format_state, new_state, parse_state
from companion.metro.steps import Step, format_step, parse_step
from companion.metro.track import IncomeTrack, parse_track
from companion.metro.trains import (
    Answers,
    Decision,
    Plan,
    Prompt,
    TrainPhase,
    decline_all,
    format_decision,
    parse_decision,
    run_train_phase,
)
from companion.metro.variant import (
    CARD_SETS,
    OSAKA,
    OSAKA_CARDS,
    TOKYO,
    TOKYO_CARDS,
    VARIANTS,
    CardSet,
    Variant,
)
from companion.metro.vehicles import VehicleId, format_vehicle, parse_vehicle

__all__ = [
    "CARD_SETS",
    "DRINK_COLORS",
    "OSAKA",
    "OSAKA_CARDS",
    "TOKYO",
    "TOKYO_CARDS",
    "VARIANTS",
    "Answers",
    "BoardMap",
    "BuildDrink",
    "CardSet",
    "Decision",
    "DrinksSetup",
    "EndGameResult",
    "Event",
    "Grid",
    "IllegalEvent",
    "IncomeTrack",
    "Line",
    "MapError",
    "MetroError",
    "MetroRules",
    "MetroState",
    "Plan",
    "Prompt",
    "SoloNews",
    "SoloResult",
    "Square",
    "StateError",
    "Station",
    "Step",
    "Stop",
    "TakeDrinkColor",
    "TakeDrinkShape",
    "TrackError",
    "TrainPhase",
    "Variant",
    "VehicleId",
    "apply",
    "decline_all",
    "drink_bonus",
    "end_game",
    "format_decision",
    "format_event",
    "format_state",
    "format_step",
    "format_vehicle",
    "high_scores",
    "new_state",
    "parse_decision",
    "parse_event",
    "parse_map",
    "parse_state",
    "parse_step",
    "parse_track",
    "parse_vehicle",
    "personal_best",
    "replay",
    "run_train_phase",
    "sale_value",
    "share_split",
    "solo_news",
    "vending_fee",
    "why_not",
]
