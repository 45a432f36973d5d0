"""The income track table drawn for the home screen: the round and phase, the players' cash, and
one row per line (value, larger/smaller pair, shares with a box for each share card left,
its 1-4 disc spaces two by two, speed, speculations, train: both vehicles of an Osaka pair).

Everything is in the reading size or larger. Columns are as wide as what they hold; when the
row does not fit the screen the speed joins the train column, then the line names go (the badge
keeps the letter and colour), then speculations past two, then the train, then the disc
spaces, then the pair; when the lines do not fit the height the rows scroll with the cursor
(arrows say so).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from companion.colors import RGB, color_letter, rgb
from companion.i18n import N_, _
from companion.metro.events import MetroRules
from companion.metro.state import MetroState
from companion.names import NOBODY, TableNames
from companion.ui import kit as c

PHASE_NAMES = {"action": N_("Action phase"), "train": N_("Train phase"), "ended": N_("Game over")}
HEADERS = {
    "badge": "",
    "name": N_("Line"),
    "value": N_("Value"),
    "pair": N_("Larger / smaller"),
    "shares": N_("Shares"),
    "discs": "",
    "speed": N_("Speed"),
    "specs": N_("Speculations"),
    "train": N_("Train"),
}
SPECS_SHOWN = 2
"""Speculations a row shows when all of them would push other columns off the screen."""
SHORT = {"pair": N_("Lg / sm"), "shares": N_("Shr."), "specs": N_("Specul.")}
"""Headers for a column too narrow for the whole word."""
DROPPED = {"name": "line names", "pair": "pairs", "train": "trains", "discs": "disc spaces"}
"""The columns a row too wide loses, as the text recorder names them (`textlog.left_out`)."""
STRIPE = (28, 31, 40)
EMPTY_SLOT = (70, 74, 86)
SPEED_DISC = (235, 235, 235)
SPEED_GAP = 4
"""Pixels between a train's arrow and its speed ("+2") when the speed joins the train."""


@dataclass(frozen=True)
class Layout:
    """Where the rows are: `top` of the first shown row, `row_h`, the first line shown and how
    many fit."""

    top: int
    row_h: int
    first: int
    rows: int
    head: int


