"""Our rulings where the rulebook is silent or leaves room, in one place.

Each constant is used by the code that applies it; the README lists the same rulings in prose.
"""

from __future__ import annotations

TRACK_ORDER = ("G", "M", "H", "T", "C", "Y", "Z", "N", "A", "I", "S", "E")
"""1. Trains move, and lines pay at the end, in this order (right side of the income track)."""

BASE_MOVES = 5
"""2. Each train moves 5 stops plus one per speed token; reversing at a terminus is free; the
stop a train starts the phase on pays nothing; every stop it arrives at pays."""

PAYOUT_NO_SHARE_OWNER = 200
PAYOUT_NO_SHARE_LINE = 200
PAYOUT_SHARE_LINE = 500
"""3-4. Each arrival at any stop of an owned station pays, two stops of one line in one
station each pay. Owner without a share: owner +¥200 from the bank, line +¥200. Owner with a
share: line +¥500, owner nothing."""

DRINK_BONUS = ((3, 100), (5, 200), (6, 300))
"""4. Metro Drinks: +¥100/200/300 to the owner by the number of drinks of that colour on the map."""

START_TRAIN_LEAVES_AT_STOP_1 = True
"""5. A Start-action train arriving at its stop 1 with no share held: the stop pays first, then
the train leaves the map and its remaining moves are lost. Never on an Osaka map."""

RIDE_FEE = 100
"""6. Boarding costs ¥100 to the bank and the line gains ¥100, unless the rider holds a share.
A rider may board at the start stop and at every arrival, and may leave only at an arrival
after the train has moved at least one stop since boarding. A rider whose train leaves the map
is put down on the nearest free square touching that stop."""

REBOARD_SAME_LINE_IN_PHASE = False
"""6b. A meeple that left a train may not board the same line's train again in the same phase
(the rulebook allows boarding again in the next train phase)."""

MAX_SPECULATIONS = 2
MIN_SPECULATION_VALUE = 100
"""8. At most 2 speculations a player a game; only on a line worth at least ¥100; the stake is at
least the smaller number beside the line's value (and never below ¥100). At the end each pays
min(2 x stake, smaller number of the final value); the line loses what was paid; stakes return."""

LOAN_AMOUNT = 1000
LOAN_END_COST = 1500
"""9. Each loan left at the end costs ¥1,500. Ties go to the player earlier in turn order."""

VIOLATION_SHARE_STILL_COUNTS = True
"""9b. A player holding a share and a speculation on one line gets ¥0 from both. The share
still takes its place in the split (the others are paid as if it were honoured); its payout
stays with the bank, and the violating speculation takes nothing off the line."""

MAX_SHARE_EXTRA_TOKYO = (0, 300, 600)
MAX_SHARE_EXTRA_OSAKA = (0, 300, 300, 300)
"""Extra yen printed on share cards #1-#3 (Tokyo) and #1-#4 (Osaka)."""
