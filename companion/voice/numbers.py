"""Whole numbers as words in Spanish, French and English, as a speaker reads them aloud.

`number_words(200, "es")` is "doscientos"; `before_noun=True` gives the form that goes before a
masculine noun ("un yen", "veintiún yenes"). Covers 0 to 999,999,999, enough for every amount,
count and second the games announce; a negative number is read with "minus" in front.
"""

from __future__ import annotations

from collections.abc import Callable

LIMIT = 10**9


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_EN_ONES = _words(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
)
_EN_TENS = _words("_ _ twenty thirty forty fifty sixty seventy eighty ninety")
_ES_ONES = _words(
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
    "dieciséis diecisiete dieciocho diecinueve veinte veintiuno veintidós veintitrés "
    "veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve"
)
_ES_TENS = _words("_ _ veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa")
_ES_HUNDREDS = _words(
    "_ ciento doscientos trescientos cuatrocientos quinientos seiscientos setecientos "
    "ochocientos novecientos"
)
_FR_ONES = _words(
    "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
    "seize dix-sept dix-huit dix-neuf"
)
_FR_TENS = _words("_ _ vingt trente quarante cinquante soixante soixante quatre-vingt quatre-vingt")

_MINUS = {"es": "menos", "fr": "moins", "en": "minus"}
Words = Callable[[int], str]


def _grouped(n: int, zero: str, millions: Words, thousands: Words, units: Words) -> str:
    """`n` read as its millions, thousands and units, each group said by its function."""
    if n == 0:
        return zero
    m, rest = divmod(n, 10**6)
    t, u = divmod(rest, 1000)
    parts = [millions(m) if m else "", thousands(t) if t else "", units(u) if u else ""]
    return " ".join(part for part in parts if part)


def _en_below_1000(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    words = [f"{_EN_ONES[hundreds]} hundred"] if hundreds else []
    if rest:
        tens, ones = divmod(rest, 10)
        if rest < 20:
            words.append(_EN_ONES[rest])
        else:
            words.append(_EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else ""))
    return " ".join(words)


def _en(n: int) -> str:
    return _grouped(
        n,
        _EN_ONES[0],
        lambda m: f"{_en_below_1000(m)} million",
        lambda t: f"{_en_below_1000(t)} thousand",
        _en_below_1000,
    )


def _es_below_1000(n: int) -> str:
    if n == 100:
        return "cien"
    hundreds, rest = divmod(n, 100)
    words = [_ES_HUNDREDS[hundreds]] if hundreds else []
    if rest:
        if rest < 30:
            words.append(_ES_ONES[rest])
        else:
            tens, ones = divmod(rest, 10)
            words.append(_ES_TENS[tens] + (f" y {_ES_ONES[ones]}" if ones else ""))
    return " ".join(words)


def _es_apocope(words: str) -> str:
    """The form before a masculine noun (also "mil", "millones"): uno -> un, veintiuno ->
    veintiún."""
    if words.endswith("veintiuno"):
        return words[: -len("veintiuno")] + "veintiún"
    if words == "uno" or words.endswith(" uno"):
        return words[:-1]
    return words


def _es(n: int) -> str:
    return _grouped(
        n,
        _ES_ONES[0],
        lambda m: "un millón" if m == 1 else f"{_es_apocope(_es_below_1000(m))} millones",
        lambda t: "mil" if t == 1 else f"{_es_apocope(_es_below_1000(t))} mil",
        _es_below_1000,
    )


def _fr_below_100(n: int) -> str:
    if n < 20:
        return _FR_ONES[n]
    tens, ones = divmod(n, 10)
    if tens in (7, 9):
        ones += 10
    base = _FR_TENS[tens]
    if ones == 0:
        return base + ("s" if tens == 8 else "")
    if ones in (1, 11) and tens not in (8, 9):
        return f"{base} et {_FR_ONES[ones]}"
    return f"{base}-{_FR_ONES[ones]}"


def _fr_below_1000(n: int, final: bool) -> str:
    """`final`: nothing follows (only then do "cents" and "quatre-vingts" keep their s)."""
    hundreds, rest = divmod(n, 100)
    words = []
    if hundreds:
        cent = "cent" if hundreds == 1 else f"{_FR_ONES[hundreds]} cent"
        words.append(cent + ("s" if hundreds > 1 and rest == 0 and final else ""))
    if rest:
        tens = _fr_below_100(rest)
        words.append(tens[:-1] if rest == 80 and not final else tens)
    return " ".join(words)


def _fr(n: int) -> str:
    return _grouped(
        n,
        _FR_ONES[0],
        lambda m: f"{_fr_below_1000(m, True)} million" + ("s" if m > 1 else ""),
        lambda t: "mille" if t == 1 else f"{_fr_below_1000(t, False)} mille",
        lambda u: _fr_below_1000(u, True),
    )


_SPELL = {"es": _es, "fr": _fr, "en": _en}


def number_words(n: int, language: str, before_noun: bool = False) -> str:
    """`n` in words in `language` (es, fr or en)."""
    if language not in _SPELL:
        raise ValueError(f"no number words for language {language!r}")
    if not -LIMIT < n < LIMIT:
        raise ValueError(f"{n} is out of range for number words")
    if n < 0:
        return f"{_MINUS[language]} {number_words(-n, language, before_noun)}"
    words = _SPELL[language](n)
    return _es_apocope(words) if before_noun and language == "es" else words
