"""The table app: main loop and screen stack (`core`), inputs, services, saved game sessions.

`boot.build_app` puts them together from a `companion.config.Config`.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
