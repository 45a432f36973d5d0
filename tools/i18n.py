"""Keep the catalogues in step with the code.

    python tools/i18n.py missing        # list strings without a translation (exit 1 if any)
    python tools/i18n.py add FILE.po    # append entries for missing strings to FILE (es, fr, en)

Translators then fill the empty msgstr lines. English entries are written with msgstr equal to
the source, so "exists in en" is checked the same way as the other languages.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.i18n import LANGUAGES, LOCALE_DIR, load_catalog, source_strings


def missing() -> dict[str, list[str]]:
    wanted = {text: f"{path.name}:{line}" for path, line, text in source_strings()}
    out: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        catalog = load_catalog(lang)
        out[lang] = sorted(t for t in wanted if t not in catalog)
    return out


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("missing", "add"):
        print(__doc__)
        return 2
    gaps = missing()
    if argv[0] == "missing":
        for lang, texts in gaps.items():
            for text in texts:
                print(f"{lang}: {text!r}")
        return 1 if any(gaps.values()) else 0
    name = argv[1] if len(argv) > 1 else "app.po"
    for lang, texts in gaps.items():
        path = LOCALE_DIR / lang / name
        with path.open("a", encoding="utf-8") as f:
            for text in texts:
                f.write(f"\nmsgid {_quote(text)}\nmsgstr {_quote(text if lang == 'en' else '')}\n")
        print(f"{path}: {len(texts)} entries added")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