def _chip_w(fnt: pygame.font.Font, label: str, h: int) -> int:
    return max(h, fnt.size(label)[0] + h // 2)


def _player_lines(
    fnt: pygame.font.Font, state: MetroState, names: TableNames, width: int, gap: int
) -> int:
    """How many lines the players' cash takes at `width`."""
    lines, x = 1, 0
    for item in _cash_items(state, names):
        need = _chip_w(fnt, item[1], fnt.get_linesize()) + 6 + fnt.size(item[2])[0]
        if x and x + need > width:
            lines, x = lines + 1, 0
        x += need + gap
    return lines


def _cash_items(state: MetroState, names: TableNames) -> list[tuple[str, str, str]]:
    """Per player: colour, chip letter, and what follows the chip: the name chosen and the
    cash; without a name, the cash (the colour's name when cash is not kept)."""
    out = []
    for p in state.players:
        if p.cash is None:
            info = names.short(p.color)
        elif names.named(p.color):
            info = f"{names.short(p.color)} {c.yen(p.cash)}"
        else:
            info = c.yen(p.cash)
        if p.loans:
            info += " · " + _("{n} loan(s)").format(n=p.loans)
        out.append((p.color, color_letter(p.color), info))
    return out


def layout(
    size: tuple[int, int],
    theme: Any,
    state: MetroState,
    lines: int,
    cursor: int,
    names: TableNames = NOBODY,
) -> Layout:
    w, h = size
    m = theme.margin
    medium, fnt = c.font(theme, "medium"), c.font(theme, "read")
    players = _player_lines(fnt, state, names, w - 2 * m, 3 * m)
    head = m + medium.get_linesize() + 2 + players * fnt.get_linesize()
    top = head + fnt.get_linesize()
    avail = h - top - c.hint_height(theme) - m // 2
    row_h = max(fnt.get_linesize() - 3, min(avail // lines, c.font(theme, "big").get_linesize()))
    rows = max(1, min(lines, avail // row_h))
    first = min(max(0, cursor - rows // 2), lines - rows)
    return Layout(top, row_h, first, rows, head)


def _widths(
    fnt: pygame.font.Font, rules: MetroRules, state: MetroState, cell_h: int, room: int, gap: int
) -> tuple[dict[str, int], int | None]:
    """Each column's width: what it holds, and its header if there is room. A row too wide
    for the screen loses, in this order: the speed column (it joins the train's), the line
    names, the speculations past the first two (a "+1" says how many), the train (its piece
    is on the board), the larger/smaller pair. Also returns how many speculations a row shows
    (None: all)."""
    board = rules.board
    cell = pygame.Rect(0, 0, cell_h, cell_h)
    content = {
        "badge": max(c.badge_rect(fnt, lid, cell).width for lid in board.lines),
        "name": max(fnt.size(line.name)[0] for line in board.lines.values()),
        "value": max(fnt.size(c.yen(ls.value))[0] for ls in state.lines.values()),
        "pair": max(fnt.size(_pair(rules, ls.value))[0] for ls in state.lines.values()),
        "shares": max(
            _shares_w(fnt, board.lines[lid].shares, ls.shares, cell_h)
            for lid, ls in state.lines.items()
        ),
        "speed": fnt.size("+9")[0],
        "specs": max(_specs_w(fnt, ls.speculations, cell_h) for ls in state.lines.values()),
        "discs": _discs_w(rules, cell_h),
        "train": fnt.size("M99")[0]
        + _arrow_w(cell_h)
        + (fnt.size("99")[0] + _arrow_w(cell_h)) * (_most_vehicles(state) - 1),
    }
    keys = [k for k in HEADERS if k != "specs" or content["specs"]]  # none yet: no column
    most: int | None = None
    for drop in ("speed", "name", "specs", "train", "discs", "pair"):
        if sum(content[k] for k in keys) + gap * (len(keys) - 1) <= room:
            break
        if drop == "specs":
            if "specs" not in keys:
                continue
            most = SPECS_SHOWN
            hidden = any(len(ls.speculations) > most for ls in state.lines.values())
            content["specs"] = max(
                _specs_w(fnt, ls.speculations[:most], cell_h) for ls in state.lines.values()
            ) + (fnt.size("+9")[0] if hidden else 0)
            continue
        keys.remove(drop)
        if drop == "speed":
            content["train"] += SPEED_GAP + content["speed"]
    widths = _spread(fnt, {k: content[k] for k in keys}, room, gap)
    if "speed" in widths and not c.fits_condensed(fnt, _(HEADERS["speed"]), widths["speed"]):
        content["train"] += SPEED_GAP + content["speed"]
        widths = _spread(fnt, {k: content[k] for k in keys if k != "speed"}, room, gap)
    return _headed(fnt, widths), most


def _headed(fnt: pygame.font.Font, widths: dict[str, int]) -> dict[str, int]:
    """`widths`, the line names narrowed (to `CONDENSED` at most) for the columns whose
    header (its short form if it has one) would not be read whole."""
    if "name" not in widths:
        return widths
    need = {
        k: math.ceil(fnt.size(_(SHORT.get(k, HEADERS[k])))[0] * c.CONDENSED) - w
        for k, w in widths.items()
        if HEADERS[k] and k != "name"
    }
    spare = widths["name"] - math.ceil(widths["name"] * c.CONDENSED)
    out = dict(widths)
    for k, more in need.items():
        give = min(more, spare)
        if give > 0:
            out[k] += give
            out["name"] -= give
            spare -= give
    return out


def _most_vehicles(state: MetroState) -> int:
    """The most vehicles one line has on the map (2 with an Osaka pair), at least 1."""
    counts: dict[str, int] = {}
    for vehicle in state.trains:
        counts[vehicle.line] = counts.get(vehicle.line, 0) + 1
    return max(counts.values(), default=1)


def _spread(fnt: pygame.font.Font, widths: dict[str, int], room: int, gap: int) -> dict[str, int]:
    """The room left given first to headers wider than their column, then to all alike."""
    spare = room - sum(widths.values()) - gap * (len(widths) - 1)
    for k in widths:
        want = fnt.size(_(HEADERS[k]))[0] - widths[k] if HEADERS[k] else 0
        if spare > 0 and want > 0:
            add = min(want, spare)
            widths[k] += add
            spare -= add
    if spare > 0:
        for k in widths:
            widths[k] += spare // len(widths)
    return widths


def _header(fnt: pygame.font.Font, key: str, width: int) -> str:
    """The column's header, its short form if the whole does not fit (narrowed)."""
    title = _(HEADERS[key])
    if not c.fits_condensed(fnt, title, width) and key in SHORT:
        title = _(SHORT[key])
    return title


def _shares_w(fnt: pygame.font.Font, slots: int, holders: tuple[str, ...], h: int) -> int:
    held = [_chip_w(fnt, color_letter(p) + str(n + 1), h) for n, p in enumerate(holders)]
    return sum(held) + h * (slots - len(holders)) + 4 * slots


def _discs_w(rules: MetroRules, h: int) -> int:
    """The disc spaces' cell in a row of cells `h` high: up to four rings, two by two."""
    return h * 3 // 4 + 2 if any(line.slots for line in rules.board.lines.values()) else 0


def _arrow_w(h: int) -> int:
    """The room a train's direction arrow takes after its stop."""
    return h * 3 // 4


def _draw_discs(
    layer: pygame.Surface, rules: MetroRules, state: MetroState, lid: str, cell: pygame.Rect
) -> None:
    """A line's 1-4 disc spaces, two by two as on the board: a ring for a free one, a white
    dot for a speed token, the player's colour for a speculation."""
    ls = state.lines[lid]
    taken: list[RGB] = [SPEED_DISC] * ls.speed + [rgb(s.player) for s in ls.speculations]
    radius = max(4, (cell.width - 2) // 4)  # rings two by two, just apart
    for n in range(rules.board.lines[lid].slots):
        col, row = n % 2, n // 2
        at = (cell.x + cell.width * (1 + 2 * col) // 4, cell.y + cell.height * (1 + 2 * row) // 4)
        if n < len(taken):
            pygame.draw.circle(layer, taken[n], at, radius)
        else:
            pygame.draw.circle(layer, EMPTY_SLOT, at, radius, width=2)


def _specs_w(fnt: pygame.font.Font, specs: Any, h: int) -> int:
    return sum(
        _chip_w(fnt, color_letter(s.player), h) + 3 + fnt.size(f"{s.stake:,}")[0] + 6 for s in specs
    )


def _pair(rules: MetroRules, value: int) -> str:
    larger, smaller = rules.track.pair(value)
    return f"{larger:,}/{smaller:,}"


def draw_track(
    layer: pygame.Surface,
    theme: Any,
    rules: MetroRules,
    state: MetroState,
    at: Layout,
    last_round: int | None,
    phase: tuple[str, str | None],
    names: TableNames = NOBODY,
) -> int:
    """Draw the table under the round, the table's phase and whose turn it is (`phase`: its
    label and the player's colour); returns where the title line ends (the camera's status
    goes after)."""
    w, _h = layer.get_size()
    m = theme.margin
    fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
    accent = c.theme_color(theme, "accent")
    medium, fnt = c.font(theme, "medium"), c.font(theme, "read")
    rnd = _("Round {n}").format(n=state.round) + (f" / {last_round}" if last_round else "")
    r = c.blit_text(layer, medium, rnd, accent, (m, m))
    label, turn = phase
    title_right = c.blit_text(
        layer, medium, label, fg, (r.right + 2 * m, r.centery), "midleft"
    ).right
    if turn is not None:
        x = title_right + 2 * m
        t = c.blit_text(layer, medium, _("Turn:"), fg, (x, r.centery), "midleft")
        h = medium.get_linesize()
        chip = c.player_chip(layer, medium, turn, (t.right + 6, r.centery - h // 2), h)
        title_right = chip.right
        name = names.short(turn)
        if chip.right + 6 + medium.size(name)[0] <= w - m:
            pos = (chip.right + 6, r.centery)
            title_right = c.blit_text(layer, medium, name, fg, pos, "midleft").right
        else:
            c.textlog.left_out(name, "the income track's title (whose turn)")
    x, y = m, r.bottom + 2
    line_h = fnt.get_linesize()
    for color, _letter, info in _cash_items(state, names):
        need = _chip_w(fnt, _letter, line_h - 4) + 6 + fnt.size(info)[0]
        if x > m and x + need > w - m:
            x, y = m, y + line_h
        chip = c.player_chip(layer, fnt, color, (x, y + 2), line_h - 4)
        info_r = c.blit_text(layer, fnt, info, fg, (chip.right + 6, chip.centery), "midleft")
        x = info_r.right + 3 * m
    gap = max(6, m * 3 // 4)
    cell_h = at.row_h - 4
    widths, most = _widths(fnt, rules, state, cell_h, w - m, gap)
    for key, column in DROPPED.items():
        if key not in widths and (key != "discs" or _discs_w(rules, cell_h)):
            c.textlog.left_out(_(HEADERS[key]) or key, f"the income track's {column}")
    lefts: dict[str, int] = {}
    x = m // 2
    for key, width in widths.items():
        lefts[key] = x
        x += width + gap
    for key, width in widths.items():
        if HEADERS[key]:
            title = _header(fnt, key, width)
            c.blit_condensed(layer, fnt, title, muted, (lefts[key], at.head), "topleft", width)
    line_ids = list(rules.board.lines)
    for i, lid in enumerate(line_ids[at.first : at.first + at.rows]):
        y = at.top + i * at.row_h
        if (at.first + i) % 2:
            pygame.draw.rect(layer, STRIPE, (0, y, w, at.row_h))
        row = pygame.Rect(0, y, w, at.row_h)
        _draw_row(layer, theme, rules, state, lid, row, lefts, widths, most)
    if at.first > 0:
        c.arrow(layer, "up", (w - m - 6, at.top - line_h // 2), 12, accent)
    if at.first + at.rows < len(line_ids):
        c.arrow(layer, "down", (w - m - 6, at.top + at.rows * at.row_h - 8), 12, accent)
    return title_right


def _draw_row(
    layer: pygame.Surface,
    theme: Any,
    rules: MetroRules,
    state: MetroState,
    lid: str,
    row: pygame.Rect,
    lefts: dict[str, int],
    widths: dict[str, int],
    most: int | None,
) -> None:
    fg, muted = c.theme_color(theme, "foreground"), c.theme_color(theme, "muted")
    fnt = c.font(theme, "read")
    line, ls = rules.board.lines[lid], state.lines[lid]
    cy, cell_h, top = row.centery, row.height - 4, row.y + 2
    c.line_badge(layer, fnt, rules, lid, pygame.Rect(lefts["badge"], top, cell_h, cell_h))
    if "name" in lefts:
        pos = (lefts["name"], cy)
        c.blit_condensed(layer, fnt, line.name, fg, pos, "midleft", widths["name"])
    value_right = lefts["value"] + widths["value"]
    c.blit_text(layer, fnt, c.yen(ls.value), fg, (value_right, cy), "midright")
    if "pair" in lefts:
        c.blit_text(layer, fnt, _pair(rules, ls.value), muted, (lefts["pair"], cy), "midleft")
    x = lefts["shares"]
    for n in range(line.shares):
        if n < len(ls.shares):
            x = c.player_chip(layer, fnt, ls.shares[n], (x, top), cell_h, str(n + 1)).right + 4
        else:
            pygame.draw.rect(layer, EMPTY_SLOT, (x, top, cell_h, cell_h), width=2, border_radius=4)
            x += cell_h + 4
    speed = f"+{ls.speed}" if ls.speed else ""
    if speed and "speed" in lefts:
        c.blit_text(layer, fnt, speed, fg, (lefts["speed"], cy), "midleft")
    x = lefts.get("specs", 0)  # absent while nobody has speculated
    for spec in ls.speculations[:most]:
        chip = c.player_chip(layer, fnt, spec.player, (x, top), cell_h)
        stake = f"{spec.stake:,}"
        x = c.blit_text(layer, fnt, stake, fg, (chip.right + 3, cy), "midleft").right + 6
    hidden = len(ls.speculations) - len(ls.speculations[:most])
    if hidden:
        c.blit_text(layer, fnt, f"+{hidden}", muted, (x, cy), "midleft")
    if "discs" in lefts:
        cell = pygame.Rect(lefts["discs"], top, _discs_w(rules, cell_h), cell_h)
        _draw_discs(layer, rules, state, lid, cell)
    if "train" not in lefts:
        return
    vehicles = state.vehicles_of(lid)
    if not vehicles:
        c.blit_text(layer, fnt, "–", muted, (lefts["train"], cy), "midleft")
        return
    x = lefts["train"]
    for n, vehicle in enumerate(vehicles):  # an Osaka pair: "P1 ▶ 10 ◀", each with its arrow
        train = state.trains[vehicle]
        where = f"{lid}{train.stop}" if n == 0 else str(train.stop)
        tr = c.blit_text(layer, fnt, where, fg, (x, cy), "midleft")
        direction = "right" if train.direction > 0 else "left"
        c.arrow(layer, direction, (tr.right + _arrow_w(cell_h) // 2, cy), cell_h // 2, muted)
        x = tr.right + _arrow_w(cell_h)
    if speed and "speed" not in lefts:
        c.blit_text(layer, fnt, speed, fg, (x + SPEED_GAP, cy), "midleft")
