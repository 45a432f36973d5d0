"""The phone view: a small read-only web server on the box that follows the game live.

`bus.LiveBus` carries snapshots from the app (the session after each entry, the train-phase
playback) to the server; `server.make_app` is the Starlette app (pages, server-sent events,
downloads); `service.PhoneView` runs it with uvicorn in its own thread. Off unless
`[web] enabled = true`.
"""
