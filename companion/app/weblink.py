"""The phone view as the app sees it: publishes the open game to the bus and runs the server.

The session calls `changed` after every entry (one of its `listeners`), the train screen's
playback reaches `playback` through `Services.led_update` each frame; both only build a
`Snapshot` of references to immutable state and hand it to the bus, so the screen never waits
for a phone.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.app.session import GameSession, MetroSession
from companion.i18n import translations
from companion.metro.steps import Paid, Step
from companion.names import table_names
from companion.ui.services import PhaseView
from companion.web.bus import LiveBus, PhaseFrame, Snapshot
from companion.web.config import WebConfig

log = logging.getLogger(__name__)


def lan_address() -> str:
    """The box's address on its network: the source address of a route out (a UDP socket's
    connect sends nothing), else the loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


class WebLink:
    def __init__(
        self,
        config: WebConfig,
        data_dir: Path,
        clock: Callable[[], float],
        language: Callable[[], str],
    ) -> None:
        self.config = config
        self.bus = LiveBus(clock)
        self.language = language
        self.error = ""
        """Why the server is not running although enabled (a busy port), for Settings."""
        self._data_dir = data_dir
        self._view: Any = None
        self._session: GameSession[Any, Any] | None = None
        self._steps: tuple[Step, ...] = ()
        self._payouts: tuple[Paid, ...] = ()
        self._frame: PhaseFrame | None = None
        self._shown_key: tuple[int, int, bool] | None = None

    @property
    def enabled(self) -> bool:
        return self.config.enabled

    def url(self) -> str:
        host = self.config.host
        if host in ("0.0.0.0", "::"):
            host = lan_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/"

    @property
    def running(self) -> bool:
        return self._view is not None and self._view.running

    @property
    def port(self) -> int:
        return int(self._view.port) if self._view is not None else self.config.port

    def start(self) -> None:
        """Start the server when `[web] enabled`; a port that cannot be had is kept in `error`."""
        if not self.config.enabled or self.running:
            return
        from companion.web.service import PhoneView

        self._view = PhoneView(self.config, self.bus, self._data_dir)
        try:
            self._view.start()
            self.error = ""
            self.publish()
        except OSError as exc:
            self._view = None
            self.error = f"{self.config.host}:{self.config.port}: {exc.strerror or exc}"
            log.warning("phone view not started: %s", self.error)

    def close(self) -> None:
        if self._view is not None:
            self._view.stop()
            self._view = None

    # --- what the app feeds in ------------------------------------------------------------------

    def follow(self, session: GameSession[Any, Any]) -> None:
        """`session` is now the open game: publish it, and after each of its entries."""
        if self._session is not None and self.changed in self._session.listeners:
            self._session.listeners.remove(self.changed)
        self._session = session
        self._steps, self._payouts, self._frame, self._shown_key = (), (), None, None
        if self.changed not in session.listeners:
            session.listeners.append(self.changed)
        self.changed(session)

    def changed(self, session: GameSession[Any, Any]) -> None:
        if session is not self._session:
            return
        if isinstance(session, MetroSession):
            phase = session.phase
            if phase is not None:
                self._steps = phase.steps
            elif self._steps:
                self._payouts = tuple(s for s in self._steps if isinstance(s, Paid))
                self._steps, self._frame, self._shown_key = (), None, None
        self.publish()

    def playback(self, view: PhaseView, shown: int | None = None) -> None:
        """A frame of the train phase on screen: the steps shown so far."""
        count = view.acked if shown is None else shown
        key = (len(view.steps), count, view.pending is not None)
        if key == self._shown_key:
            return
        self._shown_key = key
        self._frame = PhaseFrame(view.state, view.steps, count, view.pending)
        self.publish()

    def publish(self) -> None:
        session = self._session
        if session is None:
            self.bus.publish(Snapshot(language=self.language()))
            return
        language = self.language()
        result = tuple(session.result(translations(language).gettext)) if session.finished else ()
        snapshot = Snapshot(
            kind=session.KIND,
            game_id=session.game_id,
            state=session.state,
            finished=session.finished,
            language=language,
            result=result,
            names=table_names(session.setup).chosen,
        )
        if isinstance(session, MetroSession):
            frame = self._frame if session.phase is not None else None
            payouts = self._payouts
            if frame is not None:
                payouts = tuple(s for s in frame.steps[: frame.shown] if isinstance(s, Paid))
            snapshot = replace(
                snapshot,
                rules=session.rules,
                phase=frame,
                payouts=payouts,
                history=session.value_history(),
            )
        self.bus.publish(snapshot)
