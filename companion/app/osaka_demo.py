"""The scripted OSAKA METRO demo (`companion demo --map osaka`): four players on the Osaka map
with the Osaka action cards, played on the real screens as the Tokyo demo is.

Round 1 puts four holders on line M (share #4 included), the trams (P) and buses on the map,
speed on the trams and stations at both tram ends; the first train phase runs both trams and
both buses towards each other. Round 2 has a Sell (Blue's share of M, its price shown before
OK) and an invest-by-disc; in its train phase both trams reach the end stations and pay.
"""

from __future__ import annotations

from companion.app.demo import DemoScript
from companion.metro.events import (
    AssignSpeed,
    BuildStation,
    Event,
    Invest,
    InvestByDisc,
    MoveMeeple,
    Sell,
    share_extra,
)

TRAM_ENDS = ("cosmosquare", "suminoekoen")
"""The stations at the two ends of the tram line P (its small circles between have none)."""


class OsakaDemo(DemoScript):
    MAP = "osaka"
    PLAYERS = 4

    def candidates(self, seat: int, color: str) -> list[Event]:
        s = self.session
        state = s.state
        board = s.rules.board
        r = state.round

        def share(line: str, card: int = 300) -> Invest:
            return Invest(color, line, share_extra(s.rules, state, line) + card)

        out: list[Event] = []
        if r == 1:
            out.append(share("M"))  # all four: a line with four holders
            firsts: list[Event] = [
                share("P"),  # both trams come on, one at each end
                share("B"),  # both buses
                BuildStation(color, TRAM_ENDS[0], 200),
                BuildStation(color, TRAM_ENDS[1], 200),
            ]
            out.append(firsts[seat])
            if seat == 3:
                out.append(AssignSpeed("P", 2))
            first = board.lines[list(board.track_order)[seat + 2]].stops[1].id
            taken = {m.square for m in state.meeples.values()}
            free = sorted(sq for sq in board.squares_for_stop(first) if sq not in taken)
            if free:
                out.append(MoveMeeple(color, free[0]))
        elif r == 2:
            seconds: list[Event] = [
                share("T"),
                Sell(color, "M"),  # Blue's share #2: its price is shown before OK
                InvestByDisc(color, "T"),
                share("Y"),
            ]
            out.append(seconds[seat])
        else:
            lines = list(board.track_order)
            out.append(share(lines[(seat + r) % len(lines)]))
            stations = [sid for sid in board.stations if sid not in state.stations]
            if stations:
                where = stations[(7 * seat + r) % len(stations)]
                out.append(BuildStation(color, where, 100 * len(board.stations[where].stops)))
        return out
