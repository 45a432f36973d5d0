"""The action-phase entries: one wizard per kind of entry, each a few presses long.

Choices the rules forbid are offered greyed with the core's own reason (`why_not`, translated),
so a wrong press explains itself; the core's `apply` still has the last word when the entry is
recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.colors import color_name
from companion.i18n import N_, _
from companion.metro.events import (
    AdjustCash,
    AssignSpeed,
    BuildStation,
    CorrectValue,
    Event,
    Invest,
    MoveMeeple,
    RepayLoan,
    Speculate,
    StartTrain,
    TakeLoan,
    min_stake,
    share_extra,
    why_not,
)
from companion.metro.state import MetroState
from companion.narrate import explain
from companion.ui import kit as c
from companion.ui.kit import Option
from companion.ui.metro.entry import Amount, Choice, EntryScreen, SquarePick, StepFactory
from companion.ui.screen import AppContext
from companion.ui.services import MetroGame, current_metro

Reason = Callable[[MetroState, str], str | None]


def _session(app: AppContext) -> MetroGame:
    return current_metro(app.services)


def describe(event: Event) -> str:
    """One line saying what was recorded, for the home screen's toast."""
    match event:
        case Invest(player, line, paid):
            return _("{player} invests in line {line} ({paid})").format(
                player=color_name(player), line=line, paid=c.yen(paid)
            )
        case StartTrain(line, amount):
            return _("Train {line} starts (+{amount})").format(line=line, amount=c.yen(amount))
        case AssignSpeed(line, count):
            return _("Line {line}: +{count} speed").format(line=line, count=count)
        case Speculate(player, line, stake):
            return _("{player} speculates on line {line} ({stake})").format(
                player=color_name(player), line=line, stake=c.yen(stake)
            )
        case TakeLoan(player):
            return _("{player} takes a loan").format(player=color_name(player))
        case RepayLoan(player):
            return _("{player} repays a loan").format(player=color_name(player))
        case BuildStation(player, station, _paid):
            return _("{player} builds a station").format(player=color_name(player)) + f": {station}"
        case MoveMeeple(player, square):
            return (
                _("{player} moves the meeple").format(player=color_name(player))
                + f" ({square[0] + 1}, {square[1] + 1})"
            )
        case CorrectValue(line, value):
            return _("Line {line} set to {value}").format(line=line, value=c.yen(value))
        case AdjustCash(player, delta, _reason):
            return f"{color_name(player)} {c.signed_yen(delta)}"
    return ""


def refusal(app: AppContext, event: Event) -> str | None:
    """Why the rules forbid `event` now, translated; None when it is allowed."""
    session = _session(app)
    refused = why_not(session.rules, session.state, event)
    return None if refused is None else explain(refused)


def player_refusal(app: AppContext, event: Event) -> str | None:
    """`refusal` only when it is about the player (whatever line or station is picked next)."""
    session = _session(app)
    refused = why_not(session.rules, session.state, event)
    return explain(refused) if refused is not None and refused.field == "player" else None


def players_step(
    title: str, reason: Reason | None = None, key: str = "player"
) -> Callable[[AppContext], StepFactory]:
    def bind(app: AppContext) -> StepFactory:
        def step(answers: dict[str, Any]) -> Choice:
            state = _session(app).state
            options = []
            for p in state.players:
                detail = "" if p.cash is None else c.yen(p.cash)
                why = reason(state, p.color) if reason else None
                options.append(
                    Option(color_name(p.color), p.color, why, player=p.color, detail=detail)
                )
            return Choice(key, title, options)

        return step

    return bind


def lines_step(
    app: AppContext, title: str, reason: Callable[[MetroState, str, dict[str, Any]], str | None]
) -> StepFactory:
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
        return Choice("line", title, options)

    return step


