"""What the box says aloud, in the current language: pure sentences, numbers read as words.

The screen's sentences (`companion.narrate`) carry marks a voice reads badly ("¥200", "(G3)",
"P #2"), so these are shorter ones made for the ear, built from the same steps, prompts and
cues, with the same names (`narrate.vehicle_label`'s line, `colors.color_name`'s players).
Each returns None for a moment that is not announced.
"""

from __future__ import annotations

from companion.colors import color_name
from companion.i18n import _, language
from companion.jutaku.clock import Cue
from companion.metro.board import BoardMap
from companion.metro.endgame import EndGameResult
from companion.metro.steps import Departed, Paid, Removed, Step
from companion.metro.trains import Prompt
from companion.metro.vehicles import VehicleId
from companion.names import Names
from companion.voice.numbers import number_words

LAST_SECONDS = 5
"""The countdown says each of its last seconds from this one down."""


def words(n: int, before_noun: bool = False) -> str:
    return number_words(n, language(), before_noun)


def spoken_yen(amount: int) -> str:
    """ "doscientos yenes", "deux cents yens", "two hundred yen"."""
    return _("{amount} yen").format(amount=words(amount, before_noun=True))


def spoken_vehicle(vehicle: VehicleId, board: BoardMap) -> str:
    """The line's letter; a line with two vehicles (Osaka's trams, buses) adds the number."""
    if board.variant.vehicles(vehicle.line) > 1:
        return f"{vehicle.line} {words(vehicle.number)}"
    return vehicle.line


def step_phrase(step: Step, board: BoardMap, names: Names = color_name) -> str | None:
    """A departure, a payout, a train leaving the map; the other steps are only shown."""
    match step:
        case Departed(vehicle, _stop, moves):
            line = spoken_vehicle(vehicle, board)
            if moves == 1:
                return _("Train {line} leaves with one stop").format(line=line)
            return _("Train {line} leaves with {moves} stops").format(
                line=line, moves=words(moves, before_noun=True)
            )
        case Paid(vehicle, _stop, _station, owner, owner_gain, line_gain, drinks, _drink):
            player = names(owner)
            if owner_gain:
                return _("Line {line}: {player} gets {amount}").format(
                    line=vehicle.line, player=player, amount=spoken_yen(owner_gain + drinks)
                )
            text = _("Line {line}: {player}'s station, the line gains {amount}").format(
                line=vehicle.line, player=player, amount=spoken_yen(line_gain)
            )
            if drinks:
                text += ". " + _("{player} gets {amount}").format(
                    player=player, amount=spoken_yen(drinks)
                )
            return text
        case Removed(vehicle, _stop, _lost):
            return _("Train {line} leaves the map").format(line=spoken_vehicle(vehicle, board))
    return None


def prompt_phrase(prompt: Prompt, board: BoardMap, names: Names = color_name) -> str:
    """The question a player answers with their button."""
    line = spoken_vehicle(prompt.vehicle, board)
    if prompt.action == "board":
        text = _("{player}: board line {line}?")
    else:
        text = _("{player}: get off line {line}?")
    return text.format(player=names(prompt.player), line=line)


def winner_phrase(result: EndGameResult, names: Names = color_name) -> str | None:
    """The Metro game's winner and total, as the ranking puts them first."""
    if not result.ranking:
        return None
    first = next(p for p in result.players if p.color == result.ranking[0])
    total = first.total if first.total is not None else first.earnings
    return _("{player} wins with {amount}").format(
        player=names(first.color), amount=spoken_yen(total)
    )


def cue_phrase(cue: Cue, caller: str | None = None, floor: int | None = None) -> str | None:
    """A Jutaku or Countdown clock moment: «¡alto!» with the caller's name, the start (of a
    Countdown floor, given `floor`), the last seconds, the buzzer."""
    match cue.kind:
        case "stop":
            return _("Stop! {name}").format(name=caller) if caller else _("Stop!")
        case "start" if floor is not None:
            return _("Floor {n}: go!").format(n=words(floor))
        case "start":
            return _("Build!")
        case "resume":
            return _("Go on!")
        case "pause":
            return _("Paused")
        case "buzzer":
            return _("Time!")
        case "beep" if cue.remaining is not None and cue.remaining <= LAST_SECONDS:
            return words(cue.remaining)
        case "beep" if cue.remaining is not None:
            return _("{n} seconds").format(n=words(cue.remaining, before_noun=True))
    return None


def verdict_phrase(name: str, good: bool) -> str:
    """A Jutaku building checked after «¡alto!»."""
    if good:
        return _("{name}: good building").format(name=name)
    return _("{name}: not good, keep building").format(name=name)
