from companion import i18n
from companion.i18n import LANGUAGES, load_catalog, parse_po, source_strings


def test_every_screen_string_exists_in_every_language():
    wanted = {text: f"{path.name}:{line}" for path, line, text in source_strings()}
    for lang in LANGUAGES:
        catalog = load_catalog(lang)
        gaps = [f"{where} {text!r}" for text, where in wanted.items() if text not in catalog]
        assert not gaps, f"{lang} lacks {len(gaps)} strings: {gaps[:10]}"


def test_po_parser_handles_multiline_escapes_and_fuzzy():
    text = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Train phase"\nmsgstr "Fase de trenes"\n\n'
        'msgid "Say \\"hi\\""\nmsgstr ""\n"Di "\n"\\"hola\\""\n\n'
        '#, fuzzy\nmsgid "Undo"\nmsgstr "Deshacer"\n'
    )
    assert parse_po(text) == {"Train phase": "Fase de trenes", 'Say "hi"': 'Di "hola"'}


def test_switching_language_takes_effect_at_once(tmp_path, monkeypatch):
    (tmp_path / "es").mkdir()
    (tmp_path / "es" / "x.po").write_text('msgid "Undo"\nmsgstr "Deshacer"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})
    monkeypatch.setattr(i18n, "load_catalog", lambda lang: load_catalog(lang, tmp_path))
    i18n.set_language("es")
    try:
        assert i18n._("Undo") == "Deshacer"
        i18n.set_language("en")
        assert i18n._("Undo") == "Undo"
    finally:
        i18n.set_language("en")


def test_no_player_mark_is_a_line_letter_on_either_map():
    """ "G" must never be read as Green or the Ginza line: no colour mark equals a line letter of
    the Tokyo map or of Osaka's, in any language, and the Jutaku rows use the same marks."""
    from companion.colors import LINE_LETTERS, PLAYER_COLORS, color_letter
    from companion.data import load_rules
    from companion.jutaku import countdown as C
    from companion.jutaku.players import default_seats
    from companion.jutaku.views import countdown_view

    tokyo = set(load_rules("tokyo").board.lines)
    assert tokyo <= LINE_LETTERS and {"K", "P", "B"} <= LINE_LETTERS
    seats = default_seats(8, architects=False)
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            marks = [color_letter(c) for c in PLAYER_COLORS]
            clashes = [m for m in marks if m.upper() in LINE_LETTERS]
            assert not clashes, (lang, clashes)
            rows = countdown_view(C.new_game(seats), 0.0, i18n._).rows
            assert [r.letter for r in rows] == [color_letter(s.color) for s in seats]
    finally:
        i18n.set_language("en")


def test_colour_letters_are_unique_in_every_language():
    from companion.colors import PLAYER_COLORS, color_letter

    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            letters = [color_letter(c) for c in PLAYER_COLORS]
            assert len(set(letters)) == len(letters), (lang, letters)
    finally:
        i18n.set_language("en")
