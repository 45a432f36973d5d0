"""Our rulings where the rulebook is silent or leaves room, in one place.

Each constant is used by the code that applies it; the README lists the same rulings in prose.
Ruling 1 (track order G, M, H, T, C, Y, Z, N, A, I, S, E) is the map file's `track_order`;
ruling 5 and what else differs between Tokyo and Osaka, and between the two action-card sets,
is `companion.metro.variant`; ruling 11 (Osaka vehicles never leave) is its
`start_trains_leave` on both the map's variant and the card set; ruling 12 (what a Sell pays)
is `companion.metro.shares.sale_value`; ruling 13 (data the rulebook does not carry) lives in
the calibration files marked ASSUMPTION.
"""

from __future__ import annotations

BASE_MOVES = 5
"""2. Each train moves 5 stops plus one per speed token; reversing at a terminus is free (the
train turns on arrival, so a train that stops on a terminus is kept pointing back); the stop a
train starts the phase on pays nothing; every stop it arrives at pays."""

PAYOUT_NO_SHARE_OWNER = 200
PAYOUT_NO_SHARE_LINE = 200
PAYOUT_SHARE_LINE = 500
"""3-4. Each arrival at any stop of an owned station pays, two stops of one line in one
station each pay. Owner without a share: owner +¥200 from the bank, line +¥200. Owner with a
share: line +¥500, owner nothing."""

DRINK_BONUS = ((3, 100), (5, 200), (6, 300))
"""4. Metro Drinks: +¥100/200/300 to the owner by the number of drinks of that colour on the map
(1-3 / 4-5 / 6), paid from the bank on top of the station's payout, also to a shareholder
owner. 10: the rulebook's summary counts only the owner's own; `DrinksSetup.bonus` picks
the reading, the long text (`"map"`) by default (`companion.metro.drinks.bonus_count`)."""

VENDING_FEE_STEP = 100
"""14. Metro Drinks: building a vending machine on another player's station pays that owner
¥100 x k, k counting the drinks of the builder's colours on that owner's stations over the whole
game, the new one included; on your own station it is free (`companion.metro.drinks`)."""

SOLO_SETS_UP_AS = 2
"""15. The solo game is set up and lasts as a two-player game (the two-player round count of
its card set), with one set of pieces and no turn-order bids."""

RIDE_FEE = 100
"""6. Boarding costs ¥100 to the bank and the line gains ¥100, unless the rider holds a share.
A rider may board at the start stop and at every arrival, and may leave only at an arrival
after the train has moved at least one stop since boarding. During the train phase a rider is
offered leaving only when their own train arrives at a stop (another train's arrival there
does not let them step off); between phases they may step off at any time (a meeple move). A
rider whose train leaves the map is put down on the nearest free square touching that stop."""

BOARDING_NEEDS_THE_FEE = True
"""6a. A player whose cash the box keeps and who has less than the fee (under ¥100 without a
share) is not offered boarding: they could not pay. Untracked cash is always offered."""

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
VIOLATION_STAKE_RETURNED = True
"""9b. A player holding a share and a speculation on one line gets ¥0 from both. The share
still takes its place in the split (the others are paid as if it were honoured); its payout
stays with the bank, and the violating speculation takes nothing off the line. The stake
still comes back, as every stake does: the rulebook voids the payouts, not the stake."""

TWIN_QUESTIONS_BY_PLAYER = True
"""10. Twin vehicles (Osaka's P trams and buses) move together, one stop at a time, the same
number of moves. In each move both move and each arrival pays, vehicle #1 (started at stop 1)
first; then the questions go player by player in turn order, each player's #1 question before
their #2 one (rulebook: decisions across both vehicles in turn order). The start stops' questions
come the same way before the first move. False would ask vehicle by vehicle instead."""
