"""Places the refinement cannot vouch for: a large shift with no printed line matched near."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.refine import refine, untrusted
from artsheets.scanner.template import PX_PER_MM, Template, template_for

from .simulator import sheet_for

CUT_MM = (150.0, 45.0)  # the top-right corner beyond x, above y is out of the photo


def _photo(tpl: Template, corner_mm: float) -> tuple[np.ndarray, np.ndarray]:
    """The sheet's template as three markers alone place it: the page right where they are,
    the top-right corner ``corner_mm`` off (growing towards it, as a homography's error
    does), that corner beyond the photo's edge (black, and outside the mask)."""
    h, w = tpl.gray.shape
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    off = corner_mm * PX_PER_MM * (xs / w) ** 2 * (1 - ys / h) ** 2
    gray = cv2.remap(tpl.gray, xs - off, ys + 0.5 * off, cv2.INTER_LINEAR, borderValue=255)
    cut = (xs > CUT_MM[0] * PX_PER_MM) & (ys < CUT_MM[1] * PX_PER_MM)
    gray[cut] = 0
    return cv2.cvtColor(gray, cv2.COLOR_GRAY2BGR), ~cut


@pytest.mark.parametrize("corner_mm", [12.0, 0.0])
def test_a_far_shift_no_tile_matched_near_sends_the_place_to_review(corner_mm: float) -> None:
    """Synch's grid of boxes (every box alike: a box off matches as well), its top-right
    corner cut off and, placed by three markers, up to 12 mm off. The boxes beside the cut
    corner are named untrusted, none far from it; nothing is when the page lies where the
    markers put it, cut corner and all."""
    tpl = template_for(sheet_for("synch").sheet_code)
    photo, inside = _photo(tpl, corner_mm)
    work, _, found = refine(photo, tpl, inside)
    named = untrusted(found, tpl.masks, work.shape[1])
    if not corner_mm:
        assert named == {}, named
        return
    w_mm = tpl.gray.shape[1] / PX_PER_MM
    near = {
        i
        for i, (x, y) in enumerate(tpl.masks.anchors / PX_PER_MM)
        if math.hypot(w_mm - x, y) < 60 and tpl.masks.regions[i].id.startswith("space")
    }
    assert near and near & set(named), (sorted(named), sorted(near))
    for i, shift in named.items():
        x, y = tpl.masks.anchors[i] / PX_PER_MM
        assert math.hypot(w_mm - x, y) < 150, (tpl.masks.regions[i].id, x, y)
        assert shift > ScannerConfig().untrusted_shift_mm
    assert untrusted(found, tpl.masks, work.shape[1], ScannerConfig(untrusted_shift_mm=1e9)) == {}
