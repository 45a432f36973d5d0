import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def mini_rules():
    from companion.data import load_rules

    return load_rules(str(DATA / "mini.toml"))
