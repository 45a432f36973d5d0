"""The camera: reads meeples and station pyramids from photos of the board (docs/vision.md).

Modules (import what you need; only `model`, `proposals` and `tracker` are free of OpenCV):

- `sources`: frame sources (`open_source(spec)`, `CameraError`)
- `markers`: marker layout, printable sheet, `Locator` (board homography)
- `calibrate`: empty-board reference, colour learning, light warnings (`Calibration`)
- `reader`: `Reader(board, layout, reference, colors).read(frame) -> Reading`
- `tracker`: `Tracker` (accept a reading stable for N frames)
- `service`: `CameraService` (background thread, status, latest accepted reading)
- `proposals`: `proposals(reading, state, board=...)`, `meeples_touching`, `reconcile`
- `render`, `scenes`, `demo`: the synthetic camera, test sets, the demo's camera
"""
