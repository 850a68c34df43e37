"""The marker search stops once three markers of one sheet place the fourth out of the photo
(``registration._fourth_out_of_frame``): no further pass could find it there."""

from __future__ import annotations

import cv2
import numpy as np

from artsheets.generator.layout import PAGES
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.registration import (
    _fourth_out_of_frame,
    marker_corners_mm,
    page_markers,
)

PX_PER_MM = 5.0


def _seen(shift_px: float, drop: int = 2) -> list[tuple[int, np.ndarray]]:
    """An A4 sheet's markers in a photo, moved ``shift_px`` right, marker ``drop`` left out."""
    H = np.array([[PX_PER_MM, 0.4, shift_px], [0.1, PX_PER_MM, 40.0], [0.0, 2e-5, 1.0]])
    out = []
    for m in page_markers(PAGES["a4"]):
        if m.id != drop:
            mm = marker_corners_mm(m).reshape(-1, 1, 2)
            out.append((m.id, cv2.perspectiveTransform(mm, H).reshape(4, 2)))
    return out


SHAPE = (1600, 900)  # the page is about 1050 px wide at 5 px/mm: its right side is cut


def test_a_fourth_marker_placed_outside_the_photo_ends_the_search() -> None:
    assert _fourth_out_of_frame(_seen(10.0), SHAPE, DEFAULT)


def test_a_fourth_marker_placed_inside_the_photo_is_still_looked_for() -> None:
    # The bottom-left marker (id 3) lies inside: it may be under poor light, not missing.
    assert not _fourth_out_of_frame(_seen(10.0, drop=3), SHAPE, DEFAULT)
    assert not _fourth_out_of_frame(_seen(-20.0, drop=2), (1600, 1200), DEFAULT)


def test_a_fourth_marker_just_outside_is_still_looked_for() -> None:
    # Its centre predicted within ``marker_out_mm`` of the edge: the prediction from three
    # markers may be that far off, and the marker in the frame after all.
    (centre,) = [p.mean(axis=0) for i, p in _seen(0.0, drop=-1) if i == 2]
    near = int(centre[0]) - round(0.5 * DEFAULT.marker_out_mm * PX_PER_MM)
    far = int(centre[0]) - round(1.5 * DEFAULT.marker_out_mm * PX_PER_MM)
    assert not _fourth_out_of_frame(_seen(0.0), (1600, near), DEFAULT)
    assert _fourth_out_of_frame(_seen(0.0), (1600, far), DEFAULT)


def test_other_sheets_markers_keep_the_search_going() -> None:
    seen = _seen(10.0)
    stranger = (0, seen[0][1] + np.array([600.0, 900.0]))
    assert not _fourth_out_of_frame([*seen, stranger], SHAPE, DEFAULT)
    assert not _fourth_out_of_frame(seen[:2], SHAPE, DEFAULT)


def test_markers_that_fit_no_sheet_keep_the_search_going() -> None:
    # Three markers always fit some homography by their centres; a marker of another size
    # (a look-alike, or a marker of a sheet printed smaller) does not fit by its corners.
    seen = _seen(10.0)
    pts = seen[1][1]
    seen[1] = (seen[1][0], pts.mean(axis=0) + 3.0 * (pts - pts.mean(axis=0)))
    assert not _fourth_out_of_frame(seen, SHAPE, DEFAULT)
