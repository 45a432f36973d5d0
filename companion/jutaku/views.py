"""Screen models: what the Jutaku and Countdown screens show, as plain data.

`jutaku_view(state, now, tr)` and `countdown_view(state, now, tr)` are pure; the pygame
screens only lay the result out. `tr` translates a message id (pass `companion.i18n._`); the
default leaves the English source. Every player row carries the colour key, its translated
name and letter, so a screen never shows colour alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.colors import letter_of
from companion.i18n import N_
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.clock import format_seconds
from companion.jutaku.players import Seat
from companion.money import yen

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


COLOR_NAMES = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "green": N_("Green"),
    "yellow": N_("Yellow"),
    "black": N_("Black"),
    "white": N_("White"),
    "purple": N_("Purple"),
    "orange": N_("Orange"),
}

DRINK_POWERS = (
    ("black", N_("Black"), N_("Before building: flip your plot card without looking at its back.")),
    ("white", N_("White"), N_("Before the round: place 1 piece on your plot.")),
    ("mint", N_("Mint"), N_("During the round: shout «give it back!»: the others return a piece.")),
    ("blue", N_("Blue"), N_("Before a round: if you win it, keep it for +¥200 at the end.")),
    ("red", N_("Red"), N_("This round: place 2 pieces at once.")),
    ("purple", N_("Purple"), N_("Move phase: go to any free plot on the map.")),
)
"""BOTTLE BONUS: each drink colour's one-use power, from the rulebook."""


@dataclass(frozen=True)
class Row:
    seat: int
    key: str
    """The keyboard key of this player's button ("1".."8")."""
    name: str
    architect: str
    color: str
    color_name: str
    letter: str
    main: str
    """The big figure of the row: yen total (Jutaku) or pieces on this floor (Countdown)."""
    detail: str
    status: str
    brief: str = ""
    """The detail in a few signs, for a row with no room for it in words ("1/4": plots
    built of those that end the game); "" where there is none."""
    highlight: bool = False
    dimmed: bool = False
    tone: str = "info"
    """What the status means, so each meaning has its one colour: "good" (a good building, a
    win), "bad" (not good), "warn" (no piece yet), "out" (eliminated), "info" (anything else)."""


@dataclass(frozen=True)
class View:
    title: str
    clock: str
    clock_label: str
    headline: str
    rows: tuple[Row, ...]
    hints: tuple[str, ...] = ()
    entry: str = ""
    """The yen value being entered (Jutaku checks)."""
    urgent: bool = False
    paused: bool = False
    over: bool = False
    checklist: tuple[tuple[str, str, str], ...] = ()
    """BOTTLE BONUS reference: (drink colour key, name, power)."""


def _identity(seat: Seat, index: int, tr: Translate) -> tuple[str, str, str]:
    color_name = tr(COLOR_NAMES.get(seat.color, seat.color))
    return seat.name or seat.architect or color_name, color_name, letter_of(seat.color, tr)


def _letters(seats: tuple[Seat, ...], tr: Translate) -> list[str]:
    """The swatch letters: the colours' marks of every game (`companion.colors`)."""
    return [letter_of(s.color, tr) for s in seats]


Placing = tuple[int, str, str]
"""(rank, player, figure): one line of a final ranking, e.g. (1, "Red", "¥42,000")."""


def standings_text(placings: Sequence[Placing]) -> str:
    """Placings in one line, as history lists them: 1. Red ¥42,000 · 2. Blue ¥30,000."""
    return " · ".join(f"{rank}. {name} {figure}" for rank, name, figure in placings)


def _ranked(placings: list[Placing]) -> tuple[Placing, ...]:
    return tuple(sorted(placings, key=lambda p: p[0]))


def _ranked_name(seat: Seat, tr: Translate) -> str:
    """A final ranking's player: the roster name chosen at setup, else the colour's name."""
    return seat.name or tr(COLOR_NAMES.get(seat.color, seat.color))


def jutaku_result(state: J.JutakuState, tr: Translate = _same) -> tuple[Placing, ...]:
    standings = J.standings(state)
    return _ranked(
        [
            (standings[i], _ranked_name(seat, tr), yen(rec.total, tr))
            for i, (seat, rec) in enumerate(zip(state.seats, state.records, strict=True))
        ]
    )


def countdown_result(state: C.CountdownState, tr: Translate = _same) -> tuple[Placing, ...]:
    standings, scores = C.standings(state), C.scores(state)
    return _ranked(
        [
            (standings[i], _ranked_name(seat, tr), str(scores[i]))
            for i, seat in enumerate(state.seats)
        ]
    )


