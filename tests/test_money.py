"""One yen format for every screen and the terminal: the sign goes before the yen mark."""

from hypothesis import given
from hypothesis import strategies as st

from companion.i18n import _, set_language
from companion.money import signed_yen, yen


def test_yen_as_the_rulebooks_print_it():
    assert yen(2000) == "¥2,000"
    assert yen(0) == "¥0"
    assert yen(-500) == "-¥500"
    assert yen(-1_234_500) == "-¥1,234,500"


def test_signed_yen_shows_the_change():
    assert signed_yen(200) == "+¥200"
    assert signed_yen(0) == "+¥0"
    assert signed_yen(-1500) == "-¥1,500"


def test_the_translated_form_keeps_the_sign_in_front():
    set_language("es")
    try:
        assert yen(14000, _) == "14.000 ¥"
        assert yen(-500, _) == "-500 ¥"
    finally:
        set_language("en")


def test_one_form_per_language_in_every_game():
    """Metro's screens (no translator) and Jutaku's (with one) write the same amount alike."""
    expected = {"en": "¥2,000", "es": "2.000 ¥", "fr": "2\u202f000 ¥"}
    try:
        for lang, text in expected.items():
            set_language(lang)
            assert yen(2000) == yen(2000, _) == text
            assert signed_yen(-1500).startswith("-") and signed_yen(200).startswith("+")
    finally:
        set_language("en")


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_a_negative_amount_is_the_positive_one_with_a_minus(amount):
    assert yen(-abs(amount)) == ("-" if amount else "") + yen(abs(amount))
    assert int(yen(amount).lstrip("-¥").replace(",", "")) == abs(amount)
