"""The action-phase entries: one wizard per kind of entry, each a few presses long.

Choices the rules forbid are offered greyed with the core's own reason (`why_not`, translated),
so a wrong press explains itself; the core's `apply` still has the last word when the entry is
recorded. An amount starts at the usual amount (`USUAL`) and cannot go below the least one the
core accepts (`least`). The entries are listed most common first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.colors import color_name
from companion.i18n import N_, _
from companion.metro.events import (
    AdjustCash,
    AssignSpeed,
    BidBonus,
    BuildStation,
    Copy,
    CorrectValue,
    Event,
    Invest,
    InvestByDisc,
    MoveMeeple,
    RepayLoan,
    Sell,
    Speculate,
    StartTrain,
    TakeCard,
    TakeLoan,
    min_stake,
    share_extra,
    why_not,
)
from companion.metro.shares import sale_value
from companion.metro.state import MetroState
from companion.metro.variant import BID, CARD, COPY, INVEST_BY_DISC, SELL, START, CardSet
from companion.names import Names
from companion.narrate import explain, place_name, station_name
from companion.ui import kit as c
from companion.ui.kit import Option
from companion.ui.metro import places
from companion.ui.metro.entry import Amount, Choice, EntryScreen, SquarePick, StepFactory
from companion.ui.screen import AppContext
from companion.ui.services import MetroGame, current_metro, metro_names

Reason = Callable[[MetroState, str], str | None]

USUAL = {"share": 300, "circle": 100, "start": 300}
"""Where an amount starts, before discounts: a share card's cost (on top of the share's
extra), a station card's cost per stop circle, a Start card's yen. A guess at the common card,
not a rule: the least amount is the core's (`least`)."""


LINE_GROUP = 3
"""LEFT/RIGHT jump three lines in the line lists: any line is at most three presses away."""


@dataclass(frozen=True)
class Opening:
    """How an entry was opened: answers that preset a cursor, answers already given (the
    player whose button opened it, not asked again), and whether a press already chose."""

    initial: dict[str, Any] = field(default_factory=dict)
    fixed: dict[str, Any] = field(default_factory=dict)
    deliberate: bool = False


def _screen(
    app: AppContext,
    title: str,
    steps: list[StepFactory],
    build: Callable[[dict[str, Any]], Event],
    opening: Opening,
) -> EntryScreen:
    return EntryScreen(
        app,
        title,
        steps,
        build,
        initial=opening.initial,
        fixed=opening.fixed,
        deliberate=opening.deliberate,
    )


def least(app: AppContext, make: Callable[[int], Event], name: str, step: int = 100) -> int:
    """The least amount (in `step`s from ¥0) the core accepts for the event's field `name`:
    the rules' own minimum, whatever else might still be wrong with the entry."""
    session = _session(app)
    amount = 0
    for _i in range(1000):
        refused = why_not(session.rules, session.state, make(amount))
        if refused is None or refused.field != name:
            return amount
        amount += step
    return 0


def _session(app: AppContext) -> MetroGame:
    return current_metro(app.services)


def _names(app: AppContext) -> Names:
    return metro_names(app.services).label


