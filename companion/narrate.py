"""Train-phase steps and end-of-game results as sentences, for the terminal and the screen."""

from __future__ import annotations

import re

from companion.colors import color_name
from companion.i18n import _
from companion.metro.board import BoardMap
from companion.metro.endgame import EndGameResult
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step
from companion.money import yen


def station_name(board: BoardMap, station_id: str) -> str:
    station = board.stations.get(station_id)
    return station.name if station else station_id


def describe_step(step: Step, board: BoardMap) -> str:
    match step:
        case Departed(vehicle, stop, moves):
            line = vehicle.line
            return _("Line {line} departs from {stop}: {moves} stops").format(
                line=line, stop=stop, moves=moves
            )
        case Moved(vehicle, from_stop, to_stop, _direction, _move, turned):
            line = vehicle.line
            text = _("Line {line}: {a} → {b}").format(line=line, a=from_stop, b=to_stop)
            return f"{text} ({_('turns at the terminus')})" if turned else text
        case Paid(vehicle, stop, station, owner, owner_gain, line_gain, drinks):
            line = vehicle.line
            where = station_name(board, station)
            if owner_gain:
                text = _(
                    "{owner} takes {gain} from the bank at {station} ({stop}); line {line} +{lg}"
                )
            else:
                text = _("{station} ({stop}) belongs to {owner}, a shareholder: line {line} +{lg}")
            text = text.format(
                owner=color_name(owner),
                gain=yen(owner_gain),
                station=where,
                stop=stop,
                line=line,
                lg=yen(line_gain),
            )
            if drinks:
                text += " " + _("(+{drinks} for the drink)").format(drinks=yen(drinks))
            return text
        case Offered(player, vehicle, stop, action, accepted):
            line = vehicle.line
            if action == "board":
                text = _("{player} may board line {line} at {stop}")
            else:
                text = _("{player} may leave line {line} at {stop}")
            answer = _("yes") if accepted else _("no")
            return f"{text.format(player=color_name(player), line=line, stop=stop)}: {answer}"
        case Boarded(player, vehicle, stop, fee):
            line = vehicle.line
            text = _("{player} boards line {line} at {stop}").format(
                player=color_name(player), line=line, stop=stop
            )
            if fee:
                text += " " + _("(pays {fee}; line +{fee})").format(fee=yen(fee))
            return text
        case Left(player, vehicle, stop, square, forced):
            line = vehicle.line
            text = _("{player} leaves line {line} at {stop} onto square {square}").format(
                player=color_name(player), line=line, stop=stop, square=list(square)
            )
            return f"{text} ({_('the train left the map')})" if forced else text
        case Removed(vehicle, stop, lost):
            line = vehicle.line
            return _(
                "The train of line {line} is back at {stop} with no share held: "
                "it leaves the map ({lost} moves lost)"
            ).format(line=line, stop=stop, lost=lost)
    raise TypeError(step)


def describe_end_game(result: EndGameResult) -> list[str]:
    lines: list[str] = []
    for lp in result.lines:
        parts = []
        for s in lp.speculations:
            parts.append(
                _("{player} speculated {stake}: paid {paid}").format(
                    player=color_name(s.player), stake=yen(s.stake), paid=yen(s.paid)
                )
                + (" " + _("(holds a share too: ¥0)") if s.violation else "")
            )
        for sh in lp.shares:
            parts.append(
                _("share #{n} {player}: {paid}").format(
                    n=sh.share, player=color_name(sh.player), paid=yen(sh.paid)
                )
                + (" " + _("(speculated too: ¥0)") if sh.violation else "")
            )
        if parts:
            lines.append(f"{lp.line} {yen(lp.value)}: " + "; ".join(parts))
    for i, color in enumerate(result.ranking, start=1):
        pr = next(p for p in result.players if p.color == color)
        total = yen(pr.total) if pr.total is not None else yen(pr.earnings)
        lines.append(f"{i}. {color_name(color)} {total}")
    lines.extend(tie_notes(result))
    return lines


def _ranked_total(result: EndGameResult, color: str) -> int:
    pr = next(p for p in result.players if p.color == color)
    every_cash_known = all(p.total is not None for p in result.players)
    return pr.total if every_cash_known and pr.total is not None else pr.earnings


def tie_notes(result: EndGameResult) -> list[str]:
    """One sentence per tie in the ranking, saying turn order broke it (ruling 9): "Red and
    Blue tie at ¥4,200: turn order puts Red first"."""
    groups: list[list[str]] = []
    for color in result.ranking:
        if groups and _ranked_total(result, groups[-1][0]) == _ranked_total(result, color):
            groups[-1].append(color)
        else:
            groups.append([color])
    return [
        _("{players} tie at {total}: turn order puts {first} first").format(
            players=" = ".join(color_name(c) for c in group),
            total=yen(_ranked_total(result, group[0])),
            first=color_name(group[0]),
        )
        for group in groups
        if len(group) > 1
    ]


_PLAYER_KEYS = ("player", "owner", "other")
_MONEY_KEYS = ("extra", "minimum", "cash")
_MONEY_FIELD = re.compile(r"¥?\{(" + "|".join(_MONEY_KEYS) + r")(?::,)?\}(?:\s?¥)?")
"""A money placeholder as the core's English templates write it ("¥{extra:,}"): the amount is
written by `yen` instead, so a refusal shows money as every screen of the language does."""


def explain(exc: Exception) -> str:
    """A refusal from the rules, in the current language, with player colours named."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if template is None or params is None:
        message = getattr(exc, "message", None)
        return message if isinstance(message, str) and message else str(exc)
    named = {k: color_name(v) if k in _PLAYER_KEYS else v for k, v in params.items()}
    named.update({k: yen(v) for k, v in params.items() if k in _MONEY_KEYS and isinstance(v, int)})
    try:
        return _MONEY_FIELD.sub(r"{\1}", _(str(template))).format(**named)
    except (KeyError, IndexError, ValueError):
        return _MONEY_FIELD.sub(r"{\1}", str(template)).format(**named)
