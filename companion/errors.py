"""Errors that reach the user as one clear line (file, field, what was expected) and exit 2."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path


class UserError(Exception):
    """Bad input from the user: a file, a field in it, and what was expected."""

    def __init__(self, message: str, file: str | Path | None = None, field: str = "") -> None:
        self.file = str(file) if file is not None else None
        self.field = field
        self.message = message
        super().__init__(self.line())

    def line(self) -> str:
        where = ": ".join(part for part in (self.file, self.field) if part)
        return f"{where}: {self.message}" if where else self.message


def reject_unknown(
    table: Iterable[str], known: Iterable[str], file: str | Path | None, section: str
) -> None:
    """Refuse the first setting of a config table that is not one of `known`, naming it
    (`section.name`; `section` "" for a file's top level) and the settings that are."""
    names = tuple(known)
    for name in table:
        if name not in names:
            where = f"{section}.{name}" if section else name
            raise UserError(f"unknown setting; known: {', '.join(names)}", file, where)