def describe(event: Event, board: Any = None, names: Names = color_name) -> str:
    """One line saying what was recorded, for the home screen's toast and the undo question;
    stations and squares by the names on the board when it is given."""
    match event:
        case Invest(player, line, paid):
            return _("{player} invests in line {line} ({paid})").format(
                player=names(player), line=line, paid=c.yen(paid)
            )
        case StartTrain(line, amount):
            return _("Train {line} starts (+{amount})").format(line=line, amount=c.yen(amount))
        case AssignSpeed(line, count):
            return _("Line {line}: +{count} speed").format(line=line, count=count)
        case Speculate(player, line, stake):
            return _("{player} speculates on line {line} ({stake})").format(
                player=names(player), line=line, stake=c.yen(stake)
            )
        case TakeLoan(player):
            return _("{player} takes a loan").format(player=names(player))
        case RepayLoan(player):
            return _("{player} repays a loan").format(player=names(player))
        case BuildStation(player, station, paid):
            name = station_name(board, station) if board is not None else station
            return _("{player} builds a station on {station} ({paid})").format(
                player=names(player), station=name, paid=c.yen(paid)
            )
        case MoveMeeple(player, square):
            where = (
                place_name(board, square)
                if board is not None
                else _("the square in column {col}, row {row}").format(
                    col=square[0] + 1, row=square[1] + 1
                )
            )
            return _("{player} moves the meeple {place}").format(player=names(player), place=where)
        case CorrectValue(line, value):
            return _("Line {line} set to {value}").format(line=line, value=c.yen(value))
        case AdjustCash(player, delta, _reason):
            return f"{names(player)} {c.signed_yen(delta)}"
        case InvestByDisc(player, line):
            return _("{player} invests in line {line} with a disc").format(
                player=names(player), line=line
            )
        case Sell(player, line):
            return _("{player} sells the share of line {line}").format(
                player=names(player), line=line
            )
        case Copy(player, paid):
            return _("{player} copies an action ({paid})").format(
                player=names(player), paid=c.yen(paid)
            )
        case BidBonus(player, amount):
            return _("{player}: Bid action, +{amount} on the next bid").format(
                player=names(player), amount=c.yen(amount)
            )
        case TakeCard(player, paid):
            return _("{player}: Card action ({paid})").format(
                player=names(player), paid=c.yen(paid)
            )
    from companion.ui.metro.drink_entries import describe_drink

    return describe_drink(event, board, names)


def refusal(app: AppContext, event: Event) -> str | None:
    """Why the rules forbid `event` now, translated; None when it is allowed."""
    session = _session(app)
    refused = why_not(session.rules, session.state, event)
    return None if refused is None else explain(refused, session.rules.board, _names(app))


def player_refusal(app: AppContext, event: Event) -> str | None:
    """`refusal` only when it is about the player (whatever line or station is picked next)."""
    session = _session(app)
    refused = why_not(session.rules, session.state, event)
    if refused is None or refused.field != "player":
        return None
    return explain(refused, session.rules.board, _names(app))


def players_step(
    title: str, reason: Reason | None = None, key: str = "player"
) -> Callable[[AppContext], StepFactory]:
    def bind(app: AppContext) -> StepFactory:
        def step(answers: dict[str, Any]) -> Choice:
            state = _session(app).state
            names = metro_names(app.services)
            options = []
            for p in state.players:
                detail = "" if p.cash is None else c.yen(p.cash)
                why = reason(state, p.color) if reason else None
                options.append(
                    Option(names.short(p.color), p.color, why, player=p.color, detail=detail)
                )
            return Choice(key, title, options, by_player=True)

        return step

    return bind


def lines_step(
    app: AppContext,
    title: str,
    reason: Callable[[MetroState, str, dict[str, Any]], str | None],
    allowed_first: bool = False,
) -> StepFactory:
    """The lines in track order (`allowed_first`: those that may be chosen first, for a
    choice few lines allow, such as a speculation early on)."""

    def step(answers: dict[str, Any]) -> Choice:
        session = _session(app)
        state = session.state
        options = [
            Option(
                line.name,
                lid,
                reason(state, lid, answers),
                line=lid,
                detail=c.yen(state.lines[lid].value),
            )
            for lid, line in session.rules.board.lines.items()
        ]
        if allowed_first:
            options.sort(key=lambda o: o.reason is not None)
        return Choice("line", title, options, tuple(range(0, len(options), LINE_GROUP)))

    return step


