"""The owner's own board as the settings screens reach it: fitting the map from the camera,
saving it (and the income track) into the data directory, and going back to the defaults.

The photo comes from the configured camera; the demo's synthetic camera, and a box with
simulated devices, photograph a rendered "owner's board" instead: the default map printed
with its stations moved by up to 30 mm (`companion.vision.fitboards`), so the fit has work
to do. Saved files are checked and written atomically (`companion.data`); from then on
`load_map` and `load_rules` return them, so new games, the camera and the LED tools use them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion import data
from companion.errors import UserError
from companion.i18n import _
from companion.mapdraft import MapDraft, Photo
from companion.metro.track import IncomeTrack

if TYPE_CHECKING:
    import numpy as np

    from companion.metro.board import BoardMap

DEMO_BOARD_SEED = 17
"""The simulated owner's board: which printed board the synthetic camera photographs."""
REVIEW_PX_PER_MM = 1.0


class OwnerBoard:
    def __init__(self, camera: Callable[[], Any], simulated: bool = True) -> None:
        """`camera()`: the app's camera link now (None: no camera configured)."""
        self.camera = camera
        self.simulated = simulated

    def maps(self) -> list[str]:
        return data.available_maps()

    def map_name(self, map_id: str) -> str:
        return data.load_map(map_id).name

    def has_own_map(self, map_id: str) -> bool:
        return data.map_choice(map_id).owner

    def fit(self, map_id: str) -> MapDraft:
        """Take the photo and fit the map; UserError (translated) when there is no camera or
        the board's markers are not in view."""
        from companion.vision.fitmap import fit_map
        from companion.vision.markers import load_layout

        board = data.load_map(map_id)
        layout = load_layout(None, board.width_mm, board.height_mm)
        photo = self._photo(board, layout)
        try:
            fit = fit_map(board, layout, photo)
        except UserError:
            raise UserError(
                _("The board's markers are not in view: check the camera sees all four")
            ) from None
        found = {s.stop_id: (s.found, s.confidence) for s in fit.stops.values()}
        return MapDraft.from_fit(
            board, found, fit.grid.origin_mm, fit.grid.square_mm, _review_photo(fit.image)
        )

    def _photo(self, board: BoardMap, layout: Any) -> np.ndarray:
        link = self.camera()
        source = getattr(link, "source", None)
        if source == "synthetic" or (source is None and self.simulated):
            from companion.vision.fitboards import photograph, printed_board

            default = data.load_map(str(data.calibration_dir() / "maps" / f"{board.id}.toml"))
            printed = printed_board(default, DEMO_BOARD_SEED)
            return photograph(printed, layout, seed=1, lighting="daylight", pose="overhead").image
        if source is None:
            raise UserError(_("No camera: set [camera] source in the config file"))
        from companion.vision.fitmap import grab_frame

        link.close()  # the reading service holds the camera; it starts again with a game
        try:
            return grab_frame(source)
        except UserError:
            raise UserError(_("The camera gave no picture: check its cable")) from None

    def save_map(self, draft: MapDraft) -> None:
        original = data.map_path(draft.board.id).read_text(encoding="utf-8")
        data.save_owner_map(draft.board.id, draft.map_text(original))

    def reset_map(self, map_id: str) -> None:
        data.reset_owner_map(map_id)

    def track(self, map_id: str) -> IncomeTrack:
        return data.load_track(data.track_path(map_id))

    def has_own_track(self, map_id: str) -> bool:
        own = data.owner_track_file(map_id)
        return own is not None and data.track_path(map_id) == own

    def save_track(self, map_id: str, track: IncomeTrack) -> None:
        data.save_owner_track(map_id, track)

    def reset_track(self, map_id: str) -> None:
        data.reset_owner_track(map_id)


def _review_photo(image: np.ndarray) -> Photo:
    import cv2
    import numpy as np

    from companion.vision.fitmap import SCALE

    k = REVIEW_PX_PER_MM / SCALE
    small = cv2.resize(image, None, fx=k, fy=k, interpolation=cv2.INTER_AREA)
    rgb = np.ascontiguousarray(small[..., ::-1])
    return Photo(rgb.shape[1], rgb.shape[0], rgb.tobytes(), REVIEW_PX_PER_MM)
