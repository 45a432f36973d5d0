"""Yen as players read them, one way in each language for every game; pure.

English writes `¥2,000` (the rulebooks' form), Spanish `2.000 ¥`, French `2 000 ¥` (a narrow
no-break space); a negative amount puts the sign first (`-¥500`, `-500 ¥`), a change has `+`.
The form comes from the catalogues ("¥{amount}" and "thousands separator"): without a
translator the current language's (`companion.i18n`), so Metro, Jutaku, the narration and the
command line all agree.
"""

from __future__ import annotations

from collections.abc import Callable

from companion import i18n
from companion.i18n import N_

Translate = Callable[[str], str]


def yen(amount: int, tr: Translate | None = None) -> str:
    """¥1,234 in the language of `tr` (default: the current language)."""
    tr = tr or i18n._
    sep = tr(N_("thousands separator"))
    sep = "," if sep == "thousands separator" else sep
    digits = f"{abs(amount):,}".replace(",", sep)
    return ("-" if amount < 0 else "") + tr(N_("¥{amount}")).format(amount=digits)


def signed_yen(amount: int, tr: Translate | None = None) -> str:
    """+¥200 / -¥500: a change of cash or value."""
    return ("+" if amount >= 0 else "") + yen(amount, tr)