def invest(app: AppContext, opening: Opening) -> EntryScreen:
    rules = _session(app).rules

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, Invest(answers["player"], lid, share_extra(rules, state, lid)))

    def paid(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        player, line = answers["player"], answers["line"]
        n = len(state.lines[line].shares)
        extra = share_extra(rules, state, line)
        minimum = least(app, lambda x: Invest(player, line, x), "paid")
        note = _(
            "Share #{n}: includes the extra {extra}; add the card's cost, less discounts"
        ).format(n=n + 1, extra=c.yen(extra))
        return Amount("paid", _("Amount paid"), extra + USUAL["share"], minimum, note=note)

    steps = [players_step(_("Who invests?"))(app), lines_step(app, _("Which line?"), why), paid]
    return _screen(
        app, _("Invest"), steps, lambda a: Invest(a["player"], a["line"], a["paid"]), opening
    )


def invest_by_disc(app: AppContext, opening: Opening) -> EntryScreen:
    """Osaka cards: a share for an action disc; only the share's extra is paid (shown)."""
    rules = _session(app).rules

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, InvestByDisc(answers["player"], lid))

    def extra(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        line = answers["line"]
        cost = share_extra(rules, state, line)
        note = _("Share #{n}: only its extra is paid, and line {line} rises by it").format(
            n=len(state.lines[line].shares) + 1, line=line
        )
        return Amount("extra", _("Extra paid"), cost, cost, cost, note=note)

    steps = [
        players_step(_("Who invests?"))(app),
        lines_step(app, _("Which line?"), why),
        extra,
    ]
    return _screen(
        app, _("Invest by disc"), steps, lambda a: InvestByDisc(a["player"], a["line"]), opening
    )


def sell(app: AppContext, opening: Opening) -> EntryScreen:
    """Osaka cards: the share goes back; what it would pay now is shown before it is set aside."""
    rules = _session(app).rules

    def who(state: MetroState, color: str) -> str | None:
        if any(color in ls.shares for ls in state.lines.values()):
            return None
        return _("{player} holds no share").format(player=_names(app)(color))

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, Sell(answers["player"], lid))

    def amount(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        line = answers["line"]
        value = sale_value(state.lines[line], answers["player"], rules.track)
        note = _("Set aside until the end; line {line} loses as much").format(line=line)
        return Amount("amount", _("The share pays now"), value, value, value, note=note)

    steps = [
        players_step(_("Who sells?"), who)(app),
        lines_step(app, _("Which share?"), why, allowed_first=True),
        amount,
    ]
    return _screen(app, _("Sell a share"), steps, lambda a: Sell(a["player"], a["line"]), opening)


def paid_action(
    title: str, question: str, make: Callable[[str, int], Event], key: str = "paid"
) -> Callable[[AppContext, Opening], EntryScreen]:
    """An action card that is a player and its yen: Copy (its cost), Bid (its bonus), Card."""

    def entry(app: AppContext, opening: Opening) -> EntryScreen:
        def who(state: MetroState, color: str) -> str | None:
            return player_refusal(app, make(color, 0))

        def amount(answers: dict[str, Any]) -> Amount:
            minimum = least(app, lambda x: make(answers["player"], x), key)
            return Amount(key, _(question), max(minimum, 100), minimum)

        steps = [players_step(_("Who?"), who)(app), amount]
        return _screen(app, _(title), steps, lambda a: make(a["player"], a[key]), opening)

    return entry


copy_action = paid_action(N_("Copy an action"), N_("Cost of the Copy action"), Copy)
bid_action = paid_action(N_("Bid action"), N_("Yen added to the next bid"), BidBonus, key="amount")
card_action = paid_action(N_("Card action"), N_("Cost of the card taken"), TakeCard)


def start_train(app: AppContext, opening: Opening) -> EntryScreen:
    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, StartTrain(lid, 0))

    def amount(answers: dict[str, Any]) -> Amount:
        line = answers["line"]
        return Amount(
            "amount",
            _("Amount on the Start card"),
            USUAL["start"],
            least(app, lambda x: StartTrain(line, x), "amount"),
            note=_("The line's value rises by this amount"),
        )

    steps = [lines_step(app, _("Which train starts?"), why), amount]
    return _screen(
        app, _("Start a train"), steps, lambda a: StartTrain(a["line"], a["amount"]), opening
    )


def speed(app: AppContext, opening: Opening) -> EntryScreen:
    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, AssignSpeed(lid, 1))

    def count(answers: dict[str, Any]) -> Amount:
        line = answers["line"]
        most = 1
        while refusal(app, AssignSpeed(line, most + 1)) is None:
            most += 1
        return Amount("count", _("How many speed tokens?"), 1, 1, most, 1, yen=False)

    steps = [lines_step(app, _("Which line?"), why), count]
    return _screen(
        app, _("Speed token"), steps, lambda a: AssignSpeed(a["line"], a["count"]), opening
    )


