"""Screens' spoken announcements: the phrase is built and queued here, and a failure is only
logged, because a game never stops for its voice (`companion.voice.phrases` has the words)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from companion.ui.screen import AppContext

log = logging.getLogger(__name__)


def announce(app: AppContext, phrase: Callable[[], str | None], interrupt: bool = False) -> None:
    """Say `phrase()` when announcements are on; returns at once (the voice has a queue)."""
    try:
        text = phrase()
        if text:
            app.services.voice.say(text, interrupt)
    except Exception:
        log.exception("spoken announcement failed")
