"""Scenes with more than one sheet: the photo of one sheet with other printed sheets about it.

Built on the simulator's own steps (:func:`.simulator.colour_sheet`, the camera's placement
:func:`.simulator._camera_quad` and :func:`.simulator.photograph`): the other sheets are
coloured with finished games and laid on the table first, each where its own
:class:`Conditions` put it (partly out of the frame, smaller, turned); then the sheet the
photo is of is photographed on that table, so light, blur, noise and JPEG fall on all of them
alike. Each sheet's page-to-photo map is kept, so a test can tell which sheet a scan read.

For a benchmark condition ("other sheets in the frame"): make the table with
:func:`table_with_sheets` and pass it to ``photograph(..., table=...)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from artsheets.generator.layout import Layout

from .simulator import (
    PAGE_PX_PER_MM,
    Conditions,
    _camera_quad,
    _table,
    colour_sheet,
    finished_game,
    photograph,
    pick_pencils,
)

__all__ = ["Placed", "Scene", "compose", "table_with_sheets"]

# The other sheets are coloured at this resolution: finer than a scene's photo shows them (a
# sheet filling a 2000 x 1500 frame is about 4 pixels a mm), and cheaper than the simulator's.
SCENE_PX_PER_MM = 5.0


@dataclass(frozen=True)
class Placed:
    """A sheet in the scene: its layout, its true colours and where its page lies in the
    photo (``photo_from_page``: page mm -> photo pixels)."""

    layout: Layout
    colours: dict[str, int | None]
    photo_from_page: np.ndarray

    def where(self, point_mm: tuple[float, float]) -> np.ndarray:
        """Where page point ``point_mm`` lies in the photo (pixels)."""
        p = self.photo_from_page @ np.array([point_mm[0], point_mm[1], 1.0])
        return p[:2] / p[2]


@dataclass(frozen=True)
class Scene:
    """The photo (JPEG) and its sheets: ``sheets[0]`` the one the photo was taken of."""

    jpeg: bytes
    sheets: tuple[Placed, ...]

    @property
    def image(self) -> np.ndarray:
        return cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)


def _page_homography(page: np.ndarray, c: Conditions, ppm: float) -> np.ndarray:
    """Page pixels -> frame pixels for a page placed under ``c`` (as the simulator does)."""
    ph_px, pw_px = page.shape[:2]
    quad = _camera_quad((pw_px, ph_px), c, c.size)
    src = np.array([[0, 0], [pw_px, 0], [pw_px, ph_px], [0, ph_px]], np.float32) - 0.5
    return cv2.getPerspectiveTransform(src, quad)


def _mm_map(H_px: np.ndarray, ppm: float) -> np.ndarray:
    """Page mm -> frame pixels, from page pixels (centres at +0.5) -> frame pixels."""
    return H_px @ np.array([[ppm, 0, -0.5], [0, ppm, -0.5], [0, 0, 1.0]])


def table_with_sheets(
    size: tuple[int, int],
    sheets: Sequence[tuple[np.ndarray, Conditions]],
    rng: np.random.Generator,
    ppm: float = PAGE_PX_PER_MM,
) -> tuple[np.ndarray, list[np.ndarray]]:
    """A table top (linear BGR float32) with each (page, conditions) laid on it, later ones
    over earlier ones; and each page's page-mm -> frame map."""
    frame = _table(size, rng, True)
    maps = []
    for page, c in sheets:
        H = _page_homography(page, c, ppm)
        ph_px, pw_px = page.shape[:2]
        warped = cv2.warpPerspective(page, H, size, flags=cv2.INTER_AREA)
        alpha = cv2.warpPerspective(np.ones((ph_px, pw_px), np.float32), H, size)
        frame = frame * (1 - alpha[..., None]) + warped * alpha[..., None]
        maps.append(_mm_map(H, ppm))
    return frame.astype(np.float32), maps


def compose(
    main: Layout,
    main_conditions: Conditions,
    others: Sequence[tuple[Layout, Conditions]],
    seed: int,
    colours: dict[str, int | None] | None = None,
) -> Scene:
    """A photo of ``main`` under ``main_conditions`` with ``others`` (each coloured with a
    finished game, placed by its own conditions) on the table around or under it.

    ``colours`` overrides the main sheet's (a blank sheet: every region None). The other
    sheets lie flat; the main sheet's page-to-photo map is exact when it does too
    (``curl_mm`` 0), otherwise off by about its curl."""
    rng = np.random.default_rng(seed)
    size = main_conditions.size
    laid = []
    placed_others = []
    for layout, c in others:
        truth, _ = finished_game(layout, rng)
        pencils = pick_pencils(sum(1 for r in layout.regions if r.kind == "key"), rng)
        page = colour_sheet(layout, truth, pencils, rng, SCENE_PX_PER_MM)
        laid.append((page, Conditions(**{**c.__dict__, "size": size, "curl_mm": 0.0})))
        placed_others.append((layout, truth))
    table, maps = table_with_sheets(size, laid, rng, SCENE_PX_PER_MM)
    if colours is None:
        colours, _ = finished_game(main, rng)
    pencils = pick_pencils(sum(1 for r in main.regions if r.kind == "key"), rng)
    # The simulator's resolution: its camera places a cut-off corner by it.
    page = colour_sheet(main, colours, pencils, rng)
    c = main_conditions
    main_map = _mm_map(_page_homography(page, c, PAGE_PX_PER_MM), PAGE_PX_PER_MM)
    frame = photograph(page, PAGE_PX_PER_MM, c, rng, table=table)
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, c.jpeg_quality])
    assert ok
    sheets = [Placed(main, dict(colours), main_map)]
    sheets += [Placed(lay, truth, m) for (lay, truth), m in zip(placed_others, maps, strict=True)]
    return Scene(buf.tobytes(), tuple(sheets))
