"""Yen as players read them: `¥2,000`, `-¥500`, `+¥200`; pure, for the cores and the screens.

With a translator (`companion.i18n._`) the language's own form is used ("2.000 ¥" in Spanish,
"2 000 ¥" in French: the Jutaku screens); without one, the rulebooks' `¥2,000` (Metro).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.i18n import N_

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


def yen(amount: int, tr: Translate = _same) -> str:
    """¥1,234; a negative amount is written -¥500 (the sign before the yen mark)."""
    sep = tr(N_("thousands separator"))
    sep = "," if sep == "thousands separator" else sep
    digits = f"{abs(amount):,}".replace(",", sep)
    return ("-" if amount < 0 else "") + tr(N_("¥{amount}")).format(amount=digits)


def signed_yen(amount: int) -> str:
    """+¥200 / -¥500: a change of cash or value."""
    return ("+" if amount >= 0 else "") + yen(amount)
