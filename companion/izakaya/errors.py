"""The IZAKAYA core's refusal: what the rules forbid, as a sentence the screens translate."""

from __future__ import annotations


def N_(template: str) -> str:
    """Mark a refusal template for translation; the screens translate it (`narrate.explain`)."""
    return template


class IllegalMove(ValueError):
    """An event the rules do not allow now. `template` is an English sentence with
    {placeholders} filled from `params` (a player colour under "player")."""

    def __init__(self, field: str, template: str, **params: object) -> None:
        super().__init__(f"{field}: {template.format(**params)}")
        self.field = field
        self.template = template
        self.params = params
        self.message = template.format(**params)