def _who(state_seats: tuple[Seat, ...], player: int, tr: Translate) -> str:
    return _identity(state_seats[player], player, tr)[0]


def seat_name(seats: tuple[Seat, ...], player: int, tr: Translate = _same) -> str:
    """What a player is called: their name, else their architect's, else their colour's."""
    return _who(seats, player, tr)


def jutaku_view(state: J.JutakuState, now: float, tr: Translate = _same) -> View:
    opts = state.options
    limit = opts.round_limit
    counting_down = limit is not None
    shown = J.elapsed(state, now)
    if limit is not None:
        shown = max(0.0, limit - shown)
    clock = format_seconds(shown, countdown=counting_down)
    upcoming = state.phase == "ready"
    label = tr(N_("Round {n}")).format(n=state.round + 1 if upcoming else max(1, state.round))
    urgent = limit is not None and state.phase == "building" and shown <= 10.0
    caller = state.current_caller
    step = state.steps[state.step] if state.phase == "moving" and state.steps else None
    standings = J.standings(state)
    winners = set(J.winners(state)) if state.phase == "over" else set()
    completed = {v.player: v.value for v in state.last_completed}

    rows = []
    letters = _letters(state.seats, tr)
    for i, seat in enumerate(state.seats):
        rec = state.records[i]
        name, color_name, _letter = _identity(seat, i, tr)
        letter = letters[i]
        plots = len(rec.plots)
        detail = tr(N_("{n} of {total} plots")).format(n=plots, total=opts.plots_to_end)
        if rec.blue_kept:
            detail += " · " + tr(N_("{n} blue")).format(n=rec.blue_kept)
        status, tone = "", "info"
        if state.phase == "checking" and i in state.callers:
            order = state.callers.index(i)
            if order < len(state.verdicts):
                v = state.verdicts[order]
                status = tr(N_("good")) if v.good else tr(N_("not good"))
                tone = "good" if v.good else "bad"
            else:
                status = tr(N_("«¡alto!» #{n}")).format(n=order + 1)
        elif state.phase == "over":
            status = (
                tr(N_("wins!")) if i in winners else tr(N_("#{rank}")).format(rank=standings[i])
            )
            tone = "good" if i in winners else "info"
        elif step is not None and step.player == i:
            status = tr(N_("now"))
        elif state.phase == "moving" and i in completed:
            status = tr(N_("+{value}")).format(value=yen(completed[i], tr))
            tone = "good"
        if rec.drinks and opts.bottle_bonus:
            detail += " · " + ", ".join(tr(_drink_name(d)) for d in rec.drinks)
        if rec.blue_active:
            status = (status + " " if status else "") + tr(N_("(blue drink)"))
        rows.append(
            Row(
                seat=i,
                key=str(i + 1),
                name=name,
                architect=seat.architect,
                color=seat.color,
                color_name=color_name,
                letter=letter,
                main=yen(rec.total, tr),
                detail=detail,
                status=status,
                brief=f"{plots}/{opts.plots_to_end}",
                highlight=i == caller or i in winners or (step is not None and step.player == i),
                tone=tone,
            )
        )

    hints: tuple[str, ...] = ()
    entry = ""
    if state.phase == "ready":
        headline = tr(N_("Press OK and shout «¡Empezad!»"))
        hints = (tr(N_("OK: start the round")),)
        if state.round:
            hints += (tr(N_("Up: undo the last verdict")),)
    elif state.phase == "building":
        headline = tr(N_("Build! Press your button to call «¡alto!»"))
        hints = (tr(N_("OK: pause")),)
    elif state.phase == "paused":
        headline = tr(N_("Paused"))
        hints = (tr(N_("OK: resume")),)
    elif state.phase == "checking" and caller is not None:
        headline = tr(N_("«¡Alto!» Check {name}'s building")).format(
            name=_who(state.seats, caller, tr)
        )
        entry = yen(state.entry, tr)
        hints = (
            tr(N_("Up/down: plot value")),
            tr(N_("OK: good, keep the plot")),
            tr(N_("Left: not good, keep building")),
        )
    elif state.phase == "moving" and step is not None:
        name = _who(state.seats, step.player, tr)
        if step.kind == "drinks":
            others = len(state.seats) - 1
            headline = tr(
                N_("{name}: draw {n} drinks, drop them in the machine; the others take up to 1")
            ).format(name=name, n=others)
        elif step.kind == "move":
            headline = tr(N_("{name}: move up to 2 spaces and take the plot there")).format(
                name=name
            )
        else:
            headline = tr(N_("{name}: move up to 2 spaces, or keep your plot")).format(name=name)
        if state.timed_out and state.step == 0:
            headline = tr(N_("Time is up: nobody scores.")) + " " + headline
        hints = (
            tr(N_("OK: next")),
            tr(N_("Return every piece to the centre of the map.")),
            tr(N_("Up: undo the last verdict")),
        )
    else:
        names = ", ".join(_who(state.seats, p, tr) for p in sorted(winners))
        many = len(winners) > 1
        headline = (tr(N_("Shared win: {names}")) if many else tr(N_("{names} wins!"))).format(
            names=names
        )
        hints = (tr(N_("Back: menu")), tr(N_("Up: undo the last verdict")))

    checklist: tuple[tuple[str, str, str], ...] = ()
    if opts.bottle_bonus:
        checklist = tuple((key, tr(name), tr(power)) for key, name, power in DRINK_POWERS)
    return View(
        title=tr(N_("Tokyo Jutaku")),
        clock=clock,
        clock_label=label,
        headline=headline,
        rows=tuple(rows),
        hints=hints,
        entry=entry,
        urgent=urgent,
        paused=state.phase == "paused",
        over=state.phase == "over",
        checklist=checklist,
    )


