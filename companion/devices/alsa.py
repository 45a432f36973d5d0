"""Keep libasound's own error lines off the terminal while the mixer opens.

When no sound card answers, ALSA prints a dozen `ALSA lib ...` lines straight to file
descriptor 2 while SDL probes it; the box already reports the missing audio in one line of its
own (the sound status, `companion check`). They come from C, so Python's logging and sys.stderr
cannot stop them. ALSA's error-handler hook is no way out either: a Python callback there
deadlocks, because pygame opens the mixer holding the GIL while SDL's ALSA thread calls the
handler. So fd 2 is swapped for a file during the open and everything else is passed on.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from collections.abc import Iterator

log = logging.getLogger(__name__)
NOISE = (b"ALSA lib ",)


@contextlib.contextmanager
def quiet_alsa() -> Iterator[None]:
    """Run the body with fd 2 captured; write back every captured line that is not ALSA's."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as capture:
        os.dup2(capture.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            capture.seek(0)
            lines = capture.read().splitlines(keepends=True)
            kept = [line for line in lines if not line.startswith(NOISE)]
            if len(kept) < len(lines):
                log.debug("%d lines of ALSA messages hidden", len(lines) - len(kept))
            if kept:
                os.write(2, b"".join(kept))
