"""A phone view over a real saved Metro game, for the web tests: the app's `WebLink` with its
server on 127.0.0.1 (a free port), fed by the real session as the app feeds it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.app.session import MetroSession
from companion.app.weblink import WebLink
from companion.store import Store
from companion.web.config import WebConfig


@contextmanager
def phone_view(
    folder: Path, port: int = 0, language: str = "en"
) -> Iterator[tuple[WebLink, MetroSession]]:
    store = Store.open(folder)
    session = MetroSession.start(store, {"map_name": "tokyo", "colors": ["red", "blue", "yellow"]})
    link = WebLink(
        WebConfig(enabled=True, host="127.0.0.1", port=port),
        folder,
        time.monotonic,
        lambda: language,
    )
    link.start()
    assert link.running, link.error
    link.follow(session)
    assert link._view.wait_started()
    try:
        yield link, session
    finally:
        link.close()
        store.close()


def base_url(link: WebLink) -> str:
    return f"http://127.0.0.1:{link.port}"