def speculate(app: AppContext, opening: Opening) -> EntryScreen:
    rules = _session(app).rules
    any_line = next(iter(rules.board.lines))

    def who(state: MetroState, color: str) -> str | None:
        return player_refusal(app, Speculate(color, any_line, 0))

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        stake = min_stake(rules, state.lines[lid].value)
        refused = why_not(rules, state, Speculate(answers["player"], lid, stake))
        if refused is None or refused.field == "stake":
            return None
        return explain(refused, rules.board, _names(app))

    def stake(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        player, line = answers["player"], answers["line"]
        minimum = max(min_stake(rules, state.lines[line].value), 100)
        minimum = max(minimum, least(app, lambda x: Speculate(player, line, x), "stake"))
        cash = state.player(player).cash
        note = _("At least {minimum} (the smaller number beside the value)").format(
            minimum=c.yen(minimum)
        )
        return Amount(
            "stake",
            _("Stake"),
            minimum,
            minimum,
            cash if cash is not None and cash >= minimum else None,
            note=note,
        )

    steps = [
        players_step(_("Who speculates?"), who)(app),
        lines_step(app, _("Which line?"), why, allowed_first=True),
        stake,
    ]
    return _screen(
        app,
        _("Speculate"),
        steps,
        lambda a: Speculate(a["player"], a["line"], a["stake"]),
        opening,
    )


def loan(app: AppContext, opening: Opening) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, TakeLoan(color))

    steps = [players_step(_("Who takes a loan of ¥1,000?"), why)(app)]
    return _screen(app, _("Loan"), steps, lambda a: TakeLoan(a["player"]), opening)


def repay(app: AppContext, opening: Opening) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, RepayLoan(color))

    steps = [players_step(_("Who repays ¥1,000?"), why)(app)]
    return _screen(app, _("Repay a loan"), steps, lambda a: RepayLoan(a["player"]), opening)


def station(app: AppContext, opening: Opening) -> EntryScreen:
    board = _session(app).rules.board
    any_station = next(iter(board.stations), "")

    def who(state: MetroState, color: str) -> str | None:
        return player_refusal(app, BuildStation(color, any_station))

    def where(answers: dict[str, Any]) -> Choice:
        player = answers["player"]
        options, groups = places.station_options(
            board,
            _session(app).state,
            player,
            lambda sid: refusal(app, BuildStation(player, sid)),
        )
        return Choice("station", _("Which station?"), options, groups)

    def cost(answers: dict[str, Any]) -> Amount:
        player, sid = answers["player"], answers["station"]
        n = len(board.stations[sid].stops)
        note = _("The card's cost per stop circle, less discounts; {station} has {n}").format(
            station=board.stations[sid].name, n=n
        )
        minimum = least(app, lambda x: BuildStation(player, sid, x * n), "paid")
        return Amount("cost", _("Cost per circle"), USUAL["circle"], minimum, note=note, times=n)

    def build(a: dict[str, Any]) -> Event:
        circles = len(board.stations[a["station"]].stops)
        return BuildStation(a["player"], a["station"], a["cost"] * circles)

    steps = [players_step(_("Who builds?"), who)(app), where, cost]
    return _screen(app, _("Station built"), steps, build, opening)


