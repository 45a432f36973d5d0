"""TOKYO JUTAKU referee: rounds, "¡alto!" calls, checks, plots, move order, end of game.

Pure: `apply(state, event)` returns a new state; every event carries its monotonic timestamp
and `tick(state, now)` applies what time alone decides (the optional round time limit).
`apply` ticks to the event's time first, so a press that comes after the time ran out is
ignored, however late the frame that delivers it.

Rulings where the rulebook is silent (also in docs/jutaku.md):

- Simultaneous calls: presses within `call_window` seconds of the first call count as the
  same call; later presses are ignored until play resumes. Callers are checked in call order.
- A failed check has no penalty; the clock goes on from where it stopped.
- "The player with most yen moves first": among the round's successful builders, most yen in
  total after scoring the round; ties by the value of the plot just built, then call order.
  Then play goes on clockwise (seat order) from that player: each player in turn moves (a
  successful builder) or moves up to two spaces or keeps the plot (the others), so a second
  successful builder waits for their seat like everyone else.
- Round time limit (optional, not in the rulebook): when it runs out nobody scores; every
  player may move or keep their plot, clockwise from the first seat.
- BOTTLE BONUS: each player who completed a building draws drinks (one per other player), in
  move order. A blue drink is spent before a round; "winning the round" means completing a
  building in it (several players can win with simultaneous calls). Kept blue drinks add ¥200.
- The game ends at once, without a move phase, when a player has completed a fourth plot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal

from companion.jutaku.clock import Clock, Cue, countdown_cues, next_cue_at, remaining
from companion.jutaku.players import Seat, check_seats, ranks

Phase = Literal["ready", "building", "paused", "checking", "moving", "over"]
DRINKS = ("black", "white", "mint", "blue", "red", "purple")
BLUE_BONUS = 200


@dataclass(frozen=True)
class JutakuOptions:
    call_window: float = 0.5
    round_limit: float | None = None
    """Seconds a round may last, or None for no limit."""
    bottle_bonus: bool = False
    value_step: int = 1000
    value_start: int = 10000
    """Where the yen entry starts for each check (the rulebook's example plot is ¥14,000)."""
    value_max: int = 99000
    plots_to_end: int = 4
    plot_values: tuple[int, ...] = ()
    """Optional list of the box's plot values to pick from instead of stepping."""


@dataclass(frozen=True)
class Record:
    plots: tuple[int, ...] = ()
    """Yen value of each completed plot, in order."""
    false_calls: int = 0
    drinks: tuple[str, ...] = ()
    """BOTTLE BONUS drinks held (sorted)."""
    blue_active: bool = False
    blue_kept: int = 0

    @property
    def total(self) -> int:
        return sum(self.plots) + BLUE_BONUS * self.blue_kept


@dataclass(frozen=True)
class Verdict:
    player: int
    good: bool
    value: int = 0


@dataclass(frozen=True)
class Step:
    """One entry of the between-rounds checklist."""

    kind: Literal["drinks", "move", "stay_or_move"]
    player: int


# Events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """«¡Empezad!»: a new round starts (from ready, or skipping the rest of the move phase)."""

    t: float
    type: ClassVar[str] = "Start"


@dataclass(frozen=True)
class Call:
    """A player pressed their button: «¡alto!»."""

    player: int
    t: float
    type: ClassVar[str] = "Call"


@dataclass(frozen=True)
class Adjust:
    """Change the yen value being entered by `steps` x value_step (or list positions)."""

    steps: int
    t: float
    type: ClassVar[str] = "Adjust"


@dataclass(frozen=True)
class SetValue:
    value: int
    t: float
    type: ClassVar[str] = "SetValue"


@dataclass(frozen=True)
class Judge:
    """The current caller's building is good (records the entered value) or not."""

    good: bool
    t: float
    type: ClassVar[str] = "Judge"


@dataclass(frozen=True)
class Next:
    """Tick off the current step of the between-rounds checklist."""

    t: float
    type: ClassVar[str] = "Next"


@dataclass(frozen=True)
class Pause:
    t: float
    type: ClassVar[str] = "Pause"


@dataclass(frozen=True)
class Resume:
    t: float
    type: ClassVar[str] = "Resume"


@dataclass(frozen=True)
class TakeDrink:
    player: int
    drink: str
    t: float
    type: ClassVar[str] = "TakeDrink"


@dataclass(frozen=True)
class SpendDrink:
    player: int
    drink: str
    t: float
    type: ClassVar[str] = "SpendDrink"


Event = Start | Call | Adjust | SetValue | Judge | Next | Pause | Resume | TakeDrink | SpendDrink


@dataclass(frozen=True)
class JutakuState:
    seats: tuple[Seat, ...]
    options: JutakuOptions
    records: tuple[Record, ...]
    phase: Phase = "ready"
    round: int = 0
    clock: Clock = field(default_factory=Clock)
    called_at: float | None = None
    callers: tuple[int, ...] = ()
    verdicts: tuple[Verdict, ...] = ()
    entry: int = 0
    steps: tuple[Step, ...] = ()
    step: int = 0
    timed_out: bool = False
    last_completed: tuple[Verdict, ...] = ()
    """The good verdicts of the last scored round (for the screen)."""

    @property
    def current_caller(self) -> int | None:
        if self.phase != "checking" or len(self.verdicts) >= len(self.callers):
            return None
        return self.callers[len(self.verdicts)]


def new_game(seats: Sequence[Seat], options: JutakuOptions | None = None) -> JutakuState:
    check_seats(seats)
    opts = options or JutakuOptions()
    return JutakuState(tuple(seats), opts, tuple(Record() for _ in seats), entry=_first_value(opts))


def _first_value(opts: JutakuOptions) -> int:
    if opts.plot_values:
        return min(opts.plot_values, key=lambda v: abs(v - opts.value_start))
    return opts.value_start


def elapsed(state: JutakuState, now: float) -> float:
    return state.clock.elapsed(now)


def deadline_passed(state: JutakuState, now: float) -> bool:
    limit = state.options.round_limit
    if limit is None or state.phase != "building":
        return False
    return remaining(state.clock, limit, now) == 0.0


def tick(state: JutakuState, now: float) -> JutakuState:
    """Apply what the passing of time decides by `now`: the round limit running out."""
    if not deadline_passed(state, now):
        return state
    limit = state.options.round_limit
    assert limit is not None
    at = state.clock.moment_of(limit)
    at = now if at is None else at
    n = len(state.seats)
    records = tuple(replace(r, blue_active=False) for r in state.records)
    return replace(
        state,
        phase="moving",
        clock=state.clock.stop(at),
        records=records,
        steps=tuple(Step("stay_or_move", p) for p in range(n)),
        step=0,
        timed_out=True,
        last_completed=(),
    )


def apply(state: JutakuState, event: Event) -> JutakuState:
    state = tick(state, event.t)
    if state.phase == "over":
        return state
    match event:
        case Start(t=t) if state.phase in ("ready", "moving"):
            return replace(
                state,
                phase="building",
                round=state.round + 1,
                clock=Clock().start(t),
                steps=(),
                step=0,
                timed_out=False,
            )
        case Call(player=p, t=t):
            return _call(state, p, t)
        case Adjust(steps=k):
            return _adjust(state, k)
        case SetValue(value=v) if state.current_caller is not None:
            return replace(state, entry=max(0, min(v, state.options.value_max)))
        case Judge(good=good, t=t) if state.current_caller is not None:
            return _judge(state, good, t)
        case Next(t=_) if state.phase == "moving":
            if state.step + 1 >= len(state.steps):
                return replace(state, phase="ready", steps=(), step=0)
            return replace(state, step=state.step + 1)
        case Pause(t=t) if state.phase == "building":
            return replace(state, phase="paused", clock=state.clock.stop(t))
        case Resume(t=t) if state.phase == "paused":
            return replace(state, phase="building", clock=state.clock.start(t))
        case TakeDrink(player=p, drink=d) if (
            state.options.bottle_bonus and d in DRINKS and 0 <= p < len(state.seats)
        ):
            rec = state.records[p]
            return _set_record(state, p, replace(rec, drinks=tuple(sorted((*rec.drinks, d)))))
        case SpendDrink(player=p, drink=d) if 0 <= p < len(state.seats):
            return _spend(state, p, d)
    return state


def _set_record(state: JutakuState, player: int, record: Record) -> JutakuState:
    records = list(state.records)
    records[player] = record
    return replace(state, records=tuple(records))


def _call(state: JutakuState, player: int, t: float) -> JutakuState:
    if not 0 <= player < len(state.seats):
        return state
    if state.phase == "building":
        return replace(
            state,
            phase="checking",
            clock=state.clock.stop(t),
            called_at=t,
            callers=(player,),
            verdicts=(),
            entry=_first_value(state.options),
        )
    if (
        state.phase == "checking"
        and not state.verdicts
        and state.called_at is not None
        and abs(t - state.called_at) <= state.options.call_window
        and player not in state.callers
    ):
        if t >= state.called_at:
            return replace(state, callers=(*state.callers, player))
        # pressed before the first caller but reported later (buttons report on release):
        # this player called first, and the clock stopped at their press
        clock = state.clock
        if clock.started_at is not None:
            clock = replace(clock, stopped_at=max(t, clock.started_at))
        return replace(state, callers=(player, *state.callers), called_at=t, clock=clock)
    return state


def _adjust(state: JutakuState, steps: int) -> JutakuState:
    if state.current_caller is None:
        return state
    opts = state.options
    if opts.plot_values:
        values = sorted(set(opts.plot_values))
        here = min(range(len(values)), key=lambda i: abs(values[i] - state.entry))
        return replace(state, entry=values[max(0, min(len(values) - 1, here + steps))])
    value = state.entry + steps * opts.value_step
    return replace(state, entry=max(0, min(value, opts.value_max)))


def _judge(state: JutakuState, good: bool, t: float) -> JutakuState:
    player = state.current_caller
    assert player is not None
    good = good and state.entry > 0
    verdicts = (*state.verdicts, Verdict(player, good, state.entry if good else 0))
    state = replace(state, verdicts=verdicts, entry=_first_value(state.options))
    if len(verdicts) < len(state.callers):
        return state
    return _resolve(state, t)


def _resolve(state: JutakuState, t: float) -> JutakuState:
    goods = tuple(v for v in state.verdicts if v.good)
    records = list(state.records)
    for v in state.verdicts:
        if not v.good:
            records[v.player] = replace(
                records[v.player], false_calls=records[v.player].false_calls + 1
            )
    cleared = replace(state, called_at=None, callers=(), verdicts=())
    if not goods:
        return replace(
            cleared, records=tuple(records), phase="building", clock=state.clock.start(t)
        )
    winners = {v.player for v in goods}
    for v in goods:
        records[v.player] = replace(records[v.player], plots=(*records[v.player].plots, v.value))
    for p, rec in enumerate(records):
        kept = rec.blue_kept + (1 if rec.blue_active and p in winners else 0)
        records[p] = replace(rec, blue_active=False, blue_kept=kept)
    state = replace(cleared, records=tuple(records), last_completed=goods)
    if any(len(r.plots) >= state.options.plots_to_end for r in records):
        return replace(state, phase="over")
    order = move_order(state, goods)
    steps: list[Step] = []
    if state.options.bottle_bonus and len(state.seats) > 1:
        steps += [Step("drinks", p) for p in order if p in winners]
    steps += [Step("move" if p in winners else "stay_or_move", p) for p in order]
    return replace(state, phase="moving", steps=tuple(steps), step=0)


def move_order(state: JutakuState, goods: Sequence[Verdict]) -> tuple[int, ...]:
    """The successful builder with most yen first (ruling above), then every seat clockwise
    from that player."""
    n = len(state.seats)
    if not goods:
        return tuple(range(n))
    call_pos = {v.player: i for i, v in enumerate(goods)}
    value = {v.player: v.value for v in goods}
    first = min(call_pos, key=lambda p: (-state.records[p].total, -value[p], call_pos[p]))
    return tuple((first + k) % n for k in range(n))


def _spend(state: JutakuState, player: int, drink: str) -> JutakuState:
    rec = state.records[player]
    if drink not in rec.drinks:
        return state
    if drink == "blue" and (state.phase != "ready" or rec.blue_active):
        return state
    held = list(rec.drinks)
    held.remove(drink)
    return _set_record(
        state,
        player,
        replace(rec, drinks=tuple(held), blue_active=rec.blue_active or drink == "blue"),
    )


def totals(state: JutakuState) -> tuple[int, ...]:
    return tuple(r.total for r in state.records)


def winners(state: JutakuState) -> tuple[int, ...]:
    """Every player with the most yen (a tie is a shared win)."""
    scores = totals(state)
    best = max(scores)
    return tuple(p for p, s in enumerate(scores) if s == best)


def standings(state: JutakuState) -> tuple[int, ...]:
    """Rank of each seat (1 = most yen; equal totals share a rank)."""
    return ranks(totals(state))


def cues(state: JutakuState, prev: float, now: float) -> list[Cue]:
    """Sounds due in (prev, now]: round start or resume, the «¡alto!» stop, and with a time
    limit the beeps at 10 s and 5..1 s and the buzzer. `state` is the state at `now`."""
    out: list[Cue] = []
    start = state.clock.started_at
    if state.round and start is not None and prev < start <= now:
        out.append(Cue("start" if state.clock.accumulated == 0 else "resume", start))
    if state.called_at is not None and prev < state.called_at <= now:
        out.append(Cue("stop", state.called_at))
    if state.round and state.options.round_limit is not None:
        out += countdown_cues(state.clock, state.options.round_limit, prev, now)
    return sorted(out, key=lambda c: c.at)


def next_due(state: JutakuState, now: float) -> float | None:
    """When the next time-limit cue is due (monotonic), for a loop to wake up on time."""
    limit = state.options.round_limit
    if state.phase != "building" or limit is None:
        return None
    return next_cue_at(state.clock, limit, now)