def invest(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    rules = _session(app).rules

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, Invest(answers["player"], lid, share_extra(rules, state, lid)))

    def paid(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        n = len(state.lines[answers["line"]].shares)
        extra = share_extra(rules, state, answers["line"])
        note = _(
            "Share #{n}: includes the extra {extra}; add the card's cost, less discounts"
        ).format(n=n + 1, extra=c.yen(extra))
        return Amount("paid", _("Amount paid"), extra, extra, note=note)

    steps = [players_step(_("Who invests?"))(app), lines_step(app, _("Which line?"), why), paid]
    return EntryScreen(
        app,
        _("Invest"),
        steps,
        lambda a: Invest(a["player"], a["line"], a["paid"]),
        initial=initial,
    )


def start_train(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, StartTrain(lid, 0))

    def amount(answers: dict[str, Any]) -> Amount:
        return Amount(
            "amount",
            _("Amount on the Start card"),
            0,
            note=_("The line's value rises by this amount"),
        )

    steps = [lines_step(app, _("Which train starts?"), why), amount]
    return EntryScreen(
        app,
        _("Start a train"),
        steps,
        lambda a: StartTrain(a["line"], a["amount"]),
        initial=initial,
    )


def speed(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        return refusal(app, AssignSpeed(lid, 1))

    def count(answers: dict[str, Any]) -> Amount:
        line = answers["line"]
        most = 1
        while refusal(app, AssignSpeed(line, most + 1)) is None:
            most += 1
        return Amount("count", _("How many speed tokens?"), 1, 1, most, 1, yen=False)

    steps = [lines_step(app, _("Which line?"), why), count]
    return EntryScreen(
        app, _("Speed token"), steps, lambda a: AssignSpeed(a["line"], a["count"]), initial=initial
    )


def speculate(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    rules = _session(app).rules
    any_line = next(iter(rules.board.lines))

    def who(state: MetroState, color: str) -> str | None:
        return player_refusal(app, Speculate(color, any_line, 0))

    def why(state: MetroState, lid: str, answers: dict[str, Any]) -> str | None:
        stake = min_stake(rules, state.lines[lid].value)
        refused = why_not(rules, state, Speculate(answers["player"], lid, stake))
        return None if refused is None or refused.field == "stake" else explain(refused)

    def stake(answers: dict[str, Any]) -> Amount:
        state = _session(app).state
        minimum = min_stake(rules, state.lines[answers["line"]].value)
        cash = state.player(answers["player"]).cash
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
        lines_step(app, _("Which line?"), why),
        stake,
    ]
    return EntryScreen(
        app,
        _("Speculate"),
        steps,
        lambda a: Speculate(a["player"], a["line"], a["stake"]),
        initial=initial,
    )


def loan(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, TakeLoan(color))

    steps = [players_step(_("Who takes a loan of ¥1,000?"), why)(app)]
    return EntryScreen(app, _("Loan"), steps, lambda a: TakeLoan(a["player"]), initial=initial)


def repay(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, RepayLoan(color))

    steps = [players_step(_("Who repays ¥1,000?"), why)(app)]
    return EntryScreen(
        app, _("Repay a loan"), steps, lambda a: RepayLoan(a["player"]), initial=initial
    )


def station(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    board = _session(app).rules.board
    any_station = next(iter(board.stations), "")

    def who(state: MetroState, color: str) -> str | None:
        return player_refusal(app, BuildStation(color, any_station))

    def where(answers: dict[str, Any]) -> Choice:
        options = []
        for sid, st in sorted(board.stations.items(), key=lambda kv: kv[1].name):
            why = refusal(app, BuildStation(answers["player"], sid))
            options.append(Option(st.name, sid, why, detail=" ".join(st.stops)))
        return Choice("station", _("Which station?"), options)

    def paid(answers: dict[str, Any]) -> Amount:
        n = len(board.stations[answers["station"]].stops)
        note = _("The card's cost × {n} stop circles, less discounts").format(n=n)
        return Amount("paid", _("Amount paid"), 0, note=note)

    steps = [players_step(_("Who builds?"), who)(app), where, paid]
    return EntryScreen(
        app,
        _("Station built"),
        steps,
        lambda a: BuildStation(a["player"], a["station"], a["paid"]),
        initial=initial,
    )


def meeple(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    grid = _session(app).rules.board.grid

    def square(answers: dict[str, Any]) -> SquarePick:
        m = _session(app).state.meeples.get(answers["player"])
        start = (
            m.square
            if m is not None and m.square is not None
            else (grid.columns // 2, grid.rows // 2)
        )
        return SquarePick("square", _("Which square?"), start)

    steps = [players_step(_("Whose meeple?"))(app), square]
    return EntryScreen(
        app,
        _("Meeple moved"),
        steps,
        lambda a: MoveMeeple(a["player"], a["square"]),
        initial=initial,
    )


def correct_value(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def value(answers: dict[str, Any]) -> Amount:
        current = _session(app).state.lines[answers["line"]].value
        return Amount("value", _("Value on the income track"), current)

    steps = [lines_step(app, _("Which line?"), lambda s, lid, a: None), value]
    return EntryScreen(
        app,
        _("Correct a line's value"),
        steps,
        lambda a: CorrectValue(a["line"], a["value"]),
        initial=initial,
    )


def correct_cash(app: AppContext, initial: dict[str, Any]) -> EntryScreen:
    def why(state: MetroState, color: str) -> str | None:
        return refusal(app, AdjustCash(color, 0))

    def cash(answers: dict[str, Any]) -> Amount:
        current = _session(app).state.player(answers["player"]).cash or 0
        return Amount("cash", _("Cash in hand"), current)

    def build(a: dict[str, Any]) -> Event:
        old = _session(app).state.player(a["player"]).cash or 0
        return AdjustCash(a["player"], a["cash"] - old, "correction")

    steps = [players_step(_("Whose cash?"), why)(app), cash]
    return EntryScreen(app, _("Correct cash"), steps, build, initial=initial)


ENTRIES: list[tuple[str, Callable[[AppContext, dict[str, Any]], EntryScreen]]] = [
    (N_("Invest"), invest),
    (N_("Start a train"), start_train),
    (N_("Speed token"), speed),
    (N_("Speculate"), speculate),
    (N_("Loan"), loan),
    (N_("Repay a loan"), repay),
    (N_("Station built"), station),
    (N_("Meeple moved"), meeple),
    (N_("Correct a line's value"), correct_value),
    (N_("Correct cash"), correct_cash),
]
