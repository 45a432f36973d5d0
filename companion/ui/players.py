"""Settings -> Players: the roster of names kept on the box, with a letter picker.

The picker is a grid of letters (the Spanish, French and English ones, accents included) that
the arrows move over: OK types the letter, BACK rubs out the last one (on an empty name it
leaves), the last row has space, rub out and Done. Names start with a capital; a letter after
a space or hyphen does too, the others are small.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.i18n import _
from companion.narrate import explain
from companion.roster import MAX_NAME, BadName, Player
from companion.ui.kit import (
    ListMenu,
    MenuScreen,
    Option,
    blit_text,
    confirm,
    draw_error,
    draw_title,
    hint_bar,
    hint_height,
    margin,
    theme_color,
)
from companion.ui.screen import Action, AppContext, Input, Screen

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÜÑÇÀÂÈÊËÎÏÔÙÛŒ-'"
SPACE, RUB_OUT, DONE = "space", "rub out", "done"
COLUMNS = 10
KEY_ROWS: tuple[tuple[str, ...], ...] = (
    *(tuple(LETTERS[i : i + COLUMNS]) for i in range(0, len(LETTERS), COLUMNS)),
    (SPACE, RUB_OUT, DONE),
)
"""The picker's rows: the letters ten a row, then space, rub out and Done, wide."""


def position(key: str) -> tuple[int, int]:
    """The (row, column) of a key on the picker."""
    return next((r, row.index(key)) for r, row in enumerate(KEY_ROWS) if key in row)


def typed(text: str, letter: str) -> str:
    """`text` with `letter` added: a capital first and after a space or hyphen."""
    capital = not text or text[-1] in " -"
    return text + (letter.upper() if capital else letter.lower())


class NameEntry(Screen):
    """Type a name with the arrows; `on_done(name)` may raise `BadName` (shown, the name stays
    to be corrected)."""

    name = "name-entry"

    def __init__(
        self, app: AppContext, title: str, on_done: Callable[[str], object], text: str = ""
    ) -> None:
        super().__init__(app)
        self.title = title
        self.on_done = on_done
        self.text = text
        self.cursor = (0, 0)
        """(row, column) in `KEY_ROWS`."""
        self.error = ""

    def key_label(self, key: str) -> str:
        if key == SPACE:
            return _("Space")
        if key == RUB_OUT:
            return "⌫"
        if key == DONE:
            return _("Done")
        return typed(self.text, key)[-1]

    @property
    def key(self) -> str:
        row, col = self.cursor
        return KEY_ROWS[row][col]

    def handle(self, event: Input) -> None:
        a = event.action
        row, col = self.cursor
        if a in (Action.LEFT, Action.RIGHT):
            col = (col + (1 if a is Action.RIGHT else -1)) % len(KEY_ROWS[row])
        elif a in (Action.UP, Action.DOWN):
            new = (row + (1 if a is Action.DOWN else -1)) % len(KEY_ROWS)
            # the same place across the screen: the wide keys of the last row span columns
            col = min(
                len(KEY_ROWS[new]) - 1, int((col + 0.5) * len(KEY_ROWS[new]) / len(KEY_ROWS[row]))
            )
            row = new
        elif a is Action.OK:
            self.press(self.key)
            return
        elif a is Action.BACK:
            if self.text:
                self.text = self.text[:-1]
                self.error = ""
            else:
                self.app.pop()
            return
        else:
            return
        self.cursor = (row, col)

    def press(self, key: str) -> None:
        self.error = ""
        if key == DONE:
            self.finish()
        elif key == RUB_OUT:
            self.text = self.text[:-1]
        elif len(self.text) >= MAX_NAME:
            self.app.play("error")
        elif key == SPACE:
            if self.text and not self.text.endswith(" "):
                self.text += " "
        else:
            self.text = typed(self.text, key)

    def finish(self) -> None:
        try:
            self.on_done(self.text.strip())
        except BadName as exc:
            self.error = explain(exc)
            self.app.play("error")
            return
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        theme = self.app.services.theme
        surface.fill(theme_color(theme, "background"))
        w, h = surface.get_size()
        m = margin(theme, surface)
        top = draw_title(surface, theme, self.title)
        big = theme.font("big")
        fg, accent = theme_color(theme, "foreground"), theme_color(theme, "accent")
        box = pygame.Rect(2 * m, top, w - 4 * m, big.get_linesize() + m)
        pygame.draw.rect(surface, theme_color(theme, "panel"), box, border_radius=m)
        blit_text(surface, big, self.text + "_", accent, (box.x + m, box.centery), "midleft")
        grid_top = box.bottom + m
        width = w - 4 * m
        cell_h = (h - hint_height(theme) - m - grid_top) // len(KEY_ROWS)
        fnt = theme.font("medium")
        for r, keys in enumerate(KEY_ROWS):
            cell_w = width // (COLUMNS if keys[0] in LETTERS else len(keys))
            for col, key in enumerate(keys):
                cell = pygame.Rect(2 * m + col * cell_w, grid_top + r * cell_h, cell_w, cell_h)
                cell.inflate_ip(-4, -4)
                chosen = (r, col) == self.cursor
                fill = theme_color(theme, "selected" if chosen else "panel")
                pygame.draw.rect(surface, fill, cell, border_radius=m // 2)
                if chosen:
                    pygame.draw.rect(surface, accent, cell, 3, border_radius=m // 2)
                blit_text(surface, fnt, self.key_label(key), fg, cell.center, "center", box=cell)
        hint_bar(
            surface,
            theme,
            [("lr", _("Letter")), ("ok", _("Type")), ("back", _("Rub out"))],
        )
        if self.error:
            draw_error(surface, theme, self.error)


class PlayersScreen(ListMenu):
    """The roster: add a player, or choose one to rename or remove."""

    name = "players"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, lambda: _("Players"))
        self.hint = lambda: _("OK: choose · Back: return")

    def enter(self) -> None:
        roster = self.app.services.roster
        self.items = [Option(lambda: _("Add a player"), on_ok=self.add)]
        self.items += [
            Option(p.name, on_ok=lambda p=p: self.player_menu(p))  # type: ignore[misc]
            for p in roster.players()
        ]
        self.index = min(self.index, len(self.items) - 1)

    def add(self) -> None:
        roster = self.app.services.roster
        self.app.push(NameEntry(self.app, _("New player's name"), roster.add))

    def player_menu(self, player: Player) -> None:
        app = self.app
        roster = app.services.roster

        def rename() -> None:
            app.pop()
            title = _("Rename {name}").format(name=player.name)
            app.push(NameEntry(app, title, lambda n: roster.rename(player.id, n), player.name))

        def remove() -> None:
            app.pop()
            question = _("Take {name} off the list? Their games stay in History.").format(
                name=player.name
            )
            confirm(app, question, lambda: roster.remove(player.id))

        items = [
            (Option(lambda: _("Rename")), rename),
            (Option(lambda: _("Remove")), remove),
        ]
        app.push(MenuScreen(app, player.name, items))