def _drink_name(drink: str) -> str:
    for key, name, _power in DRINK_POWERS:
        if key == drink:
            return name
    return drink


def countdown_view(state: C.CountdownState, now: float, tr: Translate = _same) -> View:
    upcoming = state.phase in ("ready", "between")
    floor = state.floor + 1 if upcoming else max(1, state.floor)
    left = C.floor_duration(state.options, floor) if upcoming else C.remaining(state, now)
    label = tr(N_("Floor {n} · {seconds} s")).format(
        n=floor, seconds=int(C.floor_duration(state.options, floor))
    )
    scores = C.scores(state)
    standings = C.standings(state)
    running = state.phase == "running"
    if state.phase == "over":
        label = tr(N_("Best score: pieces placed"))
    rows = []
    letters = _letters(state.seats, tr)
    for i, seat in enumerate(state.seats):
        name, color_name, _letter = _identity(seat, i, tr)
        letter = letters[i]
        here = C.floor_count(state, i)
        out = state.out_on[i]
        tone = "info"
        if state.phase == "over":
            status = tr(N_("#{rank}")).format(rank=standings[i])
            tone = "good" if standings[i] == 1 else "info"
        elif out is not None:
            status = tr(N_("out on floor {n}")).format(n=out)
            tone = "out"
        elif state.phase in ("between", "ready"):
            status = tr(N_("in"))
        else:
            status = tr(N_("no piece yet!")) if here == 0 else ""
            tone = "warn"
        over = state.phase == "over"
        rows.append(
            Row(
                seat=i,
                key=str(i + 1),
                name=name,
                architect=seat.architect,
                color=seat.color,
                color_name=color_name,
                letter=letter,
                main=str(scores[i] if over else here),
                detail=tr(N_("out on floor {n}")).format(n=out)
                if over and out is not None
                else tr(N_("total {n}")).format(n=scores[i]),
                status=status,
                highlight=(running and out is None and here == 0) or (over and standings[i] == 1),
                dimmed=out is not None and not over,
                tone=tone,
            )
        )
    hints: tuple[str, ...] = ()
    if state.phase == "ready":
        headline = tr(N_("Floor {n}: press OK to start")).format(n=1)
        hints = (tr(N_("OK: start")),)
    elif state.phase == "running":
        headline = tr(N_("Place pieces! Tap your button for each one"))
        hints = (tr(N_("Hold your button: take one back")), tr(N_("OK: pause")))
    elif state.phase == "paused":
        headline = tr(N_("Paused"))
        hints = (tr(N_("OK: resume")),)
    elif state.phase == "closing":
        headline = tr(N_("Time!"))
    elif state.phase == "between":
        headline = tr(N_("Floor {n}: press OK to start")).format(n=state.floor + 1)
        hints = (tr(N_("OK: start")),)
    else:
        best = [i for i, r in enumerate(standings) if r == 1]
        names = ", ".join(_who(state.seats, p, tr) for p in best)
        headline = tr(N_("Shared win: {names}")) if len(best) > 1 else tr(N_("{names} wins!"))
        headline = headline.format(names=names)
        hints = (tr(N_("Back: menu")),)
    return View(
        title=tr(N_("Countdown")),
        clock=str(max(scores, default=0))
        if state.phase == "over"
        else format_seconds(left, countdown=True),
        clock_label=label,
        headline=headline,
        rows=tuple(rows),
        hints=hints,
        urgent=running and left <= 10.0,
        paused=state.phase == "paused",
        over=state.phase == "over",
    )
