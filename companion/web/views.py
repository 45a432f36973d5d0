"""What the phone page shows, as JSON: pure functions of a `Snapshot` and the app's clock.

Every figure is formatted here with the box's own helpers (`yen`, the narration, the Jutaku and
Countdown views), so the phone shows the same numbers and words as the screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from companion import games, i18n, narrate
from companion.colors import PLAYER_COLORS
from companion.i18n import N_
from companion.jutaku import countdown as C
from companion.jutaku import jutaku as J
from companion.jutaku.views import View, countdown_view, jutaku_view
from companion.metro import MetroState
from companion.metro.fold import after_steps
from companion.metro.steps import Moved, Paid
from companion.money import yen
from companion.names import TableNames
from companion.web.bus import Snapshot

Translate = Callable[[str], str]
JSON = dict[str, Any]

LABELS = {
    "live": N_("Live game"),
    "history": N_("History"),
    "no_game": N_("No game is open on the box."),
    "connected": N_("Live"),
    "reconnecting": N_("Reconnecting…"),
    "round": N_("Round {n}"),
    "track": N_("Income track"),
    "line": N_("Line"),
    "value": N_("Value"),
    "pair": N_("Pair"),
    "shares": N_("Shares"),
    "players": N_("Players"),
    "cash": N_("Cash"),
    "payouts": N_("Last payouts"),
    "train_phase": N_("Train phase"),
    "step": N_("Step {n} of {total}"),
    "waiting": N_("Waiting for an answer on the box"),
    "chart": N_("Line values by round"),
    "download_json": N_("Download this game (JSON)"),
    "download_csv": N_("Download every game (CSV)"),
    "finished": N_("Finished"),
    "playing": N_("Not finished"),
    "no_games": N_("No saved games yet."),
    "ended": N_("The game has ended."),
    "ranking": N_("Final ranking"),
}


def translator(language: str) -> Translate:
    return i18n.translations(language).gettext


def labels(tr: Translate) -> dict[str, str]:
    return {key: tr(msgid) for key, msgid in LABELS.items()}


def title(kind: str, tr: Translate) -> str:
    try:
        return tr(games.game(kind).title)
    except KeyError:
        return kind


def player(color: str, tr: Translate, names: TableNames | None = None) -> JSON:
    """A player as the page shows them: "Ana (Red)" where a name was chosen, else "Red"."""
    r, g, b = PLAYER_COLORS.get(color, (128, 128, 128))
    return {
        "color": color,
        "name": (names or TableNames({}, tr)).label(color),
        "hex": f"#{r:02x}{g:02x}{b:02x}",
    }


def live(snapshot: Snapshot, now: float) -> JSON:
    """The live page's whole content for `snapshot`, with running clocks read at `now`."""
    tr = translator(snapshot.language)
    out: JSON = {
        "kind": snapshot.kind,
        "game_id": snapshot.game_id,
        "title": title(snapshot.kind, tr) if snapshot.kind else "",
        "finished": snapshot.finished,
        "language": snapshot.language,
        "labels": labels(tr),
        "running_clock": False,
        "result": [list(row) for row in snapshot.result],
    }
    state = snapshot.state
    if isinstance(state, MetroState):
        out["metro"] = metro(snapshot, state, tr)
    elif isinstance(state, J.JutakuState):
        out["clock"] = clock_view(jutaku_view(state, now, tr))
        out["running_clock"] = state.clock.running
    elif isinstance(state, C.CountdownState):
        out["clock"] = clock_view(countdown_view(state, now, tr))
        out["running_clock"] = state.clock.running
    return out


def clock_view(view: View) -> JSON:
    """A Jutaku or Countdown screen's view: the big clock and one row per player."""
    rows = []
    for row in view.rows:
        data = asdict(row)
        r, g, b = PLAYER_COLORS.get(row.color, (128, 128, 128))
        data["hex"] = f"#{r:02x}{g:02x}{b:02x}"
        rows.append(data)
    return {
        "title": view.title,
        "clock": view.clock,
        "label": view.clock_label,
        "headline": view.headline,
        "rows": rows,
        "urgent": view.urgent,
        "paused": view.paused,
        "over": view.over,
    }


def metro(snapshot: Snapshot, base: MetroState, tr: Translate) -> JSON:
    rules = snapshot.rules
    assert rules is not None
    board = rules.board
    names = TableNames(snapshot.names, tr)
    frame = snapshot.phase
    state = after_steps(frame.base, frame.steps[: frame.shown]) if frame is not None else base
    lines = []
    for line_id, line in board.lines.items():
        ls = state.lines[line_id]
        larger, smaller = rules.track.pair(ls.value)
        trains = [
            {
                "vehicle": narrate.vehicle_label(vehicle, board),
                "stop": f"{line_id}{train.stop}",
                "name": narrate.stop_name(board, f"{line_id}{train.stop}"),
            }
            for vehicle, train in sorted(state.trains.items())
            if vehicle.line == line_id
        ]
        lines.append(
            {
                "letter": line_id,
                "name": line.name,
                "hex": line.color,
                "value": ls.value,
                "value_text": yen(ls.value, tr),
                "pair": [larger, smaller],
                "pair_text": f"{yen(larger, tr)} / {yen(smaller, tr)}",
                "shares": [player(c, tr, names)["name"] for c in ls.shares],
                "trains": trains,
            }
        )
    players = []
    for p in state.players:
        entry = player(p.color, tr, names)
        entry["cash"] = p.cash
        entry["cash_text"] = "" if p.cash is None else yen(p.cash, tr)
        players.append(entry)
    out: JSON = {
        "round": state.round,
        "round_text": tr(LABELS["round"]).format(n=state.round),
        "ended": state.phase == "ended",
        "lines": lines,
        "players": players,
        "payouts": [payout(step, snapshot, tr) for step in snapshot.payouts],
        "history": {k: list(v) for k, v in snapshot.history.items()},
        "phase": None,
    }
    if frame is not None:
        shown = frame.steps[: frame.shown]
        last = next((s for s in reversed(shown) if isinstance(s, Moved)), None)
        out["phase"] = {
            "shown": frame.shown,
            "total": len(frame.steps),
            "step_text": tr(LABELS["step"]).format(n=frame.shown, total=len(frame.steps)),
            "last": narrate.describe_step(shown[-1], board, names.label) if shown else "",
            "moving": None if last is None else narrate.vehicle_label(last.vehicle, board),
            "at": None if last is None else last.to_stop,
            "waiting": frame.pending is not None and frame.shown >= len(frame.steps),
        }
    return out


def payout(step: Paid, snapshot: Snapshot, tr: Translate) -> JSON:
    assert snapshot.rules is not None
    names = TableNames(snapshot.names, tr)
    return {
        "line": step.line,
        "owner": player(step.owner, tr, names),
        "owner_gain": step.owner_gain + step.drinks_gain,
        "line_gain": step.line_gain,
        "text": narrate.describe_step(step, snapshot.rules.board, names.label),
    }