def meeple(app: AppContext, opening: Opening) -> EntryScreen:
    """Whose meeple, then where: the squares it can reach next to a station, by name (or,
    before it is on the board, a station and a square next to it); "another square" opens the
    board cursor. Opened from a camera reading (`seen` in the answers), the cursor starts there."""
    board = _session(app).rules.board
    grid = board.grid

    def placed(answers: dict[str, Any]) -> bool:
        return places.meeple_square(_session(app).state, answers["player"]) is not None

    def near(answers: dict[str, Any]) -> Choice | None:
        if placed(answers) or "seen" in answers:
            return None
        options, groups = places.station_options(
            board, _session(app).state, answers["player"], lambda sid: None
        )
        return Choice("near", _("Next to which station?"), options, groups)

    def square(answers: dict[str, Any]) -> Choice | None:
        state = _session(app).state
        if "seen" in answers:
            return None
        if placed(answers):
            options, _groups = places.square_options(board, state, answers["player"])
            return Choice("square", _("Where to?"), options, jump=places.JUMP)
        options = places.squares_next_to(board, state, answers["player"], answers["near"])
        return Choice("square", _("Which square?"), options)

    def pick(answers: dict[str, Any]) -> SquarePick | None:
        if answers.get("square", places.ELSEWHERE) != places.ELSEWHERE:
            return None
        here = answers.get("seen") or places.meeple_square(_session(app).state, answers["player"])
        if here is None and answers.get("near") in board.stations:
            here = min(board.squares_touching_station(answers["near"]))
        start = here if here is not None else (grid.columns // 2, grid.rows // 2)
        return SquarePick("pick", _("Which square?"), start)

    def build(a: dict[str, Any]) -> Event:
        where = a["pick"] if a.get("square", places.ELSEWHERE) == places.ELSEWHERE else a["square"]
        return MoveMeeple(a["player"], where)

    steps = [players_step(_("Whose meeple?"))(app), near, square, pick]
    return _screen(app, _("Meeple moved"), steps, build, opening)


def correct_value(app: AppContext, opening: Opening) -> EntryScreen:
    def value(answers: dict[str, Any]) -> Amount:
        current = _session(app).state.lines[answers["line"]].value
        return Amount("value", _("Value on the income track"), current)

    steps = [lines_step(app, _("Which line?"), lambda s, lid, a: None), value]
    return _screen(
        app,
        _("Correct a line's value"),
        steps,
        lambda a: CorrectValue(a["line"], a["value"]),
        opening,
    )


def correct_cash(app: AppContext, opening: Opening) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, AdjustCash(color, 0))

    def cash(answers: dict[str, Any]) -> Amount:
        current = _session(app).state.player(answers["player"]).cash or 0
        return Amount("cash", _("Cash in hand"), current)

    def build(a: dict[str, Any]) -> Event:
        old = _session(app).state.player(a["player"]).cash or 0
        return AdjustCash(a["player"], a["cash"] - old, "correction")

    steps = [players_step(_("Whose cash?"), why)(app), cash]
    return _screen(app, _("Correct cash"), steps, build, opening)


ENTRIES: list[tuple[str, Callable[[AppContext, Opening], EntryScreen]]] = [
    (N_("Invest"), invest),
    (N_("Station built"), station),
    (N_("Speculate"), speculate),
    (N_("Speed token"), speed),
    (N_("Loan"), loan),
    (N_("Repay a loan"), repay),
    (N_("Correct a line's value"), correct_value),
    (N_("Bid action"), bid_action),
    (N_("Card action"), card_action),
    (N_("Start a train"), start_train),
    (N_("Invest by disc"), invest_by_disc),
    (N_("Copy an action"), copy_action),
    (N_("Sell a share"), sell),
    (N_("Correct cash"), correct_cash),
    (N_("Meeple moved"), meeple),
]
"""Ordered for the presses: with UP/DOWN wrapping round and LEFT/RIGHT jumping three rows,
the common entries are one or two presses from the top (Meeple moved is one UP, Start a
train or Sell a share one LEFT, Speed token one RIGHT). Each game lists only the entries its
action cards have (`entries_for`)."""

CARD_ENTRIES = {
    N_("Bid action"): BID,
    N_("Card action"): CARD,
    N_("Start a train"): START,
    N_("Invest by disc"): INVEST_BY_DISC,
    N_("Copy an action"): COPY,
    N_("Sell a share"): SELL,
}
"""The entries only one card set has, and the card action each is."""


def entries_for(
    cards: CardSet,
) -> list[tuple[str, Callable[[AppContext, Opening], EntryScreen]]]:
    """The entries a game with these action cards offers: Start, Bid and Card with the Tokyo
    cards; Sell, Copy and invest-by-disc with the Osaka cards; the rest with both."""
    return [
        (label, make)
        for label, make in ENTRIES
        if label not in CARD_ENTRIES or cards.has(CARD_ENTRIES[label])
    ]
