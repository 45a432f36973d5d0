import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def english_after_each_test():
    """The screen language is process-wide: a test that switches it (the random-press test
    ends in whatever language it clicked) must not leak it into the next test."""
    yield
    from companion import i18n

    i18n.set_language("en")


@pytest.fixture(scope="session")
def mini_rules():
    from companion.data import load_rules

    return load_rules(str(DATA / "mini.toml"))
