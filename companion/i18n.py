"""Translations: every string on the screen goes through `_()` (gettext).

Catalogues are gettext `.po` files under `companion/locale/<lang>/`, one file per part of the
app (`app.po`, `metro.po`, `jutaku.po`, ...) so parts can be translated independently; all files
of a language are merged. They are parsed at start-up (a few hundred strings, a few ms), which
spares a build step and keeps `.mo` binaries out of the repository. Source strings are English.
Switching language takes effect at once: `_()` always looks up the current language.
"""

from __future__ import annotations

import ast
import gettext
from collections.abc import Iterator
from pathlib import Path

LANGUAGES = ("es", "fr", "en")
LANGUAGE_NAMES = {"es": "Español", "fr": "Français", "en": "English"}
LOCALE_DIR = Path(__file__).parent / "locale"


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def parse_po(text: str) -> dict[str, str]:
    """msgid -> msgstr for every entry with a non-empty msgstr (fuzzy entries skipped)."""
    catalog: dict[str, str] = {}
    msgid: list[str] = []
    msgstr: list[str] = []
    target: list[str] | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal fuzzy
        key, value = "".join(msgid), "".join(msgstr)
        if key and value and not fuzzy:
            catalog[key] = value
        msgid.clear()
        msgstr.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("msgid "):
            if msgid or msgstr:
                saved = fuzzy
                flush()
                fuzzy = saved
            msgid.append(_unquote(line[6:]))
            target = msgid
        elif line.startswith("msgstr "):
            msgstr.append(_unquote(line[7:]))
            target = msgstr
        elif line.startswith('"') and target is not None:
            target.append(_unquote(line))
        elif not line:
            if msgid or msgstr:
                flush()
            target = None
    if msgid or msgstr:
        flush()
    return catalog


def load_catalog(language: str, locale_dir: Path = LOCALE_DIR) -> dict[str, str]:
    catalog: dict[str, str] = {}
    for po in sorted((locale_dir / language).glob("*.po")):
        catalog.update(parse_po(po.read_text(encoding="utf-8")))
    return catalog


class _Translations(gettext.NullTranslations):
    def __init__(self, catalog: dict[str, str]) -> None:
        super().__init__()
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        return self._catalog.get(message, message)


_current = "en"
_translations: dict[str, gettext.NullTranslations] = {}


def set_language(language: str) -> None:
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    _current = language


def language() -> str:
    return _current


def translations(lang: str | None = None) -> gettext.NullTranslations:
    lang = lang or _current
    if lang not in _translations:
        _translations[lang] = _Translations(load_catalog(lang))
    return _translations[lang]


def _(message: str) -> str:
    """Translate into the current language (English source strings)."""
    return translations().gettext(message)


def N_(message: str) -> str:
    """Mark a string for translation without translating it yet (for tables built at import)."""
    return message


def source_strings(root: Path = Path(__file__).parent) -> Iterator[tuple[Path, int, str]]:
    """Every literal passed to `_()` or `N_()` in the package: (file, line, string)."""
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("_", "N_")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                yield path, node.lineno, node.args[0].value
