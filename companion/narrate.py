"""Train-phase steps and end-of-game results as sentences, for the terminal and the screen."""

from __future__ import annotations

import re

from companion.colors import color_name, drink_name
from companion.i18n import _
from companion.metro.board import BoardMap, Square
from companion.metro.endgame import EndGameResult
from companion.metro.solo import SoloNews
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step
from companion.metro.vehicles import VehicleId
from companion.money import yen
from companion.names import Names


def station_name(board: BoardMap, station_id: str) -> str:
    station = board.stations.get(station_id)
    return station.name if station else station_id


def stop_name(board: BoardMap, stop_id: str) -> str:
    """A stop as players read it: its station's name and the stop number ("Ginza (G9)")."""
    station = board.station_of(stop_id) if board.has_stop(stop_id) else None
    return f"{station.name} ({stop_id})" if station is not None else stop_id


def stations_at(board: BoardMap, square: Square) -> list[str]:
    """The names of the stations a square touches, in the board's order."""
    names = (board.station_of(sid) for sid in board.stops_touching_square(square))
    return list(dict.fromkeys(st.name for st in names if st is not None))


def place_name(board: BoardMap, square: Square) -> str:
    """A square named as players see it: "next to Ginza", "next to Ginza and Kyobashi"; a
    square that touches no station by column and row as counted on the board (from 1)."""
    names = stations_at(board, square)
    if not names:
        return _("the square in column {col}, row {row}").format(
            col=square[0] + 1, row=square[1] + 1
        )
    if len(names) == 1:
        return _("next to {station}").format(station=names[0])
    return _("next to {stations} and {last}").format(stations=", ".join(names[:-1]), last=names[-1])


def square_name(board: BoardMap, square: Square) -> str:
    """`place_name` as a noun: "the square next to Ginza" (a rule's refusal names it so)."""
    if not stations_at(board, square):
        return place_name(board, square)
    return _("the square {place}").format(place=place_name(board, square))


def vehicle_label(vehicle: VehicleId, board: BoardMap) -> str:
    """`G` for a line's one train; `P #2` on a line with two vehicles (Osaka's trams, buses)."""
    if board.variant.vehicles(vehicle.line) > 1:
        return f"{vehicle.line} #{vehicle.number}"
    return vehicle.line


def twin_title(vehicle: VehicleId, board: BoardMap) -> str | None:
    """`New Tram P #1`, `Bus B #2`: one of an Osaka pair by its line's name; None for a line's
    one train."""
    if board.variant.vehicles(vehicle.line) < 2:
        return None
    return f"{board.lines[vehicle.line].name} {vehicle_label(vehicle, board)}"


def then(first: str, more: str) -> str:
    """Two parts of one sentence, the second after a semicolon, spaced as the language
    writes it (French puts a no-break space before it)."""
    return _("{first}; {more}").format(first=first, more=more)


def labelled(label: str, text: str) -> str:
    """A text after its label and a colon, spaced as the language writes it."""
    return _("{label}: {text}").format(label=label, text=text)


def drink_bonus_text(amount: int, drink: str | None) -> str:
    """METRO DRINKS: the bonus named on its own ("drink bonus +¥100 (blue)")."""
    text = _("drink bonus +{drinks}").format(drinks=yen(amount))
    return f"{text} ({drink_name(drink)})" if drink else text


def describe_solo(news: SoloNews) -> str:
    """The solo game's score against the best on its map and card set."""
    if news.best_before is None:
        return _("Solo score: {total} (the first on this map with these cards)").format(
            total=yen(news.total)
        )
    if news.new_best:
        return _("New best: {total}, was {best}").format(
            total=yen(news.total), best=yen(news.best_before)
        )
    return _("Solo score: {total}; best {best}").format(
        total=yen(news.total), best=yen(news.best_before)
    )


