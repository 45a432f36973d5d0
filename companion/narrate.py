"""Train-phase steps and end-of-game results as sentences, for the terminal and the screen."""

from __future__ import annotations

from companion.colors import color_name, drink_name
from companion.i18n import _
from companion.metro.board import BoardMap
from companion.metro.endgame import EndGameResult
from companion.metro.solo import SoloNews
from companion.metro.steps import Boarded, Departed, Left, Moved, Offered, Paid, Removed, Step
from companion.metro.vehicles import VehicleId
from companion.money import yen


def station_name(board: BoardMap, station_id: str) -> str:
    station = board.stations.get(station_id)
    return station.name if station else station_id


def vehicle_label(vehicle: VehicleId, board: BoardMap) -> str:
    """`G` for a line's one train; `P #2` on a line with two vehicles (Osaka's trams, buses)."""
    if board.variant.vehicles(vehicle.line) > 1:
        return f"{vehicle.line} #{vehicle.number}"
    return vehicle.line


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


def describe_step(step: Step, board: BoardMap) -> str:
    match step:
        case Departed(vehicle, stop, moves):
            line = vehicle_label(vehicle, board)
            return _("Line {line} departs from {stop}: {moves} stops").format(
                line=line, stop=stop, moves=moves
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
                owner=color_name(owner),
                gain=yen(owner_gain),
                station=where,
                stop=stop,
                line=line,
                lg=yen(line_gain),
            )
            if drinks:
                text += "; " + drink_bonus_text(drinks, drink)
            return text
        case Offered(player, vehicle, stop, action, accepted):
            line = vehicle_label(vehicle, board)
            if action == "board":
                text = _("{player} may board line {line} at {stop}")
            else:
                text = _("{player} may leave line {line} at {stop}")
            answer = _("yes") if accepted else _("no")
            return f"{text.format(player=color_name(player), line=line, stop=stop)}: {answer}"
        case Boarded(player, vehicle, stop, fee):
            line = vehicle_label(vehicle, board)
            text = _("{player} boards line {line} at {stop}").format(
                player=color_name(player), line=line, stop=stop
            )
            if fee:
                text += " " + _("(pays {fee}; line +{fee})").format(fee=yen(fee))
            return text
        case Left(player, vehicle, stop, square, forced):
            line = vehicle_label(vehicle, board)
            text = _("{player} leaves line {line} at {stop} onto square {square}").format(
                player=color_name(player), line=line, stop=stop, square=list(square)
            )
            return f"{text} ({_('the train left the map')})" if forced else text
        case Removed(vehicle, stop, lost):
            line = vehicle_label(vehicle, board)
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
    for pr in result.players:
        if pr.drink_income:
            lines.append(
                _("{player}: drink income {amount} (fees {fees}, bonuses {bonus})").format(
                    player=color_name(pr.color),
                    amount=yen(pr.drink_income),
                    fees=yen(pr.drink_fees),
                    bonus=yen(pr.drink_bonus),
                )
            )
        if pr.set_aside:
            lines.append(
                _("{player}: {amount} set aside by Sell").format(
                    player=color_name(pr.color), amount=yen(pr.set_aside)
                )
            )
    for i, color in enumerate(result.ranking, start=1):
        pr = next(p for p in result.players if p.color == color)
        total = yen(pr.total) if pr.total is not None else yen(pr.earnings)
        lines.append(f"{i}. {color_name(color)} {total}")
    return lines


_PLAYER_KEYS = ("player", "owner", "other")


def explain(exc: Exception) -> str:
    """A refusal from the rules, in the current language, with player colours named."""
    template = getattr(exc, "template", None)
    params = getattr(exc, "params", None)
    if template is None or params is None:
        message = getattr(exc, "message", None)
        return message if isinstance(message, str) and message else str(exc)
    named = {
        k: color_name(v) if k in _PLAYER_KEYS else drink_name(v) if k == "color" else v
        for k, v in params.items()
    }
    try:
        return _(str(template)).format(**named)
    except (KeyError, IndexError, ValueError):
        return str(template).format(**named)
