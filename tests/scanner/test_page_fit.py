"""The page's homography fitted to the printed drawing as a whole (three markers' placement)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.refine import refine
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for


def _off_at_far_corner(tpl_gray: np.ndarray, far_mm: float) -> np.ndarray:
    """A homography that keeps three corners of the page in place and moves the fourth (the
    top-right, as a cut-off marker 1 leaves it) ``far_mm`` right and down: three markers
    fix the perspective that poorly."""
    h, w = tpl_gray.shape
    d = far_mm * PX_PER_MM
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[0, 0], [w + d, d], [w, h], [0, h]])
    return cv2.getPerspectiveTransform(src, dst)


@pytest.mark.parametrize("fit", [True, False])
def test_a_far_corner_placed_a_box_off_is_found_by_the_page_fit(fit: bool) -> None:
    """Synch's grid of like boxes, its top-right corner 20 mm off (about a box, as three
    markers left it on a tuning photo): the tile passes lock onto the neighbouring boxes
    there; the page's homography fitted to every printed line puts it back within a
    millimetre, and without it, it stays far off."""
    tpl = template_for(sheet_for("synch").sheet_code)
    h, w = tpl.gray.shape
    H = _off_at_far_corner(tpl.gray, 20.0)
    # The rectified image shows the template where H puts it: pixel x holds template H^-1 x.
    work = cv2.cvtColor(
        cv2.warpPerspective(tpl.gray, H, (w, h), borderValue=255), cv2.COLOR_GRAY2BGR
    )
    _, _, found = refine(work, tpl, config=ScannerConfig(), fit_page=fit)
    assert found.field is not None
    # The template point at a grid cell is taken from cell + field: it should be H(cell).
    fh, fw = found.field.shape[:2]
    f = round(PX_PER_MM)
    ys, xs = np.mgrid[0:fh, 0:fw]
    cells = np.stack([xs * f + f / 2 - 0.5, ys * f + f / 2 - 0.5], axis=-1).astype(np.float64)
    truth = cv2.perspectiveTransform(cells.reshape(-1, 1, 2), H).reshape(fh, fw, 2)
    err = np.hypot(*np.moveaxis(cells + found.field - truth, -1, 0)) / PX_PER_MM
    # Inside the printed drawing (20 mm in from the page's edges: the margins hold nothing
    # to match), the top-right quarter where the shift is largest.
    quarter = err[20 : fh // 2, fw // 2 : fw - 20]
    assert (float(quarter.max()) < 1.0) == fit, float(quarter.max())


def test_the_page_fit_is_not_tried_where_the_tiles_match_the_markers_placement() -> None:
    """Where the tiles match the page as the markers placed it (here, a page placed right),
    the page is not re-fitted: the refinement is that of four markers, to the bit."""
    tpl = template_for(sheet_for("synch").sheet_code)
    work = cv2.cvtColor(tpl.gray, cv2.COLOR_GRAY2BGR)
    out_fit, _, fit = refine(work, tpl, config=ScannerConfig(), fit_page=True)
    out_not, _, not_fit = refine(work, tpl, config=ScannerConfig(), fit_page=False)
    assert np.array_equal(out_fit, out_not)
    assert (fit.tiles_used, fit.max_shift_mm) == (not_fit.tiles_used, not_fit.max_shift_mm)