def describe_step(step: Step, board: BoardMap, names: Names = color_name) -> str:
    match step:
        case Departed(vehicle, stop, moves):
            line = vehicle_label(vehicle, board)
            return _("Line {line} departs from {stop}: {moves} stops").format(
                line=line, stop=stop_name(board, stop), moves=moves
            )
        case Moved(vehicle, from_stop, to_stop, _direction, _move, turned):
            line = vehicle_label(vehicle, board)
            text = _("Line {line}: {a} → {b}").format(line=line, a=from_stop, b=to_stop)
            return f"{text} ({_('turns at the terminus')})" if turned else text
        case Paid(vehicle, stop, station, owner, owner_gain, line_gain, drinks, drink):
            line = vehicle.line
            where = station_name(board, station)
            if owner_gain:
                text = _(
                    "{owner} takes {gain} from the bank at {station} ({stop}); line {line} +{lg}"
                )
            else:
                text = _("{station} ({stop}) belongs to {owner}, a shareholder: line {line} +{lg}")
            text = text.format(
                owner=names(owner),
                gain=yen(owner_gain),
                station=where,
                stop=stop,
                line=line,
                lg=yen(line_gain),
            )
            if drinks:
                text = then(text, drink_bonus_text(drinks, drink))
            twin = twin_title(vehicle, board)
            return text if twin is None else labelled(twin, text)
        case Offered(player, vehicle, stop, action, accepted):
            line = vehicle_label(vehicle, board)
            if action == "board":
                text = _("{player} may board line {line} at {stop}")
            else:
                text = _("{player} may leave line {line} at {stop}")
            answer = _("yes") if accepted else _("no")
            where = stop_name(board, stop)
            return labelled(text.format(player=names(player), line=line, stop=where), answer)
        case Boarded(player, vehicle, stop, fee):
            line = vehicle_label(vehicle, board)
            text = _("{player} boards line {line} at {stop}").format(
                player=names(player), line=line, stop=stop_name(board, stop)
            )
            if fee:
                text += " " + _("(pays {fee}; line +{fee})").format(fee=yen(fee))
            return text
        case Left(player, vehicle, stop, square, forced):
            line = vehicle_label(vehicle, board)
            text = _("{player} leaves line {line} at {stop}: {place}").format(
                player=names(player),
                line=line,
                stop=stop_name(board, stop),
                place=place_name(board, square),
            )
            return f"{text} ({_('the train left the map')})" if forced else text
        case Removed(vehicle, stop, lost):
            line = vehicle_label(vehicle, board)
            return _(
                "The train of line {line} is back at {stop} with no share held: "
                "it leaves the map ({lost} moves lost)"
            ).format(line=line, stop=stop_name(board, stop), lost=lost)
    raise TypeError(step)


def describe_end_game(result: EndGameResult, names: Names = color_name) -> list[str]:
    lines: list[str] = []
    for lp in result.lines:
        parts = []
        for s in lp.speculations:
            parts.append(
                _("{player} speculated {stake}: paid {paid}").format(
                    player=names(s.player), stake=yen(s.stake), paid=yen(s.paid)
                )
                + (" " + _("(holds a share too: ¥0)") if s.violation else "")
            )
        for sh in lp.shares:
            parts.append(
                _("share #{n} {player}: {paid}").format(
                    n=sh.share, player=names(sh.player), paid=yen(sh.paid)
                )
                + (" " + _("(speculated too: ¥0)") if sh.violation else "")
            )
        if parts:
            joined = parts[0]
            for part in parts[1:]:
                joined = then(joined, part)
            lines.append(labelled(f"{lp.line} {yen(lp.value)}", joined))
    for pr in result.players:
        if pr.drink_income:
            lines.append(
                _("{player}: drink income {amount} (fees {fees}, bonuses {bonus})").format(
                    player=names(pr.color),
                    amount=yen(pr.drink_income),
                    fees=yen(pr.drink_fees),
                    bonus=yen(pr.drink_bonus),
                )
            )
        if pr.set_aside:
            lines.append(
                _("{player}: {amount} set aside by Sell").format(
                    player=names(pr.color), amount=yen(pr.set_aside)
                )
            )
    for i, color in enumerate(result.ranking, start=1):
        pr = next(p for p in result.players if p.color == color)
        total = yen(pr.total) if pr.total is not None else yen(pr.earnings)
        lines.append(f"{i}. {names(color)} {total}")
    lines.extend(tie_notes(result, names))
    return lines


def _ranked_total(result: EndGameResult, color: str) -> int:
    pr = next(p for p in result.players if p.color == color)
    every_cash_known = all(p.total is not None for p in result.players)
    return pr.total if every_cash_known and pr.total is not None else pr.earnings


def tie_notes(result: EndGameResult, names: Names = color_name) -> list[str]:
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
            players=" = ".join(names(c) for c in group),
            total=yen(_ranked_total(result, group[0])),
            first=names(group[0]),
        )
        for group in groups
        if len(group) > 1
    ]


_PLAYER_KEYS = ("player", "owner", "other")
_MONEY_KEYS = ("extra", "minimum", "cash", "fee")
_MONEY_FIELD = re.compile(r"¥?\{(" + "|".join(_MONEY_KEYS) + r")(?::,)?\}(?:\s?¥)?")
"""A money placeholder as the core's English templates write it ("¥{extra:,}"): the amount is
written by `yen` instead, so a refusal shows money as every screen of the language does."""


def explain(exc: Exception, board: BoardMap | None = None, names: Names = color_name) -> str:
    """A refusal from the rules, in the current language, with player colours named (and,
    given the board, squares and stations named as players see them)."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if template is None or params is None:
        message = getattr(exc, "message", None)
        return message if isinstance(message, str) and message else str(exc)
    named = {
        k: names(v) if k in _PLAYER_KEYS else drink_name(v) if k == "color" else v
        for k, v in params.items()
    }
    named.update({k: yen(v) for k, v in params.items() if k in _MONEY_KEYS and isinstance(v, int)})
    if board is not None:
        if isinstance(square := params.get("square"), list | tuple) and len(square) == 2:
            named["square"] = square_name(board, (int(square[0]), int(square[1])))
        if isinstance(station := params.get("station"), str):
            named["station"] = station_name(board, station)
    try:
        return _MONEY_FIELD.sub(r"{\1}", _(str(template))).format(**named)
    except (KeyError, IndexError, ValueError):
        return _MONEY_FIELD.sub(r"{\1}", str(template)).format(**named)
